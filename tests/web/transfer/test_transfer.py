"""Export and import: a game out as CSV and JSON, and a JSON file back in as the same games.

Every score is worked out by hand in the comments (Indian Chief's in tests/factories.py,
the rummy family's in test_hand_games). An import scores every game again through the
rules; a file with any problem imports nothing and says why next to the file field.
"""

import copy
import csv
import io
import json
import re
import uuid
from datetime import UTC, datetime

import pytest
from django.db import DatabaseError, connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.models import Game, Hand, Round
from games.rules import KINDS
from games.rules.kind import PAPER_SCORE
from games.transfer import forms as transfer
from tests.factories import (
    FOUR,
    THIEVES_ROUND,
    WIN_ROUNDS,
    WIN_TOTALS,
    add_round,
    make_game,
    play,
    totals_by_name,
)
from tests.rules.kind_examples import EXAMPLES
from tests.web.accounts.visitors import as_browser
from tests.web.pages import file_errors, is_whole_page, messages_on, text
from tests.web.play.hands import save_hand, start
from tests.web.transfer.files import export, games_of, upload

pytestmark = pytest.mark.django_db

MARCH = datetime(2026, 3, 14, 19, 30, tzinfo=UTC)
MARCH_END = datetime(2026, 3, 14, 21, 5, 12, 250000, tzinfo=UTC)


def dated(game: Game, created: datetime = MARCH, finished: datetime | None = None) -> Game:
    Game.objects.filter(pk=game.pk).update(created_at=created, finished_at=finished)
    game.refresh_from_db()
    return game


def thieves_game(browser: str = "") -> Game:
    """Four players, two decks, one round with Thieves: Ann (3♣) steals Dan's Q♠, then
    Ben (K♦) takes from the deck. Scores 3, 10, 6, 21; steals never change them."""
    game = make_game(FOUR, note="Kitchen table", browser=browser)
    cards = dict(zip(FOUR, THIEVES_ROUND, strict=True))
    add_round(game, cards, steals=[("Ann", "Dan", "QS"), ("Ben", None, "")])
    return dated(game)


def won_game(browser: str = "") -> Game:
    """Ann and Ben's seven rounds, Ann winning 70 to 49; in round 2 Ben's Thief (9♦)
    takes Ann's Q♠."""
    game = make_game(["Ann", "Ben"], browser=browser)
    for number, (cards, _) in enumerate(WIN_ROUNDS, start=1):
        steals = [("Ben", "Ann", "QS")] if number == 2 else []
        add_round(game, dict(zip(["Ann", "Ben"], cards, strict=True)), steals)
    return dated(game, MARCH.replace(day=15), MARCH_END.replace(day=15))


def csv_rows(content: bytes) -> list[dict[str, str]]:
    assert content.startswith("\ufeff".encode())  # spreadsheets read it as UTF-8
    return list(csv.DictReader(io.StringIO(content.decode("utf-8-sig"))))


# ---------------------------------------------------------------------------
# Round trips


def test_indian_chief_games_with_steals_come_back_the_same(client):
    thieves_game("a" * 32), won_game("a" * 32)
    exported = export(as_browser(client, "a" * 32), "games-export-json")
    games = games_of(exported)

    # Oldest first: the thieves' game (14 March), then Ann's win (15 March).
    first, second = games
    assert first == {
        "kind": "indian-chief",
        "decks": 2,
        "settings": {},
        "note": "Kitchen table",
        "created_at": "2026-03-14T19:30:00+00:00",
        "finished": False,
        "finished_at": None,
        "abandoned_at": None,
        "paper": False,
        "players": FOUR,
        "rounds": [
            {
                "number": 1,
                "cards": [["3C"], ["KD"], ["KS", "3H"], ["QS", "8S", "3S"]],
                "details": {},
                "steals": [
                    {"thief": "Ann", "victim": "Dan", "card": "QS"},
                    {"thief": "Ben", "victim": None, "card": None},
                ],
            }
        ],
        "totals": [3, 10, 6, 21],
        "winners": [],
    }
    assert second["finished_at"] == "2026-03-15T21:05:12.250000+00:00"
    assert (second["totals"], second["winners"]) == ([70, 49], ["Ann"])
    assert second["rounds"][1]["steals"] == [{"thief": "Ben", "victim": "Ann", "card": "QS"}]

    # Another phone imports the file: the same games, rounds, cards, steals and totals.
    other = as_browser(type(client)(), "b" * 32)
    response = upload(other, exported)
    assert response.status_code == 302 and response["Location"] == reverse("game-list")
    assert games_of(export(other, "games-export-json")) == games
    imported = Game.objects.filter(browser="b" * 32).order_by("created_at")
    assert Game.objects.count() == 4
    assert totals_by_name(imported[1].standings()) == WIN_TOTALS
    assert imported[1].is_finished
    steal = imported[0].rounds.get().steals.get(order=0)
    assert (str(steal), steal.thief.position, steal.victim.position) == (
        "Ann took Q♠ from Dan",
        0,
        3,
    )


def test_an_abandoned_game_comes_back_abandoned(client):
    game = thieves_game("a" * 32)
    game.abandon(game.version)
    game.refresh_from_db()
    exported = export(as_browser(client, "a" * 32), "games-export-json")
    [entry] = games_of(exported)
    assert entry["abandoned_at"] == game.abandoned_at.isoformat()

    other = as_browser(type(client)(), "b" * 32)
    assert upload(other, exported).status_code == 302

    imported = Game.objects.get(browser="b" * 32)
    assert imported.abandoned_at == game.abandoned_at
    assert not imported.is_finished
    assert games_of(export(other, "games-export-json")) == [entry]


def test_a_file_from_before_abandoned_games_imports_its_games_unabandoned(client):
    document = chief_document()
    assert "abandoned_at" not in document["games"][0]

    assert upload(client, json.dumps(document).encode()).status_code == 302

    assert Game.objects.get().abandoned_at is None


