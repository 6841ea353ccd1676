"""How many scoring API requests one address may send a minute.

Each request is bounded on its own (the view's limits and CPU budget), and its CPU time
is counted against its address with every other request of the site (`games.limits`);
this bounds how many API requests one address sends. An address may make
`MOST_REQUESTS` requests in each minute, far beyond a table using the calculator or an
integration scoring games as they end. The counts live in the `limits` cache, which is
shared by every server process when the site runs on several (Redis, or the database;
see the settings).

django-ratelimit would count requests only, and refuses Django's database cache; a fixed
window in the shared cache is all this needs.
"""

import time

from games.limits import WINDOW, spend

MOST_REQUESTS = 120


def wait_for(address: str) -> int:
    """Seconds until this address may call again (0: it may now); counts the call."""
    if spend("api", address, MOST_REQUESTS, WINDOW):
        return 0
    return WINDOW - int(time.time()) % WINDOW
