"""Indian Chief's seven melds: the meld a number of cards makes, the poker hands and the
best split, and each meld's score from its cards.

Implements `shared/rules/indian-chief.md` §§1–3, under the house rules of
`shared/rules/house-rules.md` §1 (`HouseRules`: a Beggar pair, the ace in a straight and
the decks). A meld with the right number of cards that fails its conditions scores 0;
errors are only for what cannot happen at a real table.
"""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations

from games.rules.cards import (
    SUITS,
    Card,
    check_copies,
    parse_cards,
    show,
)
from games.rules.errors import (
    InvalidDeckCount,
    InvalidPlayerCount,
    WrongCardCount,
)
from games.rules.indian_chief.house import (
    AUTO,
    BOOK_RULES,
    HIGH_ONLY,
    MAX_DECKS,
    MAX_PLAYERS_THREE_DECKS,
    PER_CARD,
    THREE_DECKS,
    HouseRules,
)
from games.rules.text import gettext as _
from games.rules.text import gettext_lazy, ngettext, pgettext_lazy

TITLE = gettext_lazy("Indian Chief")
SLUG = "indian-chief"
MIN_PLAYERS = 2
MAX_PLAYERS = 8
ROUNDS = 7


class Meld(StrEnum):
    """The seven melds, in order of their card count (the value is the API name)."""

    THIEF = "thief"
    BEGGAR_MAN = "beggar_man"
    POOR_MAN = "poor_man"
    LAWYER = "lawyer"
    RICH_MAN = "rich_man"
    DOCTOR = "doctor"
    INDIAN_CHIEF = "indian_chief"

    @property
    def size(self) -> int:
        return list(Meld).index(self) + 1

    @property
    def label(self) -> str:
        """The name people use: `Beggar Man`."""
        return MELD_LABELS[self]

    @classmethod
    def of_size(cls, count: int) -> "Meld | None":
        return list(cls)[count - 1] if 1 <= count <= len(cls) else None


# The melds' names, as players say them: the game's own terms.
MELD_LABELS = {
    Meld.THIEF: pgettext_lazy("Indian Chief meld", "Thief"),
    Meld.BEGGAR_MAN: pgettext_lazy("Indian Chief meld", "Beggar Man"),
    Meld.POOR_MAN: pgettext_lazy("Indian Chief meld", "Poor Man"),
    Meld.LAWYER: pgettext_lazy("Indian Chief meld", "Lawyer"),
    Meld.RICH_MAN: pgettext_lazy("Indian Chief meld", "Rich Man"),
    Meld.DOCTOR: pgettext_lazy("Indian Chief meld", "Doctor"),
    Meld.INDIAN_CHIEF: pgettext_lazy("Indian Chief meld", "Indian Chief"),
}

RULE_REMINDERS = {
    Meld.THIEF: gettext_lazy("Any card, scores its face value; may steal a card afterwards."),
    Meld.BEGGAR_MAN: gettext_lazy(
        "2 points for each opponent card of the same rank as either card."
    ),
    Meld.POOR_MAN: gettext_lazy("Scores the face value of its spades."),
    Meld.LAWYER: gettext_lazy("25 if the face values add up to exactly 25, else 0."),
    Meld.RICH_MAN: gettext_lazy("Minus the sum of the face values."),
    Meld.DOCTOR: gettext_lazy("Six ranks, a heart and an ace: 10 per card of the largest suit."),
    Meld.INDIAN_CHIEF: gettext_lazy("Best 5-card poker hand plus a 2-card baccarat hand."),
}


class PokerHand(StrEnum):
    FIVE_OF_A_KIND = "five of a kind"  # English: stored and the API's; `label` is shown
    STRAIGHT_FLUSH = "straight flush"  # English: stored and the API's; `label` is shown
    FOUR_OF_A_KIND = "four of a kind"  # English: stored and the API's; `label` is shown
    FULL_HOUSE = "full house"  # English: stored and the API's; `label` is shown
    FLUSH = "flush"  # English: stored and the API's; `label` is shown
    STRAIGHT = "straight"  # English: stored and the API's; `label` is shown
    THREE_OF_A_KIND = "three of a kind"  # English: stored and the API's; `label` is shown
    TWO_PAIR = "two pair"  # English: stored and the API's; `label` is shown
    PAIR = "pair"  # English: stored and the API's; `label` is shown
    HIGH_CARD = "high card"  # English: stored and the API's; `label` is shown

    @property
    def label(self) -> str:
        """The hand's name in the language of the moment (the value is the API's)."""
        return POKER_HAND_LABELS[self]


