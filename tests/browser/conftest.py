"""What the browser tests share as fixtures: axe-core over a page, in light and dark,
with its targets measured for thumbs (see test_accessibility.py for what is checked and
why)."""

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.browser.table import settled
from tests.environment import missing

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"

# Where axe says why it flagged an element: its checks, in its three groups.
PARTS = ("any", "all", "none")

TARGET = 44  # px each way: WCAG 2.5.5's size for a target

# Every control's tappable box (a box's label for a checkbox or radio) smaller than
# TARGET either way, with the page's disclosures opened for the count and shut again.
SMALL_TARGETS = """
target => {
  const shut = [...document.querySelectorAll("details:not([open])")];
  shut.forEach(details => { details.open = true; });
  const small = [];
  const controls = "a[href], button, input:not([type=hidden]), select, textarea, summary";
  for (const control of document.querySelectorAll(controls)) {
    if (control.closest(".visually-hidden, [hidden]")) continue;
    const inSentence = control.tagName === "A" && getComputedStyle(control).display === "inline"
      && control.parentElement.textContent.trim() !== control.textContent.trim();
    if (inSentence) continue;
    const labelled = ["checkbox", "radio"].includes(control.type) && control.labels.length;
    const box = (labelled ? control.labels[0] : control).getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (box.width < target - 0.05 || box.height < target - 0.05) {
      const name = (control.textContent || control.value || control.name).trim().slice(0, 40);
      const size = `${box.width.toFixed(0)}×${box.height.toFixed(0)}`;
      small.push(`${control.tagName.toLowerCase()} "${name}" ${size}`);
    }
  }
  shut.forEach(details => { details.open = false; });
  return small;
}
"""


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.exists():
        missing("axe-core is not installed: run `npm ci`", ci_must="run the accessibility checks")
    return AXE.read_text()


@pytest.fixture
def checked(page: Page, axe_source: str, screenshot) -> Iterator[Callable[..., None]]:
    """Call it with a name once a page is shown: axe checks it in light and in dark, its
    targets are measured, and a screenshot of it is kept to look at."""
    seen: list[str] = []
    found: dict[str, list[str]] = {}
    small: dict[str, list[str]] = {}

    def check(name: str, on: Page = page) -> None:
        page = on
        # axe and the measures must see the page as it stays, not half-way through a swap.
        settled(page)
        if not page.evaluate("typeof axe !== 'undefined'"):
            page.evaluate(axe_source)
        for scheme in ("light", "dark"):
            page.emulate_media(color_scheme=scheme)
            result = page.evaluate("axe.run(document, {resultTypes: ['violations', 'incomplete']})")
            problems = [
                f"{kind} {rule['id']} ({rule['impact']}): {rule['help']} at "
                + ", ".join(
                    f"{node['target']} "
                    + " ".join(check["message"] for part in PARTS for check in node[part])
                    for node in rule["nodes"][:4]
                )
                for kind in ("violations", "incomplete")
                for rule in result[kind]
            ]
            if problems:
                found[f"{name} ({scheme})"] = problems
        page.emulate_media(color_scheme="light")
        if targets := page.evaluate(SMALL_TARGETS, TARGET):
            small[name] = targets
        screenshot(page, f"{len(seen) + 1:02d}-{name}")
        seen.append(name)

    yield check
    assert found == {}, f"axe problems on {len(found)} of {2 * len(seen)} views: {found}"
    assert small == {}, f"targets under {TARGET}px on {len(small)} of {len(seen)} pages: {small}"
