"""A hand of every game on every screen a table uses: upright at 390 × 844 and 360 × 640,
on its side at 844 × 390, and at twice the text size upright. Before every tap the test
checks that the target is already inside the screen and not under the dock, after every
card that the hand receiving the cards is in sight, and that the taps are the physical
limit: one a card, an answer and a name needed, and Save, with no scrolling. Every card of
the picker is on the screen at once, and neither the entry nor the page after it scrolls
sideways.

A game's screens are one phone turned and set to another text size between hands, each
hand a new game's and a subtest of its own: the app is loaded and installed once a game
rather than once a screen, as on a phone at a real table.
"""

import re
from collections import Counter
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.browser.table import (
    PLAYERS,
    ROUNDS,
    Thumb,
    every_card_on_the_screen,
    messages,
    no_wider_than_the_screen,
    settled,
)
from tests.factories import new_game

pytestmark = pytest.mark.browser

HANDS = [
    # (game, players, the hand's answers as (question, answer), each seat's cards, and the
    # names a scorekeeper must tap: one for each player showing cards whom the entry does
    # not reach by itself, as it does the first, and the next once a hand the game sizes
    # is complete, past a player who shows none)
    ("indian-chief", PLAYERS, [], [cards for cards, _ in ROUNDS[0]], 3),
    ("rummy", ["Ann", "Ben"], [("Who went out", "Ann")], ["", "KS 4D"], 0),
    ("three-thirteen", ["Ann", "Ben"], [("Who went out", "Ann")], ["3S 4S 5S", "KS QD 2C"], 0),
    ("carousel", ["Ann", "Ben", "Cat"], [("Who knocked", "Ann")], ["2H", "KS", "4D"], 2),
    (
        "indian-rummy",
        ["Ann", "Ben"],
        [("Who declared", "Ann")],
        ["", "2H 3H 4H 5S 7D 9C JC QD KS AS 8C 6D 10S"],
        0,
    ),
    (
        "tong-its",
        ["Ann", "Ben", "Cat"],
        [("How the hand ended", "Tongit (no cards left)"), ("Who called it", "Ann")],
        ["", "KS 4D", "9C"],
        1,
    ),
    (
        "gin-rummy",
        ["Ann", "Ben"],
        [("How the hand ended", "Knock"), ("Who knocked or went gin", "Ann")],
        ["7S 7H 7D 7C 8S 9S 10S AH 2C 3D", "6S JS QH QD KC 3H 4D 5C 9D 2D"],
        0,
    ),
    # The crib and the starter come after the players, each reached by itself.
    ("cribbage", ["Ann", "Ben"], [], ["4S 4H 6C 6D", "5S 5H 5C JD", "KH QD 2C 9S", "5D"], 0),
    ("hearts", PLAYERS, [], ["QS AH 2H", "KH QH JH 10H 9H", "8H 7H 6H 5H", "4H 3H"], 3),
]


# Every screen a hand is played on: upright, on its side, and at twice the text size (the
# root's 112.5% doubled), as (name, viewport, text size).
SCREENS = [
    ("390x844", {"width": 390, "height": 844}, ""),
    ("360x640", {"width": 360, "height": 640}, ""),
    ("844x390", {"width": 844, "height": 390}, ""),
    ("390x844-200%-text", {"width": 390, "height": 844}, "225%"),
    ("360x640-200%-text", {"width": 360, "height": 640}, "225%"),
]


@pytest.mark.parametrize(
    ("kind", "players", "answers", "hands", "names"), HANDS, ids=[h[0] for h in HANDS]
)
def test_a_hand_of_every_game_on_every_screen_without_scrolling(
    live_server, phone: Callable[..., Page], subtests, kind, players, answers, hands, names
):
    page = phone()
    for screen, viewport, text in SCREENS:
        with subtests.test(screen):
            page.set_viewport_size(viewport)
            game = new_game(kind, players)
            play_a_hand(page, live_server, game, text, players, answers, hands, names)


# Ten players on three decks (H13), each a Thief: the dock's names take two rows of five.
# Not at twice the text on the smallest phone: there the dock alone fills its 640 px, as
# it does with five to eight players (two rows of names, the picker's eight rows, Save).
TEN = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"]


def test_a_round_of_ten_players_on_three_decks_without_scrolling(
    live_server, phone: Callable[..., Page], subtests
):
    hands = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S"]
    page = phone()
    for screen, viewport, text in SCREENS[:-1]:
        with subtests.test(screen):
            page.set_viewport_size(viewport)
            game = new_game("indian-chief", TEN, {"preset": "book", "decks": 3})
            play_a_hand(page, live_server, game, text, TEN, [], hands, len(TEN) - 1)


def play_a_hand(page, live_server, game, text, players, answers, hands, names) -> None:
    """Enter the hand's answers and each player's cards as a thumb does, and save: every
    tap on the screen and its own, the hand receiving cards in sight after each card, and
    the taps the physical limit (`names`: the names the scorekeeper must tap)."""
    thumb = Thumb(page)
    page.goto(f"{live_server.url}/games/{game.pk}/rounds/new/")
    text_size(page, text)
    expect(page.get_by_role("heading", level=1)).to_contain_text(re.compile(r"^(Hand|Round) 1"))

    for question, answer in answers:
        choice = page.get_by_role("group", name=question).get_by_label(answer, exact=True)
        thumb.tap(choice, "answer")
        # The answer's form comes back in place of this one (the server marks the answer
        # `checked`), and must be wired up before the next tap.
        expect(choice).to_have_attribute("checked", "")
        settled(page)
    # Every card of the picker is on the screen at once, whichever way the phone is held.
    picker = page.get_by_role("group", name=re.compile(r"^Cards for "))
    expect(picker).to_be_visible()
    every_card_on_the_screen(page)
    # The players, then the piles of cards that are no player's (Cribbage's crib).
    thumb.enter(hands, [*players, *(pile.label for pile in game.rules.piles)])
    no_wider_than_the_screen(page)
    thumb.tap(page.get_by_role("button", name=re.compile(r"^Save (hand|round) 1$")), "save")

    # On to the game, or to the steals after a round with a Thief.
    page.wait_for_url(re.compile(r"/games/\d+/(rounds/1/steals/)?$"))
    expect(messages(page)).to_contain_text(re.compile(r"(Hand|Round) 1 saved\."))
    text_size(page, text)
    no_wider_than_the_screen(page)
    # The physical limit: a tap a card, an answer and a name needed, and Save; no scroll.
    cards = sum(len(cards.split()) for cards in hands)
    assert thumb.taps == Counter(card=cards, player=names, answer=len(answers), save=1)


def text_size(page: Page, text: str) -> None:
    """The root's text size set as a phone's setting sets it, if `text` says one."""
    if text:
        page.evaluate(f"document.documentElement.style.fontSize = '{text}'")
