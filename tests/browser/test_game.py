"""A whole game of Indian Chief on a phone, by tapping: from "new game" to the winner.

Four players, two decks, seven rounds, with htmx active as on a real phone. Only the names
are typed; every card goes in through the picker's buttons. On the way the scorekeeper sees
a Beggar Man's live preview follow the other players' cards, lets a Thief steal, saves a
round with a repeated meld and fixes it, edits a past round and undoes one.

Every tap on the round-entry screens is counted and checked against the issue's budget: a
round takes no more than 2 taps per card + 1 per player + 1 to save; in fact a tap a card,
three names at most and one Save. Every tap at the table is on the screen as it stands and
uncovered, and the hand receiving the cards stays in sight, as on a 390 × 844 phone held
upright (test_one_screen.py plays the game on a smaller one). Every score below is worked
out by hand from `shared/rules/indian-chief.md`.
"""

import re
import time
import uuid
from collections import Counter
from collections.abc import Callable

import pytest
from playwright.sync_api import Locator, Page, Route, expect

from tests.browser.table import (
    PLAYERS,
    ROUNDS,
    aim,
    check_page_is_clean,
    dock_name,
    hand_in_sight,
    hands,
    messages,
    settled,
    symbol,
    tap,
    type_cards,
    watch_console,
    within_reach,
)
from tests.factories import WIN_ROUNDS

pytestmark = pytest.mark.browser

TAP_TARGET = 48  # px: the minimum for anything tapped at the table

MELDS = ["Thief", "Beggar Man", "Poor Man", "Lawyer", "Rich Man", "Doctor", "Indian Chief"]

# The edit: in round 2 Ben's 3♥ becomes 3♠, so his Poor Man holds Q♠ 5♠ 3♠ = 18, not 15.
EDITED_ROUND, EDITED_SEAT, EDIT_OUT, EDIT_IN = 2, 1, "3H", "3S"
EDITED_SCORE = 18

# Totals worked out by hand (the edited round 2 included):
#   Ann 10 + 4 + 11 + 25 − 31 + 0 + 13 = 32
#   Ben 4 + 18 + 25 − 50 + 20 + 54 + 10 = 81
#   Cat 11 + 25 − 9 + 50 + 59 + 1 + 6 = 143
#   Dan 25 − 24 + 30 + 29 + 4 + 6 + 16 = 86
FINAL_TOTALS = [32, 81, 143, 86]
WINNER = "Cat"


def scores_of(number: int) -> list[int]:
    scores = [score for _, score in ROUNDS[number - 1]]
    if number == EDITED_ROUND:
        scores[EDITED_SEAT] = EDITED_SCORE
    return scores


def totals_after(rounds: int, *, edited: bool = True) -> list[int]:
    totals = [0] * len(PLAYERS)
    for number in range(1, rounds + 1):
        scores = scores_of(number) if edited else [s for _, s in ROUNDS[number - 1]]
        totals = [total + score for total, score in zip(totals, scores, strict=True)]
    return totals


def round_line(number: int, scores: list[int]) -> str:
    """The game page's summary of a round: `Ann Thief 10 · Ben Beggar Man 4 · …`."""
    return " · ".join(
        f"{name} {MELDS[len(ROUNDS[number - 1][seat][0].split()) - 1]} {scores[seat]}"
        for seat, name in enumerate(PLAYERS)
    )


