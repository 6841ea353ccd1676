"""Tong-Its: three players, chips, antes and a pot, and the three ways a hand ends.

Implements `shared/rules/rummy-family.md` §1 and the `tong-its` parts of `shared/api.md` §3.
Melds kept concealed still count, so a compared hand's deadwood is the minimum over all
arrangements (`melds.best_arrangement`, aces low only).

Card text is parsed here, so every caller gets the spec's validation order (§0.4, api.md
§3.3 Tong-Its): `invalid_input`, `invalid_card`, `duplicate_card`, then
`tongit_with_cards`, `not_opened` and `missing_hand`; each step runs over the whole hand
before the next.

Not checkable from end-of-hand data, and so trusted: the draw-call restrictions (§1.9) and
which aces a winner held in melds (`meld_aces` is entered by the scorekeeper, §7 A5).
"""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from games.rules.cards import SUITS, Card, parse_cards, parse_rank
from games.rules.errors import DuplicateCard, InvalidCard, InvalidInput
from games.rules.kinds import (
    ChoiceQuestion,
    CountQuestion,
    FlagQuestion,
    HandKind,
    RanksQuestion,
    Reader,
    SeatQuestion,
)
from games.rules.melds import Arrangement, best_arrangement, tong_its_melds
from games.rules.reading import (
    Json,
    as_list,
    as_object,
    as_text,
    given,
    hand_cards,
    in_seat,
    optional_object,
    or_empty,
)
from games.rules.rummy_common import (
    MissingHand,
    NotOpened,
    TongitWithCards,
    check_card_list,
    check_copies,
    check_count,
    check_player_count,
    check_same_players,
    check_seat,
    describe,
    play_in_order,
    seat_name,
)

TITLE = "Tong-Its"
SLUG = "tong-its"
MIN_PLAYERS = 3
MAX_PLAYERS = 3
MAX_HAND = 13

ANTE = 2
BASE_TONGIT = 3
BASE_CHALLENGED = 3
BASE_OTHER = 1
QUAD_BONUS = 3
NOT_OPENED_PENALTY = 1
ACES_IN_DECK = 4

TONGIT = "tongit"
DRAW = "draw"
STOCK_OUT = "stock_out"
CHALLENGED_DRAW = "challenged_draw"
ENDS = (TONGIT, DRAW, STOCK_OUT)
FOLD = "fold"
CHALLENGE = "challenge"


def decks_for(players: int = 3) -> int:
    """One 52-card deck, no jokers."""
    return 1


default_decks = decks_for


def value(card: Card) -> int:
    """A = 1, 2–10 their pips, J Q K = 10 (§0.5)."""
    return card.face_value


@dataclass(frozen=True)
class PlayerInput:
    """One seat at the end of a hand (api.md §3.3, Tong-Its `players[i]`), card text as
    entered.

    `hand` is the cards still held (None when not entered; needed only for the compared
    players and the winner); `meld_aces` the aces in melds this player exposed themselves;
    `face_down_quads` the ranks of concealed four-of-a-kinds laid face down.
    """

    opened: bool
    hand: tuple[str, ...] | None = None
    meld_aces: int = 0
    face_down_quads: tuple[str, ...] = ()


@dataclass(frozen=True)
class StateBefore:
    """The game state a hand starts from: the pot before this hand's antes and the seat
    that won the previous hand (None for none)."""

    pot: int = 0
    previous_winner: int | None = None


@dataclass(frozen=True)
class HandInput:
    """One hand as entered (api.md §3.3, Tong-Its).

    `end` is "tongit", "draw" or "stock_out"; `caller` is used for tongit and draw,
    `last_drawer` for stock_out, `responses` (3 entries: None for the caller, "fold" or
    "challenge" for the others) for a draw only. Fields the end type does not use are
    ignored.
    """

    end: str
    players: tuple[PlayerInput, ...]
    caller: int | None = None
    last_drawer: int | None = None
    responses: tuple[str | None, ...] | None = None
    state_before: StateBefore = StateBefore()


