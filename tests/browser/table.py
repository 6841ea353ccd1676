"""What the browser tests share: a game of Indian Chief on paper, the phone's console, the
ways to reach a page and to wait until it shows what a person would look at, and a thumb
that taps only what is on the screen, uncovered, and counts its taps.

Not a test module: the browser test modules import from here, never from each other.
"""

import re
import uuid
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from playwright.sync_api import ConsoleMessage, Error, Locator, Page, expect

from games.rules.cards import RANKS, SUIT_SYMBOLS, SUITS

if TYPE_CHECKING:
    from games.models import Game


PLAYERS = ["Ann", "Ben", "Cat", "Dan"]

PASSWORD = "a long enough password"

# The game on paper. Round r, seat s makes the meld of size ((r + s) mod 7) + 1, so each
# player makes each meld exactly once and no round repeats a meld. With two decks no exact
# card appears more than twice in a round. Cards are listed in tap order.
ROUNDS: list[list[tuple[str, int]]] = [
    [
        # Ann: Thief K♠ = face value 10.
        ("KS", 10),
        # Ben: Beggar Man 7♥ 7♠ matches 7♣ (Cat) and 7♦ (Dan): 2 cards × 2 = 4.
        ("7H 7S", 4),
        # Cat: Poor Man, spades 9♠ 2♠ = 9 + 2 = 11 (7♣ is no spade).
        ("7C 9S 2S", 11),
        # Dan: Lawyer 7 + 8 + 6 + 4 = 25 exactly: 25.
        ("7D 8C 6H 4D", 25),
    ],
    [
        # Ann: Beggar Man Q♥ Q♦ matches Q♠ (Ben), Q♣ (Dan); Cat's tens are not queens: 4.
        ("QH QD", 4),
        # Ben: Poor Man, spades Q♠ 5♠ = 10 + 5 = 15.
        ("QS 5S 3H", 15),
        # Cat: Lawyer 10 + 10 + 4 + 1 = 25.
        ("10C 10D 4S AH", 25),
        # Dan: Rich Man −(10 + 2 + 3 + 4 + 5) = −24.
        ("QC 2D 3D 4C 5H", -24),
    ],
    [
        # Ann: Poor Man, spades A♠ K♠ = 1 + 10 = 11 (9♥ is no spade).
        ("AS KS 9H", 11),
        # Ben: Lawyer 9 + 8 + 5 + 3 = 25.
        ("9C 8D 5C 3S", 25),
        # Cat: Rich Man −(1 + 1 + 2 + 2 + 3) = −9.
        ("AD AC 2H 2C 3C", -9),
        # Dan: Doctor: ranks A–6 all different, A♥ is the heart and the ace;
        # diamonds 3♦ 5♦ 6♦ are the largest suit: 3 × 10 = 30.
        ("AH 2S 3D 4H 5D 6D", 30),
    ],
    [
        # Ann: Lawyer Q 8 6 A = 10 + 8 + 6 + 1 = 25 (the spec's own example).
        ("QH 8S 6C AS", 25),
        # Ben: Rich Man −(10 + 10 + 10 + 10 + 10) = −50.
        ("KH KC QD JD 10S", -50),
        # Cat: Doctor A 3 5 7 9 J, A♥ heart and ace, five hearts: 5 × 10 = 50.
        ("AH 3H 5H 7H 9H JS", 50),
        # Dan: Indian Chief, the spec's example: three tens (20) + baccarat 9♦ J♥ = 19 → 9,
        # better than the straight 7–J (25) + 10 10 → 0. Total 29.
        # 10♠ is also in Ben's meld: two copies, allowed with two decks.
        ("10S 10C 10H 7S 8C 9D JH", 29),
    ],
    [
        # Ann: Rich Man −(5 + 5 + 6 + 7 + 8) = −31.
        ("5C 5D 6S 7D 8H", -31),
        # Ben: Doctor A 2 3 4 5 7, 2♥ heart, A♠ ace; largest suit 2 (spades or clubs): 20.
        ("AS 2H 3C 4D 5S 7C", 20),
        # Cat: Indian Chief with both decks' 9♠ and 9♥: five of a kind (50) + baccarat
        # 4♦ 5♦ = 9. Total 59, the highest there is (four nines + 4 and 9 + 5 → 4 = 44).
        ("9S 9S 9H 9H 9C 4D 5D", 59),
        # Dan: Thief 4♣ = 4.
        ("4C", 4),
    ],
    [
        # Ann: Doctor 2♥–7♥ has no ace: 0.
        ("2H 3H 4H 5H 6H 7H", 0),
        # Ben: Indian Chief, straight flush 10♥–A♥ (45) + baccarat 2♣ 7♦ = 9. Total 54.
        ("AH KH QH JH 10H 2C 7D", 54),
        # Cat: Thief A♠ = 1.
        ("AS", 1),
        # Dan: Beggar Man A♣ 5♠ matches 5♥ (Ann), A♥ (Ben), A♠ (Cat): 3 × 2 = 6.
        ("AC 5S", 6),
    ],
    [
        # Ann: Indian Chief 2 4 6 8 10 Q K, no pair, no straight, no flush: high card (5)
        # + the best baccarat, 8 (2 + 6, or 8 + a ten-card; nothing makes 9). Total 13.
        ("2C 4D 6H 8S 10C QD KH", 13),
        # Ben: Thief 10♦ = 10.
        ("10D", 10),
        # Cat: Beggar Man 4♠ 6♣ matches 4♦ 6♥ (Ann) and 6♠ (Dan): 3 × 2 = 6.
        ("4S 6C", 6),
        # Dan: Poor Man, spades 6♠ J♠ = 6 + 10 = 16.
        ("6S JS 3C", 16),
    ],
]


