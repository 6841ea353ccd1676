"""Players and their figures: the roster, and a page per player, over hand-built games.

Every figure is worked out by hand in the comments, from the games' cards: the Indian Chief
games are WIN_ROUNDS and TIE_ROUNDS of tests/factories.py, whose every meld score is
explained there; the rummy-family hands are explained here.
"""

import itertools
import re
from datetime import UTC, datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from games.history import stats
from games.models import Game, Hand, Player
from games.models import scores as read_model
from games.rules import KINDS
from games.rules.budget import TooCostly
from games.rules.indian_chief import scoring as ic_scoring
from games.rules.indian_chief.melds import Meld, PokerHand
from tests.factories import TIE_ROUNDS, WIN_ROUNDS, add_round, make_game
from tests.web.accounts.visitors import as_browser
from tests.web.pages import text

pytestmark = pytest.mark.django_db

# The browser key of the visitor in these tests; other browsers' games are not theirs.
MINE = "0123456789abcdef0123456789abcdef"
THEIRS = "fedcba9876543210fedcba9876543210"


def on(day: int) -> datetime:
    return datetime(2026, 3, day, 20, 0, tzinfo=UTC)


def finished(names: list[str], day: int, browser: str = MINE, **kwargs) -> Game:
    """A game started and finished on 2026-03-`day`, kept by `browser`."""
    game = make_game(names, browser=browser, finished_at=on(day), **kwargs)
    Game.objects.filter(pk=game.pk).update(created_at=on(day))
    return game


def indian_chief(names: list[str], day: int, rounds, **kwargs) -> Game:
    game = finished(names, day, **kwargs)
    for cards, _ in rounds:
        add_round(game, dict(zip(names, cards, strict=True)))
    return game


@pytest.fixture
def table(client):
    """Ann and Ben's evening games in this browser, and games that must not count.

    Counted, oldest first:
    1. 1 March, Indian Chief (WIN_ROUNDS): Ann 70 wins, Ben 49.
    2. 8 March, Indian Chief (TIE_ROUNDS): Ann 72 and Ben 72, a shared win.
    3. 15 March, Rummy to two hands. Hand 1: Ann goes out, Ben holds K♠ 4♦ = 14, so Ann
       scores 14. Hand 2: Ben goes out, Ann holds 5♣ 3♦ = 8, so Ben scores 8. Ann 14 wins,
       Ben 8.
    4. 22 March, Three Thirteen, ended by the table after hand 1 (3 cards, threes wild):
       Ann goes out with 0; Ben's K♠ Q♦ 2♣ meld nothing: 10 + 10 + 2 = 22. The lowest
       total wins: Ann 0 wins, Ben 22.
    5. 29 March, the same with the seats' roles swapped: Ben goes out with 0, Ann holds
       22. Ben wins.
    Not counted:
    - 2 March, Indian Chief (TIE_ROUNDS) between Ann and Zed, kept by another browser.
    - Indian Chief between Ann and Cleo, in progress after one round: Ann's
      Lawyer K♠ 9♠ 2♦ A♥ = 22 misses 25, Cleo's Thief 5♣ = 5.
    """
    as_browser(client, MINE)
    indian_chief(["Ann", "Ben"], 1, WIN_ROUNDS)
    indian_chief(["Ann", "Ben"], 8, TIE_ROUNDS)
    rummy = finished(["Ann", "Ben"], 15, kind="rummy", settings={"max_hands": 2})
    add_round(rummy, {"Ann": "", "Ben": "KS 4D"}, details={"winner": 0, "went_rummy": False})
    add_round(rummy, {"Ann": "5C 3D", "Ben": ""}, details={"winner": 1, "went_rummy": False})
    first = finished(["Ann", "Ben"], 22, kind="three-thirteen")
    add_round(first, {"Ann": "", "Ben": "KS QD 2C"}, details={"went_out": 0})
    second = finished(["Ann", "Ben"], 29, kind="three-thirteen")
    add_round(second, {"Ann": "KS QD 2C", "Ben": ""}, details={"went_out": 1})

    indian_chief(["Ann", "Zed"], 2, TIE_ROUNDS, browser=THEIRS)
    in_progress = make_game(["Ann", "Cleo"], browser=MINE)
    add_round(in_progress, {"Ann": "KS 9S 2D AH", "Cleo": "5C"})