POKER_HAND_LABELS = {
    PokerHand.FIVE_OF_A_KIND: pgettext_lazy("poker hand", "five of a kind"),
    PokerHand.STRAIGHT_FLUSH: pgettext_lazy("poker hand", "straight flush"),
    PokerHand.FOUR_OF_A_KIND: pgettext_lazy("poker hand", "four of a kind"),
    PokerHand.FULL_HOUSE: pgettext_lazy("poker hand", "full house"),
    PokerHand.FLUSH: pgettext_lazy("poker hand", "flush"),
    PokerHand.STRAIGHT: pgettext_lazy("poker hand", "straight"),
    PokerHand.THREE_OF_A_KIND: pgettext_lazy("poker hand", "three of a kind"),
    PokerHand.TWO_PAIR: pgettext_lazy("poker hand", "two pair"),
    PokerHand.PAIR: pgettext_lazy("poker hand", "pair"),
    PokerHand.HIGH_CARD: pgettext_lazy("poker hand", "high card"),
}

POKER_POINTS = {
    PokerHand.FIVE_OF_A_KIND: 50,
    PokerHand.STRAIGHT_FLUSH: 45,
    PokerHand.FOUR_OF_A_KIND: 40,
    PokerHand.FULL_HOUSE: 35,
    PokerHand.FLUSH: 30,
    PokerHand.STRAIGHT: 25,
    PokerHand.THREE_OF_A_KIND: 20,
    PokerHand.TWO_PAIR: 15,
    PokerHand.PAIR: 10,
    PokerHand.HIGH_CARD: 5,
}

# Five consecutive rank indices: ace low (A-2-3-4-5, indices 1–5) up to ace high
# (10-J-Q-K-A, the ace keeping its index 1); Q-K-A-2-3 and the like do not wrap.
_WHEEL = frozenset(range(1, 6))
_STRAIGHTS = [frozenset(range(low, low + 5)) for low in range(1, 10)] + [
    frozenset({10, 11, 12, 13, 1})
]
# `straight_ace: high_only` (H11): the ace is high only, and A-2-3-4-5 is no straight.
_HIGH_ACE_STRAIGHTS = [straight for straight in _STRAIGHTS if straight != _WHEEL]


def straights(rules: HouseRules) -> list[frozenset[int]]:
    return _HIGH_ACE_STRAIGHTS if rules.straight_ace == HIGH_ONLY else _STRAIGHTS


@dataclass(frozen=True)
class Split:
    """How an Indian Chief was divided: the 5-card poker hand and the 2-card baccarat hand."""

    poker: tuple[Card, ...]
    baccarat: tuple[Card, ...]
    hand: PokerHand

    @property
    def baccarat_points(self) -> int:
        return sum(card.face_value for card in self.baccarat) % 10

    @property
    def score(self) -> int:
        return POKER_POINTS[self.hand] + self.baccarat_points


@dataclass(frozen=True)
class MeldScore:
    """One meld's score and the explanation anyone at the table can check.

    `matches` holds the opponents' cards a Beggar Man matched, `split` the Indian Chief's
    best split and `suit` the Doctor's counted suit, so that pages can show them.
    """

    meld: Meld
    cards: tuple[Card, ...]
    score: int
    explanation: str
    matches: tuple[Card, ...] = ()
    split: Split | None = None
    suit: str | None = None


def poker_hand(cards: Sequence[Card], rules: HouseRules = BOOK_RULES) -> PokerHand:
    """The best category of a 5-card poker hand (two decks allow five of a kind). A flush
    holding a pair stays a flush (3.7, H81): five cards with a pair are no straight."""
    counts = sorted(Counter(card.rank for card in cards).values(), reverse=True)
    flush = len({card.suit for card in cards}) == 1
    straight = frozenset(card.index for card in cards) in straights(rules)
    if counts[0] == 5:
        return PokerHand.FIVE_OF_A_KIND
    if straight and flush:
        return PokerHand.STRAIGHT_FLUSH
    if counts[0] == 4:
        return PokerHand.FOUR_OF_A_KIND
    if counts[:2] == [3, 2]:
        return PokerHand.FULL_HOUSE
    if flush:
        return PokerHand.FLUSH
    if straight:
        return PokerHand.STRAIGHT
    if counts[0] == 3:
        return PokerHand.THREE_OF_A_KIND
    if counts[:2] == [2, 2]:
        return PokerHand.TWO_PAIR
    if counts[0] == 2:
        return PokerHand.PAIR
    return PokerHand.HIGH_CARD


