"""Indian Chief scoring: the seven melds, a round with its Thief steals, and a whole game.

Implements `shared/rules/indian-chief.md`. Scores come from the cards as revealed; steals
happen afterwards and never change a score. A meld with the right number of cards that
fails its conditions scores 0; errors are only for what cannot happen at a real table.

Input card text is parsed here, not by callers, so that the spec's validation order holds
for every caller: each check runs over the whole round before the next one, and a game is
checked round by round in play order.
"""

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations

from games.rules.cards import (
    SUIT_NAMES,
    SUITS,
    Card,
    check_copies,
    copy_problems,
    parse_cards,
    show,
)
from games.rules.errors import (
    CannotStealFromSelf,
    CardNotInMeld,
    InvalidDeckCount,
    InvalidInput,
    InvalidPlayerCount,
    NotAThief,
    RepeatedMeld,
    RuleError,
    StealOutOfOrder,
    ThiefTieConflict,
    WrongCardCount,
)
from games.rules.kinds import Endpoint, GameKind, Played, Row, SeatPreview, Standings, ToMake
from games.rules.reading import (
    Json,
    as_list,
    as_object,
    as_text,
    card_texts,
    optional_int,
    or_empty,
)
from games.rules.rummy_common import running_totals

TITLE = "Indian Chief"
SLUG = "indian-chief"
MIN_PLAYERS = 2
MAX_PLAYERS = 8
ROUNDS = 7
MAX_DECKS = 2
DECKS_RULE = "1 deck for 2–3 players, 2 for 4–8. Two decks with 2–3 players is a variant."


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
        return self.value.replace("_", " ").title()

    @classmethod
    def of_size(cls, count: int) -> "Meld | None":
        return list(cls)[count - 1] if 1 <= count <= len(cls) else None


RULE_REMINDERS = {
    Meld.THIEF: "Any card, scores its face value; may steal a card afterwards.",
    Meld.BEGGAR_MAN: "2 points for each opponent card of the same rank as either card.",
    Meld.POOR_MAN: "Scores the face value of its spades.",
    Meld.LAWYER: "25 if the face values add up to exactly 25, else 0.",
    Meld.RICH_MAN: "Minus the sum of the face values.",
    Meld.DOCTOR: "Six ranks, a heart and an ace: 10 per card of the largest suit.",
    Meld.INDIAN_CHIEF: "Best 5-card poker hand plus a 2-card baccarat hand.",
}


class PokerHand(StrEnum):
    FIVE_OF_A_KIND = "five of a kind"
    STRAIGHT_FLUSH = "straight flush"
    FOUR_OF_A_KIND = "four of a kind"
    FULL_HOUSE = "full house"
    FLUSH = "flush"
    STRAIGHT = "straight"
    THREE_OF_A_KIND = "three of a kind"
    TWO_PAIR = "two pair"
    PAIR = "pair"
    HIGH_CARD = "high card"


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
_STRAIGHTS = [frozenset(range(low, low + 5)) for low in range(1, 10)] + [
    frozenset({10, 11, 12, 13, 1})
]


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


def poker_hand(cards: Sequence[Card]) -> PokerHand:
    """The best category of a 5-card poker hand (two decks allow five of a kind)."""
    counts = sorted(Counter(card.rank for card in cards).values(), reverse=True)
    flush = len({card.suit for card in cards}) == 1
    straight = frozenset(card.index for card in cards) in _STRAIGHTS
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


def best_split(cards: Sequence[Card]) -> Split:
    """The best of the 21 ways to take two different cards out as the baccarat hand.

    The best total does not always keep the best poker hand. Among equal totals the one
    with the stronger poker hand is shown, then the first in card order, so the same cards
    always explain the same way.
    """
    splits = []
    for pair in combinations(range(len(cards)), 2):
        poker = tuple(card for i, card in enumerate(cards) if i not in pair)
        baccarat = (cards[pair[0]], cards[pair[1]])
        splits.append(Split(poker, baccarat, poker_hand(poker)))
    return max(splits, key=lambda split: (split.score, POKER_POINTS[split.hand]))


def _score_thief(cards: tuple[Card, ...]) -> MeldScore:
    card = cards[0]
    return MeldScore(
        Meld.THIEF, cards, card.face_value, f"Thief {card.symbol}: face value {card.face_value}."
    )


