"""Rummy (basic): going out, going rummy, and a game to a target score or a number of hands.

Implements `shared/rules/rummy-family.md` §4 and the `rummy` parts of `shared/api.md` §3
(its JSON is read in `api.py`, the game at the table is `kind.py`), with the house rules
of `shared/rules/house-rules.md` §5 (`HouseRules`: an ace's count, going rummy, penalty
scoring and jokers).
Melding means laying cards down on the table, so every card left in a hand is deadwood
and no meld solver is needed ([R-held-melds-count], §7 D1).

Card text is parsed here, so every caller gets the spec's validation order (§0.4, api.md
§3.1): `invalid_input`, `invalid_card`, `duplicate_card`, then `missing_hand` and
`winner_has_cards`; each step runs over the whole hand before the next.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from games.rules.cards import Card, parse_cards
from games.rules.errors import InvalidInput
from games.rules.melds import Arrangement
from games.rules.rummy_common import (
    Entered,
    MissingHand,
    WinnerHasCards,
    check_copies,
    check_no_hand_after_end,
    check_player_count,
    check_positive,
    check_same_players,
    check_seat,
    leaders,
    parse_hands,
    play_in_order,
    running_totals,
)
from games.rules.text import gettext as _
from games.rules.text import gettext_lazy

TITLE = gettext_lazy("Rummy")
SLUG = "rummy"
MIN_PLAYERS = 2
MAX_PLAYERS = 6


def decks_for(players: int) -> int:
    """One 52-card deck, no jokers, at any table size."""
    return 1


default_decks = decks_for


ONE_DECK_JOKERS = 2  # "up to 2 printed jokers (one deck)" (H53)
JOKER_VALUE = 15
PENALTY = "penalty"


@dataclass(frozen=True)
class HouseRules:
    """Rummy's house rules (house-rules.md §5), the book's values by default: an ace left
    in hand counts `ace_value` (H50); going rummy doubles the hand or not (H51); under
    `scoring` "penalty" every loser scores its own count and the lowest total wins (H52);
    `jokers` "wild_15" adds the deck's two printed jokers, 15 each in hand (H53)."""

    ace_value: int = 1
    going_rummy: str = "double"
    scoring: str = "winner_collects"
    jokers: str = "none"

    @property
    def jokers_in_play(self) -> int:
        return ONE_DECK_JOKERS if self.jokers == "wild_15" else 0

    @property
    def penalty(self) -> bool:
        return self.scoring == PENALTY

    def doubles(self, went_rummy: bool) -> bool:
        return went_rummy and self.going_rummy == "double"


BOOK = HouseRules()


def value(card: Card, rules: HouseRules = BOOK) -> int:
    """A = 1 (or the house's 11 or 15), 2–10 their pips, J Q K = 10 (§0.5), a joker 15.
    Melds are laid on the table, so a joker's wildness changes no count (H53)."""
    if card.is_joker:
        return JOKER_VALUE
    return rules.ace_value if card.rank == "A" else card.face_value


@dataclass(frozen=True)
class HandInput:
    """One hand as entered (api.md §3.3, Rummy): card text, not parsed yet.

    `hands[seat]` is the cards left in that seat's hand; the winner's entry is empty or None.
    """

    winner: int
    hands: tuple[Entered, ...]
    went_rummy: bool = False


@dataclass(frozen=True)
class HandResult:
    """`deadwood` per seat (the winner 0) and `hand_scores` per seat (only the winner scores)."""

    deadwood: tuple[int, ...]
    hand_scores: tuple[int, ...]
    explanation: str


@dataclass(frozen=True)
class Settings:
    """At most one way to end the game; with neither, the table ends it (`game_over` stays
    false)."""

    target_score: int | None = None
    max_hands: int | None = None


@dataclass(frozen=True)
class GameResult:
    """api.md §3.4's `totals`, `game_over` and `winners` (None until the game is over).

    `hand_results` holds each hand's result in play order for the scoreboard; it is not part
    of the API response.
    """

    totals: tuple[int, ...]
    game_over: bool
    winners: tuple[int, ...] | None
    hand_results: tuple[HandResult, ...] = ()