def best_split(cards: Sequence[Card], rules: HouseRules = BOOK_RULES) -> Split:
    """The best of the 21 ways to take two different cards out as the baccarat hand,
    under the house rules' straights (H11: still the best of the 21).

    The best total does not always keep the best poker hand. Among equal totals the one
    with the stronger poker hand is shown, then the first in card order, so the same cards
    always explain the same way.
    """
    splits = []
    for pair in combinations(range(len(cards)), 2):
        poker = tuple(card for i, card in enumerate(cards) if i not in pair)
        baccarat = (cards[pair[0]], cards[pair[1]])
        splits.append(Split(poker, baccarat, poker_hand(poker, rules)))
    return max(splits, key=lambda split: (split.score, POKER_POINTS[split.hand]))


def _score_thief(cards: tuple[Card, ...]) -> MeldScore:
    card = cards[0]
    # Translators: {card} is a card such as "7♥", {value} its face value (A = 1, J Q K =
    # 10).
    explanation = _("Thief {card}: face value {value}.").format(
        card=card.symbol, value=card.face_value
    )
    return MeldScore(Meld.THIEF, cards, card.face_value, explanation)


def _score_beggar_man(
    cards: tuple[Card, ...], table: Sequence[Card], owners: Sequence[str], rules: HouseRules
) -> MeldScore:
    # By the book each opposing card counts once, however many of the Beggar's cards
    # share its rank (D5); under `per_card` it counts for each Beggar card of its rank
    # (H10), so a pair counts each match twice. Every physical copy is an opposing card.
    ranks = {card.rank for card in cards}
    matched = [i for i, card in enumerate(table) if card.rank in ranks]
    matches = tuple(table[i] for i in matched)
    each = len(cards) if rules.beggar_pair == PER_CARD and len(ranks) == 1 else 1
    score = 2 * each * len(matches)
    in_order = sorted(ranks, key=lambda rank: Card(rank, "S").index)
    if len(in_order) == 1:
        shown_ranks = in_order[0]
    else:
        # Translators: the two ranks of a Beggar Man, such as "7 or K".
        shown_ranks = _("{rank} or {other_rank}").format(rank=in_order[0], other_rank=in_order[1])
    if owners:
        shown_matches = ", ".join(f"{table[i].symbol} ({owners[i]})" for i in matched)
    else:
        shown_matches = show(matches)
    count = len(matches)
    if matches and each > 1:
        explanation = ngettext(
            # Translators: {ranks} is "7" or "7 or K"; {matches} the opponents' cards, such
            # as "7♥ (Ann), 7♣ (Ben)"; {count} how many they are.
            "Opponents' cards of rank {ranks}: {matches}. {count} card, each matching both "
            "Beggar cards: {count} × 2 × 2 points = {score}.",
            "Opponents' cards of rank {ranks}: {matches}. {count} cards, each matching both "
            "Beggar cards: {count} × 2 × 2 points = {score}.",
            count,
        ).format(ranks=shown_ranks, matches=shown_matches, count=count, score=score)
    elif matches:
        explanation = ngettext(
            # Translators: {ranks} is "7" or "7 or K"; {matches} the opponents' cards, such
            # as "7♥ (Ann), 7♣ (Ben)"; {count} how many they are.
            "Opponents' cards of rank {ranks}: {matches}. {count} card × 2 points = {score}.",
            "Opponents' cards of rank {ranks}: {matches}. {count} cards × 2 points = {score}.",
            count,
        ).format(ranks=shown_ranks, matches=shown_matches, count=count, score=score)
    else:
        # Translators: {ranks} is "7" or "7 or K".
        explanation = _("No opponent revealed a card of rank {ranks}: 0.").format(ranks=shown_ranks)
    return MeldScore(Meld.BEGGAR_MAN, cards, score, explanation, matches=matches)


def _score_poor_man(cards: tuple[Card, ...]) -> MeldScore:
    spades = [card for card in cards if card.suit == "S"]
    score = sum(card.face_value for card in spades)
    values = " + ".join(str(card.face_value) for card in spades)
    if len(spades) > 1:
        # Translators: {cards} are the spades, such as "3♠ 9♠"; {sum} their face values
        # added, such as "3 + 9".
        explanation = _("Spades {cards}: {sum} = {score}.").format(
            cards=show(spades), sum=values, score=score
        )
    elif spades:
        # Translators: {card} is the one spade, such as "9♠"; {value} its face value.
        explanation = _("Spades {card}: {value}.").format(card=show(spades), value=values)
    else:
        explanation = _("No spades: 0.")
    return MeldScore(Meld.POOR_MAN, cards, score, explanation)