def _score_beggar_man(
    cards: tuple[Card, ...], table: Sequence[Card], owners: Sequence[str]
) -> MeldScore:
    # Each opposing card counts once, however many of the Beggar's cards share its rank.
    ranks = {card.rank for card in cards}
    matched = [i for i, card in enumerate(table) if card.rank in ranks]
    matches = tuple(table[i] for i in matched)
    shown_ranks = " or ".join(sorted(ranks, key=lambda rank: Card(rank, "S").index))
    if owners:
        shown_matches = ", ".join(f"{table[i].symbol} ({owners[i]})" for i in matched)
    else:
        shown_matches = show(matches)
    if matches:
        explanation = (
            f"Opponents' cards of rank {shown_ranks}: {shown_matches}. "
            f"{len(matches)} {'card' if len(matches) == 1 else 'cards'} × 2 points "
            f"= {2 * len(matches)}."
        )
    else:
        explanation = f"No opponent revealed a card of rank {shown_ranks}: 0."
    return MeldScore(Meld.BEGGAR_MAN, cards, 2 * len(matches), explanation, matches=matches)


def _score_poor_man(cards: tuple[Card, ...]) -> MeldScore:
    spades = [card for card in cards if card.suit == "S"]
    score = sum(card.face_value for card in spades)
    if spades:
        explanation = f"Spades {show(spades)}: {' + '.join(str(c.face_value) for c in spades)}"
        explanation += f" = {score}." if len(spades) > 1 else "."
    else:
        explanation = "No spades: 0."
    return MeldScore(Meld.POOR_MAN, cards, score, explanation)


def _score_lawyer(cards: tuple[Card, ...]) -> MeldScore:
    total = sum(card.face_value for card in cards)
    sum_text = " + ".join(str(card.face_value) for card in cards)
    if total == 25:
        return MeldScore(Meld.LAWYER, cards, 25, f"{sum_text} = 25 exactly: 25.")
    return MeldScore(Meld.LAWYER, cards, 0, f"{sum_text} = {total}, not 25: 0.")


def _score_rich_man(cards: tuple[Card, ...]) -> MeldScore:
    total = sum(card.face_value for card in cards)
    sum_text = " + ".join(str(card.face_value) for card in cards)
    return MeldScore(Meld.RICH_MAN, cards, -total, f"−({sum_text}) = −{total}.")


def _score_doctor(cards: tuple[Card, ...]) -> MeldScore:
    failures = []
    if len({card.rank for card in cards}) < 6:
        failures.append("two cards share a rank")
    if not any(card.suit == "H" for card in cards):
        failures.append("no heart")
    if not any(card.rank == "A" for card in cards):
        failures.append("no ace")
    if failures:
        return MeldScore(Meld.DOCTOR, cards, 0, f"Not a Doctor: {', '.join(failures)}. 0.")
    suit_counts = Counter(card.suit for card in cards)
    # The player names the suit; the largest one is the only sensible name.
    suit = max(SUITS, key=lambda s: suit_counts[s])
    count = suit_counts[suit]
    return MeldScore(
        Meld.DOCTOR,
        cards,
        10 * count,
        f"Six ranks, a heart and an ace; {count} {SUIT_NAMES[suit]} × 10 = {10 * count}.",
        suit=suit,
    )


def _score_indian_chief(cards: tuple[Card, ...]) -> MeldScore:
    split = best_split(cards)
    low, high = (card.face_value for card in split.baccarat)
    explanation = (
        f"Best split: poker {show(split.poker)} = {split.hand} ({POKER_POINTS[split.hand]}); "
        f"baccarat {show(split.baccarat)} = ({low} + {high}) mod 10 = {split.baccarat_points}. "
        f"Total {split.score}."
    )
    return MeldScore(Meld.INDIAN_CHIEF, cards, split.score, explanation, split=split)


def score_meld(
    meld: Meld, cards: Sequence[Card], table: Sequence[Card] = (), owners: Sequence[str] = ()
) -> MeldScore:
    """Score a meld of the right size.

    `table` is every opponent card of the round, for the Beggar Man; `owners`, when given,
    names whose meld each of those cards is in, so the explanation can say so.
    """
    cards = tuple(cards)
    match meld:
        case Meld.THIEF:
            return _score_thief(cards)
        case Meld.BEGGAR_MAN:
            return _score_beggar_man(cards, table, owners)
        case Meld.POOR_MAN:
            return _score_poor_man(cards)
        case Meld.LAWYER:
            return _score_lawyer(cards)
        case Meld.RICH_MAN:
            return _score_rich_man(cards)
        case Meld.DOCTOR:
            return _score_doctor(cards)
        case Meld.INDIAN_CHIEF:
            return _score_indian_chief(cards)


