"""What the machine running the tests says of the run: whether it is CI, whether pictures
are wanted, and what becomes of a test whose tool is not installed here."""

import os
from typing import NoReturn

import pytest


def asked(variable: str) -> bool:
    """Whether the environment variable says yes (`true`, `1` or `yes`)."""
    return os.environ.get(variable, "").lower() in {"true", "1", "yes"}


def missing(what: str, *, ci_must: str) -> NoReturn:
    """`what` a test needs is not on this machine: the test is skipped on a developer's
    machine, but fails in CI (`CI=true`), where a skip would hide a missing install step."""
    if asked("CI"):
        pytest.fail(f"{what} (CI must {ci_must})")
    pytest.skip(what)