def test_rummy_family_games_come_back_with_their_details_and_settings(client):
    # Tong-Its: Ann calls tongit twice with everyone opened, her four queens laid face
    # down and an ace in her own melds. Hand 1: each antes 2; Ben and Cleo each pay Ann
    # 3 + 3 (the queens) + 1 (the ace) = 7: 12, −9, −9. Hand 2: Ann takes the pot of 12 as
    # well: −2 + 14 + 12 = 24, −9, −9. The table ends the game: Ann wins on 36, −18, −18.
    tong_its = start(client, "tong-its", ["Ann", "Ben", "Cleo"])
    answers = {"end": "tongit", "caller": 0, "opened_0": "on", "opened_1": "on", "opened_2": "on"}
    answers |= {"face_down_quads_0": "Q", "meld_aces_0": "1"}
    save_hand(client, tong_its, ["", "KS", "2C"], **answers)
    save_hand(client, tong_its, ["", "KS", "2C"], **answers)
    tong_its.refresh_from_db()
    tong_its.finish(tong_its.version)
    # Rummy to 20: Ann goes out and Ben holds K♠ Q♠ = 20; the target ends the game.
    rummy = start(client, "rummy", ["Ann", "Ben"], target_score=20)
    save_hand(client, rummy, ["", "KS QS"], winner=0)

    exported = export(client, "games-export-json")
    games = games_of(exported)
    assert [game["kind"] for game in games] == ["tong-its", "rummy"]
    assert (games[0]["totals"], games[0]["winners"]) == ([36, -18, -18], ["Ann"])
    assert games[0]["rounds"][0]["details"] == tong_its.rounds.get(number=1).details
    assert games[0]["rounds"][0]["details"]["face_down_quads_0"] == ["Q"]
    assert games[1]["settings"] == {
        "target_score": 20,
        "preset": "book",
        "ace_value": 1,
        "going_rummy": "double",
        "scoring": "winner_collects",
        "jokers": "none",
    }
    assert (games[1]["totals"], games[1]["winners"], games[1]["finished"]) == (
        [20, 0],
        ["Ann"],
        True,
    )
    assert games[1]["rounds"] == [
        {
            "number": 1,
            "cards": [[], ["KS", "QS"]],
            "details": {"winner": 0, "went_rummy": False},
            "steals": [],
        }
    ]

    other = as_browser(type(client)(), "b" * 32)
    assert upload(other, exported).status_code == 302
    assert games_of(export(other, "games-export-json")) == games


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_kinds_example_hand_comes_back_the_same(client, kind):
    # The contract test's example hand of each kind, its answers and piles (Cribbage's
    # crib and starter) included, saved at the table, exported and imported elsewhere.
    names, cards, details = EXAMPLES[kind]
    game = start(client, kind, names)
    game.record_round(list(cards), uuid.uuid4(), game.version, details)

    exported = export(client, "games-export-json")
    [entry] = games_of(exported)
    assert entry["rounds"][0]["details"] == details
    other = as_browser(type(client)(), "b" * 32)
    assert upload(other, exported).status_code == 302
    assert games_of(export(other, "games-export-json")) == [entry]


def test_a_pile_that_is_no_card_text_is_refused(client):
    names, cards, details = EXAMPLES["cribbage"]
    game = start(client, "cribbage", names)
    game.record_round(list(cards), uuid.uuid4(), game.version, details)
    document = json.loads(export(client, "games-export-json"))
    first_round(document)["details"]["crib"] = ["AD", "9S", "7H", "QH"]
    game.delete()
    assert_refused(
        client,
        json.dumps(document).encode(),
        "Game 1: Hand 1: the crib must be its cards as text, like “7H 7C”.",
    )


def test_one_game_exports_alone_and_its_file_imports(client):
    game = thieves_game()
    won_game()
    exported = export(client, "game-export-json", game.pk)
    assert [entry["players"] for entry in games_of(exported)] == [FOUR]
    assert upload(client, exported).status_code == 302
    assert Game.objects.count() == 3


def test_an_import_says_how_many_games_came_in(client):
    thieves_game(), won_game()
    response = upload(client, export(client, "games-export-json"))
    page = client.get(response["Location"])
    assert "Imported 2 games." in messages_on(text(page))


# ---------------------------------------------------------------------------
# The same file twice


def imported_message(client, document: dict) -> str:
    response = upload(client, json.dumps(document).encode())
    assert response.status_code == 302
    [message] = messages_on(text(client.get(response["Location"])))
    return message


def test_a_file_imported_twice_brings_its_games_in_once(client):
    document = evening_of(2)
    assert imported_message(client, document) == "Imported 2 games."
    rounds = sorted(Round.objects.values_list("game_id", "number"))

    assert imported_message(client, document) == (
        "Nothing imported: the file's 2 games are already here."
    )
    assert Game.objects.count() == 2
    assert sorted(Round.objects.values_list("game_id", "number")) == rounds
    # A file holding one of them and a new game brings in the new one only.
    document = evening_of(3)
    assert imported_message(client, document) == (
        "Imported 1 game. 2 were already here, and left as they are."
    )
    assert Game.objects.count() == 3


def test_a_game_played_on_since_its_export_is_still_the_same_game(client):
    document = evening_of(1)
    imported_message(client, document)
    here = Game.objects.get()
    play(here, ["9D 9C", "4D 4S", "2C", "KH"])

    assert imported_message(client, document) == (
        "Nothing imported: the file's 1 game is already here."
    )
    # The copy here keeps its second round.
    assert Game.objects.get().rounds.count() == 2


def test_the_same_game_twice_in_one_file_comes_in_once(client):
    document = evening_of(1)
    document["games"] *= 2

    assert imported_message(client, document) == (
        "Imported 1 game. 1 was already here, and left as it is."
    )
    assert Game.objects.count() == 1


