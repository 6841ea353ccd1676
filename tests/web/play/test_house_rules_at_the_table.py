"""A game stored with house rules (`shared/rules/house-rules.md` H1) is scored by them at
the table: its hands are saved through the pages as a phone without JavaScript does, and
its rule set travels through export and import.

The new-game page does not offer house rules yet, so each game is stored as the kind
starts it from a chosen rule set. Every score is the spec's worked example.
"""

import pytest

from games.models import Game
from games.rules import KINDS
from tests.web.pages import errors_on, game_page, text, totals_on
from tests.web.play.hands import save_hand
from tests.web.transfer.test_transfer import as_browser, export, games_of, upload

pytestmark = pytest.mark.django_db


def started(kind: str, names: list[str], chosen: dict) -> Game:
    rules = KINDS[kind]
    decks, settings = rules.start(len(names), rules.settings.chosen(chosen))
    return Game.objects.start(names, decks, kind=kind, settings=settings)


def test_a_carousel_game_knocking_with_5_scores_the_knock_the_book_refuses(client):
    # H30: Ann knocks with 3♣ 2♦ (5) against Ben's K♠: 10 − 5 = 5.
    game = started("carousel", ["Ann", "Ben"], {"preset": "knock_five"})
    assert game.settings == {"preset": "knock_five", "knock_max": 5}
    response = save_hand(client, game, ["3C 2D", "KS"], knocker=0)
    assert response.status_code == 302, errors_on(text(response))
    assert totals_on(game_page(client, game)) == [5, 0]

    book = started("carousel", ["Ann", "Ben"], {})
    refused = save_hand(client, book, ["3C 2D", "KS"], knocker=0)
    assert "a knock needs 4 or less" in " ".join(errors_on(text(refused)))


def test_a_penalty_rummy_game_to_60_is_won_by_the_lowest_total(client):
    # H52: seats 0, 1, 2 go out in turn; the losers hold 29 and 11, 21 and 9, 25 and 39.
    game = started("rummy", ["Ann", "Ben", "Cleo"], {"preset": "penalty", "target_score": 60})
    for winner, cards in enumerate(
        [
            ["", "KS QS 9S", "AH KH"],
            ["KD QD AD", "", "9C"],
            ["KC QC 5C", "JS JH JD 9H", ""],
        ]
    ):
        response = save_hand(client, game, cards, winner=winner)
        assert response.status_code == 302, errors_on(text(response))

    assert totals_on(game_page(client, game)) == [46, 68, 20]
    standings = Game.objects.get(pk=game.pk).standings()
    assert standings.complete and standings.winners == ("Cleo",)


def test_a_game_s_rule_set_comes_back_with_it_through_export_and_import(client):
    game = started("rummy", ["Ann", "Ben"], {"jokers": "wild_15", "ace_value": 15})
    # H53 with aces at 15: Ben is left holding a joker (15) and an ace (15).
    response = save_hand(client, game, ["", "JK AC"], winner=0)
    assert response.status_code == 302, errors_on(text(response))

    exported = export(client, "games-export-json")
    [entry] = games_of(exported)
    assert entry["settings"] == game.settings
    assert entry["totals"] == [30, 0]

    other = as_browser(type(client)(), "c" * 32)
    assert upload(other, exported).status_code == 302
    # The game started here belongs to no browser, so the other one sees it too.
    assert Game.objects.count() == 2
    assert all(again == entry for again in games_of(export(other, "games-export-json")))
