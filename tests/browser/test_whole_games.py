"""Gin Rummy, Cribbage and Hearts, each a whole game on a phone at 390 × 844, by tapping:
Gin to 100 with an undercut and a gin, Cribbage to 121 ending in the middle of a hand's
shows, Hearts to 100 with moon shots. Every page on the way is checked by axe (light and
dark) and for thumb-sized targets, and each hand's taps are counted against the physical
limit: a tap a card entered, an answer and a name the entry does not reach by itself, and
Save (a number typed is a tap on its box). Every score is worked out by hand below, from
`shared/rules/`.
"""

import re
from collections import Counter

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.table import HandTable, Thumb, dock_name, messages, settled, symbol

pytestmark = pytest.mark.browser


class Phone(HandTable):
    """The scorekeeper's phone, whose thumb counts every tap of a hand by kind."""

    def __init__(self, page: Page, screenshot, checked) -> None:
        super().__init__(page, screenshot)
        self.checked = checked
        self.thumb = Thumb(page)

    def snap(self, name: str) -> None:
        super().snap(name)
        self.checked(name)

    def new_hand(self, number: int) -> None:
        self.page.get_by_role("link", name=f"Enter hand {number}").tap()
        expect(self.page.get_by_role("heading", level=1)).to_contain_text(f"Hand {number}")
        settled(self.page)
        self.thumb.taps.clear()

    def holder(self, name: str) -> Locator:
        return self.page.get_by_role("region", name=name, exact=True)

    def cards(self, name: str, cards: str) -> None:
        """`name`'s cards (a player's, or a pile's), by tapping: the name first, unless the
        entry is already with them."""
        button = dock_name(self.page, name)
        if button.get_attribute("aria-pressed") != "true":
            self.thumb.tap(button, "name")
        hand = self.holder(name).get_by_role("button", name=re.compile(r"^Remove "))
        picker = self.page.get_by_role("group", name=re.compile(r"^Cards for "))
        before = hand.count()
        for count, card in enumerate(cards.split(), start=before + 1):
            self.thumb.tap(picker.get_by_role("button", name=symbol(card), exact=True), "card")
            expect(hand).to_have_count(count)

    def rest(self, name: str) -> None:
        """The rest of the point cards to `name`, in one tap."""
        button = dock_name(self.page, name)
        if button.get_attribute("aria-pressed") != "true":
            self.thumb.tap(button, "name")
        count = self.holder(name).get_by_role("button", name=re.compile(r"^Remove "))
        before = count.count()
        self.thumb.tap(self.page.get_by_role("button", name="Rest of the points"), "card")
        expect(count).not_to_have_count(before)
        settled(self.page)

    def choose(self, question: str, answer: str) -> None:
        choice = self.page.get_by_role("group", name=question).get_by_label(answer, exact=True)
        self.thumb.tap(choice, "answer")
        expect(choice).to_have_attribute("checked", "")
        settled(self.page)

    def type_number(self, name: str, label: str, value: int) -> None:
        """A number typed in a player's box: scrolled to above the dock, a tap on the box,
        then the digits, and straight on (the box keeps it: nothing is posted that would
        bring the form back over the next box while it is typed in)."""
        box = self.holder(name).get_by_label(label)
        box.evaluate("box => box.scrollIntoView({block: 'start'})")
        self.thumb.tap(box, "number")
        # Filled, not typed key by key: Chromium's touch emulation drops the keys typed
        # into a number box tapped after another one was typed in.
        box.fill(str(value))
        expect(box).to_have_value(str(value))

    def save_hand(self, number: int) -> Counter[str]:
        """Save, and the hand's taps."""
        self.thumb.tap(self.page.get_by_role("button", name=f"Save hand {number}"), "save")
        self.page.wait_for_url(re.compile(r"/games/\d+/$"))
        expect(messages(self.page)).to_contain_text(f"Hand {number} saved.")
        taps = Counter(self.thumb.taps)
        self.thumb.taps.clear()
        return taps

    def rows(self) -> Locator:
        return self.board().locator("tbody").get_by_role("row")

    def expect_cells(self, rows: list[list[str]], totals: list[int]) -> None:
        """The board's cells as they read: a score, and what the hand says beside it."""
        expect(self.rows()).to_have_count(len(rows))
        for row, cells in zip(self.rows().all(), rows, strict=True):
            expect(row.get_by_role("cell")).to_have_text(cells)
        total = self.board().get_by_role("row", name=re.compile(r"^Total\b")).get_by_role("cell")
        expect(total).to_have_text([str(total) for total in totals])


