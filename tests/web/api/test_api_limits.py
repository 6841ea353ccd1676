"""What one request to the scoring API may ask for: JSON only, at most 64 KB, numbers of
at most nine digits, at most 200 hands a game, seats within the game's limit, and a CPU
budget. Anyone can call the API, so each limit is checked here from outside, by status
and error envelope."""

import json

import pytest
from django.test import Client

from games import addresses, limits
from games.api import throttle, views
from games.rules import KINDS
from games.rules.budget import MAX_HANDS, MAX_NUMBER, within_budget
from games.rules.cards import RANKS, SUITS
from tests.web.api.calls import SLUGS, UNCHECKED, assert_error, first_hand, ok, post, url

MELD = "/api/indian-chief/meld"
# The rummy family's games that play on for as long as the table likes: Three Thirteen has
# its fixed eleven hands, and every Carousel hand scores, so a Carousel game ends at 150.
ENDLESS = [slug for slug in SLUGS if KINDS[slug].rounds is None and slug != "carousel"]


def refused(response, status):
    """A refusal in the spec's JSON envelope, with this status."""
    assert response.status_code == status, response.content
    assert response["Content-Type"] == "application/json"
    error = response.json()["error"]
    assert error["code"] == "invalid_input"
    assert error["message"]
    return error


# ---------------------------------------------------------------------------
# JSON only: another site's page can post forms and text, never JSON, without asking


@pytest.mark.parametrize(
    "content_type",
    ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"],
)
def test_a_body_that_is_not_declared_json_is_415(client, content_type):
    body = json.dumps({"cards": ["KS"]})

    response = client.post(MELD, body, content_type=content_type)

    assert "Content-Type: application/json" in refused(response, 415)["message"]


def test_json_with_a_charset_is_json(client):
    body = '{"cards": ["KS"]}'

    response = client.post(MELD, body, content_type="application/json; charset=utf-8")

    assert ok(response)["score"] == 10


# ---------------------------------------------------------------------------
# At most 64 KB


def padded(size):
    """A valid meld request of exactly `size` bytes."""
    base = json.dumps({"cards": ["KS"], "note": ""})
    return base.replace('""', '"' + "x" * (size - len(base)) + '"')


def test_a_body_of_64_kb_is_read():
    body = padded(views.MAX_BODY)
    assert len(body) == 64 * 1024

    assert ok(post(Client(), MELD, body))["score"] == 10


def test_a_body_over_64_kb_is_413_in_json(client):
    response = post(client, MELD, padded(views.MAX_BODY + 1))

    assert "64 KB" in refused(response, 413)["message"]


# ---------------------------------------------------------------------------
# Numbers of at most nine digits


@pytest.mark.parametrize(
    "number",
    [MAX_NUMBER + 1, -MAX_NUMBER - 1, 10**4299, -(10**4299)],
    ids=["one-too-many", "one-too-few", "4300-digits", "minus-4300-digits"],
)
def test_a_number_past_nine_digits_is_invalid_input(client, number):
    hand = {"end": "tongit", "caller": 0, "players": [{"opened": True, "hand": []}] * 3}
    raw = json.dumps(hand | {"state_before": {"pot": 0}}).replace('"pot": 0', f'"pot": {number}')

    error = assert_error(post(client, url("tong-its", "hand"), raw), "invalid_input")

    assert f"{MAX_NUMBER:,}" in error["message"]


def test_the_largest_pot_is_scored(client):
    hand = {"end": "tongit", "caller": 0, "players": [{"opened": True, "hand": []}] * 3}

    body = ok(post(client, url("tong-its", "hand"), hand | {"state_before": {"pot": MAX_NUMBER}}))

    assert body["pot_after"] == MAX_NUMBER + 6


# ---------------------------------------------------------------------------
# At most 108 cards a list: two decks with their jokers


@pytest.mark.parametrize(
    ("path", "body"),
    [
        (MELD, {"cards": ["KS"] * 109}),
        (url("carousel", "deadwood"), {"cards": ["KS"] * 109, "context": {"players": 5}}),
        (url("rummy", "hand"), {"winner": 0, "hands": [[], ["2C"] * 109]}),
    ],
    ids=["meld", "carousel-deadwood", "rummy-hand"],
)
def test_a_list_of_more_cards_than_two_decks_hold_is_refused_unread(client, path, body):
    error = assert_error(post(client, path, body), "invalid_input", UNCHECKED)

    assert "holds 109 cards; no game has more than 108" in error["message"]


def test_carousels_two_full_decks_are_still_read(client):
    decks = [f"{rank}{suit}" for rank in RANKS for suit in SUITS] * 2 + ["JK", "JK"]
    body = {"cards": decks, "context": {"players": 5}}

    assert ok(post(client, url("carousel", "deadwood"), body))["deadwood"] > 0


# ---------------------------------------------------------------------------
# At most 200 hands a game


@pytest.mark.parametrize("slug", ENDLESS)
def test_a_game_of_200_hands_is_scored_and_201_refused(client, slug):
    hand = first_hand(slug, 3)

    ok(post(client, url(slug, "game"), {"hands": [hand] * MAX_HANDS}))
    error = assert_error(
        post(client, url(slug, "game"), {"hands": [hand] * (MAX_HANDS + 1)}), "invalid_input"
    )

    assert "at most 200 hands" in error["message"]