def hands(number: int) -> list[str]:
    """Round `number`'s cards, seat by seat."""
    return [cards for cards, _ in ROUNDS[number - 1]]


# Every meld once a player in any number of seats: in round r, seat s makes the meld of
# size ((r + s) mod 7) + 1, its cards dealt in turn from one deck, so that no card shows
# twice in a round.
DECK = [rank + suit for suit in SUITS for rank in RANKS]


def finished(names: list[str]) -> "Game":
    """A game of Indian Chief for these players (two decks), its seven rounds dealt as
    above: scores no one worked out, for the tests of how a finished board looks."""
    from games.models import Game

    game = Game.objects.start(names, 2)
    for number in range(7):
        sizes = [(number + seat) % 7 + 1 for seat in range(len(names))]
        starts = [sum(sizes[:seat]) for seat in range(len(names))]
        cards = [
            " ".join(DECK[start : start + size]) for start, size in zip(starts, sizes, strict=True)
        ]
        game.refresh_from_db()
        game.record_round(cards, uuid.uuid4(), game.version)
    return game


# H66's worked example, pool 101: Ben shows 118 (charged 80, the full count), then 21;
# Ann shows 30 in deal 4. Whoever declares shows no cards.
SHOWS_118 = "KS QH JD 10C 9S KH QD JC 10H 9D 8C 7H 5S"
SHOWS_21 = "2S 3S 4S 5H 6H 7H KC KD KS 10D 5C 4D 2C"
SHOWS_30 = "2S 3S 4S 5H 6H 7H KC KD KS 10D 9C 8D 3C"


def pool_with_one_out(names: list[str]) -> "Game":
    """A Pool 101 game of Indian Rummy for three players after H66's first three deals,
    which put the second player out: a drop of each kind and a wrong show on its board."""
    from games.models import Game
    from games.rules import KINDS

    rules = KINDS["indian-rummy"]
    decks, settings = rules.start(len(names), rules.settings.chosen({"preset": "pool_101"}))
    game = Game.objects.start(names, decks, kind="indian-rummy", settings=settings)
    for cards, details in [
        (["", SHOWS_118, ""], {"winner": 0, "outcome_2": "first_drop"}),
        (["", "", ""], {"winner": 2, "outcome_0": "middle_drop", "outcome_1": "first_drop"}),
        (["", SHOWS_21, ""], {"winner": 0, "outcome_2": "wrong_show"}),
    ]:
        game.refresh_from_db()
        game.record_round(cards, uuid.uuid4(), game.version, details)
    return game


