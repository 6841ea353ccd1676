"""Three Thirteen Rummy: eleven hands of 3 to 13 cards, a new wild rank each hand, lowest wins.

Implements `shared/rules/rummy-family.md` §3 and the `three-thirteen` parts of
`shared/api.md` §3, with the house rules of `shared/rules/house-rules.md` §4 (`HouseRules`:
what J, Q and K count, printed jokers, what an unmelded wild costs). Melds stay in the
hand, so each revealed hand's deadwood is the minimum over all arrangements
(`solver.best_arrangement`), taken with the values in force: a house rule may move a wild
to another meld.

Card text is parsed here, so every caller gets the spec's validation order (§0.4, api.md
§3.1): `invalid_input`, `invalid_card`, `duplicate_card`, `wrong_card_count`, then
`missing_hand` and `went_out_with_deadwood`; each step runs over the whole hand before the
next.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from games.rules.cards import RANKS, Card, parse_cards
from games.rules.errors import InvalidInput, WrongCardCount
from games.rules.melds import Arrangement, three_thirteen_melds
from games.rules.rummy_common import (
    Entered,
    MissingHand,
    WentOutWithDeadwood,
    check_copies,
    check_player_count,
    check_same_players,
    check_seat,
    describe,
    leaders,
    parse_hands,
    play_in_order,
    running_totals,
)
from games.rules.solver import best_arrangement
from games.rules.text import gettext as _
from games.rules.text import gettext_lazy, ngettext

TITLE = gettext_lazy("Three Thirteen")
SLUG = "three-thirteen"
MIN_PLAYERS = 2
# The rules set no upper limit ("two or more"). The scoring API takes up to 16 seats
# (eight decks): more than any real table, and a bound on what one request can cost. The
# table app seats at most 8, as its forms and printed sheets do.
MAX_SEATS = 16
MAX_PLAYERS = 8
HANDS = 11


def decks_for(players: int) -> int:
    """One deck per two players: ceil(players / 2)."""
    return (players + 1) // 2


default_decks = decks_for


def wild_rank(hand_number: int) -> str:
    """The rank whose value is hand_number + 2: 3s on hand 1, …, 10s on 8, J, Q, K on 11."""
    return RANKS[hand_number + 1]


def hand_size(hand_number: int) -> int:
    """Hand h deals h + 2 cards."""
    return hand_number + 2


JOKERS_PER_DECK = 2  # "2 printed jokers per deck" (H41)
COURT_VALUES = {"J": 11, "Q": 12, "K": 13}  # `face_values` "11_12_13" (H40)
WILD_COST = 20  # `wild_unmelded` 20 (H42)
JOKER_COSTS = {"wild_20": 20, "wild_50": 50}  # a joker left unmelded (H41)


@dataclass(frozen=True)
class HouseRules:
    """Three Thirteen's house rules (house-rules.md §4), the book's values by default.

    `face_values` "11_12_13": J, Q, K count 11, 12, 13 (H40). `jokers` "wild_20" or
    "wild_50": two printed jokers per deck, always wild, 20 or 50 left unmelded (H41).
    `wild_unmelded` 20: a card of the hand's wild rank left unmelded costs 20, whatever its
    face (H42); a joker's cost is always its own (H83)."""

    face_values: int | str = 10
    jokers: str = "none"
    wild_unmelded: int | str = "face"

    def jokers_in_play(self, players: int) -> int:
        """How many printed jokers the decks for `players` hold: none by the book."""
        return 0 if self.jokers == "none" else JOKERS_PER_DECK * decks_for(players)


BOOK = HouseRules()


def value(card: Card, rules: HouseRules = BOOK, wild: str | None = None) -> int:
    """What a card left unmelded costs, `wild` being the hand's wild rank: A = 1, 2–10
    their pips, J Q K = 10 (or 11, 12, 13); an unmelded wild its own face value
    ([TT-wild-face-value], §7 C1 — not Five Crowns' 20) unless the house makes it 20; a
    joker 20 or 50."""
    if card.is_joker:
        return JOKER_COSTS[rules.jokers]
    if card.rank == wild and rules.wild_unmelded == WILD_COST:
        return WILD_COST
    if rules.face_values == "11_12_13":
        return COURT_VALUES.get(card.rank, card.face_value)
    return card.face_value


@dataclass(frozen=True)
class HandInput:
    """One hand as entered (api.md §3.3, Three Thirteen): card text, not parsed yet.

    `hands[seat]` is that seat's whole revealed hand; the `went_out` seat's may be None.
    """

    hand_number: int
    went_out: int
    hands: tuple[Entered, ...]


