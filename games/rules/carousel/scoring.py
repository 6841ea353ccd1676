"""Carousel: knocks, undercuts and the race to 150 with box and game bonuses.

Implements `shared/rules/rummy-family.md` §2 and the `carousel` parts of `shared/api.md` §3,
with the house rule of `shared/rules/house-rules.md` §3 (`HouseRules`).
All melds are on the table and "no further melding may take place" after a knock, so every
card in a hand is deadwood ([CA-no-hand-melds], §7 B1) and no meld solver is needed.

Card text is parsed here, so every caller gets the spec's validation order (§0.4, api.md
§3.1): `invalid_input`, `invalid_card`, `duplicate_card`, then `missing_hand` and
`knock_not_allowed`; each step runs over the whole hand before the next.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from games.rules.cards import Card, parse_cards, show
from games.rules.errors import InvalidInput
from games.rules.melds import Arrangement
from games.rules.rummy_common import (
    Entered,
    KnockNotAllowed,
    MissingHand,
    check_copies,
    check_no_hand_after_end,
    check_player_count,
    check_same_players,
    check_seat,
    leaders,
    parse_hands,
    play_in_order,
)
from games.rules.text import gettext as _
from games.rules.text import gettext_lazy, ngettext, together

TITLE = gettext_lazy("Carousel")
SLUG = "carousel"
MIN_PLAYERS = 2
MAX_PLAYERS = 5

KNOCK_LIMIT = 4  # "less than five points in deadwood" (§7 B2)
UNDERCUT_BONUS = 10
ALL_MELDED_BONUS = 25
JOKER_VALUE = 25
GAME_TARGET = 150
BOX_BONUS = 25
GAME_BONUS = 100


def decks_for(players: int) -> int:
    """One deck for 2 players, two for 3–5."""
    return 1 if players <= 2 else 2


default_decks = decks_for


def jokers_for(players: int) -> int:
    """One joker per deck: 1 for 2 players, 2 for 3–5 (a joker appears at most that often)."""
    return decks_for(players)


def value(card: Card) -> int:
    """A = 1, 2–10 their pips, J Q K = 10, joker 25 (§0.5)."""
    return JOKER_VALUE if card.is_joker else card.face_value


@dataclass(frozen=True)
class HouseRules:
    """Carousel's house rules (house-rules.md §3): `knock_max` is the most deadwood a
    knocker may hold, 4 by the book ("less than five", B2) or 5 (H30)."""

    knock_max: int = KNOCK_LIMIT


BOOK = HouseRules()


@dataclass(frozen=True)
class HandInput:
    """One hand as entered (api.md §3.3, Carousel): card text, not parsed yet.

    `hands[seat]` is what that seat still holds when the knock ends the hand.
    """

    knocker: int
    hands: tuple[Entered, ...]


@dataclass(frozen=True)
class HandResult:
    """`deadwood` and `hand_scores` per seat; `winners` lists the winning seats."""

    deadwood: tuple[int, ...]
    winners: tuple[int, ...]
    hand_scores: tuple[int, ...]
    explanation: str


@dataclass(frozen=True)
class GameResult:
    """api.md §3.4 for Carousel. `totals` are before the end bonuses; `winners` and
    `final_scores` are None until the game is over.

    `hand_results` holds each hand's result in play order for the scoreboard; it is not part
    of the API response.
    """

    totals: tuple[int, ...]
    hands_won: tuple[int, ...]
    game_over: bool
    winners: tuple[int, ...] | None
    final_scores: tuple[int, ...] | None
    hand_results: tuple[HandResult, ...] = ()


def check_players(players: int) -> None:
    """`invalid_input` unless 2–5 players (they set the decks and jokers)."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise InvalidInput(
            # Translators: “players” is the JSON field's name; {given} is the value sent.
            _("“players” must be a whole number from 2 to 5, not {given}.").format(
                given=repr(players)
            )
        )
    check_player_count(players, MIN_PLAYERS, MAX_PLAYERS, TITLE)