@dataclass(frozen=True)
class HandResult:
    """api.md §3.3 Tong-Its output. `deadwood[seat]` is None for a seat not compared."""

    winner: int
    win_type: str
    deadwood: tuple[int | None, ...]
    payments: tuple[int, ...]
    chip_delta: tuple[int, ...]
    pot_after: int
    pot_awarded: int
    explanation: str

    @property
    def next_dealer(self) -> int:
        """The winner deals the next hand (§1.7)."""
        return self.winner


@dataclass(frozen=True)
class GameResult:
    """api.md §3.4 for Tong-Its: net chips per seat, the pot left and hands won.

    Play is open-ended (§1.8): there is no last hand and no game winner; chips left in the
    pot stay unawarded. `hand_results` holds each hand's result in play order for the
    scoreboard; it is not part of the API response.
    """

    totals: tuple[int, ...]
    pot: int
    hands_won: tuple[int, ...]
    hand_results: tuple[HandResult, ...] = ()

    @property
    def game_over(self) -> bool:
        return False

    @property
    def winners(self) -> tuple[int, ...] | None:
        return None

    @property
    def previous_winner(self) -> int | None:
        return self.hand_results[-1].winner if self.hand_results else None


def _check_hand_size(cards: Sequence[object], player: int | None = None) -> None:
    if len(cards) > MAX_HAND:
        whose = "A hand" if player is None else f"Seat {player}'s hand"
        raise InvalidInput(f"{whose} has {len(cards)} cards; a hand holds at most 13.", player)


def arrange(cards: Sequence[Card]) -> Arrangement:
    """The minimum-deadwood arrangement; concealed melds count, aces are low only (§1.1)."""
    return best_arrangement(cards, tong_its_melds(), value)


def deadwood(cards: Sequence[str]) -> Arrangement:
    """api.md §3.2 for Tong-Its: the minimum deadwood and one arrangement reaching it.

    Order: `invalid_input` (more than 13 cards), `invalid_card` (no jokers),
    `duplicate_card` (one deck).
    """
    _check_hand_size(cards)
    parsed = parse_cards(cards)
    check_copies([(None, parsed)], 1)
    return arrange(parsed)


def _check_input(hand: HandInput) -> None:
    """Step 1, `invalid_input`, in the request's field order."""
    check_player_count(len(hand.players), MIN_PLAYERS, MAX_PLAYERS, TITLE)
    if hand.end not in ENDS:
        raise InvalidInput(f"“end” must be tongit, draw or stock_out, not {hand.end!r}.")
    if hand.end in (TONGIT, DRAW):
        check_seat(hand.caller, 3, "“caller”")
    else:
        check_seat(hand.last_drawer, 3, "“last_drawer”")
    if hand.end == DRAW:
        responses = hand.responses
        if responses is None or isinstance(responses, str) or len(responses) != 3:
            raise InvalidInput("A draw needs “responses”: one entry per seat.")
        for seat, response in enumerate(responses):
            if seat == hand.caller and response is not None:
                raise InvalidInput(f"The caller's response must be null, not {response!r}.", seat)
            if seat != hand.caller and response not in (FOLD, CHALLENGE):
                raise InvalidInput(
                    f"Seat {seat} must fold or challenge the draw, not {response!r}.", seat
                )
    for seat, player in enumerate(hand.players):
        if not isinstance(player.opened, bool):
            raise InvalidInput(f"Seat {seat}'s “opened” must be true or false.", seat)
        check_count(player.meld_aces, f"Seat {seat}'s “meld_aces”", seat)
        if player.face_down_quads and not player.opened:
            raise InvalidInput(
                f"Seat {seat} laid a four-of-a-kind face down, so they have opened.", seat
            )
        check_card_list(player.hand, f"Seat {seat}'s hand", seat)
        check_card_list(player.face_down_quads, f"Seat {seat}'s “face_down_quads”", seat)
        if player.hand is not None:
            _check_hand_size(player.hand, seat)
    check_count(hand.state_before.pot, "The pot")
    if hand.state_before.previous_winner is not None:
        check_seat(hand.state_before.previous_winner, 3, "“previous_winner”")


