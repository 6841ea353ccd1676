"""Printable sheets: real PDFs, read back with pypdf, and looked at through pdftoppm."""

import os
import re
import subprocess
import sys
import uuid

import pytest

from games import limits
from games.models import Game, scores
from games.sheets import pdf as sheets
from tests.factories import add_round, fresh, make_game, new_game
from tests.web.pages import text
from tests.web.play.hands import save_hand, start
from tests.web.sheets.pdfs import pdf_text, save_first_page_png

pytestmark = pytest.mark.django_db

MELD_LABELS = ["Thief", "Beggar Man", "Poor Man", "Lawyer", "Rich Man", "Doctor", "Indian Chief"]
# Page sizes in PDF points (1/72 inch).
A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)


@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)], ids=["a4", "letter"])
def test_blank_sheet_has_the_grid_and_a_reference_page(client, paper, size):
    response = client.get(
        "/sheets/indian-chief/blank.pdf",
        {"players": 4, "paper": paper, "names": "Ann,Ben,Cleo,Dan"},
    )

    assert response.status_code == 200
    reader, _ = pdf_text(response)
    assert len(reader.pages) == 2
    for page in reader.pages:
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx(
            size, abs=0.5
        )
    grid = reader.pages[0].extract_text()
    for label in MELD_LABELS:
        assert label in grid
    for name in ["Ann", "Ben", "Cleo", "Dan"]:
        assert name in grid
    assert "Total" in grid and "Date" in grid
    assert "poker" in reader.pages[1].extract_text().lower()
    save_first_page_png(response.content, f"blank-4-{paper}")


def test_blank_sheet_without_names_leaves_the_column_heads_to_write_on(client):
    response = client.get("/sheets/indian-chief/blank.pdf", {"players": 8})

    reader, _ = pdf_text(response)
    assert "Ann" not in reader.pages[0].extract_text()
    save_first_page_png(response.content, "blank-8-a4")


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"players": 1}, "Choose 2 to 10 players"),
        ({"players": 11}, "Choose 2 to 10 players"),
        ({"players": "four"}, "Choose 2 to 10 players"),
        ({"players": "²"}, "Choose 2 to 10 players"),  # a digit to isdigit(), not to int()
        ({}, "Choose 2 to 10 players"),
        ({"players": 3, "paper": "a3"}, "Paper must be A4 or Letter"),
        ({"players": 2, "names": "Ann,Ben,Cleo"}, "3 names were given for 2 players"),
        ({"players": 8, "names": "Bartholomew"}, "too long for a column"),
        (
            {"players": 3, "preset": "penalty"},
            "Indian Chief has no house rules “penalty”: choose Book or Board Game Arena or "
            "CatsAtCards rules.",
        ),
    ],
)
def test_bad_blank_sheet_parameters_get_a_clear_400(client, query, message):
    response = client.get("/sheets/indian-chief/blank.pdf", query)

    assert response.status_code == 400
    assert message in response.content.decode()


@pytest.mark.parametrize(
    ("kind", "preset", "line"),
    [
        ("indian-chief", "", "Rules: Book"),
        ("indian-chief", "bga", "Rules: Board Game Arena"),
        ("rummy", "penalty", "Rules: Penalty Rummy. The lowest total wins."),
        ("three-thirteen", "", "Rules: Book. The lowest total wins."),
    ],
)
def test_a_blank_sheet_prints_the_rules_of_its_preset(client, kind, preset, line):
    response = client.get(f"/sheets/{kind}/blank.pdf", {"players": 3, "preset": preset})

    _, text = pdf_text(response)
    assert line in text.splitlines()
    assert response["Content-Disposition"].endswith(
        f'{kind}{"-" + preset if preset else ""}-3-players-a4.pdf"'
    )


def test_a_long_name_fits_when_there_are_few_players(client):
    response = client.get("/sheets/indian-chief/blank.pdf", {"players": 2, "names": "Bartholomew"})

    assert response.status_code == 200


