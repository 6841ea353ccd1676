"""What one visitor may make the server do: a CPU budget for each request, and a CPU
allowance a minute for each address, for every page and endpoint of the site.

Every request runs inside a budget (`games.rules.budget.cpu_budget`), checked by the
rules between hands: a request that asks for more is stopped with `TooCostly` and
answered with a page saying so (503), never a 500, and nothing it computed is kept. A
visitor without an account may use `VISITOR_SECONDS`: with what a request does around
the scoring, under the one second of CPU anything anyone can send may cost. Signed in,
`SIGNED_IN_SECONDS`: the owner's own largest game may cost up to three seconds, and an
account is one a person made (its own limits on logins and sign-ups), not a script
firing anonymous requests. Measured against a real table: a card tap costs about 2 ms, a
live board's refresh a few ms, a whole evening's import of 500 games well under the
visitor's budget (`bench/import_load.py`).

Each request's CPU time is then charged to its address (`games.addresses`, which
believes DJANGO_PROXIES' proxies) in the `limits` cache, shared by every server process.
An address that used `settings.CPU_SECONDS_A_MINUTE` (10 s) in the current minute gets a
short 429 page (the API its JSON 429) with `Retry-After` until the minute is over: eight
phones on one address following a live board every few seconds use about a second a
minute, a scorekeeper tapping cards a tenth of that, so a real table never comes near;
one visitor firing the costliest requests gets a sixth of one core. The allowance is by
address, signed in or not: a per-account count would let one address with many accounts
take more. The first request over the allowance is refused before anything is read:
its own cost is one cache read and a small page.

Only a request of `CHARGED_FROM_MS` or more is charged: every request writing its count
would make a card tap or a live board's poll (a millisecond or two) a write, which with
the database as the cache (no Redis) queues behind the tables' saves on SQLite's one
writer; what the allowance is for is the costly requests. A behind-a-proxy site that
declared no proxy (`games.addresses.unattributed`) has every visitor at the proxy's
address: the allowance is not applied there, rather than one visitor holding the whole
site back (the log says so). And a limits cache that fails lets the request through:
the budget still bounds it, and the site does not stop with its cache.
"""

import logging
import time
from collections.abc import Callable

from django.conf import settings
from django.core.cache import caches
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import Resolver404, resolve

from games.addresses import client_address, unattributed
from games.rules.budget import TooCostly, cpu_budget

logger = logging.getLogger(__name__)

VISITOR_SECONDS = 0.8
CHARGED_FROM_MS = 10
SIGNED_IN_SECONDS = 2.5
WINDOW = 60
HOUR = 60 * 60

type Refusal = Callable[[HttpRequest, int], HttpResponseBase]


def minute_key(address: str) -> str:
    """Where the CPU time this address used in the current minute is counted."""
    return f"cpu:{address}:{int(time.time()) // WINDOW}"


def wait_for(address: str) -> int:
    """Seconds until this address may be served again (0: now, or when the count cannot
    be read)."""
    try:
        used_ms = caches["limits"].get(minute_key(address), 0)
    except Exception:  # any backend's failure: Redis down, the cache table locked
        logger.warning(
            "The limits cache cannot be read: a request goes uncounted."  # English: log line
        )
        return 0
    if used_ms > settings.CPU_SECONDS_A_MINUTE * 1000:
        return WINDOW - int(time.time()) % WINDOW
    return 0


def charge(address: str, cpu_ms: int) -> None:
    """Count the CPU time a request used against its address's minute, from
    `CHARGED_FROM_MS` up."""
    if cpu_ms < CHARGED_FROM_MS:
        return
    try:
        _count(minute_key(address), cpu_ms, WINDOW)
    except Exception:  # the count gone meanwhile (ValueError), or the cache down
        logger.warning(
            "The limits cache cannot be written: a request goes uncounted."  # English: log line
        )


def spend(what: str, who: str, most: int, window: int) -> bool:
    """One more `what` for `who` (an address, an account) in the current `window` of
    seconds: False once `most` were spent there, for asking what must not be asked fast
    (which account names exist)."""
    return _count(f"{what}:{who}:{int(time.time()) // window}", 1, window) <= most


def _count(key: str, amount: int, window: int) -> int:
    """`amount` more under `key`, a count of one window (kept past it, then dropped)."""
    limits = caches["limits"]
    limits.add(key, 0, window * 2)
    return limits.incr(key, amount)


def too_many(request: HttpRequest, wait: int) -> HttpResponseBase:
    """The page for an address over its allowance: a few lines, no session, no query."""
    page = render_to_string("too_many.html", {"wait": wait})
    refused = HttpResponse(page, status=429)
    refused["Retry-After"] = str(wait)
    return refused


def _refusal(request: HttpRequest) -> Refusal:
    """How the view asked for says "too many": its own `too_many` (the API's JSON), else
    the page."""
    try:
        view = resolve(request.path_info).func
    except Resolver404:
        return too_many
    refusal: Refusal = getattr(view, "too_many", too_many)
    return refusal


class VisitorLimits:
    """The middleware: after authentication, which tells a signed-in visitor."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        seconds = SIGNED_IN_SECONDS if request.user.is_authenticated else VISITOR_SECONDS
        if unattributed(request):
            with cpu_budget(seconds):
                return self.get_response(request)
        address = client_address(request)
        wait = wait_for(address)
        if wait:
            return _refusal(request)(request, wait)
        started = time.thread_time()
        try:
            with cpu_budget(seconds):
                return self.get_response(request)
        finally:
            charge(address, round((time.thread_time() - started) * 1000))

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        """A view stopped by the budget: said as such, never as a rules error or a 500."""
        if isinstance(exception, TooCostly):
            return render(request, "too_costly.html", status=503)
        return None
