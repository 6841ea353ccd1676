"""A second phone follows a live game through its share link while the scorekeeper saves.

Two browser contexts, as two phones: the scorekeeper's starts a Rummy game, shares it and
enters a hand; the other phone, never logged in and holding only the link, sees the new
scores within a few seconds without touching anything, and has nothing it could change.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_game import check_page_is_clean, watch_console

pytestmark = pytest.mark.browser


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
    link = keeper.locator(".share-link a").first
    expect(link).to_be_visible()
    expect(keeper.locator("img.qr")).to_be_visible()
    url = link.get_attribute("href")
    assert url and "/live/" in url
    # Copy link puts the link on the clipboard, to paste into a message.
    keeper.context.grant_permissions(["clipboard-read", "clipboard-write"])
    keeper.get_by_role("button", name="Copy link").tap()
    expect(keeper.locator(".share-actions [role='status']")).to_have_text("Link copied.")
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
    viewer.goto(url)
    expect(viewer.get_by_role("heading", level=1)).to_contain_text("Rummy")
    expect(viewer.locator("#scoreboard tfoot td.total")).to_have_text(["0", "0"])
    expect(viewer.locator("main form, main button")).to_have_count(0)
    screenshot(viewer, "2-viewer-before")
    check_page_is_clean(viewer, viewer_errors)

    # The scorekeeper enters a hand: Ann went out, Ben holds K♠ = 10 for Ann.
    keeper.get_by_role("link", name="Enter hand 1").tap()
    keeper.get_by_role("group", name="Who went out").get_by_label("Ann", exact=True).tap()
    keeper.wait_for_load_state("networkidle")  # the answer's refresh is back before the next tap
    keeper.locator("#round-entry .dock-names button[value='1']").tap()
    expect(keeper.locator("#player-1")).to_have_class(re.compile(r"\bactive\b"))
    keeper.locator("#round-entry .picker button[value='KS']").tap()
    expect(keeper.locator("#player-1 .hand button.in-hand")).to_have_text(["K♠"])
    keeper.get_by_role("button", name="Save hand 1").tap()
    keeper.wait_for_url(re.compile(r"/games/\d+/$"))

    # Within a few seconds, with no touch, the other phone shows it.
    expect(viewer.locator("#scoreboard tfoot td.total")).to_have_text(["10", "0"], timeout=8000)
    expect(viewer.locator("#scoreboard thead th.leader")).to_have_text(["★ Ann"])
    screenshot(viewer, "3-viewer-after")
    check_page_is_clean(viewer, viewer_errors)

    # The scorekeeper stops sharing: the link no longer works.
    keeper.get_by_role("button", name="Stop sharing").tap()
    expect(keeper.get_by_role("button", name="Share the scoreboard")).to_be_visible()
    viewer.reload()
    expect(viewer.get_by_role("heading", level=1)).to_have_text("This link no longer works")


def test_a_hidden_live_page_asks_for_nothing_and_catches_up_when_seen(live_server, phone):
    keeper = phone()
    keeper.goto(f"{live_server.url}/games/new/?kind=rummy")
    keeper.get_by_label(re.compile(r"^Seat 1\b")).fill("Ann")
    keeper.get_by_label(re.compile(r"^Seat 2\b")).fill("Ben")
    keeper.get_by_role("button", name="Start the game").tap()
    keeper.get_by_role("link", name="Back to the game").tap()
    keeper.get_by_role("button", name="Share the scoreboard").tap()
    url = keeper.locator(".share-link a").first.get_attribute("href")
    viewer = phone()
    viewer.goto(url)
    polls: list[str] = []
    viewer.on(
        "request", lambda request: polls.append(request.url) if "seen=" in request.url else None
    )
    viewer.wait_for_timeout(3500)
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
    viewer.wait_for_timeout(7000)
    assert polls == []

    # Taken out again: it asks at once, not at the next tick.
    with viewer.expect_request(lambda request: "seen=" in request.url, timeout=1000):
        viewer.evaluate(
            """() => {
                Object.defineProperty(document, "hidden", {configurable: true, get: () => false});
                Object.defineProperty(document, "visibilityState",
                                      {configurable: true, get: () => "visible"});
                document.dispatchEvent(new Event("visibilitychange"));
            }"""
        )