def deadwood(cards: Sequence[str], players: int) -> Arrangement:
    """api.md §3.2 for Carousel: every card in hand is deadwood ([CA-no-hand-melds]).

    `players` (2–5, the required context) sets the decks and jokers. Any number of cards.
    Order: `invalid_input` (players), `invalid_card`, `duplicate_card` (a natural card more
    than once per deck, a joker more than once per deck).
    """
    check_players(players)
    parsed = parse_cards(cards, jokers=True)
    check_copies([(None, parsed)], decks_for(players), jokers_for(players))
    return Arrangement(melds=(), unmatched=parsed, deadwood=sum(map(value, parsed)))


def winners_of(knocker: int, dead: Sequence[int]) -> tuple[int, ...]:
    """The knocker wins if every opponent has strictly more deadwood; otherwise the
    opponents with the lowest deadwood win ("lower or equal" undercuts), every tied one
    of them (§7 B4)."""
    opponents = [seat for seat in range(len(dead)) if seat != knocker]
    if all(dead[seat] > dead[knocker] for seat in opponents):
        return (knocker,)
    lowest = min(dead[seat] for seat in opponents)
    return tuple(seat for seat in opponents if dead[seat] == lowest)


def hand_score(seat: int, knocker: int, dead: Sequence[int]) -> int:
    """A winner's score: Σ (dw[j] − dw[w]) over the others, +10 for an undercut, +25 for
    deadwood 0 (the bonus goes to any winner with 0, §7 B3)."""
    score = sum(dead[other] - dead[seat] for other in range(len(dead)) if other != seat)
    if seat != knocker:
        score += UNDERCUT_BONUS
    if dead[seat] == 0:
        score += ALL_MELDED_BONUS
    return score


def score_hand(hand: HandInput, rules: HouseRules = BOOK) -> HandResult:
    """Score one knock.

    Validation order:
    1. `invalid_input`: 2–5 players, `knocker` a seat;
    2. `invalid_card`: any card text, seat by seat (jokers allowed);
    3. `duplicate_card`: more copies than the decks hold (1 deck and 1 joker for 2
       players, 2 decks and 2 jokers for 3–5), across all hands;
    4. `missing_hand`: a hand is None (the first such seat);
    5. `knock_not_allowed`: the knocker's deadwood is over `rules.knock_max` ("less than
       five" is ≤ 4 by the book, §7 B2; 5 under H30).

    Every card held is deadwood ([CA-no-hand-melds], §7 B1). Tied undercutters all win and
    each scores in full (§7 B4); everyone else scores 0.
    """
    players = len(hand.hands)
    check_player_count(players, MIN_PLAYERS, MAX_PLAYERS, TITLE)
    knocker = check_seat(hand.knocker, players, "“knocker”")
    hands = parse_hands(hand.hands, jokers=True)
    check_copies(
        [(seat, cards or ()) for seat, cards in enumerate(hands)],
        decks_for(players),
        jokers_for(players),
    )
    held: list[tuple[Card, ...]] = []
    for seat, cards in enumerate(hands):
        if cards is None:
            raise MissingHand(
                _("Seat {seat}'s cards are missing: enter what they hold (none is fine).").format(
                    seat=seat
                ),
                seat,
            )
        held.append(cards)
    dead = tuple(sum(map(value, cards)) for cards in held)
    if dead[knocker] > rules.knock_max:
        raise KnockNotAllowed(
            # Translators: {count} is the knocker's deadwood; {most} the most a knock allows.
            _("Seat {seat} knocked with {count} deadwood; a knock needs {most} or less.").format(
                seat=knocker, count=dead[knocker], most=rules.knock_max
            ),
            knocker,
        )
    won = winners_of(knocker, dead)
    scores = tuple(hand_score(seat, knocker, dead) if seat in won else 0 for seat in range(players))
    return HandResult(dead, won, scores, _explain(knocker, held, dead, won, scores))


