"""Indian Rummy: 13-card declarations, the life rule for the losers' deadwood, and the game.

Implements `shared/rules/rummy-family.md` §5 (with its OCR reconstruction, §5.0) and the
`indian-rummy` parts of `shared/api.md` §3. Every revealed hand's deadwood is the minimum
over arrangements that hold a pure sequence (`solver.best_arrangement(...,
need_pure_sequence=True)`); the declaration is checked by `solver.can_declare`.

Card text is parsed here, so every caller gets the spec's validation order (§0.4, api.md
§3.1): `invalid_input`, `invalid_card`, `duplicate_card`, `wrong_card_count`, then
`missing_hand` and `invalid_declaration`; each step runs over the whole hand before the
next.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from games.rules.cards import Card, parse_cards, parse_rank
from games.rules.errors import InvalidInput, WrongCardCount
from games.rules.melds import Arrangement, indian_rummy_melds
from games.rules.rummy.scoring import check_settings, hand_that_ends
from games.rules.rummy_common import (
    Entered,
    InvalidDeclaration,
    MissingHand,
    check_copies,
    check_no_hand_after_end,
    check_player_count,
    check_same_players,
    check_seat,
    describe,
    leaders,
    parse_hands,
    play_in_order,
    running_totals,
)
from games.rules.solver import best_arrangement, can_declare

TITLE = "Indian Rummy"
SLUG = "indian-rummy"
MIN_PLAYERS = 2
MAX_PLAYERS = 8
HAND_SIZE = 13
MIN_DECKS = 1
MAX_DECKS = 4
DECKS_RULE = "2 decks for 2–4 players, 3 for 5–8 (each with 2 jokers)."
JOKERS_PER_DECK = 2


def decks_for(players: int, decks: int | None = None) -> int:
    """`decks` when set; by default 2 for 2–4 players and 3 for 5–8 (§7 E11)."""
    if decks is not None:
        return decks
    return 2 if players <= 4 else 3


def default_decks(players: int) -> int:
    return decks_for(players)


def value(card: Card, wild_rank: str | None = None) -> int:
    """A = 10 (§7 E7), 2–10 their pips, J Q K = 10, a printed joker 0, and under house rule
    2 every card of the wild rank 0 ([IR-wild-rank], §7 E10)."""
    if card.is_joker or card.rank == wild_rank:
        return 0
    if card.rank == "A":
        return 10
    return card.face_value


def value_with(wild_rank: str | None) -> Callable[[Card], int]:
    """`value` with the deal's wild rank fixed, for the meld solver."""
    return lambda card: value(card, wild_rank)


@dataclass(frozen=True)
class Settings:
    """A deal's settings; None means the default (or, in a game, the game's setting).

    `decks` 1–4 (default 2 for 2–4 players, 3 for 5–8), `jokers` (default true: 2 printed
    jokers per deck), `wild_rank` rank text or None (house rule 2: that rank in every suit
    is also a joker).
    """

    decks: int | None = None
    jokers: bool | None = None
    wild_rank: str | None = None


@dataclass(frozen=True)
class HandInput:
    """One deal as entered (api.md §3.3, Indian Rummy): card text, not parsed yet.

    `hands[seat]` holds all 13 cards; the winner's may be None.
    """

    winner: int
    hands: tuple[Entered, ...]
    settings: Settings = Settings()


@dataclass(frozen=True)
class HandResult:
    """`deadwood` per seat (the winner 0) and `hand_scores`: the winner + the others'
    deadwood, everyone else − their deadwood."""

    deadwood: tuple[int, ...]
    hand_scores: tuple[int, ...]
    explanation: str


@dataclass(frozen=True)
class GameSettings:
    """At most one of `target_score` or `max_deals` (neither: the table ends the game, e.g.
    after a set time, §7 E12), plus `decks`, `jokers` and `wild_rank` for every deal."""

    target_score: int | None = None
    max_deals: int | None = None
    decks: int | None = None
    jokers: bool | None = None
    wild_rank: str | None = None


@dataclass(frozen=True)
class GameResult:
    """api.md §3.4's `totals`, `game_over` and `winners` (None until the game is over).

    `hand_results` holds each deal's result in play order for the scoreboard; it is not
    part of the API response.
    """

    totals: tuple[int, ...]
    game_over: bool
    winners: tuple[int, ...] | None
    hand_results: tuple[HandResult, ...] = ()


