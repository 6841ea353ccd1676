"""Gin Rummy's JSON API (`shared/api.md` §5) through HTTP, as any client posts it.

Every expected value is api.md's own example or was worked out by hand from
`shared/rules/gin-rummy.md`; none comes from the code under test. The endpoints save
nothing, so no test needs the database.
"""

import pytest
from django.test import Client
from django.urls import reverse

from games.rules.budget import MAX_HANDS
from tests.rules.gin_rummy_examples import API_GAME, API_GAME_ANSWER, CLASSIC_OPTIONS
from tests.web.api.calls import ABSENT, MALFORMED_BODIES, assert_error, ok, post, url

SLUG = "gin-rummy"
ENDPOINTS = ["deadwood", "hand", "game"]

KNOCK_4 = ["AS", "2S", "3S", "7D", "7C", "7H", "9C", "10C", "JC", "4H"]
OWN_23 = ["KS", "KD", "KH", "KC", "10D", "JD", "QD", "9S", "6H", "8D"]
VALID = {
    "deadwood": {"cards": ["KS"]},
    "hand": {"end": "knock", "player": 0, "hands": [KNOCK_4, OWN_23]},
    "game": {"hands": [{"end": "dead"}]},
}


def hand(end, player, first, second):
    return {"end": end, "player": player, "hands": [first, second]}


# ---------------------------------------------------------------------------
# HTTP (§1.1)


@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_every_path_has_its_url_name_and_needs_no_csrf_token(endpoint):
    assert reverse(f"api-{SLUG}-{endpoint}") == url(SLUG, endpoint)
    client = Client(enforce_csrf_checks=True)
    assert isinstance(ok(post(client, url(SLUG, endpoint), VALID[endpoint])), dict)


@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_only_post_is_allowed(client, endpoint):
    assert client.get(url(SLUG, endpoint)).status_code == 405


@pytest.mark.parametrize("endpoint", ENDPOINTS)
@pytest.mark.parametrize("raw", MALFORMED_BODIES.values(), ids=MALFORMED_BODIES.keys())
def test_a_body_that_is_no_json_object_is_invalid_input(client, endpoint, raw):
    assert_error(post(client, url(SLUG, endpoint), raw), "invalid_input")


@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_unknown_fields_are_ignored(client, endpoint):
    body = {**VALID[endpoint], "note": "Friday"}
    assert ok(post(client, url(SLUG, endpoint), body)) == ok(
        post(client, url(SLUG, endpoint), VALID[endpoint])
    )


# ---------------------------------------------------------------------------
# api.md §5's examples, as written


def test_the_deadwood_example(client):
    body = {
        "cards": ["4H", "8H", "9H", "QH", "10C", "JC", "5D", "6D", "9S", "KD"],
        "lay_off_onto": [["5H", "6H", "7H"], ["QS", "QD", "QC"], ["2C", "3C", "4C"]],
    }
    assert ok(post(client, url(SLUG, "deadwood"), body)) == {
        "deadwood": 50,
        "melds": [],
        "unmatched": ["10C", "JC", "5D", "6D", "9S", "KD"],
        "layoffs": ["4H", "8H", "9H", "QH"],
    }


HAND_EXAMPLES = [
    # The knocker's best spread: four 7s keep 6♠ off the 8-9-10♠ run.
    pytest.param(
        hand(
            "knock",
            0,
            ["7S", "7H", "7D", "7C", "8S", "9S", "10S", "AH", "2C", "3D"],
            ["6S", "JS", "QH", "QD", "KC", "3H", "4D", "5C", "9D", "2D"],
        ),
        {
            "result": "knock",
            "winner": 0,
            "deadwood": [6, 59],
            "hand_scores": [53, 0],
            "knocker_melds": [["7S", "7H", "7D", "7C"], ["8S", "9S", "10S"]],
            "layoffs": ["JS"],
        },
        "Seat 1 lays off J♠ on 8♠ 9♠ 10♠: 59 left",
        id="best-spread",
    ),
    # An undercut: seat 0 lays 4♥ off and has 0 left: 9 − 0 + 25.
    pytest.param(
        hand(
            "knock",
            1,
            ["2S", "3S", "4S", "9H", "9D", "9S", "KH", "KD", "KS", "4H"],
            ["5H", "6H", "7H", "JS", "JD", "JC", "3D", "4D", "5D", "9C"],
        ),
        {"result": "undercut", "winner": 0, "deadwood": [0, 9], "hand_scores": [34, 0]},
        "Seat 0 undercuts: 9 − 0 + 25 undercut bonus = 34.",
        id="undercut",
    ),
]