def test_a_repeated_blank_sheet_comes_from_the_cache(client, renders):
    query = {"players": 5, "paper": "letter"}

    first = client.get("/sheets/indian-chief/blank.pdf", query)
    second = client.get("/sheets/indian-chief/blank.pdf", query)
    other = client.get("/sheets/indian-chief/blank.pdf", {"players": 6})

    assert first.content == second.content
    assert other.content != first.content
    # The 5-player grid once, the 6-player grid once; the reference page once per paper.
    assert sorted(renders) == [
        "sheets/indian_chief_reference.html",
        "sheets/indian_chief_reference.html",
        "sheets/sheet.html",
        "sheets/sheet.html",
    ]


def test_the_reference_page_is_laid_out_once_for_every_grid_on_that_paper(client, renders):
    for players in (2, 3, 4):
        response = client.get("/sheets/indian-chief/blank.pdf", {"players": players})
        reader, _ = pdf_text(response)
        assert "at a glance" in reader.pages[1].extract_text()

    assert renders.count("sheets/indian_chief_reference.html") == 1
    assert renders.count("sheets/sheet.html") == 3


def play(game: Game, rounds: list[list[str]]) -> Game:
    for cards in rounds:
        game.refresh_from_db()
        game.record_round(cards, uuid.uuid4(), game.version)
    game.refresh_from_db()
    return game


# Ann and Ben, seven rounds, scores worked out by hand (see tests/web/models/test_models.py).
SEVEN_ROUNDS = [
    ["KC", "AS 2H 3C AD 4S"],  # Thief 10; Rich Man −11
    ["7H 7C", "7S 5S 3D"],  # Beggar Man 2 (matches 7♠); Poor Man 12
    ["QS 10S 3H", "9D"],  # Poor Man 20; Thief 9
    ["QD 8H 6C AC", "2C 4D"],  # Lawyer 25; Beggar Man 0
    ["KH KD QH JS 9C", "KS 9S 2D AH"],  # Rich Man −49; Lawyer 0
    ["AH 3H 5H 7S 9D JC", "2H 4S 6D 8C 10H QC"],  # Doctor 30; Doctor 0 (no ace)
    ["5S 6H 7D 8C 9H KC 7H", "2S 3S 4S 6S JS 9D KD"],  # Indian Chief 32; Indian Chief 39
]


def test_filled_sheet_shows_every_score_total_the_winner_and_a_qr_code(client):
    game = play(make_game(["Ann", "Ben"], note="Kitchen table"), SEVEN_ROUNDS)

    response = client.get(f"/games/{game.pk}/sheet.pdf")

    assert response.status_code == 200
    reader, text = pdf_text(response)
    # Layout mode keeps the sheet's lines: each meld's line holds Ann's score, then Ben's.
    lines = reader.pages[0].extract_text(extraction_mode="layout").splitlines()
    rows = {line.split()[0]: line.split() for line in lines if line.strip()}
    assert rows["Thief"][-2:] == ["10", "9"]
    assert rows["Total"] == ["Total", "70", "49"]
    grid = " ".join(lines)
    for score in ["-11", "2", "12", "20", "25", "0", "-49", "30", "32", "39"]:
        assert score in grid.split()
    assert "Winner: Ann" in grid
    assert "Kitchen table" in grid
    assert "Rules: Book" in text.splitlines()
    # Under the grid, in small print: each player's cards, meld by meld, with the round.
    assert "Ann Thief, round 1: K♣ · Beggar Man, round 2: 7♥ 7♣, matches 7♠ ·" in text
    assert "Indian Chief, round 7: 5♠ 6♥ 7♦ 8♣ 9♥ K♣ 7♥, straight + baccarat 7♦ K♣" in text
    assert f"/games/{game.pk}/" in grid  # the QR code's address, printed under it too
    assert len(reader.pages[0].images) == 1  # the QR code, a PNG (games/qr.py)
    save_first_page_png(response.content, "filled-2-players")


def test_filled_sheet_of_a_game_in_progress(client):
    game = play(make_game(["Ann", "Ben"]), SEVEN_ROUNDS[:2])

    _, text = pdf_text(client.get(f"/games/{game.pk}/sheet.pdf"))

    assert "In progress: 2 of 7 rounds played." in text
    # Only the melds made so far have cards to show, in the grid's order.
    assert "Ben Poor Man, round 2: 7♠ 5♠ 3♦ · Rich Man, round 1: A♠ 2♥ 3♣ A♦ 4♠" in text
    assert "Lawyer, round" not in text


