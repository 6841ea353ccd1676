"""What every test of the languages shares."""

from collections.abc import Iterator

import pytest
from django.conf import settings
from django.utils import translation


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """The language a request or a test activated does not outlive the test."""
    yield
    translation.activate(settings.LANGUAGE_CODE)
