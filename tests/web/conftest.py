"""Fixtures the tests of more than one feature set up the same way."""

import pytest

from games.models import Game
from tests.factories import TRIO, start


@pytest.fixture
def trio() -> Game:
    return start(TRIO)
