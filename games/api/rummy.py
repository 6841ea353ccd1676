"""The rummy-family endpoints of `shared/api.md` §3: `/deadwood`, `/hand` and `/game` for
Tong-Its, Carousel, Three Thirteen, Rummy and Indian Rummy.

This layer only reads JSON into the rules modules' dataclasses: objects, lists and card
texts must have the right JSON type (`invalid_input`), and card texts are passed on as
given. Every value, range, count and rule — seats, player counts, `end`, flags that must
be true/false, numbers that must be JSON integers, and then `invalid_card`,
`duplicate_card`, … in the spec's order — is checked by the game's rules module, which
names the hand of a game ("Hand 2: …") and the seat at fault. A field left out or null
takes the module's default.

`GAMES` is the one table of the five games: how each reads a hand, a `/deadwood` context
and a game's settings, and which result fields it answers with (exactly the spec's; the
results' internal `hand_results` is never sent).
"""

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from games.api.common import (
    Endpoint,
    Json,
    as_list,
    as_object,
    as_text,
    card_texts,
    optional_object,
    or_empty,
    scoring_endpoint,
)
from games.rules import carousel, indian_rummy, rummy, three_thirteen, tong_its
from games.rules.cards import Card
from games.rules.errors import InvalidInput
from games.rules.melds import Arrangement
from games.rules.rummy_common import play_in_order


@dataclass(frozen=True)
class Game:
    """How one game's requests are read and its results answered.

    `deadwood(cards, body)` scores a `/deadwood` request (the body holds the `context`);
    `hand(body)` reads one hand as `/hand` takes it and `score_hand` scores it;
    `game_hand(body)`, when set, reads one entry of a game's `hands` instead of `hand`;
    `score_game(hands, settings)` scores a game. `hand_fields` (plus `explanation`) and
    `game_fields` are the response fields, in the spec's order.
    """

    deadwood: Callable[[tuple[str, ...], Json], Arrangement]
    hand: Callable[[Json], Any]
    score_hand: Callable[[Any], Any]
    score_game: Callable[[list[Any], Json], Any]
    hand_fields: tuple[str, ...]
    game_fields: tuple[str, ...]
    game_hand: Callable[[Json], Any] | None = None


# ---------------------------------------------------------------------------
# Request shape shared by the five games


def _given(data: Json, *keys: str) -> Json:
    """The keys of `data` that are present and not null, for keyword arguments: a field
    left out or null takes the rules module's default."""
    return {key: data[key] for key in keys if data.get(key) is not None}


@contextmanager
def _seat(seat: int) -> Iterator[None]:
    """A shape error inside one seat's entry is that seat's (`player` in the error)."""
    try:
        yield
    except InvalidInput as error:
        raise InvalidInput(error.message, seat) from None


def _hand_cards(value: object, seat: int) -> tuple[str, ...] | None:
    """A seat's hand: a list of card texts, or null when it was not entered."""
    if value is None:
        return None
    with _seat(seat):
        return card_texts(value, f"seat {seat}'s hand")


def _hands(data: Json) -> tuple[tuple[str, ...] | None, ...]:
    """`hands`: one entry per seat, indexed by seat."""
    return tuple(
        _hand_cards(hand, seat) for seat, hand in enumerate(as_list(data.get("hands"), "“hands”"))
    )


def _cards(data: Json) -> tuple[str, ...]:
    return card_texts(data.get("cards"), "“cards”")


def _with_wild_rank(settings: Json, *keys: str) -> Json:
    """Indian Rummy settings as keyword arguments; `wild_rank` is rank text or null."""
    given = _given(settings, *keys, "wild_rank")
    if "wild_rank" in given:
        as_text(given["wild_rank"], "“wild_rank”")
    return given


# ---------------------------------------------------------------------------
# Tong-Its


def _tong_its_player(value: object, seat: int) -> tong_its.PlayerInput:
    with _seat(seat):
        player = as_object(value, f"Seat {seat}'s entry in “players”")
        what = f"seat {seat}'s “face_down_quads”"
        quads = as_list(or_empty(player.get("face_down_quads")), what)
        ranks = tuple(as_text(rank, f"Each rank in {what}") for rank in quads)
    return tong_its.PlayerInput(
        opened=player.get("opened"),
        hand=_hand_cards(player.get("hand"), seat),
        face_down_quads=ranks,
        **_given(player, "meld_aces"),
    )


def _tong_its_hand(data: Json) -> tong_its.HandInput:
    responses = data.get("responses")
    state = optional_object(data.get("state_before"), "“state_before”")
    return tong_its.HandInput(
        end=data.get("end"),
        players=tuple(
            _tong_its_player(player, seat)
            for seat, player in enumerate(as_list(data.get("players"), "“players”"))
        ),
        caller=data.get("caller"),
        last_drawer=data.get("last_drawer"),
        responses=None if responses is None else tuple(as_list(responses, "“responses”")),
        state_before=tong_its.StateBefore(**_given(state, "pot", "previous_winner")),
    )


def _tong_its_game_hand(data: Json) -> tong_its.HandInput:
    """In a game the pot and previous winner carry over: `state_before` is ignored."""
    return _tong_its_hand({**data, "state_before": None})


TONG_ITS = Game(
    deadwood=lambda cards, data: tong_its.deadwood(cards),
    hand=_tong_its_hand,
    score_hand=tong_its.score_hand,
    score_game=lambda hands, settings: tong_its.score_game(hands),
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
    game_hand=_tong_its_game_hand,
)


# ---------------------------------------------------------------------------
# Carousel


