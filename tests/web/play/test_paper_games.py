"""Games entered afterwards from a paper sheet: typed scores, no cards, a complete history.

The scores are taken as written (nothing can check them without the cards); the game is
finished, read-only, printable, exportable and counts in the results but not in the card
statistics.
"""

import json
import re
from html import unescape

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Game
from games.models import scores as read_model
from tests.web.pages import errors_on, headings_of, messages_on, text
from tests.web.transfer.files import upload

pytestmark = pytest.mark.django_db

URL = reverse("paper-game-new")


def post(client: Client, kind: str, names, scores, **extra):
    data = {"kind": kind, "played": "2026-10-31", "note": "Halloween"} | extra
    data |= {f"player_{seat}": name for seat, name in enumerate(names)}
    for row, row_scores in enumerate(scores):
        for seat, score in enumerate(row_scores):
            data[f"score_{row}_{seat}"] = "" if score is None else str(score)
    return client.post(URL, data)


# Ann's sheet of seven melds: Ann 32, Ben 78, Cleo 40.
CHIEF_ROWS = [
    [10, 4, 1],
    [4, 15, 6],
    [11, 25, 0],
    [25, -50, 25],
    [-31, 20, -9],
    [0, 54, 4],
    [13, 10, 13],
]


def test_an_indian_chief_sheet_is_entered_meld_by_meld(client):
    response = post(client, "indian-chief", ["Ann", "Ben", "Cleo"], CHIEF_ROWS)
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.paper and game.is_finished
    assert game.created_at.date().isoformat() == "2026-10-31"
    page = text(client.get(game.get_absolute_url()))
    assert "The paper game is in the history." in messages_on(page)
    # The sheet as written: a row per meld, the totals, the winner.
    assert re.findall(r'<td class="total">(-?\d+)</td>', page) == ["32", "78", "40"]
    assert "Ben wins" in page and "Thief" in page and "Indian Chief" in page
    assert "Entered from a paper sheet" in page
    # Nothing to enter, edit, undo or reopen.
    assert "Enter round" not in page and "Undo" not in page and "Reopen" not in page
    response = client.get(reverse("round-new", args=[game.pk]))
    assert response.status_code == 302
    followed = text(client.get(response["Location"]))
    assert "This game was entered from a paper sheet: it stays as written." in messages_on(followed)
    assert (
        client.post(reverse("game-reopen", args=[game.pk]), {"version": game.version}).status_code
        == 302
    )
    game.refresh_from_db()
    assert game.is_finished


def test_a_three_thirteen_sheet_is_won_by_the_lowest_total(client):
    rows = [[0, 12]] * 10 + [[30, 0]]
    assert post(client, "three-thirteen", ["Ann", "Ben"], rows).status_code == 302
    game = Game.objects.get()
    outcome = read_model.outcome(game)
    # Ann 30, Ben 120: the lowest total wins.
    assert outcome.totals == (30, 120) and outcome.winners == ("Ann",)


def test_an_open_ended_game_takes_as_many_hands_as_written(client):
    # Three hands of Rummy typed, the other rows left blank.
    rows = [[28, 0], [0, 14], [7, 0]]
    assert post(client, "rummy", ["Ann", "Ben"], rows).status_code == 302
    game = Game.objects.get()
    assert game.rounds.count() == 3
    assert read_model.outcome(game).totals == (35, 14)
    # "More rows" shows six more, keeping what was typed.
    more = text(post(client, "rummy", ["Cleo", "Dan"], [[5, 0]], more="1", rows="12"))
    assert len(re.findall(r'name="score_\d+_0"', more)) == 18
    assert 'name="player_0" value="Cleo"' in more and 'name="score_0_0" value="5"' in more
    assert Game.objects.count() == 1


@pytest.mark.parametrize(
    ("kind", "names", "rows", "message"),
    [
        # A row filled for Ann only.
        ("rummy", ["Ann", "Ben"], [[5, None]], "Needed: fill in the row."),
        # Indian Chief has seven rows; six were filled.
        ("indian-chief", ["Ann", "Ben"], CHIEF_ROWS[:6], "Needed: fill in the row."),
        # A score under a seat nobody sits in.
        ("rummy", ["Ann", "Ben"], [[5, 0, 3]], "Nobody sits here."),
        # Nothing typed at all.
        ("rummy", ["Ann", "Ben"], [], "Fill in the scores of at least one hand."),
        # One player is not a game.
        ("rummy", ["Ann"], [[5]], "Rummy is for 2 to 6 players, not 1."),
    ],
    ids=["half-a-row", "six-melds", "empty-seat", "no-scores", "one-player"],
)
def test_a_sheet_that_is_not_complete_is_refused_next_to_the_cause(
    client, kind, names, rows, message
):
    response = post(client, kind, names, rows)
    assert response.status_code == 200
    html = unescape(text(response))
    assert message in errors_on(html), errors_on(html)
    assert all(f'value="{name}"' in html for name in names)
    assert not Game.objects.exists()


