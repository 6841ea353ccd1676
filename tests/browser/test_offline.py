"""Offline at the table: the installable app, its service worker, and saves kept on the
phone until the connection is back.

The phone reaches the server through a relay that the test can cut: while it is down it
refuses and drops every connection, and the browser is told it is offline as well
(Playwright's offline mode alone does not reach a service worker's own requests).
"""

import contextlib
import re
import socket
import threading
import uuid
from collections.abc import Callable, Iterator

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import BrowserContext, Error, Locator, Page, expect

from games import limits
from games.models import Game
from tests.browser.table import PASSWORD, PLAYERS, hands, logged_in, settled, start
from tests.web.offline.static import new_stylesheet

pytestmark = pytest.mark.browser


class Connection:
    """A TCP relay to the live server, with a switch."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://localhost:{self.listener.getsockname()[1]}"
        self.up = True
        self.open: set[socket.socket] = set()
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            if not self.up:
                client.close()
                continue
            server = socket.create_connection(("127.0.0.1", self.port))
            with self.lock:
                self.open |= {client, server}
            for source, sink in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, sink):
                self._close(end)

    def _close(self, end: socket.socket) -> None:
        with self.lock:
            self.open.discard(end)
        with contextlib.suppress(OSError):
            end.shutdown(socket.SHUT_RDWR)
        end.close()

    def _cut(self) -> None:
        """Refuse new connections and drop the open ones."""
        self.up = False
        with self.lock:
            cut = list(self.open)
        for end in cut:
            self._close(end)

    def drop(self, context: BrowserContext) -> None:
        self._cut()
        context.set_offline(True)

    def restore(self, context: BrowserContext) -> None:
        self.up = True
        context.set_offline(False)

    def close(self) -> None:
        """Cut for good. Closing the listener alone would leave it listening while its
        thread waits in accept(): a page still open would wait on it for ever, and so
        would putting the phone down. Shut down, accept() returns and the port refuses."""
        self._cut()
        with contextlib.suppress(OSError):
            self.listener.shutdown(socket.SHUT_RDWR)
        self.listener.close()


@pytest.fixture
def connection(live_server) -> Iterator[Connection]:
    port = int(live_server.url.rsplit(":", 1)[1])
    relay = Connection(port)
    yield relay
    relay.close()


def until(page: Page, condition: str, seconds: float = 10) -> None:
    """Wait until `condition`, an expression of the page's, is true in the page.

    What the page holds in its storage (its caches, its queue of saves) is read through
    promises, which Playwright's wait_for_function does not wait for: the page checks it
    every 50 ms instead, for at most `seconds` (on a timer, not on animation frames, which
    a page the browser counts as hidden never gets). The page may bring itself up to date
    meanwhile (a save just recorded reloads it): the check goes on in the page that loads
    in its place, once it is loaded (until then its deferred scripts, such as the one
    that defines SavesQueue, have not run)."""
    check = f"""async (ms) => {{
      const end = performance.now() + ms;
      while (performance.now() < end) {{
        if (await ({condition})) return true;
        await new Promise(resolve => setTimeout(resolve, 50));
      }}
      return false;
    }}"""
    for attempt in range(3):
        try:
            assert page.evaluate(check, seconds * 1000), f"never true: {condition}"
            return
        except Error as error:
            loading = ("Execution context was destroyed", "ReferenceError")
            if attempt == 2 or not any(sign in error.message for sign in loading):
                raise
            page.wait_for_load_state()


def controlled(page: Page) -> None:
    """Wait until the service worker controls the page."""
    try:
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=20_000)
    except Error:
        state = page.evaluate(
            "navigator.serviceWorker.getRegistration().then(r => r ? [r.installing, r.waiting,"
            " r.active].map(w => w && w.state) : 'none')"
        )
        raise AssertionError(f"no service worker controls the page: {state}") from None


def kept_for_offline(page: Page) -> None:
    """Wait until the service worker holds the page: it controls it, and has kept it."""
    controlled(page)
    until(page, "caches.match(location.pathname, {cacheName: 'scorekeeper-pages'}).then(Boolean)")


def enter(page: Page, cards_by_seat: list[str]) -> None:
    """Each player's cards, typed in the box under their name: the same field the picker
    fills (nothing is scored without the server). Tapping offline is tested with the
    round entry (test_game.py)."""
    for seat, cards in enumerate(cards_by_seat):
        name = PLAYERS[seat]
        player = page.get_by_role("region", name=name, exact=True)
        box = player.get_by_label(f"{name}'s cards as text")
        # The box stays open once opened, until the page is loaded again.
        if not box.is_visible():
            player.get_by_text("Type the cards instead").click()
        box.fill(cards)
        expect(box).to_have_value(cards)


def kept_saves(page: Page) -> Locator:
    """The saves kept on this phone until the connection is back, one an item."""
    return page.get_by_role("region", name="Kept on this phone").get_by_role("listitem")


def offline_copy(page: Page) -> Locator:
    """The note on a page opened from the phone's copy while there is no connection."""
    return page.get_by_role("status").filter(has_text="this is the copy kept on this phone")


