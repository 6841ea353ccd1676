"""Stored cards that no longer pass the rules (an admin edit, a stricter rules fix): the
pages say which round to fix and let it be fixed, instead of failing."""

import pytest

from games.models import Hand
from tests.factories import add_round, make_game, totals_by_name

pytestmark = pytest.mark.django_db


@pytest.fixture
def broken():
    # Round 1 is fine; then an admin edit gives Ann and Ben the same K♣ with one deck.
    game = make_game(["Ann", "Ben"])
    add_round(game, {"Ann": "KC", "Ben": "AS 2H 3C AD 4S"})
    Hand.objects.filter(round__number=1, seat__player__name="Ben").update(cards="KC 2H 3C AD 4S")
    return game


@pytest.mark.parametrize("headers", [{}, {"HX-Request": "true"}], ids=["plain", "htmx"])
def test_the_game_page_names_the_problem(client, broken, headers):
    response = client.get(broken.get_absolute_url(), headers=headers)

    assert response.status_code == 200
    page = response.content.decode()
    if not headers:
        assert "This game cannot be scored as stored" in page
        assert "K♣" in page  # the duplicate card, named in the rules' sentence
        assert f'href="/games/{broken.pk}/rounds/1/"' in page  # the round to edit
    assert "No scores until the round named above is fixed." in page


def test_the_broken_round_can_be_opened_and_fixed(client, broken):
    url = f"/games/{broken.pk}/rounds/1/"
    assert client.get(url).status_code == 200

    # The scorekeeper puts Ben's real card back: 3♣ was K♣.
    page = client.get(url).content.decode()
    token = page.split('name="token" value="')[1].split('"')[0]
    response = client.post(
        url,
        {
            "token": token,
            "version": broken.version,
            "cards_0": "KC",
            "cards_1": "AS 2H 3C AD 4S",
            "save": "1",
        },
    )

    assert response.status_code == 302
    assert totals_by_name(broken.standings()) == {"Ann": 10, "Ben": -11}


def test_a_new_round_cannot_be_saved_until_the_broken_one_is_fixed(client, broken):
    url = f"/games/{broken.pk}/rounds/new/"
    page = client.get(url).content.decode()
    token = page.split('name="token" value="')[1].split('"')[0]

    response = client.post(
        url,
        {
            "token": token,
            "version": broken.version,
            "cards_0": "7H 7C",
            "cards_1": "9D",
            "save": "1",
        },
    )

    assert response.status_code == 200
    assert "K♣" in response.content.decode()
    assert broken.rounds.count() == 1


def test_the_sheet_and_the_steals_page_explain_instead_of_failing(client, broken):
    sheet = client.get(f"/games/{broken.pk}/sheet.pdf")
    steals = client.get(f"/games/{broken.pk}/rounds/1/steals/")

    assert sheet.status_code == 400
    assert "cannot be scored as stored" in sheet.content.decode()
    assert steals.status_code == 302