# ---------------------------------------------------------------------------
# Validation shared by the meld, round and game entry points


def check_decks(decks: int, players: int | None = None) -> None:
    """1 or 2 decks; 4 or more players need 2 (2 decks for 2–3 players is a variant)."""
    if decks not in range(1, MAX_DECKS + 1):
        raise InvalidDeckCount(f"Indian Chief is played with 1 or 2 decks, not {decks}.")
    if players is not None and players >= 4 and decks == 1:
        raise InvalidDeckCount(f"{players} players need 2 decks: one deck has too few cards.")


def check_players(count: int) -> None:
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise InvalidPlayerCount(
            f"Indian Chief is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {count}."
        )


def default_decks(players: int) -> int:
    """One deck for 2–3 players, two for 4–8."""
    return 1 if players <= 3 else 2


def meld_for(count: int, declared: Meld | None, player: str | None = None) -> Meld:
    """The declared meld if the count fits it, otherwise the meld the count makes."""
    who = f"{player}'s" if player else "The"
    if declared is not None:
        if count != declared.size:
            raise WrongCardCount(
                f"A {declared.label} needs exactly {declared.size} "
                f"{'card' if declared.size == 1 else 'cards'}, not {count}.",
                player,
            )
        return declared
    meld = Meld.of_size(count)
    if meld is None:
        raise WrongCardCount(
            f"{who} meld has {count} {'card' if count == 1 else 'cards'}; a meld has 1 to 7 cards.",
            player,
        )
    return meld


def score_single_meld(
    cards: Sequence[str], meld: Meld | None = None, decks: int = 1, table: Sequence[str] = ()
) -> MeldScore:
    """The calculator: one meld, with the opponents' cards on the table for a Beggar Man."""
    check_decks(decks)
    parsed = parse_cards(cards)
    table_cards = parse_cards(table)
    meld = meld_for(len(parsed), meld)
    check_copies([(None, parsed), (None, table_cards)], decks)
    return score_meld(meld, parsed, table_cards)


# ---------------------------------------------------------------------------
# A round and its Thief steals


@dataclass(frozen=True)
class Reveal:
    """What one player revealed in a round: card text as entered, and the meld if declared."""

    name: str
    cards: tuple[str, ...]
    meld: Meld | None = None


@dataclass(frozen=True)
class Steal:
    """A Thief's action after the round is scored: take `card` from `victim`, or pass."""

    thief: str
    victim: str | None = None
    card: str | None = None

    @property
    def passes(self) -> bool:
        return self.victim is None


@dataclass(frozen=True)
class RoundEntry:
    """One round of a game as entered: every player's reveal and the steals that followed."""

    reveals: tuple[Reveal, ...]
    steals: tuple[Steal, ...] = ()


@dataclass(frozen=True)
class PlayerScore:
    name: str
    result: MeldScore

    @property
    def meld(self) -> Meld:
        return self.result.meld

    @property
    def score(self) -> int:
        return self.result.score


@dataclass(frozen=True)
class StealOutcome:
    """Who stole what, and what every meld holds afterwards. Scores do not change.

    `thief_order` groups the Thieves by the rank of their card, lowest first; `events` says
    what happened in words ("Ann took K♦ from Ben; Ben's meld now holds Ann's 2♣.").
    """

    thief_order: tuple[tuple[str, ...], ...]
    taken: dict[str, Card]
    melds_after: dict[str, tuple[Card, ...]]
    events: tuple[str, ...]


@dataclass(frozen=True)
class RoundScore:
    decks: int
    players: tuple[PlayerScore, ...]
    steals: StealOutcome

    @property
    def scores(self) -> dict[str, int]:
        return {player.name: player.score for player in self.players}

    def player(self, name: str) -> PlayerScore:
        return next(player for player in self.players if player.name == name)


def check_names(names: Sequence[str]) -> None:
    """Every player has a name of their own."""
    seen: set[str] = set()
    for name in names:
        if not name:
            raise InvalidInput("Every player needs a name.")
        if name in seen:
            raise InvalidInput(f"Two players are called {name}; names must differ.", name)
        seen.add(name)


