"""Playing cards: the notation of the scoring API in, frozen values out.

Canonical text is rank then suit (`10H`, `AS`, `KD`; a printed joker is `JK`). The parser
also takes the friendly spellings a scorekeeper types or pastes: any letter case, `T` for
ten, the suit symbols (with or without an emoji variation selector) and spaces around the
card.

Cards typed in the table's words. A table in Pune or Manila says its cards in its own
words, and may type them so; the reader takes these words beside the notation:

- suits: hearts पान (paan, pan; Filipino puso), spades हुकुम/हुकम (hukum, hukam; espada),
  diamonds ईंट (eent, eet, int, it; diyamante, dyamante, diamante), clubs चिड़ी/चिडी
  (chidi, chiri, chidee, chiddi; trebol, treból, bulaklak), and the English names
  (hearts, spades, diamonds, clubs, or one heart…);
- ranks: ace इक्का/एक्का (ikka, ekka; alas), king बादशाह (badshah, badsha, baadshah;
  hari), queen बेगम (begum, begam; reyna, reina), jack ग़ुलाम/गुलाम (ghulam, gulam; sota,
  jack), the English names (ace, king, queen, jack), the Devanagari numerals २ to १० for
  2 to 10, and the Hindi names of the number cards: दुक्की 2, तिक्की 3, चौका 4, पंजा 5,
  छक्का 6, सत्ता 7, अट्ठा 8, नहला 9, दहला 10 (dukki, tikki, chauka, panja, chhakka,
  satta, attha, nahla, dahla and their common spellings). The Spanish deck's kabayo
  (horse) is no rank of these decks, and no card here;
- the joker: joker, जोकर.

Latin letters in any case, Devanagari with or without its nukta (ग़/ग, ड़/ड), precomposed
or not. The grammar a scorekeeper types:

- A rank and a suit word, in either order, together or apart: apart by spaces, a hyphen,
  or a joining word (English "of", Filipino "ng", Hindi का/की/के or ka/ki/ke):
  "7पान", "7 पान", "इक्का हुकुम", "हुकुम का इक्का", "alas puso", "alas ng puso",
  "10 espada", "hari-trebol", "puso 7", "ace of spades". The rank may be written any way
  (7, ७, सत्ता, A, alas, इक्का).
- A suit symbol stands right after the rank, in words too ("इक्का♠", "alas♥"), as in
  the notation (10♥), never before it or apart from it ("♥Q" and "Q ♥" stay no card).
- A suit letter (S, H, D, C) belongs to the notation only: right after A, 2–10, T, J, Q
  or K ("7H"), never after a word (a letter is too easily part of one: "badshah" is a
  king, not a king of hearts) and never apart ("7 H").

Every reading of a text is tried; a text is a card when all its readings are the same
card (the words were chosen so that none reads two ways, and the tests check it).
Anything else is no card, and the error names it as typed.

`parse_card` reads one card text, which may hold the spaces between its words (a JSON
list's "alas puso", an import's cards). Typed text holding many cards (a hand's box at
the table) is split with `split_cards`: at white space and commas, a rank and a suit word
typed apart (with any joining word between them) are put back together; `read_cards`
reads such a text.
"""

import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from games.rules.errors import DuplicateCard, InvalidCard, RuleError
from games.rules.text import gettext as _
from games.rules.text import ngettext, pgettext, pgettext_lazy, together

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {
    # Translators: a suit's name, as the rules count cards of it ("3 hearts × 10").
    "S": pgettext_lazy("suit", "spades"),
    "H": pgettext_lazy("suit", "hearts"),
    "D": pgettext_lazy("suit", "diamonds"),
    "C": pgettext_lazy("suit", "clubs"),
}
JOKER = "JK"

_SYMBOL_SUITS = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}
_VARIATION_SELECTOR = "\ufe0f"


def _words(spellings: dict[str, tuple[str, ...]]) -> dict[str, str]:
    """Each spelling of a word (as `_folded` leaves it) with what it means."""
    return {_folded(word): meaning for meaning, words in spellings.items() for word in words}


def _folded(text: str) -> str:
    """A word as the reader compares it: lower case, Devanagari's nukta written apart from
    its letter (NFC does so), without the invisible joiners some keyboards put in."""
    return unicodedata.normalize("NFC", text).lower().replace("\u200c", "").replace("\u200d", "")


