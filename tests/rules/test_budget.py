"""The request's CPU budget (games/rules/budget.py): nested budgets keep the tighter
deadline, `leaving` keeps room after the scoring for work no check can stop, and the
garbage collector's pauses are not the request's."""

import gc
import time

import pytest

from games.rules.budget import TooCostly, cpu_budget, leaving, within_budget


def test_a_budget_inside_another_keeps_the_tighter_deadline():
    with cpu_budget(-1), cpu_budget(60), pytest.raises(TooCostly):
        within_budget()
    with cpu_budget(60), cpu_budget(-1), pytest.raises(TooCostly):
        within_budget()


def test_leaving_stops_the_scoring_that_long_before_the_budget_is_spent():
    with cpu_budget(60):
        with leaving(30):
            within_budget()  # thirty seconds are left for the scoring
        with leaving(61), pytest.raises(TooCostly):
            within_budget()
        within_budget()  # after the block, the whole budget again


def test_without_a_budget_nothing_is_stopped():
    with leaving(61):
        within_budget()


def test_a_pause_of_the_garbage_collector_is_not_counted_but_the_same_time_working_is():
    heap = [[] for _ in range(300_000)]  # lists the collector walks, as in a large process
    started = time.thread_time()
    gc.collect()
    pause = time.thread_time() - started
    with cpu_budget(pause / 2):
        gc.collect()  # a pause about twice the budget
        within_budget()
    with cpu_budget(pause / 2), pytest.raises(TooCostly):
        working = time.thread_time()
        while time.thread_time() - working < pause:
            pass  # as long again, working
        within_budget()
    del heap
