"""A second phone follows a live game through its share link while the scorekeeper saves.

Two browser contexts, as two phones: the scorekeeper's starts a Rummy game, shares it and
enters a hand; the other phone, never logged in and holding only the link, sees the new
scores within a few seconds without touching anything, and has nothing it could change.
"""

import datetime
import re

import pytest
from playwright.sync_api import Page, Request, expect

from tests.browser.table import answer, check_page_is_clean, dock_name, settled, watch_console

pytestmark = pytest.mark.browser

# The live page asks for news on htmx's `every 3s`, which runs on the page's own timers:
# the viewer's clock is installed and stopped, and the test moves it on, so that no test
# waits for real seconds and no tick comes at a moment the test did not choose.
MORNING = datetime.datetime(2026, 1, 1, 11, 0, 0)
NOON = datetime.datetime(2026, 1, 1, 12, 0, 0)
POLL_MS = 3000


def stop_the_clock(page: Page) -> None:
    """Before the page is opened: the installed clock runs on from the morning until it is
    stopped at noon, an hour ahead, so that the stop is never behind it however slowly the
    machine goes (a clock can only be moved forward)."""
    page.clock.install(time=MORNING)
    page.clock.pause_at(NOON)


def is_poll(request: Request) -> bool:
    """The live page's question: anything newer than the version it shows?"""
    return "seen=" in request.url


def test_a_second_phone_follows_the_scoreboard_live(live_server, phone, screenshot):
    keeper = phone()
    viewer = phone()
    keeper_errors, viewer_errors = watch_console(keeper), watch_console(viewer)

    # The scorekeeper starts a game of Rummy and shares its scoreboard.
    keeper.goto(f"{live_server.url}/games/new/?kind=rummy")
    keeper.get_by_label(re.compile(r"^Seat 1\b")).fill("Ann")
    keeper.get_by_label(re.compile(r"^Seat 2\b")).fill("Ben")
    keeper.get_by_role("button", name="Start the game").tap()
    expect(keeper.get_by_role("heading", level=1)).to_contain_text("Hand 1")
    keeper.get_by_role("link", name="Back to the game").tap()
    keeper.get_by_role("button", name="Share the scoreboard").tap()
    sharing = keeper.get_by_role("region", name="Sharing")
    # The live link is named by its own address, made when the game is shared.
    link = sharing.get_by_role("link", name=re.compile("live")).first
    expect(link).to_be_visible()
    expect(sharing.get_by_role("img", name="QR code of the share link")).to_be_visible()
    url = link.get_attribute("href")
    assert url and "/live/" in url
    # Copy link puts the link on the clipboard, to paste into a message.
    keeper.context.grant_permissions(["clipboard-read", "clipboard-write"])
    keeper.get_by_role("button", name="Copy link").tap()
    expect(sharing.get_by_role("status")).to_have_text("Link copied.")
    assert keeper.evaluate("navigator.clipboard.readText()") == url
    # The system share sheet is offered only where the browser has one.
    share = keeper.get_by_role("button", name="Share…")
    if keeper.evaluate("'share' in navigator"):
        expect(share).to_be_visible()
    else:
        expect(share).to_be_hidden()
    screenshot(keeper, "1-keeper-shares")
    check_page_is_clean(keeper, keeper_errors)

    # The other phone opens the link: the scoreboard, nothing to press.
    stop_the_clock(viewer)
    viewer.goto(url)
    expect(viewer.get_by_role("heading", level=1)).to_contain_text("Rummy")
    expect(totals(viewer)).to_have_text(["0", "0"])
    # Nothing to press or fill in: no button, and no form (a form has no role of its own
    # unless it is named).
    expect(viewer.get_by_role("main").get_by_role("button")).to_have_count(0)
    expect(viewer.locator("main form, main button")).to_have_count(0)
    screenshot(viewer, "2-viewer-before")
    check_page_is_clean(viewer, viewer_errors)

    # The scorekeeper enters a hand: Ann went out, Ben holds K♠ = 10 for Ann.
    keeper.get_by_role("link", name="Enter hand 1").tap()
    # The answer's form comes back in place of this one before the next tap.
    answer(keeper, keeper.get_by_role("group", name="Who went out").get_by_label("Ann", exact=True))
    dock_name(keeper, "Ben").tap()
    ben = keeper.get_by_role("region", name="Ben", exact=True)
    expect(ben).to_have_class(re.compile(r"\bactive\b"))
    picker = keeper.get_by_role("group", name="Cards for Ben")
    picker.get_by_role("button", name="K♠", exact=True).tap()
    expect(ben.get_by_role("button", name=re.compile(r"^Remove "))).to_have_text(["K♠"])
    keeper.get_by_role("button", name="Save hand 1").tap()
    keeper.wait_for_url(re.compile(r"/games/\d+/$"))

    # At its next tick, 3 seconds on, with no touch, the other phone asks and shows it.
    with viewer.expect_response(is_poll):
        viewer.clock.run_for(POLL_MS)
    expect(totals(viewer)).to_have_text(["10", "0"])
    leads = viewer.get_by_role("columnheader", name=re.compile(r"^leads "))
    expect(leads).to_have_text(["★ Ann"])
    # htmx wires up what it swapped in on a timer of the page's, 20 ms on.
    viewer.clock.run_for(100)
    settled(viewer)
    screenshot(viewer, "3-viewer-after")
    check_page_is_clean(viewer, viewer_errors)

    # The scorekeeper stops sharing: the link no longer works.
    keeper.get_by_role("button", name="Stop sharing").tap()
    expect(keeper.get_by_role("button", name="Share the scoreboard")).to_be_visible()
    viewer.reload()
    expect(viewer.get_by_role("heading", level=1)).to_have_text("This link no longer works")


def test_a_hidden_live_page_asks_for_nothing_and_catches_up_when_seen(live_server, phone):
    from games.models import Game

    game = Game.objects.start(["Ann", "Ben"], 1, kind="rummy")
    url = f"{live_server.url}/live/{game.share()}/"
    viewer = phone()
    stop_the_clock(viewer)
    viewer.goto(url)
    expect(viewer.get_by_role("heading", level=1)).to_contain_text("Rummy")
    polls: list[str] = []
    viewer.on("request", lambda request: polls.append(request.url) if is_poll(request) else None)
    with viewer.expect_request(is_poll):
        viewer.clock.run_for(POLL_MS)
    assert polls, "an open live page asks every 3 seconds"

    # The phone goes in a pocket: the page is hidden, and asks nothing for seconds on end.
    viewer.evaluate(
        """() => {
            Object.defineProperty(document, "hidden", {configurable: true, get: () => true});
            Object.defineProperty(document, "visibilityState",
                                  {configurable: true, get: () => "hidden"});
            document.dispatchEvent(new Event("visibilitychange"));
        }"""
    )
    polls.clear()
    viewer.clock.run_for(7000)  # two ticks and more

    # Taken out again: it asks at once, with the clock standing still, so not at a tick.
    with viewer.expect_request(is_poll) as caught:
        viewer.evaluate(
            """() => {
                Object.defineProperty(document, "hidden", {configurable: true, get: () => false});
                Object.defineProperty(document, "visibilityState",
                                      {configurable: true, get: () => "visible"});
                document.dispatchEvent(new Event("visibilitychange"));
            }"""
        )
    # The page's requests reach the test in the order it made them: anything asked while
    # it was hidden would come before this one.
    assert polls[-1] == caught.value.url
    assert polls[:-1] == []


def totals(page: Page):
    """The scoreboard's totals, one a player."""
    total = page.get_by_role("row", name=re.compile(r"^Total\b"))
    return total.get_by_role("cell")