def _explain(
    knocker: int,
    held: Sequence[tuple[Card, ...]],
    dead: Sequence[int],
    won: Sequence[int],
    scores: Sequence[int],
) -> str:
    """For example "Seat 1 knocked with 3; seat 0 undercuts with 3. Seat 0 scores (3 − 3) + (34 − 3)
    + 10 undercut = 41. Deadwood: seat 0 2♣ A♦ = 3; …"."""
    if won == (knocker,):
        # Translators: {count} is the knocker's deadwood.
        opening = _("Seat {seat} knocked with {count} and wins.").format(
            seat=knocker, count=dead[knocker]
        )
    else:
        # Translators: a player named by their seat in a list of them ("seat 0 and seat
        # 2 undercut").
        said = [_("seat {seat}").format(seat=seat) for seat in won]
        names = together(said)
        opening = ngettext(
            # Translators: {count} is the knocker's deadwood; {names} who undercut ("seat
            # 0", "seat 0 and seat 2"); {undercut} their deadwood.
            "Seat {seat} knocked with {count}; {names} undercuts with {undercut}.",
            "Seat {seat} knocked with {count}; {names} undercut with {undercut}.",
            len(won),
        ).format(seat=knocker, count=dead[knocker], names=names, undercut=dead[won[0]])
    sums = []
    for seat in won:
        terms = [f"({dead[other]} − {dead[seat]})" for other in range(len(dead)) if other != seat]
        if seat != knocker:
            # Translators: a term of a winner's sum: the bonus for an undercut.
            terms.append(_("{bonus} undercut").format(bonus=UNDERCUT_BONUS))
        if dead[seat] == 0:
            # Translators: a term of a winner's sum: the bonus for no deadwood.
            terms.append(_("{bonus} for melding everything").format(bonus=ALL_MELDED_BONUS))
        sums.append(
            # Translators: {terms} is the sum, as "(3 − 3) + (34 − 3) + 10 undercut".
            _("Seat {seat} scores {terms} = {score}.").format(
                seat=seat, terms=" + ".join(terms), score=scores[seat]
            )
        )
    cards = "; ".join(
        # Translators: a player's cards and deadwood, as "seat 0 2♣ A♦ = 3".
        _("seat {seat} {cards} = {count}").format(
            seat=seat, cards=show(hand) or _("no cards"), count=dead[seat]
        )
        for seat, hand in enumerate(held)
    )
    # Translators: {counts} lists every player's cards and deadwood ("seat 0 2♣ A♦ = 3;
    # seat 1 …").
    deadwood = _("Deadwood: {counts}.").format(counts=cards)
    return " ".join([opening, *sums, deadwood])


def score_game(
    hands: Sequence[HandInput], players: int | None = None, rules: HouseRules = BOOK
) -> GameResult:
    """Score hands in play order from zero totals, to the first hand ending with some
    total ≥ 150.

    The threshold is tested on totals before the bonuses. The highest total then wins; an
    exact tie gives joint winners (§7 B5). Final score = total + 25 per hand won (box bonus,
    every player; each tied undercutter counts the hand as won) + 100 for a game winner.

    Validation (api.md §3.4): first `invalid_input` for the request as a whole (every hand
    with the same number of players, and `players` when given); then hand by hand with the
    full `score_hand` checks, the first error naming its hand ("Hand 2: …"); then
    `invalid_input` for a hand entered after the game was over.
    """
    players = check_same_players([len(hand.hands) for hand in hands], players)
    results = play_in_order(hands, lambda number, hand: score_hand(hand, rules))
    totals = [0] * players
    won = [0] * players
    ended: int | None = None
    for number, result in enumerate(results, start=1):
        for seat in range(players):
            totals[seat] += result.hand_scores[seat]
        for seat in result.winners:
            won[seat] += 1
        if ended is None and max(totals) >= GAME_TARGET:
            ended = number
            # Later hands are refused below; stop counting so totals are those at the end.
            break
    check_no_hand_after_end(ended, len(results))
    if ended is None:
        return GameResult(tuple(totals), tuple(won), False, None, None, tuple(results))
    winners = leaders(totals)
    final = tuple(
        total + BOX_BONUS * won[seat] + (GAME_BONUS if seat in winners else 0)
        for seat, total in enumerate(totals)
    )
    return GameResult(tuple(totals), tuple(won), True, winners, final, tuple(results))