def symbol(card: str) -> str:
    """`10H` as the page shows it: `10♥`."""
    return card[:-1] + SUIT_SYMBOLS[card[-1]]


# -- waiting on the page ------------------------------------------------------------------

# htmx marks what it is busy with: the element whose request is out (`htmx-request`), the
# target being swapped (`htmx-swapping`), and the new content until it is settled and wired
# up (`htmx-settling`, `htmx-added`; htmx does that 20 ms after the swap, on a timer).
HTMX_BUSY = ".htmx-request, .htmx-swapping, .htmx-settling, .htmx-added"


def settled(page: Page) -> None:
    """Wait until htmx has nothing under way: every request answered and every answer
    swapped in and wired up.

    Until then the page may still change under the test: a screenshot or an axe run would
    catch it half-swapped, and a tap on a form swapped in less than 20 ms ago is applied on
    the phone but never posted, because htmx has not wired the new form up yet."""
    # A page just reached has run its scripts (htmx, the picker) only once it has loaded:
    # before then nothing is busy because nothing is wired up yet, and a tap is lost.
    page.wait_for_load_state("load")
    expect(page.locator(HTMX_BUSY)).to_have_count(0)


def answer(page: Page, choice: Locator) -> None:
    """Tap an answer about the hand (a radio button or a box) and wait for the server's
    form to carry it.

    The phone posts an answer at once, and the server answers with the whole form again,
    which replaces the one on screen: anything grabbed or tapped before that lands is gone.
    The server writes the answer as a `checked` attribute; a tap sets only the control's
    state, so the attribute shows the server's form is in."""
    choice.tap()
    expect(choice).to_have_attribute("checked", "")
    settled(page)
    expect(choice).to_be_checked()


def dock_name(page: Page, name: str) -> Locator:
    """A player's button in the dock, which says who gets the cards: their name, then how
    many cards they have so far."""
    names = page.get_by_role("group", name="Who gets the cards")
    return names.get_by_role("button", name=re.compile(rf"^{re.escape(name)} \d+ cards?$"))


def messages(page: Page) -> Locator:
    """What the server says after a step ("Round 1 saved."): a status without a name of its
    own, and not the page's only one, hence its class."""
    return page.locator(".messages")


# -- tapping -----------------------------------------------------------------------------

# Where a thumb would land on an element: its box on the screen once it has held still for
# a frame (an answer swapped in may still be moving it), whether all of it is on the
# screen, and whether the point at its centre is the element's own, or its label's, rather
# than the dock's or anything else over it. Measured in one go in the page, so that a swap
# cannot replace the element in between. Given every element the locator finds, it aims
# only when there is exactly one and it is enabled, and otherwise says how many it found.
AIM = """async elements => {
  if (elements.length !== 1) return { found: elements.length };
  const element = elements[0];
  if (element.matches(":disabled") || element.closest("[aria-disabled=true]")) {
    return { found: 1, disabled: true };
  }
  const frame = () => new Promise(resolve => requestAnimationFrame(resolve));
  let box = element.getBoundingClientRect();
  for (let frames = 0; frames < 30; frames++) {
    await frame();
    const now = element.getBoundingClientRect();
    const still = now.x === box.x && now.y === box.y
      && now.width === box.width && now.height === box.height;
    box = now;
    if (still) break;
  }
  const x = box.x + box.width / 2, y = box.y + box.height / 2;
  const hit = document.elementFromPoint(x, y);
  const labels = Array.from(element.labels || []);
  // Inside with a pixel to spare either way: scrolling lands on fractions of a pixel.
  const inside = box.left > -1 && box.top > -1
    && box.right < innerWidth + 1 && box.bottom < innerHeight + 1;
  return {
    x, y, top: box.top, bottom: box.bottom, inside,
    own: hit !== null && (element.contains(hit) || labels.some(label => label.contains(hit))),
  };
}"""