class Table:
    """The scorekeeper's phone: taps (counted), screenshots and page checks."""

    def __init__(self, page: Page, screenshot: Callable[[Page, str], None]) -> None:
        self.page = page
        self._screenshot = screenshot
        self.errors = watch_console(page)
        self.taps: Counter[str] = Counter()
        self.steps = 0

    # -- taps -----------------------------------------------------------------------------

    def tap(self, target: Locator, counter: str, *, scrolled_to: bool = False) -> None:
        """A tap on `target`, counted: on the screen as it stands and uncovered, as every
        tap at the table is, but for one on what a person scrolls to (`scrolled_to`): a
        form's button under its fields, a card taken back out of a hand further up."""
        tap(target, None if scrolled_to else within_reach(target, counter))
        self.taps[counter] += 1

    def snap(self, name: str) -> None:
        """Screenshot this step once the page has settled, then check the page is clean."""
        self.steps += 1
        settled(self.page)
        self._screenshot(self.page, f"{self.steps:02d}-{name}")
        check_page_is_clean(self.page, self.errors)

    # -- the round-entry screen -----------------------------------------------------------

    def player(self, seat: int) -> Locator:
        """The player's section of the round entry, named by the player."""
        return self.page.get_by_role("region", name=PLAYERS[seat], exact=True)

    def hand(self, seat: int) -> Locator:
        """The cards in the player's hand, each a button that takes it out again."""
        return self.player(seat).get_by_role("button", name=re.compile(r"^Remove "))

    def preview(self, seat: int) -> Locator:
        # The meld and its score beside the name: text, with no role or name of its own.
        return self.player(seat).locator(".meld-preview")

    def is_active(self, seat: int) -> bool:
        return "active" in (self.player(seat).get_attribute("class") or "").split()

    def select(self, seat: int, counter: str) -> None:
        """Make `seat` the player receiving cards (no tap if they already are)."""
        if self.is_active(seat):
            return
        self.tap(self.name(seat), counter)
        expect(self.player(seat)).to_have_class(re.compile(r"\bactive\b"))
        expect(self.name(seat)).to_have_attribute("aria-pressed", "true")

    def name(self, seat: int) -> Locator:
        """The player's name in the dock at the bottom of the screen."""
        return dock_name(self.page, PLAYERS[seat])

    def picker(self) -> Locator:
        """The card picker in the dock, named for the player who gets the cards."""
        return self.page.get_by_role("group", name=re.compile(r"^Cards for "))

    def card(self, card: str) -> Locator:
        """A card of the picker, while there is one left to tap."""
        return self.picker().get_by_role("button", name=symbol(card), exact=True)

    def add(self, seat: int, card: str, counter: str) -> None:
        """Tap a card in the picker for the active player; wait until it is in the hand.

        Each tap waits for the hand to show the card, as a scorekeeper looks before the next.
        """
        count = self.hand(seat).count()
        self.tap(self.card(card), counter)
        expect(self.hand(seat)).to_have_count(count + 1)
        expect(self.hand(seat).last).to_have_text(symbol(card))
        hand_in_sight(self.page)

    def drop(self, seat: int, card: str, counter: str) -> None:
        """Remove one card from a player's hand with one tap on it."""
        count = self.hand(seat).count()
        self.tap(
            self.player(seat).get_by_role("button", name=f"Remove {symbol(card)}").first,
            counter,
            scrolled_to=True,
        )
        expect(self.hand(seat)).to_have_count(count - 1)

    def enter(self, seat: int, cards: str, counter: str) -> None:
        self.select(seat, f"{counter}.select")
        for card in cards.split():
            self.add(seat, card, f"{counter}.card")

    def expect_hands(self, hands: dict[int, str]) -> None:
        for seat, cards in hands.items():
            expect(self.hand(seat)).to_have_text([symbol(card) for card in cards.split()])

    def expect_preview(self, number: int, scores: list[int] | None = None) -> None:
        """Every player's meld and score in the live preview, before saving."""
        scores = scores or [score for _, score in ROUNDS[number - 1]]
        for seat, (cards, _) in enumerate(ROUNDS[number - 1]):
            meld = MELDS[len(cards.split()) - 1]
            expect(self.preview(seat)).to_have_text(f"{meld} {scores[seat]}")

    def save_button(self) -> Locator:
        return self.page.get_by_role("button", name=re.compile(r"^Save (round|changes)"))

    def save(self, counter: str, then: str) -> None:
        """Tap save; the page moves on to `then` (a path pattern)."""
        self.tap(self.save_button(), counter)
        self.page.wait_for_url(re.compile(then))

    # -- the game page --------------------------------------------------------------------

    def board(self) -> Locator:
        return self.page.get_by_role("region", name="Scoreboard").get_by_role("table")

    def expect_totals(self, totals: list[int]) -> None:
        board = self.board()
        best = max(totals)
        leaders = [name for name, total in zip(PLAYERS, totals, strict=True) if total == best]
        # The leader's column head carries a star as well as the highlight.
        heads = [f"★ {name}" if name in leaders else name for name in PLAYERS]
        expect(board.get_by_role("columnheader")).to_have_text(["Meld", *heads])
        total = board.get_by_role("row", name=re.compile(r"^Total\b")).get_by_role("cell")
        expect(total).to_have_text([str(total) for total in totals])
        leads = board.get_by_role("columnheader", name=re.compile(r"^leads "))
        expect(leads).to_have_text([f"★ {name}" for name in leaders])

    def expect_rounds(self, played: int) -> None:
        rounds = self.page.get_by_role("region", name="Rounds").get_by_role("listitem")
        # Each round's line of scores, without its Edit and Steals links: no role of its own.
        expect(rounds.locator(".round-scores")).to_have_text(
            [round_line(number, scores_of(number)) for number in range(1, played + 1)]
        )


# The steals page's two lists, the Thieves in order and what they did, carry no name.
def thieves(page: Page) -> Locator:
    return page.locator("#steals .thief-order").get_by_role("listitem")


def steal_events(page: Page) -> Locator:
    return page.locator("#steals .events").get_by_role("listitem")


def play_round(table: Table, number: int) -> None:
    """Enter a round from its plan, seat by seat, then check every preview."""
    counter = f"r{number}"
    for seat, (cards, _) in enumerate(ROUNDS[number - 1]):
        table.enter(seat, cards, counter)
    table.expect_preview(number)
    table.snap(f"round-{number}-entered")


def open_round(table: Table, number: int, counter: str = "navigation") -> None:
    table.tap(table.page.get_by_role("link", name=f"Enter round {number}"), counter)
    expect(table.page.get_by_role("heading", level=1)).to_have_text(f"Round {number} of 7")
    expect(table.player(0)).to_have_class(re.compile(r"\bactive\b"))


def back_to_game(table: Table, game: str) -> None:
    table.tap(table.page.get_by_role("link", name="Back to the game").first, "navigation")
    table.page.wait_for_url(re.compile(f"/games/{game}/$"))


