"""What the tests of the sheets share."""

import pytest

from games.sheets import pdf as sheets


@pytest.fixture
def renders(monkeypatch) -> list[str]:
    """The sheets actually laid out, as opposed to served from the cache: each one's
    template."""
    calls: list[str] = []
    real = sheets.render_pdf

    def counting(template, context):
        calls.append(template)
        return real(template, context)

    monkeypatch.setattr(sheets, "render_pdf", counting)
    return calls