def aim(target: Locator) -> dict[str, Any]:
    """Where a tap on `target` would land, once it is there and enabled (see AIM).

    The page is asked once: a control already on the screen, the usual case, costs one
    call. Otherwise (it is not there yet, not alone, not enabled, or the page it was asked
    in is being replaced by the next) Playwright waits until it is there, alone and
    enabled, and measures it in the page then showing."""
    try:
        where = target.evaluate_all(AIM)
    except Error as error:
        # Playwright's own waits go on in the next page; a single call does not.
        if "Execution context was destroyed" not in error.message:
            raise
        where = {"found": "in a page being replaced"}
    if "found" in where:
        expect(target).to_be_enabled()
        where = target.evaluate(f"element => ({AIM})([element])")
        assert "found" not in where, f"{target}: {where}"
    return where


def tap(target: Locator, where: dict[str, Any] | None = None) -> None:
    """Tap `target` as a thumb does, where it is on the screen (`where`, if it was just
    measured with `aim`).

    What is all on the screen and uncovered gets a touch at its centre, like a person's,
    after a frame of holding still and nothing more; anything else (off the screen, or
    under the dock) is left to Playwright's own tap, which scrolls until it can reach it."""
    where = where or aim(target)
    if where["inside"] and where["own"]:
        target.page.touchscreen.tap(where["x"], where["y"])
    else:
        target.tap()


# -- reaching a page ----------------------------------------------------------------------


def start(page: Page, url: str, kind: str, names: list[str]) -> str:
    """A new game of `kind` for these players, started from the new-game page; the game's
    address (its round entry is open)."""
    page.goto(f"{url}/games/new/?kind={kind}")
    for seat, name in enumerate(names, start=1):
        page.get_by_label(re.compile(rf"^Seat {seat}\b")).fill(name)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/games/\d+/rounds/new/$"))
    return page.url.removesuffix("rounds/new/")


def type_cards(page: Page, hands: dict[str, str]) -> None:
    """Type each player's cards in the box under their name, then press Enter (which
    refreshes the previews)."""
    settled(page)
    box = None
    for name, cards in hands.items():
        player = page.get_by_role("region", name=name, exact=True)
        box = player.get_by_label(f"{name}'s cards as text")
        # The box is shut away unless the server opened it to show an error there.
        if not box.is_visible():
            player.get_by_text("Type the cards instead").click()
        expect(box).to_be_visible()
        box.fill(cards)
    assert box is not None, "no cards to type"
    box.press("Enter")


def logged_in(page: Page, url: str, name: str) -> None:
    """The phone logged in as `name` without the login page: a session made on the server,
    its cookie handed to the phone. For the tests whose subject comes after logging in (the
    login page itself is gone through in test_invitations.py)."""
    from django.conf import settings
    from django.contrib.auth.models import User
    from django.test import Client

    client = Client()
    client.force_login(User.objects.get(username=name))
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": url}])


def log_in(page: Page, url: str, name: str) -> None:
    page.goto(f"{url}/accounts/login/")
    page.get_by_label("Username").fill(name)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").tap()
    page.wait_for_url(re.compile(r"/games/$"))


# -- the phone's console ------------------------------------------------------------------

