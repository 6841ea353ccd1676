"""Fixtures shared by every test folder: a real Chromium for the browser tests.

Browser tests drive Debian's Chromium (`/usr/bin/chromium`) through Playwright's sync API
against pytest-django's `live_server`, at a phone's viewport, because the scorekeeper enters
the cards on a phone at the table. Playwright's own browser downloads are never used.
"""

import contextlib
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.test import override_settings
from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright
from xdist.scheduler import LoadScopeScheduling

from tests.environment import asked, missing

# Playwright's sync API runs an asyncio event loop in this thread for as long as the browser
# is open (the session-scoped `browser` below keeps it open for the rest of the run). Django
# sees that running loop and refuses database access from it with SynchronousOnlyOperation,
# which would break `live_server`, `db` and every database test that runs after the first
# browser test. The tests really are synchronous, so the check is switched off. It must be
# set before any test touches the database, hence at import time.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

CHROMIUM = Path("/usr/bin/chromium")

# Chromium's address bar pops up as a page of its own (two WebUI pages, the omnibox's and its
# AI mode's), made for every window, which is every context here. No test looks at the
# address bar, and those pages cost more CPU than the first page a test loads: more than
# half a second a context, about a fifth of the browser tests' time.
# Chromium keeps only the last --disable-features it is given, and Playwright gives one of
# its own first: ours repeats Playwright's features (chromiumSwitches.ts), and the
# `browser` fixture checks that it still holds all of them.
PLAYWRIGHTS_DISABLED = [
    "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose",
    "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable",
    "LensOverlay",
    "MediaRouter",
    "PaintHolding",
    "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect",
    "TcpPortRandomizationWin",
    "OptimizationHints",
    "NetworkTimeServiceQuerying",
    "AimEnabled",
    "PreconnectToSearch",
    "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
]
DISABLED = [*PLAYWRIGHTS_DISABLED, "WebUIOmniboxPopup", "WebUIOmniboxAimPopup"]

# As root and on a closed network: no sandbox (root cannot use it), no GPU, and none of the
# background connections Chromium makes at start, which this machine's network refuses.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-features=" + ",".join(DISABLED),
]


def _disabled_features_given() -> list[list[str]]:
    """Each --disable-features this process's Chromium was started with, in order."""
    given: list[list[str]] = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            command = (stat.parent / "cmdline").read_bytes().split(b"\0")
            # The browser process: Chromium's, started by Playwright's driver, a child of
            # this process.
            driver = Path(f"/proc/{fields[1]}/stat").read_text().rsplit(")", 1)[1].split()
            if int(driver[1]) == os.getpid() and Path(command[0].decode()).name == "chromium":
                given += [
                    arg.decode().split("=", 1)[1].split(",")
                    for arg in command
                    if arg.startswith(b"--disable-features=")
                ]
    return given


# A phone held upright (an iPhone 12–15 sized screen), where the scorekeeper enters cards.
# Its pixel density is left at one unless pictures are taken (see `screenshot`): the page
# is laid out in CSS pixels, the same at any density, and painting four times the pixels
# would cost the browser tests a tenth of their time.
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
}

SCREENSHOTS = Path(__file__).resolve().parent.parent / "test-results" / "screenshots"


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's headless Chromium, started once for the whole run.

    Without Chromium the browser tests are skipped on a developer's machine, but fail in CI,
    where a skipped browser test would hide a missing install step.
    """
    if not CHROMIUM.exists():
        missing(
            "Chromium not found: install it with `apt-get install chromium`",
            ci_must="run the browser tests",
        )
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        given = _disabled_features_given()
        assert given and given[-1] == DISABLED, f"Chromium was started with {given}"
        unknown = sorted({feature for features in given for feature in features} - set(DISABLED))
        assert not unknown, f"add what Playwright now disables to PLAYWRIGHTS_DISABLED: {unknown}"
        yield chromium
        chromium.close()


# How long an action or an expectation may wait for the page before it fails. Neither
# waits this long when the page is right: it is the bound on a loaded CI machine.
PATIENCE_MS = 10_000
expect.set_options(timeout=PATIENCE_MS)


@pytest.fixture
def phone(
    browser: Browser, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Callable[..., Page]]:
    """Call it to pick up another phone: a new page in a fresh context (no cookies or
    storage) at a phone's viewport. Every phone is put down when the test ends, so that no
    page left open goes on polling the live server while the tests after it run. This is
    the only place a test gets a browser context from.

    `persistent=True` gives the phone a profile on disk, in a browser of its own: Chromium
    offers to install an app only from such a profile, never from an incognito context.
    Other keywords change the phone: another `viewport`, `service_workers="block"`, …
    """
    contexts: list[BrowserContext] = []

    def pick_up(*, persistent: bool = False, **overrides: Any) -> Page:
        options = PHONE | {"device_scale_factor": 2 if asked("SCREENSHOTS") else 1} | overrides
        if persistent:
            context = browser.browser_type.launch_persistent_context(
                tmp_path_factory.mktemp("profile"),
                executable_path=CHROMIUM,
                headless=True,
                args=CHROMIUM_ARGS,
                **options,
            )
        else:
            context = browser.new_context(**options)
        contexts.append(context)
        context.set_default_timeout(PATIENCE_MS)
        # A persistent context opens with a blank page of its own: use it.
        return context.pages[0] if context.pages else context.new_page()

    yield pick_up
    # Each phone is put down even when putting down another fails.
    with contextlib.ExitStack() as down:
        for context in contexts:
            down.callback(context.close)


@pytest.fixture
def page(phone: Callable[..., Page]) -> Page:
    """One phone, for the tests that need only the scorekeeper's."""
    return phone()