def _parse(hand: HandInput) -> tuple[list[tuple[Card, ...] | None], list[tuple[str, ...]]]:
    """Step 2, `invalid_card`: each seat's hand, then its face-down ranks (no jokers)."""
    hands: list[tuple[Card, ...] | None] = []
    quads: list[tuple[str, ...]] = []
    for seat, player in enumerate(hand.players):
        hands.append(None if player.hand is None else parse_cards(player.hand, player=seat))
        ranks = []
        for text in player.face_down_quads:
            try:
                ranks.append(parse_rank(text))
            except InvalidCard as error:
                raise InvalidCard(error.message, seat) from error
        quads.append(tuple(ranks))
    return hands, quads


def _aces_of(cards: Sequence[Card] | None, meld_aces: int, quads: Sequence[str]) -> int:
    """Aces accounted for by one seat: in the hand, in its exposed melds, 4 per face-down
    quad of aces."""
    return sum(card.rank == "A" for card in cards or ()) + meld_aces + 4 * quads.count("A")


def _check_duplicates(
    hand: HandInput, hands: Sequence[tuple[Card, ...] | None], quads: Sequence[tuple[str, ...]]
) -> None:
    """Step 3, `duplicate_card`: a card entered twice, a card of a rank someone laid face
    down (a face-down quad is all four cards of its rank), the same rank face down twice;
    then more than 4 aces accounted for in all."""
    entries: list[tuple[int | None, Sequence[Card]]] = []
    for seat, (cards, ranks) in enumerate(zip(hands, quads, strict=True)):
        entries.append((seat, cards or ()))
        entries.append((seat, [Card(rank, suit) for rank in ranks for suit in SUITS]))
    check_copies(entries, 1)
    aces = 0
    for seat, player in enumerate(hand.players):
        aces += _aces_of(hands[seat], player.meld_aces, quads[seat])
        if aces > ACES_IN_DECK:
            raise DuplicateCard(
                f"Seat {seat} brings the aces entered to {aces} (in hands, in own exposed "
                "melds and in face-down fours); the deck has 4.",
                seat,
            )


def _check_rules(hand: HandInput, hands: Sequence[tuple[Card, ...] | None]) -> None:
    """Step 4: `tongit_with_cards`, then `not_opened` (the draw caller, then each
    challenger in seat order); `missing_hand` follows once the compared seats are known."""
    if hand.end == TONGIT and hand.caller is not None and hands[hand.caller]:
        raise TongitWithCards(
            f"Seat {hand.caller} called tongit but still holds cards: a tongit empties the hand.",
            hand.caller,
        )
    if hand.end == DRAW and hand.caller is not None and hand.responses is not None:
        if not hand.players[hand.caller].opened:
            raise NotOpened(
                f"Seat {hand.caller} called draw without having opened; only an opened "
                "player may call draw.",
                hand.caller,
            )
        for seat, response in enumerate(hand.responses):
            if response == CHALLENGE and not hand.players[seat].opened:
                raise NotOpened(
                    f"Seat {seat} challenged without having opened; a player who has not "
                    "opened must fold.",
                    seat,
                )


def _first_lowest(order: Sequence[int], dead: dict[int, int]) -> int:
    """The first seat in `order` with the lowest deadwood (the spec's tie walk)."""
    lowest = min(dead.values())
    return next(seat for seat in order if seat in dead and dead[seat] == lowest)


def _need(hands: Sequence[tuple[Card, ...] | None], seats: Sequence[int]) -> list[tuple[Card, ...]]:
    """`missing_hand` for the first of `seats` (seat order) whose hand was not entered."""
    for seat in sorted(seats):
        if hands[seat] is None:
            raise MissingHand(f"Seat {seat}'s hand is needed: enter the cards they hold.", seat)
    return [hands[seat] or () for seat in seats]


