"""The home page and the rules page, served under the Content Security Policy."""

import re

import pytest

from games.models import Game
from games.rules import FLAGSHIP, KINDS, families
from games.rules.indian_chief.melds import Meld
from tests.factories import make_game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("headers", [{}, {"HX-Request": "true"}], ids=["plain", "htmx"])
def test_rules_page_lists_the_seven_melds_with_their_card_counts(client, headers):
    response = client.get("/rules/", headers=headers)

    assert response.status_code == 200
    page = response.content.decode()
    for meld in Meld:
        assert f'id="{meld.value}">{meld.label} <span class="count">{meld.size} card' in page


def test_rules_page_lists_every_preset_with_its_values_in_the_rules_lines_words(client):
    page = client.get("/rules/").content.decode()

    house = page.split('<h2 id="house-rules">House rules</h2>')[1]
    assert "<h3>Indian Chief</h3>" in house and "<h3>Rummy</h3>" in house
    assert (
        "<li><strong>Board Game Arena</strong>: Beggar pair counts each match once · "
        "A-2-3-4-5 is a straight · Ace Thief steals last · Decks by table size</li>"
    ) in house
    assert (
        "<li><strong>Penalty Rummy</strong>: Aces count 1 · Going rummy doubles · "
        "Penalty: lowest total wins · No jokers</li>"
    ) in house


def test_home_offers_every_other_game_under_its_family_and_the_sheets_group_them_too(client):
    page = client.get("/").content.decode()

    offered = page.split('<ul class="other-games">')[1].split("</ul>")[0]
    sheets = page.split('<select id="sheet-kind" name="kind">')[1].split("</select>")[0]
    for family, kinds in families():
        others = [kind for kind in kinds if kind.slug != FLAGSHIP]
        if others:
            # Each family's line names it, then its games in the registry's order.
            line = offered.split(f'<span class="family">{family}</span>')[1].split("</li>")[0]
            links = re.findall(r'href="/games/new/\?kind=([\w-]+)">([^<]+)</a>', line)
            assert links == [(kind.slug, kind.title) for kind in others]
        group = sheets.split(f'<optgroup label="{family}">')[1].split("</optgroup>")[0]
        assert re.findall(r'<option value="([\w-]+)">', group) == [kind.slug for kind in kinds]
    assert f"?kind={FLAGSHIP}" not in offered
    # Every game is offered once across the families.
    assert sum(len(kinds) for _, kinds in families()) == len(KINDS)


def test_the_sheet_form_offers_each_games_presets_beside_the_book(client):
    page = client.get("/").content.decode()

    assert '<select id="sheet-preset" name="preset"><option value="">Book</option>' in page
    rummy = '<optgroup label="Rummy"><option value="penalty">Penalty Rummy</option></optgroup>'
    assert rummy in page


@pytest.mark.parametrize("headers", [{}, {"HX-Request": "true"}], ids=["plain", "htmx"])
def test_home_offers_a_new_game_and_lists_games_in_progress_and_finished(client, headers):
    make_game(["Ann", "Ben"], note="Kitchen table")
    make_game(["Cleo", "Dan"], finished_at="2026-11-01T20:00:00Z")

    page = client.get("/", headers=headers).content.decode()

    assert 'href="/games/new/"' in page
    in_progress, finished = page.split("Recently finished")
    assert "Ann, Ben" in in_progress and "Kitchen table" in in_progress
    assert "Cleo, Dan" in finished
    assert 'href="/calculator/"' in page


def test_home_is_served_with_a_strict_content_security_policy(client):
    policy = client.get("/").headers["Content-Security-Policy"]

    assert "script-src 'self'" in policy
    assert "style-src 'self'" in policy
    assert "unsafe-inline" not in policy


def test_htmx_is_served_locally_and_sends_the_csrf_token(client):
    page = client.get("/").content.decode()

    assert "/static/django_htmx/htmx" in page
    assert 'hx-headers=\'{"x-csrftoken": "' in page
    assert "<script>" not in page and "style=" not in page


def test_home_only_answers_get(client):
    assert client.post("/").status_code == 405


@pytest.mark.parametrize("headers", [{}, {"HX-Request": "true"}], ids=["plain", "htmx"])
def test_a_player_moves_one_seat_earlier_without_starting_the_game(client, headers):
    typed = {"player_0": "Ann", "player_1": "Ben", "player_2": "Cleo", "note": "Kitchen"}

    response = client.post("/games/new/", typed | {"move": "2"}, headers=headers)

    page = response.content.decode()
    assert response.status_code == 200
    assert 'name="player_1" value="Cleo"' in page
    assert 'name="player_2" value="Ben"' in page
    assert 'value="Kitchen"' in page
    assert "errorlist" not in page  # nothing was validated yet
    assert not Game.objects.exists()


def test_junk_seat_moves_are_ignored(client):
    for move in ("0", "10", "x", "²"):
        response = client.post("/games/new/", {"player_0": "Ann", "player_1": "Ben", "move": move})
        # No seat is moved, so the post is the form sent as typed: the game starts.
        assert response.status_code == 302
        assert response["Location"] == f"/games/{Game.objects.latest('pk').pk}/rounds/new/"