def player_page(client, name: str):
    # The player of that name on this browser's own roster.
    player = Player.objects.of(None, client.session.get("browser", "")).get(name=name)
    response = client.get(reverse("player-detail", args=[player.pk]))
    assert response.status_code == 200
    return response


def figures_of(response) -> dict[str, tuple]:
    """Each kind's (games, wins, win %, average total, best total)."""
    return {
        figures.kind: (
            figures.record.out_of,
            figures.record.count,
            figures.record.percent,
            figures.average_total,
            figures.best_total,
        )
        for figures in response.context["kinds"]
    }


# ---------------------------------------------------------------------------
# The roster


def test_the_roster_lists_everyone_at_the_visible_games_with_their_record(client, table):
    response = client.get(reverse("player-list"))

    assert response.status_code == 200
    rows = {row["player"].name: row["record"] for row in response.context["rows"]}
    # Ann won games 1, 2 (shared), 3 and 4: 4 of 5 = 80%. Ben won 2 (shared) and 5: 40%.
    # Cleo only sits at the game in progress. Zed plays only in another browser's game.
    assert rows == {
        "Ann": stats.Rate(4, 5),
        "Ben": stats.Rate(2, 5),
        "Cleo": stats.Rate(0, 0),
    }
    html = text(response)
    assert re.search(r">Ann</a></th>\s*<td>5</td>\s*<td>4</td>\s*<td>80%</td>", html)
    assert re.search(r">Cleo</a></th>\s*<td>0</td>\s*<td>0</td>\s*<td>–</td>", html)
    assert "Zed" not in html


def test_every_page_links_to_the_roster(client):
    html = text(client.get(reverse("home")))

    assert f'<a href="{reverse("player-list")}">Players</a>' in html


def test_the_roster_of_a_new_visitor_is_empty(client):
    indian_chief(["Ann", "Zed"], 2, TIE_ROUNDS, browser=THEIRS)

    response = client.get(reverse("player-list"))

    assert response.context["rows"] == []
    assert "No players yet." in text(response)


# ---------------------------------------------------------------------------
# A player's page: games, wins and totals by kind


def test_a_players_figures_are_grouped_by_kind(client, table):
    response = player_page(client, "Ann")

    # Overall: 4 wins in 5 games.
    assert response.context["record"] == stats.Rate(4, 5)
    assert figures_of(response) == {
        # 70 (won) and 72 (shared win): average 71, best 72.
        "indian-chief": (2, 2, 100, 71, 72),
        # 14, won.
        "rummy": (1, 1, 100, 14, 14),
        # 0 (won) and 22: average 11; the lowest total wins, so the best is 0.
        "three-thirteen": (2, 1, 50, 11, 0),
    }
    html = text(response)
    assert "<h1>Ann</h1>" in html
    assert "The lowest total wins, so the best total is the lowest." in html


def test_games_won_the_other_way_by_their_house_rules_have_figures_of_their_own(client, table):
    # Penalty Rummy over two hands: Ann holds 5♣ 3♦ (8) once, Ben K♠ 4♦ (14) once. The
    # lowest total wins: Ann's 8 against Ben's 14. Her book Rummy game stays apart.
    penalty = {"max_hands": 2, "preset": "penalty", "scoring": "penalty"}
    rummy = finished(["Ann", "Ben"], 16, kind="rummy", settings=penalty)
    add_round(rummy, {"Ann": "", "Ben": "KS 4D"}, details={"winner": 0, "went_rummy": False})
    add_round(rummy, {"Ann": "5C 3D", "Ben": ""}, details={"winner": 1, "went_rummy": False})

    figures = figures_of(player_page(client, "Ann"))

    assert figures["rummy"] == (1, 1, 100, 14, 14)
    assert figures["rummy-lowest-wins"] == (1, 1, 100, 8, 8)
    assert '<h2 id="kind-rummy-lowest-wins">Rummy, lowest total wins</h2>' in text(
        player_page(client, "Ann")
    )