def score_hand(hand: HandInput) -> HandResult:
    """Score one hand: who wins, what each loser pays, the antes and the pot.

    Validation order:
    1. `invalid_input`: exactly 3 players; `end` one of the three; `caller` (tongit, draw)
       or `last_drawer` (stock_out) a seat; for a draw, `responses` of 3 with None for the
       caller and fold/challenge for the others; `opened` a boolean; `meld_aces` ≥ 0; no
       `face_down_quads` for a player who has not opened; no hand of more than 13 cards;
       `state_before.pot` ≥ 0 and `previous_winner` None or a seat;
    2. `invalid_card`: any card or rank text, seat by seat (hand, then face-down ranks);
       any `JK`;
    3. `duplicate_card`: see `_check_duplicates`;
    4. `tongit_with_cards`, then `not_opened` (draw caller, then challengers in seat
       order), then `missing_hand` (a compared seat, or the winner of a draw both opponents
       folded, whose hand was not entered; the first in seat order).

    How it ends (§1.4): a tongit wins with base 3; a draw both opponents fold wins with
    base 1; a challenged draw compares the caller and the challengers, base 3, walking
    seats caller+1, caller+2, caller and taking the first with the lowest deadwood (a
    challenger beats the caller on a tie, the one nearer the caller's left beats the
    other); at stock-out the opened players compare, base 1, walking last_drawer, +1, +2 —
    and if nobody has opened all three compare ([TI-stockout-none-opened], §7 A4).

    Each loser pays (§1.5): the base — a folder in a challenged draw pays the full 3 too
    ([TI-folder-pays-full], §7 A1) — + 3 per concealed four-of-a-kind of the winner (the
    face-down quads plus every rank whose four cards the winner holds, even if the
    deadwood-optimal arrangement splits them, [TI-quad-possession], §7 A3) + 1 if this
    loser has not opened + 1 per winner ace (in hand, `meld_aces`, 4 per face-down quad of
    aces).

    Pot (§1.6): everyone antes 2 (pot + 6); a winner who also won the previous hand takes
    the whole pot, this hand's antes included, and the streak is not reset by taking it
    ([TI-pot-streak], §7 A2).
    """
    _check_input(hand)
    hands, quads = _parse(hand)
    _check_duplicates(hand, hands, quads)
    _check_rules(hand, hands)

    dead: dict[int, int] = {}
    arrangements: dict[int, Arrangement] = {}
    caller = hand.caller if hand.caller is not None else 0
    if hand.end == TONGIT:
        winner, win_type, base = caller, TONGIT, BASE_TONGIT
        story = f"Seat {winner} called tongit."
    elif hand.end == DRAW:
        responses = hand.responses or ()
        challengers = [seat for seat, r in enumerate(responses) if r == CHALLENGE]
        if not challengers:
            _need(hands, [caller])
            winner, win_type, base = caller, DRAW, BASE_OTHER
            story = f"Seat {caller} called draw and both opponents folded."
        else:
            compared = [caller, *challengers]
            for seat, cards in zip(compared, _need(hands, compared), strict=True):
                arrangements[seat] = arrange(cards)
                dead[seat] = arrangements[seat].deadwood
            winner = _first_lowest([(caller + 1) % 3, (caller + 2) % 3, caller], dead)
            win_type, base = CHALLENGED_DRAW, BASE_CHALLENGED
            story = _compare_story(winner, caller, dead, "challenger")
    else:
        drawer = hand.last_drawer if hand.last_drawer is not None else 0
        opened = [seat for seat, player in enumerate(hand.players) if player.opened]
        compared = opened or [0, 1, 2]
        for seat, cards in zip(compared, _need(hands, compared), strict=True):
            arrangements[seat] = arrange(cards)
            dead[seat] = arrangements[seat].deadwood
        winner = _first_lowest([drawer, (drawer + 1) % 3, (drawer + 2) % 3], dead)
        win_type, base = STOCK_OUT, BASE_OTHER
        who = "the opened players compare" if opened else "nobody had opened, so all three compare"
        story = f"The stock ran out (seat {drawer} drew last); {who}: " + _ranking(winner, dead)

    winner_hand = hands[winner] or ()
    held = Counter(card.rank for card in winner_hand)
    concealed = len(quads[winner]) + sum(count == 4 for count in held.values())
    aces = _aces_of(winner_hand, hand.players[winner].meld_aces, quads[winner])
    payments = tuple(
        0
        if seat == winner
        else base + QUAD_BONUS * concealed + (0 if player.opened else NOT_OPENED_PENALTY) + aces
        for seat, player in enumerate(hand.players)
    )
    pot = hand.state_before.pot + 3 * ANTE
    streak = hand.state_before.previous_winner == winner
    pot_awarded = pot if streak else 0
    chip_delta = tuple(
        -ANTE + (sum(payments) + pot_awarded if seat == winner else -payments[seat])
        for seat in range(3)
    )
    explanation = " ".join(
        [
            story,
            _payment_story(hand, winner, base, concealed, aces),
            *(_pot_story(winner, pot) if streak else []),
            *(
                f"Seat {seat}: {describe(a.melds, a.unmatched, a.deadwood)}."
                for seat, a in sorted(arrangements.items())
            ),
        ]
    )
    return HandResult(
        winner=winner,
        win_type=win_type,
        deadwood=tuple(dead.get(seat) for seat in range(3)),
        payments=payments,
        chip_delta=chip_delta,
        pot_after=0 if streak else pot,
        pot_awarded=pot_awarded,
        explanation=explanation,
    )


