"""A round on one screen: the scorekeeper never scrolls to reach what they tap.

A whole four-player game of Indian Chief on a small 360 × 640 phone held upright (on a
390 × 844 one it is test_game.py's, with its corrections; a hand of every game on every
screen is test_every_screen.py). Before every tap the test checks that the target is
already inside the screen and not under the dock, after every card that the hand receiving
the cards is in sight, and it counts the taps: one a card, at most one a player (a name to
say who gets the cards next), one Save a round, one a Thief on the steals page, and one to
go on to the next round. Then the entry screen of a small phone on its side: nothing
scrolls sideways.
"""

import re
import uuid
from collections import Counter
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.browser.table import (
    PLAYERS,
    ROUNDS,
    Thumb,
    every_card_on_the_screen,
    finished,
    no_wider_than_the_screen,
    start,
    symbol,
)

pytestmark = pytest.mark.browser

UPRIGHT = [
    pytest.param({"width": 390, "height": 844}, id="390x844"),
    pytest.param({"width": 360, "height": 640}, id="360x640"),
]

# Each round's Thieves, who steal (or take from the deck) before the next round is dealt.
THIEVES = {1: ["Ann"], 5: ["Dan"], 6: ["Cat"]}


def test_a_whole_indian_chief_game_without_scrolling(live_server, phone: Callable[..., Page]):
    page = phone(viewport={"width": 360, "height": 640})
    thumb = Thumb(page)
    start(page, live_server.url, "indian-chief", PLAYERS)

    for number, row in enumerate(ROUNDS, start=1):
        expect(page.get_by_role("heading", level=1)).to_have_text(f"Round {number} of 7")
        thumb.enter([cards for cards, _ in row])
        for seat, (_, score) in enumerate(row):
            # The score beside the player's name: a number, with no role or name of its own.
            player = page.get_by_role("region", name=PLAYERS[seat], exact=True)
            expect(player.locator(".meld-preview .score")).to_have_text(str(score))
        thumb.tap(page.get_by_role("button", name=f"Save round {number}"), "save")
        for thief in THIEVES.get(number, []):
            page.wait_for_url(re.compile(r"/steals/$"))
            # The steals page's lists, the Thieves in order and what they did, have no name.
            thieves = page.locator("#steals .thief-order").get_by_role("listitem")
            expect(thieves).to_have_text([thief])
            thumb.tap(page.get_by_role("button", name="Take from the deck instead"), "thief")
            events = page.locator("#steals .events").get_by_role("listitem")
            expect(events).to_contain_text([f"{thief} took from the deck."])
        if number < 7:
            thumb.tap(page.get_by_role("link", name=f"Enter round {number + 1}"), "next round")
            page.wait_for_url(re.compile(r"/rounds/new/$"))
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    expect(page.get_by_role("heading", level=2, name=re.compile(r"\bwins?\b"))).to_be_visible()

    cards = sum(len(cards.split()) for row in ROUNDS for cards, _ in row)
    names = thumb.taps["player"]
    assert thumb.taps == Counter(card=cards, player=names, save=7, thief=3, **{"next round": 6})
    # Three a round at most (the first player holds the entry from the start); in the
    # last round each player's one meld left moves the entry on by itself: none.
    assert names <= 3 * 7 - 3, thumb.taps


def test_the_entry_screen_of_a_small_phone_on_its_side_never_scrolls_sideways(
    live_server, phone: Callable[..., Page]
):
    """At 640 × 360, smaller than test_every_screen.py's screens: the entry with a round's
    cards, and the game page, fit the width, and every card of the picker fits the height."""
    from games.models import Game

    game = Game.objects.start(PLAYERS, 2)
    page = phone(viewport={"width": 640, "height": 360})
    page.goto(f"{live_server.url}/games/{game.pk}/rounds/new/")
    thumb = Thumb(page)
    thumb.enter([cards for cards, _ in ROUNDS[0]])
    for url in (page.url, f"{live_server.url}/games/{game.pk}/"):
        page.goto(url)
        no_wider_than_the_screen(page)
    page.goto(f"{live_server.url}/games/{game.pk}/rounds/new/")
    cards = page.get_by_role("group", name=re.compile(r"^Cards for ")).get_by_role("button")
    expect(cards).to_have_count(52)
    every_card_on_the_screen(page)


def test_the_board_of_four_long_names_fits_a_small_phone(live_server, phone: Callable[..., Page]):
    from games.models import Game

    names = ["Annabel", "Benjamin", "Catherine", "Dan"]
    game = Game.objects.start(names, 2)
    live = f"{live_server.url}/live/{game.share()}/"
    game.refresh_from_db()
    game.record_round([cards for cards, _ in ROUNDS[0]], uuid.uuid4(), game.version)
    page = phone(viewport={"width": 360, "height": 640})

    def board_fits() -> None:
        overflow = page.evaluate(
            "(() => { const b = document.querySelector('.scoreboard');"
            " return b.scrollWidth - b.clientWidth; })()"
        )
        assert overflow <= 0, f"{page.url}: the board is {overflow}px wider than the screen"

    page.goto(f"{live_server.url}/games/{game.pk}/")
    board_fits()
    # A tapped score opens over the board: every column stays on the screen.
    # A score opens its working-out: the summary of a score's cell, which has no role.
    page.locator(".scoreboard td summary").first.tap()
    expect(page.locator(".scoreboard .cell-detail").first).to_be_visible()
    board_fits()
    for url in (live, f"{live}?large=1"):
        page.goto(url)
        board_fits()


