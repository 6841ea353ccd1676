"""Hearts' JSON API (`shared/api.md` §7), through HTTP.

The answers of api.md §7 are copied from the spec; the other numbers are worked out by
hand from `shared/rules/hearts.md` in the comments. The endpoints save nothing, so no test
needs the database.
"""

import pytest

from tests.rules.hearts_examples import API_EXAMPLES, HEARTS
from tests.web.api.calls import ABSENT, MALFORMED_BODIES, assert_error, ok, post

HAND = "/api/hearts/hand"
GAME = "/api/hearts/game"


@pytest.mark.parametrize(("endpoint", "request_body", "expected"), API_EXAMPLES)
def test_api_md_s_examples(client, endpoint, request_body, expected):
    answer = ok(post(client, f"/api/hearts/{endpoint}", request_body))
    assert isinstance(answer.pop("explanation", ""), str)
    assert answer == expected


def test_a_moon_under_subtract_in_friendly_spellings(client):
    # §3.3: seat 2 took every heart and Q♠: 0, 0, −26, 0 under subtract.
    friendly = [card.lower().replace("h", "♥") for card in HEARTS] + [" q♠\ufe0f "]
    body = {"taken": [[], [], friendly, []], "settings": {"moon": "subtract"}}
    answer = ok(post(client, HAND, body))
    assert answer["hand_scores"] == [0, 0, -26, 0] and answer["moon"] == 2


def test_six_players_shoot_the_moon_with_twelve_hearts(client):
    body = {"taken": [[], [], [], [], [*HEARTS[:-1], "QS"], []]}
    answer = ok(post(client, HAND, body))
    assert answer["points"] == [0, 0, 0, 0, 25, 0]
    assert answer["hand_scores"] == [25, 25, 25, 25, 0, 25]


def test_a_game_to_a_small_target_won_by_the_lowest_total(client):
    # Hand 1: seat 0 Q♠ + 12 hearts (25), seat 1 the 2♥ (1). Hand 2: seat 0 shoots the
    # moon: 25, 27, 26, 26. Seat 1 reached the target 27; seat 0's 25 is the lowest.
    hands = [
        {"taken": [["QS", *HEARTS[:-1]], ["2H"], [], []]},
        {"taken": [["QS", *HEARTS], [], [], []]},
    ]
    answer = ok(post(client, GAME, {"hands": hands, "settings": {"target": 27}}))
    assert answer["totals"] == [25, 27, 26, 26]
    assert answer["game_over"] is True and answer["winners"] == [0]


@pytest.mark.parametrize(
    ("body", "code", "player"),
    [
        # Two players: not Hearts.
        ({"taken": [["QS", *HEARTS], []]}, "invalid_input", None),
        ({"taken": [["QS", *HEARTS], [], "JK"]}, "invalid_input", 2),
        (
            {"taken": [["QS", *HEARTS], [], []], "settings": {"target": "100"}},
            "invalid_input",
            None,
        ),
        ({"taken": [["QS", *HEARTS], [], ["JK"]]}, "invalid_card", 2),
        # Three players: 2♦ is out of the deck.
        ({"taken": [["QS", *HEARTS], ["2D"], []]}, "removed_card", 1),
        ({"taken": [["QS", *HEARTS], ["AH"], []]}, "duplicate_card", 1),
        ({"taken": [HEARTS, [], []]}, "missing_point_cards", None),
        # Five players: 2♣ is out; with J♦ on it must be entered.
        ({"taken": [["QS", *HEARTS], [], [], ["2C"], []]}, "removed_card", 3),
        (
            {"taken": [["QS", *HEARTS], [], [], [], []], "settings": {"preset": "omnibus"}},
            "missing_point_cards",
            None,
        ),
    ],
)
def test_errors_come_in_the_spec_s_envelope(client, body, code, player):
    assert_error(post(client, HAND, body), code, ABSENT if player is None else player)


def test_a_missing_card_is_named(client):
    error = assert_error(post(client, HAND, {"taken": [HEARTS, [], [], []]}), "missing_point_cards")
    assert "Q♠" in error["message"]


def test_a_game_s_error_names_its_hand_and_keeps_the_seat(client):
    hands = [{"taken": [["QS", *HEARTS], [], []]}, {"taken": [["QS", *HEARTS], [], ["2D"]]}]
    error = assert_error(post(client, GAME, {"hands": hands}), "removed_card", 2)
    assert error["message"].startswith("Hand 2: ")


def test_a_hand_after_the_game_is_over_is_refused(client):
    moon = {"taken": [["QS", *HEARTS], [], [], []]}
    body = {"hands": [moon, moon], "settings": {"target": 26}}
    assert_error(post(client, GAME, body), "invalid_input")


@pytest.mark.parametrize("path", [HAND, GAME])
@pytest.mark.parametrize("raw", list(MALFORMED_BODIES.values()), ids=list(MALFORMED_BODIES))
def test_a_body_that_is_no_json_object_is_invalid_input(client, path, raw):
    assert_error(post(client, path, raw), "invalid_input")


def test_hearts_has_no_deadwood_endpoint(client):
    assert (
        client.post("/api/hearts/deadwood", "{}", content_type="application/json").status_code
        == 404
    )


@pytest.mark.parametrize("path", [HAND, GAME])
def test_only_post_is_allowed(client, path):
    assert client.get(path).status_code == 405