def _ranking(winner: int, dead: dict[int, int]) -> str:
    others = [f"{seat_name(seat)} ({dead[seat]})" for seat in dead if seat != winner]
    if not others:
        return f"only seat {winner} ({dead[winner]}) compares and wins."
    return f"seat {winner} ({dead[winner]}) beats {' and '.join(others)}."


def _compare_story(winner: int, caller: int, dead: dict[int, int], role: str) -> str:
    """For example "Seat 2 (9) beats challenger seat 0 (26).", naming who called and who
    challenged."""

    def name(seat: int) -> str:
        return f"{'caller' if seat == caller else role} {seat_name(seat)} ({dead[seat]})"

    others = " and ".join(name(seat) for seat in dead if seat != winner)
    tie = any(dead[seat] == dead[winner] for seat in dead if seat != winner)
    rule = ""
    if tie:
        rule = (
            " (a tie goes to the challenger, between challengers to the one nearer the "
            "caller's left)"
        )
    return f"Seat {winner} ({dead[winner]}) beats {others}{rule}."


def _payment_story(hand: HandInput, winner: int, base: int, concealed: int, aces: int) -> str:
    """For example "Each loser pays 3 + 3 aces; seat 1 also pays 1 for not opening."."""
    terms = [str(base)]
    if concealed:
        terms.append(f"{QUAD_BONUS * concealed} for {concealed} concealed four-of-a-kind")
    if aces:
        terms.append(f"{aces} {'ace' if aces == 1 else 'aces'}")
    text = f"Each loser pays {' + '.join(terms)}"
    unopened = [
        seat for seat, player in enumerate(hand.players) if seat != winner and not player.opened
    ]
    if unopened:
        names = " and ".join(seat_name(seat) for seat in unopened)
        text += f"; {names} also {'pays' if len(unopened) == 1 else 'pay'} 1 for not opening"
    return text + "."


def _pot_story(winner: int, pot: int) -> list[str]:
    return [f"Seat {winner} also won the previous hand and takes the pot of {pot}."]


def score_game(hands: Sequence[HandInput]) -> GameResult:
    """Score hands in play order from a pot of 0 and no previous winner.

    Each hand's `state_before` is ignored: the pot and the previous winner carry over from
    the hand before. Play is open-ended (§1.8).

    Validation (api.md §3.4): first `invalid_input` unless every hand has the same number
    of players; then hand by hand with the full `score_hand` checks, the first error
    naming its hand ("Hand 2: …").
    """
    check_same_players([len(hand.players) for hand in hands], None)
    state = StateBefore()
    totals = [0, 0, 0]
    won = [0, 0, 0]

    def play(number: int, hand: HandInput) -> HandResult:
        nonlocal state
        result = score_hand(replace(hand, state_before=state))
        state = StateBefore(result.pot_after, result.winner)
        return result

    results = play_in_order(hands, play)
    for result in results:
        for seat in range(3):
            totals[seat] += result.chip_delta[seat]
        won[result.winner] += 1
    return GameResult(tuple(totals), state.pot, tuple(won), tuple(results))


# ---------------------------------------------------------------------------
# Reading JSON, and the game at the table