def round_decks(players: int, decks: int | None) -> int:
    """Check the player and deck counts of a round or game; return the decks in play."""
    check_players(players)
    decks = default_decks(players) if decks is None else decks
    check_decks(decks, players)
    return decks


def score_round(
    reveals: Sequence[Reveal], decks: int | None = None, steals: Sequence[Steal] = ()
) -> RoundScore:
    """Score every player's meld from the cards as revealed, then replay the steals.

    Each check runs over the whole round before the next: names, player count, decks, card
    text (melds and steals), card counts, copies, then the steals.
    """
    names = [reveal.name for reveal in reveals]
    check_names(names)
    _check_steal_names(steals, names)
    decks = round_decks(len(reveals), decks)
    return _score_checked_round(reveals, decks, steals)


def preview_round(reveals: Sequence[Reveal], decks: int) -> dict[str, MeldScore | RuleError | None]:
    """Score a round still being entered, player by player, for the live preview.

    A player with no cards yet has None; a player whose cards cannot be scored yet has the
    error (bad card text, a card more often than the `decks` in play hold, a count no meld
    has). Everyone else is scored against the cards entered so far for the others, so a
    Beggar Man's matches grow as cards come in.
    """
    hands: dict[str, tuple[Card, ...] | RuleError] = {}
    for reveal in reveals:
        try:
            hands[reveal.name] = parse_cards(reveal.cards, player=reveal.name)
        except RuleError as error:
            hands[reveal.name] = error
    parsed = [(name, cards) for name, cards in hands.items() if not isinstance(cards, RuleError)]
    for problem in copy_problems(parsed, decks):
        hands[str(problem.player)] = problem
    preview: dict[str, MeldScore | RuleError | None] = {}
    for reveal in reveals:
        cards = hands[reveal.name]
        if isinstance(cards, RuleError) or not cards:
            preview[reveal.name] = cards if isinstance(cards, RuleError) else None
            continue
        others = [
            (name, other)
            for name, other in hands.items()
            if name != reveal.name and not isinstance(other, RuleError)
        ]
        table = [card for _, other in others for card in other]
        owners = [name for name, other in others for _ in other]
        try:
            meld = meld_for(len(cards), reveal.meld, reveal.name)
        except RuleError as error:
            preview[reveal.name] = error
            continue
        preview[reveal.name] = score_meld(meld, cards, table, owners)
    return preview


def _check_steal_names(steals: Iterable[Steal], names: Sequence[str]) -> None:
    players = set(names)
    for steal in steals:
        for who in (steal.thief, steal.victim):
            if who is not None and who not in players:
                raise InvalidInput(f"{who} is not playing this round.")


def _score_checked_round(
    reveals: Sequence[Reveal],
    decks: int,
    steals: Sequence[Steal] = (),
    made: Mapping[str, Mapping[Meld, int]] | None = None,
) -> RoundScore:
    """Score a round whose names, players and decks are already checked.

    `made` holds, per player, the round in which each meld was made earlier in the game:
    making one again is `repeated_meld`, checked before the steals.
    """
    hands = [parse_cards(reveal.cards, player=reveal.name) for reveal in reveals]
    steal_cards = [
        None if steal.passes else parse_cards([steal.card or ""], player=steal.thief)[0]
        for steal in steals
    ]
    melds = [
        meld_for(len(cards), reveal.meld, reveal.name)
        for reveal, cards in zip(reveals, hands, strict=True)
    ]
    check_copies(
        [(reveal.name, cards) for reveal, cards in zip(reveals, hands, strict=True)], decks
    )
    players = []
    for i, (reveal, cards, meld) in enumerate(zip(reveals, hands, melds, strict=True)):
        others = [(reveals[j].name, other) for j, other in enumerate(hands) if j != i]
        table = [card for _, other in others for card in other]
        owners = [name for name, other in others for _ in other]
        players.append(PlayerScore(reveal.name, score_meld(meld, cards, table, owners)))
    for player in players:
        earlier = (made or {}).get(player.name, {}).get(player.meld)
        if earlier is not None:
            raise RepeatedMeld(
                f"{player.name} already made {player.meld.label} in round {earlier}.",
                player.name,
            )
    return RoundScore(decks, tuple(players), _replay_steals(players, steals, steal_cards))