# Chromium reports a blocked script, style or image as a console error too, but this catches
# every violation with the directive it broke, even one Chromium only counts as a warning.
RECORD_CSP_VIOLATIONS = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  const where = event.target && event.target.outerHTML ? event.target.outerHTML.slice(0, 120) : "";
  window.cspViolations.push(`${event.violatedDirective} blocked ${event.blockedURI} ${where}`);
});
"""

HTMX_ABORT_LOGS = ("htmx:sendAbort", "htmx:afterRequest")


def watch_console(page: Page) -> list[str]:
    """Collect console errors and uncaught exceptions; record CSP violations in each page."""
    errors: list[str] = []

    def record(message: ConsoleMessage) -> None:
        # A newer refresh of the entry form aborts the one in flight (hx-sync "replace"),
        # as designed; htmx logs that as an error. A real failure says sendError or
        # responseError, which are still caught.
        if message.type == "error" and not message.text.startswith(HTMX_ABORT_LOGS):
            errors.append(f"{message.text} ({page.url})")

    page.on("console", record)
    page.on("pageerror", lambda error: errors.append(f"uncaught: {error} ({page.url})"))
    page.add_init_script(RECORD_CSP_VIOLATIONS)
    return errors


def check_page_is_clean(page: Page, console_errors: list[str]) -> None:
    """No CSP violation, no console error, and nothing wider than the phone, once every
    request the page made has been answered (an error may come with an answer)."""
    settled(page)
    violations = page.evaluate("window.cspViolations")
    assert violations == [], f"CSP violations on {page.url}: {violations}; {console_errors}"
    assert console_errors == [], f"console errors on {page.url}: {console_errors}"
    no_wider_than_the_screen(page)


def no_wider_than_the_screen(page: Page) -> None:
    """Nothing on the page scrolls sideways."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{page.url} is {width}px wide"


def every_card_on_the_screen(page: Page) -> None:
    """Every card of the picker is on the screen at once: none below its bottom edge."""
    cards = page.get_by_role("group", name=re.compile(r"^Cards for ")).get_by_role("button")
    bottoms = cards.evaluate_all("cards => cards.map(card => card.getBoundingClientRect().bottom)")
    assert bottoms and max(bottoms) <= page.viewport_size["height"], bottoms


# -- a thumb on the round entry ------------------------------------------------------


def within_reach(target: Locator, what: str) -> dict[str, Any]:
    """Where a tap on `target` would land (see `aim`), which must be on the screen as it
    stands, and its own at its centre: not under the dock, nor anything else."""
    where = aim(target)
    # How far the page is scrolled is asked only to say why a tap is out of reach.
    assert where["inside"] and where["own"], (
        f"{what}: {target} is off the screen or covered at {where}, "
        f"scrolled {target.page.evaluate('scrollY')}"
    )
    return where


def hand_in_sight(page: Page) -> None:
    """The hand of whoever gets the cards now (the next player, once a hand is complete)
    is in sight above the dock: its last card, or its hint."""
    within_reach(page.locator("section.player.active .hand > :last-child"), "the hand")