def _carousel_deadwood(cards: tuple[str, ...], data: Json) -> Arrangement:
    context = as_object(data.get("context"), "“context”")
    return carousel.deadwood(cards, context.get("players"))


CAROUSEL = Game(
    deadwood=_carousel_deadwood,
    hand=lambda data: carousel.HandInput(knocker=data.get("knocker"), hands=_hands(data)),
    score_hand=carousel.score_hand,
    score_game=lambda hands, settings: carousel.score_game(hands),
    hand_fields=("deadwood", "winners", "hand_scores"),
    game_fields=("totals", "hands_won", "game_over", "winners", "final_scores"),
)


# ---------------------------------------------------------------------------
# Three Thirteen


def _three_thirteen_deadwood(cards: tuple[str, ...], data: Json) -> Arrangement:
    context = as_object(data.get("context"), "“context”")
    return three_thirteen.deadwood(cards, context.get("hand_number"), **_given(context, "players"))


THREE_THIRTEEN = Game(
    deadwood=_three_thirteen_deadwood,
    hand=lambda data: three_thirteen.HandInput(
        hand_number=data.get("hand_number"), went_out=data.get("went_out"), hands=_hands(data)
    ),
    score_hand=three_thirteen.score_hand,
    score_game=lambda hands, settings: three_thirteen.score_game(hands),
    hand_fields=("deadwood", "hand_scores"),
    game_fields=("totals", "game_over", "winners"),
)


# ---------------------------------------------------------------------------
# Rummy


RUMMY = Game(
    deadwood=lambda cards, data: rummy.deadwood(cards),
    hand=lambda data: rummy.HandInput(
        winner=data.get("winner"), hands=_hands(data), **_given(data, "went_rummy")
    ),
    score_hand=rummy.score_hand,
    score_game=lambda hands, settings: rummy.score_game(
        hands, rummy.Settings(**_given(settings, "target_score", "max_hands"))
    ),
    hand_fields=("deadwood", "hand_scores"),
    game_fields=("totals", "game_over", "winners"),
)


# ---------------------------------------------------------------------------
# Indian Rummy


def _indian_rummy_deadwood(cards: tuple[str, ...], data: Json) -> Arrangement:
    context = optional_object(data.get("context"), "“context”")
    return indian_rummy.deadwood(cards, **_with_wild_rank(context, "decks", "jokers"))


def _indian_rummy_hand(data: Json) -> indian_rummy.HandInput:
    settings = optional_object(data.get("settings"), "“settings”")
    return indian_rummy.HandInput(
        winner=data.get("winner"),
        hands=_hands(data),
        settings=indian_rummy.Settings(**_with_wild_rank(settings, "decks", "jokers")),
    )


INDIAN_RUMMY = Game(
    deadwood=_indian_rummy_deadwood,
    hand=_indian_rummy_hand,
    score_hand=indian_rummy.score_hand,
    score_game=lambda hands, settings: indian_rummy.score_game(
        hands,
        indian_rummy.GameSettings(
            **_with_wild_rank(settings, "target_score", "max_deals", "decks", "jokers")
        ),
    ),
    hand_fields=("deadwood", "hand_scores"),
    game_fields=("totals", "game_over", "winners"),
)


GAMES: dict[str, Game] = {
    tong_its.SLUG: TONG_ITS,
    carousel.SLUG: CAROUSEL,
    three_thirteen.SLUG: THREE_THIRTEEN,
    rummy.SLUG: RUMMY,
    indian_rummy.SLUG: INDIAN_RUMMY,
}


# ---------------------------------------------------------------------------
# Responses and the three endpoints


def _json(value: object) -> object:
    """Tuples as lists and cards in canonical text, all the way down."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple | list):
        return [_json(item) for item in value]
    return value


def _fields(result: object, names: Sequence[str]) -> Json:
    return {name: _json(getattr(result, name)) for name in names}


def _deadwood(game: Game) -> Callable[[Json], Json]:
    def score(data: Json) -> Json:
        """The minimum deadwood of some cards, with one arrangement that reaches it."""
        return _fields(game.deadwood(_cards(data), data), ("deadwood", "melds", "unmatched"))

    return score


def _hand(game: Game) -> Callable[[Json], Json]:
    def score(data: Json) -> Json:
        """Score one hand."""
        return _fields(game.score_hand(game.hand(data)), (*game.hand_fields, "explanation"))

    return score


def play_game(game: Game, entries: Sequence[Json], settings: Json) -> Any:
    """Read a game's hand entries in play order (an error names its hand) and score the
    game from zero totals: the `/game` endpoint's work, and the table's."""
    read = game.game_hand or game.hand
    return game.score_game(play_in_order(entries, lambda number, entry: read(entry)), settings)


def _game(game: Game) -> Callable[[Json], Json]:
    def score(data: Json) -> Json:
        """Score a game's hands in play order from zero totals."""
        settings = optional_object(data.get("settings"), "“settings”")
        entries = [
            as_object(entry, f"Hand {number}")
            for number, entry in enumerate(as_list(data.get("hands"), "“hands”"), start=1)
        ]
        return _fields(play_game(game, entries, settings), game.game_fields)

    return score


def _endpoint(slug: str, kind: str, score: Callable[[Json], Json]) -> Endpoint:
    score.__name__ = f"{slug.replace('-', '_')}_{kind}_score"
    return scoring_endpoint(score)


ENDPOINTS: dict[str, dict[str, Endpoint]] = {
    slug: {
        "deadwood": _endpoint(slug, "deadwood", _deadwood(game)),
        "hand": _endpoint(slug, "hand", _hand(game)),
        "game": _endpoint(slug, "game", _game(game)),
    }
    for slug, game in GAMES.items()
}