def recorded(game: Game) -> list[tuple[int, list[str]]]:
    return [(played.number, list(played.snapshot().values())) for played in game.rounds.all()]


def test_three_rounds_saved_offline_are_recorded_once_each_in_order(
    live_server, page: Page, connection: Connection
):
    game_url = start(page, connection.url, "indian-chief", PLAYERS)
    game = Game.objects.get(pk=int(game_url.rstrip("/").rsplit("/", 1)[1]))
    kept_for_offline(page)
    heading = page.get_by_role("heading", level=1)

    connection.drop(page.context)
    for number in (1, 2, 3):
        expect(heading).to_have_text(f"Round {number} of 7")
        enter(page, hands(number))
        page.get_by_role("button", name=f"Save round {number}").tap()
        expect(kept_saves(page)).to_have_count(number)
        # The save's state, next to Save: the entry form's status, not the page's others.
        expect(page.locator("#round-entry").get_by_role("status")).to_contain_text(
            f"round {number} is kept"
        )
    expect(heading).to_have_text("Round 4 of 7")
    expect(kept_saves(page).first).to_contain_text("Ann: KS · Ben: 7H 7S")

    # Reloaded while still offline: the phone's copy, the three rounds still waiting.
    page.reload()
    expect(offline_copy(page)).to_contain_text("may be out of date")
    expect(heading).to_have_text("Round 4 of 7")
    expect(kept_saves(page)).to_have_count(3)
    assert recorded(game) == []

    connection.restore(page.context)
    expect(page.get_by_role("region", name="Kept on this phone")).to_have_count(0)
    expect(heading).to_have_text("Round 4 of 7")
    assert recorded(game) == [(number, hands(number)) for number in (1, 2, 3)]
    # The next round goes on from the server's own form, and lands as round 4. The phone
    # asked for that form as it took the note away: it replaces the phone's copy first.
    expect(offline_copy(page)).to_have_count(0)
    # Round 1 had a Thief, and no steals page opened for a round saved from the queue:
    # the entry screen says who is still to steal, with the way to their steals.
    waiting = page.get_by_role("region", name="Thieves still to steal")
    expect(waiting).to_have_text(re.compile(r"^Still to steal after round 1: Ann\. "))
    expect(waiting.get_by_role("link", name="Go to the steals")).to_have_attribute(
        "href", f"{game_url.removeprefix(connection.url)}rounds/1/steals/"
    )
    settled(page)
    enter(page, hands(4))
    page.get_by_role("button", name="Save round 4").tap()
    page.wait_for_url(game_url)
    assert [number for number, _ in recorded(game)] == [1, 2, 3, 4]