def test_a_cribbage_sheet_reads_like_a_pegboard_and_explains_each_count(client):
    # The crib and starter go in after the players; Ann deals hand 1: 5♦ cut, Ben's 29
    # and 6 pegged (35), Ann's 24, 4 pegged and the crib's 4 (32).
    game = start(client, "cribbage", ["Ann", "Ben"])
    cards = ["4S 4H 6C 6D", "5S 5H 5C JD", "KH QD 2C 9S", "5D"]
    assert save_hand(client, game, cards, pegging_0=4, pegging_1=6).status_code == 302

    response = client.get(f"/games/{game.pk}/sheet.pdf")
    _, text = pdf_text(response)

    # How far each player has to go to 121, under the totals.
    assert re.search(r"Total\s*32\s*35\s*To go\s*89\s*86", text), text
    assert "Ben shows 29 (fifteen two, fifteen four" in " ".join(text.split())
    save_first_page_png(response.content, "filled-cribbage")


def test_the_cache_keeps_a_sheet_for_a_day_and_a_reference_page_for_good(client, monkeypatch):
    # Names asked for and versions of games are without end: their sheets must leave a
    # shared cache by themselves. The reference pages are one a board and paper.
    kept: dict[str, int | None] = {}
    real = sheets.cache.set

    def keep(key, value, timeout):
        if key.startswith("sheet:"):  # the scores the sheet reads are kept their own way
            kept[key] = timeout
        real(key, value, timeout)

    monkeypatch.setattr(sheets.cache, "set", keep)
    game = play(make_game(["Ann", "Ben"]), SEVEN_ROUNDS[:1])

    client.get("/sheets/indian-chief/blank.pdf", {"players": 2, "names": "Ann, Ben"})
    client.get(f"/games/{game.pk}/sheet.pdf")

    # Keys "sheet:a4:…" (the game's), "sheet:blank:…" and "sheet:reference:…".
    lifetimes = {key.split(":")[1]: timeout for key, timeout in kept.items()}
    assert lifetimes == {"a4": 24 * 60 * 60, "blank": 24 * 60 * 60, "reference": None}


def test_filled_sheet_is_cached_until_the_game_changes(client, renders):
    game = play(make_game(["Ann", "Ben"]), SEVEN_ROUNDS[:2])

    first = client.get(f"/games/{game.pk}/sheet.pdf")
    client.get(f"/games/{game.pk}/sheet.pdf")
    assert len(renders) == 1

    # An edit of round 1 changes the game's version: the next request renders again.
    game.edit_round(1, ["5C", "AS 2H 3C AD 4S"], game.version)
    changed = client.get(f"/games/{game.pk}/sheet.pdf")

    assert len(renders) == 2
    assert changed["ETag"] != first["ETag"]
    _, text = pdf_text(changed)
    assert "5♣" in text


def test_an_unchanged_sheet_is_not_downloaded_again(client):
    game = play(make_game(["Ann", "Ben"]), SEVEN_ROUNDS[:1])
    first = client.get(f"/games/{game.pk}/sheet.pdf")

    again = client.get(f"/games/{game.pk}/sheet.pdf", headers={"If-None-Match": first["ETag"]})
    since = client.get(
        f"/games/{game.pk}/sheet.pdf", headers={"If-Modified-Since": first["Last-Modified"]}
    )

    assert again.status_code == 304
    assert since.status_code == 304
    assert again.content == b""


def test_filled_sheet_rejects_unknown_paper_and_missing_games(client):
    game = make_game(["Ann", "Ben"])

    assert client.get(f"/games/{game.pk}/sheet.pdf", {"paper": "a3"}).status_code == 400
    assert client.get("/games/999999/sheet.pdf").status_code == 404


def test_home_page_links_the_blank_sheet_form_and_the_game_page_links_its_sheet(client):
    game = make_game(["Ann", "Ben"])

    assert 'action="/sheets/blank.pdf"' in client.get("/").content.decode()
    assert f'href="/games/{game.pk}/sheet.pdf"' in client.get(f"/games/{game.pk}/").content.decode()