@pytest.mark.parametrize(("body", "expected", "said"), HAND_EXAMPLES)
def test_the_hand_examples(client, body, expected, said):
    answer = ok(post(client, url(SLUG, "hand"), body))
    assert said in answer.pop("explanation")
    # The spread is G7's: its melds may come in another order, each in any order.
    if "knocker_melds" in expected:
        melds = answer.pop("knocker_melds")
        expected = dict(expected)
        assert sorted(map(sorted, melds)) == sorted(map(sorted, expected.pop("knocker_melds")))
    assert answer == expected


def test_the_not_gin_example_is_refused_with_seat_0_at_fault(client):
    # api.md's example hand has 9♣ K♦ Q♦ 4♥ left (33), not 4♥ alone: the code and seat are
    # the spec's, the sentence says what is really unmatched.
    body = hand(
        "gin",
        0,
        ["AS", "2S", "3S", "7D", "7C", "7H", "9C", "KD", "QD", "4H"],
        ["6H", "7S", "8H", "JS", "JH", "JC", "3D", "4D", "5D", "2C"],
    )
    error = assert_error(post(client, url(SLUG, "hand"), body), "not_gin", 0)
    assert error["message"].startswith("Seat 0 cannot go gin: 9♣ K♦ Q♦ 4♥ (33) are unmatched")


def test_the_game_example(client):
    assert ok(post(client, url(SLUG, "game"), API_GAME)) == API_GAME_ANSWER


# ---------------------------------------------------------------------------
# House rules (api.md §4, §5)


def test_a_preset_is_said_back_with_every_option_and_first_dealer_is_not():
    client = Client()
    body = {**VALID["hand"], "settings": {"preset": "classic", "first_dealer": 1}}
    answer = ok(post(client, url(SLUG, "hand"), body))
    assert answer["rules"] == {"preset": "classic", "options": CLASSIC_OPTIONS}
    plain = ok(post(client, url(SLUG, "hand"), {**VALID["hand"], "settings": {"first_dealer": 1}}))
    assert "rules" not in plain


@pytest.mark.parametrize(
    "settings",
    [
        {"gin_bonus": -1},
        {"box_bonus": "25"},
        {"undercut_bonus": 2.0},
        {"target": 0},
        {"target": True},
        {"shutout": "triple"},
        {"preset": "penalty"},
        {"first_dealer": 2},
        {"first_dealer": "0"},
        {"knock_max": 5},
        {"target_score": 100},
    ],
)
@pytest.mark.parametrize("endpoint", ENDPOINTS)
def test_bad_settings_are_refused_before_anything_else(client, endpoint, settings):
    # The rest of the request is wrong too: the settings are what is said.
    body = {"settings": settings, "cards": "no", "hands": "no", "end": "no"}
    error = assert_error(post(client, url(SLUG, endpoint), body), "invalid_input")
    assert f"“{next(iter(settings))}”" in error["message"]


def test_a_game_starts_with_its_first_dealer_and_passes_the_deal_to_the_winner(client):
    gin = hand(
        "gin",
        1,
        ["KS", "KD", "KH", "KC", "4H", "5H", "6H", "8D", "9D", "6S"],
        ["AS", "2S", "3S", "7D", "7C", "7H", "9C", "10C", "JC", "QC"],
    )
    answer = ok(
        post(
            client, url(SLUG, "game"), {"settings": {"first_dealer": 1}, "hands": [{"end": "dead"}]}
        )
    )
    assert answer["next_dealer"] == 1
    answer = ok(post(client, url(SLUG, "game"), {"hands": [{"end": "dead"}, gin]}))
    assert answer["next_dealer"] == 1 and answer["totals"] == [0, 48]