def test_another_browsers_copy_is_not_this_browsers(client):
    document = evening_of(1)
    imported_message(as_browser(client, "a" * 32), document)
    other = as_browser(type(client)(), "b" * 32)

    assert imported_message(other, document) == "Imported 1 game."
    assert Game.objects.filter(browser="b" * 32).count() == 1


def paper_evening(scores: list[list[int]]) -> dict:
    document = rummy_document()
    finished(document)
    game(document).update(paper=True, created_at="2026-03-14T12:00:00+00:00")
    game(document)["rounds"] = [
        {"number": n, "cards": [[], []], "details": {"scores": row}, "steals": []}
        for n, row in enumerate(scores, start=1)
    ]
    return document


def test_two_paper_games_of_one_day_are_told_apart_by_their_scores(client):
    # A paper game carries only its day: two games of Rummy that evening, Ann and Ben.
    assert imported_message(client, paper_evening([[20, 0]])) == "Imported 1 game."
    assert imported_message(client, paper_evening([[0, 35]])) == "Imported 1 game."
    assert imported_message(client, paper_evening([[20, 0]])) == (
        "Nothing imported: the file's 1 game is already here."
    )
    assert Game.objects.filter(paper=True).count() == 2


# ---------------------------------------------------------------------------
# CSV


def test_the_csv_has_a_row_per_player_per_round_and_a_total_row_per_player(client):
    game = thieves_game()
    response = client.get(reverse("game-export-csv", args=[game.pk]))
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == (
        f'attachment; filename="scorekeeper-game-{game.pk}.csv"'
    )
    rows = csv_rows(response.content)
    assert list(rows[0]) == [
        "game",
        "kind",
        "started",
        "round",
        "seat",
        "player",
        "cards",
        "meld",
        "score",
        "running total",
        "won",
    ]
    # Ann's Thief 3♣ = 3, Ben's Thief K♦ = 10, Cleo's Beggar Man K♠ 3♥ matches 3♣, K♦
    # and 3♠: 3 × 2 = 6, Dan's Poor Man Q♠ 8♠ 3♠ = 21. The cards are as entered: Ann's
    # steal of Dan's Q♠ changes neither cards nor scores. The game goes on: nobody won.
    head = [str(game.pk), "Indian Chief", "2026-03-14 19:30"]
    assert [list(row.values()) for row in rows] == [
        [*head, "1", "1", "Ann", "3C", "Thief", "3", "3", ""],
        [*head, "1", "2", "Ben", "KD", "Thief", "10", "10", ""],
        [*head, "1", "3", "Cleo", "KS 3H", "Beggar Man", "6", "6", ""],
        [*head, "1", "4", "Dan", "QS 8S 3S", "Poor Man", "21", "21", ""],
        [*head, "Total", "1", "Ann", "", "", "", "3", ""],
        [*head, "Total", "2", "Ben", "", "", "", "10", ""],
        [*head, "Total", "3", "Cleo", "", "", "", "6", ""],
        [*head, "Total", "4", "Dan", "", "", "", "21", ""],
    ]


@pytest.fixture
def scorings(monkeypatch) -> list[str]:
    """Each game scored, by kind."""
    scored: list[str] = []
    kind = type(KINDS["indian-chief"])
    real = kind.score

    def score(self, table, played):
        scored.append(self.slug)
        return real(self, table, played)

    monkeypatch.setattr(kind, "score", score)
    return scored


def test_a_games_exports_are_scored_once_and_served_from_the_cache_until_it_changes(
    client, scorings
):
    game = won_game()
    urls = [reverse(name, args=[game.pk]) for name in ("game-export-csv", "game-export-json")]
    urls += [reverse("games-export-csv"), reverse("games-export-json")]

    first = [client.get(url).content for url in urls]
    with CaptureQueriesContext(connection) as queries:
        again = [client.get(url).content for url in urls]

    # The CSV and the JSON of the game and of all games: one scoring among them.
    assert scorings == ["indian-chief"]
    assert again[0] == first[0] and csv_rows(first[0])[-2]["running total"] == "70"
    # Kept whole: the second time, no round is read (only who asks, and which games).
    assert not [query for query in queries.captured_queries if "round" in query["sql"]]
    # An edit moves the version on: the exports follow it.
    game.reopen(game.version)
    game.refresh_from_db()
    game.edit_round(1, ["7H 7C", "7S 5S 3S"], game.version)
    assert '"7S", "5S", "3S"' in client.get(urls[1]).content.decode()
    assert "7S 5S 3S" in client.get(urls[2]).content.decode()


