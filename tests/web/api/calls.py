"""Calling the JSON scoring API as any client does, and reading its answers: a 200 with
JSON, or an error in the spec's envelope (`shared/api.md` §1). Also what the tests of every
endpoint share: the bodies that are no JSON object, the rummy family's games and paths, and
a valid first hand of each of its games.
"""

import json

from games.rules import KINDS
from games.rules.cards import SUITS

# `player` expectations for `assert_error`: a name must match, ABSENT means no key at all,
# UNCHECKED leaves it alone (the spec does not say who is at fault).
ABSENT = object()
UNCHECKED = object()


def post(client, url, body):
    """POST `body` as JSON (or raw text/bytes as given)."""
    data = body if isinstance(body, str | bytes) else json.dumps(body)
    return client.post(url, data=data, content_type="application/json")


def ok(response):
    assert response.status_code == 200, response.content
    assert response["Content-Type"] == "application/json"
    return response.json()


def assert_error(response, code, player=ABSENT):
    assert response.status_code == 400, response.content
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert set(body) == {"error"}
    error = body["error"]
    assert error["code"] == code, error
    assert isinstance(error["message"], str) and error["message"].strip()
    if player is ABSENT:
        assert "player" not in error, error
    elif player is not UNCHECKED:
        assert error.get("player") == player, error
    assert set(error) <= {"code", "message", "player"}
    return error


# Bodies that are no JSON object at all, for every game's endpoints.
MALFORMED_BODIES = {
    "truncated": "{",
    "empty": "",
    "text": "not json",
    "single-quotes": "{'cards': ['KD']}",
    "bad-bytes": b"\xff\xfe\x00garbage",
    "empty-list": "[]",
    "list": '["KD"]',
    "string": '"KD"',
    "number": "42",
    "null": "null",
    "true": "true",
}

FAMILY_ENDPOINTS = ["deadwood", "hand", "game"]
# The rummy family: every game the registry holds with these endpoints. Gin Rummy has
# them too, but not the family's request shapes (api.md §5: `end`, `player`, two fixed
# hands, `lay_off_onto`, no `context`); its own tests are test_api_gin_rummy.py.
SLUGS = [
    slug
    for slug, kind in KINDS.items()
    if set(FAMILY_ENDPOINTS) <= set(kind.endpoints) and slug != "gin-rummy"
]


def url(slug, kind):
    return f"/api/{slug}/{kind}"


def tp(opened=True, hand=None, **extra):
    """One Tong-Its seat; `hand` None leaves the hand out."""
    entry = {"opened": opened, **extra}
    if hand is not None:
        entry["hand"] = hand
    return entry


def ti(end, players, **fields):
    return {"end": end, "players": players, **fields}


# The losing hand of the Indian Rummy hand example (§3.3): 30 points of deadwood.
IR_LOSER = ["9S", "10S", "JS", "4D", "4C", "QD", "2S", "6H", "8D", "JK", "3C", "5C", "7S"]


def first_hand(slug, players):
    """A valid first hand for `players` seats that does not end the game."""
    others = range(1, players)
    if slug == "tong-its":
        return ti("tongit", [tp(), tp(), tp()], caller=0)
    if slug == "carousel":
        return {"knocker": 0, "hands": [[], *([f"{seat + 1}H"] for seat in others)]}
    if slug == "three-thirteen":
        return {
            "hand_number": 1,
            "went_out": 0,
            "hands": [None, *([f"{r}{SUITS[seat % 4]}" for r in "789"] for seat in others)],
        }
    if slug == "rummy":
        return {"winner": 0, "hands": [[], *([f"{seat + 1}D"] for seat in others)]}
    return {"winner": 0, "hands": [None, *([IR_LOSER] * len(others))], "settings": {"decks": 4}}
