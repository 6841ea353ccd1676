"""What one visitor may make the server do (games/limits.py): a CPU budget for every
request, said as such when spent and never kept as a rules error, and a CPU allowance a
minute for every address, past which a short 429 says when to come back."""

import time

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

import scorekeeper.settings as production
from games import limits
from games.models import Game
from tests.factories import WIN_ROUNDS, WIN_TOTALS
from tests.web.pages import game_page, text, totals_on
from tests.web.play.hands import save_hand, start

pytestmark = pytest.mark.django_db


def rummy_game(client) -> Game:
    """A Rummy game of two hands, Ann going out each time: Ben and Cleo's cards left."""
    game = start(client, "rummy")
    for _ in range(2):
        assert save_hand(client, game, ["", "KS QS", "2H"], winner=0).status_code == 302
    return game


def test_a_page_past_its_budget_says_so_and_keeps_nothing(client, monkeypatch):
    game = rummy_game(client)
    # The scores of this version are worked out afresh, under a budget already spent.
    Game.objects.filter(pk=game.pk).touch()
    monkeypatch.setattr(limits, "VISITOR_SECONDS", -1)

    page = client.get(game.get_absolute_url())
    listed = client.get(reverse("game-list"))

    assert page.status_code == 503
    said = text(page)
    assert "Too much work for one request" in said
    assert "Nothing is wrong with the cards" in said
    # The list is shown all the same: the game without its totals, saying why.
    assert listed.status_code == 200
    assert "Not scored in time for the list: open it to see its scores" in text(listed)
    assert "<strong>44</strong>" not in listed.text and "Cannot be scored" not in text(listed)
    # With its budget back, the same version is scored: nothing of the refusal was kept.
    monkeypatch.setattr(limits, "VISITOR_SECONDS", 0.8)
    assert totals_on(game_page(client, game)) == [44, 0, 0]
    assert "44" in text(client.get(reverse("game-list")))


def test_the_api_past_its_budget_answers_in_its_own_words(client, monkeypatch):
    monkeypatch.setattr(limits, "VISITOR_SECONDS", -1)
    hand = {"hands": [None, ["KS"]], "winner": 0, "went_rummy": False}

    response = client.post("/api/rummy/game", {"hands": [hand]}, content_type="application/json")

    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid_input"
    assert "more scoring than one request may" in response.json()["error"]["message"]


def test_an_address_over_its_allowance_gets_a_short_429_until_the_minute_is_over(
    client, settings, monkeypatch
):
    game = rummy_game(client)
    # An allowance of 50 ms, every request charged: a few pages' worth. Not in a minute's
    # last seconds: the counts start again with the next minute.
    if time.time() % limits.WINDOW > limits.WINDOW - 15:
        time.sleep(limits.WINDOW - time.time() % limits.WINDOW + 0.1)
    limits.caches["limits"].clear()  # what starting the game was charged
    settings.CPU_SECONDS_A_MINUTE = 0.05
    monkeypatch.setattr(limits, "CHARGED_FROM_MS", 0)
    answers = [client.get(game.get_absolute_url()).status_code for _ in range(500)]
    assert 429 in answers and set(answers) == {200, 429}
    # Every request after the first refusal is refused, each without a query.
    assert set(answers[answers.index(429) :]) == {429}
    with CaptureQueriesContext(connection) as queries:
        refused = client.get(game.get_absolute_url())

    assert len(queries) == 0
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= limits.WINDOW
    assert f"Try again in {refused['Retry-After']} second" in text(refused)
    # The API answers in JSON.
    api = client.post("/api/indian-chief/meld", {"cards": ["KS"]}, content_type="application/json")
    assert api.status_code == 429 and api.json()["error"]["code"] == "too_many_requests"
    # Another address is counted on its own.
    assert Client(REMOTE_ADDR="203.0.113.9").get(reverse("game-list")).status_code == 200