def test_a_whole_game_by_tapping(live_server, page: Page, screenshot, record_property):
    started = time.monotonic()
    table = Table(page, screenshot)

    # ---- New game: four names typed in seat order; the decks follow from the count.
    page.goto(f"{live_server.url}/games/new/")
    expect(page.get_by_role("heading", level=1)).to_have_text("New game of Indian Chief")
    for seat, name in enumerate(PLAYERS, start=1):
        page.get_by_label(re.compile(rf"^Seat {seat}\b")).fill(name)
    table.snap("new-game")
    table.tap(page.get_by_role("button", name="Start the game"), "navigation", scrolled_to=True)
    page.wait_for_url(re.compile(r"/games/\d+/rounds/new/$"))
    game = re.search(r"/games/(\d+)/", page.url).group(1)  # type: ignore[union-attr]
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 1 of 7")
    expect(table.player(0)).to_have_class(re.compile(r"\bactive\b"))
    # Nothing entered yet: every player still has all seven melds to make.
    # The melds still to make, as chips of text: no role or name of their own.
    expect(table.player(0).locator(".remaining .chip")).to_have_count(7)
    table.snap("round-1-empty")

    # ---- Round 1, with the Beggar Man's live preview. Ann (already selected) is a Thief.
    table.enter(0, "KS", "r1")
    expect(table.preview(0)).to_have_text("Thief 10")
    # Ben's Beggar Man 7♥ 7♠: no seven on the table yet.
    table.enter(1, "7H 7S", "r1")
    expect(table.preview(1)).to_have_text("Beggar Man 0")
    expect(table.player(1).locator(".explanation")).to_have_text(
        "No opponent revealed a card of rank 7: 0."
    )
    table.snap("round-1-beggar-alone")
    # Cat's first card, 7♣, is a match: Ben's preview follows at once.
    table.enter(2, "7C", "r1")
    expect(table.preview(1)).to_have_text("Beggar Man 2")
    expect(table.player(1).locator(".explanation")).to_contain_text("7♣ (Cat)")
    for card in ("9S", "2S"):
        table.add(2, card, "r1.card")
    table.enter(3, "7D 8C 6H 4D", "r1")
    expect(table.preview(1)).to_have_text("Beggar Man 4")
    expect(table.player(1).locator(".explanation")).to_have_text(
        "Opponents' cards of rank 7: 7♣ (Cat), 7♦ (Dan). 2 cards × 2 points = 4."
    )
    table.expect_preview(1)
    table.snap("round-1-beggar-matches-two")
    # One tap takes Cat's 7♣ back out: the match goes, and comes back with the card.
    table.drop(2, "7C", "correction")
    expect(table.preview(1)).to_have_text("Beggar Man 2")
    expect(table.player(1).locator(".explanation")).not_to_contain_text("(Cat)")
    expect(table.player(2)).to_have_class(re.compile(r"\bactive\b"))
    table.snap("round-1-cat-card-removed")
    table.add(2, "7C", "correction")
    expect(table.preview(1)).to_have_text("Beggar Man 4")
    table.expect_hands({0: "KS", 1: "7H 7S", 2: "9S 2S 7C", 3: "7D 8C 6H 4D"})
    table.expect_preview(1)

    # Saving a round with a Thief (not the last round) goes on to the steals.
    table.save("r1.save", f"/games/{game}/rounds/1/steals/$")
    expect(page.get_by_role("heading", level=1)).to_have_text("Thieves after round 1")
    expect(messages(page)).to_contain_text("Round 1 saved.")
    expect(thieves(page)).to_have_text(["Ann"])
    expect(page.get_by_role("heading", level=2)).to_have_text("Ann (K♠) steals")
    table.snap("round-1-steals")

    # ---- The Thief steal: Ann takes Dan's 8♣; Dan's meld gets Ann's K♠.
    # Each target's cards are grouped under "From <name>:", a line of text, not a name.
    dan = page.locator("#steals .target").filter(has_text="From Dan:")
    expect(dan.get_by_role("button")).to_have_text(["7♦", "8♣", "6♥", "4♦"])
    table.tap(dan.get_by_role("button", name="8♣", exact=True), "steal")
    expect(steal_events(page)).to_have_text(
        ["Ann took 8♣ from Dan; Dan's meld now holds Ann's K♠."]
    )
    expect(page.locator("#steals")).to_contain_text("Every Thief has had a turn.")
    table.snap("round-1-stolen")
    # Steals never change a score.
    back_to_game(table, game)
    # The line under the heading: who plays, with how many decks (text, no role of its own).
    expect(page.locator("main > p.muted").first).to_have_text("Ann · Ben · Cat · Dan · 2 decks")
    table.expect_totals(totals_after(1))
    table.expect_rounds(1)
    expect(page.get_by_role("region", name="History")).to_contain_text("Ann took 8♣ from Dan")
    table.snap("game-after-round-1")

    # ---- Round 2: Ann's Beggar Man matches Ben's and Dan's queens, not Cat's tens.
    open_round(table, 2)
    play_round(table, 2)
    table.save("r2.save", f"/games/{game}/$")
    expect(messages(page)).to_contain_text("Round 2 saved.")
    table.expect_totals(totals_after(2, edited=False))
    table.snap("game-after-round-2")

    # ---- Round 3 with an input error: Ann gets only A♠ K♠, a second Beggar Man.
    open_round(table, 3)
    # The remaining melds are shown, without the ones Ann already made.
    expect(table.player(0).locator(".remaining .chip")).to_have_text(
        [f"{size} {meld}" for size, meld in enumerate(MELDS, start=1)][2:]
    )
    table.enter(0, "AS KS", "r3")
    expect(table.player(0).locator(".problem")).to_have_text("Ann already made Beggar Man.")
    for seat in (1, 2, 3):
        table.enter(seat, ROUNDS[2][seat][0], "r3")
    table.snap("round-3-ann-repeats-a-meld")
    # Saving anyway is refused, with the reason next to Ann and nothing lost.
    table.tap(table.save_button(), "correction")
    expect(table.player(0).get_by_role("alert")).to_contain_text(
        "Ann already made Beggar Man: 2 cards would make it again."
    )
    expect(table.player(0)).to_have_class(re.compile(r"\bhas-error\b"))
    for seat in (1, 2, 3):
        expect(table.player(seat).get_by_role("alert")).to_have_count(0)
    table.expect_hands({0: "AS KS", 1: "9C 8D 5C 3S", 2: "AD AC 2H 2C 3C", 3: ROUNDS[2][3][0]})
    assert page.url.endswith(f"/games/{game}/rounds/new/")
    table.snap("round-3-error-shown")
    # The fix: Ann's name, then 9♥. Her three cards make a Poor Man. A form showing errors
    # is answered whole, which replaces it: the card goes on the form that stays.
    table.select(0, "correction")
    settled(page)
    table.add(0, "9H", "r3.card")
    expect(table.player(0).get_by_role("alert")).to_have_count(0)
    table.expect_hands({0: "AS KS 9H", 1: "9C 8D 5C 3S", 2: "AD AC 2H 2C 3C"})
    table.expect_preview(3)
    table.snap("round-3-fixed")
    table.save("r3.save", f"/games/{game}/$")
    table.expect_totals(totals_after(3, edited=False))
    table.snap("game-after-round-3")

    # ---- Edit round 2: Ben's 3♥ was really the 3♠ (Poor Man 15 → 18).
    rounds = page.get_by_role("region", name="Rounds").get_by_role("listitem")
    edit_row = rounds.nth(EDITED_ROUND - 1)
    table.tap(edit_row.get_by_role("link", name="Edit"), "edit", scrolled_to=True)
    page.wait_for_url(re.compile(f"/games/{game}/rounds/{EDITED_ROUND}/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Edit round {EDITED_ROUND}")
    # The warning over a past round: a paragraph of text, with no role of its own.
    expect(page.locator(".warning")).to_contain_text("changes the totals")
    table.expect_hands({seat: cards for seat, (cards, _) in enumerate(ROUNDS[1])})
    table.snap("edit-round-2")
    table.drop(EDITED_SEAT, EDIT_OUT, "edit")
    table.add(EDITED_SEAT, EDIT_IN, "edit")
    expect(table.preview(EDITED_SEAT)).to_have_text(f"Poor Man {EDITED_SCORE}")
    table.expect_preview(EDITED_ROUND, scores_of(EDITED_ROUND))
    table.snap("edit-round-2-changed")
    table.tap(page.get_by_role("button", name=f"Save changes to round {EDITED_ROUND}"), "edit")
    page.wait_for_url(re.compile(f"/games/{game}/$"))
    expect(messages(page)).to_contain_text("Round 2 changed; the totals follow.")
    table.expect_totals(totals_after(3))
    table.expect_rounds(3)
    history = page.get_by_role("region", name="History").get_by_role("listitem")
    expect(history.first).to_contain_text("Round edited (round 2)")
    table.snap("game-after-edit")

    # ---- Round 4, then undo it and enter it again.
    open_round(table, 4)
    play_round(table, 4)
    table.save("r4.save", f"/games/{game}/$")
    table.expect_totals(totals_after(4))
    table.snap("game-after-round-4")
    # Undo asks once more before it takes a round off the sheet.
    table.tap(page.get_by_text("Undo round 4…", exact=True), "undo", scrolled_to=True)
    table.tap(page.get_by_role("button", name="Yes, undo round 4"), "undo", scrolled_to=True)
    page.wait_for_url(re.compile(f"/games/{game}/$"))
    expect(messages(page)).to_contain_text("Round 4 undone.")
    table.expect_totals(totals_after(3))
    table.expect_rounds(3)
    table.snap("game-after-undo")
    open_round(table, 4, "undo")
    # Nothing of the undone round is left on the fresh form.
    for seat in range(len(PLAYERS)):
        expect(table.hand(seat)).to_have_count(0)
    for seat, (cards, _) in enumerate(ROUNDS[3]):
        table.enter(seat, cards, "undo")
    table.expect_preview(4)
    table.save("undo", f"/games/{game}/$")
    table.expect_totals(totals_after(4))
    table.expect_rounds(4)
    table.snap("game-after-round-4-again")

    # ---- Rounds 5 and 6 each have a Thief, who takes from the deck; round 7 ends the game.
    for number, thief in ((5, "Dan"), (6, "Cat")):
        open_round(table, number)
        play_round(table, number)
        table.save(f"r{number}.save", f"/games/{game}/rounds/{number}/steals/$")
        expect(thieves(page)).to_have_text([thief])
        table.tap(page.get_by_role("button", name="Take from the deck instead"), "steal")
        expect(steal_events(page)).to_have_text([f"{thief} took from the deck."])
        table.snap(f"round-{number}-steals")
        back_to_game(table, game)
        table.expect_totals(totals_after(number))

    open_round(table, 7)
    play_round(table, 7)
    # A Thief in the last round: nothing more is dealt, so no steals page.
    table.save("r7.save", f"/games/{game}/$")

    # ---- The winner.
    expect(page.get_by_role("heading", level=2, name=re.compile(r"\bwins?\b"))).to_have_text(
        f"{WINNER} wins with {max(FINAL_TOTALS)}"
    )
    assert totals_after(7) == FINAL_TOTALS
    table.expect_totals(FINAL_TOTALS)
    table.expect_rounds(7)
    to_make = table.board().get_by_role("row", name=re.compile(r"^To make\b"))
    expect(to_make.get_by_role("cell")).to_have_text(["done"] * len(PLAYERS))
    expect(page.get_by_role("link", name=re.compile("Enter round"))).to_have_count(0)
    expect(page.get_by_role("link", name="Edit")).to_have_count(0)
    expect(page.get_by_text(re.compile("Undo round"))).to_have_count(0)
    table.snap("winner")
    # The round-entry address itself now leads back to the finished game.
    page.goto(f"{live_server.url}/games/{game}/rounds/new/")
    page.wait_for_url(re.compile(f"/games/{game}/$"))
    expect(messages(page)).to_contain_text("This game is finished.")
    check_page_is_clean(page, table.errors)

    # ---- The taps.
    rounds = []
    for number in range(1, 8):
        cards = sum(len(cards.split()) for cards, _ in ROUNDS[number - 1])
        taps = {kind: table.taps[f"r{number}.{kind}"] for kind in ("select", "card", "save")}
        budget = 2 * cards + len(PLAYERS) + 1
        rounds.append((number, cards, taps, sum(taps.values()), budget))
    extras = {
        kind: sum(count for key, count in table.taps.items() if key.split(".")[0] == kind)
        for kind in ("correction", "edit", "undo", "steal", "navigation")
    }
    total = sum(taps for *_, taps, _ in rounds)
    print(f"\nTaps on the round-entry screens, 4 players ({time.monotonic() - started:.1f}s):")
    for number, cards, taps, count, budget in rounds:
        print(f"  round {number}: {cards:2} cards, {taps} = {count:2} taps (budget {budget})")
    print(f"  the 7 rounds: {total} taps for 112 cards; besides them: {extras}")
    record_property("round_taps", total)
    record_property("round_taps_by_round", {number: count for number, _, _, count, _ in rounds})
    for kind, count in extras.items():
        record_property(f"{kind}_taps", count)
    for number, cards, taps, count, budget in rounds:
        assert count <= budget, f"round {number}: {count} taps, budget {budget}"
        # A tap a card and one Save, with the corrections, the edit and the undo counted
        # apart.
        assert (taps["card"], taps["save"]) == (cards, 1), f"round {number}: {taps}"
    # Three names a round at most (the first player holds the entry from the start); in the
    # last round each player's one meld left moves the entry on by itself: none.
    names = [taps["select"] for _, _, taps, _, _ in rounds]
    assert max(names) <= 3 and sum(names) <= 3 * 7 - 3 and names[-1] == 0, names


def test_round_entry_in_dark_mode(live_server, page: Page, screenshot):
    """The round-entry screen and the game page with the phone set to dark mode."""
    from games.models import Game

    game = Game.objects.start(PLAYERS, 2)
    for number in (1, 2):
        game.refresh_from_db()
        game.record_round(hands(number), uuid.uuid4(), game.version)
    table = Table(page, screenshot)
    page.emulate_media(color_scheme="dark")
    page.goto(f"{live_server.url}/games/{game.pk}/rounds/new/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 3 of 7")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(20, 20, 23)", "the page does not follow the dark setting"
    # Ann gets a second Beggar Man (shown as a problem), Ben a Lawyer, and Dan both decks'
    # 9♠, so the picker shows that card as taken.
    table.enter(0, "AS KS", "dark")
    table.enter(1, "9C 8D 5C 3S", "dark")
    table.enter(3, "9S 9S", "dark")
    # A taken card is named so: no 9♠ is left to tap.
    taken = table.picker().get_by_role("button", name="9♠ taken", exact=True)
    expect(taken).to_be_disabled()
    expect(taken).to_have_attribute("aria-label", "9♠ taken")
    expect(table.card("9S")).to_have_count(0)
    scoreboard = page.get_by_text("Scoreboard", exact=True)
    # A disclosure shows which way it is: pointing right when shut, down when open.
    assert marker(scoreboard) == marker(table.player(0).get_by_text("Type the cards instead"))
    assert marker(scoreboard) == '"▸" / ""'
    table.player(3).get_by_text("Type the cards instead").tap()
    expect_marker(table.player(3).get_by_text("Type the cards instead"), '"▾" / ""')
    table.snap("dark-round-entry")
    scoreboard.tap()
    expect_marker(scoreboard, '"▾" / ""')
    table.snap("dark-round-entry-scoreboard")
    page.get_by_role("link", name="Back to the game").tap()
    leads = table.board().get_by_role("columnheader", name=re.compile(r"^leads "))
    expect(leads).to_have_text(["★ Cat"])
    table.snap("dark-game")


def test_card_picker_tap_targets_are_48px(live_server, page: Page):
    """The issue: a card picker built for thumbs, tap targets at least 48 px each way."""
    from games.models import Game

    game = Game.objects.start(PLAYERS, 2)
    page.goto(f"{live_server.url}/games/{game.pk}/rounds/new/")
    table = Table(page, lambda page, name: None)
    table.card("KS").tap()
    expect(table.hand(0)).to_have_count(1)
    settled(page)
    small = []
    # Every card of the picker and of the hands, every name, and Save.
    targets = (
        table.picker()
        .get_by_role("button")
        .or_(page.get_by_role("button", name=re.compile(r"^Remove ")))
        .or_(page.get_by_role("group", name="Who gets the cards").get_by_role("button"))
        .or_(table.save_button())
    )
    expect(targets).to_have_count(52 + 1 + len(PLAYERS) + 1)
    for button in targets.all():
        box = button.bounding_box()
        assert box is not None
        if box["width"] < TAP_TARGET - 0.05 or box["height"] < TAP_TARGET - 0.05:
            small.append(f"{button.inner_text()} {box['width']:.1f}×{box['height']:.1f}")
    assert small == [], f"{len(small)} tap targets under {TAP_TARGET}px at 390px wide: {small}"


def test_quick_taps_on_a_slow_connection_all_land(live_server, phone):
    """At the table the phone's connection is slower than a thumb: no tap may be lost.

    Four cards tapped one after the other while no answer has come back yet (the answers
    are held until the fourth tap is made, the connection at its slowest): all four must
    end up in the hand, and the server's preview must count all four.
    """
    from games.models import Game

    # The answers held are the page's own requests, with no service worker between.
    page = phone(service_workers="block")
    game = Game.objects.start(PLAYERS, 2)
    page.goto(f"{live_server.url}/games/{game.pk}/rounds/new/")
    table = Table(page, lambda page, name: None)
    held: list[Route] = []
    # A tap asks the round's tap address for its previews.
    page.route(re.compile(r"/rounds/new/taps/$"), lambda route: held.append(route))
    cards = ["KS", "QS", "JS", "10S"]
    for card in cards:
        # `force`: tap at once, as a thumb does, without Playwright waiting for the page.
        with page.expect_request(lambda request: request.method == "POST"):
            table.card(card).tap(force=True)
    expect(table.hand(0)).to_have_text([symbol(card) for card in cards])
    assert len(held) == len(cards), "a tap was not posted"
    # Each tap's post replaces the one before it (hx-sync): the answers come back now.
    with page.expect_response(lambda response: response.request.method == "POST"):
        for route in held:
            route.continue_()
    page.unroute(re.compile(r"/rounds/new/taps/$"))
    settled(page)
    expect(table.hand(0)).to_have_text([symbol(card) for card in cards])
    expect(table.preview(0)).to_contain_text("Lawyer")


def test_a_refused_save_shows_its_error_on_screen(live_server, page: Page):
    """Save is at the bottom of a long page: a refused save must show why where one looks.

    Round 3 with Ann's second Beggar Man: the error is next to Ann, at the top of the page;
    after the tap on Save it must be on screen (scrolled to, or repeated by the button),
    not 700 px above a page that otherwise looks as it did before the tap.
    """
    from games.models import Game

    game = Game.objects.start(PLAYERS, 2)
    for number in (1, 2):
        game.refresh_from_db()
        game.record_round(hands(number), uuid.uuid4(), game.version)
    page.goto(f"{live_server.url}/games/{game.pk}/rounds/new/")
    table = Table(page, lambda page, name: None)
    entered = {0: "AS KS", 1: "9C 8D 5C 3S", 2: "AD AC 2H 2C 3C", 3: "AH 2S 3D 4H 5D 6D"}
    for seat, cards in entered.items():
        if seat:
            table.name(seat).tap()
            expect(table.player(seat)).to_have_class(re.compile(r"\bactive\b"))
        for count, card in enumerate(cards.split(), start=1):
            table.card(card).tap()
            expect(table.hand(seat)).to_have_count(count)
    table.save_button().tap()
    error = page.get_by_role("alert").filter(has_text="already made")
    expect(error.first).to_be_attached()
    # Measured once the refused form is in and scrolled, not while it is swapped in.
    settled(page)
    in_view = [element.is_visible() and _in_viewport(page, element) for element in error.all()]
    assert any(in_view), "the refused save's error is off screen after tapping Save"


def test_a_refused_save_shows_every_problem_at_once(live_server, page: Page):
    """Two players with no cards and one with a card too many: one Save says all three,
    each next to its player, and the summary naming them is on screen above the dock;
    nothing entered is lost."""
    from games.models import Game

    game = Game.objects.start(PLAYERS, 2)
    page.goto(f"{live_server.url}/games/{game.pk}/rounds/new/")
    table = Table(page, lambda page, name: None)
    table.enter(0, "KS", "card")
    # Two decks: the picker offers no third K♠, so Dan's cards are typed.
    type_cards(page, {"Dan": "KS KS 7D"})
    settled(page)
    table.tap(table.save_button(), "save")

    summary = page.locator("#round-entry > form > .errors")
    expect(summary).to_have_text("Not saved yet: see Ben, Cat, Dan below.")
    for seat, problem in ((1, "has 0 cards"), (2, "has 0 cards"), (3, "only 2 decks")):
        expect(table.player(seat).get_by_role("alert")).to_contain_text(problem)
    expect(table.player(0).get_by_role("alert")).to_have_count(0)
    # Measured once the refused form is in and scrolled, not while it is swapped in.
    settled(page)
    where = aim(summary)
    assert where["inside"] and where["own"], f"the summary is not on screen: {where}"
    table.expect_hands({0: "KS", 3: "KS KS 7D"})


def test_the_dock_shows_each_players_card_count_before_save(live_server, page: Page):
    """The wrong-player guard: cards meant for two players all went to Ann. Each name in
    the dock counts its player's cards, so Ben's empty hand shows before Save, and a card
    taken out and given to him moves the counts with it."""
    from games.models import Game

    game = Game.objects.start(PLAYERS, 2)
    page.goto(f"{live_server.url}/games/{game.pk}/rounds/new/")
    table = Table(page, lambda page, name: None)
    counts = page.get_by_role("group", name="Who gets the cards").locator(".dock-count")
    expect(counts).to_have_text(["0 cards"] * 4)

    table.enter(0, "KS 7H 7S", "card")
    # A Thief's K♠ and a Beggar Man's 7♥ 7♠ make one Poor Man of no spades but the K.
    expect(counts).to_have_text(["3 cards", "0 cards", "0 cards", "0 cards"])
    table.drop(0, "7H", "drop")
    table.drop(0, "7S", "drop")
    table.enter(1, "7H 7S", "card")
    expect(counts).to_have_text(["1 card", "2 cards", "0 cards", "0 cards"])
    # A meld made shows a tick beside its count.
    expect(counts.nth(0)).to_have_class(re.compile(r"\bmade\b"))
    expect(counts.nth(2)).not_to_have_class(re.compile(r"\bmade\b"))


def test_a_card_past_where_a_player_looked_complete_is_said_in_the_picker(
    live_server, phone, screenshot
):
    """The wrong-player guard after going back: Ann's Thief and Ben's Beggar Man are in;
    Ann's card is fixed, and the next card, Cleo's, goes to Ann while the entry still
    holds her. The picker says so at once, and the card taken back out goes to Cleo."""
    from games.models import Game

    game = Game.objects.start(PLAYERS, 2)
    # The smallest phone: the note makes the dock taller over a short strip of page.
    page = phone(viewport={"width": 360, "height": 640})
    table = Table(page, screenshot)
    page.goto(f"{live_server.url}/games/{game.pk}/rounds/new/")
    note = table.picker().get_by_role("alert", include_hidden=True)
    table.enter(0, "KS", "card")
    table.enter(1, "7H 7S", "card")
    table.drop(0, "KS", "fix")
    table.add(0, "KC", "fix")
    expect(note).to_be_hidden()

    table.add(0, "2S", "wrong")

    expect(note).to_be_visible()
    expect(note).to_have_text(f"{PLAYERS[0]} looked done at 1: is this card {PLAYERS[0]}'s?")
    expect(table.preview(0)).to_contain_text("Beggar Man")
    # The card in question stays in sight above the dock the note made taller, to be tapped.
    where = aim(table.hand(0).last)
    assert where["inside"] and where["own"], where
    table.snap("a-card-past-where-a-player-looked-complete")
    # Said once: taken back out and given to Cleo, nothing more is said.
    table.drop(0, "2S", "fix")
    expect(note).to_be_hidden()
    table.enter(2, "2S 3S 4S", "card")
    expect(note).to_be_hidden()
    table.expect_hands({0: "KC", 1: "7H 7S", 2: "2S 3S 4S"})
    # The server's answers agree with what the phone shows.
    expect(table.preview(0)).to_contain_text("Thief")
    expect(table.preview(2)).to_contain_text("Poor Man")


def test_typed_cards_are_scored_as_they_are_typed_in_a_box_that_stays_open(live_server, page: Page):
    """The preview follows the typing, with no Enter; Enter sends the cards at once and
    leaves the box open; a bad card refused by Save is said once, and goes when fixed."""
    from games.models import Game

    game = Game.objects.start(PLAYERS, 2)
    page.goto(f"{live_server.url}/games/{game.pk}/rounds/new/")
    table = Table(page, lambda page, name: None)
    ann = table.player(0)
    ann.get_by_text("Type the cards instead").tap()
    box = ann.get_by_label("Ann's cards as text")

    # K♠ typed, nothing pressed: a Thief of 10, its chip drawn as a tapped card's.
    box.press_sequentially("KS")
    expect(table.preview(0)).to_have_text("Thief 10")
    table.expect_hands({0: "KS"})
    expect(box).to_be_focused()

    # A card that is no card, and Enter: the box stays open, with the cursor in it.
    box.press_sequentially(" ZZ")
    box.press("Enter")
    problem = ann.locator(".problem, .errorlist li").filter(has_text="“ZZ” is not a card")
    expect(problem).to_have_count(1)
    expect(box).to_be_visible()
    expect(box).to_be_focused()

    # Save refuses it: said once, next to Ann, and her box open on it.
    settled(page)
    table.tap(table.save_button(), "save")
    expect(ann.get_by_role("alert")).to_contain_text("“ZZ” is not a card")
    settled(page)
    expect(problem).to_have_count(1)
    expect(box).to_be_visible()

    # Fixed by typing: the problem goes, the preview follows, the box stays open.
    box.fill("")
    box.press_sequentially("KS 7H")
    expect(table.preview(0)).to_have_text("Beggar Man 0")
    expect(problem).to_have_count(0)
    table.expect_hands({0: "KS 7H"})
    expect(box).to_be_visible()


def test_typed_cards_lost_on_the_way_come_back_with_the_next_answer(live_server, page: Page):
    """A post carrying typed cards that never gets its answer (lost, or replaced by a
    newer one) drew none of their chips: the next post carries them again, and its answer
    draws them, so the chips tapped to take cards out are the cards typed."""
    from games.models import Game

    game = Game.objects.start(PLAYERS, 2)
    lost: list[str] = []

    def lose_the_first_typed(route: Route) -> None:
        if not lost and "typed=" in (route.request.post_data or ""):
            lost.append(route.request.post_data or "")
            route.abort()
        else:
            route.continue_()

    page.route("**/taps/", lose_the_first_typed)
    page.goto(f"{live_server.url}/games/{game.pk}/rounds/new/")
    table = Table(page, lambda page, name: None)
    ann = table.player(0)
    ann.get_by_text("Type the cards instead").tap()
    # Sent by the pause after typing alone: an Enter too would race the pause's post,
    # whose loss the next post (Enter's) would mend before the test could see it.
    ann.get_by_label("Ann's cards as text").fill("KS 7H")
    # Lost: the phone says it is offline, and Ann's hand has no chips yet.
    expect(save_state(page)).not_to_be_empty()
    assert len(lost) == 1
    expect(table.hand(0)).to_have_count(0)

    # The next tap's answer (naming Ben) draws them; the phone is back online, and the
    # dock stops saying otherwise before Ben's card is tapped.
    table.select(1, "select")
    expect(save_state(page)).to_be_empty()
    table.add(1, "9D", "card")

    table.expect_hands({0: "KS 7H", 1: "9D"})
    expect(table.preview(0)).to_have_text("Beggar Man 0")
    table.drop(0, "7H", "drop")
    table.expect_hands({0: "KS", 1: "9D"})
    expect(ann.get_by_label("Ann's cards as text")).to_have_value("KS")


def marker(summary: Locator) -> str:
    """The marker a disclosure's summary draws before its words (its CSS content)."""
    return str(summary.evaluate("element => getComputedStyle(element, '::before').content"))


def expect_marker(summary: Locator, content: str) -> None:
    """Wait until the summary's marker is `content` (the disclosure opens on the tap)."""
    expect(summary).to_be_visible()
    summary.page.wait_for_function(
        "([element, content]) => getComputedStyle(element, '::before').content === content",
        arg=[summary.element_handle(), content],
    )


def save_state(page: Page) -> Locator:
    """What happened to the save, next to Save: the entry form's status."""
    return page.locator("#round-entry").get_by_role("status")


def kept_saves(page: Page) -> Locator:
    """The saves kept on this phone until the connection is back, one an item."""
    return page.get_by_role("region", name="Kept on this phone").get_by_role("listitem")


def entry_totals(page: Page) -> Locator:
    """The totals on the round entry's scoreboard, folded away under the cards."""
    total = page.locator("#round-entry").get_by_role("row", name="Total", include_hidden=True)
    return total.get_by_role("cell", include_hidden=True)


def _in_viewport(page: Page, element: Locator) -> bool:
    box = element.bounding_box()
    height = page.viewport_size["height"] if page.viewport_size else 0
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def test_a_save_lost_to_the_network_keeps_the_cards_and_retries_once(live_server, phone):
    """The connection drops as Save is tapped: the round is kept on the phone, the phone
    says so, and the next load sends it, recorded exactly once. Nothing stale is offered.
    Without a service worker (a page not served securely has none), so that the page's
    own sending is what is tested."""
    from games.models import Game

    page = phone(service_workers="block")
    game = Game.objects.start(PLAYERS, 2)
    table = Table(page, lambda page, name: None)
    page.goto(f"{live_server.url}/games/{game.pk}/rounds/new/")
    for seat, cards in enumerate(hands(1)):
        table.enter(seat, cards, "lost")

    # The first save never reaches the server.
    page.route("**/rounds/new/", lambda route: route.abort("internetdisconnected"))
    page.get_by_role("button", name="Save round 1").tap()
    # Said next to Save, in view, and the round kept with its cards.
    state = save_state(page)
    expect(state).to_have_text(re.compile(r"^No connection: round 1 is kept on this phone"))
    assert _in_viewport(page, state)
    expect(kept_saves(page)).to_contain_text(
        ["Ann: KS · Ben: 7H 7S · Cat: 7C 9S 2S · Dan: 7D 8C 6H 4D"]
    )
    assert game.rounds.count() == 0

    # The next load, with the connection back, sends it: recorded once, however often the
    # page is loaded again.
    page.unroute("**/rounds/new/")
    for _ in range(2):
        page.reload()
        expect(page.get_by_role("heading", level=1)).to_have_text("Round 2 of 7")
        # The server's own round 2, with round 1 on its scoreboard: the save has landed.
        expect(entry_totals(page)).to_have_text(["10", "4", "11", "25"])
        expect(page.get_by_role("region", name="Kept on this phone")).to_have_count(0)
        assert page.evaluate("SavesQueue.all()") == []
        assert [hand.cards for hand in game.rounds.get().hands.order_by("seat__position")] == (
            hands(1)
        )
    # The saved round's draft is gone: round 2 offers nothing to restore.
    expect(page.get_by_role("button", name=re.compile("Restore what was entered"))).to_have_count(0)
    assert page.evaluate("Object.keys(localStorage)") == []


def test_a_tap_past_seven_cards_says_why_in_the_picker(live_server, page: Page, screenshot):
    from games.models import Game

    game = Game.objects.start(PLAYERS, 2)
    table = Table(page, screenshot)
    page.goto(f"{live_server.url}/games/{game.pk}/rounds/new/")
    table.enter(0, "AS 2S 3S 4S 5S 6S 7S", "full")
    note = table.picker().get_by_role("alert", include_hidden=True)
    expect(note).to_be_hidden()

    table.tap(table.card("8S"), "full.card")

    expect(note).to_be_visible()
    expect(note).to_have_text(
        "Ann already has 7 cards, the most one player shows: tap one of them to take it out."
    )
    expect(table.hand(0)).to_have_count(7)
    table.snap("a-tap-past-seven-cards")
    # Naming the next player clears it.
    table.select(1, "full.select")
    expect(page.get_by_role("alert")).to_have_count(0)


def test_the_last_meld_complete_moves_the_picker_to_the_next_player(
    live_server, page: Page, screenshot
):
    from games.models import Game

    game = Game.objects.start(["Ann", "Ben"], 1)
    # The first six rounds of a game in which each makes each meld once: in round 7 Ann
    # has only her Thief left and Ben only his Rich Man.
    for cards, _ in WIN_ROUNDS[:6]:
        game.refresh_from_db()
        game.record_round(cards, uuid.uuid4(), game.version)
    table = Table(page, screenshot)
    page.goto(f"{live_server.url}/games/{game.pk}/rounds/new/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 7 of 7")

    # Ann has only her Thief left: one card, and Ben's name is next, with no tap on it.
    table.tap(table.card("KC"), "last")
    expect(table.player(1)).to_have_class(re.compile(r"\bactive\b"))
    expect(table.name(1)).to_have_attribute("aria-pressed", "true")
    expect(table.picker()).to_have_attribute("aria-label", "Cards for Ben")
    for card in ["AS", "2H", "3C", "AD", "4S"]:
        table.add(1, card, "last")
    table.expect_hands({0: "KC", 1: "AS 2H 3C AD 4S"})
    table.snap("round-7-entered-without-naming-anyone")
    table.save("last.save", f"/games/{game.pk}/$")
    assert table.taps == Counter({"last": 6, "last.save": 1})


def test_offline_taps_follow_and_the_save_goes_again_when_the_connection_is_back(
    live_server, page: Page, screenshot
):
    from games.models import Game

    game = Game.objects.start(PLAYERS, 2)
    table = Table(page, screenshot)
    page.goto(f"{live_server.url}/games/{game.pk}/rounds/new/")
    table.enter(0, hands(1)[0], "offline")

    # The connection drops: names and cards still answer every tap, on the phone.
    page.context.set_offline(True)
    for seat in (1, 2, 3):
        table.enter(seat, hands(1)[seat], "offline")
        expect(table.player(seat)).to_have_class(re.compile(r"\bactive\b"))
        expect(table.name(seat)).to_have_attribute("aria-pressed", "true")
    state = save_state(page)
    expect(state).to_have_text(re.compile(r"^No connection: the cards are kept"))
    table.tap(page.get_by_role("button", name="Save round 1"), "offline.save")
    expect(state).to_have_text(
        "No connection: round 1 is kept on this phone and sent when the connection is back. "
        "Go on with round 2."
    )
    screenshot(page, "saved-while-offline")  # not table.snap: offline, the console has errors
    assert game.rounds.count() == 0

    # Back online, the round goes by itself, once, and the entry is the server's round 2.
    page.context.set_offline(False)
    expect(page.get_by_role("region", name="Kept on this phone")).to_have_count(0)
    expect(page.get_by_role("heading", level=1)).to_have_text("Round 2 of 7")
    # The server's own round 2, with round 1 on its scoreboard: the save has landed.
    expect(entry_totals(page)).to_have_text(["10", "4", "11", "25"])
    expect(state).to_have_text("")
    assert game.rounds.count() == 1
    assert [hand.cards for hand in game.rounds.get().hands.order_by("seat__position")] == (hands(1))