def test_the_other_players_figures(client, table):
    response = player_page(client, "Ben")

    # Ben won game 2 (shared) and game 5: 2 of 5.
    assert response.context["record"] == stats.Rate(2, 5)
    assert figures_of(response) == {
        # 49 and 72 (shared win): average 60.5, best 72.
        "indian-chief": (2, 1, 50, 60.5, 72),
        # 8, lost.
        "rummy": (1, 0, 0, 8, 8),
        # 22 and 0 (won): average 11, best 0.
        "three-thirteen": (2, 1, 50, 11, 0),
    }


def test_the_chart_has_one_point_per_game_in_the_order_played(client, table):
    html = text(player_page(client, "Ann"))

    charts = re.findall(r"<svg .*?</svg>", html, re.S)
    # One chart per kind, in the registry's order: Indian Chief, Three Thirteen, Rummy.
    assert [len(re.findall(r'<circle class="point"', chart)) for chart in charts] == [2, 2, 1]
    indian_chief_chart, three_thirteen_chart, rummy_chart = charts
    # Indian Chief: 70 (the lowest, at the bottom left: x 40, y 108), then 72 (the highest,
    # top right: x 310, y 12).
    assert 'points="40.0,108.0 310.0,12.0"' in indian_chief_chart
    assert "<title>1 Mar 2026: 70</title>" in indian_chief_chart
    assert "<title>8 Mar 2026: 72</title>" in indian_chief_chart
    # Rummy: one game sits in the middle (x 175, y 60), with no line to draw.
    assert 'cx="175.0" cy="60.0"' in rummy_chart
    assert "<polyline" not in rummy_chart
    # Three Thirteen: 0, then 22.
    assert 'points="40.0,108.0 310.0,12.0"' in three_thirteen_chart
    # The page's Content Security Policy forbids style attributes; SVG presentation
    # attributes and classes do the drawing.
    assert "style=" not in html


# ---------------------------------------------------------------------------
# A player's Indian Chief, from the cards


def test_indian_chief_figures_from_the_cards(client, table):
    figures = player_page(client, "Ann").context["card_figures"][0]

    # Two games (the game in progress and the other browser's do not count).
    assert figures.games == 2
    # Ann's melds, (round in game 1, round in game 2) and scores:
    #   Beggar Man (1, 2): 2 and 4 → 3.      Poor Man (2, 3): 20 and 20 → 20.
    #   Lawyer (3, 4): 25 and 25 → 25.       Thief (7, 1): 10 and 10 → 10.
    #   Rich Man (4, 5): −49 twice → −49.    Doctor (5, 6): 30 and 30 → 30.
    #   Indian Chief (6, 7): 32 and 32 → 32.
    # In the order of their average rounds: 1.5, 2.5, 3.5, 4, 4.5, 5.5, 6.5.
    assert [(m.meld, m.average_score, m.average_round) for m in figures.melds] == [
        (Meld.BEGGAR_MAN, 3, 1.5),
        (Meld.POOR_MAN, 20, 2.5),
        (Meld.LAWYER, 25, 3.5),
        (Meld.THIEF, 10, 4),
        (Meld.RICH_MAN, -49, 4.5),
        (Meld.DOCTOR, 30, 5.5),
        (Meld.INDIAN_CHIEF, 32, 6.5),
    ]
    # Both Lawyers add up to 25 (10 + 8 + 6 + 1); both Doctors hold A♥ among six ranks.
    assert figures.lawyer_hits == stats.Rate(2, 2)
    assert figures.doctor_qualifies == stats.Rate(2, 2)
    # Beggar Men: 7♥ 7♣ matched Ben's 7♠ (1), then Ben's 7♠ 7♦ (2): 3 matches in 2.
    assert figures.matches_per_beggar == 1.5
    # Both Indian Chiefs are best split as a straight, rank 5 from high card (1).
    assert figures.hand_counts == ((PokerHand.STRAIGHT, 2),)
    assert figures.usual_hand == PokerHand.STRAIGHT
    assert figures.average_hand_rank == 5