RANK_WORDS = _words(
    {
        "A": ("ace", "alas", "इक्का", "एक्का", "ikka", "ekka"),
        "2": ("२", "दुक्की", "दुग्गी", "dukki", "duggi"),
        "3": ("३", "तिक्की", "तिग्गी", "tikki", "tiggi"),
        "4": ("४", "चौका", "chauka", "chowka"),
        "5": ("५", "पंजा", "panja"),
        "6": ("६", "छक्का", "chhakka", "chakka"),
        "7": ("७", "सत्ता", "satta"),
        "8": ("८", "अट्ठा", "attha", "atha"),
        "9": ("९", "नहला", "nahla", "nehla"),
        "10": ("१०", "दहला", "dahla", "dehla"),
        "J": ("jack", "sota", "ग़ुलाम", "गुलाम", "ghulam", "gulam"),
        "Q": ("queen", "reyna", "reina", "बेगम", "begum", "begam"),
        "K": ("king", "hari", "बादशाह", "बादशा", "badshah", "badsha", "baadshah"),
    }
)
SUIT_WORDS = _words(
    {
        "H": ("hearts", "heart", "puso", "पान", "paan", "pan"),
        "S": ("spades", "spade", "espada", "हुकुम", "हुकम", "hukum", "hukam"),
        "D": (
            "diamonds",
            "diamond",
            "diyamante",
            "dyamante",
            "diamante",
            "ईंट",
            "eent",
            "eet",
            "int",
            "it",
        ),
        "C": (
            "clubs",
            "club",
            "trebol",
            "treból",
            "bulaklak",
            "चिड़ी",
            "चिडी",
            "chidi",
            "chiri",
            "chidee",
            "chiddi",
        ),
    }
)
JOKER_WORDS = frozenset(_folded(word) for word in ("joker", "जोकर"))
# The words that may join a rank and a suit typed apart: "ace of spades", "alas ng puso",
# "हुकुम का इक्का".
JOINING_WORDS = frozenset(_folded(word) for word in ("of", "ng", "का", "की", "के", "ka", "ki", "ke"))

# Between the words of one card: spaces or a hyphen.
_APART = re.compile(r"[ -]+")
# Between the cards of a typed text: white space or commas.
_BETWEEN_CARDS = re.compile(r"[\s,]+")


@dataclass(frozen=True, slots=True)
class Card:
    """One card. A joker has rank `JK` and an empty suit."""

    rank: str
    suit: str

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    @property
    def index(self) -> int:
        """The rank's position, A = 1 up to K = 13; ten, jack, queen and king differ."""
        return RANKS.index(self.rank) + 1

    @property
    def face_value(self) -> int:
        """A = 1, 2–10 their pips, J = Q = K = 10."""
        return min(self.index, 10)

    @property
    def symbol(self) -> str:
        """The card as people read it: `10♥`, `A♠`, `JK`."""
        return self.rank + SUIT_SYMBOLS.get(self.suit, "")

    def __str__(self) -> str:
        return self.rank + self.suit


def _ascii_upper(text: str) -> str:
    # Only ASCII letters change case: "ſ".upper() is "S", and that is not a card.
    return "".join(ch.upper() if ch.isascii() else ch for ch in text)


def _notation_rank(text: str) -> str | None:
    """A rank in the notation (A, 2–10, J, Q, K, any case, T for ten), or None."""
    rank = _ascii_upper(text)
    if rank == "T":
        return "10"
    return rank if rank in RANKS else None


def _rank_of(text: str) -> str | None:
    """A rank written any way (the notation, a Devanagari numeral, a word), or None."""
    return _notation_rank(text) or RANK_WORDS.get(_folded(text))


def _symbol_suit(text: str) -> str | None:
    """A suit symbol, with or without its variation selector, or None."""
    return _SYMBOL_SUITS.get(text.removesuffix(_VARIATION_SELECTOR))


def parse_rank(text: str) -> str:
    """A rank alone (`A`, `2`…`10`, `J`, `Q`, `K`, any case, `T` for ten, or a rank's word:
    `alas`, `इक्का`, `७`) in canonical form."""
    rank = _rank_of(text.strip(" "))
    if rank is None:
        raise InvalidCard(_("“{rank}” is not a rank: use A, 2–10, J, Q or K.").format(rank=text))
    return rank


# Every card in its canonical text, read at once: stored hands and exported files hold
# only these, and a long game or a whole file reads tens of thousands of them.
_CANONICAL = {rank + suit: Card(rank, suit) for rank in RANKS for suit in SUITS}