def test_the_csv_of_all_games_keeps_running_totals_and_marks_the_winner(client):
    won = won_game()
    game = start(client, "tong-its", ["Ann", "Ben", "Cleo"])
    answers = {"end": "tongit", "caller": 0, "opened_0": "on", "opened_1": "on", "opened_2": "on"}
    save_hand(client, game, ["", "KS", "2C"], **answers)
    save_hand(client, game, ["", "KS", "2C"], **answers)
    game.refresh_from_db()
    game.finish(game.version)

    response = client.get(reverse("games-export-csv"))
    assert response["Content-Disposition"] == 'attachment; filename="scorekeeper-games.csv"'
    rows = csv_rows(response.content)
    chief = [row for row in rows if row["game"] == str(won.pk)]
    # Ann: 2, 20, 25, −49, 30, 32, 10; Ben: 12, 9, 0, 0, 0, 39, −11 (tests/factories.py).
    ann = [row for row in chief if row["player"] == "Ann" and row["round"] != "Total"]
    assert [int(row["score"]) for row in ann] == [2, 20, 25, -49, 30, 32, 10]
    assert [int(row["running total"]) for row in ann] == [2, 22, 47, -2, 28, 60, 70]
    totals = [(row["player"], row["running total"], row["won"]) for row in chief[-2:]]
    assert totals == [("Ann", "70", "yes"), ("Ben", "49", "")]
    # Tong-Its in chips: 4, −5, −5, then 16, −5, −5 (the pot of 12 to Ann's second win).
    chips = [
        (
            row["round"],
            row["player"],
            row["cards"],
            row["meld"],
            row["score"],
            row["running total"],
            row["won"],
        )
        for row in rows
        if row["game"] == str(game.pk)
    ]
    assert chips == [
        ("1", "Ann", "", "", "4", "4", ""),
        ("1", "Ben", "KS", "", "-5", "-5", ""),
        ("1", "Cleo", "2C", "", "-5", "-5", ""),
        ("2", "Ann", "", "", "16", "20", ""),
        ("2", "Ben", "KS", "", "-5", "-10", ""),
        ("2", "Cleo", "2C", "", "-5", "-10", ""),
        ("Total", "Ann", "", "", "", "20", "yes"),
        ("Total", "Ben", "", "", "", "-10", ""),
        ("Total", "Cleo", "", "", "", "-10", ""),
    ]


def test_a_name_a_spreadsheet_would_run_as_a_formula_stays_text(client):
    game = make_game(['=HYPERLINK("http://x.invalid")', "@Ben"])
    add_round(game, {"@Ben": "KC", '=HYPERLINK("http://x.invalid")': "QS"})
    rows = csv_rows(export(client, "game-export-csv", game.pk))
    assert [row["player"] for row in rows] == ['\'=HYPERLINK("http://x.invalid")', "'@Ben"] * 2


def test_a_game_that_fails_the_rules_as_stored_still_exports_its_cards(client):
    # An admin edit gave Ben Ann's 3♣ with one deck: the cards stay, the scores go.
    game = make_game(["Ann", "Ben"])
    add_round(game, {"Ann": "3C", "Ben": "3C"})
    rows = csv_rows(export(client, "game-export-csv", game.pk))
    assert [(row["cards"], row["score"], row["running total"]) for row in rows] == [
        ("3C", "", ""),
        ("3C", "", ""),
        ("", "", ""),
        ("", "", ""),
    ]
    (entry,) = games_of(export(client, "game-export-json", game.pk))
    assert (entry["totals"], entry["winners"]) == (None, None)


# ---------------------------------------------------------------------------
# Who may export, and whose the imported games are


@pytest.mark.parametrize("url_name", ["game-export-csv", "game-export-json"])
def test_another_browser_cannot_export_someones_game(client, url_name):
    game = thieves_game("a" * 32)
    url = reverse(url_name, args=[game.pk])
    assert as_browser(client, "a" * 32).get(url).status_code == 200
    stranger = as_browser(type(client)(), "b" * 32)
    response = stranger.get(url)
    assert response.status_code == 403
    # Neither the note nor any round (the page's random CSRF token may hold any letters).
    assert "Kitchen table" not in text(response) and "rounds" not in text(response)


def test_an_account_cannot_export_another_accounts_game(client, django_user_model):
    owner = django_user_model.objects.create_user("ann", password="x")
    game = thieves_game()
    Game.objects.filter(pk=game.pk).update(owner=owner)
    client.force_login(django_user_model.objects.create_user("ben", password="x"))
    assert client.get(reverse("game-export-json", args=[game.pk])).status_code == 403
    client.force_login(owner)
    assert client.get(reverse("game-export-json", args=[game.pk])).status_code == 200


def test_exporting_all_games_gives_only_the_visitors(client):
    mine = thieves_game("a" * 32)
    won_game("b" * 32)
    as_browser(client, "a" * 32)
    assert [entry["players"] for entry in games_of(export(client, "games-export-json"))] == [FOUR]
    rows = csv_rows(export(client, "games-export-csv"))
    assert {row["game"] for row in rows} == {str(mine.pk)}


def test_an_anonymous_import_belongs_to_the_importing_browser(client):
    exported = export(client, "game-export-json", thieves_game().pk)
    # A browser without a key yet gets one, and the game is that browser's.
    response = upload(client, exported)
    assert response.status_code == 302
    imported = Game.objects.latest("pk")
    assert imported.owner is None and imported.browser == client.session["browser"]
    assert client.get(imported.get_absolute_url()).status_code == 200
    assert type(client)().get(imported.get_absolute_url()).status_code == 403


def test_a_logged_in_import_belongs_to_the_account(client, django_user_model):
    exported = export(client, "game-export-json", thieves_game().pk)
    ann = django_user_model.objects.create_user("ann", password="x")
    client.force_login(ann)
    assert upload(client, exported).status_code == 302
    imported = Game.objects.latest("pk")
    assert (imported.owner, imported.browser) == (ann, "")
    # The history starts at the import and says where the game came from.
    assert imported.changes.get().after == [
        ["players", "Ann, Ben, Cleo, Dan"],
        ["imported from", "scorekeeper-games.json"],
    ]


# ---------------------------------------------------------------------------
# Pages and links


def test_the_import_page_offers_a_file_field(client):
    response = client.get(reverse("games-import"))
    html = text(response)
    assert response.status_code == 200 and is_whole_page(html)
    assert 'enctype="multipart/form-data"' in html
    assert re.search(r'<input type="file" name="file"[^>]*accept=".json,application/json"', html)


@pytest.mark.parametrize(
    ("method", "url"),
    [
        ("put", reverse("games-import")),
        ("post", reverse("games-export-csv")),
        ("post", reverse("games-export-json")),
        ("post", "/games/1/export.csv"),
        ("delete", "/games/1/export.json"),
    ],
)
def test_other_methods_are_not_allowed(client, method, url):
    assert getattr(client, method)(url).status_code == 405


