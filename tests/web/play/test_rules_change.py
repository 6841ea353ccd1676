"""A game's house rules changed by its owner from the game page (house-rules.md H92):
every hand is scored again under the new rules, or nothing changes and the hand that
cannot be is named; one history entry says who changed what; undoing it puts the old
rules back the same way."""

import re

import pytest
from django.urls import reverse

from games.models import Change, Game
from tests.factories import make_game, play
from tests.web.accounts.visitors import as_browser
from tests.web.pages import HTMX, game_page, history_on, messages_on, text, totals_on
from tests.web.play.hands import save_hand, start

pytestmark = pytest.mark.django_db


def change_rules(client, game: Game, **values: str):
    game.refresh_from_db()
    data = {"version": str(game.version)} | values
    return client.post(reverse("game-rules", args=[game.pk]), data, follow=True)


def undo_button(html: str) -> str:
    found = re.search(r'<button [^>]*name="undo" value="(\d+)">Undo the change of house', html)
    assert found, "no undo"
    return found.group(1)


def test_the_owner_changes_the_house_rules_every_hand_follows_and_undo_puts_them_back(client):
    # H50: Ann went out; Ben holds A♠ A♦ 5♣, Cleo A♥ K♣. Aces 1: 7 + 11 = 18.
    game = start(client, "rummy", ["Ann", "Ben", "Cleo"])
    save_hand(client, game, ["", "AS AD 5C", "AH KC"], winner=0)
    assert totals_on(game_page(client, game)) == [18, 0, 0]

    page = text(change_rules(client, game, preset="book", ace_value="11"))

    game.refresh_from_db()
    assert game.settings["ace_value"] == 11
    assert totals_on(page) == [48, 0, 0]
    assert "The house rules are changed. Rules: Book; Aces count 11." in messages_on(page)
    assert "Rules: Book; Aces count 11" in page.split("<h1")[1].split("</p>")[1]
    history = history_on(page)
    assert "House rules changed" in history
    assert "Rules: Book" in history and "Rules: Book; Aces count 11" in history

    undone = text(change_rules(client, game, undo=undo_button(page)))

    game.refresh_from_db()
    assert game.settings["ace_value"] == 1
    assert totals_on(undone) == [18, 0, 0]
    assert "The change of house rules is undone. Rules: Book." in messages_on(undone)
    assert "House rules change undone" in history_on(undone)
    assert [change.action for change in game.changes.order_by("at", "pk")][-2:] == [
        Change.Action.RULES_CHANGED,
        Change.Action.RULES_UNDONE,
    ]


def test_rules_a_stored_hand_cannot_be_scored_by_are_refused_naming_the_hand(client):
    # H41: Ben's JK 2♠ 9♦ is hand 1 of a game with jokers; the book has none.
    game = start(client, "three-thirteen", ["Ann", "Ben"], preset="with_jokers")
    assert save_hand(client, game, ["", "JK 2S 9D"], went_out=0).status_code == 302
    game.refresh_from_db()
    before = (game.settings, game.version)

    page = text(change_rules(client, game, preset="book"))

    game.refresh_from_db()
    assert (game.settings, game.version) == before
    assert messages_on(page)[-1] == (
        "The house rules were not changed: Hand 1: This game is played without jokers."
    )
    assert totals_on(page) == [0, 31]


def test_rules_that_complete_a_game_end_it_and_undoing_them_opens_it_again(client):
    # Rummy to 30 under penalty scoring: Ann went out, Ben holds K♠ Q♥ 9♦ (29), Cleo A♣.
    # Penalty: [0, 29, 1], under 30. The book: Ann collects 30, and the game is over.
    game = start(client, "rummy", ["Ann", "Ben", "Cleo"], target_score=30, preset="penalty")
    save_hand(client, game, ["", "KS QH 9D", "AC"], winner=0)
    game.refresh_from_db()
    assert game.is_open

    page = text(change_rules(client, game, preset="book"))

    game.refresh_from_db()
    assert game.is_finished and game.standings().winners == ("Ann",)
    assert totals_on(page) == [30, 0, 0]

    change_rules(client, game, undo=undo_button(page))

    game.refresh_from_db()
    assert game.is_open and game.settings["scoring"] == "penalty"