@dataclass(frozen=True)
class HandResult:
    """`deadwood` per seat (the `went_out` seat 0) and `hand_scores` (equal to it)."""

    deadwood: tuple[int, ...]
    hand_scores: tuple[int, ...]
    explanation: str


@dataclass(frozen=True)
class GameResult:
    """api.md §3.4 for Three Thirteen; `winners` (lowest total) is None until hand 11.

    `hand_results` holds each hand's result in play order for the scoreboard; it is not part
    of the API response.
    """

    totals: tuple[int, ...]
    game_over: bool
    winners: tuple[int, ...] | None
    hand_results: tuple[HandResult, ...] = ()


def check_hand_number(hand_number: int) -> None:
    if isinstance(hand_number, bool) or not isinstance(hand_number, int):
        raise InvalidInput(
            # Translators: “hand_number” is the JSON field's name; {given} is the value sent.
            _("“hand_number” must be a whole number, not {given}.").format(given=repr(hand_number))
        )
    if not 1 <= hand_number <= HANDS:
        raise InvalidInput(
            # Translators: “hand_number” is the JSON field's name; {hands} is 11, the
            # game's hands; {given} is the number sent.
            _("“hand_number” must be 1 to {hands}, not {given}.").format(
                hands=HANDS, given=hand_number
            )
        )


def _check_count(cards: Sequence[Card], hand_number: int, seat: int | None = None) -> None:
    expected = hand_size(hand_number)
    count = len(cards)
    if count != expected:
        if seat is None:
            said = ngettext(
                # Translators: {count} is the cards entered; {size} how many hand {number}
                # deals.
                "The hand has {count} card; hand {number} deals {size}.",
                "The hand has {count} cards; hand {number} deals {size}.",
                count,
            )
        else:
            said = ngettext(
                # Translators: {count} is the cards entered; {size} how many hand {number}
                # deals.
                "Seat {seat}'s hand has {count} card; hand {number} deals {size}.",
                "Seat {seat}'s hand has {count} cards; hand {number} deals {size}.",
                count,
            )
        raise WrongCardCount(
            said.format(seat=seat, count=count, number=hand_number, size=expected), seat
        )


def arrange(cards: Sequence[Card], hand_number: int, rules: HouseRules = BOOK) -> Arrangement:
    """The minimum-deadwood arrangement of a revealed hand, with this hand's wild rank and
    the values in force (printed jokers are wild wherever they are in play)."""
    wild = wild_rank(hand_number)
    return best_arrangement(
        cards,
        three_thirteen_melds(wild, jokers=rules.jokers != "none"),
        lambda card: value(card, rules, wild),
    )


def deadwood(
    cards: Sequence[str], hand_number: int, players: int = 2, rules: HouseRules = BOOK
) -> Arrangement:
    """api.md §3.2 for Three Thirteen: the minimum deadwood and one arrangement reaching it.

    Order: `invalid_input` (`hand_number` 1–11, `players` 2–16), `invalid_card` (jokers
    only where the house plays them), `duplicate_card` (ceil(players / 2) decks, two
    jokers a deck), `wrong_card_count` (hand_number + 2 cards).
    """
    check_hand_number(hand_number)
    if isinstance(players, bool) or not isinstance(players, int):
        raise InvalidInput(
            # Translators: “players” is the JSON field's name; {given} is the value sent.
            _("“players” must be a whole number, not {given}.").format(given=repr(players))
        )
    check_player_count(players, MIN_PLAYERS, MAX_SEATS, TITLE)
    jokers = rules.jokers_in_play(players)
    parsed = parse_cards(cards, jokers=jokers > 0)
    check_copies([(None, parsed)], decks_for(players), jokers)
    _check_count(parsed, hand_number)
    return arrange(parsed, hand_number, rules)