def deadwood(cards: Sequence[str], rules: HouseRules = BOOK) -> Arrangement:
    """api.md §3.2 for Rummy: every card is deadwood, an unlaid run included ([R-held-melds-count]).

    Any number of cards; `invalid_card` (jokers only under `wild_15`), then
    `duplicate_card` (one deck, and its two jokers).
    """
    parsed = parse_cards(cards, jokers=rules.jokers_in_play > 0)
    check_copies([(None, parsed)], decks_for(2), rules.jokers_in_play)
    return Arrangement(
        melds=(), unmatched=parsed, deadwood=sum(value(card, rules) for card in parsed)
    )


def score_hand(hand: HandInput, rules: HouseRules = BOOK) -> HandResult:
    """Score one hand: the winner takes the opponents' deadwood, doubled for going rummy;
    under penalty scoring each loser scores its own count instead (doubled the same way)
    and the winner 0 (H52, H84).

    Validation order:
    1. `invalid_input`: 2–6 players, `winner` a seat, `went_rummy` true or false;
    2. `invalid_card`: any card text (jokers only under `wild_15`), seat by seat;
    3. `duplicate_card`: a card entered twice (one deck), a third joker;
    4. `missing_hand`: a non-winner's hand is None (the first such seat);
    5. `winner_has_cards`: the winner's entry holds cards.

    Going rummy cannot be checked from the cards left, so it is a flag the scorekeeper sets
    (§7 D2). Every card left counts, melds never laid down included ([R-held-melds-count]).
    """
    players = len(hand.hands)
    check_player_count(players, MIN_PLAYERS, MAX_PLAYERS, TITLE)
    winner = check_seat(hand.winner, players, "“winner”")
    if not isinstance(hand.went_rummy, bool):
        # Translators: “went_rummy” is the JSON field's name.
        raise InvalidInput(_("“went_rummy” must be true or false."))
    hands = parse_hands(hand.hands, jokers=rules.jokers_in_play > 0)
    check_copies(
        [(seat, cards or ()) for seat, cards in enumerate(hands)],
        decks_for(players),
        rules.jokers_in_play,
    )
    for seat, cards in enumerate(hands):
        if cards is None and seat != winner:
            raise MissingHand(
                _("Seat {seat}'s cards are missing: enter what is left.").format(seat=seat), seat
            )
    if hands[winner]:
        raise WinnerHasCards(
            _("Seat {seat} won by running out of cards, so their hand must be empty.").format(
                seat=winner
            ),
            winner,
        )

    dead = tuple(
        0 if seat == winner else sum(value(card, rules) for card in cards or ())
        for seat, cards in enumerate(hands)
    )
    times = 2 if rules.doubles(hand.went_rummy) else 1
    if rules.penalty:
        scores = tuple(count * times for count in dead)
    else:
        scores = tuple(sum(dead) * times if seat == winner else 0 for seat in range(players))
    explanation = _explain(winner, hand.went_rummy, hands, dead, times, scores, rules.penalty)
    return HandResult(dead, scores, explanation)