@pytest.fixture
def screenshot(request: pytest.FixtureRequest) -> Callable[[Page, str], None]:
    """Save a full-page PNG as `test-results/screenshots/<test name>/<name>.png`, when the
    run is asked for pictures (`SCREENSHOTS=1`), to look at a change as a person would.

    Call it as `screenshot(page, "after-round-1")`. Pictures assert nothing, so the
    default run (and CI) takes none: they cost a tenth of the browser tests' time. The
    folder is emptied first, so it holds one run's pictures only.
    """
    wanted = asked("SCREENSHOTS")
    folder = SCREENSHOTS / re.sub(r"[^\w.-]+", "_", request.node.name).strip("_")
    if wanted and folder.exists():
        for old in folder.glob("*.png"):
            old.unlink()

    def take(page: Page, name: str) -> None:
        if not wanted:
            return
        path = folder / f"{re.sub(r'[^\w.-]+', '_', name)}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        # The caret as it is: hiding it, Playwright writes an inline style on every input
        # for the picture, which an htmx swap landing meanwhile copies into the page,
        # where the Content Security Policy reports it.
        page.screenshot(path=path, full_page=True, caret="initial")

    return take


@pytest.fixture(scope="session", autouse=True)
def _fast_password_hashing() -> Iterator[None]:
    """MD5 instead of Argon2 for the run: Argon2 is slow on purpose, and tests hash and
    check many passwords. The test that a new password gets Argon2 puts it back."""
    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


@pytest.fixture(scope="session", autouse=True)
def _one_visitor_for_the_whole_run() -> Iterator[None]:
    """Every request of the run comes from the test client's one address: its allowance
    a minute (games/limits.py) is raised out of reach, as for a whole room of tables. The
    tests of the allowance itself set their own small figure."""
    with override_settings(CPU_SECONDS_A_MINUTE=10**6):
        yield


@pytest.fixture(scope="session", autouse=True)
def _loaded_as_the_server_starts() -> None:
    """What a server loads as it starts (`scorekeeper/started.py`: the views, WeasyPrint
    and its fonts), loaded once a process: a sheet test run first would otherwise carry
    the loading in its request's CPU budget, which no visitor's request does."""
    from scorekeeper.started import ready_for_requests

    ready_for_requests()


@pytest.fixture(autouse=True)
def _empty_cache() -> Iterator[None]:
    """Each test starts with an empty cache, and the limits' counts with it: what one
    test worked out or counted is never another's."""
    from django.core.cache import caches

    from games.models import scores

    for cache in caches.all():
        cache.clear()
    scores.forget()
    yield


# The work that takes longest, first, so that the rest fills both workers to the end
# (`-n auto`) rather than one long piece running alone at the end: the modules whose tests
# stay together (below) and the browser tests of half a minute; then the other browser
# tests, each a few seconds; then the remaining modules, mostly quick.
LONGEST_FIRST = [
    "tests/browser/test_one_screen.py",
    "tests/web/scorekeeper/test_production.py",
    "tests/web/play/test_fuzz.py",
    "tests/web/sheets/test_sheets.py",
    "tests/browser/test_every_screen.py",
    "tests/browser/test_game.py",
    "tests/browser/test_accessibility.py",
    "tests/browser/test_offline.py",
    "tests/browser/test_hand_games.py",
]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    root = Path(__file__).resolve().parent.parent
    moved = [path for path in LONGEST_FIRST if not (root / path).exists()]
    assert not moved, f"LONGEST_FIRST names modules that are not there: {moved}"

    def rank(item: pytest.Item) -> int:
        path = item.nodeid.split("::")[0]
        if path in LONGEST_FIRST:
            return LONGEST_FIRST.index(path)
        return len(LONGEST_FIRST) + (0 if path.startswith("tests/browser/") else 1)

    items.sort(key=rank)


class _ModulesTogetherButBrowserTestsAlone(LoadScopeScheduling):
    """How the workers share a run (`-n`): a module's tests stay together on one worker,
    so that a module's costly set-up (the production servers) is made once; but each
    browser test goes out by itself, since one takes seconds and a whole module of them
    would keep one worker busy long after the other has finished."""

    def _split_scope(self, nodeid: str) -> str:
        if nodeid.startswith("tests/browser/"):
            return nodeid
        return nodeid.split("::", 1)[0]


@pytest.hookimpl(optionalhook=True)  # xdist's hook: none without the plugin
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> LoadScopeScheduling:
    return _ModulesTogetherButBrowserTestsAlone(config, log)