def test_a_round_kept_on_the_phone_waits_while_the_server_is_too_busy_for_it(
    live_server, page: Page, connection: Connection
):
    """A 429 (this address's minute used up) says nothing of the round: it is not refused,
    it waits, and goes once the server takes it."""
    game_url = start(page, connection.url, "indian-chief", PLAYERS)
    game = Game.objects.get(pk=int(game_url.rstrip("/").rsplit("/", 1)[1]))
    kept_for_offline(page)
    connection.drop(page.context)
    enter(page, hands(1))
    page.get_by_role("button", name="Save round 1").tap()
    expect(kept_saves(page)).to_have_count(1)

    limits.caches["limits"].set(limits.minute_key("127.0.0.1"), 10**12)
    connection.restore(page.context)
    # Sent again now, after whatever the page sent on its own as the connection came back.
    assert page.evaluate("SavesQueue.flush()") == 0
    assert page.evaluate("SavesQueue.all().then(s => s.map(save => save.state))") == ["waiting"]
    assert recorded(game) == []

    limits.caches["limits"].clear()
    # It goes at the next try: this one, or the service worker's background sync, which
    # the connection's return set off and which may come first. One sender at a time: once
    # this try is over, the round has gone, whoever sent it.
    page.evaluate("SavesQueue.flush()")
    assert page.evaluate("SavesQueue.all().then(saves => saves.length)") == 0
    assert recorded(game) == [(1, hands(1))]


def test_a_hand_answered_offline_goes_on_to_its_cards(
    live_server, page: Page, connection: Connection
):
    # The hand's first step asks how it ended, in the dock; the server says what comes
    # next, and without it the cards come at once.
    start(page, connection.url, "tong-its", PLAYERS[:3])
    kept_for_offline(page)
    picker = page.get_by_role("group", name=re.compile(r"^Cards for "))
    expect(picker).to_be_hidden()

    connection.drop(page.context)
    page.get_by_role("group", name="How the hand ended").get_by_label("Draw called").tap()

    expect(picker).to_be_visible()
    expect(page.get_by_role("button", name="Save hand 1")).to_be_visible()
    expect(page.locator("#round-entry").get_by_role("status")).to_contain_text("No connection")


def test_the_game_page_kept_offline_offers_nothing_that_needs_the_server(
    live_server, page: Page, connection: Connection
):
    """Undo, Abandon and the sharing buttons would do nothing without a connection:
    the phone's copy of the game page does not offer them; back online, they are back."""
    game_url = start(page, connection.url, "indian-chief", PLAYERS)
    game = Game.objects.get(pk=int(game_url.rstrip("/").rsplit("/", 1)[1]))
    game.record_round(hands(1), uuid.uuid4(), game.version)
    page.goto(game_url)
    kept_for_offline(page)
    needs_server = [
        page.get_by_text("Undo round 1…"),
        page.get_by_text("Abandon the game…"),
        page.get_by_role("button", name="Share the scoreboard"),
    ]
    for control in needs_server:
        expect(control).to_be_visible()

    connection.drop(page.context)
    page.reload()
    expect(offline_copy(page)).to_contain_text("may be out of date")
    for control in needs_server:
        expect(control).to_be_hidden()
    # What works offline stays: the next round's entry, whose save is kept on the phone.
    expect(page.get_by_role("link", name="Enter round 2")).to_be_visible()

    connection.restore(page.context)
    expect(offline_copy(page)).to_have_count(0)
    for control in needs_server:
        expect(control).to_be_visible()


def test_a_round_another_phone_saved_meanwhile_is_kept_for_the_scorekeeper(
    live_server, phone: Callable[..., Page], connection: Connection
):
    User.objects.create_user("ann", "ann@example.org", PASSWORD)
    mine, other = phone(), phone()
    logged_in(mine, connection.url, "ann")
    logged_in(other, live_server.url, "ann")
    game_url = start(mine, connection.url, "indian-chief", PLAYERS)
    game = Game.objects.get(pk=int(game_url.rstrip("/").rsplit("/", 1)[1]))
    kept_for_offline(mine)

    connection.drop(mine.context)
    for number in (1, 2):
        enter(mine, hands(number))
        mine.get_by_role("button", name=f"Save round {number}").tap()
        expect(kept_saves(mine)).to_have_count(number)

    # The other phone, online, saves round 1 with other cards (round 3's, a valid first).
    other.goto(game_url.replace(connection.url, live_server.url) + "rounds/new/")
    enter(other, hands(3))
    other.get_by_role("button", name="Save round 1").tap()
    other.wait_for_url(re.compile(r"/games/\d+/$"))

    connection.restore(mine.context)
    first = kept_saves(mine).first
    expect(first).to_contain_text("Not recorded")
    expect(kept_saves(mine)).to_have_count(2)
    assert recorded(game) == [(1, hands(3))]

    # Looked at: the server shows both rounds 1 and the cards this phone entered.
    first.get_by_role("button", name="Look at it").tap()
    expect(mine.get_by_role("heading", level=1)).to_have_text("Round 1 was saved on another phone")
    # This phone's cards, a list with no name of its own under the other phone's round.
    theirs = mine.get_by_role("alert", name="What the other phone saved")
    expect(theirs.locator(".mine").get_by_role("listitem").first).to_contain_text("Ann K♠")
    # Behind it, this phone's round 2 was entered as round 2: it goes in as that.
    until(mine, "SavesQueue.all().then(kept => kept.length === 0)")
    expect(mine.get_by_role("region", name="Kept on this phone")).to_have_count(0)
    assert recorded(game) == [(1, hands(3)), (2, hands(2))]


