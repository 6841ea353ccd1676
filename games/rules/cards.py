"""Playing cards: the notation of the scoring API in, frozen values out.

Canonical text is rank then suit (`10H`, `AS`, `KD`; a printed joker is `JK`). The parser
also takes the friendly spellings a scorekeeper types or pastes: any letter case, `T` for
ten, the suit symbols (with or without an emoji variation selector) and spaces around the
card. Nothing else is a card.
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from games.rules.errors import DuplicateCard, InvalidCard

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
JOKER = "JK"

_SYMBOL_SUITS = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}
_VARIATION_SELECTOR = "\ufe0f"


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


def parse_rank(text: str) -> str:
    """A rank alone (`A`, `2`…`10`, `J`, `Q`, `K`, any case, `T` for ten) in canonical form."""
    rank = "".join(ch.upper() if ch.isascii() else ch for ch in text.strip(" "))
    if rank == "T":
        rank = "10"
    if rank not in RANKS:
        raise InvalidCard(f"“{text}” is not a rank: use A, 2–10, J, Q or K.")
    return rank


# Every card in its canonical text, read at once: stored hands and exported files hold
# only these, and a long game or a whole file reads tens of thousands of them.
_CANONICAL = {rank + suit: Card(rank, suit) for rank in RANKS for suit in SUITS}


def parse_card(text: str, *, jokers: bool = False, player: str | int | None = None) -> Card:
    """Read one card; raise InvalidCard (naming `player`) for anything not in the notation."""
    known = _CANONICAL.get(text) if isinstance(text, str) else None
    if known is not None:
        return known
    if not isinstance(text, str):
        raise InvalidCard(f"{text!r} is not a card.", player)
    # Only ASCII letters change case: "ſ".upper() is "S", and that is not a card.
    # Spaces around the card are allowed (api.md 1.2), other white space is not.
    cleaned = "".join(ch.upper() if ch.isascii() else ch for ch in text.strip(" "))
    if cleaned.endswith(_VARIATION_SELECTOR) and cleaned[-2:-1] in _SYMBOL_SUITS:
        cleaned = cleaned[:-1]
    if cleaned == JOKER:
        if jokers:
            return Card(JOKER, "")
        raise InvalidCard("This game is played without jokers.", player)
    suit = _SYMBOL_SUITS.get(cleaned[-1:], cleaned[-1:])
    rank = cleaned[:-1]
    if rank == "T":
        rank = "10"
    if suit not in SUITS or rank not in RANKS:
        shown = text.strip(" ") or "an empty card"
        raise InvalidCard(
            f"“{shown}” is not a card: write a rank (A, 2–10, J, Q, K) then a suit "
            "(S, H, D, C), like 10H or QS.",
            player,
        )
    return Card(rank, suit)


def parse_cards(
    texts: Iterable[str], *, jokers: bool = False, player: str | int | None = None
) -> tuple[Card, ...]:
    return tuple(parse_card(text, jokers=jokers, player=player) for text in texts)


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
    copies = "one deck is" if decks == 1 else f"{decks} decks are"
    return [
        DuplicateCard(f"{_already_held(card, player, earlier)}; only {copies} in play.", player)
        for player, card, earlier in copies_over(entries, lambda card: decks)
    ]


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
        return f"{card.symbol} appears {len(earlier) + 1} times"
    holders = list(dict.fromkeys(earlier))  # each player once, in the order they came
    where = " and ".join("their own" if who == player else f"{who}'s" for who in holders)
    return f"{player}'s {card.symbol} is already in {where} meld{'s' if len(holders) > 1 else ''}"


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
