"""How much of the scoring API one address may use: requests and CPU time a minute.

Each request is bounded on its own (the view's limits and CPU budget); this bounds how
many one address sends. An address may make `MOST_REQUESTS` requests and use
`MOST_CPU_MS` of CPU time in each minute, far beyond a table using the calculator or an
integration scoring games as they end, and a small share of one core for an attacker.
The counts live in the `limits` cache, which is shared by every server process when the
site runs on several (Redis, or the database; see the settings).

django-ratelimit would count requests only, and refuses Django's database cache; a fixed
window in the shared cache is all this needs.
"""

import time

from django.core.cache import caches

WINDOW = 60
MOST_REQUESTS = 120
MOST_CPU_MS = 10_000


def _keys(address: str) -> tuple[str, str]:
    window = int(time.time()) // WINDOW
    return f"api:{address}:{window}:requests", f"api:{address}:{window}:cpu"


def wait_for(address: str) -> int:
    """Seconds until this address may call again (0: it may now); counts the call."""
    requests, cpu = _keys(address)
    limits = caches["limits"]
    limits.add(requests, 0, WINDOW * 2)
    if limits.incr(requests) > MOST_REQUESTS or limits.get(cpu, 0) > MOST_CPU_MS:
        return WINDOW - int(time.time()) % WINDOW
    return 0


def charge(address: str, cpu_ms: int) -> None:
    """Count the CPU time a request used against its address's minute."""
    _, cpu = _keys(address)
    limits = caches["limits"]
    limits.add(cpu, 0, WINDOW * 2)
    limits.incr(cpu, cpu_ms)
