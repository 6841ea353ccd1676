"""Cribbage's JSON API (`shared/api.md` §1 and §6), through HTTP as any client posts it.

The worked examples and the error table are those the rules tests answer too
(`tests/rules/cribbage_examples.py`, each value worked out by hand from
`shared/rules/cribbage.md`); here each one goes over HTTP, with the envelope, the status
and the seat at fault. The endpoints save nothing, so no test needs the database.
"""

import pytest
from django.test import Client
from django.urls import reverse

from tests.rules.cribbage_examples import ERRORS, GAMES, HANDS, PARTS, SHOWS, deal
from tests.web.api.calls import ABSENT, MALFORMED_BODIES, assert_error, ok, post, url

ENDPOINTS = ["show", "hand", "game"]
URLS = [url("cribbage", endpoint) for endpoint in ENDPOINTS]

VALID = {
    "show": {"cards": ["5S", "5H", "5C", "JD"], "starter": "5D"},
    "hand": {
        "dealer": 1,
        "starter": "JC",
        "hands": [["5S", "5H", "10D", "KS"], ["2C", "3C", "4C", "6C"]],
        "crib": ["AD", "9S", "7H", "QH"],
        "pegging": [3, 5],
    },
    "game": {
        "hands": [deal("JC", ["5S 5H 10D KS", "2C 3C 4C 6C"], "AD 9S 7H QH", [3, 5])],
    },
}


def seat_or_absent(player):
    return ABSENT if player is None else player


# ---------------------------------------------------------------------------
# HTTP (§1.1)


@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_every_path_has_its_url_name(endpoint):
    assert reverse(f"api-cribbage-{endpoint}") == url("cribbage", endpoint)


@pytest.mark.parametrize("path", URLS)
@pytest.mark.parametrize("method", ["get", "put", "delete", "patch"])
def test_other_methods_are_not_allowed(client, path, method):
    assert getattr(client, method)(path).status_code == 405


@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_post_needs_no_csrf_token_and_answers_json(endpoint):
    client = Client(enforce_csrf_checks=True)
    assert isinstance(ok(post(client, url("cribbage", endpoint), VALID[endpoint])), dict)


@pytest.mark.parametrize("path", URLS)
@pytest.mark.parametrize("body", MALFORMED_BODIES.values(), ids=list(MALFORMED_BODIES))
def test_a_body_that_is_no_json_object_is_invalid_input(client, path, body):
    assert_error(post(client, path, body), "invalid_input")


@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_unknown_fields_are_ignored(client, endpoint):
    plain = ok(post(client, url("cribbage", endpoint), VALID[endpoint]))
    extra = ok(post(client, url("cribbage", endpoint), {**VALID[endpoint], "colour": "red"}))
    assert extra == plain


# ---------------------------------------------------------------------------
# The worked examples (api.md §6, cribbage.md §2, §4, §5)


def test_api_md_s_show_example(client):
    body = ok(post(client, url("cribbage", "show"), VALID["show"]))

    assert body.pop("explanation").strip()
    assert body == {"score": 29, "fifteens": 16, "pairs": 12, "runs": 0, "flush": 0, "nobs": 1}


def test_api_md_s_hand_example(client):
    body = ok(post(client, url("cribbage", "hand"), VALID["hand"]))

    assert body == {"shows": [14, 12], "crib_score": 0, "heels": 2, "hand_scores": [17, 19]}


@pytest.mark.parametrize(("body", "parts"), [row[1:] for row in SHOWS], ids=[r[0] for r in SHOWS])
def test_every_worked_show(client, body, parts):
    answer = ok(post(client, url("cribbage", "show"), body))
    assert tuple(answer[part] for part in PARTS) == parts


@pytest.mark.parametrize(
    ("body", "expected"), [row[1:] for row in HANDS], ids=[r[0] for r in HANDS]
)
def test_every_worked_hand(client, body, expected):
    answer = ok(post(client, url("cribbage", "hand"), body))
    assert {key: value for key, value in answer.items() if key != "rules"} == expected


@pytest.mark.parametrize(
    ("body", "expected"), [row[1:] for row in GAMES], ids=[r[0] for r in GAMES]
)
def test_every_worked_game(client, body, expected):
    answer = ok(post(client, url("cribbage", "game"), body))
    assert {key: value for key, value in answer.items() if key != "rules"} == expected


def test_a_named_rule_set_is_said_back(client):
    body = {**VALID["hand"], "settings": {"preset": "once_around", "crib_four_flush": True}}
    answer = ok(post(client, url("cribbage", "hand"), body))
    assert answer["rules"] == {
        "preset": "once_around",
        "options": {"target": 61, "crib_four_flush": True},
    }


# ---------------------------------------------------------------------------
# Errors (§8): every code, the seat at fault, and a game naming its hand


@pytest.mark.parametrize(
    ("body", "code", "player"), [row[1:] for row in ERRORS], ids=[row[0] for row in ERRORS]
)
def test_every_validation_error(client, body, code, player):
    assert_error(post(client, url("cribbage", "hand"), body), code, seat_or_absent(player))


# A game's hands carry no settings of their own, and a game deals each hand itself (CR9):
# the errors of a lone hand's settings and dealer are no game hand's.
IN_A_GAME = [
    row
    for row in ERRORS
    if "settings" not in row[1] and type(row[1].get("dealer")) is int and row[1]["dealer"] == 1
]


@pytest.mark.parametrize(
    ("body", "code", "player"),
    [row[1:] for row in IN_A_GAME],
    ids=[row[0] for row in IN_A_GAME],
)
def test_every_hand_error_is_the_second_hand_s_in_a_game(client, body, code, player):
    second = {key: value for key, value in body.items() if key != "dealer"}
    game = {"hands": [VALID["game"]["hands"][0], second]}

    error = assert_error(post(client, url("cribbage", "game"), game), code, seat_or_absent(player))

    assert error["message"].startswith("Hand 2"), error["message"]


def test_two_sides_pegging_out_is_a_conflict_with_no_seat(client):
    first = deal("KS", ["2S 4H 6D 8C", "5C 5D 10S JC"], "5H 10H QC 4D", [30, 30])
    body = {"settings": {"target": 61}, "hands": [first, {**first, "pegging": [25, 17]}]}

    error = assert_error(post(client, url("cribbage", "game"), body), "pegging_conflict")

    assert error["message"].startswith("Hand 2:")


def test_a_hand_after_the_end_is_invalid_input(client):
    _, over, _ = next(row for row in GAMES if row[0] == "his-heels")
    body = {**over, "hands": [*over["hands"], VALID["game"]["hands"][0]]}

    error = assert_error(post(client, url("cribbage", "game"), body), "invalid_input")

    assert "after the game ended" in error["message"]