def _check_setting_values(decks: int | None, jokers: bool | None) -> None:
    if decks is not None and (
        isinstance(decks, bool) or not isinstance(decks, int) or not MIN_DECKS <= decks <= MAX_DECKS
    ):
        raise InvalidInput(f"“decks” must be {MIN_DECKS} to {MAX_DECKS}, not {decks!r}.")
    if jokers is not None and not isinstance(jokers, bool):
        raise InvalidInput(f"“jokers” must be true or false, not {jokers!r}.")


def _wild(wild_rank: str | None) -> str | None:
    """The wild rank in canonical form; `invalid_card` for text that is not a rank."""
    return None if wild_rank is None else parse_rank(wild_rank)


def _check_count(cards: Sequence[Card], seat: int | None = None) -> None:
    if len(cards) != HAND_SIZE:
        whose = "The hand" if seat is None else f"Seat {seat}'s hand"
        raise WrongCardCount(f"{whose} has {len(cards)} cards; a hand has {HAND_SIZE}.", seat)


def arrange(
    cards: Sequence[Card], jokers: bool = True, wild_rank: str | None = None
) -> Arrangement:
    """A non-winner's count under the life rule ([IR-life-rule], §5.4).

    If no arrangement holds a pure sequence, every card counts (jokers and wild-rank cards
    still 0) and `melds` is empty. Otherwise the minimum over arrangements that hold one:
    the pure sequence must be in the arrangement scored, so its cards cannot also sit in a
    set ([IR-life-in-arrangement], §7 E2); every other valid set or sequence counts and no
    second sequence is needed (§7 E3); a run of 6+ may count as two sequences
    ([IR-long-run-split], §7 E4); a wild-rank card used as itself keeps a sequence pure
    ([IR-wild-natural], §7 E10). Sets have at most 4 cards in different suits (§7 E6); a
    group of jokers alone is no meld, which changes no count since jokers are worth 0
    (§7 E5). No cap on the count (§7 E9).
    """
    rules = indian_rummy_melds(jokers=jokers, wild_rank=wild_rank)
    return best_arrangement(cards, rules, value_with(wild_rank), need_pure_sequence=True)


def deadwood(
    cards: Sequence[str], decks: int = 2, jokers: bool = True, wild_rank: str | None = None
) -> Arrangement:
    """api.md §3.2 for Indian Rummy: the non-winner count with the pure-sequence rule.

    Order: `invalid_input` (`decks` 1–4, `jokers` true or false), `invalid_card` (the cards,
    then the wild rank; a joker when `jokers` is off), `duplicate_card` (`decks` copies of a
    natural card, 2 jokers per deck), `wrong_card_count` (13 cards).
    """
    _check_setting_values(decks, jokers)
    parsed = parse_cards(cards, jokers=jokers)
    wild = _wild(wild_rank)
    check_copies([(None, parsed)], decks, JOKERS_PER_DECK * decks)
    _check_count(parsed)
    return arrange(parsed, jokers, wild)


