"""A game stored with house rules (`shared/rules/house-rules.md` H1) is scored by them at
the table: its hands are saved through the pages as a phone without JavaScript does, and
its rule set travels through export and import.

The new-game page does not offer house rules yet, so each game is stored as the kind
starts it from a chosen rule set. Every score is the spec's worked example (or, for a
second hand, its sum by hand).
"""

import pytest

from games.models import Game
from games.rules import KINDS
from tests.web.accounts.visitors import as_browser
from tests.web.pages import Table, entry_url, errors_on, game_page, hand_form, text, totals_on
from tests.web.play.hands import save_hand
from tests.web.transfer.files import export, games_of, upload

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


def test_a_three_thirteen_game_with_jokers_offers_them_and_counts_one_unmelded_20(client):
    game = started("three-thirteen", ["Ann", "Ben"], {"preset": "with_jokers"})
    book = started("three-thirteen", ["Ann", "Ben"], {})
    assert 'value="JK"' not in text(client.get(entry_url(book)))

    # H41: Ben is left with JK 2♠ 9♦ on hand 1, a joker picked from the picker.
    table = Table(client, entry_url(game)).select("Ben").pick("JK", "2♠", "9♦")
    assert table.cards(1) == "JK 2S 9D"
    table.form.fields["went_out"] = "0"
    response = table.save()

    assert response.status_code == 302, errors_on(text(response))
    assert totals_on(game_page(client, game)) == [0, 20 + 2 + 9]


def test_an_online_tong_its_game_asks_the_winner_for_kings_and_pays_every_winner_the_pot(
    client,
):
    game = started("tong-its", ["Ann", "Ben", "Cleo"], {"preset": "online"})
    # api.md §4.4's example: Ann calls draw on 2♣ 3♥, Ben challenges on 9♠ K♦, Cleo folds.
    cards = ["2C 3H", "9S KD", ""]
    answers = {"end": "draw", "caller": "0", "response_1": "challenge", "response_2": "fold"}
    answers |= {"opened_1": "on", "opened_2": "on"}
    entered = hand_form(client, game) | answers | {"refresh": "1"}
    entered |= {f"cards_{seat}": hand for seat, hand in enumerate(cards)}
    html = text(client.post(entry_url(game), entered))
    # Once the cards say Ann won, she alone is asked for the kings in her melds.
    assert 'name="meld_kings_0"' in html and 'name="meld_aces_0"' in html
    assert 'name="meld_kings_1"' not in html and 'name="meld_kings_2"' not in html
    book = started("tong-its", ["Ann", "Ben", "Cleo"], {})
    assert "meld_kings" not in text(client.post(entry_url(book), entered | hand_form(client, book)))

    response = save_hand(client, game, cards, **answers, meld_kings_0=1)
    assert response.status_code == 302, errors_on(text(response))
    # Ben pays 3 + 1 king, Cleo 1 + 1 king; Ann takes the pot of 6: 10, −6, −4.
    assert totals_on(game_page(client, game)) == [10, -6, -4]

    # Ben calls tongit next: he won no hand before, and takes the pot all the same.
    response = save_hand(
        client, game, ["", "", ""], end="tongit", caller=1, opened_0="on", opened_2="on"
    )
    assert response.status_code == 302, errors_on(text(response))
    assert totals_on(game_page(client, game)) == [10 - 5, -6 + 10, -4 - 5]
    assert "Pot: 0 chips, taken by every winner." in game_page(client, game)


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
