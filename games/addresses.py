"""Whose request it is: the address limits count (failed logins, API calls)."""

import functools
import logging

from django.conf import settings
from django.http import HttpRequest

logger = logging.getLogger(__name__)


def client_address(request: HttpRequest) -> str:
    """The caller's address: the one the server sees, or behind `PROXIES` trusted
    proxies the one the outermost of them saw (the rest of X-Forwarded-For is the
    caller's to write, so it is not believed). A request without the addresses the
    proxies add is counted by its own address, never as an empty one all would share.

    A request forwarded by a proxy while `PROXIES` is 0 counts as the proxy's: every
    visitor shares one address, so one person's failed logins lock everyone out. That is
    said loudly in the log, once a process (each request would drown the log)."""
    proxies: int = settings.PROXIES
    if proxies:
        header = request.headers.get("X-Forwarded-For", "")
        forwarded = [part.strip() for part in header.split(",") if part.strip()]
        if len(forwarded) >= proxies:
            return forwarded[-proxies]
    elif unattributed(request):
        _warn_of_the_proxy()
    return str(request.META.get("REMOTE_ADDR", ""))


def unattributed(request: HttpRequest) -> bool:
    """Whether the request came through a proxy nobody declared (`PROXIES` is 0): its
    address is the proxy's, every visitor's."""
    return not settings.PROXIES and "X-Forwarded-For" in request.headers


@functools.cache  # once a process
def _warn_of_the_proxy() -> None:
    logger.warning(
        "Requests arrive through a proxy (X-Forwarded-For) but DJANGO_PROXIES is "  # English: log
        "0: every visitor counts as the proxy's address, so one visitor's failed "  # English: log
        "logins and API calls hold everyone back, and no visitor's CPU a minute "  # English: log
        "can be limited. Set DJANGO_PROXIES to the number of proxies in front of "  # English: log
        "the app (usually 1)."  # English: log line
    )
