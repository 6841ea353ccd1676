"""Fixtures of the play screens' tests: games part-way through, and one finished."""

import pytest

from games.models import Game
from tests.factories import FOUR, THIEVES_ROUND, WIN_ROUNDS, start


@pytest.fixture
def after_thieves() -> Game:
    """Four players, two decks; round 1 had Ann's and Ben's Thieves."""
    return start(FOUR, 2, [THIEVES_ROUND])


@pytest.fixture
def won() -> Game:
    return start(["Ann", "Ben"], 1, [cards for cards, _ in WIN_ROUNDS])