def thief_order(players: Sequence[PlayerScore]) -> tuple[tuple[str, ...], ...]:
    """Thieves grouped by the rank of their card, lowest first (A < 2 < … < K).

    Thieves holding the same rank form one tie group: they must take different cards or
    none of them steals.
    """
    groups: dict[int, list[str]] = {}
    for player in players:
        if player.meld is Meld.THIEF:
            groups.setdefault(player.result.cards[0].index, []).append(player.name)
    return tuple(tuple(groups[index]) for index in sorted(groups))


def _replay_steals(
    players: Sequence[PlayerScore], steals: Sequence[Steal], cards: Sequence[Card | None]
) -> StealOutcome:
    """Check the steals against the rules, then replay them in order.

    The stolen card goes to the Thief's hand; the card in the Thief's meld spot takes the
    stolen card's place in the victim's meld, where a later Thief may steal it in turn.
    """
    order = thief_order(players)
    group_of = {name: rank for rank, group in enumerate(order) for name in group}
    thief_card = {p.name: p.result.cards[0] for p in players if p.meld is Meld.THIEF}
    for steal in steals:
        if steal.thief not in group_of:
            raise NotAThief(f"{steal.thief} did not meld a Thief this round.", steal.thief)
    _check_steal_order(steals, group_of, thief_card)
    for steal in steals:
        if steal.victim == steal.thief:
            raise CannotStealFromSelf(
                f"{steal.thief} cannot steal from their own meld.", steal.thief
            )

    melds = {p.name: list(p.result.cards) for p in players}
    taken: dict[str, Card] = {}
    robbed: list[tuple[str, str, Card]] = []
    events = []
    for steal, card in zip(steals, cards, strict=True):
        if steal.victim is None or card is None:
            events.append(f"{steal.thief} took from the deck.")
            continue
        victim_meld = melds[steal.victim]
        if card not in victim_meld:
            _raise_missing_card(steal, card, robbed, group_of)
        given = melds[steal.thief].pop()
        victim_meld[victim_meld.index(card)] = given
        taken[steal.thief] = card
        robbed.append((steal.thief, steal.victim, card))
        events.append(
            f"{steal.thief} took {card.symbol} from {steal.victim}; "
            f"{steal.victim}'s meld now holds {steal.thief}'s {given.symbol}."
        )
    return StealOutcome(
        order, taken, {name: tuple(cards) for name, cards in melds.items()}, tuple(events)
    )


def _check_steal_order(
    steals: Sequence[Steal], group_of: dict[str, int], thief_card: dict[str, Card]
) -> None:
    """Report the first entry that acts too early (before a lower Thief) or a second time."""
    for i, steal in enumerate(steals):
        if any(earlier.thief == steal.thief for earlier in steals[:i]):
            raise StealOutOfOrder(
                f"{steal.thief} has already had a turn: each Thief steals at most once.",
                steal.thief,
            )
        lower = next(
            (later for later in steals[i + 1 :] if group_of[later.thief] < group_of[steal.thief]),
            None,
        )
        if lower is not None:
            raise StealOutOfOrder(
                f"{steal.thief} ({thief_card[steal.thief].symbol}) cannot steal before "
                f"{lower.thief} ({thief_card[lower.thief].symbol}): Thieves steal from the "
                "lowest card to the highest.",
                steal.thief,
            )


def _raise_missing_card(
    steal: Steal, card: Card, robbed: list[tuple[str, str, Card]], group_of: dict[str, int]
) -> None:
    for thief, victim, taken_card in robbed:
        tied = group_of[thief] == group_of[steal.thief]
        if tied and victim == steal.victim and taken_card == card:
            raise ThiefTieConflict(
                f"{steal.thief} and {thief} are tied and both want {steal.victim}'s "
                f"{card.symbol}: tied Thieves must take different cards, or none of them "
                "steals.",
                steal.thief,
            )
    raise CardNotInMeld(
        f"{steal.victim}'s meld does not hold {card.symbol} when {steal.thief} steals.",
        steal.thief,
    )


# ---------------------------------------------------------------------------
# A game


@dataclass(frozen=True)
class SheetRow:
    """One meld's row of the score sheet: each player's (round number, result) or None."""

    meld: Meld
    cells: tuple[tuple[int, MeldScore] | None, ...]