def test_the_game_pages_and_the_list_link_to_export_and_import(client):
    chief = thieves_game()
    html = text(client.get(chief.get_absolute_url()))
    assert f'href="/games/{chief.pk}/export.csv" download>Export CSV' in html
    assert f'href="/games/{chief.pk}/export.json" download>Export JSON' in html
    rummy = start(client, "rummy", ["Ann", "Ben"])
    html = text(client.get(rummy.get_absolute_url()))
    assert f'href="/games/{rummy.pk}/export.csv" download>Export CSV' in html
    html = text(client.get(reverse("game-list")))
    assert 'href="/games/export.csv" download>Export CSV' in html
    assert 'href="/games/export.json" download>Export JSON' in html
    assert 'href="/games/import/">Import' in html


def test_a_game_number_is_not_mistaken_for_an_export(client):
    assert client.get("/games/export.csv").status_code == 200
    assert client.get("/games/12/export.xlsx").status_code == 404


# ---------------------------------------------------------------------------
# A file with a problem imports nothing, and says what is wrong next to the field


def evening_of(count: int) -> dict:
    """A file of `count` games of Indian Chief, each like the thieves' game, started ten
    minutes apart (the same game twice is imported once)."""
    document = chief_document()
    [game] = document["games"]
    starts = [f"2026-03-14T19:{n}0:00+00:00" for n in range(count)]
    document["games"] = [game | {"created_at": start} for start in starts]
    return document


def chief_document() -> dict:
    """A valid file: the thieves' game as exported."""
    game = {
        "kind": "indian-chief",
        "decks": 2,
        "settings": {},
        "note": "",
        "created_at": "2026-03-14T19:30:00+00:00",
        "finished": False,
        "finished_at": None,
        "paper": False,
        "players": list(FOUR),
        "rounds": [
            {
                "number": 1,
                "cards": [cards.split() for cards in THIEVES_ROUND],
                "details": {},
                "steals": [
                    {"thief": "Ann", "victim": "Dan", "card": "QS"},
                    {"thief": "Ben", "victim": None, "card": None},
                ],
            }
        ],
    }
    return {"format": "scorekeeper-games", "version": 1, "games": [game]}


def rummy_document(kind: str = "rummy") -> dict:
    """A valid Rummy (or Tong-Its) file: one hand, Ann out, Ben holding K♠ (or a tongit)."""
    document = chief_document()
    if kind == "rummy":
        players, cards = ["Ann", "Ben"], [[], ["KS"]]
        details: dict = {"winner": 0, "went_rummy": False}
    else:
        players, cards = ["Ann", "Ben", "Cleo"], [[], ["KS"], ["2C"]]
        details = {"end": "tongit", "caller": 0, "last_drawer": None}
        for seat in range(3):
            details |= {f"opened_{seat}": True, f"response_{seat}": None}
            details |= {f"meld_aces_{seat}": 0, f"face_down_quads_{seat}": []}
    document["games"][0] |= {"kind": kind, "decks": 1, "players": players}
    document["games"][0]["rounds"] = [
        {"number": 1, "cards": cards, "details": details, "steals": []}
    ]
    return document


def game(document: dict) -> dict:
    return document["games"][0]


def first_round(document: dict) -> dict:
    return game(document)["rounds"][0]


def second_round(document: dict, cards: list[str], steals=()) -> None:
    game(document)["rounds"].append(
        {
            "number": 2,
            "cards": [text_.split() for text_ in cards],
            "details": {},
            "steals": list(steals),
        }
    )


def finished(document: dict) -> None:
    game(document).update(finished=True, finished_at="2026-03-14T21:00:00+00:00")


def second_game_breaks(document: dict) -> None:
    """A good game, then a bad one: the good one is not imported either."""
    bad = copy.deepcopy(game(document))
    # Ben's Poor Man of three 3♣ beside Ann's 3♣: four 3♣ from two decks.
    bad["rounds"][0]["cards"][1] = ["3C", "3C", "3C"]
    document["games"].append(bad)


