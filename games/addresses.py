"""Whose request it is: the address limits count (failed logins, API calls)."""

from django.conf import settings
from django.http import HttpRequest


def client_address(request: HttpRequest) -> str:
    """The caller's address: the one the server sees, or behind `PROXIES` trusted
    proxies the one the outermost of them saw (the rest of X-Forwarded-For is the
    caller's to write, so it is not believed)."""
    proxies: int = settings.PROXIES
    if proxies:
        forwarded = [part.strip() for part in request.headers.get("X-Forwarded-For", "").split(",")]
        if len(forwarded) >= proxies:
            return forwarded[-proxies]
    return str(request.META.get("REMOTE_ADDR", ""))