def test_a_paper_game_prints_exports_and_imports(client):
    post(client, "indian-chief", ["Ann", "Ben", "Cleo"], CHIEF_ROWS)
    game = Game.objects.get()
    sheet = client.get(reverse("game-sheet", args=[game.pk]))
    assert sheet.status_code == 200 and sheet["Content-Type"] == "application/pdf"
    exported = client.get(reverse("game-export-json", args=[game.pk])).content
    document = json.loads(exported)
    assert document["games"][0]["paper"] is True
    assert document["games"][0]["rounds"][0]["details"] == {"scores": [10, 4, 1]}
    assert upload(client, exported).status_code == 302
    copy = Game.objects.latest("pk")
    assert copy.paper and read_model.outcome(copy).totals == (32, 78, 40)


def test_each_player_keeps_their_own_column_when_a_seat_is_left_blank(client):
    data = {"kind": "rummy", "played": "2026-10-31", "player_0": "Ann", "player_2": "Ben"}
    data |= {"score_0_0": "5", "score_0_2": "0"}
    assert client.post(URL, data).status_code == 302
    game = Game.objects.get()
    assert game.player_names() == ["Ann", "Ben"] and read_model.outcome(game).totals == (5, 0)


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"played": "2999-01-01"}, "That day has not come yet."),
        ({"played": "soon"}, "Enter a valid date."),
    ],
)
def test_the_day_played_must_be_a_real_day_gone_by(client, extra, message):
    response = post(client, "rummy", ["Ann", "Ben"], [[5, 0]], **extra)
    assert message in errors_on(unescape(text(response)))
    assert not Game.objects.exists()


def test_an_unknown_kind_is_an_indian_chief_sheet(client):
    response = client.get(URL + "?kind=zzz")
    assert "A paper game of Indian Chief" in text(response)


@pytest.mark.parametrize(
    "change",
    [
        lambda game: game.update(finished=False, finished_at=None),
        lambda game: game.update(rounds=game["rounds"][:2]),
    ],
    ids=["unfinished", "short"],
)
def test_a_paper_game_file_must_be_finished_and_whole(client, change):
    post(client, "indian-chief", ["Ann", "Ben", "Cleo"], CHIEF_ROWS)
    document = json.loads(client.get(reverse("games-export-json")).content)
    change(document["games"][0])
    response = upload(client, json.dumps(document).encode())
    assert "a paper game is finished and has its 7 rows." in unescape(text(response))
    assert Game.objects.count() == 1


def test_the_score_grid_has_a_column_for_each_player_by_name(client):
    # Before any name there is no grid, only the way to it.
    first = text(client.get(URL, {"kind": "rummy"}))
    assert "<thead>" not in first and 'name="score_0_0"' not in first
    assert re.search(r'<button class="button primary big" type="submit" name="columns"', first)

    shown = text(post(client, "rummy", ["Ann", "Ben", "Cleo"], [], columns="1"))

    assert headings_of(shown) == ["Ann", "Ben", "Cleo"]
    assert len(re.findall(r'name="score_0_\d+"', shown)) == 3
    assert '<label class="visually-hidden" for="id_score_0_2">Hand 1, Cleo</label>' in shown
    assert not Game.objects.exists()
    assert errors_on(shown) == []


def test_scores_under_a_name_since_cleared_stay_in_sight(client):
    # Cleo's column had scores; her name was cleared before saving.
    response = post(client, "rummy", ["Ann", "Ben", ""], [[5, 0, 3]])

    html = unescape(text(response))
    assert headings_of(html) == ["Ann", "Ben", "Seat 3"]
    assert 'name="score_0_2" value="3"' in html
    assert "Nobody sits here." in errors_on(html)
    assert not Game.objects.exists()


def test_a_paper_game_keeps_its_house_rules_and_is_won_by_them(client):
    # Penalty Rummy from a paper sheet: the lowest total wins, and the game says so.
    data = {"kind": "rummy", "player_0": "Ann", "player_1": "Ben", "played": "2026-11-01"}
    data |= {"preset": "penalty", "score_0_0": "0", "score_0_1": "30"}
    data |= {"score_1_0": "12", "score_1_1": "0"}
    response = client.post(reverse("paper-game-new"), data | {"rows": "2"})

    game = Game.objects.get()
    assert response.status_code == 302
    assert game.settings["preset"] == "penalty"
    page = text(client.get(game.get_absolute_url()))
    assert "Rules: Penalty Rummy. The lowest total wins." in page
    assert game.standings().winners == ("Ann",)


def test_the_paper_game_form_asks_for_the_rules_line_without_saving(client):
    data = {"kind": "carousel", "player_0": "Ann", "player_1": "Ben", "preset": "knock_five"}
    response = client.post(reverse("paper-game-new"), data | {"update": "1"})

    assert "Rules: Knock with 5" in text(response)
    assert not Game.objects.exists()