# Seven melds with no card in common: eight players, two decks, each meld once per player.
EIGHT = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hal"]
DISJOINT_MELDS = [
    "2C",  # Thief 2
    "3C 3D",  # Beggar Man
    "QS 10S 4H",  # Poor Man 20
    "QD 8H 6C AC",  # Lawyer 25
    "KH KD JH JS 9C",  # Rich Man −49
    "AH 3H 5H 7S 9D JC",  # Doctor 30
    "5S 6H 7D 8C 9H KC 7H",  # Indian Chief 32
]


@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)], ids=["a4", "letter"])
def test_a_finished_eight_player_game_fits_one_page(client, paper, size):
    rounds = [[DISJOINT_MELDS[(p + r) % 7] for p in range(8)] for r in range(7)]
    game = play(make_game(EIGHT), rounds)

    response = client.get(f"/games/{game.pk}/sheet.pdf", {"paper": paper})

    reader, text = pdf_text(response)
    assert len(reader.pages) == 1
    assert (float(reader.pages[0].mediabox.width), float(reader.pages[0].mediabox.height)) == (
        pytest.approx(size, abs=0.5)
    )
    # Every player makes every meld once, with the same cards, and only the Beggar Man's
    # score differs. Ann and Hal (seats 0 and 7) make the same meld in every round, so their
    # Beggar Men meet: each matches the other's 3♣ 3♦ and the Doctor's 3♥, 3 × 2 = 6. Every
    # other Beggar Man matches the Doctor's 3♥ alone: 2, or 4 for Dan, whose round has two
    # Doctors. Ann and Hal 66, Dan 64, the others 62.
    assert "Shared win: Ann and Hal" in text
    for name in EIGHT:
        assert name in text
    save_first_page_png(response.content, f"filled-8-players-{paper}")


def test_the_game_page_offers_its_sheet_on_a4_and_on_letter(client):
    game = play(make_game(["Ann", "Ben"]), SEVEN_ROUNDS[:2])
    page = client.get(game.get_absolute_url()).content.decode()

    links = {
        label: href.replace("&amp;", "&")
        for href, label in re.findall(
            r'<a class="button" href="([^"]*sheet\.pdf[^"]*)">([^<]+)</a>', page
        )
    }

    assert links == {
        "Print the sheet (A4 PDF)": f"/games/{game.pk}/sheet.pdf",
        "Letter PDF": f"/games/{game.pk}/sheet.pdf?paper=letter",
    }
    for href, size in ((links["Print the sheet (A4 PDF)"], A4), (links["Letter PDF"], LETTER)):
        reader, _ = pdf_text(client.get(href))
        box = reader.pages[0].mediabox
        assert (float(box.width), float(box.height)) == pytest.approx(size, abs=0.5)


def test_the_app_starts_without_loading_weasyprint():
    """WeasyPrint needs the system's Pango: without it only the sheets may fail, not the app."""
    script = (
        "import sys, django; django.setup(); import games.urls; print('weasyprint' in sys.modules)"
    )
    output = subprocess.run(
        [sys.executable, "-c", script],
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "scorekeeper.settings"},
        capture_output=True,
        text=True,
        check=True,
    ).stdout

    assert output.strip() == "False"


def test_a_server_without_pango_says_printing_is_not_set_up(client, monkeypatch):
    # As if WeasyPrint could not be loaded: the page says why instead of failing.
    monkeypatch.setitem(sys.modules, "weasyprint", None)
    sheets._weasyprint.cache_clear()
    try:
        response = client.get("/sheets/indian-chief/blank.pdf", {"players": 4})
    finally:
        monkeypatch.undo()
        sheets._weasyprint.cache_clear()

    assert response.status_code == 503
    assert "Printing is not set up on this server" in response.content.decode()
    assert client.get("/sheets/indian-chief/blank.pdf", {"players": 4}).status_code == 200


# ---------------------------------------------------------------------------
# The rummy family: a row per hand, two columns a player (the hand, the total after)


