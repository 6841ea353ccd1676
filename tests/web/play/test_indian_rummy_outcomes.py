"""Indian Rummy's outcomes and pools at the table (`shared/rules/house-rules.md` H61–H66,
H90), through the pages as a phone without JavaScript uses them: each player but the
declarer says how their deal ended, a player who dropped shows no cards, and a pool puts
players out, who then sit out.

Every score is a worked example of H61, H65 or H66.
"""

import io
import re

import pytest
from pypdf import PdfReader

from games.models import Game
from tests.web.pages import entry_url, errors_on, game_page, hand_form, text, totals_on
from tests.web.play.hands import save_hand, start

pytestmark = pytest.mark.django_db

NAMES = ("Ann", "Ben", "Cat")
# H66's worked example, pool 101, by deal: Ben shows 118, charged 80 (full count), and
# then 21; Ann shows 30 in deal 4. The declarers show no cards.
SHOWS_118 = "KS QH JD 10C 9S KH QD JC 10H 9D 8C 7H 5S"
SHOWS_21 = "2S 3S 4S 5H 6H 7H KC KD KS 10D 5C 4D 2C"
SHOWS_30 = "2S 3S 4S 5H 6H 7H KC KD KS 10D 9C 8D 3C"


def outcome_choices(html: str, seat: int) -> list[str]:
    """The labels of a player's choice of how the deal ended, in order."""
    radio = rf'<input type="radio" name="outcome_{seat}" value="[^"]*"[^>]*>'
    return re.findall(rf"<label[^>]*>{radio}\s*([^<]+)</label>", html)


def refreshed(client, game: Game, **answers) -> str:
    """The entry as it comes back after the answers are tapped (a post without Save)."""
    data = hand_form(client, game) | {"refresh": "1"}
    return text(client.post(entry_url(game), data | {k: str(v) for k, v in answers.items()}))


@pytest.mark.parametrize(
    ("settings", "choices"),
    [
        (
            {"preset": "points"},
            ["Showed", "First drop (20)", "Middle drop (40)", "Wrong show (80)"],
        ),
        (
            {"preset": "pool_201"},
            ["Showed", "First drop (25)", "Middle drop (50)", "Wrong show (80)"],
        ),
        # Only the outcomes the rules have, each with what it charges.
        ({"first_drop": "25"}, ["Showed", "First drop (25)"]),
        (
            {"preset": "points", "middle_drop": "none", "wrong_show": "none"},
            ["Showed", "First drop (20)"],
        ),
        # The book has none: nothing new is asked.
        ({}, []),
    ],
)
def test_each_player_but_the_declarer_is_offered_the_outcomes_the_rules_have(
    client, settings, choices
):
    game = start(client, "indian-rummy", NAMES, **settings)

    html = refreshed(client, game, winner=0)

    assert outcome_choices(html, 0) == []
    assert outcome_choices(html, 1) == choices
    assert outcome_choices(html, 2) == choices
    # Showed is the choice until another is made.
    if choices:
        assert re.search(r'name="outcome_1" value=""[^>]*checked', html)


def test_the_dock_asks_the_player_the_cards_go_to_and_a_drop_moves_the_cards_on(client):
    game = start(client, "indian-rummy", NAMES, preset="points")

    html = refreshed(client, game, winner=0)

    # Ben gets the cards first (Ann declared): the dock asks him how his deal ended.
    dock = html[html.index('<div class="dock">') :]
    assert "<legend>How the deal ended for Ben</legend>" in dock
    assert 'name="outcome_1"' in dock and 'name="outcome_2"' not in dock

    # Ben first-drops: he shows no cards, and the cards go to Cat.
    html = refreshed(client, game, winner=0, outcome_1="first_drop", active=1)
    assert re.search(r'<section class="player active"[^>]*aria-label="Cat"', html)
    assert re.search(r'aria-label="Ben"[^>]*data-bare', html)
    assert "<legend>How the deal ended for Cat</legend>" in html


def test_a_first_drop_under_points_scores_as_h61_and_shows_in_its_row(client):
    # H61: Ann declares, Ben first-drops, Cat shows 30: [+50, −20, −30].
    game = start(client, "indian-rummy", NAMES, preset="points")

    response = save_hand(client, game, ["", "", SHOWS_30], winner=0, outcome_1="first_drop")

    assert response.status_code == 302, errors_on(text(response))
    html = game_page(client, game)
    assert totals_on(html) == [50, -20, -30]
    assert '<td>-20<span class="outcome"> first drop 20</span></td>' in html
    # Stored as answered, so the game scores again from what was stored.
    stored = Game.objects.get(pk=game.pk)
    assert stored.rounds.get().details["outcome_1"] == "first_drop"
    assert stored.standings().totals == (50, -20, -30)