def test_gin_rummy_to_100_with_an_undercut_and_a_gin(live_server, page: Page, screenshot, checked):
    phone = Phone(page, screenshot, checked)
    phone.start(live_server.url, "gin-rummy", "Gin Rummy", ["Ann", "Ben"])
    # Hand 1 (api.md §5.2's undercut): Ben knocks with 9♣ behind 5♥ 6♥ 7♥, the jacks and
    # 3♦ 4♦ 5♦. Ann melds 2♠ 3♠ 4♠, the nines and the kings and lays 4♥ off on Ben's hearts:
    # nothing left. 0 ≤ 9: an undercut, 9 − 0 + 25 = 34 to Ann.
    phone.choose("How the hand ended", "Knock")
    phone.choose("Who knocked or went gin", "Ben")
    phone.cards("Ann", "2S 3S 4S 9H 9D 9S KH KD KS 4H")
    # Ten cards make Ann's hand: the entry moves on to Ben by itself.
    expect(phone.player(1)).to_have_class(re.compile(r"\bactive\b"))
    phone.cards("Ben", "5H 6H 7H JS JD JC 3D 4D 5D 9C")
    phone.snap("hand-1-entered")
    taps = phone.save_hand(1)
    # The physical limit: a tap a card, each answer, and Save; no name.
    assert taps == Counter(card=20, answer=2, save=1)
    phone.expect_cells([["34 undercut", "0"]], [34, 0])
    expect(page.locator(".dealer")).to_have_text("Next to deal: Ann")
    phone.snap("after-hand-1")

    # Hand 2: Ann goes gin, A♠ 2♠ 3♠, the sevens and 9♣ to Q♣. Ben melds nothing: 6 + 7 + 8
    # + 10 + 10 + 2 + 3 + 4 + 5 + 10 = 65, and 25 + 65 = 90 to Ann: 124 reaches 100.
    phone.new_hand(2)
    phone.choose("How the hand ended", "Gin")
    phone.choose("Who knocked or went gin", "Ann")
    phone.cards("Ann", "AS 2S 3S 7D 7C 7H 9C 10C JC QC")
    phone.cards("Ben", "6H 7S 8H JS JH 2D 3D 4C 5D KC")
    taps = phone.save_hand(2)
    assert taps == Counter(card=20, answer=2, save=1)
    phone.expect_cells([["34 undercut", "0"], ["90 gin", "0"]], [124, 0])
    # Ann won both hands and Ben none: 124 + 100 for the game + 2 boxes of 25 = 274, a
    # shutout doubles it to 548.
    expect(page.get_by_role("heading", level=2, name=re.compile(r"\bwins?\b"))).to_have_text(
        "Ann wins with 548"
    )
    expect(page.get_by_text("Shutout: Ben won no hand, so Ann's score is doubled.")).to_be_visible()
    final = phone.board().get_by_role("row", name=re.compile(r"^Final\b")).get_by_role("cell")
    expect(final).to_have_text(["548", "0"])
    expect(page.get_by_role("link", name=re.compile("Enter hand"))).to_have_count(0)
    phone.snap("game-over")
    # The undercut's count and lay-off, a tap on the hand's number away.
    phone.rows().first.get_by_role("rowheader").get_by_text("1", exact=True).tap()
    expect(phone.rows().first).to_contain_text("lays off 4♥ on 5♥ 6♥ 7♥: 0 left")


HEARTS = "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"