@dataclass(frozen=True)
class GameScore:
    players: tuple[str, ...]
    rounds: tuple[RoundScore, ...]

    @property
    def round_scores(self) -> list[dict[str, int]]:
        return [round_score.scores for round_score in self.rounds]

    @property
    def totals(self) -> dict[str, int]:
        return {
            name: sum(round_score.scores[name] for round_score in self.rounds)
            for name in self.players
        }

    @property
    def complete(self) -> bool:
        return len(self.rounds) == ROUNDS

    @property
    def winners(self) -> tuple[str, ...] | None:
        """Everyone with the highest total once the game is complete; a tie shares the win."""
        return self.leaders if self.complete else None

    @property
    def leaders(self) -> tuple[str, ...]:
        """Everyone with the highest total so far (nobody before the first round)."""
        if not self.rounds:
            return ()
        totals = self.totals
        best = max(totals.values())
        return tuple(name for name in self.players if totals[name] == best)

    def sheet(self) -> tuple["SheetRow", ...]:
        """The paper score sheet: a row per meld, each player's (round number, result) in
        seat order, or None where the meld is still to be made."""
        made: dict[tuple[Meld, str], tuple[int, MeldScore]] = {}
        for number, round_score in enumerate(self.rounds, start=1):
            for player in round_score.players:
                made[player.meld, player.name] = (number, player.result)
        return tuple(
            SheetRow(meld, tuple(made.get((meld, name)) for name in self.players)) for meld in Meld
        )

    @property
    def seat_totals(self) -> tuple[int, ...]:
        """The totals in seat order, for the sheet's bottom row."""
        totals = self.totals
        return tuple(totals[name] for name in self.players)

    def remaining_melds(self, name: str) -> tuple[Meld, ...]:
        made = {round_score.player(name).meld for round_score in self.rounds}
        return tuple(meld for meld in Meld if meld not in made)

    @property
    def remaining(self) -> tuple[tuple[Meld, ...], ...]:
        """The melds each player has still to make, in seat order."""
        return tuple(self.remaining_melds(name) for name in self.players)


def score_game(
    players: Sequence[str], rounds: Iterable[RoundEntry], decks: int | None = None
) -> GameScore:
    """Score up to seven rounds; each player makes each meld once, in any order.

    The request as a whole is checked first (names, the round count, one entry per player
    in each round, then the player and deck counts); then each round in play order, where
    the first round with an error stops the game and the message names it.
    """
    players = tuple(players)
    rounds = list(rounds)
    check_names(players)
    if len(rounds) > ROUNDS:
        raise InvalidInput(f"A game has {ROUNDS} rounds, not {len(rounds)}.")
    for number, entry in enumerate(rounds, start=1):
        names = [reveal.name for reveal in entry.reveals]
        if sorted(names) != sorted(players):
            raise InvalidInput(f"Round {number} needs exactly one meld from each player.")
        _check_steal_names(entry.steals, players)
    decks = round_decks(len(players), decks)

    made: dict[str, dict[Meld, int]] = {name: {} for name in players}
    scored = []
    for number, entry in enumerate(rounds, start=1):
        try:
            round_score = _score_checked_round(entry.reveals, decks, entry.steals, made)
        except RuleError as error:
            raise type(error)(f"Round {number}: {error.message}", error.player) from error
        for player in round_score.players:
            made[player.name][player.meld] = number
        scored.append(round_score)
    return GameScore(players, tuple(scored))


# ---------------------------------------------------------------------------
# Reading JSON (`shared/api.md` §2): players are named, and an error's `player` is a name


def _read_meld(data: Json) -> Meld | None:
    value = data.get("meld")
    if value is None:
        return None
    try:
        return Meld(value)
    except ValueError:
        names = ", ".join(meld.value for meld in Meld)
        raise InvalidInput(f"“{value}” is not a meld; use one of {names}.") from None


def _read_name(value: object, what: str) -> str:
    name = as_text(value, what)
    if not name:
        raise InvalidInput(f"{what} must not be empty.")
    return name


def _read_reveal(value: object, what: str) -> Reveal:
    entry = as_object(value, what)
    name = _read_name(entry.get("name"), f"The name of {what}")
    cards = card_texts(entry.get("cards"), f"{name}'s cards")
    return Reveal(name, cards, _read_meld(entry))


def _read_steal(value: object) -> Steal:
    entry = as_object(value, "Each steal")
    thief = _read_name(entry.get("thief"), "A steal's “thief”")
    passes = entry.get("pass", False)
    if not isinstance(passes, bool):
        raise InvalidInput("A steal's “pass” must be true or false.")
    if passes:
        return Steal(thief)
    victim = _read_name(entry.get("victim"), f"{thief}'s “victim”")
    card = as_text(entry.get("card"), f"{thief}'s stolen “card”")
    return Steal(thief, victim, card)


