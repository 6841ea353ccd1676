"""The view wrapper every scoring endpoint shares: JSON in, JSON out, the spec's errors.

Anyone may call these endpoints, so each request is bounded before it is read: JSON only
(`415` otherwise: a plain form or text post from another site's page never reaches the
rules) and a body of at most `MAX_BODY` bytes (`413`), far more than the largest real
game takes; then the rules' own limits and the request's CPU budget (`games.limits`).
Each address may send so many requests a minute (`throttle`, `429`), and use so much CPU
as on every page (`games.limits`).

An error's `code` is the contract, the same in every language; its `message` is said in
the language the request asks for (`Accept-Language`, read by the LocaleMiddleware), and
so is every sentence of an answer (an explanation, a meld's name): a sentence the rules
keep in English until it is shown (`games.rules.text`) is turned into its translation
before it is written as JSON, which would otherwise write the English.
"""

from collections.abc import Callable

from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from games.addresses import client_address
from games.api.throttle import wait_for
from games.rules.budget import TooCostly, cpu_budget
from games.rules.errors import InvalidInput, RuleError
from games.rules.kind import Endpoint
from games.rules.reading import Json, loads
from games.rules.text import shown

type View = Callable[[HttpRequest], JsonResponse]


class TooManyRequests(RuleError):
    code = "too_many_requests"


MAX_BODY = 64 * 1024
# Under the one second of CPU any request may cost, leaving room for reading and answering.
CPU_SECONDS = 0.8


def scoring_endpoint(score: Endpoint) -> View:
    """Turn `score(body) -> answer` into a stateless POST view with the spec's errors."""

    @csrf_exempt
    @require_POST
    def view(request: HttpRequest) -> JsonResponse:
        wait = wait_for(client_address(request))
        if wait:
            return too_many(request, wait)
        return answer(request)

    def answer(request: HttpRequest) -> JsonResponse:
        body = request.read(MAX_BODY + 1)
        # An empty body is simply not JSON (400), whatever it claims to be.
        if body and request.content_type != "application/json":
            return error_response(
                InvalidInput(_("Send the request as JSON, with Content-Type: application/json.")),
                status=415,
            )
        if len(body) > MAX_BODY:
            # Translators: {size} is a number of kilobytes (KB).
            too_large = _("The request body is too large: at most {size} KB.")
            return error_response(InvalidInput(too_large.format(size=MAX_BODY // 1024)), status=413)
        try:
            with cpu_budget(CPU_SECONDS):
                return JsonResponse(shown(score(json_object(body))))
        except RuleError as error:
            return error_response(error)
        except TooCostly as error:
            return error_response(InvalidInput(error.message))

    view.__doc__ = score.__doc__
    # The site's CPU allowance (games.limits) refuses in the API's own words.
    view.too_many = too_many  # type: ignore[attr-defined]
    return view


def too_many(request: HttpRequest, wait: int) -> JsonResponse:
    # Translators: {seconds} is a number of seconds; "s" is the unit's symbol.
    message = _("Too many requests from this address: try again in {seconds} s.")
    refused = error_response(TooManyRequests(message.format(seconds=wait)), status=429)
    refused["Retry-After"] = str(wait)
    return refused


def error_response(error: RuleError, status: int = 400) -> JsonResponse:
    payload: Json = {"code": error.code, "message": str(error.message)}
    if error.player is not None:
        payload["player"] = error.player
    return JsonResponse({"error": payload}, status=status)


def json_object(body: bytes) -> Json:
    data = loads(body)
    if not isinstance(data, dict):
        raise InvalidInput(_("The request body must be a JSON object."))
    return data