EDITS = {
    # What one file may hold
    "501-games": (
        lambda doc: doc.update(games=doc["games"] * 501),
        "The file holds 501 games; an import takes at most 500.",
    ),
    "201-rounds": (
        lambda doc: game(doc).update(rounds=game(doc)["rounds"] * 201),
        "Game 1: a game holds at most 200 rounds, not 201.",
    ),
    "a-number-of-twenty-digits": (
        lambda doc: game(doc).update(decks=10**20),
        "Numbers must be between −999,999,999 and 999,999,999.",
    ),
    "a-nul-in-a-name": (
        lambda doc: game(doc)["players"].__setitem__(0, "Ann\x00"),
        "Game 1: a name holds a control character.",
    ),
    "a-bell-in-the-note": (
        lambda doc: game(doc).update(note="Kitchen\x07"),
        "Game 1: the note holds a control character.",
    ),
    # Half of a character, written as a JSON escape: no database can store it.
    "a-lone-surrogate-in-a-name": (
        lambda doc: game(doc)["players"].__setitem__(0, "Ann\udfff"),
        "Game 1: a name holds half of a character (a lone surrogate).",
    ),
    "a-lone-surrogate-in-the-kind": (
        lambda doc: game(doc).update(kind="rummy\udfff"),
        "Game 1: Scorekeeper knows no game “rummy?”",
    ),
    "a-lone-surrogate-in-the-note": (
        lambda doc: game(doc).update(note="\ud800Kitchen"),
        "Game 1: the note holds half of a character (a lone surrogate).",
    ),
    "started-past-the-calendars-end": (
        lambda doc: game(doc).update(created_at="9999-12-31T23:59:59-14:00"),
        "Game 1: “created_at” is beyond the calendar: “9999-12-31T23:59:59-14:00”.",
    ),
    "finished-before-the-calendars-start": (
        lambda doc: game(doc).update(finished=True, finished_at="0001-01-01T00:00:00+14:00"),
        "Game 1: “finished_at” is beyond the calendar: “0001-01-01T00:00:00+14:00”.",
    ),
    # The file as a whole
    "no-format": (lambda doc: doc.pop("format"), "This is not a Scorekeeper export"),
    "other-format": (lambda doc: doc.update(format="cards"), "no “format” of ours"),
    "later-version": (
        lambda doc: doc.update(version=2),
        "This file is in version 2 of the export format; this Scorekeeper reads version 1.",
    ),
    "version-as-text": (lambda doc: doc.update(version="1"), 'version "1" of the export'),
    "no-version": (lambda doc: doc.pop("version"), "version null of the export format"),
    # JSON's true and 1.0 equal 1 in Python: the header is read as written.
    "version-as-true": (lambda doc: doc.update(version=True), "version true of the export"),
    "version-as-a-fraction": (lambda doc: doc.update(version=1.0), "version 1.0 of the export"),
    "format-as-a-list": (
        lambda doc: doc.update(format=["scorekeeper-games"]),
        "no “format” of ours",
    ),
    "no-games": (lambda doc: doc.update(games=[]), "The file holds no games."),
    "games-not-a-list": (lambda doc: doc.update(games={}), "The file holds no games."),
    "game-not-an-object": (lambda doc: doc.update(games=[4]), "Game 1 is not an object."),
    # Missing fields and wrong types
    **{
        f"no-{key}": (lambda doc, key=key: game(doc).pop(key), f"Game 1 has no “{key}”.")
        for key in (
            "kind",
            "decks",
            "settings",
            "note",
            "created_at",
            "finished",
            "finished_at",
            "paper",
            "players",
            "rounds",
        )
    },
    **{
        f"no-round-{key}": (
            lambda doc, key=key: first_round(doc).pop(key),
            f"Game 1: Round 1 has no “{key}”.",
        )
        for key in ("number", "cards", "details", "steals")
    },
    "decks-as-text": (
        lambda doc: game(doc).update(decks="2"),
        "Game 1: “decks” must be a whole number.",
    ),
    "decks-as-true": (
        lambda doc: game(doc).update(decks=True),
        "Game 1: “decks” must be a whole number.",
    ),
    "players-not-a-list": (
        lambda doc: game(doc).update(players="Ann, Ben"),
        "Game 1: “players” must be a list of names.",
    ),
    "finished-as-text": (
        lambda doc: game(doc).update(finished="no"),
        "Game 1: “finished” must be true or false.",
    ),
    "round-not-an-object": (
        lambda doc: game(doc).update(rounds=[[]]),
        "Game 1: Round 1 is not an object.",
    ),
    # The game
    "unknown-kind": (
        lambda doc: game(doc).update(kind="poker"),
        f"Game 1: Scorekeeper knows no game “poker” (only {', '.join(KINDS)}).",
    ),
    "one-player": (
        lambda doc: game(doc).update(players=["Ann"], rounds=[]),
        "Game 1: Indian Chief is for 2 to 8 players, up to 10 by house rules, not 1.",
    ),
    "a-name-twice": (
        lambda doc: game(doc)["players"].__setitem__(1, "ANN"),
        "Game 1: ANN is seated twice.",
    ),
    "a-blank-name": (
        lambda doc: game(doc)["players"].__setitem__(1, "  "),
        "Game 1: every player needs a name.",
    ),
    "a-name-not-text": (
        lambda doc: game(doc)["players"].__setitem__(1, 7),
        "Game 1: every player needs a name.",
    ),
    "a-long-name": (
        lambda doc: game(doc)["players"].__setitem__(1, "B" * 41),
        "is longer than 40 characters",
    ),
    "four-players-one-deck": (
        lambda doc: game(doc).update(decks=1),
        "Game 1: 4 players need 2 decks: one deck has too few cards.",
    ),
    "three-decks": (
        lambda doc: game(doc).update(decks=3),
        "Game 1: Indian Chief is played with 1 or 2 decks, not 3.",
    ),
    "indian-chief-settings": (
        lambda doc: game(doc).update(settings={"target_score": 100}),
        "Game 1: Indian Chief has no settings.",
    ),
    "long-note": (
        lambda doc: game(doc).update(note="n" * 201),
        "Game 1: the note is longer than 200 characters.",
    ),
    "no-date": (
        lambda doc: game(doc).update(created_at="yesterday"),
        "Game 1: “created_at” must be a date and time with its offset",
    ),
    "no-offset": (
        lambda doc: game(doc).update(created_at="2026-03-14T19:30:00"),
        "not “2026-03-14T19:30:00”",
    ),
    "finished-without-a-time": (
        lambda doc: game(doc).update(finished=True),
        "Game 1: “finished” and “finished_at” disagree.",
    ),
    "finished-and-abandoned": (
        lambda doc: game(doc).update(
            finished=True,
            finished_at="2026-03-14T21:00:00+00:00",
            abandoned_at="2026-03-14T21:00:00+00:00",
        ),
        "Game 1 is finished and abandoned: a game is one or the other.",
    ),
    "abandoned-at-no-date": (
        lambda doc: game(doc).update(abandoned_at="at ten"),
        "Game 1: “abandoned_at” must be a date and time with its offset",
    ),
    # Rounds and cards
    "round-numbered-wrong": (
        lambda doc: first_round(doc).update(number=2),
        "Game 1: Round 1: rounds must be numbered 1, 2, 3… in play order.",
    ),
    "cards-for-three": (
        lambda doc: first_round(doc)["cards"].pop(),
        "Game 1: Round 1: “cards” needs one list per player, 4 in all.",
    ),
    "cards-as-text": (
        lambda doc: first_round(doc)["cards"].__setitem__(0, "3C"),
        "Game 1: Round 1: Ann's cards must be a list of card texts like “7H”.",
    ),
    "not-a-card": (
        lambda doc: first_round(doc)["cards"].__setitem__(0, ["1Z"]),
        "Game 1: Round 1: “1Z” is not a card",
    ),
    "a-joker-in-indian-chief": (
        lambda doc: first_round(doc)["cards"].__setitem__(0, ["JK"]),
        "Game 1: Round 1: This game is played without jokers.",
    ),
    "too-many-cards": (
        lambda doc: first_round(doc)["cards"].__setitem__(0, ["AS"] * 40),
        "Game 1: Round 1: Ann has more cards than any hand holds.",
    ),
    "indian-chief-details": (
        lambda doc: first_round(doc).update(details={"winner": 0}),
        "Game 1: Round 1: an Indian Chief round has no “details”.",
    ),
    # Steals
    "steal-not-an-object": (
        lambda doc: first_round(doc).update(steals=["Ann"]),
        "Game 1: Round 1: each steal must be an object.",
    ),
    "unknown-thief": (
        lambda doc: first_round(doc)["steals"][0].update(thief="Zoe"),
        "Game 1: Round 1: a steal's “thief” must be one of the players.",
    ),
    "victim-without-card": (
        lambda doc: first_round(doc)["steals"][0].update(card=None),
        "Game 1: Round 1: a steal names a “victim” among the players and a “card”, or neither",
    ),
    "unknown-victim": (
        lambda doc: first_round(doc)["steals"][0].update(victim="Zoe"),
        "Game 1: Round 1: a steal names a “victim” among the players",
    ),
    "card-not-text": (
        lambda doc: first_round(doc)["steals"][0].update(card=12),
        "Game 1: Round 1: a steal names a “victim” among the players",
    ),
    "a-thief-twice": (
        lambda doc: first_round(doc)["steals"][1].update(thief="Ann"),
        "Game 1: Round 1: Ann steals twice.",
    ),
    "stolen-card-not-a-card": (
        lambda doc: first_round(doc)["steals"][0].update(card="QX"),
        "Game 1: Round 1: “QX” is not a card",
    ),
    # Scored again through the rules
    "stolen-card-not-in-the-meld": (
        lambda doc: first_round(doc)["steals"][0].update(card="KS"),
        "Game 1: Round 1: Dan's meld does not hold K♠ when Ann steals.",
    ),
    "steals-out-of-order": (
        lambda doc: first_round(doc)["steals"].reverse(),
        "Game 1: Round 1: Ben (K♦) cannot steal before Ann (3♣)",
    ),
    "a-meld-made-twice": (
        # Round 2: Ann's Thief again.
        lambda doc: second_round(doc, ["4C", "KS 9S 2D", "QD 8H 6C AC", "7H 7C 5D 4D 3D"]),
        "Game 1: Round 2: Ann already made Thief in round 1.",
    ),
    "eight-rounds": (
        lambda doc: game(doc).update(
            rounds=[first_round(doc) | {"number": number} for number in range(1, 9)]
        ),
        "Game 1: A game has 7 rounds, not 8.",
    ),
    "finished-after-one-round": (
        finished,
        "Game 1 is marked finished, but its rounds do not end it.",
    ),
    "the-second-game-breaks": (
        second_game_breaks,
        "Game 2: Round 1: Ben's 3♣ is already in Ann's and their own melds; only 2 decks are in "
        "play.",
    ),
}