def _players_json(round_score: RoundScore) -> list[Json]:
    return [
        {
            "name": player.name,
            "meld": player.meld.value,
            "cards": [str(card) for card in player.result.cards],
            "score": player.score,
            "explanation": player.result.explanation,
        }
        for player in round_score.players
    ]


def meld_endpoint(data: Json) -> Json:
    """Score one meld; `table` holds the opponents' cards for a Beggar Man."""
    cards = card_texts(data.get("cards"), "“cards”")
    meld = _read_meld(data)
    decks = optional_int(data, "decks")
    table = card_texts(or_empty(data.get("table")), "“table”")
    result = score_single_meld(cards, meld, 1 if decks is None else decks, table)
    return {
        "meld": result.meld.value,
        "cards": [str(card) for card in result.cards],
        "score": result.score,
        "explanation": result.explanation,
    }


def round_endpoint(data: Json) -> Json:
    """Score one round and replay the Thieves' steals that follow it."""
    players = [
        _read_reveal(entry, f"player {i}")
        for i, entry in enumerate(as_list(data.get("players"), "“players”"), start=1)
    ]
    steals = [_read_steal(entry) for entry in as_list(or_empty(data.get("steals")), "“steals”")]
    result = score_round(players, optional_int(data, "decks"), steals)
    return {
        "decks": result.decks,
        "players": _players_json(result),
        "scores": result.scores,
        "thief_order": [list(group) for group in result.steals.thief_order],
        "taken": {thief: str(card) for thief, card in result.steals.taken.items()},
        "melds_after_steals": {
            name: [str(card) for card in cards] for name, cards in result.steals.melds_after.items()
        },
    }


def game_endpoint(data: Json) -> Json:
    """Score up to seven rounds of a game (steals never change scores, so none are sent)."""
    players = [
        _read_name(name, "Each player") for name in as_list(data.get("players"), "“players”")
    ]
    rounds = [
        RoundEntry(
            tuple(
                _read_reveal(entry, f"a player in round {number}")
                for entry in as_list(reveals, f"Round {number}")
            )
        )
        for number, reveals in enumerate(as_list(data.get("rounds"), "“rounds”"), start=1)
    ]
    result = score_game(players, rounds, optional_int(data, "decks"))
    winners = result.winners
    return {
        "round_scores": result.round_scores,
        "totals": result.totals,
        "complete": result.complete,
        "winners": None if winners is None else list(winners),
    }


# ---------------------------------------------------------------------------
# The game at the table


def _round_entry(players: Sequence[str], played: Played) -> RoundEntry:
    return RoundEntry(
        tuple(
            Reveal(name, tuple(text.split()))
            for name, text in zip(players, played.cards, strict=True)
        ),
        tuple(Steal(*steal) for steal in played.steals),
    )


def _made(players: Sequence[str], others: Mapping[int, Played]) -> dict[str, set[Meld]]:
    """The melds each player made in the other rounds, from the stored card counts rather
    than the scores, so that a round can still be entered or fixed when another stored
    round no longer passes the rules."""
    made: dict[str, set[Meld]] = {name: set() for name in players}
    for played in others.values():
        for name, text in zip(players, played.cards, strict=True):
            meld = Meld.of_size(len(text.split()))
            if meld is not None:
                made[name].add(meld)
    return made


def _seat_scores(players: Sequence[str], round_score: RoundScore) -> tuple[int, ...]:
    return tuple(round_score.scores[name] for name in players)


def _row(
    number: int, players: Sequence[str], round_score: RoundScore, running: tuple[int, ...]
) -> Row:
    """Round `number` on the scoreboard; Thieves steal after any round but the last."""
    return Row(
        number=number,
        label=f"Round {number}",
        scores=_seat_scores(players, round_score),
        running=running,
        thieves=bool(round_score.steals.thief_order) and number < ROUNDS,
        result=round_score,
    )


