"""How much scoring one request may ask for.

A real game is small: seven Indian Chief rounds, eleven Three Thirteen hands, a few dozen
deals of anything else. The scoring API takes requests from anyone, so its work is
bounded twice. First by the rules' own limits, checked before anything is scored: seats
within the game's player limit, at most `MAX_HANDS` hands, numbers within `MAX_NUMBER`,
copies within the decks in play. Then by a CPU budget, checked between hands, for what
those limits still allow and that keeps the meld solver busiest: a whole game of 200
Indian Rummy deals for eight players, each hand crowded with jokers and wild cards, costs
a second or two; no real game comes within a hundredth of that.
"""

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from games.rules.errors import InvalidInput

MAX_HANDS = 200
MAX_NUMBER = 999_999_999

_deadline: ContextVar[float | None] = ContextVar("deadline", default=None)


@contextmanager
def cpu_budget(seconds: float) -> Iterator[None]:
    """Scoring inside this block may use `seconds` of this thread's CPU time."""
    token = _deadline.set(time.thread_time() + seconds)
    try:
        yield
    finally:
        _deadline.reset(token)


def within_budget() -> None:
    """`invalid_input` once the CPU budget is spent (never outside `cpu_budget`)."""
    deadline = _deadline.get()
    if deadline is not None and time.thread_time() > deadline:
        raise InvalidInput(
            "This request asks for more scoring than one request may: "
            "no real game needs this much work."
        )


def check_hands(count: int) -> None:
    if count > MAX_HANDS:
        raise InvalidInput(f"A game holds at most {MAX_HANDS} hands, not {count}.")
