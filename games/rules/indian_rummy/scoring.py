"""Indian Rummy: 13-card declarations, the life rule for the losers' deadwood, and the game.

Implements `shared/rules/rummy-family.md` §5 (with its OCR reconstruction, §5.0) and the
`indian-rummy` parts of `shared/api.md` §3, with the house rules of
`shared/rules/house-rules.md` §6 (`house.HouseRules`: the format, drops, wrong shows, the full
count and the life rule). Every revealed hand's deadwood is the minimum over arrangements
that hold a pure sequence (`solver.best_arrangement(..., need_pure_sequence=True)`, and a
second sequence under `life_rule: two_sequences`); the declaration is checked by
`solver.can_declare`.

A deal charges every seat some points (H60): the winner 0, a seat that showed its count
(capped by `full_count`), a seat with an outcome (a drop or a wrong show, H61) that
outcome's value. Deals and points settle them (the winner collects); a pool adds them to
each seat's pool score and puts out whoever reaches the limit (H66).

Card text is parsed here, so every caller gets the spec's validation order (§0.4, api.md
§3.1): `invalid_input`, `invalid_card`, `duplicate_card`, `wrong_card_count`, then
`missing_hand` and `invalid_declaration`; each step runs over the whole hand before the
next.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from games.rules.cards import Card, parse_cards, parse_rank
from games.rules.errors import InvalidInput, WrongCardCount
from games.rules.indian_rummy.house import (
    BOOK,
    DEALS,
    POINTS,
    ROW,
    HouseRules,
    dealers,
    read_outcomes,
)
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
from games.rules.text import gettext as _
from games.rules.text import gettext_lazy, ngettext

TITLE = gettext_lazy("Indian Rummy")
SLUG = "indian-rummy"
MIN_PLAYERS = 2
MAX_PLAYERS = 8
HAND_SIZE = 13
MIN_DECKS = 1
MAX_DECKS = 4
DECKS_RULE = gettext_lazy("2 decks for 2–4 players, 3 for 5–8 (each with 2 jokers).")
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

    `hands[seat]` holds all 13 cards; the winner's may be None, and so may the hand of a
    seat with an outcome. `outcomes` is the JSON's per-seat list of outcomes (None, or
    "first_drop", "middle_drop", "wrong_show"; H63), checked when scored; None: every
    seat won or showed.
    """

    winner: int
    hands: tuple[Entered, ...]
    settings: Settings = Settings()
    outcomes: object = None


@dataclass(frozen=True)
class HandResult:
    """`deadwood` per seat: the winner 0, a seat that showed its count before any cap,
    None for a seat with an outcome or out of the pool. `hand_scores`: under deals and
    points the winner + the others' charges, everyone else − their charge; in a pool each
    other seat + its charge, the winner 0 (api.md §4.3).

    `winner` is who won the deal; `out_after` the seats out of the pool once it is scored
    (the deal passes over them); `outcomes` each seat's outcome as its row says it ("first
    drop 20", H90), "" for a seat without one; none of them is part of the API answer."""

    deadwood: tuple[int | None, ...]
    hand_scores: tuple[int, ...]
    explanation: str
    winner: int = 0
    out_after: frozenset[int] = frozenset()
    outcomes: tuple[str, ...] = ()


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
    """api.md §3.4's `totals`, `game_over` and `winners` (None until the game is over),
    and for a pool api.md §4.3's `eliminated` (per seat, the deal after which it went out,
    or None) and `next_dealer` (None once the game is over).

    `hand_results` holds each deal's result in play order for the scoreboard, and
    `pool_limit` the pool score that puts a seat out (None outside a pool) for the board;
    neither is part of the API response.
    """

    totals: tuple[int, ...]
    game_over: bool
    winners: tuple[int, ...] | None
    hand_results: tuple[HandResult, ...] = ()
    eliminated: tuple[int | None, ...] = ()
    next_dealer: int | None = None
    pool_limit: int | None = None