def parse_card(text: str, *, jokers: bool = False, player: str | int | None = None) -> Card:
    """Read one card; raise InvalidCard (naming `player`) for anything not in the notation
    or the table's words."""
    known = _CANONICAL.get(text) if isinstance(text, str) else None
    if known is not None:
        return known
    if not isinstance(text, str):
        raise InvalidCard(_("{value} is not a card.").format(value=repr(text)), player)
    # Spaces around the card are allowed (api.md 1.2), other white space is not.
    typed = text.strip(" ")
    cleaned = _ascii_upper(typed)
    if cleaned.endswith(_VARIATION_SELECTOR) and cleaned[-2:-1] in _SYMBOL_SUITS:
        cleaned = cleaned[:-1]
    if cleaned == JOKER or _folded(typed) in JOKER_WORDS:
        if jokers:
            return Card(JOKER, "")
        raise InvalidCard(_("This game is played without jokers."), player)
    suit = _SYMBOL_SUITS.get(cleaned[-1:], cleaned[-1:])
    rank = cleaned[:-1]
    if rank == "T":
        rank = "10"
    if suit in SUITS and rank in RANKS:
        return Card(rank, suit)
    cards = _in_words(typed)
    if len(cards) == 1:
        return cards.pop()
    if not typed:
        raise InvalidCard(
            _(
                "“an empty card” is not a card: write a rank (A, 2–10, J, Q, K) then a suit "
                "(S, H, D, C), like 10H or QS."
            ),
            player,
        )
    raise InvalidCard(
        # Translators: {card} is the text typed for a card, as typed ("ZZ", "7 पाण").
        _(
            "“{card}” is not a card: write a rank (A, 2–10, J, Q, K) then a suit "
            "(S, H, D, C), like 10H or QS."
        ).format(card=typed),
        player,
    )


def _in_words(text: str) -> set[Card]:
    """Every card `text` reads as in the table's words (see the module's docstring):
    none, one, or (were two words ever to clash) more."""
    parts = [part for part in _APART.split(text) if part]
    if len(parts) == 3 and _folded(parts[1]) in JOINING_WORDS:
        parts = [parts[0], parts[2]]
    if len(parts) == 2:
        return _paired(*parts, together=False)
    if len(parts) == 1 and text == parts[0] and len(parts[0]) <= _LONGEST_TOGETHER:
        word = parts[0]
        return set().union(
            *(_paired(word[:cut], word[cut:], together=True) for cut in range(1, len(word)))
        )
    return set()


# The longest text a rank word and a suit word typed together can be, with room for the
# invisible joiners some keyboards put between letters: a longer word is no card, and is
# not cut at every letter to find out (which would take seconds for a pasted page).
_LONGEST_TOGETHER = 2 * (max(map(len, RANK_WORDS)) + max(map(len, SUIT_WORDS)))


def _paired(first: str, second: str, *, together: bool) -> set[Card]:
    """The cards two parts make, a rank and a suit in either order, where a suit word
    is one of them; or a rank word and the suit symbol right after it."""
    cards = set()
    for rank_text, suit_text in ((first, second), (second, first)):
        rank = _rank_of(rank_text)
        suit = SUIT_WORDS.get(_folded(suit_text))
        if rank is not None and suit is not None:
            cards.add(Card(rank, suit))
    if together and _notation_rank(first) is None and (rank := _rank_of(first)) is not None:
        suit = _symbol_suit(second)
        if suit is not None:
            cards.add(Card(rank, suit))
    return cards


def _is_part(token: str) -> bool:
    """A rank or a suit word alone: half of a card typed apart."""
    return _rank_of(token) is not None or _folded(token) in SUIT_WORDS


def _is_card(text: str) -> bool:
    try:
        parse_card(text, jokers=True)
    except InvalidCard:
        return False
    return True


def split_cards(text: str) -> list[str]:
    """A typed text of cards as one text a card, in order: the text is split at white
    space and commas, and a rank and a suit word typed apart ("7 पान", "alas ng puso") are
    one card. What is no card stays a text of its own for `parse_card` to refuse by name;
    a rank or suit next to a word that is neither ("7 पाण") goes with it, so that the
    error shows what was meant."""
    tokens = [token for token in _BETWEEN_CARDS.split(text) if token]
    texts = []
    at = 0
    while at < len(tokens):
        for size in (3, 2):
            apart = " ".join(tokens[at : at + size])
            if at + size <= len(tokens) and not _is_card(tokens[at]) and _is_card(apart):
                texts.append(apart)
                at += size
                break
        else:
            size = 1
            if _is_part(tokens[at]) and not _is_card(tokens[at]) and at + 1 < len(tokens):
                after = at + 1
                if _folded(tokens[after]) in JOINING_WORDS and after + 1 < len(tokens):
                    after += 1
                if not _is_part(tokens[after]) and not _is_card(tokens[after]):
                    size = after - at + 1
            texts.append(" ".join(tokens[at : at + size]))
            at += size
    return texts


def parse_cards(
    texts: Iterable[str], *, jokers: bool = False, player: str | int | None = None
) -> tuple[Card, ...]:
    return tuple(parse_card(text, jokers=jokers, player=player) for text in texts)


