"""The home page on a phone: the scorekeeper's first look at the app, and the melds."""

import re

import pytest
from playwright.sync_api import ConsoleMessage, Page, expect

from tests.browser.table import settled

pytestmark = pytest.mark.browser

MELD_NAMES = ["Thief", "Beggar Man", "Poor Man", "Lawyer", "Rich Man", "Doctor", "Indian Chief"]
PHONE_WIDTH = 390

# Chromium reports a blocked script, style or image as a console error too, but this catches
# every violation with the directive it broke, even one Chromium only counts as a warning.
RECORD_CSP_VIOLATIONS = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.cspViolations.push(`${event.violatedDirective} blocked ${event.blockedURI}`);
});
"""


def check_page_is_clean(page: Page, console_errors: list[str]) -> None:
    """No CSP violation, no console error, and nothing wider than the phone, once every
    request the page made has been answered."""
    settled(page)
    violations = page.evaluate("window.cspViolations")
    assert violations == [], f"CSP violations on {page.url}: {violations}; {console_errors}"
    assert console_errors == [], f"console errors on {page.url}: {console_errors}"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH


def test_home_page_then_the_seven_melds_on_a_phone(live_server, page: Page, screenshot):
    # Listen before the first page loads, so nothing logged while loading is missed; the
    # CSP recorder is installed again in every page the tab opens.
    console_errors: list[str] = []

    def record(message: ConsoleMessage) -> None:
        if message.type == "error":
            console_errors.append(message.text)

    page.on("console", record)
    page.on("pageerror", lambda error: console_errors.append(f"uncaught: {error}"))
    page.add_init_script(RECORD_CSP_VIOLATIONS)

    # The scorekeeper opens the app on a phone.
    response = page.goto(live_server.url)
    assert response is not None and response.status == 200
    # The CSP is really sent, so the violation checks mean something.
    assert "script-src 'self'" in response.headers["content-security-policy"]

    # The page says what it is for.
    expect(page.get_by_role("heading", level=1)).to_have_text("Keep score at the table")
    screenshot(page, "1-home")
    check_page_is_clean(page, console_errors)

    # From there, the seven melds are one tap away, in order of their card count.
    page.get_by_role("link", name="The seven melds").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Indian Chief: the seven melds")
    melds = page.get_by_role("term")
    expect(melds).to_contain_text(MELD_NAMES)
    for meld in melds.all():
        expect(meld).to_be_visible()
    screenshot(page, "2-melds")
    check_page_is_clean(page, console_errors)


def test_enter_in_a_name_box_goes_on_to_the_next_seat(live_server, page: Page):
    """The keyboard's Enter after a name moves to the next seat: a game is started only by
    its button, never with the names typed so far."""
    from games.models import Game

    page.goto(f"{live_server.url}/games/new/")
    seats = [page.get_by_label(re.compile(rf"^Seat {seat}\b")) for seat in (1, 2, 3)]
    seats[0].fill("Ann")
    seats[0].press("Enter")
    expect(seats[1]).to_be_focused()
    page.keyboard.type("Ben")
    page.keyboard.press("Enter")
    expect(seats[2]).to_be_focused()
    expect(seats[0]).to_have_value("Ann")
    expect(seats[1]).to_have_value("Ben")
    assert Game.objects.count() == 0
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+/rounds/new/$"))
    assert Game.objects.get().player_names() == ["Ann", "Ben"]


def test_the_house_rules_chosen_are_said_before_start_and_on_the_game(live_server, page: Page):
    """A preset and a rule changed from it: the rules line follows each choice without
    leaving the control, and the game is played and shown by them."""
    from games.models import Game

    page.goto(f"{live_server.url}/games/new/?kind=rummy")
    line = page.get_by_role("status").filter(has_text="Rules:")
    expect(line).to_have_text("Rules: Book")
    for seat, name in enumerate(["Ann", "Ben"], start=1):
        page.get_by_label(re.compile(rf"^Seat {seat}\b")).fill(name)

    page.get_by_role("radio", name="Penalty Rummy").check()
    expect(line).to_have_text("Rules: Penalty Rummy")
    page.get_by_text("Change house rules", exact=True).click()
    aces = page.get_by_label("An ace in hand counts")
    # Marked, to see it stay: only the line is swapped, so the focus stays where it is.
    aces.evaluate("select => { select.dataset.kept = 'yes'; }")
    aces.select_option("15")
    expect(line).to_have_text("Rules: Penalty Rummy; Aces count 15")
    expect(aces).to_have_attribute("data-kept", "yes")

    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+/rounds/new/$"))
    game = Game.objects.get()
    assert (game.settings["preset"], game.settings["ace_value"]) == ("penalty", 15)
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    expect(
        page.get_by_text("Rules: Penalty Rummy; Aces count 15. The lowest total wins.")
    ).to_be_visible()