def _check_setting_values(decks: int | None, jokers: bool | None) -> None:
    if decks is not None and (
        isinstance(decks, bool) or not isinstance(decks, int) or not MIN_DECKS <= decks <= MAX_DECKS
    ):
        raise InvalidInput(
            # Translators: “decks” is the JSON field's name; {given} is the value sent.
            _("“decks” must be {least} to {most}, not {given}.").format(
                least=MIN_DECKS, most=MAX_DECKS, given=repr(decks)
            )
        )
    if jokers is not None and not isinstance(jokers, bool):
        raise InvalidInput(
            # Translators: “jokers” is the JSON field's name; {given} is the value sent.
            _("“jokers” must be true or false, not {given}.").format(given=repr(jokers))
        )


def _wild(wild_rank: str | None) -> str | None:
    """The wild rank in canonical form; `invalid_card` for text that is not a rank."""
    return None if wild_rank is None else parse_rank(wild_rank)


def _check_count(cards: Sequence[Card], seat: int | None = None) -> None:
    count = len(cards)
    if count != HAND_SIZE:
        if seat is None:
            said = ngettext(
                "The hand has {count} card; a hand has {size}.",
                "The hand has {count} cards; a hand has {size}.",
                count,
            )
        else:
            said = ngettext(
                "Seat {seat}'s hand has {count} card; a hand has {size}.",
                "Seat {seat}'s hand has {count} cards; a hand has {size}.",
                count,
            )
        raise WrongCardCount(said.format(seat=seat, count=count, size=HAND_SIZE), seat)