@dataclass(frozen=True, kw_only=True)
class IndianChiefKind(GameKind):
    """Indian Chief at the table: seven rounds, a meld each, Thieves' steals after a
    round, and the scoreboard a grid of melds (`Standings.extra` is its `GameScore`).

    The table may choose two decks for two or three players (a variant); the game ends
    with its seventh round, never earlier.
    """

    def default_decks(self, players: int) -> int:
        return default_decks(players)

    def start(self, players: int, chosen: Json) -> tuple[int, Json]:
        return round_decks(players, chosen.get("decks")), {}

    def row_label(self, number: int) -> str:
        """A paper sheet's row is a meld: Thief, Beggar Man…"""
        return list(Meld)[number - 1].label

    def score(
        self, players: Sequence[str], played: Sequence[Played], settings: Json, decks: int
    ) -> Standings:
        game = score_game(players, [_round_entry(players, row) for row in played], decks)
        scores = [_seat_scores(game.players, round_score) for round_score in game.rounds]
        rows = tuple(
            _row(number, game.players, round_score, running)
            for number, (running, round_score) in enumerate(
                zip(running_totals(scores, len(game.players)), game.rounds, strict=True),
                start=1,
            )
        )
        return Standings(
            players=game.players,
            rows=rows,
            totals=game.seat_totals,
            leaders=game.leaders,
            complete=game.complete,
            winners=game.winners,
            extra=game,
        )

    def check(
        self,
        players: Sequence[str],
        number: int,
        entry: Played,
        others: Mapping[int, Played],
        settings: Json,
        decks: int,
    ) -> tuple[Standings | None, list[RuleError]]:
        """Every player's problem at once, so that one save shows them all: their cards
        as the preview reads them (card text, copies beyond the decks in play, a count no
        meld has), then no meld a player made in another round; then the round as a whole;
        then the game up to it, whose problem can only be another round's."""
        reveals = _round_entry(players, entry).reveals
        made = _made(players, others)
        problems: list[RuleError] = []
        for name, result in preview_round(reveals, decks).items():
            if isinstance(result, RuleError):
                problems.append(result)
            elif result is not None and result.meld in made[name]:
                count = len(result.cards)
                problems.append(
                    RepeatedMeld(
                        f"{name} already made {result.meld.label}: {count} "
                        f"{'card' if count == 1 else 'cards'} would make it again.",
                        name,
                    )
                )
        if problems:
            return None, problems
        before = [others[earlier] for earlier in sorted(others) if earlier < number]
        try:
            # The round alone first: its own problem is said next to its player.
            score_round(reveals, decks)
        except RuleError as error:
            return None, [error]
        try:
            return self.score(players, [*before, entry], settings, decks), []
        except RuleError as error:
            # Said above the form, not next to a player of this round.
            return None, [type(error)(error.message)]

    def preview(
        self,
        players: Sequence[str],
        number: int,
        entry: Played,
        others: Mapping[int, Played],
        settings: Json,
        decks: int,
    ) -> list[SeatPreview]:
        """Each meld scored against the cards entered so far for the others, so a Beggar
        Man's matches grow as cards come in; and what each player has still to make."""
        preview = preview_round(_round_entry(players, entry).reveals, decks)
        made = _made(players, others)
        shown = []
        for name in players:
            result = preview[name]
            to_make = tuple(
                ToMake(meld.size, meld.label, meld.value) for meld in Meld if meld not in made[name]
            )
            # With one meld left, its size is the player's whole entry.
            last = to_make[0].size if len(to_make) == 1 else None
            if isinstance(result, RuleError):
                shown.append(SeatPreview(problem=result.message, to_make=to_make, complete_at=last))
            elif result is None:
                shown.append(SeatPreview(to_make=to_make, complete_at=last))
            else:
                repeats = (
                    f"{name} already made {result.meld.label}." if result.meld in made[name] else ""
                )
                shown.append(
                    SeatPreview(
                        text=result.explanation,
                        title=result.meld.label,
                        anchor=result.meld.value,
                        score=result.score,
                        to_make=to_make,
                        repeats=repeats,
                        complete_at=last,
                    )
                )
        return shown

    @property
    def endpoints(self) -> Mapping[str, Endpoint]:
        return {"meld": meld_endpoint, "round": round_endpoint, "game": game_endpoint}


KIND = IndianChiefKind(
    slug=SLUG,
    title=TITLE,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    max_decks=MAX_DECKS,
    decks_rule=DECKS_RULE,
    rounds=ROUNDS,
    round_word="round",
    max_cards=len(Meld),
    settings=("decks",),
    board="melds",
    has_steals=True,
    ends_early=False,
)
