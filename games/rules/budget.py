"""How much scoring one request may ask for.

A real game is small: seven Indian Chief rounds, eleven Three Thirteen hands, a few dozen
deals of anything else. The scoring API takes requests from anyone, so its work is
bounded twice. First by the rules' own limits, checked before anything is scored: seats
within the game's player limit, at most `MAX_HANDS` hands, numbers within `MAX_NUMBER`,
copies within the decks in play. Then by a CPU budget, checked between hands, for what
those limits still allow and that keeps the meld solver busiest: a whole game of 200
Indian Rummy deals for eight players, each hand crowded with jokers and wild cards, costs
a second or two; no real game comes within a hundredth of that.

Every request of the site runs inside a budget (`games.limits`); a budget spent is
`TooCostly`, which is no `RuleError`: it says nothing of the cards, so nothing that
catches a rules error (a page saying which round is wrong, a cached "does not pass the
rules") takes it for one.
"""

import gc
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from games.rules.errors import InvalidInput
from games.rules.text import gettext as _
from games.rules.text import gettext_lazy

MAX_HANDS = 200
MAX_NUMBER = 999_999_999

_deadline: ContextVar[float | None] = ContextVar("deadline", default=None)

# A collection of the whole heap stops whichever thread is allocating when it falls due,
# for as long as the process's heap takes to walk: tenths of a second in a large process,
# whatever that thread's request asks for. Each thread's time in the collector is left out
# of its budget, so that a request asking for little is never refused for a pause the rest
# of the process caused.
_collector = threading.local()


def _count_collections(phase: str, info: dict[str, int]) -> None:
    if phase == "start":
        _collector.started = time.thread_time()
    else:
        _collector.paused = _paused() + time.thread_time() - _collector.started


def _paused() -> float:
    paused: float = getattr(_collector, "paused", 0.0)
    return paused


gc.callbacks.append(_count_collections)


def _working() -> float:
    """This thread's CPU time, less its time in the garbage collector."""
    return time.thread_time() - _paused()


class TooCostly(Exception):
    """The request's CPU budget is spent: the work asked for is too much for one request,
    whatever the cards say."""

    message = gettext_lazy(
        "This request asks for more scoring than one request may: "
        "no real game needs this much work."
    )

    def __init__(self) -> None:
        # Said in the language of the request it stops.
        self.message = str(type(self).message)
        super().__init__(self.message)


@contextmanager
def cpu_budget(seconds: float) -> Iterator[None]:
    """Scoring inside this block may use `seconds` of this thread's CPU time (its own
    work, not the garbage collector's), and never more than a budget around it still
    allows."""
    deadline = _working() + seconds
    outer = _deadline.get()
    token = _deadline.set(deadline if outer is None else min(outer, deadline))
    try:
        yield
    finally:
        _deadline.reset(token)


@contextmanager
def leaving(seconds: float) -> Iterator[None]:
    """Scoring inside this block stops `seconds` before the budget around it is spent,
    for the work after it that no check between hands can stop (a sheet's layout)."""
    outer = _deadline.get()
    token = _deadline.set(None if outer is None else outer - seconds)
    try:
        yield
    finally:
        _deadline.reset(token)


def within_budget() -> None:
    """`TooCostly` once the CPU budget is spent (never outside `cpu_budget`)."""
    deadline = _deadline.get()
    if deadline is not None and _working() > deadline:
        raise TooCostly


def check_hands(count: int) -> None:
    if count > MAX_HANDS:
        raise InvalidInput(
            _("A game holds at most {most} hands, not {count}.").format(most=MAX_HANDS, count=count)
        )
