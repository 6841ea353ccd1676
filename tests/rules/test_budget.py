"""The request's CPU budget (games/rules/budget.py): nested budgets keep the tighter
deadline, and `leaving` keeps room after the scoring for work no check can stop."""

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
