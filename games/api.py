"""The JSON scoring endpoints of `shared/api.md`: parse the request, call the rules, answer.

They save nothing and need no login, so they are CSRF-exempt. Every rule or input error
is a 400 carrying the rules' code, a sentence for people and, when one player is at fault,
that player. Request shape is checked here (`invalid_input`); everything after that is the
rules engine's, in the order the spec gives.
"""

import json
from collections.abc import Callable
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from games.rules import indian_chief
from games.rules.errors import InvalidInput, RuleError
from games.rules.indian_chief import Meld, Reveal, RoundEntry, RoundScore, Steal

type Json = dict[str, Any]
type Endpoint = Callable[[HttpRequest], JsonResponse]


def scoring_endpoint(score: Callable[[Json], Json]) -> Endpoint:
    """Turn `score(body) -> response` into a stateless POST view with the spec's errors."""

    @csrf_exempt
    @require_POST
    def view(request: HttpRequest) -> JsonResponse:
        try:
            try:
                body = request.body
            except RequestDataTooBig:
                raise InvalidInput("The request body is too large.") from None
            return JsonResponse(score(_json_object(body)))
        except RuleError as error:
            payload: Json = {"code": error.code, "message": error.message}
            if error.player is not None:
                payload["player"] = error.player
            return JsonResponse({"error": payload}, status=400)

    view.__name__ = score.__name__
    view.__doc__ = score.__doc__
    return view


# ---------------------------------------------------------------------------
# Request shape


def _json_object(body: bytes) -> Json:
    try:
        data = json.loads(body)
    # ValueError: an integer too long to convert; RecursionError: absurdly deep nesting.
    except (ValueError, RecursionError):
        raise InvalidInput("The request body is not valid JSON.") from None
    if not isinstance(data, dict):
        raise InvalidInput("The request body must be a JSON object.")
    return data


def _object(value: object, what: str) -> Json:
    if not isinstance(value, dict):
        raise InvalidInput(f"{what} must be a JSON object.")
    return value


def _list(value: object, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise InvalidInput(f"{what} must be a list.")
    return value


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise InvalidInput(f"{what} must be a string.")
    return value


def _card_texts(value: object, what: str) -> tuple[str, ...]:
    return tuple(_text(card, f"Each card in {what}") for card in _list(value, what))


def _or_empty(value: object) -> object:
    """An optional list that is left out or null is empty."""
    return [] if value is None else value


def _optional_int(data: Json, key: str) -> int | None:
    value = data.get(key)
    # JSON true/false and 2.0 are not integers, although Python's bool is an int.
    if value is not None and type(value) is not int:
        raise InvalidInput(f"“{key}” must be a whole number.")
    return value


def _meld(data: Json) -> Meld | None:
    value = data.get("meld")
    if value is None:
        return None
    try:
        return Meld(value)
    except ValueError:
        names = ", ".join(meld.value for meld in Meld)
        raise InvalidInput(f"“{value}” is not a meld; use one of {names}.") from None


def _name(value: object, what: str) -> str:
    name = _text(value, what)
    if not name:
        raise InvalidInput(f"{what} must not be empty.")
    return name


def _reveal(value: object, what: str) -> Reveal:
    entry = _object(value, what)
    name = _name(entry.get("name"), f"The name of {what}")
    cards = _card_texts(entry.get("cards"), f"{name}'s cards")
    return Reveal(name, cards, _meld(entry))


def _steal(value: object) -> Steal:
    entry = _object(value, "Each steal")
    thief = _name(entry.get("thief"), "A steal's “thief”")
    passes = entry.get("pass", False)
    if not isinstance(passes, bool):
        raise InvalidInput("A steal's “pass” must be true or false.")
    if passes:
        return Steal(thief)
    victim = _name(entry.get("victim"), f"{thief}'s “victim”")
    card = _text(entry.get("card"), f"{thief}'s stolen “card”")
    return Steal(thief, victim, card)


# ---------------------------------------------------------------------------
# Indian Chief


def _player_json(round_score: RoundScore) -> list[Json]:
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


def indian_chief_meld_score(data: Json) -> Json:
    """Score one meld; `table` holds the opponents' cards for a Beggar Man."""
    cards = _card_texts(data.get("cards"), "“cards”")
    meld = _meld(data)
    decks = _optional_int(data, "decks")
    table = _card_texts(_or_empty(data.get("table")), "“table”")
    result = indian_chief.score_single_meld(cards, meld, 1 if decks is None else decks, table)
    return {
        "meld": result.meld.value,
        "cards": [str(card) for card in result.cards],
        "score": result.score,
        "explanation": result.explanation,
    }


def indian_chief_round_score(data: Json) -> Json:
    """Score one round and replay the Thieves' steals that follow it."""
    players = [
        _reveal(entry, f"player {i}")
        for i, entry in enumerate(_list(data.get("players"), "“players”"), start=1)
    ]
    steals = [_steal(entry) for entry in _list(_or_empty(data.get("steals")), "“steals”")]
    decks = _optional_int(data, "decks")
    result = indian_chief.score_round(players, decks, steals)
    return {
        "decks": result.decks,
        "players": _player_json(result),
        "scores": result.scores,
        "thief_order": [list(group) for group in result.steals.thief_order],
        "taken": {thief: str(card) for thief, card in result.steals.taken.items()},
        "melds_after_steals": {
            name: [str(card) for card in cards] for name, cards in result.steals.melds_after.items()
        },
    }


def indian_chief_game_score(data: Json) -> Json:
    """Score up to seven rounds of a game (steals never change scores, so none are sent)."""
    players = [_name(name, "Each player") for name in _list(data.get("players"), "“players”")]
    rounds = [
        RoundEntry(
            tuple(
                _reveal(entry, f"a player in round {number}")
                for entry in _list(reveals, f"Round {number}")
            )
        )
        for number, reveals in enumerate(_list(data.get("rounds"), "“rounds”"), start=1)
    ]
    decks = _optional_int(data, "decks")
    result = indian_chief.score_game(players, rounds, decks)
    winners = result.winners
    return {
        "round_scores": result.round_scores,
        "totals": result.totals,
        "complete": result.complete,
        "winners": None if winners is None else list(winners),
    }


indian_chief_meld = scoring_endpoint(indian_chief_meld_score)
indian_chief_round = scoring_endpoint(indian_chief_round_score)
indian_chief_game = scoring_endpoint(indian_chief_game_score)