def test_hearts_to_100_with_moon_shots_won_by_the_lowest_total(
    live_server, page: Page, screenshot, checked
):
    phone = Phone(page, screenshot, checked)
    names = ["Ann", "Ben", "Cleo", "Dan"]
    phone.start(live_server.url, "hearts", "Hearts", names)
    phone.snap("hand-1-empty")
    # Hand 1: Ann took every heart and Q♠: she shot the moon, and everyone else scores 26.
    # The entry starts with her: one tap gives her the rest of the points.
    phone.rest("Ann")
    expect(phone.player(0).locator(".explanation")).to_contain_text(
        "13 hearts and Q♠: shot the moon"
    )
    phone.snap("hand-1-moon")
    taps = phone.save_hand(1)
    assert taps == Counter(card=1, save=1)
    phone.expect_cells([["0 moon", "26", "26", "26"]], [0, 26, 26, 26])
    phone.snap("after-hand-1")

    # Hand 2: Ann 2♥ 3♥ (2), Ben Q♠ 4♥ 5♥ (15), Cleo 6♥–9♥ (4), Dan the rest, 10♥ to A♥
    # (5): 26 in all. Totals 2, 41, 30, 31.
    phone.new_hand(2)
    phone.cards("Ann", "2H 3H")
    phone.cards("Ben", "QS 4H 5H")
    phone.cards("Cleo", "6H 7H 8H 9H")
    phone.rest("Dan")
    expect(phone.holder("Dan").get_by_role("button", name=re.compile("^Remove "))).to_have_text(
        ["10♥", "J♥", "Q♥", "K♥", "A♥"]
    )
    taps = phone.save_hand(2)
    # The physical limit: a tap a card (the rest is one), a name for each player the entry
    # does not reach by itself (no hand is complete at a count in Hearts), and Save.
    assert taps == Counter(card=10, name=3, save=1)

    # Hand 3: Ann shoots the moon again: 2, 67, 56, 57. Hand 4: Dan does: 28, 93, 82, 57.
    phone.new_hand(3)
    phone.rest("Ann")
    phone.save_hand(3)
    phone.new_hand(4)
    phone.rest("Dan")
    phone.save_hand(4)
    # Hand 5: Ann 2♥ (1), Ben Q♠ 3♥–7♥ (18), Cleo the rest, 8♥ to A♥ (7), Dan nothing:
    # 29, 111, 89, 57. Ben passed 100: the game is over, and Ann's 29 is the lowest.
    phone.new_hand(5)
    phone.cards("Ann", "2H")
    phone.cards("Ben", "QS 3H 4H 5H 6H 7H")
    phone.rest("Cleo")
    phone.save_hand(5)
    phone.expect_cells(
        [
            ["0 moon", "26", "26", "26"],
            ["2", "15", "4", "5"],
            ["0 moon", "26", "26", "26"],
            ["26", "26", "26", "0 moon"],
            ["1", "18", "7", "0"],
        ],
        [29, 111, 89, 57],
    )
    expect(page.get_by_role("heading", level=2, name=re.compile(r"\bwins?\b"))).to_have_text(
        "Ann wins with 29"
    )
    expect(page.get_by_role("link", name=re.compile("Enter hand"))).to_have_count(0)
    phone.snap("game-over")