@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)], ids=["a4", "letter"])
def test_a_blank_three_thirteen_sheet_has_its_eleven_hands_with_their_wild_cards(
    client, paper, size
):
    response = client.get(
        "/sheets/three-thirteen/blank.pdf", {"players": 8, "paper": paper, "names": "Ann,Ben"}
    )
    assert response.status_code == 200
    reader, text = pdf_text(response)
    assert len(reader.pages) == 1
    assert tuple(round(float(v), 1) for v in reader.pages[0].mediabox[2:]) == pytest.approx(
        size, abs=0.5
    )
    words = " ".join(text.split())
    assert "Three Thirteen" in words and "Ann Ben" in words
    # Hand 1 deals 3 cards with threes wild, … hand 11 deals 13 with kings wild, and no more.
    assert "3 cards each; 3s are wild." in words and "11 13 cards each; Ks are wild." in words
    assert "12 14 cards" not in words
    save_first_page_png(response.content, f"blank-three-thirteen-{paper}")


def test_a_blank_tong_its_sheet_keeps_chips_and_the_pot(client):
    response = client.get("/sheets/tong-its/blank.pdf", {"players": 3})
    _, text = pdf_text(response)
    assert "Tong-Its" in text and "Pot" in text and "chips" in text
    save_first_page_png(response.content, "blank-tong-its-a4")


@pytest.mark.parametrize(
    ("path", "query", "message"),
    [
        ("/sheets/tong-its/blank.pdf", {"players": 4}, "Choose 3 players for Tong-Its"),
        ("/sheets/carousel/blank.pdf", {"players": 6}, "Choose 2 to 5 players for Carousel"),
    ],
)
def test_a_blank_sheet_for_the_wrong_table_is_refused(client, path, query, message):
    response = client.get(path, query)
    assert response.status_code == 400
    assert message in response.content.decode()


def test_the_home_pages_sheet_form_leads_to_the_chosen_games_sheet(client):
    response = client.get("/sheets/blank.pdf", {"kind": "rummy", "players": "4", "paper": "a4"})
    assert response.status_code == 302
    assert response["Location"] == "/sheets/rummy/blank.pdf?players=4&paper=a4"
    assert client.get("/sheets/poker/blank.pdf", {"players": 4}).status_code == 404


def test_a_filled_carousel_sheet_has_every_score_running_total_and_why(client):
    game = start(client, "carousel", ["Ann", "Ben", "Cleo"])
    # Hand 1: Ann knocks with 2♥; Ben 35 (K♠ and a joker), Cleo 4: Ann wins 33 + 2 = 35.
    save_hand(client, game, ["2H", "KS JK", "4D"], knocker=0)
    # Hand 2: Cleo knocks with A♣ = 1; Ann's A♦ = 1 undercuts: 0 + 7 + 10 = 17.
    save_hand(client, game, ["AD", "8S", "AC"], knocker=2)
    response = client.get(f"/games/{game.pk}/sheet.pdf")
    assert response.status_code == 200
    assert 'filename="carousel-game-' in response["Content-Disposition"]
    _, text = pdf_text(response)
    words = " ".join(text.split())
    assert "Carousel" in words and "In progress: 2 hands played." in words
    # Ann's row: 35 then 17, running 35 then 52; the total row says 52.
    assert "35 35" in words and "17 52" in words
    assert "Ann knocked with 2" in words and "Ann undercuts with 1" in words
    assert "dealt by Ann" in words and "dealt by Ben" in words
    save_first_page_png(response.content, "filled-carousel-a4")


def test_a_filled_sheet_says_how_the_game_was_set_to_end(client):
    game = start(client, "indian-rummy", ["Ann", "Ben"], jokers="", target_score=500)
    save_hand(client, game, ["", "2H 3H 4H 5S 7D 9C JC QD KS AS 8C 6D 10S"], winner=0)

    _, text = pdf_text(client.get(f"/games/{game.pk}/sheet.pdf"))

    assert "Played to 500 points, no jokers." in " ".join(text.split())


def tong_its_game(hands: int) -> Game:
    """Ann, Ben and Cleo's Tong-Its, `hands` alike: Ann calls tongit with no cards left,
    Ben (opened) holds K♠ and Cleo 2♣."""
    game = new_game("tong-its", ["Ann", "Ben", "Cleo"])
    answers = {"end": "tongit", "caller": 0, "opened_0": True, "opened_1": True}
    for _ in range(hands):
        add_round(game, {"Ann": "", "Ben": "KS", "Cleo": "2C"}, details=answers)
    Game.objects.filter(pk=game.pk).update(version=hands)
    return fresh(game)


