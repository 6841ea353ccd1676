"""The rummy family on a phone, by tapping: Three Thirteen and Carousel, a few hands each,
and a pool of Indian Rummy played until a player is out.

Names are typed; every card goes in through the picker and every answer (who went out,
who knocked) is a tap on a radio button, with htmx active as on a real phone. Three
Thirteen shows the solver at work (wild cards, melds laid out live) and an edit; Carousel
shows the jokers, a knock, an undo and the table ending the game. Every score is worked out
by hand from `shared/rules/rummy-family.md`.
"""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.browser.table import (
    SHOWS_21,
    SHOWS_30,
    SHOWS_118,
    HandTable,
    answer,
    messages,
    settled,
)

pytestmark = pytest.mark.browser


def test_three_thirteen_by_tapping_with_wild_cards_and_an_edit(live_server, page: Page, screenshot):
    table = HandTable(page, screenshot)
    table.start(live_server.url, "three-thirteen", "Three Thirteen", ["Ann", "Ben"])
    expect(page.get_by_text("3 cards each; 3s are wild.")).to_be_visible()

    # Hand 1: Ann went out. Ben's 7♠ 8♠ and the wild 3♦ make a run: no deadwood, which
    # the screen lays out as the cards come in.
    table.answer("Who went out", "Ann")
    table.enter(1, "7S 8S 3D")
    expect(table.explanation(1)).to_have_text("melded: 3♦ 7♠ 8♠ — no deadwood")
    # The answer survived the picker's refreshes.
    expect(page.get_by_role("group", name="Who went out").get_by_label("Ann")).to_be_checked()
    table.snap("hand-1-entered")
    table.save(1)
    expect(messages(page)).to_contain_text("Hand 1 saved.")
    table.expect_board([[0, 0]], [0, 0])
    # Who deals next: a line of text under the board, with no role of its own.
    expect(page.locator(".dealer")).to_have_text("Next to deal: Ben")

    # Hand 2 (four cards, fours wild): Ann went out again; Ben holds K♠ Q♦ 2♣ 5♥, nothing
    # melds: 10 + 10 + 2 + 5 = 27.
    page.get_by_role("link", name="Enter hand 2").tap()
    expect(page.get_by_text("4 cards each; 4s are wild.")).to_be_visible()
    table.answer("Who went out", "Ann")
    table.enter(1, "KS QD 2C 5H")
    expect(table.explanation(1)).to_have_text("deadwood: K♠ Q♦ 2♣ 5♥ = 27")
    table.save(2)
    table.expect_board([[0, 0], [0, 27]], [0, 27])
    table.snap("after-hand-2")

    # Ben's 5♥ was really K♥, and his Q♦ the wild 4♥: K♠ K♥ 4♥ is a set, 2♣ is left: 2.
    rounds = page.get_by_role("region", name="Hands").get_by_role("listitem")
    rounds.nth(1).get_by_role("link", name="Edit").tap()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Edit hand 2")
    table.drop(1, "5H")
    table.drop(1, "QD")
    table.enter(1, "KH 4H")
    expect(table.explanation(1)).to_have_text("melded: 4♥ K♠ K♥ — deadwood: 2♣ = 2")
    table.snap("hand-2-edited")
    table.save(2, edit=True)
    table.expect_board([[0, 0], [0, 2]], [0, 2])
    # Three Thirteen: the lowest total leads.
    leads = table.board().get_by_role("columnheader", name=re.compile(r"^leads "))
    expect(leads).to_have_text(["★ Ann"])
    history = page.get_by_role("region", name="History").get_by_role("listitem")
    expect(history.first).to_contain_text("Hand edited (hand 2)")
    table.snap("game-page")


