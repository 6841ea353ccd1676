"""axe-core, the accessibility engine browsers' own tools use, over every page of the app.

A phone opens each page as a visitor would reach it (its own games, a live link, a
round with previews and problems, the steals, the hand questions of the rummy family),
and axe runs on it twice, with the phone set to light and to dark: any violation, of any
impact, fails, and so does anything axe leaves "needing review" (incomplete): what axe
cannot decide, such as a contrast it cannot measure, is markup to make decidable.
axe-core comes from npm (`package.json`; `npm ci` puts it in `node_modules/`), and is run
through DevTools, so the pages' strict Content Security Policy stays as it is.

Each page is also measured for thumbs: every control on it, with its disclosures open,
is at least 44 px each way (WCAG's 2.5.5), but for links inside a sentence (that rule's
inline exception) and the forms' hidden default buttons, which only the Enter key reaches.
"""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.table import (
    PASSWORD,
    answer,
    finished,
    logged_in,
    pool_with_one_out,
    settled,
    start,
    type_cards,
)

pytestmark = pytest.mark.browser


def test_every_page_passes_axe_in_light_and_dark(live_server, page: Page, checked):
    url = live_server.url
    for path, name in [
        ("/", "home"),
        ("/rules/", "rules"),
        ("/calculator/", "calculator"),
        ("/games/new/", "new game"),
        ("/games/paper/?kind=indian-chief", "paper game"),
        ("/accounts/login/", "log in"),
        ("/accounts/signup/", "sign up"),
        ("/games/import/", "import"),
    ]:
        page.goto(url + path)
        checked(name)
    page.goto(f"{url}/calculator/?cards=7H+7S&table=7C&decks=1")
    checked("calculator with a meld")
    page.goto(f"{url}/games/paper/?kind=rummy")
    for seat, player in enumerate(["Ann", "Ben"], start=1):
        page.get_by_label(re.compile(rf"^Seat {seat}\b")).fill(player)
    page.get_by_role("button", name="Next: the scores").click()
    expect(page.get_by_role("table")).to_be_visible()
    checked("paper game grid")

    # Indian Chief: a round with previews, a problem, then the steals and the game page.
    game = start(page, url, "indian-chief", ["Ann", "Ben", "Cat", "Dan"])
    checked("round entry, empty")
    page.get_by_role("group", name="Cards for Ann").get_by_role("button", name="K♠").click()
    ann = page.get_by_role("region", name="Ann", exact=True)
    expect(ann.get_by_role("button", name=re.compile(r"^Remove "))).to_have_count(1)
    checked("round entry, one card")
    type_cards(
        page, {"Ann": "KS", "Ben": "7H 7S", "Cat": "7C 9S 2S 3D 4D 5D 6D 8D", "Dan": "7D 8C 6H 4D"}
    )
    cat = page.get_by_role("region", name="Cat", exact=True)
    # What the cards make, in words: no role of its own.
    expect(cat.locator(".problem")).to_be_visible()
    checked("round entry with a problem")
    settled(page)
    box = cat.get_by_label("Cat's cards as text")
    if not box.is_visible():
        cat.get_by_text("Type the cards instead").click()
    box.fill("7C 9S 2S")
    page.get_by_role("button", name="Save round 1").click()
    page.wait_for_url(re.compile(r"/steals/$"))
    checked("steals")
    page.goto(game)
    page.get_by_role("button", name="Share the scoreboard").click()
    # The live link is named by its own address, made when the game is shared.
    link = page.get_by_role("region", name="Sharing").get_by_role("link", name=re.compile("live"))
    expect(link.first).to_be_visible()
    checked("game page, shared")
    live = link.first.get_attribute("href")
    page.goto(f"{game}delete/")
    checked("delete a game")

    # The rummy family's questions: Rummy's yes-or-no box, Tong-Its's many.
    start(page, url, "rummy", ["Ann", "Ben"])
    checked("rummy hand")
    start(page, url, "tong-its", ["Ann", "Ben", "Cat"])
    answer(page, page.get_by_label("Draw called"))
    checked("tong-its hand")

    # Indian Rummy's pool: a player out greyed on the board, and the dock asking the
    # player the cards go to how their deal ended.
    pool = pool_with_one_out(["Ann", "Ben", "Cat"])
    page.goto(f"{url}/games/{pool.pk}/")
    expect(page.get_by_text("out after deal 3")).to_be_visible()
    checked("pool board, a player out")
    page.get_by_role("link", name="Enter hand 4").click()
    answer(page, page.get_by_role("group", name="Who declared").get_by_label("Cat"))
    expect(page.get_by_role("group", name="How the deal ended for Ann")).to_be_visible()
    checked("indian rummy deal, outcomes in the dock")

    # A finished game of eight: its board scrolls sideways in its own box, and cuts the
    # names it cannot hold short.
    eight = finished(
        ["Annabel", "Benjamin", "Cara", "Dan", "Elisabeth", "Frederick", "Gus", "Mary Ann"]
    )
    page.goto(f"{url}/games/{eight.pk}/")
    expect(page.get_by_text("wins with")).to_be_visible()
    checked("game page, eight players, finished")

    for path, name in [
        ("/games/", "games"),
        ("/games/deleted/", "deleted games"),
        ("/players/", "players"),
    ]:
        page.goto(url + path)
        checked(name)
    page.get_by_role("main").get_by_role("link", name="Ann", exact=True).first.click()
    page.wait_for_url(re.compile(r"/players/\d+/$"))
    checked("a player")
    page.goto(str(live))
    checked("live scoreboard")
    page.goto(f"{live}?large=1")
    checked("live scoreboard, big type")


