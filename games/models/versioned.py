"""What is worked out from a game at one version (or from a link), kept while it stands.

A key names all that the value depends on (a game and its version, the rules' edition,
a link), so a value under it never goes out of date: any change to a game moves its
version on, and the next request asks under the new key. Values live in the
shared cache, for every process, and the most recently used also in this process's own
memory in front of it: a card tap asks for the same few of them each time, and a round
trip to Redis (or the database) costs more than the tap's own work. Values handed out
are shared: nobody may change them.
"""

import threading
from collections import OrderedDict
from collections.abc import Callable

from django.core.cache import cache

# About 6 KB for a seven-round game's scores: a few MB per process at most.
MOST = 1000

_recent: OrderedDict[str, object] = OrderedDict()
_lock = threading.Lock()


def versioned[T](key: str, work_out: Callable[[], T], timeout: int | None = 60 * 60) -> T:
    """The value under `key`: from this process's memory, else the shared cache, else
    `work_out()` (whose errors are not kept: the next request tries again)."""
    with _lock:
        if key in _recent:
            _recent.move_to_end(key)
            return _recent[key]  # type: ignore[return-value]
    value: T | None = cache.get(key)
    if value is None:
        value = work_out()
        cache.set(key, value, timeout)
    _remember(key, value)
    return value


def keep(values: dict[str, object], timeout: int | None = 60 * 60) -> None:
    """Keep values already worked out (by the change that made their version), for
    `versioned` to find."""
    cache.set_many(values, timeout)
    for key, value in values.items():
        _remember(key, value)


def _remember(key: str, value: object) -> None:
    with _lock:
        _recent[key] = value
        _recent.move_to_end(key)
        if len(_recent) > MOST:
            _recent.popitem(last=False)


def forget() -> None:
    """Empty this process's memory, as when the shared cache is emptied (the tests do,
    where database ids come round again)."""
    with _lock:
        _recent.clear()
