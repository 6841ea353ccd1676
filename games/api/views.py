"""The view wrapper every scoring endpoint shares: JSON in, JSON out, the spec's errors."""

import json
from collections.abc import Callable

from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from games.rules.errors import InvalidInput, RuleError
from games.rules.kinds import Endpoint
from games.rules.reading import Json

type View = Callable[[HttpRequest], JsonResponse]


def scoring_endpoint(score: Endpoint) -> View:
    """Turn `score(body) -> answer` into a stateless POST view with the spec's errors."""

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

    view.__doc__ = score.__doc__
    return view


def json_object(body: bytes) -> Json:
    try:
        data = json.loads(body)
    # ValueError: an integer too long to convert; RecursionError: absurdly deep nesting.
    except (ValueError, RecursionError):
        raise InvalidInput("The request body is not valid JSON.") from None
    if not isinstance(data, dict):
        raise InvalidInput("The request body must be a JSON object.")
    return data