def _read_player(value: object, seat: int) -> PlayerInput:
    with in_seat(seat):
        player = as_object(value, f"Seat {seat}'s entry in “players”")
        what = f"seat {seat}'s “face_down_quads”"
        quads = as_list(or_empty(player.get("face_down_quads")), what)
        ranks = tuple(as_text(rank, f"Each rank in {what}") for rank in quads)
    return PlayerInput(
        opened=player.get("opened"),  # type: ignore[arg-type]  # the rules check it
        hand=hand_cards(player.get("hand"), seat),
        face_down_quads=ranks,
        **given(player, "meld_aces"),
    )


def read_hand(data: Json) -> HandInput:
    """A hand as `/hand` takes it (api.md §3.3, Tong-Its)."""
    responses = data.get("responses")
    state = optional_object(data.get("state_before"), "“state_before”")
    return HandInput(
        end=data.get("end"),  # type: ignore[arg-type]  # the rules check it
        players=tuple(
            _read_player(player, seat)
            for seat, player in enumerate(as_list(data.get("players"), "“players”"))
        ),
        caller=data.get("caller"),
        last_drawer=data.get("last_drawer"),
        responses=None if responses is None else tuple(as_list(responses, "“responses”")),
        state_before=StateBefore(**given(state, "pot", "previous_winner")),
    )


def _read_game_hand(data: Json) -> HandInput:
    """In a game the pot and previous winner carry over: `state_before` is ignored."""
    return read_hand({**data, "state_before": None})


def _seats(answers: Json, key: str, players: int) -> list[Any]:
    """One per-player question's answers, in seat order."""
    return [answers.get(f"{key}_{seat}") for seat in range(players)]


def _entry(number: int, answers: Json, hands: list[list[str] | None]) -> Json:
    """A player who has not opened must fold a draw: they are not asked (§1.4)."""
    players = len(hands)
    entry: Json = {"end": answers.get("end"), "caller": answers.get("caller")}
    entry["last_drawer"] = answers.get("last_drawer")
    if answers.get("end") == DRAW:
        opened = _seats(answers, "opened", players)
        responses = _seats(answers, "response", players)
        entry["responses"] = [
            None if seat == entry["caller"] else responses[seat] or (None if opened[seat] else FOLD)
            for seat in range(players)
        ]
    entry["players"] = [
        {
            "opened": bool(answers.get(f"opened_{seat}")),
            "hand": hand,
            "meld_aces": answers.get(f"meld_aces_{seat}") or 0,
            "face_down_quads": answers.get(f"face_down_quads_{seat}") or [],
        }
        for seat, hand in enumerate(hands)
    ]
    return entry


KIND = HandKind(
    slug=SLUG,
    title=TITLE,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    unit="chips",
    max_cards=MAX_HAND,
    has_pot=True,
    winner_deals=True,
    score_of="chip_delta",
    default_decks_for=decks_for,
    questions=(
        ChoiceQuestion(
            "end",
            "How the hand ended",
            needed=True,
            options=(
                (TONGIT, "Tongit (no cards left)"),
                (DRAW, "Draw called"),
                (STOCK_OUT, "Stock ran out"),
            ),
        ),
        SeatQuestion("caller", "Who called it", needed=True, when=("end", (TONGIT, DRAW))),
        SeatQuestion(
            "last_drawer", "Who drew the last card", needed=True, when=("end", (STOCK_OUT,))
        ),
    ),
    seat_questions=(
        FlagQuestion("opened", "Opened"),
        ChoiceQuestion(
            "response",
            "Answer to the draw",
            needed=True,
            when=("end", (DRAW,)),
            skip="caller",
            if_seat="opened",
            options=((FOLD, "Fold"), (CHALLENGE, "Challenge")),
        ),
        CountQuestion("meld_aces", "Aces in own exposed melds", of_winner=True),
        RanksQuestion("face_down_quads", "Face-down fours (ranks)", of_winner=True),
    ),
    entry=_entry,
    arrange=lambda cards, number, game: arrange(cards),
    reader=Reader(
        deadwood=lambda cards, data: deadwood(cards),
        hand=read_hand,
        score_hand=score_hand,
        score_game=lambda hands, settings: score_game(hands),
        hand_fields=(
            "winner",
            "win_type",
            "deadwood",
            "payments",
            "chip_delta",
            "pot_after",
            "pot_awarded",
        ),
        game_fields=("totals", "pot", "hands_won"),
        game_hand=_read_game_hand,
    ),
)