@pytest.mark.parametrize(("edit", "message"), EDITS.values(), ids=EDITS.keys())
def test_a_file_with_a_problem_imports_nothing_and_says_why(client, edit, message):
    document = chief_document()
    edit(document)
    assert_refused(client, json.dumps(document).encode(), message)


RUMMY_EDITS = {
    "unknown-setting": (
        lambda doc: game(doc).update(settings={"wild_rank": "K"}),
        "Game 1: Rummy has no setting “wild_rank”.",
    ),
    "two-ends": (
        lambda doc: game(doc).update(settings={"target_score": 100, "max_hands": 3}),
        "Game 1: Give “target_score” or “max_hands”, not both.",
    ),
    "a-target-below-one": (
        lambda doc: game(doc).update(settings={"target_score": 0}),
        "Game 1: “target_score” must be a positive whole number, not 0.",
    ),
    "decks-the-rules-do-not-give": (
        lambda doc: game(doc).update(decks=2),
        "Game 1: Rummy for 2 players is played with 1 deck, not 2.",
    ),
    "rummy-steals": (
        lambda doc: first_round(doc).update(steals=[{"thief": "Ann", "victim": None}]),
        "Game 1: Hand 1: only Indian Chief has steals.",
    ),
    "a-question-it-does-not-ask": (
        lambda doc: first_round(doc)["details"].update(knocker=0),
        "Game 1: Hand 1: Rummy asks nothing called “knocker”.",
    ),
    "a-joker-without-jokers": (
        lambda doc: first_round(doc)["cards"].__setitem__(1, ["JK"]),
        "Game 1: Hand 1: This game is played without jokers.",
    ),
    "the-winner-holds-cards": (
        lambda doc: first_round(doc)["cards"].__setitem__(0, ["2C"]),
        "Game 1: Hand 1: Ann won by running out of cards, so their hand must be empty.",
    ),
    "a-winner-who-is-no-player": (
        lambda doc: first_round(doc)["details"].update(winner=5),
        "Game 1: Hand 1: “5” is no answer to “Who went out”.",
    ),
}


@pytest.mark.parametrize(("edit", "message"), RUMMY_EDITS.values(), ids=RUMMY_EDITS.keys())
def test_a_rummy_file_with_a_problem_imports_nothing_and_says_why(client, edit, message):
    document = rummy_document()
    edit(document)
    assert_refused(client, json.dumps(document).encode(), message)