def test_the_manifest_makes_the_app_installable(live_server, phone):
    """Chromium's own installability check, on a profile of its own (a test's usual
    context is an incognito one, which Chromium never offers to install from)."""
    page = phone(persistent=True)
    page.goto(f"{live_server.url}/")
    controlled(page)
    devtools = page.context.new_cdp_session(page)
    errors = devtools.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert errors == []
    assert devtools.send("Page.getAppManifest")["errors"] == []


def test_a_new_static_version_replaces_the_old_caches(live_server, page: Page, settings, tmp_path):
    page.goto(f"{live_server.url}/rules/")
    controlled(page)
    names = "caches.keys().then(keys => keys.filter(key => key.includes('static')))"
    old = page.evaluate(names)
    assert len(old) == 1

    # A new stylesheet: the service worker's version follows the files' contents.
    new_stylesheet(settings, tmp_path, ".new-version { color: inherit; }")

    page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    until(page, f"{names}.then(keys => keys.length === 1 && keys[0] !== {old[0]!r})")
    kept = page.evaluate(
        "caches.match(new URL(document.querySelector('link[rel=stylesheet]').href).pathname)"
        ".then(response => response.text())"
    )
    assert ".new-version" in kept
    assert page.evaluate("caches.keys()").count("scorekeeper-pages") == 1


# The screen's wake lock, as the browser hands it out: each request counted, each lock
# let go when the page is hidden (which a headless browser never is by itself).
WAKE_LOCK = """
window.wakeLocks = 0;
let hidden = false;
let held = null;
Object.defineProperty(navigator, "wakeLock", { value: { request: async function () {
  window.wakeLocks += 1;
  held = new EventTarget();
  return held;
} } });
Object.defineProperty(document, "visibilityState", { get: () => hidden ? "hidden" : "visible" });
Object.defineProperty(document, "hidden", { get: () => hidden });
window.showPage = function (shown) {
  hidden = !shown;
  if (hidden && held) held.dispatchEvent(new Event("release"));
  document.dispatchEvent(new Event("visibilitychange"));
};
"""


def test_the_wake_lock_comes_back_on_every_page_of_a_game_in_progress(live_server, page: Page):
    page.add_init_script(WAKE_LOCK)
    game_url = start(page, live_server.url, "indian-chief", PLAYERS)
    for url in (page.url, game_url):
        page.goto(url)
        page.wait_for_function("() => window.wakeLocks === 1")
        for times in (2, 3):
            page.evaluate("showPage(false)")
            page.evaluate("showPage(true)")
            page.wait_for_function(f"() => window.wakeLocks === {times}")

    # A finished game keeps no screen awake: its page is not marked for it, and the page
    # decides that as it loads, before `goto` returns.
    game = Game.objects.get(pk=int(game_url.rstrip("/").rsplit("/", 1)[1]))
    game.abandon(game.version)
    page.goto(game_url)
    expect(page.get_by_role("heading", level=2, name="Abandoned")).to_be_visible()
    expect(page.locator("body")).not_to_have_attribute("data-wake-lock", "")
    assert page.evaluate("window.wakeLocks") == 0
