"""What every scoring endpoint shares: the view wrapper and the request-shape helpers.

A scoring function takes the request's JSON object and returns the response's; the wrapper
makes it a stateless, CSRF-exempt POST view and turns any `RuleError` into the spec's 400.
The helpers check shape only (`invalid_input`: JSON types and required fields); every rule,
range and count is the rules modules' business.
"""

import json
from collections.abc import Callable
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from games.rules.errors import InvalidInput, RuleError

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
            return JsonResponse(score(json_object(body)))
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


def json_object(body: bytes) -> Json:
    try:
        data = json.loads(body)
    # ValueError: an integer too long to convert; RecursionError: absurdly deep nesting.
    except (ValueError, RecursionError):
        raise InvalidInput("The request body is not valid JSON.") from None
    if not isinstance(data, dict):
        raise InvalidInput("The request body must be a JSON object.")
    return data


def as_object(value: object, what: str) -> Json:
    if not isinstance(value, dict):
        raise InvalidInput(f"{what} must be a JSON object.")
    return value


def optional_object(value: object, what: str) -> Json:
    """An optional object that is left out or null is empty."""
    return {} if value is None else as_object(value, what)


def as_list(value: object, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise InvalidInput(f"{what} must be a list.")
    return value


def as_text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise InvalidInput(f"{what} must be a string.")
    return value


def card_texts(value: object, what: str) -> tuple[str, ...]:
    """A list of card texts, kept as given: the rules parse them, in their order."""
    return tuple(as_text(card, f"Each card in {what}") for card in as_list(value, what))


def or_empty(value: object) -> object:
    """An optional list that is left out or null is empty."""
    return [] if value is None else value


def optional_int(data: Json, key: str) -> int | None:
    value = data.get(key)
    # JSON true/false and 2.0 are not integers, although Python's bool is an int.
    if value is not None and type(value) is not int:
        raise InvalidInput(f"“{key}” must be a whole number.")
    return value