def test_the_rules_line_follows_the_choice_before_it_is_sent(client):
    game = start(client, "carousel", ["Ann", "Ben"])
    data = {"version": "0", "preset": "knock_five", "update": "1"}

    line = client.post(reverse("game-rules", args=[game.pk]), data, headers=HTMX)
    page = client.post(reverse("game-rules", args=[game.pk]), data)

    assert text(line).strip() == (
        '<p class="rules-line" id="rules-line" role="status">Rules: Knock with 5</p>'
    )
    # Without JavaScript: the game page, its form as chosen and the line it makes.
    assert re.search(r'name="preset" value="knock_five"[^>]*checked', text(page))
    assert 'id="rules-line" role="status">Rules: Knock with 5</p>' in text(page)
    assert "<h1" in text(page)
    game.refresh_from_db()
    assert game.settings["knock_max"] == 4


def test_a_game_the_table_ended_stays_ended_when_a_rules_change_is_undone(client):
    # Rummy to 30 under penalty, ended by the table after one hand ([0, 29, 1]): the book
    # completes it (Ann collects 30); undoing that leaves it as the table left it.
    game = start(client, "rummy", ["Ann", "Ben", "Cleo"], target_score=30, preset="penalty")
    save_hand(client, game, ["", "KS QH 9D", "AC"], winner=0)
    game.refresh_from_db()
    client.post(reverse("game-finish", args=[game.pk]), {"version": game.version})
    page = text(change_rules(client, game, preset="book"))

    change_rules(client, game, undo=undo_button(page))

    game.refresh_from_db()
    assert game.is_finished and game.settings["scoring"] == "penalty"
    assert game.standings().winners == ("Ann",)


def test_an_undone_change_offers_no_undo_of_the_undo(client):
    game = start(client, "carousel", ["Ann", "Ben"])
    page = text(change_rules(client, game, preset="knock_five"))

    undone = text(change_rules(client, game, undo=undo_button(page)))

    assert "Undo the change of house rules" not in undone


@pytest.mark.parametrize("undo", ["abc", "-1", "", "99999999999999999999999"])
def test_a_garbled_undo_changes_nothing(client, undo):
    game = start(client, "rummy", ["Ann", "Ben"], preset="penalty")
    game.refresh_from_db()
    before = (game.settings, game.version)

    page = text(change_rules(client, game, undo=undo))

    game.refresh_from_db()
    assert (game.settings, game.version) == before
    assert messages_on(page)[-1] == (
        "The house rules were not changed: only the last change of the rules can be undone."
    )


def test_the_same_rules_again_change_nothing(client):
    game = start(client, "carousel", ["Ann", "Ben"], preset="knock_five")
    game.refresh_from_db()
    version = game.version

    page = text(change_rules(client, game, preset="knock_five"))

    game.refresh_from_db()
    assert game.version == version
    assert messages_on(page)[-1] == (
        "The house rules were not changed: the game is played by these rules already."
    )


def test_an_abandoned_game_is_resumed_before_its_rules_change(client):
    game = start(client, "carousel", ["Ann", "Ben"])
    game.refresh_from_db()
    client.post(reverse("game-abandon", args=[game.pk]), {"version": game.version})
    assert "Change the house rules" not in game_page(client, game)

    page = text(change_rules(client, game, preset="knock_five"))

    game.refresh_from_db()
    assert game.is_abandoned and not game.is_finished and game.settings.get("knock_max") != 5
    assert messages_on(page)[-1] == (
        "The house rules were not changed: the game is abandoned: resume it first."
    )


def test_an_indian_chief_game_from_before_house_rules_keeps_its_two_decks(client):
    # Three players on two decks, stored without house rules: the book's variant.
    game = make_game(["Ann", "Ben", "Cleo"], decks=2, browser="b" * 32)
    as_browser(client, "b" * 32)
    play(game, ["7H", "7H 7S", "QS 10S 3H"])
    page = game_page(client, game)
    assert re.search(r'<option value="2" selected>2 decks</option>', page)

    changed = text(change_rules(client, game, preset="bga", decks="2"))

    game.refresh_from_db()
    assert (game.decks, game.settings["preset"], game.settings["decks"]) == (2, "bga", 2)
    change_rules(client, game, undo=undo_button(changed))
    game.refresh_from_db()
    assert (game.decks, game.settings) == (2, {})