def test_indian_chief_figures_of_the_other_player(client, table):
    response = player_page(client, "Ben")
    figures = response.context["card_figures"][0]

    # Ben's melds, (round in game 1, round in game 2) and scores:
    #   Thief (2, 1): 9 and 10 → 9.5.        Poor Man (1, 3): 12 and 20 → 16.
    #   Beggar Man (3, 2): 0 and 4 → 2.      Lawyer (4, 4): 0 and 25 → 12.5.
    #   Doctor (5, 6): 0 and 30 → 15.        Rich Man (7, 5): −11 and −49 → −30.
    #   Indian Chief (6, 7): 39 and 32 → 35.5.
    assert [(m.meld, m.average_score, m.average_round) for m in figures.melds] == [
        (Meld.THIEF, 9.5, 1.5),
        (Meld.POOR_MAN, 16, 2),
        (Meld.BEGGAR_MAN, 2, 2.5),
        (Meld.LAWYER, 12.5, 4),
        (Meld.DOCTOR, 15, 5.5),
        (Meld.RICH_MAN, -30, 6),
        (Meld.INDIAN_CHIEF, 35.5, 6.5),
    ]
    # Lawyer K♠ 9♠ 2♦ A♥ = 22 misses; K♦ 8♠ 6♦ A♦ = 25 hits.
    assert figures.lawyer_hits == stats.Rate(1, 2)
    # 2♥ 4♠ 6♦ 8♣ 10♥ Q♣ has no ace; A♠ 2♥ 4♥ 6♥ 8♣ 10♦ qualifies.
    assert figures.doctor_qualifies == stats.Rate(1, 2)
    # Beggar Men: 2♣ 4♦ matched nothing, 7♠ 7♦ matched Ann's 7♥ 7♣: 2 in 2.
    assert figures.matches_per_beggar == 1
    # A spade flush (rank 6) and a straight (rank 5): once each, so the stronger one is
    # the usual hand; the average rank is 5.5.
    assert figures.hand_counts == ((PokerHand.FLUSH, 1), (PokerHand.STRAIGHT, 1))
    assert figures.usual_hand == PokerHand.FLUSH
    assert figures.average_hand_rank == 5.5
    html = text(response)
    assert "1 of 2 (50%)" in html
    assert "Most often flush; average class 5.5" in html
    # The counts behind it, in smaller type after the sentence.
    assert '(10). <span class="count">Flush 1 · Straight 1</span>' in html


def test_a_game_entered_from_paper_counts_its_result_but_gives_no_card_figures(client):
    # Seven meld rows as written on the sheet: Ann 10+4+11+25−31+0+13 = 32, Ben 4+15+25
    # −50+20+54+10 = 78: Ben wins.
    rows = [[10, 4], [4, 15], [11, 25], [25, -50], [-31, 20], [0, 54], [13, 10]]
    Game.objects.from_paper("indian-chief", ["Ann", "Ben"], rows, timezone.now())

    response = player_page(client, "Ben")

    assert response.context["record"] == stats.Rate(1, 1)
    assert response.context["card_figures"] == []
    assert "card by card" not in text(response)


# ---------------------------------------------------------------------------
# Who sees what


def test_a_player_seated_only_at_another_browsers_games_is_not_shown(client, table):
    # Zed's only game was kept by another browser: his page is not there, and the roster
    # does not name him.
    zed = Player.objects.get(name="Zed")
    assert client.get(reverse("player-detail", args=[zed.pk])).status_code == 404
    assert "Zed" not in text(client.get(reverse("player-list")))


def test_the_keeping_browser_sees_its_games(client):
    indian_chief(["Ann", "Zed"], 2, TIE_ROUNDS, browser=THEIRS)
    as_browser(client, THEIRS)

    # Zed's shared win, 72.
    assert figures_of(player_page(client, "Zed")) == {"indian-chief": (1, 1, 100, 72, 72)}


def test_an_unknown_player_is_not_found(client):
    assert client.get(reverse("player-detail", args=[999])).status_code == 404


def test_the_player_page_queries_do_not_grow_with_games_or_rounds(client, table):
    def queries() -> int:
        player_page(client, "Ann")  # scores each game once into the outcome cache
        with CaptureQueriesContext(connection) as captured:
            player_page(client, "Ann")
        return len(captured)

    before = queries()
    indian_chief(["Ann", "Ben"], 5, WIN_ROUNDS)

    assert queries() == before


@pytest.fixture
def scored(monkeypatch) -> list[tuple]:
    """The rounds of every Indian Chief game scored from here on, a game at a time."""
    kind = type(KINDS["indian-chief"])
    score = kind.score
    scored = []

    def counting(self, table, played):
        scored.append(tuple(played))
        return score(self, table, played)

    monkeypatch.setattr(kind, "score", counting)
    return scored