@pytest.mark.parametrize("slug", SLUGS)
def test_every_game_refuses_201_hands_before_reading_them(client, slug):
    # Not even objects: the count is checked first, so nothing is read or scored.
    error = assert_error(
        post(client, url(slug, "game"), {"hands": [0] * (MAX_HANDS + 1)}), "invalid_input"
    )

    assert "at most 200 hands" in error["message"]


# ---------------------------------------------------------------------------
# Seats within the game's limit


def test_three_thirteen_takes_16_seats_and_refuses_17(client):
    ok(post(client, url("three-thirteen", "hand"), first_hand("three-thirteen", 16)))

    error = assert_error(
        post(client, url("three-thirteen", "hand"), first_hand("three-thirteen", 17)),
        "invalid_input",
    )

    assert "2 to 16 players, not 17" in error["message"]


def test_three_thirteen_deadwood_context_counts_16_players_at_most(client):
    body = {"cards": ["7S", "8S", "9S"], "context": {"hand_number": 1, "players": 17}}

    assert_error(post(client, url("three-thirteen", "deadwood"), body), "invalid_input")


# ---------------------------------------------------------------------------
# The CPU budget


def test_a_request_past_its_cpu_budget_is_refused(client, monkeypatch):
    # A budget already spent stands in for a game that takes too long to score.
    monkeypatch.setattr(views, "CPU_SECONDS", -1)

    error = assert_error(
        post(client, url("rummy", "game"), {"hands": [first_hand("rummy", 2)]}), "invalid_input"
    )

    assert "more scoring than one request may" in error["message"]


def test_the_budget_ends_with_its_request(client, monkeypatch):
    monkeypatch.setattr(views, "CPU_SECONDS", -1)
    post(client, url("rummy", "game"), {"hands": [first_hand("rummy", 2)]})

    # Had the spent budget outlived its request, this would raise: the table, which
    # scores outside any request budget, is never refused.
    within_budget()


# ---------------------------------------------------------------------------
# Per address: requests and CPU time a minute


def test_an_address_gets_120_requests_a_minute_then_429(client):
    for _ in range(throttle.MOST_REQUESTS):
        ok(post(client, MELD, {"cards": ["KS"]}))

    response = post(client, MELD, {"cards": ["KS"]})

    error = response.json()["error"]
    assert response.status_code == 429
    assert error["code"] == "too_many_requests" and "try again in" in error["message"]
    assert 1 <= int(response["Retry-After"]) <= throttle.WINDOW
    # Another address is counted on its own.
    ok(post(Client(REMOTE_ADDR="203.0.113.9"), MELD, {"cards": ["KS"]}))


def test_an_address_that_used_its_cpu_time_waits(client, settings):
    limits.charge("127.0.0.1", settings.CPU_SECONDS_A_MINUTE * 1000 + 1)

    assert post(client, MELD, {"cards": ["KS"]}).status_code == 429
    ok(post(Client(REMOTE_ADDR="203.0.113.9"), MELD, {"cards": ["KS"]}))


def test_a_proxy_nobody_declared_is_said_in_the_log_once(settings, caplog):
    settings.PROXIES = 0
    addresses._warn_of_the_proxy.cache_clear()  # as in a new process
    direct = Client(REMOTE_ADDR="203.0.113.9")
    forwarded = Client(REMOTE_ADDR="10.0.0.1", headers={"X-Forwarded-For": "198.51.100.7"})

    ok(post(direct, MELD, {"cards": ["KS"]}))
    assert caplog.records == []
    for _ in range(2):
        ok(post(forwarded, MELD, {"cards": ["KS"]}))

    [record] = caplog.records
    assert record.levelname == "WARNING"
    assert "DJANGO_PROXIES is 0" in record.getMessage()


def test_behind_a_proxy_a_request_it_did_not_forward_counts_by_its_own_address(settings):
    settings.PROXIES = 1
    # Without X-Forwarded-For (or with an empty one) no caller shares an empty address.
    first = Client(REMOTE_ADDR="203.0.113.9")
    other = Client(REMOTE_ADDR="203.0.113.10", headers={"X-Forwarded-For": " "})
    for _ in range(throttle.MOST_REQUESTS):
        post(first, MELD, {"cards": ["KS"]})

    assert post(first, MELD, {"cards": ["KS"]}).status_code == 429
    ok(post(other, MELD, {"cards": ["KS"]}))


def test_behind_a_proxy_the_address_it_saw_is_counted(settings):
    settings.PROXIES = 1
    # Each caller writes what they like at the front of X-Forwarded-For; the proxy adds
    # the address it saw at the end, and only that one is believed.
    caller = Client(REMOTE_ADDR="10.0.0.1", headers={"X-Forwarded-For": "1.2.3.4, 198.51.100.7"})
    other = Client(REMOTE_ADDR="10.0.0.1", headers={"X-Forwarded-For": "198.51.100.8"})
    for _ in range(throttle.MOST_REQUESTS):
        post(caller, MELD, {"cards": ["KS"]})

    assert post(caller, MELD, {"cards": ["KS"]}).status_code == 429
    ok(post(other, MELD, {"cards": ["KS"]}))
