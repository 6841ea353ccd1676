"""Two phones, two accounts: Ann invites Ben to keep score; Ben accepts from his home page,
enters a hand, and leaves the game again."""

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from tests.browser.table import PASSWORD, check_page_is_clean, log_in, messages, watch_console

pytestmark = pytest.mark.browser


def test_an_invited_account_accepts_keeps_score_and_leaves(live_server, phone, screenshot):
    for name in ("ann", "ben"):
        User.objects.create_user(name, f"{name}@example.org", PASSWORD)
    ann, ben = (phone() for _ in range(2))
    ann_errors, ben_errors = watch_console(ann), watch_console(ben)
    log_in(ann, live_server.url, "ann")
    log_in(ben, live_server.url, "ben")

    # Ann starts a game of Rummy and invites Ben from its sharing panel.
    ann.goto(f"{live_server.url}/games/new/?kind=rummy")
    ann.get_by_label(re.compile(r"^Seat 1\b")).fill("Ann")
    ann.get_by_label(re.compile(r"^Seat 2\b")).fill("Ben")
    ann.get_by_role("button", name="Start the game").tap()
    ann.get_by_role("link", name="Back to the game").tap()
    ann.wait_for_url(re.compile(r"/games/\d+/$"))
    game_url = ann.url
    ann.get_by_label("User name").fill("ben")
    ann.get_by_role("button", name="Invite them to keep score").tap()
    expect(messages(ann)).to_contain_text("ben is invited")
    expect(ann.get_by_role("region", name="Sharing")).to_contain_text(
        "Invited, keeping score once they accept"
    )
    screenshot(ann, "1-ann-invited-ben")
    check_page_is_clean(ann, ann_errors)

    # Ben cannot open the game yet; his home page asks him.
    # The refusal is a 403, which the console reports: that one error is expected.
    with ben.expect_console_message(lambda message: "403" in message.text):
        ben.goto(game_url)
    expect(ben.get_by_role("heading", level=1)).to_contain_text("kept by someone else")
    ben_errors.clear()
    ben.goto(f"{live_server.url}/")
    invitation = ben.get_by_role("region", name="Asked to keep score")
    expect(invitation).to_contain_text("ann asks you to keep score on Rummy: Ann, Ben")
    screenshot(ben, "2-ben-is-asked")
    check_page_is_clean(ben, ben_errors)
    invitation.get_by_role("button", name="Accept").tap()

    # Now it is his to keep score on, and to leave.
    ben.wait_for_url(game_url)
    expect(messages(ben)).to_contain_text("You keep score on this game now.")
    expect(ben.get_by_role("link", name="Enter hand 1")).to_be_visible()
    screenshot(ben, "3-ben-keeps-score")
    check_page_is_clean(ben, ben_errors)
    ben.get_by_role("button", name="Leave this game").tap()
    ben.wait_for_url(f"{live_server.url}/")
    expect(messages(ben)).to_contain_text("You no longer keep score")
    ben.goto(game_url)
    expect(ben.get_by_role("heading", level=1)).to_contain_text("kept by someone else")