def test_carousel_by_tapping_with_jokers_an_undo_and_the_end(live_server, page: Page, screenshot):
    table = HandTable(page, screenshot)
    table.start(live_server.url, "carousel", "Carousel", ["Ann", "Ben", "Cleo"])

    # Hand 1: Ann knocks with 2♥ = 2; Ben holds K♠ and a joker, 10 + 25 = 35; Cleo 4♦ = 4.
    # Both hold more than Ann: she wins (35 − 2) + (4 − 2) = 35.
    table.answer("Who knocked", "Ann")
    table.enter(0, "2H")
    table.enter(1, "KS JK")
    # Three players play with two jokers: one is left to tap.
    picker = page.get_by_role("group", name=re.compile(r"^Cards for "))
    expect(picker.get_by_role("button", name="JK", exact=True)).to_be_enabled()
    table.enter(2, "4D")
    table.snap("hand-1-entered")
    table.save(1)
    table.expect_board([[35, 0, 0]], [35, 0, 0])

    # Hand 2: Cleo knocks with A♣ = 1, Ann holds A♦ = 1 and undercuts: (1 − 1) + (8 − 1)
    # + 10 for the undercut = 17; Ben holds 8♠ = 8.
    page.get_by_role("link", name="Enter hand 2").tap()
    table.answer("Who knocked", "Cleo")
    table.enter(0, "AD")
    table.enter(1, "8S")
    table.enter(2, "AC")
    # The phone reloads the page before the save: the cards and the answer come back.
    settled(page)
    page.reload()
    expect(table.hand(0)).to_have_count(0)
    page.get_by_role("button", name="Restore what was entered before the page reloaded").tap()
    expect(table.hand(2)).to_have_text(["A♣"])
    expect(table.hand(0)).to_have_text(["A♦"])
    expect(page.get_by_role("group", name="Who knocked").get_by_label("Cleo")).to_be_checked()
    table.snap("hand-2-restored")
    table.save(2)
    table.expect_board([[35, 0, 0], [17, 0, 0]], [52, 0, 0])

    # Undo takes hand 2 off again, after asking.
    page.get_by_text("Undo hand 2…").tap()
    page.get_by_role("button", name="Yes, undo hand 2").tap()
    table.expect_board([[35, 0, 0]], [35, 0, 0])

    # The table stops here: Ann leads and wins.
    page.get_by_text("End the game here…").tap()
    page.get_by_role("button", name="Yes, end the game").tap()
    expect(page.get_by_role("heading", level=2, name=re.compile(r"\bwins?\b"))).to_have_text(
        "Ann wins with 35"
    )
    expect(page.get_by_role("link", name=re.compile("Enter hand"))).to_have_count(0)
    table.snap("game-over")


def test_arrow_keys_choose_an_answer_and_enter_sends_it(live_server, page: Page, screenshot):
    """The hand's first step from the keyboard: the arrow keys check each answer they pass
    without sending it (the step would go on under the keyboard); Enter sends the one
    chosen, and the cards come next."""
    table = HandTable(page, screenshot)
    table.start(live_server.url, "three-thirteen", "Three Thirteen", ["Ann", "Ben", "Cat"])
    question = page.get_by_role("group", name="Who went out")
    picker = page.get_by_role("group", name=re.compile(r"^Cards for "))
    expect(picker).to_be_hidden()
    sent: list[str] = []
    page.on(
        "request", lambda request: sent.append(request.url) if request.method == "POST" else None
    )
    expect(question.get_by_role("radio", checked=True)).to_have_count(0)

    question.get_by_label("Ann", exact=True).focus()
    page.keyboard.press("ArrowDown")

    expect(question.get_by_label("Ben", exact=True)).to_be_checked()
    settled(page)
    assert sent == []
    expect(picker).to_be_hidden()

    page.keyboard.press("Enter")

    expect(picker).to_be_visible()
    expect(page.get_by_role("group", name="Who went out").get_by_label("Ben")).to_be_checked()
    assert len(sent) == 1