def arrange(
    cards: Sequence[Card],
    jokers: bool = True,
    wild_rank: str | None = None,
    rules: HouseRules = BOOK,
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
    (§7 E5). No cap on the count (§7 E9): `full_count` caps what a seat is charged, never
    its count (H60, H62).

    Under `life_rule: two_sequences` (H64) only arrangements that also hold a second
    sequence count, a run of 6+ counting as two (§7 E4); with none, every card counts.
    """
    melds = indian_rummy_melds(jokers=jokers, wild_rank=wild_rank)
    return best_arrangement(
        cards,
        melds,
        value_with(wild_rank),
        need_pure_sequence=True,
        need_second_sequence=rules.second_sequence,
    )


def deadwood(
    cards: Sequence[str],
    decks: int = 2,
    jokers: bool = True,
    wild_rank: str | None = None,
    rules: HouseRules = BOOK,
) -> Arrangement:
    """api.md §3.2 for Indian Rummy: the non-winner count under the life rule in force,
    never capped (H60).

    Order: `invalid_input` (`decks` 1–4, `jokers` true or false), `invalid_card` (the cards,
    then the wild rank; a joker when `jokers` is off), `duplicate_card` (`decks` copies of a
    natural card, 2 jokers per deck), `wrong_card_count` (13 cards).
    """
    _check_setting_values(decks, jokers)
    parsed = parse_cards(cards, jokers=jokers)
    wild = _wild(wild_rank)
    check_copies([(None, parsed)], decks, JOKERS_PER_DECK * decks)
    _check_count(parsed)
    return arrange(parsed, jokers, wild, rules)


def score_hand(
    hand: HandInput, rules: HouseRules = BOOK, out: frozenset[int] = frozenset()
) -> HandResult:
    """Score one deal: each seat is charged its points (the winner 0, a seat that showed
    its count capped by `full_count`, a seat with an outcome that outcome's value); under
    deals and points each other seat scores −points and the winner their sum (§5.5, H60),
    in a pool each other seat scores +points and the winner 0. `out` holds the seats
    already out of the pool (H66): they sit the deal out and score 0.

    Validation order:
    1. `invalid_input`: 2–8 players, `winner` a seat, `decks` 1–4, `jokers` true or false;
       then a seat out of the pool as the winner, with cards or with an outcome; then
       `outcomes` (H63): a list of one entry per seat, each null or an outcome's name, only
       outcomes these rules have, none for the winner;
    2. `invalid_card`: any card text, seat by seat (a joker when jokers are off), then the
       wild rank;
    3. `duplicate_card`: more than `decks` copies of a natural card, or more than 2 jokers
       per deck, across all hands;
    4. `wrong_card_count`: a hand given (the winner's, and one with an outcome, too)
       without 13 cards;
    5. `missing_hand`: the hand of a seat that showed is None;
    6. `invalid_declaration`: the winner's hand is given, some other seat showed, and it
       is not all melded with ≥ 2 sequences, ≥ 1 of them pure. It is refused as an input
       error, with no penalty score (§7 E8); a wrong show is entered as the outcome of the
       seat that made it (H61).

    When every other seat still in dropped or made a wrong show, the winner is the last
    one standing and shows nothing (H65): cards given for it are checked as cards (text,
    copies, 13 of them), as a dropped seat's are, but not as a declaration.
    """
    players = len(hand.hands)
    check_player_count(players, MIN_PLAYERS, MAX_PLAYERS, TITLE)
    winner = check_seat(hand.winner, players, "“winner”")
    settings = hand.settings
    _check_setting_values(settings.decks, settings.jokers)
    _check_sitting_out(hand, winner, out)
    outcomes = read_outcomes(hand.outcomes, players, winner, rules)
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
    showed = [
        seat
        for seat in range(players)
        if seat != winner and seat not in out and outcomes[seat] is None
    ]
    shown: dict[int, tuple[Card, ...]] = {}
    for seat in showed:
        cards = hands[seat]
        if cards is None:
            raise MissingHand(
                _("Seat {seat}'s hand is missing: enter all 13 cards.").format(seat=seat), seat
            )
        shown[seat] = cards
    declared = hands[winner]
    melds = indian_rummy_melds(jokers=jokers, wild_rank=wild)
    if declared is not None and showed and not can_declare(declared, melds):
        raise InvalidDeclaration(
            _(
                "Seat {seat} cannot declare with these cards: all 13 must be in sets and "
                "sequences, with at least two sequences and at least one of them pure."
            ).format(seat=winner),
            winner,
        )

    arrangements = {seat: arrange(cards, jokers, wild, rules) for seat, cards in shown.items()}
    dead = tuple(
        0 if seat == winner else arrangements[seat].deadwood if seat in arrangements else None
        for seat in range(players)
    )

    def charge(seat: int) -> int:
        """H60: the winner 0, a seat that showed its capped count, an outcome its value."""
        outcome = outcomes[seat]
        if seat in arrangements:
            return rules.charged(arrangements[seat].deadwood)
        return 0 if outcome is None else rules.points_for(outcome) or 0

    charges = tuple(charge(seat) for seat in range(players))
    if rules.pool_limit is None:
        scores = tuple(
            sum(charges) if seat == winner else -points for seat, points in enumerate(charges)
        )
    else:
        scores = charges
    said = tuple(
        "" if outcome is None else ROW[outcome].format(points=points)
        for outcome, points in zip(outcomes, charges, strict=True)
    )
    explanation = _explain(winner, arrangements, said, charges, scores, rules)
    return HandResult(dead, scores, explanation, winner, outcomes=said)


def _check_sitting_out(hand: HandInput, winner: int, out: frozenset[int]) -> None:
    """`invalid_input` for a seat out of the pool that wins, shows cards or has an outcome:
    it sits out every deal after it went out (H66, H68)."""
    if winner in out:
        raise InvalidInput(
            _("Seat {seat} is out of the pool, so it cannot win a deal.").format(seat=winner),
            winner,
        )
    outcomes = hand.outcomes if isinstance(hand.outcomes, list | tuple) else ()
    for seat in sorted(out):
        if hand.hands[seat] is not None:
            raise InvalidInput(
                _("Seat {seat} is out of the pool: it has no cards to enter.").format(seat=seat),
                seat,
            )
        if seat < len(outcomes) and outcomes[seat] is not None:
            raise InvalidInput(
                _("Seat {seat} is out of the pool: it has no outcome.").format(seat=seat), seat
            )


def _explain(
    winner: int,
    arrangements: dict[int, Arrangement],
    outcomes: Sequence[str],
    charges: Sequence[int],
    scores: Sequence[int],
    rules: HouseRules,
) -> str:
    """For example "Seat 0 declared and scores 30. Seat 1: melded: 3♣ 4♣ 5♣ · … —
    deadwood: … = 30."; with outcomes (each seat's in words, "" for none) "Seat 1: first
    drop 20.", a count over the full
    count "… = 84, charged 80 (full count)."; in a pool "Seat 0 declared; each other seat
    adds its points to its pool score."."""
    if rules.pool_limit is None:
        if arrangements:
            opening = _("Seat {seat} declared and scores {score}.")
        else:
            opening = _(
                "Seat {seat} was left in after every other seat dropped out and scores {score}."
            )
    elif arrangements:
        opening = _("Seat {seat} declared; each other seat adds its points to its pool score.")
    else:
        opening = _(
            "Seat {seat} was left in after every other seat dropped out; each other seat adds "
            "its points to its pool score."
        )
    parts = [opening.format(seat=winner, score=scores[winner])]
    for seat, outcome in enumerate(outcomes):
        if seat in arrangements:
            arrangement = arrangements[seat]
            text = describe(arrangement.melds, arrangement.unmatched, arrangement.deadwood)
            if not arrangement.melds and arrangement.unmatched:
                if rules.second_sequence:
                    # Translators: {arrangement} is the hand's count, as "deadwood: 9♣ 2♥ =
                    # 11"; the life rule asks for two sequences, one of them pure.
                    life = _("no two sequences, one pure, so every card counts — {arrangement}")
                else:
                    # Translators: {arrangement} is the hand's count, as "deadwood: 9♣ 2♥ =
                    # 11".
                    life = _("no pure sequence, so every card counts — {arrangement}")
                text = life.format(arrangement=text)
            if charges[seat] < arrangement.deadwood:
                # Translators: {arrangement} is the hand's count ("melded: … — deadwood: …
                # = 84"); {charge} is what the full count caps it at.
                text = _("{arrangement}, charged {charge} (full count)").format(
                    arrangement=text, charge=charges[seat]
                )
            parts.append(_seat_said(seat, text))
        elif outcome:
            parts.append(_seat_said(seat, outcome))
    return " ".join(parts)


def _seat_said(seat: int, said: str) -> str:
    """ "Seat 1: melded: … — deadwood: … = 30." or "Seat 1: first drop 20."."""
    # Translators: what one seat's hand came to; {said} is its count ("melded: 5♠ 6♠ 7♠ —
    # deadwood: 9♣ 2♥ = 11") or its outcome ("first drop 20").
    return _("Seat {seat}: {said}.").format(seat=seat, said=said)


OWN_END = {
    # Translators: {key} is a JSON field's name (“target_score” or “max_deals”).
    POINTS: gettext_lazy("“{key}” ends a game of deals; a points game ends by its own rule."),
    # Translators: {key} is a JSON field's name (“target_score” or “max_deals”).
    "pool_101": gettext_lazy("“{key}” ends a game of deals; a pool 101 game ends by its own rule."),
    # Translators: {key} is a JSON field's name (“target_score” or “max_deals”).
    "pool_201": gettext_lazy("“{key}” ends a game of deals; a pool 201 game ends by its own rule."),
}


def score_game(
    hands: Sequence[HandInput],
    settings: GameSettings = GameSettings(),
    players: int | None = None,
    rules: HouseRules = BOOK,
) -> GameResult:
    """Score deals in play order from zero totals.

    Deals (the book): the highest total wins, a tie is shared ([R-tie], §7 D3). The game
    ends after the deal in which some total reaches `target_score`, after `max_deals`
    deals, or when the table stops (§5.6, §7 E12). Points: every deal is settled the same
    way and the game has no end of its own (H60, H67). A pool: each deal's points add up
    to pool scores; after each deal every seat still in at or over the limit is out, and
    when one seat is left in the game is over and it wins (H66). A table that ends a pool
    early is won by the lowest seats still in: every seat still in is below the limit and
    every seat out at or over it, so the lowest totals are always seats still in.

    The game's `decks`, `jokers` and `wild_rank` apply to every deal; a deal's own setting,
    when not None, overrides that one setting for that deal (so a deal cannot switch off a
    game-wide wild rank: leave it out of the game settings and set it per deal instead).

    Validation (api.md §3.4, §4.2): first the request as a whole — `invalid_input` for the
    settings (`target_score` and `max_deals` only under deals (H67), at most one of them,
    both positive; decks 1–4; jokers a boolean) and unless every deal has the same number
    of players (and `players`, when given); then `invalid_card` for a game-wide wild rank
    that is not a rank (it belongs to no hand, so its message names none); then deal by
    deal with the full `score_hand` checks, the first error naming its hand ("Hand 2: …"),
    a deal after a pool game is over being `invalid_input` at once; then `invalid_input`
    for a deal entered after a target or a number of deals ended the game.
    """
    if rules.format != DEALS:
        for key, given in (
            ("target_score", settings.target_score),
            ("max_deals", settings.max_deals),
        ):
            if given is not None:
                raise InvalidInput(OWN_END[rules.format].format(key=key))
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

    pool = Pool(players, rules.pool_limit)
    results = play_in_order(
        hands,
        lambda number, hand: pool.scored(
            number, score_hand(with_game_settings(pool.open(hand)), rules, pool.out)
        ),
    )
    running = running_totals([result.hand_scores for result in results], players)
    totals = running[-1] if running else (0,) * players
    if rules.pool_limit is not None:
        ended = pool.ended
        winners = pool.left if ended is not None else None
    else:
        # A points game has neither a target nor a number of deals: it never ends here.
        ended = hand_that_ends(running, settings.target_score, settings.max_deals)
        check_no_hand_after_end(ended, len(results))
        winners = leaders(totals) if ended is not None else None
    over = ended is not None
    next_dealer = None if over else dealers([r.out_after for r in results], players)[-1]
    return GameResult(
        totals,
        over,
        winners,
        tuple(results),
        eliminated=tuple(pool.eliminated),
        next_dealer=next_dealer,
        pool_limit=rules.pool_limit,
    )


@dataclass
class Pool:
    """A pool game as its deals are scored in order (H66): each seat's pool score, the
    deal after which each seat went out (None while in), and the deal that left one seat
    in. Without a limit (deals, points) nobody goes out and nothing ends here."""

    players: int
    limit: int | None
    scores: list[int] = field(init=False)
    eliminated: list[int | None] = field(init=False)
    ended: int | None = None

    def __post_init__(self) -> None:
        self.scores = [0] * self.players
        self.eliminated = [None] * self.players

    @property
    def out(self) -> frozenset[int]:
        return frozenset(seat for seat, deal in enumerate(self.eliminated) if deal is not None)

    @property
    def left(self) -> tuple[int, ...]:
        return tuple(seat for seat, deal in enumerate(self.eliminated) if deal is None)

    def open(self, hand: HandInput) -> HandInput:
        """A deal, unless the game is already over: a further deal is `invalid_input`."""
        if self.ended is not None:
            raise InvalidInput(
                # Translators: follows "Hand 3: ", hence no capital.
                _("the pool game was over after hand {number}, with one player left in.").format(
                    number=self.ended
                )
            )
        return hand

    def scored(self, number: int, result: HandResult) -> HandResult:
        """The deal's result, with who is out after it; puts out every seat still in at
        or over the limit, and ends the game when one is left."""
        if self.limit is None:
            return result
        for seat, points in enumerate(result.hand_scores):
            self.scores[seat] += points
            if self.eliminated[seat] is None and self.scores[seat] >= self.limit:
                self.eliminated[seat] = number
        if len(self.left) == 1:
            self.ended = number
        return replace(result, out_after=self.out)