# Cribbage's hands, each as (starter, Ann's, Ben's, the crib, Ann's and Ben's pegging).
# Ann deals first, then the deal alternates.
CRIB_HANDS = [
    # Ann deals, 5♦ cut. Ben: 5♠ 5♥ 5♣ J♦, the 29 (fifteens 16, four fives 12, nobs 1).
    # Ann: 4♠ 4♥ 6♣ 6♦: fifteens 4-5-6 four ways (8), two pairs (4), four runs of three (12)
    # = 24. Crib K♥ Q♦ 2♣ 9♠: K+5, Q+5 (4). Ann 4 + 24 + 4 = 32, Ben 6 + 29 = 35.
    ("5D", "4S 4H 6C 6D", "5S 5H 5C JD", "KH QD 2C 9S", 4, 6),
    # Ben deals, 7♣ cut. Ann: 7♠ 8♠ 8♥ 9♦: 7+8 four ways (8), pairs of 7s and 8s (4), four
    # runs 7-8-9 (12) = 24. Ben: 2♥ 3♦ K♣ Q♠: 2+3+K, 2+3+Q (4). Crib A♥ A♠ 10♥ J♣: the
    # aces (2), J♣ with a club starter (nobs 1) = 3. Ann 1 + 24 = 25 (57), Ben 5 + 4 + 3
    # = 12 (47).
    ("7C", "7S 8S 8H 9D", "2H 3D KC QS", "AH AS 10H JC", 1, 5),
    # Ann deals, 5♣ cut. Ben: 3♥ 4♥ 5♥ 6♥: 4-5-6 twice (4), the fives (2), two runs of four
    # (8), a four-card flush (4) = 18. Ann: 5♠ 10♦ J♦ Q♦: six fifteens (12), the fives (2),
    # 10-J-Q (3) = 17. Crib K♠ 9♣ 2♦ 7♦: K+5 (2). Ann 2 + 17 + 2 = 21 (78), Ben 2 + 18 = 20
    # (67).
    ("5C", "5S 10D JD QD", "3H 4H 5H 6H", "KS 9C 2D 7D", 2, 2),
]
# Hand 4 (Ben deals) is hand 1's cards again: Ann 4 + 24 = 28 (106), Ben 6 + 29 + 4 = 39
# (106). Hand 5 (Ann deals) is hand 2's: pegging takes Ann to 107 and Ben to 111; Ben
# shows first (4: 115), then Ann's 24 takes her to 131 and the game ends there: her crib
# is never counted. Ben, on 115, is not skunked.


def test_cribbage_to_121_ending_in_the_middle_of_the_shows(
    live_server, page: Page, screenshot, checked
):
    phone = Phone(page, screenshot, checked)
    phone.start(live_server.url, "cribbage", "Cribbage", ["Ann", "Ben"])
    for number, (starter, ann, ben, crib, pegged_ann, pegged_ben) in enumerate(
        [*CRIB_HANDS, CRIB_HANDS[0], CRIB_HANDS[1]], start=1
    ):
        if number > 1:
            phone.new_hand(number)
        # Four cards a player, then the crib and the starter, each moving on by itself.
        phone.cards("Ann", ann)
        expect(phone.player(1)).to_have_class(re.compile(r"\bactive\b"))
        phone.cards("Ben", ben)
        expect(phone.holder("Crib")).to_have_class(re.compile(r"\bactive\b"))
        phone.cards("Crib", crib)
        expect(phone.holder("Starter")).to_have_class(re.compile(r"\bactive\b"))
        phone.cards("Starter", starter)
        settled(page)
        phone.type_number("Ann", "Pegged", pegged_ann)
        phone.type_number("Ben", "Pegged", pegged_ben)
        # Neither number was lost to the other: both are there to be saved.
        expect(phone.holder("Ann").get_by_label("Pegged")).to_have_value(str(pegged_ann))
        if number == 1:
            # Once the starter is in, each hand is counted as players count aloud.
            expect(phone.holder("Ben").locator(".explanation")).to_contain_text(
                "four of a kind is twenty-eight and nobs twenty-nine"
            )
            phone.snap("hand-1-entered")
        taps = phone.save_hand(number)
        # The physical limit: a tap a card, none on a name, a tap a number's box, and Save.
        assert taps == Counter(card=13, number=2, save=1), number
    phone.expect_cells(
        [["32", "35"], ["25", "12"], ["21", "20"], ["28", "39"], ["25", "9"]], [131, 115]
    )
    expect(page.get_by_role("heading", level=2, name=re.compile(r"\bwins?\b"))).to_have_text(
        "Ann wins with 131"
    )
    expect(page.get_by_text("Ben is not skunked, at 115.")).to_be_visible()
    phone.snap("game-over")
    # The last hand's explanation, a tap on its number away, says where the count stopped.
    rows = phone.rows()
    rows.last.get_by_role("rowheader").get_by_text("5", exact=True).tap()
    expect(rows.last).to_contain_text("Ann pegs out at 131 in the shows; the crib is not counted.")