def written(text: str) -> str:
    """A typed text of cards in the cards' own notation, a space between them ("7 पान,
    alas puso" → "7H AH"), for everything that reads a hand's text afterwards (the
    previews, the counts, the save) to read it one way. What is no card stays as typed,
    for the rules to refuse by name."""

    def one(token: str) -> str:
        try:
            return str(parse_card(token, jokers=True))
        except RuleError:
            return token

    return " ".join(one(token) for token in split_cards(text))


def read_cards(
    text: str, *, jokers: bool = False, player: str | int | None = None
) -> tuple[Card, ...]:
    """The cards of a typed text ("7H 8♥ 9 पान, alas puso"), as `split_cards` splits it."""
    return parse_cards(split_cards(text), jokers=jokers, player=player)


def check_copies(entries: Iterable[tuple[str | int | None, Iterable[Card]]], decks: int) -> None:
    """Raise DuplicateCard when an exact card shows up more often than `decks` copies exist.

    `entries` pairs each player (or None) with the cards they revealed, in request order;
    the player whose card goes over the limit first is the one at fault.
    """
    problems = copy_problems(entries, decks)
    if problems:
        raise problems[0]


def copy_problems(
    entries: Iterable[tuple[str | int | None, Iterable[Card]]], decks: int
) -> list[DuplicateCard]:
    """Every player's first card beyond the `decks` copies that exist, in request order
    (the first is the one `check_copies` raises), so that a table sees them all at once."""
    return [
        DuplicateCard(
            # Translators: {problem} is a sentence such as "Ben's 7♥ is already in Ann's
            # meld", {in_play} one such as "only one deck is in play".
            _("{problem}; {in_play}.").format(
                problem=_already_held(card, player, earlier), in_play=decks_in_play(decks)
            ),
            player,
        )
        for player, card, earlier in copies_over(entries, lambda card: decks)
    ]


def decks_in_play(decks: int) -> str:
    """ "only one deck is in play", or as many as there are."""
    return ngettext("only one deck is in play", "only {count} decks are in play", decks).format(
        count=decks
    )


def copies_over[P](
    entries: Iterable[tuple[P, Iterable[Card]]], most: Callable[[Card], int]
) -> list[tuple[P, Card, list[P]]]:
    """Each player's first card beyond the `most` copies of it in play, with the players
    already holding those, in request order. A copy too many counts against its own player
    only: the players after them are measured against the copies that can be there."""
    holders: dict[Card, list[P]] = {}
    over: dict[P, tuple[P, Card, list[P]]] = {}
    for player, cards in entries:
        for card in cards:
            earlier = holders.setdefault(card, [])
            if len(earlier) < most(card):
                earlier.append(player)
            elif player not in over:
                over[player] = (player, card, earlier)
    return list(over.values())


def _already_held(card: Card, player: str | int | None, earlier: list[str | int | None]) -> str:
    """“Ben's 7♥ is already in Ann's meld”, or the plainest true sentence without names."""
    if player is None or None in earlier:
        count = len(earlier) + 1
        return ngettext(
            "{card} appears {count} time", "{card} appears {count} times", count
        ).format(card=card.symbol, count=count)
    holders = list(dict.fromkeys(earlier))  # each player once, in the order they came
    if len(holders) == 1:
        if holders[0] == player:
            return _("{player}'s {card} is already in their own meld").format(
                player=player, card=card.symbol
            )
        return _("{player}'s {card} is already in {holder}'s meld").format(
            player=player, card=card.symbol, holder=holders[0]
        )
    return _("{player}'s {card} is already in {holders} melds").format(
        player=player, card=card.symbol, holders=whose(holders, player)
    )


def whose(holders: list[str | int | None], player: str | int | None) -> str:
    """Whose cards, in words: "Ann's and Ben's", "their own and Ann's"."""
    said = [
        pgettext("whose", "their own")
        if who == player
        # Translators: whose cards, in a list such as "Ann's and Ben's melds".
        else pgettext("whose", "{name}'s").format(name=who)
        for who in holders
    ]
    return together(said)


def show(cards: Iterable[Card]) -> str:
    """Cards as people read them, space-separated: `9♠ 9♥`."""
    return " ".join(card.symbol for card in cards)


def show_text(text: str) -> str:
    """Stored card text as people read it: "QH 10S" becomes "Q♥ 10♠"; a word that is not a
    card stays as it is."""
    words = []
    for word in text.split():
        try:
            words.append(parse_card(word, jokers=True).symbol)
        except InvalidCard:
            words.append(word)
    return " ".join(words)
