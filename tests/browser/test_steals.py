"""The Thieves' steals on a phone: a past round's card fixed after its Thieves stole keeps
every steal that still fits, and the Thief whose steal went is asked again."""

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.browser.table import messages, settled, symbol, tap
from tests.factories import FOUR, THIEVES_ROUND, fresh, seat, start

pytestmark = pytest.mark.browser


def test_fixing_a_stolen_card_asks_only_its_thief_again(live_server, phone: Callable[..., Page]):
    # Round 1: Ann (3♣) and Ben (K♦) are Thieves. Ann took Dan's Q♠, then Ben Cleo's 3♥.
    game = start(FOUR, rounds=[THIEVES_ROUND])
    game.record_steal(1, seat(game, "Ann"), seat(game, "Dan"), "QS", game.version)
    game = fresh(game)
    game.record_steal(1, seat(game, "Ben"), seat(game, "Cleo"), "3H", game.version)
    page = phone()
    page.goto(f"{live_server.url}/games/{game.pk}/rounds/1/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Edit round 1")

    # Dan's queen was a jack: out with the Q♠, in with the J♠, and save.
    dan = page.get_by_role("region", name="Dan", exact=True)
    tap(dan.get_by_role("button", name=f"Remove {symbol('QS')}"))
    expect(dan.get_by_role("button", name=re.compile(r"^Remove "))).to_have_count(2)
    picker = page.get_by_role("group", name="Cards for Dan")
    tap(picker.get_by_role("button", name=symbol("JS"), exact=True))
    expect(dan.get_by_role("button", name=re.compile(r"^Remove "))).to_have_count(3)
    settled(page)
    tap(page.get_by_role("button", name=re.compile(r"^Save changes")))
    page.wait_for_url(re.compile(rf"/games/{game.pk}/$"))

    # Only Ann's steal went: the game page says so, and that she is still to steal.
    expect(messages(page)).to_contain_text(
        "Steals of round 1 that no longer fit were removed: Ann took Q♠ from Dan."
    )
    waiting = page.get_by_role("region", name="Thieves still to steal")
    expect(waiting).to_have_text(re.compile(r"^Still to steal after round 1: Ann\. "))
    tap(waiting.get_by_role("link", name="Go to the steals"))
    page.wait_for_url(re.compile(r"/rounds/1/steals/$"))

    # Ann steals first again, the J♠ this time; Ben's steal stays, after hers.
    expect(page.get_by_role("heading", level=2)).to_have_text("Ann (3♣) steals")
    events = page.locator("#steals .events").get_by_role("listitem")
    expect(events).to_have_text(["Ben took 3♥ from Cleo; Cleo's meld now holds Ben's K♦."])
    target = page.locator("#steals .target").filter(has_text="From Dan:")
    tap(target.get_by_role("button", name=symbol("JS"), exact=True))
    expect(events).to_have_text(
        [
            "Ann took J♠ from Dan; Dan's meld now holds Ann's 3♣.",
            "Ben took 3♥ from Cleo; Cleo's meld now holds Ben's K♦.",
        ]
    )
    expect(page.locator("#steals")).to_contain_text("Every Thief has had a turn.")