def _score_lawyer(cards: tuple[Card, ...]) -> MeldScore:
    total = sum(card.face_value for card in cards)
    sum_text = " + ".join(str(card.face_value) for card in cards)
    if total == 25:
        # Translators: {sum} is the face values added, such as "10 + 5 + 2 + 8".
        return MeldScore(Meld.LAWYER, cards, 25, _("{sum} = 25 exactly: 25.").format(sum=sum_text))
    # Translators: {sum} is the face values added, such as "10 + 5 + 2 + 9".
    explanation = _("{sum} = {total}, not 25: 0.").format(sum=sum_text, total=total)
    return MeldScore(Meld.LAWYER, cards, 0, explanation)


def _score_rich_man(cards: tuple[Card, ...]) -> MeldScore:
    total = sum(card.face_value for card in cards)
    sum_text = " + ".join(str(card.face_value) for card in cards)
    return MeldScore(Meld.RICH_MAN, cards, -total, f"−({sum_text}) = −{total}.")


def _score_doctor(cards: tuple[Card, ...]) -> MeldScore:
    failures = []
    if len({card.rank for card in cards}) < 6:
        # Translators: one of the reasons a Doctor fails, listed after "Not a Doctor:".
        failures.append(_("two cards share a rank"))
    if not any(card.suit == "H" for card in cards):
        # Translators: one of the reasons a Doctor fails, listed after "Not a Doctor:".
        failures.append(_("no heart"))
    if not any(card.rank == "A" for card in cards):
        # Translators: one of the reasons a Doctor fails, listed after "Not a Doctor:".
        failures.append(_("no ace"))
    if failures:
        # Translators: {failures} lists what the cards lack, such as "no heart, no ace".
        explanation = _("Not a Doctor: {failures}. 0.").format(failures=", ".join(failures))
        return MeldScore(Meld.DOCTOR, cards, 0, explanation)
    suit_counts = Counter(card.suit for card in cards)
    # The player names the suit; the largest one is the only sensible name.
    suit = max(SUITS, key=lambda s: suit_counts[s])
    count = suit_counts[suit]
    return MeldScore(
        Meld.DOCTOR,
        cards,
        10 * count,
        _DOCTOR_SCORES[suit].format(count=count, score=10 * count),
        suit=suit,
    )


# A qualifying Doctor's explanation by its largest suit, whose cards it counts. Six cards
# in four suits: the largest holds 2 or more.
_DOCTOR_SCORES = {
    # Translators: {count} (2 to 6) is the number of spades in the Doctor.
    "S": gettext_lazy("Six ranks, a heart and an ace; {count} spades × 10 = {score}."),
    # Translators: {count} (2 to 6) is the number of hearts in the Doctor.
    "H": gettext_lazy("Six ranks, a heart and an ace; {count} hearts × 10 = {score}."),
    # Translators: {count} (2 to 6) is the number of diamonds in the Doctor.
    "D": gettext_lazy("Six ranks, a heart and an ace; {count} diamonds × 10 = {score}."),
    # Translators: {count} (2 to 6) is the number of clubs in the Doctor.
    "C": gettext_lazy("Six ranks, a heart and an ace; {count} clubs × 10 = {score}."),
}


def _score_indian_chief(cards: tuple[Card, ...], rules: HouseRules) -> MeldScore:
    split = best_split(cards, rules)
    low, high = (card.face_value for card in split.baccarat)
    explanation = _(
        # Translators: {poker} are five cards such as "9♠ 9♥ 9♣ K♦ K♠", {hand} the poker
        # hand's name ("full house"), {points} its points; {baccarat} the other two cards,
        # {low} and {high} their face values, {baccarat_points} the last digit of their sum.
        "Best split: poker {poker} = {hand} ({points}); baccarat {baccarat} = "
        "({low} + {high}) mod 10 = {baccarat_points}. Total {score}."
    ).format(
        poker=show(split.poker),
        hand=split.hand.label,
        points=POKER_POINTS[split.hand],
        baccarat=show(split.baccarat),
        low=low,
        high=high,
        baccarat_points=split.baccarat_points,
        score=split.score,
    )
    return MeldScore(Meld.INDIAN_CHIEF, cards, split.score, explanation, split=split)


