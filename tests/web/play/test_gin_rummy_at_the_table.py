"""A short game of Gin Rummy played through the hand form as a phone without JavaScript
does: each hand's cards and how it ended, then the game page's scores, lay-offs, dealer
and, at the end, the final scores with their bonuses.

Every score is worked out by hand in the comments from `shared/rules/gin-rummy.md`.
"""

import re
from html import unescape

import pytest

from games.models import Game
from tests.factories import new_game
from tests.web.pages import (
    entry_url,
    errors_on,
    game_page,
    hand_form,
    scoreboard_rows,
    text,
    totals_on,
)
from tests.web.play.hands import post_new_game, save_hand, start

pytestmark = pytest.mark.django_db

# §3.6: Ann knocks with 3♠; Ben lays 4♥ 8♥ 9♥ and Q♥ off, 50 left: 50 − 3 = 47.
KNOCK_47 = ["5H 6H 7H QS QD QC 2C 3C 4C 3S", "4H 8H 9H QH 10C JC 5D 6D 9S KD"]
# Ben goes gin (A♠2♠3♠, 7♦7♣7♥, 9♣–Q♣) against Ann's 8♦ 9♦ 6♠ = 23: 25 + 23 = 48.
BEN_GIN_48 = ["KS KD KH KC 4H 5H 6H 8D 9D 6S", "AS 2S 3S 7D 7C 7H 9C 10C JC QC"]
# Ann knocks with 4♥ = 4 against Ben's 9♠ 6♥ 8♦ = 23 (nothing fits her melds): 19.
KNOCK_19 = ["AS 2S 3S 7D 7C 7H 9C 10C JC 4H", "KS KD KH KC 10D JD QD 9S 6H 8D"]


def saved(client, game: Game, cards: list[str], **answers) -> str:
    response = save_hand(client, game, cards, **answers)
    assert response.status_code == 302, errors_on(text(response))
    return unescape(game_page(client, game))


def test_a_short_game_to_60_shows_scores_lay_offs_the_next_dealer_and_the_final_scores(client):
    game = new_game("gin-rummy", ["Ann", "Ben"], {"target": 60})

    page = saved(client, game, KNOCK_47, end="knock", player=0)
    assert scoreboard_rows(page) == [[47, 0]]
    assert "Ben lays off 4♥ 8♥ 9♥ on 5♥ 6♥ 7♥ and Q♥ on the queens: 50 left" in page
    assert "Ann scores 50 − 3 = 47." in page
    # Ann dealt the first hand and won it: she deals the next.
    assert "dealt by Ann" in page and "Next to deal: <strong>Ann</strong>" in page

    # A dead hand shows no cards, scores nothing and keeps the dealer.
    page = saved(client, game, ["", ""], end="dead")
    assert scoreboard_rows(page) == [[47, 0], [0, 0]]
    assert "Next to deal: <strong>Ann</strong>" in page

    page = saved(client, game, BEN_GIN_48, end="gin", player=1)
    assert totals_on(page) == [47, 48]
    assert "Ben goes gin:" in page and "25 gin bonus + 23 = 48." in page
    assert "Next to deal: <strong>Ben</strong>" in page
    assert "Hands won (a box of 25 each at the end): Ann 1, Ben 1." in page

    # 47 + 19 = 66 reaches 60: Ann wins. 66 + 100 + 2 × 25 = 216; Ben 48 + 25 = 73.
    page = saved(client, game, KNOCK_19, end="knock", player=0)
    assert totals_on(page) == [66, 48]
    assert "Game over at 60: Ann 66 + 100 game bonus + 2 boxes × 25; Ben 48 + 1 box × 25." in page
    assert '<th scope="row">Final</th><td class="final">216</td><td class="final">73</td>' in page
    assert "Ann wins with 216" in page
    # The games list gives the final scores too.
    listed = text(client.get("/games/"))
    assert "Ann <strong>216</strong> · Ben <strong>73</strong>" in listed
    standings = Game.objects.get(pk=game.pk).standings()
    assert standings.complete and standings.winners == ("Ann",)


def test_the_hand_form_asks_how_it_ended_and_who_and_refuses_a_false_gin(client):
    game = new_game("gin-rummy", ["Ann", "Ben"])
    form = text(client.get(entry_url(game)))
    assert 'name="end"' in form and "How the hand ended" in form

    # Ann's 4♥ is unmatched: no gin; nothing is saved and the cause is said.
    response = save_hand(client, game, KNOCK_19[:1] + KNOCK_19[1:], end="gin", player=0)
    assert response.status_code == 200
    assert any(
        "Ann cannot go gin: 4♥ (4) is unmatched; enter the hand as a knock." in error
        for error in errors_on(unescape(text(response)))
    )
    assert not game.rounds.exists()
    # Who knocked is needed.
    response = save_hand(client, game, KNOCK_19, end="knock")
    assert "Needed for this hand." in " ".join(errors_on(text(response)))


def active_seats(html: str) -> list[str]:
    return re.findall(r'<section class="player active[^"]*" id="player-(\d+)"', html)


def test_a_hand_is_whole_at_ten_cards_and_a_big_gin_players_at_eleven(client):
    game = new_game("gin-rummy", ["Ann", "Ben"])
    nine = "AH 2H 3H 4H 5C 5D 5S KS QS"
    # A knock: Ann's tenth card completes her hand, and Ben's cards come next.
    data = hand_form(client, game) | {"end": "knock", "player": "0", "cards_0": nine}
    assert active_seats(text(client.post(entry_url(game), data | {"add": "JS"}))) == ["1"]
    # A big gin: Ann's tenth card leaves her hand open; her eleventh completes it.
    data |= {"end": "big_gin"}
    assert active_seats(text(client.post(entry_url(game), data | {"add": "JS"}))) == ["0"]
    html = text(client.post(entry_url(game), data | {"cards_0": f"{nine} JS", "add": "10S"}))
    assert active_seats(html) == ["1"]
    assert "melded: A♥ 2♥ 3♥ 4♥ · 5♣ 5♦ 5♠ · 10♠ J♠ Q♠ K♠ — no deadwood" in unescape(html)


def test_a_table_types_any_target_or_bonus_and_a_negative_one_is_refused(client):
    # House games to 150 (gin-rummy.md §7): an amount is typed, its usual values said.
    page = text(client.get("/games/new/?kind=gin-rummy"))
    assert re.search(r'<input type="number" name="target"[^>]*inputmode="numeric"', page)
    assert "Often 100, 150, 250; empty: as the preset says." in unescape(page)
    game = start(client, "gin-rummy", ["Ann", "Ben"], preset="book", target=150)
    assert game.settings["target"] == 150
    assert "Rules: Book; Game to 150" in unescape(game_page(client, game))

    data = {"kind": "gin-rummy", "player_0": "Ann", "player_1": "Ben", "gin_bonus": "-5"}
    refused = text(post_new_game(client, data))
    assert "Ensure this value is greater than or equal to 0." in errors_on(refused)


def test_a_dead_hand_offers_no_cards_to_tap_and_a_knock_does(client):
    game = new_game("gin-rummy", ["Ann", "Ben"])
    data = hand_form(client, game) | {"refresh": "1"}

    dead = unescape(text(client.post(entry_url(game), data | {"end": "dead"})))
    knock = unescape(text(client.post(entry_url(game), data | {"end": "knock", "player": "0"})))

    assert "Nobody shows cards in this hand: save it." in dead
    assert re.search(r'<div class="picker[^"]*"[^>]*hidden>', dead)
    assert "Nobody shows cards" not in knock
    assert not re.search(r'<div class="picker[^"]*"[^>]*hidden>', knock)