def test_the_pages_of_accounts_and_sharing_pass_axe_in_light_and_dark(
    live_server, page: Page, phone, checked
):
    """The pages behind an account: an owner's game with its sharing panel, invitations,
    a game kept by someone else, a finished game, the password pages, and the answers to a
    gone share link and a sheet that cannot be made."""
    from django.contrib.auth.models import User

    url = live_server.url
    for name in ("ann", "ben"):
        User.objects.create_user(name, f"{name}@example.org", PASSWORD)
    logged_in(page, url, "ann")
    page.goto(f"{url}/games/")
    checked("games, logged in")
    game = start(page, url, "rummy", ["Ann", "Ben"])
    page.goto(game)
    checked("game page, an owner's")
    page.get_by_label("User name").fill("ben")
    page.get_by_role("button", name="Invite them to keep score").click()
    expect(page.get_by_role("region", name="Sharing")).to_contain_text("Invited")
    checked("game page, someone invited")

    ben = phone()
    logged_in(ben, url, "ben")
    ben.goto(game)
    checked("a game kept by someone else", on=ben)
    ben.goto(f"{url}/")
    expect(ben.get_by_role("region", name="Asked to keep score")).to_be_visible()
    checked("home, with an invitation", on=ben)

    page.goto(f"{game}rounds/new/")
    # The answer goes to the server at once, and its form comes back in place of this
    # one: the cards are typed into the form that stays.
    answer(page, page.get_by_role("group", name="Who went out").get_by_label("Ann", exact=True))
    type_cards(page, {"Ann": "", "Ben": "KH QH 9C"})
    page.get_by_role("button", name="Save hand 1").click()
    page.wait_for_url(game)
    page.goto(game)
    page.get_by_text("End the game here").click()
    page.get_by_role("button", name="Yes, end the game").click()
    expect(page.get_by_text("The game is over")).to_be_visible()
    checked("game page, finished")
    for path, name in [
        ("/accounts/password/", "change password"),
        ("/accounts/password/reset/", "reset password"),
        ("/live/no-such-link/", "a share link that is gone"),
        ("/sheets/indian-chief/blank.pdf?players=99", "a sheet that cannot be made"),
    ]:
        page.goto(url + path)
        checked(name)