def test_a_pool_101_of_indian_rummy_with_drops_and_a_wrong_show_until_a_player_is_out(
    live_server, page: Page, screenshot
):
    table = HandTable(page, screenshot)
    names = ["Ann", "Ben", "Cat"]
    table.start(live_server.url, "indian-rummy", "Indian Rummy", names, preset="Pool 101")

    def ended(seat: int, outcome: str) -> None:
        """How the deal ended for the player the cards go to, asked in the dock. The answer
        sends the cards on to the next player who shows some, and the question with them:
        the choice made is then in the player's own section."""
        asked = dock.get_by_role("group", name=f"How the deal ended for {names[seat]}")
        expect(asked).to_be_visible()
        choice = page.locator(f"input[name='outcome_{seat}']").and_(
            page.get_by_label(outcome, exact=True)
        )
        answer(page, choice)

    # Deal 1: Ann declares; Ben shows 118, charged 80; Cat first-drops: [0, 80, 20].
    dock = page.locator(".dock")
    table.answer("Who declared", "Ann")
    expect(dock.get_by_role("group", name="How the deal ended for Ben")).to_be_visible()
    table.snap("deal-1-outcomes-in-the-dock")
    table.enter(1, SHOWS_118)
    # Ben's thirteen cards are in: the cards, and the question, go on to Cat.
    ended(2, "First drop (20)")
    expect(page.locator("#player-2")).to_have_attribute("data-bare", "")
    table.save(1)

    # Deal 2: Cat wins unshown, Ann middle-drops and Ben first-drops: [40, 100, 20].
    page.get_by_role("link", name="Enter hand 2").tap()
    table.answer("Who declared", "Cat")
    ended(0, "Middle drop (40)")
    ended(1, "First drop (20)")
    table.save(2)

    # Deal 3: Ann declares, Ben shows 21 (121: out), Cat's wrong show (100).
    page.get_by_role("link", name="Enter hand 3").tap()
    table.answer("Who declared", "Ann")
    table.enter(1, SHOWS_21)
    ended(2, "Wrong show (80)")
    table.save(3)

    rows = table.board().locator("tbody").get_by_role("row")
    expect(rows.nth(0).get_by_role("cell")).to_have_text(["0", "80", "20 first drop 20"])
    expect(rows.nth(1).get_by_role("cell")).to_have_text(
        ["40 middle drop 40", "20 first drop 20", "0"]
    )
    expect(rows.nth(2).get_by_role("cell")).to_have_text(["0", "21", "80 wrong show 80"])
    total = table.board().get_by_role("row", name=re.compile(r"^Total\b")).get_by_role("cell")
    expect(total).to_have_text(["40", "121", "100"])
    # Ben is out, greyed with the deal he went out after; Ann, the lowest, leads.
    heads = table.board().get_by_role("columnheader")
    expect(heads).to_have_text(["Hand", "★ Ann", "Ben out after deal 3", "Cat"])
    expect(heads.nth(2)).to_have_class("out")
    expect(page.get_by_text("Out at 101: the lowest total wins.")).to_be_visible()
    expect(page.locator(".rules-shown")).to_have_text("Rules: Pool 101. The lowest total wins.")
    # Ann, Ben and Cat dealt deals 1 to 3.
    expect(page.locator(".dealer")).to_have_text("Next to deal: Ann")
    table.snap("pool-board-with-a-player-out")

    # Deal 4: Ben sits out, neither a declarer nor asked; Cat declares, Ann shows 30.
    page.get_by_role("link", name="Enter hand 4").tap()
    declared = page.get_by_role("group", name="Who declared")
    expect(declared.get_by_role("radio")).to_have_count(2)
    expect(table.player(1)).to_contain_text("Out after deal 3: sits this one out.")
    table.answer("Who declared", "Cat")
    expect(dock.get_by_role("group", name="How the deal ended for Ann")).to_be_visible()
    table.enter(0, SHOWS_30)
    expect(page.get_by_role("group", name=re.compile("^How the deal ended"))).to_have_count(1)
    table.save(4)
    expect(total).to_have_text(["70", "121", "100"])
    # The deal passes from Ann over Ben, who is out, to Cat.
    expect(page.locator(".dealer")).to_have_text("Next to deal: Cat")
    table.snap("pool-board-after-deal-4")
