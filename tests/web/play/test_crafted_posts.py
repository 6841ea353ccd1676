"""Posts a phone would send twice, or a hand-made one: handled, never doubled, never a 500."""

import pytest

from tests.factories import add_round, make_game, totals_by_name
from tests.web.pages import token_on

pytestmark = pytest.mark.django_db


def test_a_round_form_token_from_another_game_is_refused(client):
    first = make_game(["Ann", "Ben"])
    other = make_game(["Cleo", "Dan"])
    token = token_on(client.get(f"/games/{first.pk}/rounds/new/").content.decode())
    round_one = {"token": token, "version": 0, "cards_0": "KC", "cards_1": "9D 9H", "save": "1"}
    client.post(f"/games/{first.pk}/rounds/new/", round_one)

    # The same form's token, posted to the other game.
    response = client.post(f"/games/{other.pk}/rounds/new/", round_one)

    assert response.status_code == 200
    assert "This form belongs to another game: reload the page." in response.content.decode()
    assert other.rounds.count() == 0


def test_an_edit_saved_twice_lands_once_without_a_false_alarm(client):
    game = make_game(["Ann", "Ben"])
    add_round(game, {"Ann": "KC", "Ben": "AS 2H 3C AD 4S"})
    url = f"/games/{game.pk}/rounds/1/"
    token = token_on(client.get(url).content.decode())
    edit = {"token": token, "version": 0, "cards_0": "3D", "cards_1": "AS 2H 3C AD 4S", "save": "1"}

    first = client.post(url, edit)
    second = client.post(url, edit)  # the double tap, still carrying version 0

    assert first.status_code == second.status_code == 302
    assert totals_by_name(game.standings()) == {"Ann": 3, "Ben": -11}
    assert game.changes.filter(action="round_edited").count() == 1