def test_a_setting_left_empty_in_a_file_is_the_games_default(client):
    """A file may say a setting is null (left empty): it is the game's own setting, at
    its default, and the game comes in as the file has it."""
    document = rummy_document()
    game(document)["settings"] = {"target_score": None, "max_hands": 3}
    assert imported_message(client, document) == "Imported 1 game."
    assert Game.objects.get().settings == {"target_score": None, "max_hands": 3}


TONG_ITS_EDITS = {
    "an-answer-for-a-fourth-player": (
        lambda doc: first_round(doc)["details"].update(opened_3=True),
        "Game 1: Hand 1: Tong-Its asks nothing called “opened_3”.",
    ),
    "a-count-that-is-no-number": (
        lambda doc: first_round(doc)["details"].update(meld_aces_0="two"),
        "Game 1: Hand 1: “two” is no answer to “Aces in own exposed melds”.",
    ),
    "ranks-that-are-no-list": (
        lambda doc: first_round(doc)["details"].update(face_down_quads_0=True),
        "Game 1: Hand 1: “True” is no answer to “Face-down fours (ranks)”.",
    ),
    "a-box-that-is-no-box": (
        lambda doc: first_round(doc)["details"].update(opened_0="yes"),
        "Game 1: Hand 1: “yes” is no answer to “Opened”.",
    ),
    "an-end-it-does-not-know": (
        lambda doc: first_round(doc)["details"].update(end="gin"),
        "Game 1: Hand 1: “gin” is no answer to “How the hand ended”.",
    ),
}


@pytest.mark.parametrize(("edit", "message"), TONG_ITS_EDITS.values(), ids=TONG_ITS_EDITS.keys())
def test_a_tong_its_file_with_a_problem_imports_nothing_and_says_why(client, edit, message):
    document = rummy_document("tong-its")
    edit(document)
    assert_refused(client, json.dumps(document).encode(), message)


@pytest.mark.parametrize(
    "document", [chief_document(), rummy_document(), rummy_document("tong-its")]
)
def test_the_files_the_problems_start_from_import(client, document):
    assert upload(client, json.dumps(document).encode()).status_code == 302
    assert Game.objects.count() == 1


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{not json", "This is not a Scorekeeper export: it is not valid JSON."),
        (b"", "The submitted file is empty."),
        (b"[" * 100_000, "This is not a Scorekeeper export: it is not valid JSON."),
        (b"\xff\xfe\x00\x01", "This is not a Scorekeeper export: it is not text."),
        (b"[]", "This is not a Scorekeeper export: it has no “format” of ours."),
    ],
    ids=["bad-json", "empty", "nested-too-deep", "not-text", "a-list"],
)
def test_a_file_that_is_no_export_is_refused(client, content, message):
    assert_refused(client, content, message)


def test_a_file_over_the_size_limit_is_refused_unread(client, monkeypatch):
    monkeypatch.setattr(transfer, "MAX_IMPORT_BYTES", 1024 * 1024)
    content = json.dumps(chief_document()).encode() + b" " * (1024 * 1024)
    assert_refused(
        client, content, "The file is larger than 1 MB: it cannot be a Scorekeeper export."
    )


def test_a_post_without_a_file_asks_for_one(client):
    response = client.post(reverse("games-import"), {})
    assert response.status_code == 200
    assert file_errors(text(response)) == ["This field is required."]


def assert_refused(client, content: bytes, message: str) -> None:
    """The import page again, the message next to the file field; no game saved."""
    response = upload(client, content)
    assert response.status_code == 200
    html = text(response)
    assert is_whole_page(html)
    errors = file_errors(html)
    assert len(errors) == 1 and message in errors[0], errors
    assert not Game.objects.exists()


@pytest.mark.parametrize("score", [PAPER_SCORE + 1, -PAPER_SCORE - 1])
def test_a_paper_score_no_sheet_holds_is_refused(client, score):
    document = rummy_document()
    finished(document)
    game(document).update(paper=True)
    game(document)["rounds"] = [
        {"number": 1, "cards": [[], []], "details": {"scores": [score, 0]}, "steals": []}
    ]

    assert_refused(
        client,
        json.dumps(document).encode(),
        "Game 1: Hand 1: a paper game's scores lie between −100,000 and 100,000.",
    )


def test_a_failure_while_writing_removes_the_games_already_written(client, monkeypatch):
    # Three good games; the database gives way once their games and rounds are written,
    # while their hands are.
    document = evening_of(3)
    write = Hand.objects.bulk_create
    written = []

    def failing(*args, **kwargs):
        written.append(Round.objects.count())
        raise DatabaseError("database is locked")

    monkeypatch.setattr(Hand.objects, "bulk_create", failing)

    response = upload(client, json.dumps(document).encode())

    assert response.status_code == 200
    [error] = file_errors(text(response))
    assert "(database is locked); nothing was imported." in error
    assert written == [3] and not Game.objects.exists() and not Round.objects.exists()
    monkeypatch.setattr(Hand.objects, "bulk_create", write)
    assert upload(client, json.dumps(document).encode()).status_code == 302
    assert Game.objects.count() == 3


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("count", [1, 6])
def test_a_file_is_written_in_a_few_statements(client, count):
    # All or nothing even if the server dies midway (test_import_limits): one transaction
    # for the whole file, and a short one however many games the file holds: the same few
    # statements for one game or six.
    with CaptureQueriesContext(connection) as queries:
        assert upload(client, json.dumps(evening_of(count)).encode()).status_code == 302
    writes = [query["sql"] for query in queries if query["sql"].startswith(("INSERT", "UPDATE"))]

    assert Game.objects.count() == count
    # The players (all new), the games, their times from the file, their start in the
    # history, seats, rounds, hands and steals; then the session keeping the browser's key.
    assert len(writes) == 9, writes