def test_a_new_rules_edition_scores_a_players_card_figures_again(
    client, table, scored, monkeypatch
):
    before = player_page(client, "Ann").context["card_figures"]
    assert player_page(client, "Ann").context["card_figures"] == before
    scored.clear()

    # A rules fix is a new edition of the rules: every game is scored again by it, and
    # the figures come from the new scores (here the same, as the rules said the same).
    monkeypatch.setattr(read_model, "EDITION", "a-rules-fix")
    after = player_page(client, "Ann").context["card_figures"]

    (figures,) = after
    assert len(scored) == figures.games == 2
    assert after == before


def test_a_player_page_scores_only_the_games_changed_since_it_was_last_seen(client, table, scored):
    first = figures_of(player_page(client, "Ann"))
    scored.clear()

    # Seen again: nothing is scored, and the figures are the same.
    assert figures_of(player_page(client, "Ann")) == first
    assert scored == []

    # One game changes (an admin's edit moves its version on): only it is scored again.
    changed = Game.objects.filter(kind="indian-chief", browser=MINE).finished().first()
    Game.objects.filter(pk=changed.pk).touch()
    player_page(client, "Ann")

    # Once, for its result and its meld grid alike, and no other game at all.
    assert scored == [tuple(row.played() for row in changed.rounds.with_contents())]


def test_a_game_that_cannot_be_scored_is_left_out_of_the_card_figures_and_tried_once(
    client, table, scored
):
    # An admin edit gives Ann and Ben the same K♣ in round 1, with one deck in play.
    broken = Game.objects.filter(kind="indian-chief", browser=MINE).finished().first()
    Hand.objects.filter(round__game=broken, round__number=1).update(cards="KC")

    (figures,) = player_page(client, "Ann").context["card_figures"]
    assert figures.games == 1
    assert tuple(row.played() for row in broken.rounds.with_contents()) in scored

    # Seen again: the game that cannot be scored is not tried again.
    scored.clear()
    assert player_page(client, "Ann").context["card_figures"] == [figures]
    assert scored == []


# ---------------------------------------------------------------------------
# Rates and the chart, without a database


@pytest.mark.parametrize(
    ("rate", "percent"),
    [
        (stats.Rate(5, 8), 63),  # 62.5: a half goes up
        (stats.Rate(2, 3), 67),  # 66.7
        (stats.Rate(1, 3), 33),  # 33.3
        (stats.Rate(0, 4), 0),
        (stats.Rate(0, 0), None),  # nothing to count
    ],
)
def test_a_rate_is_a_whole_percent(rate, percent):
    assert rate.percent == percent


def test_equal_totals_sit_in_the_middle_of_the_chart():
    played = [stats.Played("rummy", on(day), 40, won=False) for day in (1, 2, 3)]

    chart = stats.chart(played)

    # Three games spread across 40–310; equal totals halfway between 12 and 108.
    assert [(point.x, point.y) for point in chart.points] == [
        (40, 60),
        (175, 60),
        (310, 60),
    ]


def test_figures_stopped_by_the_budget_keep_the_games_scored_so_far(client, table, monkeypatch):
    """A player's page scores every game it has not kept: stopped by the request's budget
    part way, it keeps those it scored, and its next view goes on from there."""
    checks = itertools.count()

    def spent_in_the_second_game() -> None:
        if next(checks) == len(WIN_ROUNDS):  # the first game's rounds pass
            raise TooCostly

    monkeypatch.setattr(ic_scoring, "within_budget", spent_in_the_second_game)
    player = Player.objects.of(None, MINE).get(name="Ann")
    games = list(Game.objects.filter(kind="indian-chief", browser=MINE, finished_at__isnull=False))

    assert client.get(reverse("player-detail", args=[player.pk])).status_code == 503
    kept = [read_model.cache.get(read_model.key(game, "standings")) for game in games]
    assert sum(standing is not None for standing in kept) == 1

    monkeypatch.setattr(ic_scoring, "within_budget", lambda: None)
    assert figures_of(player_page(client, "Ann"))["indian-chief"][0] == 2