# Each name's words, each on one line of its own (a word broken in two spans two lines);
# whether the name is cut short, and its title; each score's and total's number against
# the room its cell has for it; the page's and the board's widths.
BOARD_LAYOUT = """
() => {
  const board = document.querySelector(".scoreboard");
  const names = [...board.querySelectorAll("thead .name > span")].map(name => {
    const text = name.firstChild;
    const range = document.createRange();
    const split = [];
    for (const word of text.data.matchAll(/\\S+/g)) {
      range.setStart(text, word.index);
      range.setEnd(text, word.index + word[0].length);
      const lines = new Set([...range.getClientRects()].map(rect => Math.round(rect.top)));
      if (lines.size > 1) split.push(word[0]);
    }
    return {text: text.data, title: name.title, split, cut: name.scrollWidth > name.clientWidth};
  });
  const numbers = [...board.querySelectorAll("tbody summary, tfoot .total")].map(number => {
    const cell = number.closest("td");
    const style = getComputedStyle(cell);
    const room = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const range = document.createRange();
    range.selectNodeContents(number);
    return {text: number.textContent, width: range.getBoundingClientRect().width,
            room, cell: cell.getBoundingClientRect().width};
  });
  return {names, numbers, page: document.documentElement.scrollWidth,
          overflow: board.scrollWidth - board.clientWidth,
          scrolls: getComputedStyle(board).overflowX};
}
"""


@pytest.mark.parametrize(
    "names",
    [
        pytest.param(["Annabel", "Benjamin", "Catherine", "Mary Ann"], id="4"),
        pytest.param(
            ["Annabel", "Benjamin", "Cara", "Dan", "Elisabeth", "Frederick", "Gus", "Mary Ann"],
            id="8",
        ),
    ],
)
def test_a_finished_board_keeps_names_whole_and_numbers_in_their_cells(
    live_server, phone: Callable[..., Page], names
):
    game = finished(names)
    page = phone()
    for viewport in ({"width": 390, "height": 844}, {"width": 360, "height": 640}):
        page.set_viewport_size(viewport)
        for text in ("", "225%"):
            page.goto(f"{live_server.url}/games/{game.pk}/")
            expect(page.get_by_text("wins with")).to_be_visible()
            if text:
                # Twice the phone's text size: the root's 112.5% doubled.
                page.evaluate(f"document.documentElement.style.fontSize = '{text}'")
            seen = page.evaluate(BOARD_LAYOUT)
            where = f"{len(names)} players at {viewport['width']}px, text {text or '100%'}"

            # A name breaks only between words; one cut short is whole in its title, and
            # read out whole as its column's heading.
            assert [name["text"].removeprefix("★ ") for name in seen["names"]] == names, where
            assert [name["split"] for name in seen["names"]] == [[]] * len(names), where
            assert all(name["title"] == name["text"].removeprefix("★ ") for name in seen["names"])
            for name in names:
                heading = page.get_by_role("columnheader", name=re.compile(rf"\b{name}$"))
                expect(heading).to_have_count(1)
            # Every score and total has its cell's room, and the cell is a thumb's target.
            for number in seen["numbers"]:
                assert number["width"] <= number["room"] + 0.5, f"{where}: {number}"
                assert number["cell"] >= 44, f"{where}: {number}"
            # The page never scrolls sideways: a board too wide scrolls inside its own box.
            assert seen["page"] <= viewport["width"], where
            assert seen["overflow"] <= 0 or seen["scrolls"] == "auto", where


@pytest.mark.parametrize("viewport", UPRIGHT)
def test_the_restore_offer_is_on_screen_after_a_reload(
    live_server, phone: Callable[..., Page], viewport
):
    """The phone reloads mid-round with the page scrolled down to the last player: the
    offer to restore the cards is in sight, and one tap on it brings them back."""
    page = phone(viewport=viewport)
    thumb = Thumb(page)
    start(page, live_server.url, "indian-chief", PLAYERS)
    entered = [cards for cards, _ in ROUNDS[0]]
    thumb.enter(entered)

    page.reload()
    restore = page.get_by_role("button", name="Restore what was entered before the page reloaded")
    expect(restore).to_be_visible()
    # Wherever the page stands: at its end, where the last player's cards went in.
    page.evaluate("scrollTo(0, document.documentElement.scrollHeight)")
    thumb.tap(restore, "restore")

    for seat, cards in enumerate(entered):
        player = page.get_by_role("region", name=PLAYERS[seat], exact=True)
        expect(player.get_by_role("button", name=re.compile(r"^Remove "))).to_have_text(
            [symbol(card) for card in cards.split()]
        )
    expect(restore).to_be_hidden()