def test_a_long_games_sheet_carries_its_earlier_hands_forward_and_says_so(client):
    game = tong_its_game(40)
    standings = scores.standings(game)

    response = client.get(f"/games/{game.pk}/sheet.pdf")

    reader, text = pdf_text(response)
    words = " ".join(text.split())
    # As many hands as a blank sheet holds (16): hands 25 to 40, after one row carrying
    # hands 1 to 24 forward with each player's total after them.
    assert len(reader.pages) <= 2
    lines = [" ".join(line.split()) for line in text.splitlines()]
    row = lines.index("1–24")
    assert lines[row + 1] == "carried forward"
    carried = " ".join(str(total) for total in standings.rows[23].running)
    assert lines[row + 2].startswith(carried)
    assert lines[row + 3] == "25"
    assert (
        "Hands 1–24 are carried forward: each one's scores and how it was scored are on "
        "the game's page (the QR code below) and in its CSV export." in words
    )
    assert "Hand 25." in words and "Hand 40." in words and "Hand 24." not in words
    assert " ".join(str(total) for total in standings.totals) in words


def test_a_sheet_as_long_as_a_blank_one_carries_nothing_forward(client):
    _, text = pdf_text(client.get(f"/games/{tong_its_game(16).pk}/sheet.pdf"))

    assert "carried forward" not in text
    assert "Hand 1." in text and "Hand 16." in text


def test_a_port_in_the_host_header_neither_renders_a_sheet_again_nor_is_printed(client, renders):
    game = play(make_game(["Ann", "Ben"]), SEVEN_ROUNDS[:1])
    url = f"/games/{game.pk}/sheet.pdf"

    first = client.get(url, headers={"host": "testserver:8443"})
    again = client.get(url, headers={"host": "testserver:1"})

    assert len(renders) == 1
    assert again.content == first.content
    _, text = pdf_text(first)
    assert f"http://testserver/games/{game.pk}/" in text


def test_the_port_the_server_listens_on_is_printed(client, renders):
    """`runserver` on :8000: the phone scanning the sheet needs the port."""
    game = play(make_game(["Ann", "Ben"]), SEVEN_ROUNDS[:1])
    url = f"/games/{game.pk}/sheet.pdf"

    own = client.get(url, headers={"host": "testserver:8000"}, SERVER_PORT="8000")
    other = client.get(url, headers={"host": "testserver:8443"}, SERVER_PORT="8000")

    assert f"http://testserver:8000/games/{game.pk}/" in pdf_text(own)[1]
    assert f"http://testserver/games/{game.pk}/" in pdf_text(other)[1]
    assert len(renders) == 2


def test_a_sheet_larger_than_sheets_are_is_sent_but_not_kept(client, renders, monkeypatch):
    game = play(make_game(["Ann", "Ben"]), SEVEN_ROUNDS[:1])
    url = f"/games/{game.pk}/sheet.pdf"
    size = len(client.get(url).content)
    assert len(renders) == 1
    client.get(url)
    assert len(renders) == 1

    monkeypatch.setattr(sheets, "SHEET_MOST_BYTES", size - 1)
    sheets.cache.clear()
    for _ in range(2):
        assert client.get(url).status_code == 200

    assert len(renders) == 3


def test_a_sheets_scoring_leaves_its_layout_room_in_the_budget(client, monkeypatch):
    """WeasyPrint's layout cannot be stopped once it has the sheet: the game's scores are
    worked out within the budget less the layout's time, and past it the sheet is refused
    as too much work, never printed late."""
    game = start(client, "rummy")
    assert save_hand(client, game, ["", "KS QS", "2H"], winner=0).status_code == 302
    Game.objects.filter(pk=game.pk).touch()  # scored afresh, under the sheet's budget
    url = f"/games/{game.pk}/sheet.pdf"
    monkeypatch.setattr(limits, "VISITOR_SECONDS", 60)

    monkeypatch.setattr(sheets, "LAYOUT_SECONDS", 61)
    refused = client.get(url)
    monkeypatch.setattr(sheets, "LAYOUT_SECONDS", 59)
    printed = client.get(url)

    assert refused.status_code == 503 and "Too much work for one request" in text(refused)
    assert printed.status_code == 200 and printed["Content-Type"] == "application/pdf"
