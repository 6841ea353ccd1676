"""Cribbage played through its pages, as a phone without JavaScript does: each player's
four cards, then the crib and the starter (the hand's piles, entered after the players
in the same picker), and each player's pegging. Every score is worked out by hand in the
comments, from `shared/rules/cribbage.md`.
"""

import re
from html import unescape

import pytest

from tests.web.pages import (
    entry_url,
    errors_on,
    game_page,
    hand_form,
    history_on,
    messages_on,
    scoreboard_rows,
    text,
    totals_on,
    typed_cards,
)
from tests.web.play.hands import save_hand, start

pytestmark = pytest.mark.django_db

# Hand 1, dealt by Ann (the first seat deals first), J♣ cut: his heels, 2 to Ann. Ann's
# 2♣ 3♣ 4♣ 6♣ with the starter: run 2-3-4 (3), fifteens 2+3+J and 2+3+4+6 (4), five
# clubs (5) = 12; Ben's 5♠ 5♥ 10♦ K♠: each 5 with 10, K and J (12) and the pair (2) = 14;
# the crib A♦ 9♠ 7♥ Q♥ nothing. Ann pegged 5, Ben 3: 5 + 12 + 0 + 2 = 19 and 3 + 14 = 17.
FIRST = ["2C 3C 4C 6C", "5S 5H 10D KS", "AD 9S 7H QH", "JC"]


def test_a_hand_with_its_crib_starter_and_pegging_is_scored_and_kept(client):
    game = start(client, "cribbage", ["Ann", "Ben"])
    form = text(client.get(entry_url(game)))
    # The picker's holders: the players, then the crib and the starter.
    holders = re.findall(r'<section class="player[^"]*" id="player-\d+" aria-label="([^"]+)"', form)
    assert holders == ["Ann", "Ben", "Crib", "Starter"]
    assert (
        'aria-label="Crib" data-most="4"' in form and 'aria-label="Starter" data-most="1"' in form
    )

    assert save_hand(client, game, FIRST, pegging_0=5, pegging_1=3).status_code == 302

    html = unescape(game_page(client, game))
    assert scoreboard_rows(html) == [[19, 17]] and totals_on(html) == [19, 17]
    # The board reads like a pegboard: 121 − 19 and 121 − 17 to go.
    assert '<tr class="to-go"><th scope="row">To go</th><td>102</td><td>104</td></tr>' in html
    assert "His heels: 2 to Ann." in html
    # The history keeps the piles beside the players' cards.
    history = history_on(html)
    assert "Crib A♦ 9♠ 7♥ Q♥" in history and "Starter J♣" in history
    # The hand comes back into the form with its piles in their boxes.
    edit = text(client.get(entry_url(game, 1)))
    assert [typed_cards(edit, seat) for seat in range(4)] == FIRST


def test_a_crib_card_already_in_a_hand_is_refused_and_nothing_is_lost(client):
    game = start(client, "cribbage", ["Ann", "Ben"])
    cards = [*FIRST[:2], "AD 9S 7H 2C", "JC"]

    response = save_hand(client, game, cards, pegging_0=5, pegging_1=3)

    html = unescape(text(response))
    assert response.status_code == 200 and not game.rounds.exists()
    assert any("2♣" in error for error in errors_on(html)), errors_on(html)
    assert [typed_cards(html, seat) for seat in range(4)] == cards


def test_pegging_above_what_a_hand_can_peg_is_refused_beside_the_player(client):
    # CR4: two players peg at most 30 each in a hand; the form's box says so.
    game = start(client, "cribbage", ["Ann", "Ben"])
    form = text(client.get(entry_url(game)))
    for seat in (0, 1):
        # A number pad, bounded.
        assert f'name="pegging_{seat}" inputmode="numeric" min="0" max="30"' in form

    response = save_hand(client, game, FIRST, pegging_0=31, pegging_1=3)

    assert response.status_code == 200 and not game.rounds.exists()
    assert "Ensure this value is less than or equal to 30." in errors_on(text(response))


@pytest.mark.parametrize(
    ("starter", "crib", "pile", "message"),
    [
        ("", "KH QD 2C 9S", 3, "The starter is missing: tap its cards."),
        ("5D 8D", "KH QD 2C 9S", 3, "The starter holds 2 cards: it is 1."),
        ("5D", "KH QD 2C", 2, "The crib holds 3 cards: it is 4."),
    ],
)
def test_a_pile_missing_or_of_the_wrong_size_is_said_at_the_pile(
    client, starter, crib, pile, message
):
    game = start(client, "cribbage", ["Ann", "Ben"])
    cards = ["4S 4H 6C 6D", "5S 5H 5C JD", crib, starter]

    response = save_hand(client, game, cards)

    html = unescape(text(response))
    assert response.status_code == 200 and not game.rounds.exists()
    section = re.search(
        rf'<section class="player[^"]*" id="player-{pile}".*?</section>', html, re.S
    )
    assert message in section.group(0)
    assert [typed_cards(html, seat) for seat in range(4)] == cards


def test_an_edit_of_the_details_alone_that_ends_the_game_finishes_it(client):
    # To 61: hand 1 (Ann deals, 5♦ cut) gives Ann 32 and Ben 35; hand 2 (Ben deals, 7♣
    # cut) gives Ann 1 + 24 = 25 (57) and Ben 5 + 4 + 3 = 12 (47): the game goes on.
    game = start(client, "cribbage", ["Ann", "Ben"], preset="once_around")
    first = ["4S 4H 6C 6D", "5S 5H 5C JD", "KH QD 2C 9S", "5D"]
    second = ["7S 8S 8H 9D", "2H 3D KC QS", "AH AS 10H JC", "7C"]
    assert save_hand(client, game, first, pegging_0=4, pegging_1=6).status_code == 302
    assert save_hand(client, game, second, pegging_0=1, pegging_1=5).status_code == 302
    game.refresh_from_db()
    assert game.finished_at is None

    # Hand 2 edited: the same cards, Ben's pegging 30. The pegging, like the crib and the
    # starter, is in the hand's details: 35 + 30 = 65 reaches 61 in the pegging, and the
    # edit finishes the game.
    response = save_hand(client, game, second, number=2, pegging_0=1, pegging_1=30)
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.finished_at is not None
    assert "Ben wins with 65" in unescape(game_page(client, game))


def test_the_same_hand_saved_on_another_phone_with_its_crib_in_another_order_is_the_same(
    client,
):
    # A second phone opened hand 1 before the first saved it, and taps the crib in
    # another order: the same hand, recorded once.
    game = start(client, "cribbage", ["Ann", "Ben"])
    second_phone = hand_form(client, game)
    assert save_hand(client, game, FIRST, pegging_0=5, pegging_1=3).status_code == 302
    again = [*FIRST[:2], "QH 7H 9S AD", FIRST[3]]
    data = second_phone | {"save": "1", "pegging_0": "5", "pegging_1": "3"}
    data |= {f"cards_{seat}": cards for seat, cards in enumerate(again)}

    response = client.post(entry_url(game), data, follow=True)

    said = " ".join(messages_on(text(response)))
    assert "Hand 1 was saved on another phone with the same cards" in said
    assert game.rounds.count() == 1