def score_meld(
    meld: Meld,
    cards: Sequence[Card],
    table: Sequence[Card] = (),
    owners: Sequence[str] = (),
    rules: HouseRules = BOOK_RULES,
) -> MeldScore:
    """Score a meld of the right size under the house rules.

    `table` is every opponent card of the round, for the Beggar Man; `owners`, when given,
    names whose meld each of those cards is in, so the explanation can say so.
    """
    cards = tuple(cards)
    match meld:
        case Meld.THIEF:
            return _score_thief(cards)
        case Meld.BEGGAR_MAN:
            return _score_beggar_man(cards, table, owners, rules)
        case Meld.POOR_MAN:
            return _score_poor_man(cards)
        case Meld.LAWYER:
            return _score_lawyer(cards)
        case Meld.RICH_MAN:
            return _score_rich_man(cards)
        case Meld.DOCTOR:
            return _score_doctor(cards)
        case Meld.INDIAN_CHIEF:
            return _score_indian_chief(cards, rules)


# ---------------------------------------------------------------------------
# Validation shared by the meld, round and game entry points


def check_decks(decks: int, players: int | None = None) -> None:
    """1 or 2 decks; 4 or more players need 2 (2 decks for 2–3 players is a variant)."""
    if decks not in range(1, MAX_DECKS + 1):
        raise InvalidDeckCount(
            _("Indian Chief is played with 1 or 2 decks, not {decks}.").format(decks=decks)
        )
    if players is not None and players >= 4 and decks == 1:
        raise InvalidDeckCount(
            _("{players} players need 2 decks: one deck has too few cards.").format(players=players)
        )


def check_players(count: int, rules: HouseRules = BOOK_RULES) -> None:
    """2 to 8 players; 2 to 10 with three decks (H13)."""
    most = MAX_PLAYERS_THREE_DECKS if rules.decks == THREE_DECKS else MAX_PLAYERS
    if not MIN_PLAYERS <= count <= most:
        raise InvalidPlayerCount(
            _("Indian Chief is for {least} to {most} players, not {count}.").format(
                least=MIN_PLAYERS, most=most, count=count
            )
        )


def decks_in_play(decks: int | None, rules: HouseRules, players: int | None = None) -> int:
    """The decks in play: under the `decks` house rule `auto`, those asked for (by default
    one for a meld alone, else by table size; 1.4, D7); under 2 or 3 the rule's, which a
    request's own `decks` may only repeat (H13)."""
    if rules.decks != AUTO:
        if decks is not None and decks != rules.decks:
            raise InvalidDeckCount(
                _("These house rules play with {rule} decks, not {decks}.").format(
                    rule=rules.decks, decks=decks
                )
            )
        return int(rules.decks)
    if decks is None:
        decks = 1 if players is None else default_decks(players)
    check_decks(decks, players)
    return decks


def default_decks(players: int) -> int:
    """One deck for 2–3 players, two for 4–8."""
    return 1 if players <= 3 else 2


def meld_for(count: int, declared: Meld | None, player: str | None = None) -> Meld:
    """The declared meld if the count fits it, otherwise the meld the count makes."""
    if declared is not None:
        if count != declared.size:
            raise WrongCardCount(
                ngettext(
                    # Translators: {meld} is a meld's name ("Beggar Man"), {size} its cards.
                    "A {meld} needs exactly {size} card, not {count}.",
                    "A {meld} needs exactly {size} cards, not {count}.",
                    declared.size,
                ).format(meld=declared.label, size=declared.size, count=count),
                player,
            )
        return declared
    meld = Meld.of_size(count)
    if meld is None:
        raise wrong_count(count, player)
    return meld


def wrong_count(count: int, player: str | None = None) -> WrongCardCount:
    """The problem with a meld of `count` cards, which no meld has (none, or over 7)."""
    if player:
        message = ngettext(
            # Translators: {player} is a player's name.
            "{player}'s meld has {count} card; a meld has 1 to 7 cards.",
            "{player}'s meld has {count} cards; a meld has 1 to 7 cards.",
            count,
        )
    else:
        message = ngettext(
            "The meld has {count} card; a meld has 1 to 7 cards.",
            "The meld has {count} cards; a meld has 1 to 7 cards.",
            count,
        )
    return WrongCardCount(message.format(player=player, count=count), player)


def score_single_meld(
    cards: Sequence[str],
    meld: Meld | None = None,
    decks: int | None = None,
    table: Sequence[str] = (),
    rules: HouseRules = BOOK_RULES,
) -> MeldScore:
    """The calculator: one meld, with the opponents' cards on the table for a Beggar Man
    (one deck unless asked, or as the house rules fix them)."""
    decks = decks_in_play(decks, rules)
    parsed = parse_cards(cards)
    table_cards = parse_cards(table)
    meld = meld_for(len(parsed), meld)
    check_copies([(None, parsed), (None, table_cards)], decks)
    return score_meld(meld, parsed, table_cards, rules=rules)