def test_a_whole_game_at_the_table_stays_far_under_the_allowance(client, settings):
    # The real allowance, and a table playing seven rounds of Indian Chief through the
    # pages: each round entered and saved, the game page after it, and two more phones
    # following the live board.
    settings.CPU_SECONDS_A_MINUTE = production.CPU_SECONDS_A_MINUTE
    game = start(client, "indian-chief", names=("Ann", "Ben"))
    followers = [Client(), Client()]
    assert client.post(reverse("game-share", args=[game.pk])).status_code == 302
    shared = reverse("shared-game", args=[Game.objects.get(pk=game.pk).share_token])
    for cards, _ in WIN_ROUNDS:
        assert save_hand(client, game, cards).status_code == 302
        assert client.get(game.get_absolute_url()).status_code == 200
        for phone in followers:
            assert phone.get(shared).status_code == 200

    assert totals_on(game_page(client, game)) == list(WIN_TOTALS.values())
    used = limits.caches["limits"].get(limits.minute_key("127.0.0.1"), 0)
    # Half the allowance at most, even on a loaded test machine (CPU time, not wall time,
    # but a busy machine's caches make it vary): a real table never comes near it.
    assert used < production.CPU_SECONDS_A_MINUTE * 1000 / 2, used


def test_only_a_request_of_ten_ms_or_more_is_charged():
    """A card tap or a live board's poll (a millisecond or two) writes nothing: with the
    database as the cache, every request would otherwise be a write."""
    key = limits.minute_key("198.51.100.1")

    limits.charge("198.51.100.1", limits.CHARGED_FROM_MS - 1)
    assert limits.caches["limits"].get(key) is None
    limits.charge("198.51.100.1", limits.CHARGED_FROM_MS)
    limits.charge("198.51.100.1", 25)
    assert limits.caches["limits"].get(key) == limits.CHARGED_FROM_MS + 25


def test_behind_a_proxy_nobody_declared_no_visitor_holds_the_site_back(client, settings):
    """Every visitor has the proxy's address there: its allowance spent is nobody's."""
    settings.PROXIES = 0
    limits.caches["limits"].set(limits.minute_key("127.0.0.1"), 10**12)

    direct = client.get(reverse("game-list"))
    forwarded = client.get(reverse("game-list"), headers={"x-forwarded-for": "192.0.2.7"})

    assert direct.status_code == 429
    assert forwarded.status_code == 200


def test_a_failing_limits_cache_lets_the_request_through(client, monkeypatch):
    def broken(*args, **kwargs):
        raise ConnectionError("the limits cache is down")

    for method in ("get", "add", "incr"):
        monkeypatch.setattr(limits.caches["limits"], method, broken)
    monkeypatch.setattr(limits, "CHARGED_FROM_MS", 0)

    assert client.get(reverse("game-list")).status_code == 200


def test_signed_in_a_request_has_the_larger_budget(client, monkeypatch):
    game = rummy_game(client)
    Game.objects.filter(pk=game.pk).touch()  # scored afresh, under the budget
    monkeypatch.setattr(limits, "VISITOR_SECONDS", -1)
    monkeypatch.setattr(limits, "SIGNED_IN_SECONDS", 60)
    signed_in = Client()
    signed_in.force_login(User.objects.create_user("ann"))
    Game.objects.filter(pk=game.pk).update(owner=User.objects.get(username="ann"), browser="")

    assert client.get(reverse("calculator")).status_code == 200  # nothing to score
    assert signed_in.get(game.get_absolute_url()).status_code == 200
    monkeypatch.setattr(limits, "SIGNED_IN_SECONDS", -1)
    Game.objects.filter(pk=game.pk).touch()
    assert signed_in.get(game.get_absolute_url()).status_code == 503


def test_once_the_budget_is_spent_a_list_fetches_no_games_rounds(client, monkeypatch):
    """A list of long games would otherwise read every game's rounds before the scoring
    stops it."""
    for _ in range(3):
        Game.objects.filter(pk=rummy_game(client).pk).touch()
    monkeypatch.setattr(limits, "VISITOR_SECONDS", -1)

    with CaptureQueriesContext(connection) as queries:
        listed = client.get(reverse("game-list"))

    assert text(listed).count("Not scored in time for the list") == 3
    assert not [query for query in queries if '"games_round"' in query["sql"]]