# ---------------------------------------------------------------------------
# Errors, each with its code and seat, and a game's hand named


@pytest.mark.parametrize(
    ("body", "code", "player"),
    [
        ({"end": "fold", "player": 0, "hands": [KNOCK_4, OWN_23]}, "invalid_input", None),
        ({"end": "knock", "player": 2, "hands": [KNOCK_4, OWN_23]}, "invalid_input", None),
        ({"end": "knock", "player": 0, "hands": [KNOCK_4]}, "invalid_input", None),
        ({"end": "knock", "player": 0, "hands": [KNOCK_4, None]}, "invalid_input", 1),
        ({"end": "knock", "player": 0, "hands": [KNOCK_4, ["JK", *OWN_23[1:]]]}, "invalid_card", 1),
        (
            {"end": "knock", "player": 0, "hands": [KNOCK_4, ["AS", *OWN_23[1:]]]},
            "duplicate_card",
            1,
        ),
        ({"end": "knock", "player": 0, "hands": [KNOCK_4, OWN_23[1:]]}, "wrong_card_count", 1),
        ({"end": "big_gin", "player": 0, "hands": [KNOCK_4, OWN_23]}, "wrong_card_count", 0),
        (
            {
                "end": "knock",
                "player": 0,
                "hands": [[*KNOCK_4[:6], "AD", "2H", "3C", "5D"], OWN_23],
            },
            "knock_not_allowed",
            0,
        ),
        ({"end": "gin", "player": 0, "hands": [KNOCK_4, OWN_23]}, "not_gin", 0),
    ],
)
def test_every_error_code_of_a_hand(client, body, code, player):

    assert_error(post(client, url(SLUG, "hand"), body), code, ABSENT if player is None else player)
    # The same hand as the second of a game: its code and seat, and the hand named.
    game = {"hands": [{"end": "dead"}, body]}
    error = assert_error(
        post(client, url(SLUG, "game"), game), code, ABSENT if player is None else player
    )
    assert error["message"].startswith("Hand 2: ")


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"cards": ["KS"] * 12}, "invalid_input"),
        ({"cards": ["KS"], "lay_off_onto": [["QS", "QD", "QX"]]}, "invalid_card"),
        ({"cards": ["QS"], "lay_off_onto": [["QS", "QD", "QC"]]}, "duplicate_card"),
        ({"cards": ["QS"], "lay_off_onto": [["KS", "AS", "2S"]]}, "invalid_meld"),
    ],
)
def test_every_error_code_of_deadwood(client, body, code):
    assert_error(post(client, url(SLUG, "deadwood"), body), code)


def test_a_hand_after_the_game_is_over_is_refused(client):
    gin = hand(
        "gin",
        1,
        ["KS", "KD", "KH", "KC", "4H", "5H", "6H", "8D", "9D", "6S"],
        ["AS", "2S", "3S", "7D", "7C", "7H", "9C", "10C", "JC", "QC"],
    )
    body = {"settings": {"target": 48}, "hands": [gin, {"end": "dead"}]}
    error = assert_error(post(client, url(SLUG, "game"), body), "invalid_input")
    assert "Hand 2" in error["message"] and "after the game ended with hand 1" in error["message"]


def test_a_game_of_200_hands_is_scored_and_201_refused(client):
    # Dead hands score nothing, so 200 of them are a game still going on.
    ok(post(client, url(SLUG, "game"), {"hands": [{"end": "dead"}] * MAX_HANDS}))
    error = assert_error(
        post(client, url(SLUG, "game"), {"hands": [{"end": "dead"}] * (MAX_HANDS + 1)}),
        "invalid_input",
    )
    assert "at most 200 hands" in error["message"]