class Thumb:
    """Taps only what is already on the screen, and counts them by kind."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.taps: Counter[str] = Counter()

    def tap(self, target: Locator, kind: str) -> None:
        """A tap on `target`, which is on the screen and uncovered (`within_reach`)."""
        where = within_reach(target, kind)
        self.taps[kind] += 1
        tap(target, where)

    def enter(self, hands: list[str], names: Sequence[str] = PLAYERS) -> None:
        """Each player's cards (of `names`, in seat order), by name and card: a name is
        tapped only when the entry is not already with that player (the first who shows
        cards, or moved on by itself)."""
        picker = self.page.get_by_role("group", name=re.compile(r"^Cards for "))
        for seat, cards in enumerate(hands):
            if not cards:
                continue  # a player who shows none (who went out) is never named
            name = dock_name(self.page, names[seat])
            if name.get_attribute("aria-pressed") != "true":
                self.tap(name, "player")
            player = self.page.get_by_role("region", name=names[seat], exact=True)
            hand = player.get_by_role("button", name=re.compile(r"^Remove "))
            for count, card in enumerate(cards.split(), start=1):
                self.tap(picker.get_by_role("button", name=symbol(card), exact=True), "card")
                expect(hand).to_have_count(count)
                hand_in_sight(self.page)
        # The screen as it stays: every answer to the taps is in.
        settled(self.page)


# -- a game played a hand at a time, by tapping ---------------------------------------


class HandTable:
    """The scorekeeper's phone on a game played a hand at a time: the new game from the
    home page, answers and cards by tapping, the save, and the board."""

    def __init__(self, page: Page, screenshot) -> None:
        self.page = page
        self.screenshot = screenshot
        self.errors = watch_console(page)
        self.steps = 0
        self.names: list[str] = []

    def snap(self, name: str) -> None:
        """Screenshot this step once the page has settled, then check the page is clean."""
        self.steps += 1
        settled(self.page)
        self.screenshot(self.page, f"{self.steps:02d}-{name}")
        check_page_is_clean(self.page, self.errors)

    def start(self, url: str, kind: str, title: str, names: list[str], preset: str = "") -> None:
        """A new game from the home page; `preset` names the house rules chosen."""
        self.names = names
        self.page.goto(f"{url}/")
        # The home page's button for a new game of that kind; the link to enter one from a
        # paper sheet, further down, has the same name.
        self.page.get_by_role("link", name=title, exact=True).first.tap()
        expect(self.page.get_by_role("heading", level=1)).to_have_text(f"New game of {title}")
        for seat, name in enumerate(names, start=1):
            self.page.get_by_label(re.compile(rf"^Seat {seat}\b")).fill(name)
        if preset:
            rules = self.page.get_by_role("group", name="House rules")
            rules.get_by_label(preset, exact=True).tap()
            # The rules line says the preset chosen before the game starts with it.
            expect(self.page.get_by_role("status").filter(has_text="Rules:")).to_contain_text(
                f"Rules: {preset}"
            )
            settled(self.page)
        self.page.get_by_role("button", name="Start the game").tap()
        expect(self.page.get_by_role("heading", level=1)).to_contain_text("Hand 1")
        # The entry is in; a first answer tapped before htmx has wired its form up would be
        # applied on the phone and never sent.
        settled(self.page)

    def player(self, seat: int) -> Locator:
        """The player's section of the round entry, named by the player."""
        return self.page.get_by_role("region", name=self.names[seat], exact=True)

    def hand(self, seat: int) -> Locator:
        """The cards in the player's hand, each a button that takes it out again."""
        return self.player(seat).get_by_role("button", name=re.compile(r"^Remove "))

    def explanation(self, seat: int) -> Locator:
        # How the server reads the hand, in words: a paragraph with no name of its own.
        return self.player(seat).locator(".explanation")

    def answer(self, question: str, name: str) -> None:
        """Tap an answer; the phone sends it at once, and the next tap waits for the form
        that comes back in place of this one, as a person looks before tapping on."""
        answer(
            self.page, self.page.get_by_role("group", name=question).get_by_label(name, exact=True)
        )

    def enter(self, seat: int, cards: str) -> None:
        if "active" not in (self.player(seat).get_attribute("class") or ""):
            tap(dock_name(self.page, self.names[seat]))
            expect(self.player(seat)).to_have_class(re.compile(r"\bactive\b"))
        picker = self.page.get_by_role("group", name=re.compile(r"^Cards for "))
        for card in cards.split():
            count = self.hand(seat).count()
            shown = "JK" if card == "JK" else symbol(card)
            tap(picker.get_by_role("button", name=shown, exact=True))
            expect(self.hand(seat)).to_have_count(count + 1)
            expect(self.hand(seat).last).to_have_text(shown)

    def drop(self, seat: int, card: str) -> None:
        count = self.hand(seat).count()
        tap(self.player(seat).get_by_role("button", name=f"Remove {symbol(card)}").first)
        expect(self.hand(seat)).to_have_count(count - 1)

    def save(self, number: int, *, edit: bool = False) -> None:
        label = f"Save changes to hand {number}" if edit else f"Save hand {number}"
        self.page.get_by_role("button", name=label).tap()
        self.page.wait_for_url(re.compile(r"/games/\d+/$"))

    def board(self) -> Locator:
        return self.page.get_by_role("region", name="Scoreboard").get_by_role("table")

    def expect_board(self, rows: list[list[int]], totals: list[int]) -> None:
        # The hands, a row each: the table's body, between its head and its total.
        hands = self.board().locator("tbody").get_by_role("row")
        expect(hands).to_have_count(len(rows))
        for row, scores in zip(hands.all(), rows, strict=True):
            expect(row.get_by_role("cell")).to_have_text([str(score) for score in scores])
        total = self.board().get_by_role("row", name=re.compile(r"^Total\b")).get_by_role("cell")
        expect(total).to_have_text([str(total) for total in totals])
