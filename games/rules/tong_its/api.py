"""Tong-Its's JSON (`shared/api.md` §3.3): a hand, each player's entry in it, and a hand of
a game, where the pot and the previous winner carry over."""

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
from games.rules.text import gettext as _
from games.rules.tong_its.hand import HandInput, PlayerInput, StateBefore


def _read_player(value: object, seat: int) -> PlayerInput:
    with in_seat(seat):
        # Translators: names what is wrong in an error such as "… must be a JSON object.";
        # say “Seat {seat}” with the words of “seat {seat}”: the table puts the player's
        # name there. “players” is the API's field.
        player = as_object(value, _("Seat {seat}'s entry in “players”").format(seat=seat))
        # Translators: names what is wrong in an error such as "… must be a list."; say
        # “seat {seat}” with the words of “seat {seat}”: the table puts the player's name
        # there. “face_down_quads” is the API's field.
        what = _("seat {seat}'s “face_down_quads”").format(seat=seat)
        quads = as_list(or_empty(player.get("face_down_quads")), what)
        # Translators: names what is wrong in an error such as "… must be a string."; say
        # “seat {seat}” with the words of “seat {seat}”: the table puts the player's name
        # there. “face_down_quads” is the API's field.
        each = _("Each rank in seat {seat}'s “face_down_quads”").format(seat=seat)
        ranks = tuple(as_text(rank, each) for rank in quads)
    return PlayerInput(
        opened=player.get("opened"),  # type: ignore[arg-type]  # the rules check it
        hand=hand_cards(player.get("hand"), seat),
        face_down_quads=ranks,
        **given(player, "meld_aces", "meld_kings"),
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


def read_game_hand(data: Json) -> HandInput:
    """In a game the pot and previous winner carry over: `state_before` is ignored."""
    return read_hand({**data, "state_before": None})