def score_hand(hand: HandInput) -> HandResult:
    """Score one deal: each non-winner scores −deadwood, the winner + their sum (§5.5).

    Validation order:
    1. `invalid_input`: 2–8 players, `winner` a seat, `decks` 1–4, `jokers` true or false;
    2. `invalid_card`: any card text, seat by seat (a joker when jokers are off), then the
       wild rank;
    3. `duplicate_card`: more than `decks` copies of a natural card, or more than 2 jokers
       per deck, across all hands;
    4. `wrong_card_count`: a hand given (the winner's too) without 13 cards;
    5. `missing_hand`: a non-winner's hand is None;
    6. `invalid_declaration`: the winner's hand is given and is not all melded with ≥ 2
       sequences, ≥ 1 of them pure. It is refused as an input error, with no penalty
       score (§7 E8).

    Non-winners count under the life rule (see `arrange`); no cap (§7 E9).
    """
    players = len(hand.hands)
    check_player_count(players, MIN_PLAYERS, MAX_PLAYERS, TITLE)
    winner = check_seat(hand.winner, players, "“winner”")
    settings = hand.settings
    _check_setting_values(settings.decks, settings.jokers)
    decks = decks_for(players, settings.decks)
    jokers = True if settings.jokers is None else settings.jokers
    hands = parse_hands(hand.hands, jokers=jokers)
    wild = _wild(settings.wild_rank)
    check_copies(
        [(seat, cards or ()) for seat, cards in enumerate(hands)],
        decks,
        JOKERS_PER_DECK * decks if jokers else 0,
    )
    for seat, cards in enumerate(hands):
        if cards is not None:
            _check_count(cards, seat)
    for seat, cards in enumerate(hands):
        if cards is None and seat != winner:
            raise MissingHand(f"Seat {seat}'s hand is missing: enter all 13 cards.", seat)
    declared = hands[winner]
    rules = indian_rummy_melds(jokers=jokers, wild_rank=wild)
    if declared is not None and not can_declare(declared, rules):
        raise InvalidDeclaration(
            f"Seat {winner} cannot declare with these cards: all 13 must be in sets and "
            "sequences, with at least two sequences and at least one of them pure.",
            winner,
        )

    arrangements = [
        None if seat == winner or cards is None else arrange(cards, jokers, wild)
        for seat, cards in enumerate(hands)
    ]
    dead = tuple(0 if a is None else a.deadwood for a in arrangements)
    scores = tuple(sum(dead) if seat == winner else -dead[seat] for seat in range(players))
    return HandResult(dead, scores, _explain(winner, arrangements, sum(dead)))


def _explain(winner: int, arrangements: Sequence[Arrangement | None], won: int) -> str:
    """For example "Seat 0 declared and scores 30. Seat 1: melded: 3♣ 4♣ 5♣ · … —
    deadwood: … = 30."."""
    parts = [f"Seat {winner} declared and scores {won}."]
    for seat, arrangement in enumerate(arrangements):
        if arrangement is None:
            continue
        text = describe(arrangement.melds, arrangement.unmatched, arrangement.deadwood)
        if not arrangement.melds and arrangement.unmatched:
            text = f"no pure sequence, so every card counts — {text}"
        parts.append(f"Seat {seat}: {text}.")
    return " ".join(parts)


def score_game(
    hands: Sequence[HandInput], settings: GameSettings = GameSettings(), players: int | None = None
) -> GameResult:
    """Score deals in play order from zero totals; the highest total wins, a tie is shared
    ([R-tie], §7 D3). The game ends after the deal in which some total reaches
    `target_score`, after `max_deals` deals, or when the table stops (§5.6, §7 E12).

    The game's `decks`, `jokers` and `wild_rank` apply to every deal; a deal's own setting,
    when not None, overrides that one setting for that deal (so a deal cannot switch off a
    game-wide wild rank: leave it out of the game settings and set it per deal instead).

    Validation (api.md §3.4): first the request as a whole — `invalid_input` for the
    settings (at most one of target_score and max_deals, both positive; decks 1–4; jokers
    a boolean) and unless every deal has the same number of players (and `players`, when
    given); then `invalid_card` for a game-wide wild rank that is not a rank (it belongs
    to no hand, so its message names none); then deal by deal with the full `score_hand`
    checks, the first error naming its hand ("Hand 2: …"); then `invalid_input` for a deal
    entered after the game was over.
    """
    check_settings(settings.target_score, settings.max_deals, "max_deals")
    _check_setting_values(settings.decks, settings.jokers)
    players = check_same_players([len(hand.hands) for hand in hands], players)
    _wild(settings.wild_rank)

    def with_game_settings(hand: HandInput) -> HandInput:
        own = hand.settings
        merged = Settings(
            decks=settings.decks if own.decks is None else own.decks,
            jokers=settings.jokers if own.jokers is None else own.jokers,
            wild_rank=settings.wild_rank if own.wild_rank is None else own.wild_rank,
        )
        return replace(hand, settings=merged)

    results = play_in_order(hands, lambda number, hand: score_hand(with_game_settings(hand)))
    running = running_totals([result.hand_scores for result in results], players)
    totals = running[-1] if running else (0,) * players
    ended = hand_that_ends(running, settings.target_score, settings.max_deals)
    check_no_hand_after_end(ended, len(results))
    return GameResult(
        totals, ended is not None, leaders(totals) if ended is not None else None, tuple(results)
    )