def score_hand(hand: HandInput, rules: HouseRules = BOOK) -> HandResult:
    """Score one hand: each player scores their deadwood; the player who went out 0.

    Validation order:
    1. `invalid_input`: `hand_number` 1–11, 2–16 players, `went_out` a seat;
    2. `invalid_card`: any card text (`JK` only where the house plays jokers), seat by
       seat;
    3. `duplicate_card`: more copies than ceil(players / 2) decks hold (two jokers a
       deck), across all hands;
    4. `wrong_card_count`: a hand given (the went-out one too) without hand_number + 2 cards;
    5. `missing_hand`: another seat's hand is None;
    6. `went_out_with_deadwood`: the went-out hand is given and cannot be melded whole
       (the hand is optional but verified when given, §7 C3).

    Sets may repeat identical cards from several decks and have any size
    ([TT-set-duplicates], §7 C2); an unmelded wild counts its face value
    ([TT-wild-face-value], §7 C1). Others may score 0 too; there is no laying off. The
    house rules change the values, and so perhaps the best arrangement (H40–H42, H83).
    """
    check_hand_number(hand.hand_number)
    players = len(hand.hands)
    check_player_count(players, MIN_PLAYERS, MAX_SEATS, TITLE)
    went_out = check_seat(hand.went_out, players, "“went_out”")
    jokers = rules.jokers_in_play(players)
    hands = parse_hands(hand.hands, jokers=jokers > 0)
    check_copies(
        [(seat, cards or ()) for seat, cards in enumerate(hands)], decks_for(players), jokers
    )
    for seat, cards in enumerate(hands):
        if cards is not None:
            _check_count(cards, hand.hand_number, seat)
    for seat, cards in enumerate(hands):
        if cards is None and seat != went_out:
            raise MissingHand(
                _("Seat {seat}'s hand is missing: enter all their cards.").format(seat=seat), seat
            )

    arrangements = [
        None if cards is None else arrange(cards, hand.hand_number, rules) for cards in hands
    ]
    shown = arrangements[went_out]
    if shown is not None and shown.deadwood > 0:
        raise WentOutWithDeadwood(
            # Translators: {arrangement} is the hand's best count, as "melded: 5♠ 6♠ 7♠ —
            # deadwood: 9♣ = 9".
            _("Seat {seat} went out but cannot meld every card: {arrangement}.").format(
                seat=went_out,
                arrangement=describe(shown.melds, shown.unmatched, shown.deadwood),
            ),
            went_out,
        )
    dead = tuple(
        0 if seat == went_out or arrangement is None else arrangement.deadwood
        for seat, arrangement in enumerate(arrangements)
    )
    return HandResult(dead, dead, _explain(hand.hand_number, went_out, arrangements))


def _explain(hand_number: int, went_out: int, arrangements: Sequence[Arrangement | None]) -> str:
    """For example "Hand 2, 4s wild; seat 0 went out. Seat 1: melded: 4♦ 7♣ 7♠ —
    deadwood: Q♥ = 10."."""
    # Translators: {rank} is the hand's wild rank (3, 4, …, 10, J, Q, K): "Hand 2, 4s wild".
    opening = _("Hand {number}, {rank}s wild; seat {seat} went out.")
    parts = [opening.format(number=hand_number, rank=wild_rank(hand_number), seat=went_out)]
    for seat, arrangement in enumerate(arrangements):
        if arrangement is not None:
            text = describe(arrangement.melds, arrangement.unmatched, arrangement.deadwood)
            # Translators: what one seat's hand came to; {said} is its count ("melded: 5♠
            # 6♠ 7♠ — deadwood: 9♣ 2♥ = 11") or its outcome ("first drop 20").
            parts.append(_("Seat {seat}: {said}.").format(seat=seat, said=text))
    return " ".join(parts)


def score_game(
    hands: Sequence[HandInput], players: int | None = None, rules: HouseRules = BOOK
) -> GameResult:
    """Score hands 1, 2, … in play order from zero totals; after hand 11 the lowest total
    wins, a tie is shared ([R-tie], §7 D3).

    Validation (api.md §3.4): first `invalid_input` for the request as a whole (at most 11
    hands, hand k numbered k, every hand with the same number of players, and `players`
    when given); then hand by hand with the full `score_hand` checks, the first error
    naming its hand ("Hand 2: …").
    """
    if len(hands) > HANDS:
        raise InvalidInput(
            # Translators: {hands} is 11, a game's hands; {count} the hands sent.
            _("A game has {hands} hands, not {count}.").format(hands=HANDS, count=len(hands))
        )
    for number, hand in enumerate(hands, start=1):
        if hand.hand_number != number or isinstance(hand.hand_number, bool):
            raise InvalidInput(
                # Translators: “hand_number” is the JSON field's name; {given} is the value
                # sent.
                _("Hand {number} must have “hand_number” {number}, not {given}.").format(
                    number=number, given=repr(hand.hand_number)
                )
            )
    players = check_same_players([len(hand.hands) for hand in hands], players)
    results = play_in_order(hands, lambda number, hand: score_hand(hand, rules))
    running = running_totals([result.hand_scores for result in results], players)
    totals = running[-1] if running else (0,) * players
    over = len(results) == HANDS
    return GameResult(totals, over, leaders(totals, lowest=True) if over else None, tuple(results))