def _explain(
    winner: int,
    went_rummy: bool,
    hands: Sequence[tuple[Card, ...] | None],
    dead: Sequence[int],
    times: int,
    scores: Sequence[int],
    penalty: bool,
) -> str:
    """For example "Seat 2 went rummy. Seat 0: K♠ 4♦ = 14; seat 1: A♥ 2♥ 3♥ = 6. Seat 2
    scores 20 × 2 = 40."; under penalty scoring "… Each loser scores their own count:
    seat 0 14 × 2 = 28, seat 1 6 × 2 = 12."."""
    counts: list[str] = []
    for seat, cards in enumerate(hands):
        if seat != winner:
            shown = " ".join(card.symbol for card in cards or ()) or _("no cards")
            # Translators: a loser's cards and their count, as "seat 0: K♠ 4♦ = 14"; the
            # first in a list of them, then the others.
            first = _("Seat {seat}: {cards} = {count}")
            other = _("seat {seat}: {cards} = {count}")
            counts.append(
                (other if counts else first).format(seat=seat, cards=shown, count=dead[seat])
            )
    if went_rummy:
        opening = _("Seat {seat} went rummy.").format(seat=winner)
    else:
        opening = _("Seat {seat} went out.").format(seat=winner)
    listed = "; ".join(counts)

    def doubled(count: int, score: int) -> str:
        return f"{count} × 2 = {score}" if times == 2 else str(score)

    if penalty:
        each = ", ".join(
            # Translators: a loser's score under penalty scoring, as "seat 0 14" or, doubled
            # for going rummy, "seat 0 14 × 2 = 28".
            _("seat {seat} {points}").format(seat=seat, points=doubled(dead[seat], scores[seat]))
            for seat in range(len(dead))
            if seat != winner
        )
        # Translators: {counts} lists the losers' cards ("Seat 0: K♠ 4♦ = 14; seat 1: …");
        # {scores} what each scores ("seat 0 14, seat 1 6").
        tally = _("{counts}. Each loser scores their own count: {scores}.")
        return f"{opening} {tally.format(counts=listed, scores=each)}"
    # Translators: {counts} lists the losers' cards ("Seat 0: K♠ 4♦ = 14; seat 1: …");
    # {points} is what the winner scores, as "20" or "20 × 2 = 40".
    tally = _("{counts}. Seat {seat} scores {points}.")
    points = doubled(sum(dead), scores[winner])
    return f"{opening} {tally.format(counts=listed, seat=winner, points=points)}"


def check_settings(
    target_score: int | None, max_hands: int | None, what: str = "max_hands"
) -> None:
    """At most one of a target score and a number of hands (or deals), each positive."""
    if target_score is not None and max_hands is not None:
        raise InvalidInput(
            # Translators: “target_score” and {key} are JSON fields' names.
            _("Give “target_score” or “{key}”, not both.").format(key=what)
        )
    if target_score is not None:
        check_positive(target_score, "“target_score”")
    if max_hands is not None:
        check_positive(max_hands, f"“{what}”")


def hand_that_ends(
    running_totals: Sequence[Sequence[int]], target_score: int | None, max_hands: int | None
) -> int | None:
    """The 1-based hand after which the game is over, or None while it goes on.

    With a target the game ends after the first hand in which some total reaches it; with a
    number of hands, after that many; with neither the table ends it (§4.5, §5.6).
    """
    for number, totals in enumerate(running_totals, start=1):
        if target_score is not None and max(totals) >= target_score:
            return number
        if max_hands is not None and number == max_hands:
            return number
    return None


def score_game(
    hands: Sequence[HandInput],
    settings: Settings = Settings(),
    players: int | None = None,
    rules: HouseRules = BOOK,
) -> GameResult:
    """Score hands in play order from zero totals; the highest total wins, a tie is shared
    ([R-tie], §7 D3). Under penalty scoring the lowest total wins, a tie shared, and a
    target score still ends the game once some total reaches it (H52).

    Validation (api.md §3.4): first the request as a whole (`invalid_input`: the settings,
    every hand with the same number of players, and `players` when given); then hand by
    hand with the full `score_hand` checks, the first error naming its hand ("Hand 2: …");
    then `invalid_input` for a hand entered after the game was over.
    """
    check_settings(settings.target_score, settings.max_hands)
    players = check_same_players([len(hand.hands) for hand in hands], players)
    results = play_in_order(hands, lambda number, hand: score_hand(hand, rules))
    running = running_totals([result.hand_scores for result in results], players)
    totals = running[-1] if running else (0,) * players
    ended = hand_that_ends(running, settings.target_score, settings.max_hands)
    check_no_hand_after_end(ended, len(results))
    winners = leaders(totals, lowest=rules.penalty) if ended is not None else None
    return GameResult(totals, ended is not None, winners, tuple(results))