def test_the_last_one_standing_wins_without_showing(client):
    # H65: Ben and Cat drop, first and middle: Ann wins without a show, [+60, −20, −40].
    game = start(client, "indian-rummy", NAMES, preset="points")

    response = save_hand(
        client, game, ["", "", ""], winner=0, outcome_1="first_drop", outcome_2="middle_drop"
    )

    assert response.status_code == 302, errors_on(text(response))
    assert totals_on(game_page(client, game)) == [60, -20, -40]


def test_an_outcome_the_rules_do_not_have_is_refused(client):
    game = start(client, "indian-rummy", NAMES, first_drop="20")

    response = save_hand(client, game, ["", "", SHOWS_30], winner=0, outcome_1="wrong_show")

    assert response.status_code == 200
    assert any("wrong_show" in error for error in errors_on(text(response)))


def test_a_pool_101_player_who_goes_out_sits_out_and_the_board_says_so(client):
    game = start(client, "indian-rummy", NAMES, preset="pool_101")
    deals = [
        # 1: Ann declares, Ben shows 118 (80), Cat first-drops: [0, 80, 20].
        ({"winner": 0, "outcome_2": "first_drop"}, ["", SHOWS_118, ""]),
        # 2: Ann and Ben drop (40, 20), Cat wins unshown: [40, 100, 20].
        ({"winner": 2, "outcome_0": "middle_drop", "outcome_1": "first_drop"}, ["", "", ""]),
        # 3: Ann declares, Ben shows 21 (121: out), Cat's wrong show (100).
        ({"winner": 0, "outcome_2": "wrong_show"}, ["", SHOWS_21, ""]),
    ]
    for answers, cards in deals:
        response = save_hand(client, game, cards, **answers)
        assert response.status_code == 302, errors_on(text(response))

    html = game_page(client, game)
    assert totals_on(html) == [40, 121, 100]
    assert '<span class="out-after"> out after deal 3</span>' in html
    assert '<col class="out">' in html
    assert "Out at 101: the lowest total wins." in html
    assert re.search(r'aria-label="leads Ann"', html)
    assert '<td>40<span class="outcome"> middle drop 40</span></td>' in html
    assert '<td>80<span class="outcome"> wrong show 80</span></td>' in html
    # Deals 1 to 3 were dealt by Ann, Ben and Cat: Ann deals deal 4.
    assert "Next to deal: <strong>Ann</strong>" in html

    # Deal 4: Ben is neither asked how it ended nor offered as its declarer.
    entry = refreshed(client, game, winner=0)
    assert outcome_choices(entry, 1) == []
    assert 'name="winner" value="1"' not in entry
    assert "Out after deal 3: sits this one out." in entry
    refused = save_hand(client, game, ["", "", ""], winner=1, outcome_0="first_drop")
    assert refused.status_code == 200
    assert totals_on(game_page(client, game)) == [40, 121, 100]

    # Ann shows 30 (70) and Cat declares; the deal passes from Ann over Ben to Cat.
    response = save_hand(client, game, [SHOWS_30, "", ""], winner=2)
    assert response.status_code == 302, errors_on(text(response))
    html = game_page(client, game)
    assert totals_on(html) == [70, 121, 100]
    assert "Next to deal: <strong>Cat</strong>" in html

    # Deal 5: Cat first-drops (120: out). Ann is the last one in, and wins.
    response = save_hand(client, game, ["", "", ""], winner=0, outcome_2="first_drop")
    assert response.status_code == 302, errors_on(text(response))
    standings = Game.objects.get(pk=game.pk).standings()
    assert standings.totals == (70, 121, 120)
    assert standings.complete and standings.winners == ("Ann",)
    assert standings.out_after == (None, 3, 5)
    html = game_page(client, game)
    assert "Ann wins with 70" in html and "Next to deal" not in html
    assert "out after deal 5" in html


def test_a_pool_sheet_prints_who_went_out_and_each_outcome(client):
    game = start(client, "indian-rummy", NAMES, preset="pool_101")
    save_hand(client, game, ["", SHOWS_118, ""], winner=0, outcome_2="first_drop")
    save_hand(client, game, ["", "", ""], winner=2, outcome_0="middle_drop", outcome_1="first_drop")
    save_hand(client, game, ["", SHOWS_21, ""], winner=0, outcome_2="wrong_show")

    response = client.get(f"/games/{game.pk}/sheet.pdf")

    reader = PdfReader(io.BytesIO(response.content))
    printed = " ".join(" ".join(page.extract_text().split()) for page in reader.pages)
    assert "Ben out after deal 3" in printed
    for outcome in ("first drop 20", "middle drop 40", "wrong show 80"):
        assert outcome in printed
    assert "Rules: Pool 101. The lowest total wins." in printed
