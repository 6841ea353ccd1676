"""What the rules tests share."""

from collections.abc import Callable
from typing import Any

import pytest

from games.rules.errors import RuleError


def rule_error(code: str, call: Callable[..., Any], *args: Any, **kwargs: Any) -> RuleError:
    """Call the rules and return the error they raise, after checking its code and that it
    says something to people."""
    with pytest.raises(RuleError) as caught:
        call(*args, **kwargs)
    assert caught.value.code == code, f"{caught.value.code}: {caught.value.message}"
    assert caught.value.message
    return caught.value
