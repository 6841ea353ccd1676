"""Hearts played through its pages, as a phone without JavaScript does: a short game to
50 with a moon shot, scored from the cards each player took. Every score is worked out by
hand in the comments, from `shared/rules/hearts.md`.
"""

from html import unescape

import pytest

from tests.web.pages import (
    entry_url,
    game_page,
    hand_form,
    scoreboard_rows,
    text,
    totals_on,
    typed_cards,
)
from tests.web.play.hands import save_hand, start

pytestmark = pytest.mark.django_db

NAMES = ["Ann", "Ben", "Cleo", "Dan"]
HEARTS = ["AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H"]


def test_a_short_game_with_a_moon_is_won_by_the_lowest_total(client):
    game = start(client, "hearts", NAMES, target=50)
    # Hand 1: Ann Q♠ and two hearts (15), Ben five hearts, Cleo six, Dan none.
    first = ["QS AH KH", " ".join(HEARTS[2:7]), " ".join(HEARTS[7:]), ""]
    # Hand 2: Cleo takes every heart and Q♠: everyone else scores 26.
    moon = ["", "", " ".join([*HEARTS, "QS"]), ""]
    # Hand 3: Ann Q♠ (13), Ben all thirteen hearts (13, no moon without Q♠).
    last = ["QS", " ".join(HEARTS), "", ""]
    for cards in (first, moon, last):
        assert save_hand(client, game, cards).status_code == 302

    html = unescape(game_page(client, game))

    # The shooter's cell says "moon" beside its 0.
    assert scoreboard_rows(html) == [[15, 5, 6, 0], [26, 26, 0, 26], [13, 13, 0, 0]]
    assert '<td>26</td><td>0<span class="outcome"> moon</span></td><td>26</td>' in html
    # 15 + 26 + 13 = 54, 5 + 26 + 13 = 44, 6, 26: Ann passed 50 and Cleo's 6 is lowest.
    assert totals_on(html) == [54, 44, 6, 26]
    assert "Cleo wins with 6" in html
    assert "Cleo shot the moon (all 13 hearts and Q♠): everyone else scores 26." in html
    assert "Ann took 2 hearts and Q♠: 15" in html
    assert "Seat 0" not in html and "seat 1" not in html


def test_a_card_out_of_the_deck_is_refused_beside_the_player(client):
    game = start(client, "hearts", NAMES[:3])
    response = save_hand(client, game, ["QS " + " ".join(HEARTS), "2D", ""])
    assert response.status_code == 200
    assert "Ben's 2♦ is not in the deck" in unescape(response.content.decode())
    assert not game.rounds.exists()


def test_the_picker_offers_no_card_out_of_the_deck_and_ignores_one_posted(client):
    # Three players: 2♦ is out (HT2). Its cell stays, empty, so the ranks keep columns.
    game = start(client, "hearts", NAMES[:3])
    page = text(client.get(entry_url(game)))
    assert 'name="add" value="2D"' not in page and 'name="add" value="3D"' in page
    assert page.count('<span class="card removed"></span>') == 1

    data = hand_form(client, game) | {"add": "2D"}
    tapped = text(client.post(entry_url(game), data))
    assert typed_cards(tapped, 0) == ""


def test_the_rest_of_the_points_go_to_the_player_receiving_cards_in_one_tap(client):
    # Ann took Q♠ and A♥, Ben K♥; the rest, tapped with Cleo receiving, are hers.
    game = start(client, "hearts", NAMES)
    page = text(client.get(entry_url(game)))
    assert '<button class="card rest" type="submit" name="rest"' in page
    data = hand_form(client, game) | {"cards_0": "QS AH", "cards_1": "KH", "active": "2"}

    tapped = text(client.post(entry_url(game), data | {"rest": "1"}))

    # Every heart but A♥ and K♥, low to high; Q♠ is Ann's already.
    assert typed_cards(tapped, 2) == "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH"
    assert typed_cards(tapped, 0) == "QS AH" and typed_cards(tapped, 1) == "KH"
