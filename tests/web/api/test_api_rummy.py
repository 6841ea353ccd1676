"""The rummy-family JSON API (`shared/api.md` §1 and §3), through HTTP.

Every expected value was worked out by hand from `shared/rules/rummy-family.md` or copied
from the examples of api.md; none comes from the code under test. The endpoints save
nothing, so no test needs the database.

Error cases are written once per hand and replayed as the second hand of a game: a game
validates each hand with the full `/hand` checks, names the hand in its message and keeps
the seat at fault.
"""

import re
from collections import Counter

import pytest
from django.test import Client
from django.urls import reverse

from games.rules.cards import RANKS
from tests.web.api.calls import (
    ABSENT,
    FAMILY_ENDPOINTS,
    IR_LOSER,
    MALFORMED_BODIES,
    SLUGS,
    UNCHECKED,
    assert_error,
    first_hand,
    ok,
    post,
    ti,
    tp,
    url,
)

URLS = [f"/api/{slug}/{kind}" for slug in SLUGS for kind in FAMILY_ENDPOINTS]


def invalid_input(response):
    """`invalid_input`; a `player`, when the API names one, is a seat index."""
    error = assert_error(response, "invalid_input", UNCHECKED)
    if "player" in error:
        assert type(error["player"]) is int, error
    return error


def names_hand(message, number):
    return re.search(rf"(?i)\bhand\s+{number}\b", message) is not None


def meld_multiset(melds):
    """Melds as a multiset of multisets: which arrangement and what order are open."""
    return Counter(tuple(sorted(meld)) for meld in melds)


def assert_deadwood(body, deadwood, melds, unmatched):
    """api.md leaves open which minimum arrangement is returned: melds are compared as
    multisets, `deadwood` exactly, `unmatched` as a multiset."""
    assert set(body) == {"deadwood", "melds", "unmatched"}
    assert body["deadwood"] == deadwood
    assert meld_multiset(body["melds"]) == meld_multiset(melds)
    assert sorted(body["unmatched"]) == sorted(unmatched)


def without_explanation(body):
    assert isinstance(body["explanation"], str) and body["explanation"].strip()
    return {key: value for key, value in body.items() if key != "explanation"}


# ===========================================================================
# HTTP (§1.1)


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("kind", FAMILY_ENDPOINTS)
def test_every_path_has_its_url_name(slug, kind):
    assert reverse(f"api-{slug}-{kind}") == url(slug, kind)


@pytest.mark.parametrize("path", URLS)
@pytest.mark.parametrize("method", ["get", "put", "delete", "patch", "head", "options"])
def test_other_methods_are_not_allowed(client, path, method):
    response = getattr(client, method)(path)

    assert response.status_code == 405


# A small valid request for each endpoint.
VALID = {
    url("tong-its", "deadwood"): {"cards": ["2C"]},
    url("tong-its", "hand"): {
        "end": "tongit",
        "caller": 0,
        "players": [{"opened": True}, {"opened": True}, {"opened": True}],
    },
    url("tong-its", "game"): {"hands": []},
    url("carousel", "deadwood"): {"cards": ["2C"], "context": {"players": 2}},
    url("carousel", "hand"): {"knocker": 0, "hands": [["2C"], ["KD"]]},
    url("carousel", "game"): {"hands": []},
    url("three-thirteen", "deadwood"): {
        "cards": ["7S", "8S", "9S"],
        "context": {"hand_number": 1},
    },
    url("three-thirteen", "hand"): {
        "hand_number": 1,
        "went_out": 0,
        "hands": [None, ["7S", "8S", "9S"]],
    },
    url("three-thirteen", "game"): {"hands": []},
    url("rummy", "deadwood"): {"cards": ["2C"]},
    url("rummy", "hand"): {"winner": 0, "hands": [[], ["2C"]]},
    url("rummy", "game"): {"hands": []},
    url("indian-rummy", "deadwood"): {
        "cards": ["2H", "3H", "4H", "5H", "7C", "8C", "JK", "KS", "KD", "KC", "AD", "AS", "AH"]
    },
    url("indian-rummy", "hand"): {
        "winner": 0,
        "hands": [
            None,
            ["2H", "3H", "4H", "5H", "7C", "8C", "JK", "KS", "KD", "KC", "AD", "AS", "AH"],
        ],
    },
    url("indian-rummy", "game"): {"hands": []},
}


@pytest.mark.parametrize("path", URLS)
def test_post_needs_no_csrf_token_and_answers_json(path):
    client = Client(enforce_csrf_checks=True)

    body = ok(post(client, path, VALID[path]))

    assert isinstance(body, dict)


@pytest.mark.parametrize("path", URLS)
def test_errors_need_no_csrf_token_either(path):
    client = Client(enforce_csrf_checks=True)

    invalid_input(post(client, path, "{"))


@pytest.mark.parametrize("path", URLS)
@pytest.mark.parametrize("body", MALFORMED_BODIES.values(), ids=MALFORMED_BODIES.keys())
def test_malformed_json_or_non_object_body_is_invalid_input(client, path, body):
    error = assert_error(post(client, path, body), "invalid_input")
    assert "player" not in error


@pytest.mark.parametrize("path", URLS)
def test_empty_object_misses_a_required_field(client, path):
    invalid_input(post(client, path, {}))


@pytest.mark.parametrize("path", URLS)
def test_unknown_fields_are_ignored(client, path):
    body = {**VALID[path], "note": "Friday", "extra": {"x": [1, True]}}

    assert ok(post(client, path, body)) == ok(post(client, path, VALID[path]))


def test_hostile_json_is_invalid_input(client):
    raw = '{"cards": ["2C"], "context": {"players": ' + "1" * 5000 + "}}"

    invalid_input(post(client, url("carousel", "deadwood"), raw))


# ===========================================================================
# POST /api/<game>/deadwood (§3.2): the examples


def test_deadwood_example_tong_its(client):
    cards = ["3D", "4D", "5D", "6D", "9S", "9H", "9C", "KC", "2H"]

    body = ok(post(client, url("tong-its", "deadwood"), {"cards": cards}))

    assert_deadwood(body, 12, [["3D", "4D", "5D", "6D"], ["9S", "9H", "9C"]], ["KC", "2H"])


def test_deadwood_example_carousel(client):
    request = {"cards": ["JK", "4C", "QH"], "context": {"players": 3}}

    body = ok(post(client, url("carousel", "deadwood"), request))

    assert body == {"deadwood": 39, "melds": [], "unmatched": ["JK", "4C", "QH"]}


def test_deadwood_example_three_thirteen(client):
    request = {
        "cards": ["6C", "8H", "9H", "KS", "KD", "2C"],
        "context": {"hand_number": 4, "players": 2},
    }

    body = ok(post(client, url("three-thirteen", "deadwood"), request))

    # The only arrangement reaching 19: the wild 6C with the kings.
    assert_deadwood(body, 19, [["KS", "KD", "6C"]], ["8H", "9H", "2C"])


def test_deadwood_example_rummy(client):
    body = ok(post(client, url("rummy", "deadwood"), {"cards": ["7C", "8C", "9C", "KD"]}))

    assert body == {"deadwood": 34, "melds": [], "unmatched": ["7C", "8C", "9C", "KD"]}


def test_deadwood_example_indian_rummy(client):
    cards = ["5S", "6S", "7S", "9D", "10D", "JK", "QH", "QC", "QS", "2C", "3D", "7H", "AC"]

    body = ok(post(client, url("indian-rummy", "deadwood"), {"cards": cards}))

    assert_deadwood(
        body,
        22,
        [["5S", "6S", "7S"], ["9D", "10D", "JK"], ["QH", "QC", "QS"]],
        ["2C", "3D", "7H", "AC"],
    )


# ---------------------------------------------------------------------------
# /deadwood: the context, card counts and the arrangement returned


def test_deadwood_answers_canonical_cards_for_friendly_input(client):
    request = {"cards": ["3d", "4♦\ufe0f", " 5D ", "th"]}

    body = ok(post(client, url("tong-its", "deadwood"), request))

    assert body == {"deadwood": 10, "melds": [["3D", "4D", "5D"]], "unmatched": ["10H"]}


@pytest.mark.parametrize(
    ("cards", "deadwood", "melds"),
    [
        pytest.param([], 0, [], id="no-cards"),
        pytest.param(["AS", "2S", "3S"], 0, [["AS", "2S", "3S"]], id="ace-low-run"),
        pytest.param(["QS", "KS", "AS"], 21, [], id="no-ace-high-run"),
        pytest.param(["KS", "AS", "2S"], 13, [], id="no-wrap"),
        pytest.param(["7S", "7H", "7D", "7C"], 0, [["7S", "7H", "7D", "7C"]], id="four-of-a-kind"),
    ],
)
def test_deadwood_tong_its_melds(client, cards, deadwood, melds):
    body = ok(post(client, url("tong-its", "deadwood"), {"cards": cards}))

    unmatched = [card for card in cards if not any(card in meld for meld in melds)]
    assert_deadwood(body, deadwood, melds, unmatched)


def test_deadwood_tong_its_takes_thirteen_cards_and_ignores_the_context(client):
    cards = [rank + "S" for rank in RANKS]  # one run from A to K

    body = ok(post(client, url("tong-its", "deadwood"), {"cards": cards, "context": "junk"}))

    assert body["deadwood"] == 0
    assert body["unmatched"] == []
    assert sorted(card for meld in body["melds"] for card in meld) == sorted(cards)


def test_deadwood_carousel_and_rummy_take_any_count(client):
    many = [rank + suit for suit in "SH" for rank in RANKS]  # 26 cards, 2 × 85 = 170

    carousel = ok(
        post(client, url("carousel", "deadwood"), {"cards": many, "context": {"players": 2}})
    )
    rummy = ok(post(client, url("rummy", "deadwood"), {"cards": many, "context": [1]}))

    for body in (carousel, rummy):
        assert body == {"deadwood": 170, "melds": [], "unmatched": many}
    empty = {"deadwood": 0, "melds": [], "unmatched": []}
    assert ok(post(client, url("rummy", "deadwood"), {"cards": []})) == empty


@pytest.mark.parametrize(
    ("players", "cards", "deadwood"),
    [
        pytest.param(2, ["JK", "AS"], 26, id="2p-one-joker"),
        pytest.param(3, ["JK", "JK", "AS", "AS"], 52, id="3p-two-jokers-two-decks"),
        pytest.param(5, ["JK", "JK", "KD", "KD"], 70, id="5p-two-jokers"),
    ],
)
def test_deadwood_carousel_players_set_decks_and_jokers(client, players, cards, deadwood):
    request = {"cards": cards, "context": {"players": players}}

    body = ok(post(client, url("carousel", "deadwood"), request))

    assert body == {"deadwood": deadwood, "melds": [], "unmatched": cards}


def test_deadwood_three_thirteen_players_set_the_decks(client):
    # Hand 1 (3s wild): KS KS KD is a set with 2 decks (3 players), a duplicate with 1.
    cards = ["KS", "KS", "KD"]
    path = url("three-thirteen", "deadwood")

    body = ok(post(client, path, {"cards": cards, "context": {"hand_number": 1, "players": 3}}))

    assert_deadwood(body, 0, [cards], [])
    assert_error(
        post(client, path, {"cards": cards, "context": {"hand_number": 1}}), "duplicate_card"
    )


def test_deadwood_three_thirteen_wild_rank_follows_the_hand_number(client):
    # Hand 1 makes the 3s wild: 3C joins 5D 5H. On hand 2 (4s wild) 3C is a plain 3 and
    # nothing melds: 3 + 5 + 5 + 9 = 22.
    path = url("three-thirteen", "deadwood")
    first = {"cards": ["3C", "5D", "5H"], "context": {"hand_number": 1}}
    second = {"cards": ["3C", "5D", "5H", "9S"], "context": {"hand_number": 2}}

    assert_deadwood(ok(post(client, path, first)), 0, [["3C", "5D", "5H"]], [])
    assert ok(post(client, path, second)) == {
        "deadwood": 22,
        "melds": [],
        "unmatched": ["3C", "5D", "5H", "9S"],
    }


# 13 cards with no two consecutive of a suit, three kings: no pure sequence can be made.
# 10 + 10 + 10 + 2 + 4 + 6 + 8 + 10 + 10 + 3 + 5 + 7 + 9 = 94.
NO_PURE = ["KS", "KH", "KD", "2C", "4C", "6C", "8D", "10D", "QD", "3H", "5H", "7H", "9S"]


@pytest.mark.parametrize(
    ("context", "deadwood"),
    [
        pytest.param(None, 94, id="default"),
        pytest.param({"jokers": False, "decks": 1}, 94, id="no-jokers-one-deck"),
        pytest.param({"wild_rank": "k"}, 64, id="kings-wild-count-0"),
        pytest.param({"wild_rank": "t"}, 84, id="tens-wild-count-0"),
        pytest.param({"wild_rank": None}, 94, id="wild-null"),
    ],
)
def test_deadwood_indian_rummy_without_a_pure_sequence_counts_every_card(client, context, deadwood):
    request = {"cards": NO_PURE} if context is None else {"cards": NO_PURE, "context": context}

    body = ok(post(client, url("indian-rummy", "deadwood"), request))

    assert body == {"deadwood": deadwood, "melds": [], "unmatched": NO_PURE}


def test_deadwood_indian_rummy_wild_rank_completes_a_meld(client):
    # The example hand with 2s wild: 2C now counts 0 and 3D 7H AC = 20 are left.
    cards = ["5S", "6S", "7S", "9D", "10D", "JK", "QH", "QC", "QS", "2C", "3D", "7H", "AC"]
    request = {"cards": cards, "context": {"wild_rank": "2", "decks": 2, "jokers": True}}

    body = ok(post(client, url("indian-rummy", "deadwood"), request))

    assert body["deadwood"] == 20


# ---------------------------------------------------------------------------
# /deadwood errors: (slug, request, code)

THIRTEEN = ["2H", "3H", "4H", "5H", "7C", "8C", "9C", "KS", "KD", "KC", "AD", "AS", "AH"]
DEADWOOD_ERRORS = [
    # Tong-Its
    pytest.param("tong-its", {"cards": "3D 4D"}, "invalid_input", id="ti-cards-string"),
    pytest.param("tong-its", {"cards": [3]}, "invalid_input", id="ti-card-number"),
    pytest.param("tong-its", {"cards": None}, "invalid_input", id="ti-cards-null"),
    pytest.param(
        "tong-its", {"cards": [r + "S" for r in RANKS] + ["AH"]}, "invalid_input", id="ti-14-cards"
    ),
    pytest.param("tong-its", {"cards": ["JK"]}, "invalid_card", id="ti-joker"),
    pytest.param("tong-its", {"cards": ["1C"]}, "invalid_card", id="ti-1C"),
    pytest.param("tong-its", {"cards": ["7 H"]}, "invalid_card", id="ti-inner-space"),
    pytest.param("tong-its", {"cards": ["5C", "5c"]}, "duplicate_card", id="ti-duplicate"),
    pytest.param(
        "tong-its",
        {"cards": [r + "S" for r in RANKS] + ["XX"]},
        "invalid_input",
        id="ti-order-count-before-card",
    ),
    pytest.param(
        "tong-its",
        {"cards": ["5C", "5C", "XX"]},
        "invalid_card",
        id="ti-order-card-before-duplicate",
    ),
    # Carousel
    pytest.param("carousel", {"cards": ["2C"]}, "invalid_input", id="ca-context-missing"),
    pytest.param(
        "carousel", {"cards": ["2C"], "context": 3}, "invalid_input", id="ca-context-number"
    ),
    pytest.param(
        "carousel", {"cards": ["2C"], "context": {}}, "invalid_input", id="ca-players-missing"
    ),
    *(
        pytest.param(
            "carousel", {"cards": ["2C"], "context": {"players": players}}, "invalid_input", id=name
        )
        for players, name in [
            (1, "ca-players-1"),
            (6, "ca-players-6"),
            (True, "ca-players-true"),
            (3.0, "ca-players-3.0"),
            ("3", "ca-players-string"),
        ]
    ),
    pytest.param(
        "carousel",
        {"cards": ["2C", 7], "context": {"players": 2}},
        "invalid_input",
        id="ca-card-number",
    ),
    pytest.param(
        "carousel", {"cards": ["1C"], "context": {"players": 2}}, "invalid_card", id="ca-1C"
    ),
    pytest.param(
        "carousel",
        {"cards": ["JK", "JK"], "context": {"players": 2}},
        "duplicate_card",
        id="ca-2p-2-jokers",
    ),
    pytest.param(
        "carousel",
        {"cards": ["5C", "5C"], "context": {"players": 2}},
        "duplicate_card",
        id="ca-2p-2-copies",
    ),
    pytest.param(
        "carousel",
        {"cards": ["JK", "JK", "JK"], "context": {"players": 4}},
        "duplicate_card",
        id="ca-4p-3-jokers",
    ),
    pytest.param(
        "carousel",
        {"cards": ["5C", "5C", "5C"], "context": {"players": 5}},
        "duplicate_card",
        id="ca-5p-3-copies",
    ),
    pytest.param(
        "carousel",
        {"cards": ["XX"], "context": {"players": 9}},
        "invalid_input",
        id="ca-order-players-first",
    ),
    pytest.param(
        "carousel",
        {"cards": ["JK", "JK", "XX"], "context": {"players": 2}},
        "invalid_card",
        id="ca-order-card-before-duplicate",
    ),
    # Three Thirteen
    pytest.param(
        "three-thirteen", {"cards": ["2C", "3C", "4C"]}, "invalid_input", id="tt-context-missing"
    ),
    pytest.param(
        "three-thirteen",
        {"cards": ["2C", "3C", "4C"], "context": {}},
        "invalid_input",
        id="tt-hand-missing",
    ),
    *(
        pytest.param(
            "three-thirteen",
            {"cards": ["2C", "3C", "4C"], "context": context},
            "invalid_input",
            id=name,
        )
        for context, name in [
            ({"hand_number": 0}, "tt-hand-0"),
            ({"hand_number": 12}, "tt-hand-12"),
            ({"hand_number": True}, "tt-hand-true"),
            ({"hand_number": 1.0}, "tt-hand-1.0"),
            ({"hand_number": "1"}, "tt-hand-string"),
            ({"hand_number": 1, "players": 1}, "tt-players-1"),
            ({"hand_number": 1, "players": True}, "tt-players-true"),
            ({"hand_number": 1, "players": 2.0}, "tt-players-2.0"),
        ]
    ),
    pytest.param(
        "three-thirteen",
        {"cards": ["2C", "3C", "JK"], "context": {"hand_number": 1}},
        "invalid_card",
        id="tt-joker",
    ),
    pytest.param(
        "three-thirteen",
        {"cards": ["2C", "2C", "4C"], "context": {"hand_number": 1}},
        "duplicate_card",
        id="tt-1-deck-duplicate",
    ),
    pytest.param(
        "three-thirteen",
        {"cards": ["2C", "2C", "2C"], "context": {"hand_number": 1, "players": 4}},
        "duplicate_card",
        id="tt-2-decks-3-copies",
    ),
    pytest.param(
        "three-thirteen",
        {"cards": ["2C", "3C", "4C", "5C"], "context": {"hand_number": 1}},
        "wrong_card_count",
        id="tt-4-cards-on-hand-1",
    ),
    pytest.param(
        "three-thirteen",
        {"cards": ["2C", "3C"], "context": {"hand_number": 1, "players": 3}},
        "wrong_card_count",
        id="tt-2-cards-on-hand-1",
    ),
    pytest.param(
        "three-thirteen",
        {"cards": ["XX"], "context": {"hand_number": 0}},
        "invalid_input",
        id="tt-order-input-first",
    ),
    pytest.param(
        "three-thirteen",
        {"cards": ["2C", "2C", "XX", "9D"], "context": {"hand_number": 1}},
        "invalid_card",
        id="tt-order-card-before-duplicate-and-count",
    ),
    pytest.param(
        "three-thirteen",
        {"cards": ["2C", "2C"], "context": {"hand_number": 1}},
        "duplicate_card",
        id="tt-order-duplicate-before-count",
    ),
    # Rummy
    pytest.param("rummy", {"cards": "2C"}, "invalid_input", id="ru-cards-string"),
    pytest.param("rummy", {"cards": [["2C"]]}, "invalid_input", id="ru-card-list"),
    pytest.param("rummy", {"cards": ["JK"]}, "invalid_card", id="ru-joker"),
    pytest.param("rummy", {"cards": ["2C", "2c"]}, "duplicate_card", id="ru-duplicate"),
    pytest.param("rummy", {"cards": ["2C", "2C", "Z"]}, "invalid_card", id="ru-order"),
    # Indian Rummy
    pytest.param(
        "indian-rummy", {"cards": THIRTEEN, "context": "2"}, "invalid_input", id="ir-context-string"
    ),
    *(
        pytest.param(
            "indian-rummy", {"cards": THIRTEEN, "context": context}, "invalid_input", id=name
        )
        for context, name in [
            ({"decks": 0}, "ir-decks-0"),
            ({"decks": 5}, "ir-decks-5"),
            ({"decks": True}, "ir-decks-true"),
            ({"decks": 2.0}, "ir-decks-2.0"),
            ({"decks": "2"}, "ir-decks-string"),
            ({"jokers": "yes"}, "ir-jokers-string"),
            ({"jokers": 1}, "ir-jokers-1"),
            ({"wild_rank": 7}, "ir-wild-number"),
            ({"wild_rank": ["7"]}, "ir-wild-list"),
        ]
    ),
    pytest.param("indian-rummy", {"cards": [*THIRTEEN[:12], "1C"]}, "invalid_card", id="ir-1C"),
    pytest.param(
        "indian-rummy",
        {"cards": [*THIRTEEN[:12], "JK"], "context": {"jokers": False}},
        "invalid_card",
        id="ir-joker-when-off",
    ),
    pytest.param(
        "indian-rummy",
        {"cards": THIRTEEN, "context": {"wild_rank": "Z"}},
        "invalid_card",
        id="ir-wild-Z",
    ),
    pytest.param(
        "indian-rummy",
        {"cards": THIRTEEN, "context": {"wild_rank": "7H"}},
        "invalid_card",
        id="ir-wild-card",
    ),
    pytest.param(
        "indian-rummy",
        {"cards": [*THIRTEEN[:12], "2H"], "context": {"decks": 1}},
        "duplicate_card",
        id="ir-1-deck-2-copies",
    ),
    pytest.param(
        "indian-rummy",
        {"cards": [*THIRTEEN[:10], "JK", "JK", "JK"], "context": {"decks": 1}},
        "duplicate_card",
        id="ir-1-deck-3-jokers",
    ),
    pytest.param(
        "indian-rummy", {"cards": ["2H", "2H", "2H"]}, "duplicate_card", id="ir-2-decks-3-copies"
    ),
    pytest.param("indian-rummy", {"cards": THIRTEEN[:12]}, "wrong_card_count", id="ir-12-cards"),
    pytest.param(
        "indian-rummy", {"cards": [*THIRTEEN, "6D"]}, "wrong_card_count", id="ir-14-cards"
    ),
    pytest.param(
        "indian-rummy",
        {"cards": ["XX"], "context": {"decks": 9}},
        "invalid_input",
        id="ir-order-input-first",
    ),
    pytest.param(
        "indian-rummy",
        {"cards": ["2H", "2H", "2H"], "context": {"wild_rank": "Z"}},
        "invalid_card",
        id="ir-order-wild-before-duplicate",
    ),
    pytest.param(
        "indian-rummy",
        {"cards": ["2H", "2H"], "context": {"decks": 1}},
        "duplicate_card",
        id="ir-order-duplicate-before-count",
    ),
]


@pytest.mark.parametrize(("slug", "request_body", "code"), DEADWOOD_ERRORS)
def test_deadwood_errors(client, slug, request_body, code):
    error = assert_error(post(client, url(slug, "deadwood"), request_body), code, UNCHECKED)
    # One set of cards belongs to no seat.
    assert "player" not in error


# ===========================================================================
# POST /api/<game>/hand (§3.3): the examples

TI_EXAMPLE = {
    "end": "draw",
    "caller": 2,
    "responses": ["challenge", "fold", None],
    "players": [
        {"opened": True, "hand": ["8C", "8D", "JH"]},
        {"opened": False},
        {"opened": True, "hand": ["AC", "AD", "7S"], "meld_aces": 1},
    ],
    "state_before": {"pot": 6, "previous_winner": 0},
}
CA_EXAMPLE = {"knocker": 1, "hands": [["2C", "AD"], ["3S"], ["9D", "JK"]]}
TT_EXAMPLE = {
    "hand_number": 2,
    "went_out": 0,
    "hands": [None, ["4D", "7C", "7S", "QH"], ["5H", "6H", "4S", "AC"]],
}
RU_EXAMPLE = {"winner": 2, "went_rummy": True, "hands": [["KS", "4D"], ["AH", "2H", "3H"], []]}
IR_DECLARED = ["2H", "3H", "4H", "5H", "7C", "8C", "JK", "KS", "KD", "KC", "AD", "AS", "AH"]
IR_EXAMPLE = {"winner": 0, "hands": [IR_DECLARED, IR_LOSER]}


def test_hand_example_tong_its(client):
    body = ok(post(client, url("tong-its", "hand"), TI_EXAMPLE))

    assert without_explanation(body) == {
        "winner": 2,
        "win_type": "challenged_draw",
        "deadwood": [26, None, 9],
        "payments": [6, 7, 0],
        "chip_delta": [-8, -9, 11],
        "pot_after": 12,
        "pot_awarded": 0,
    }


def test_hand_example_carousel(client):
    body = ok(post(client, url("carousel", "hand"), CA_EXAMPLE))

    assert without_explanation(body) == {
        "deadwood": [3, 3, 34],
        "winners": [0],
        "hand_scores": [41, 0, 0],
    }


def test_hand_example_carousel_error(client):
    response = post(
        client, url("carousel", "hand"), {"knocker": 0, "hands": [["3C", "2D"], ["KS"]]}
    )

    assert_error(response, "knock_not_allowed", 0)


def test_hand_example_three_thirteen(client):
    body = ok(post(client, url("three-thirteen", "hand"), TT_EXAMPLE))

    assert without_explanation(body) == {"deadwood": [0, 10, 1], "hand_scores": [0, 10, 1]}


def test_hand_example_rummy(client):
    body = ok(post(client, url("rummy", "hand"), RU_EXAMPLE))

    assert without_explanation(body) == {"deadwood": [14, 6, 0], "hand_scores": [0, 0, 40]}


def test_hand_example_indian_rummy(client):
    body = ok(post(client, url("indian-rummy", "hand"), IR_EXAMPLE))

    assert without_explanation(body) == {"deadwood": [0, 30], "hand_scores": [30, -30]}


# ---------------------------------------------------------------------------
# /hand: more hand-scored hands


TONG_ITS_HANDS = [
    # Tongit, base 3; seat 2 has not opened: +1. Pot 0 + 6 antes, no previous winner.
    pytest.param(
        ti("tongit", [tp(hand=[]), tp(hand=["5C"]), tp(False)], caller=0),
        {
            "winner": 0,
            "win_type": "tongit",
            "deadwood": [None, None, None],
            "payments": [0, 3, 4],
            "chip_delta": [5, -5, -6],
            "pot_after": 6,
            "pot_awarded": 0,
        },
        id="tongit",
    ),
    # A tongit caller's omitted hand is empty.
    pytest.param(
        ti("tongit", [tp(), tp(), tp()], caller=1),
        {
            "winner": 1,
            "win_type": "tongit",
            "deadwood": [None, None, None],
            "payments": [3, 0, 3],
            "chip_delta": [-5, 4, -5],
            "pot_after": 6,
            "pot_awarded": 0,
        },
        id="tongit-hand-omitted",
    ),
    # Draw both fold, base 1 + 1 ace in melds; second win in a row takes 6 + 6.
    pytest.param(
        ti(
            "draw",
            [tp(hand=["2C", "3H"], meld_aces=1), tp(), tp()],
            caller=0,
            responses=[None, "fold", "fold"],
            state_before={"pot": 6, "previous_winner": 0},
        ),
        {
            "winner": 0,
            "win_type": "draw",
            "deadwood": [None, None, None],
            "payments": [0, 2, 2],
            "chip_delta": [14, -4, -4],
            "pot_after": 0,
            "pot_awarded": 12,
        },
        id="draw-both-fold-takes-pot",
    ),
    # Challenged draw: the caller holds four 7s (a concealed quad, +3) and KD = 10 vs 20.
    # The opened folder pays the full 3 + 3 too.
    pytest.param(
        ti(
            "draw",
            [tp(hand=["7S", "7H", "7D", "7C", "KD"]), tp(hand=["QS", "QH"]), tp()],
            caller=0,
            responses=[None, "challenge", "fold"],
        ),
        {
            "winner": 0,
            "win_type": "challenged_draw",
            "deadwood": [10, 20, None],
            "payments": [0, 6, 6],
            "chip_delta": [10, -8, -8],
            "pot_after": 6,
            "pot_awarded": 0,
        },
        id="challenged-draw-held-quad",
    ),
    # A challenger tying the caller wins.
    pytest.param(
        ti(
            "draw",
            [tp(hand=["5S"]), tp(hand=["5H"]), tp()],
            caller=0,
            responses=[None, "challenge", "fold"],
        ),
        {
            "winner": 1,
            "win_type": "challenged_draw",
            "deadwood": [5, 5, None],
            "payments": [3, 0, 3],
            "chip_delta": [-5, 4, -5],
            "pot_after": 6,
            "pot_awarded": 0,
        },
        id="challenger-wins-tie",
    ),
    # Stock out: opened seats 0 (20) and 1 (10) compare; seat 2 unopened pays 1 + 1.
    # Seat 1 also won the previous hand: pot 0 + 6 awarded.
    pytest.param(
        ti(
            "stock_out",
            [tp(hand=["KS", "QS"]), tp(hand=["5C", "5D"]), tp(False, hand=["AH"])],
            last_drawer=1,
            state_before={"pot": 0, "previous_winner": 1},
        ),
        {
            "winner": 1,
            "win_type": "stock_out",
            "deadwood": [20, 10, None],
            "payments": [1, 0, 2],
            "chip_delta": [-3, 7, -4],
            "pot_after": 0,
            "pot_awarded": 6,
        },
        id="stock-out-pot",
    ),
    # Stock out with nobody opened: all compare, seats 1 and 2 tie at 2; from the last
    # drawer (0) the walk meets seat 1 first. Base 1 + 1 unopened.
    pytest.param(
        ti(
            "stock_out",
            [tp(False, hand=["9C"]), tp(False, hand=["2D"]), tp(False, hand=["2H"])],
            last_drawer=0,
        ),
        {
            "winner": 1,
            "win_type": "stock_out",
            "deadwood": [9, 2, 2],
            "payments": [2, 0, 2],
            "chip_delta": [-4, 2, -4],
            "pot_after": 6,
            "pot_awarded": 0,
        },
        id="stock-out-nobody-opened",
    ),
    # Tongit with a face-down quad of aces: 3 + 3 (quad) + 4 aces = 10; unopened +1.
    pytest.param(
        ti(
            "tongit",
            [tp(hand=["2C"]), tp(hand=[], face_down_quads=["a"]), tp(False)],
            caller=1,
        ),
        {
            "winner": 1,
            "win_type": "tongit",
            "deadwood": [None, None, None],
            "payments": [10, 0, 11],
            "chip_delta": [-12, 19, -13],
            "pot_after": 6,
            "pot_awarded": 0,
        },
        id="face-down-aces",
    ),
]


@pytest.mark.parametrize(("request_body", "expected"), TONG_ITS_HANDS)
def test_hand_tong_its(client, request_body, expected):
    body = ok(post(client, url("tong-its", "hand"), request_body))

    assert without_explanation(body) == expected


def test_hand_tong_its_ignores_fields_the_end_does_not_use(client):
    plain = ti("tongit", [tp(hand=[]), tp(hand=["5C"]), tp(False)], caller=0)
    noisy = {**plain, "last_drawer": 9, "responses": ["nonsense"]}
    stock = ti("stock_out", [tp(hand=["2C"]), tp(hand=["3C"]), tp(hand=["4C"])], last_drawer=0)

    assert ok(post(client, url("tong-its", "hand"), noisy)) == ok(
        post(client, url("tong-its", "hand"), plain)
    )
    assert ok(post(client, url("tong-its", "hand"), {**stock, "caller": 7}))["winner"] == 0


def test_hand_tong_its_null_optional_fields_take_their_defaults(client):
    request = ti(
        "tongit",
        [tp(hand=None, meld_aces=None, face_down_quads=None), tp(), tp()],
        caller=0,
        state_before={"pot": None, "previous_winner": None},
    )

    body = ok(post(client, url("tong-its", "hand"), request))

    assert body["payments"] == [0, 3, 3]
    assert body["pot_after"] == 6


CAROUSEL_HANDS = [
    # The knocker (1) wins against 5 and a 25 joker: (5 − 1) + (25 − 1).
    pytest.param(
        {"knocker": 0, "hands": [["AS"], ["5C"], ["JK"]]},
        {"deadwood": [1, 5, 25], "winners": [0], "hand_scores": [28, 0, 0]},
        id="knocker-wins",
    ),
    # Knocking with 0: 10 + 25 for melding everything.
    pytest.param(
        {"knocker": 0, "hands": [[], ["KD"]]},
        {"deadwood": [0, 10], "winners": [0], "hand_scores": [35, 0]},
        id="knock-with-nothing",
    ),
    # Two undercutters tie with the knocker at 4: both win 0 + 0 + 10.
    pytest.param(
        {"knocker": 0, "hands": [["4C"], ["2C", "2D"], ["4D"]]},
        {"deadwood": [4, 4, 4], "winners": [1, 2], "hand_scores": [0, 10, 10]},
        id="tied-undercutters",
    ),
    # Three players: two jokers are in play.
    pytest.param(
        {"knocker": 0, "hands": [["AS"], ["JK"], ["jk"]]},
        {"deadwood": [1, 25, 25], "winners": [0], "hand_scores": [48, 0, 0]},
        id="two-jokers",
    ),
]


@pytest.mark.parametrize(("request_body", "expected"), CAROUSEL_HANDS)
def test_hand_carousel(client, request_body, expected):
    body = ok(post(client, url("carousel", "hand"), request_body))

    assert without_explanation(body) == expected


THREE_THIRTEEN_HANDS = [
    # Hand 1, 3s wild: 3H + KS KD is a set; AS 5D 9C = 15. The went-out hand is checked.
    pytest.param(
        {
            "hand_number": 1,
            "went_out": 0,
            "hands": [["7S", "8S", "9S"], ["3H", "KS", "KD"], ["AS", "5D", "9C"]],
        },
        {"deadwood": [0, 0, 15], "hand_scores": [0, 0, 15]},
        id="hand-1",
    ),
    # Hand 11: 13 cards, kings wild; A..K of spades is one run.
    pytest.param(
        {"hand_number": 11, "went_out": 1, "hands": [[r + "S" for r in RANKS], None]},
        {"deadwood": [0, 0], "hand_scores": [0, 0]},
        id="hand-11",
    ),
]


@pytest.mark.parametrize(("request_body", "expected"), THREE_THIRTEEN_HANDS)
def test_hand_three_thirteen(client, request_body, expected):
    body = ok(post(client, url("three-thirteen", "hand"), request_body))

    assert without_explanation(body) == expected


@pytest.mark.parametrize(
    ("extra", "scores"),
    [
        pytest.param({}, [0, 0, 20], id="omitted"),
        pytest.param({"went_rummy": None}, [0, 0, 20], id="null"),
        pytest.param({"went_rummy": False}, [0, 0, 20], id="false"),
        pytest.param({"went_rummy": True}, [0, 0, 40], id="true"),
    ],
)
def test_hand_rummy_went_rummy_defaults_to_false(client, extra, scores):
    request = {"winner": 2, "hands": [["KS", "4D"], ["AH", "2H", "3H"], None], **extra}

    body = ok(post(client, url("rummy", "hand"), request))

    assert body["deadwood"] == [14, 6, 0]
    assert body["hand_scores"] == scores


def test_hand_indian_rummy_winner_may_be_left_out_and_settings_apply(client):
    # Seat 0 declared (not entered); seat 1 has no pure sequence: 94, or 64 with kings wild.
    path = url("indian-rummy", "hand")

    plain = ok(post(client, path, {"winner": 0, "hands": [None, NO_PURE]}))
    kings = ok(
        post(client, path, {"winner": 0, "hands": [None, NO_PURE], "settings": {"wild_rank": "K"}})
    )

    assert without_explanation(plain) == {"deadwood": [0, 94], "hand_scores": [94, -94]}
    assert without_explanation(kings) == {"deadwood": [0, 64], "hand_scores": [64, -64]}


@pytest.mark.parametrize(
    ("path", "request_body", "fields"),
    [
        (
            url("tong-its", "hand"),
            TI_EXAMPLE,
            {
                "winner",
                "win_type",
                "deadwood",
                "payments",
                "chip_delta",
                "pot_after",
                "pot_awarded",
            },
        ),
        (url("carousel", "hand"), CA_EXAMPLE, {"deadwood", "winners", "hand_scores"}),
        (url("three-thirteen", "hand"), TT_EXAMPLE, {"deadwood", "hand_scores"}),
        (url("rummy", "hand"), RU_EXAMPLE, {"deadwood", "hand_scores"}),
        (url("indian-rummy", "hand"), IR_EXAMPLE, {"deadwood", "hand_scores"}),
    ],
)
def test_hand_answers_exactly_the_spec_fields(client, path, request_body, fields):
    body = ok(post(client, path, request_body))

    assert set(body) == fields | {"explanation"}


# ---------------------------------------------------------------------------
# /hand errors: (slug, request, code, player, also checked as hand 2 of a game)
#
# Three Thirteen cases are hand 2 (4 cards, 4s wild) so that a game can replay them.

TT2 = {"hand_number": 2, "went_out": 0}
HAND_ERRORS = [
    # --- Tong-Its: invalid_input
    pytest.param(
        "tong-its",
        ti("tongit", [tp(), tp()], caller=0),
        "invalid_input",
        UNCHECKED,
        True,
        id="ti-2-players",
    ),
    pytest.param(
        "tong-its",
        ti("tongit", [tp()] * 4, caller=0),
        "invalid_input",
        UNCHECKED,
        True,
        id="ti-4-players",
    ),
    pytest.param(
        "tong-its",
        {"end": "tongit", "caller": 0},
        "invalid_input",
        UNCHECKED,
        True,
        id="ti-players-missing",
    ),
    pytest.param(
        "tong-its",
        ti("tongit", "three", caller=0),
        "invalid_input",
        UNCHECKED,
        True,
        id="ti-players-string",
    ),
    pytest.param(
        "tong-its",
        ti("tongit", [tp(), "x", tp()], caller=0),
        "invalid_input",
        UNCHECKED,
        True,
        id="ti-player-not-object",
    ),
    pytest.param(
        "tong-its",
        ti("knock", [tp()] * 3, caller=0),
        "invalid_input",
        UNCHECKED,
        True,
        id="ti-end-unknown",
    ),
    pytest.param(
        "tong-its",
        {"caller": 0, "players": [tp()] * 3},
        "invalid_input",
        UNCHECKED,
        True,
        id="ti-end-missing",
    ),
    pytest.param(
        "tong-its",
        ti(1, [tp()] * 3, caller=0),
        "invalid_input",
        UNCHECKED,
        True,
        id="ti-end-number",
    ),
    pytest.param(
        "tong-its",
        ti("tongit", [tp()] * 3),
        "invalid_input",
        UNCHECKED,
        True,
        id="ti-caller-missing",
    ),
    *(
        pytest.param(
            "tong-its",
            ti("tongit", [tp()] * 3, caller=caller),
            "invalid_input",
            UNCHECKED,
            True,
            id=name,
        )
        for caller, name in [
            (3, "ti-caller-3"),
            (-1, "ti-caller-minus-1"),
            (True, "ti-caller-true"),
            (0.0, "ti-caller-0.0"),
            ("0", "ti-caller-string"),
        ]
    ),
    pytest.param(
        "tong-its",
        ti("stock_out", [tp(hand=[])] * 3),
        "invalid_input",
        UNCHECKED,
        True,
        id="ti-last-drawer-missing",
    ),
    pytest.param(
        "tong-its",
        ti("stock_out", [tp(hand=[])] * 3, last_drawer=False),
        "invalid_input",
        UNCHECKED,
        True,
        id="ti-last-drawer-false",
    ),
    pytest.param(
        "tong-its",
        ti("draw", [tp(hand=[])] * 3, caller=0),
        "invalid_input",
        UNCHECKED,
        True,
        id="ti-responses-missing",
    ),
    pytest.param(
        "tong-its",
        ti("draw", [tp(hand=[])] * 3, caller=0, responses=[None, "fold"]),
        "invalid_input",
        UNCHECKED,
        True,
        id="ti-responses-2",
    ),
    pytest.param(
        "tong-its",
        ti("draw", [tp(hand=[])] * 3, caller=0, responses="fold"),
        "invalid_input",
        UNCHECKED,
        True,
        id="ti-responses-string",
    ),
    pytest.param(
        "tong-its",
        ti("draw", [tp(hand=[])] * 3, caller=0, responses=["fold", "fold", "fold"]),
        "invalid_input",
        UNCHECKED,
        True,
        id="ti-caller-response-not-null",
    ),
    pytest.param(
        "tong-its",
        ti("draw", [tp(hand=[])] * 3, caller=0, responses=[None, "pass", "fold"]),
        "invalid_input",
        UNCHECKED,
        True,
        id="ti-response-unknown",
    ),
    pytest.param(
        "tong-its",
        ti("draw", [tp(hand=[])] * 3, caller=0, responses=[None, None, "fold"]),
        "invalid_input",
        UNCHECKED,
        True,
        id="ti-response-null-not-caller",
    ),
    pytest.param(
        "tong-its",
        ti("tongit", [{"hand": []}, tp(), tp()], caller=0),
        "invalid_input",
        UNCHECKED,
        True,
        id="ti-opened-missing",
    ),
    pytest.param(
        "tong-its",
        ti("tongit", [tp("true"), tp(), tp()], caller=0),
        "invalid_input",
        UNCHECKED,
        True,
        id="ti-opened-string",
    ),
    pytest.param(
        "tong-its",
        ti("tongit", [tp(1), tp(), tp()], caller=0),
        "invalid_input",
        UNCHECKED,
        True,
        id="ti-opened-1",
    ),
    *(
        pytest.param(
            "tong-its",
            ti("tongit", [tp(), tp(meld_aces=aces), tp()], caller=0),
            "invalid_input",
            UNCHECKED,
            True,
            id=name,
        )
        for aces, name in [
            (-1, "ti-meld-aces-negative"),
            (True, "ti-meld-aces-true"),
            (1.0, "ti-meld-aces-1.0"),
            ("1", "ti-meld-aces-string"),
        ]
    ),
    pytest.param(
        "tong-its",
        ti("tongit", [tp(), tp(False, face_down_quads=["K"]), tp()], caller=0),
        "invalid_input",
        UNCHECKED,
        True,
        id="ti-face-down-not-opened",
    ),
    pytest.param(
        "tong-its",
        ti("tongit", [tp(), tp(face_down_quads="K"), tp()], caller=0),
        "invalid_input",
        UNCHECKED,
        True,
        id="ti-face-down-string",
    ),
    pytest.param(
        "tong-its",
        ti("tongit", [tp(), tp(face_down_quads=[13]), tp()], caller=0),
        "invalid_input",
        UNCHECKED,
        True,
        id="ti-face-down-number",
    ),
    pytest.param(
        "tong-its",
        ti("tongit", [tp(), tp(hand=[r + "S" for r in RANKS] + ["AH"]), tp()], caller=0),
        "invalid_input",
        UNCHECKED,
        True,
        id="ti-hand-14-cards",
    ),
    pytest.param(
        "tong-its",
        ti("tongit", [tp(), tp(hand="5C 6C"), tp()], caller=0),
        "invalid_input",
        UNCHECKED,
        True,
        id="ti-hand-string",
    ),
    pytest.param(
        "tong-its",
        ti("tongit", [tp(), tp(hand=[5]), tp()], caller=0),
        "invalid_input",
        UNCHECKED,
        True,
        id="ti-card-number",
    ),
    pytest.param(
        "tong-its",
        ti("tongit", [tp()] * 3, caller=0, state_before=6),
        "invalid_input",
        UNCHECKED,
        False,
        id="ti-state-not-object",
    ),
    pytest.param(
        "tong-its",
        ti("tongit", [tp()] * 3, caller=0, state_before={"pot": -1}),
        "invalid_input",
        UNCHECKED,
        False,
        id="ti-pot-negative",
    ),
    pytest.param(
        "tong-its",
        ti("tongit", [tp()] * 3, caller=0, state_before={"pot": 1.5}),
        "invalid_input",
        UNCHECKED,
        False,
        id="ti-pot-float",
    ),
    pytest.param(
        "tong-its",
        ti("tongit", [tp()] * 3, caller=0, state_before={"previous_winner": 3}),
        "invalid_input",
        UNCHECKED,
        False,
        id="ti-previous-winner-3",
    ),
    pytest.param(
        "tong-its",
        ti("tongit", [tp()] * 3, caller=0, state_before={"previous_winner": True}),
        "invalid_input",
        UNCHECKED,
        False,
        id="ti-previous-winner-true",
    ),
    # --- Tong-Its: invalid_card, duplicate_card
    pytest.param(
        "tong-its",
        ti("tongit", [tp(), tp(hand=["1C"]), tp()], caller=0),
        "invalid_card",
        1,
        True,
        id="ti-card-1C",
    ),
    pytest.param(
        "tong-its",
        ti("tongit", [tp(hand=["JK"]), tp(), tp()], caller=1),
        "invalid_card",
        0,
        True,
        id="ti-card-joker",
    ),
    pytest.param(
        "tong-its",
        ti("tongit", [tp(), tp(), tp(face_down_quads=["X"])], caller=0),
        "invalid_card",
        2,
        True,
        id="ti-rank-X",
    ),
    pytest.param(
        "tong-its",
        ti("tongit", [tp(), tp(), tp(face_down_quads=["KS"])], caller=0),
        "invalid_card",
        2,
        True,
        id="ti-rank-is-a-card",
    ),
    pytest.param(
        "tong-its",
        ti("stock_out", [tp(hand=["5C"]), tp(hand=["2D"]), tp(hand=["5c"])], last_drawer=0),
        "duplicate_card",
        2,
        True,
        id="ti-card-twice",
    ),
    pytest.param(
        "tong-its",
        ti("stock_out", [tp(hand=["5C", "5C"]), tp(hand=[]), tp(hand=[])], last_drawer=0),
        "duplicate_card",
        0,
        True,
        id="ti-card-twice-one-hand",
    ),
    pytest.param(
        "tong-its",
        ti("tongit", [tp(hand=["KS"]), tp(face_down_quads=["K"]), tp()], caller=1),
        "duplicate_card",
        1,
        True,
        id="ti-card-of-face-down-rank",
    ),
    pytest.param(
        "tong-its",
        ti("tongit", [tp(face_down_quads=["K"]), tp(), tp(face_down_quads=["k"])], caller=0),
        "duplicate_card",
        2,
        True,
        id="ti-rank-face-down-twice",
    ),
    pytest.param(
        "tong-its",
        ti("tongit", [tp(hand=["AS"], meld_aces=2), tp(meld_aces=2), tp()], caller=2),
        "duplicate_card",
        1,
        True,
        id="ti-five-aces",
    ),
    # --- Tong-Its: the rules
    pytest.param(
        "tong-its",
        ti("tongit", [tp(), tp(hand=["5C"]), tp()], caller=1),
        "tongit_with_cards",
        1,
        True,
        id="ti-tongit-with-cards",
    ),
    pytest.param(
        "tong-its",
        ti(
            "draw", [tp(False, hand=["2C"]), tp(), tp()], caller=0, responses=[None, "fold", "fold"]
        ),
        "not_opened",
        0,
        True,
        id="ti-caller-not-opened",
    ),
    pytest.param(
        "tong-its",
        ti(
            "draw",
            [tp(hand=["2C"]), tp(hand=["3C"]), tp(False, hand=["4C"])],
            caller=0,
            responses=[None, "challenge", "challenge"],
        ),
        "not_opened",
        2,
        True,
        id="ti-challenger-not-opened",
    ),
    pytest.param(
        "tong-its",
        ti("draw", [tp(hand=["2C"]), tp(), tp()], caller=0, responses=[None, "challenge", "fold"]),
        "missing_hand",
        1,
        True,
        id="ti-challenger-hand-missing",
    ),
    pytest.param(
        "tong-its",
        ti("draw", [tp(), tp(), tp()], caller=0, responses=[None, "fold", "fold"]),
        "missing_hand",
        0,
        True,
        id="ti-draw-winner-hand-missing",
    ),
    pytest.param(
        "tong-its",
        ti("stock_out", [tp(hand=["2C"]), tp(), tp(False)], last_drawer=0),
        "missing_hand",
        1,
        True,
        id="ti-stock-out-hand-missing",
    ),
    # --- Tong-Its: order
    pytest.param(
        "tong-its",
        ti("tongit", [tp(hand=["XX"]), tp(), tp(meld_aces=-1)], caller=0),
        "invalid_input",
        UNCHECKED,
        True,
        id="ti-order-input-before-card",
    ),
    pytest.param(
        "tong-its",
        ti("stock_out", [tp(hand=["5C", "5C"]), tp(hand=[]), tp(hand=["ZZ"])], last_drawer=0),
        "invalid_card",
        2,
        True,
        id="ti-order-card-before-duplicate",
    ),
    pytest.param(
        "tong-its",
        ti("tongit", [tp(hand=["5C"]), tp(hand=["5C"]), tp()], caller=0),
        "duplicate_card",
        1,
        True,
        id="ti-order-duplicate-before-tongit",
    ),
    pytest.param(
        "tong-its",
        ti(
            "draw",
            [tp(hand=["2C"]), tp(), tp(False, hand=["4C"])],
            caller=0,
            responses=[None, "challenge", "challenge"],
        ),
        "not_opened",
        2,
        True,
        id="ti-order-not-opened-before-missing",
    ),
    pytest.param(
        "tong-its",
        ti(
            "draw",
            [tp(False), tp(False, hand=["2C"]), tp()],
            caller=1,
            responses=["challenge", None, "fold"],
        ),
        "not_opened",
        1,
        True,
        id="ti-order-caller-first",
    ),
    pytest.param(
        "tong-its",
        ti("stock_out", [tp(hand=["2C"]), tp(), tp()], last_drawer=2),
        "missing_hand",
        1,
        True,
        id="ti-order-missing-in-seat-order",
    ),
    # --- Carousel
    pytest.param(
        "carousel",
        {"knocker": 0, "hands": [["2C"]]},
        "invalid_input",
        UNCHECKED,
        True,
        id="ca-1-player",
    ),
    pytest.param(
        "carousel",
        {"knocker": 0, "hands": [[]] * 6},
        "invalid_input",
        UNCHECKED,
        True,
        id="ca-6-players",
    ),
    pytest.param(
        "carousel",
        {"hands": [["2C"], ["3C"]]},
        "invalid_input",
        UNCHECKED,
        True,
        id="ca-knocker-missing",
    ),
    *(
        pytest.param(
            "carousel",
            {"knocker": knocker, "hands": [["2C"], ["3C"]]},
            "invalid_input",
            UNCHECKED,
            True,
            id=name,
        )
        for knocker, name in [
            (2, "ca-knocker-2"),
            (True, "ca-knocker-true"),
            (1.0, "ca-knocker-1.0"),
            ("1", "ca-knocker-string"),
        ]
    ),
    pytest.param(
        "carousel", {"knocker": 0}, "invalid_input", UNCHECKED, True, id="ca-hands-missing"
    ),
    pytest.param(
        "carousel",
        {"knocker": 0, "hands": {"0": ["2C"]}},
        "invalid_input",
        UNCHECKED,
        True,
        id="ca-hands-object",
    ),
    pytest.param(
        "carousel",
        {"knocker": 0, "hands": [["2C"], "3C"]},
        "invalid_input",
        UNCHECKED,
        True,
        id="ca-hand-string",
    ),
    pytest.param(
        "carousel",
        {"knocker": 0, "hands": [["2C"], [3]]},
        "invalid_input",
        UNCHECKED,
        True,
        id="ca-card-number",
    ),
    pytest.param(
        "carousel",
        {"knocker": 0, "hands": [["2C"], ["JJ"]]},
        "invalid_card",
        1,
        True,
        id="ca-card-JJ",
    ),
    pytest.param(
        "carousel",
        {"knocker": 0, "hands": [["JK"], ["JK"]]},
        "duplicate_card",
        1,
        True,
        id="ca-2p-two-jokers",
    ),
    pytest.param(
        "carousel",
        {"knocker": 0, "hands": [["2C"], ["2C"]]},
        "duplicate_card",
        1,
        True,
        id="ca-2p-two-copies",
    ),
    pytest.param(
        "carousel",
        {"knocker": 0, "hands": [["JK"], ["JK"], ["JK"]]},
        "duplicate_card",
        2,
        True,
        id="ca-3p-three-jokers",
    ),
    pytest.param(
        "carousel",
        {"knocker": 0, "hands": [["2C"], ["2C"], ["2C"]]},
        "duplicate_card",
        2,
        True,
        id="ca-3p-three-copies",
    ),
    pytest.param(
        "carousel",
        {"knocker": 0, "hands": [["2C"], None]},
        "missing_hand",
        1,
        True,
        id="ca-hand-null",
    ),
    pytest.param(
        "carousel",
        {"knocker": 0, "hands": [["3C", "2D"], ["KS"]]},
        "knock_not_allowed",
        0,
        True,
        id="ca-knock-with-5",
    ),
    pytest.param(
        "carousel",
        {"knocker": 5, "hands": [["XX"], []]},
        "invalid_input",
        UNCHECKED,
        True,
        id="ca-order-input-before-card",
    ),
    pytest.param(
        "carousel",
        {"knocker": 0, "hands": [["2C"], ["2C"], ["XX"]]},
        "invalid_card",
        2,
        True,
        id="ca-order-card-before-duplicate",
    ),
    pytest.param(
        "carousel",
        {"knocker": 0, "hands": [["KS"], None, ["KS"], ["KS"]]},
        "duplicate_card",
        3,
        True,
        id="ca-order-duplicate-before-missing",
    ),
    pytest.param(
        "carousel",
        {"knocker": 0, "hands": [["KS"], None]},
        "missing_hand",
        1,
        True,
        id="ca-order-missing-before-knock",
    ),
    # --- Three Thirteen
    *(
        pytest.param(
            "three-thirteen",
            {**TT2, "hand_number": number, "hands": [None, ["2C", "3C", "4C", "5C"]]},
            "invalid_input",
            UNCHECKED,
            True,
            id=name,
        )
        for number, name in [
            (0, "tt-hand-0"),
            (12, "tt-hand-12"),
            (True, "tt-hand-true"),
            (2.0, "tt-hand-2.0"),
            ("2", "tt-hand-string"),
            (None, "tt-hand-null"),
        ]
    ),
    *(
        pytest.param(
            "three-thirteen",
            {**TT2, "went_out": seat, "hands": [None, ["2C", "3C", "4C", "5C"]]},
            "invalid_input",
            UNCHECKED,
            True,
            id=name,
        )
        for seat, name in [
            (2, "tt-went-out-2"),
            (None, "tt-went-out-null"),
            (False, "tt-went-out-false"),
            (0.0, "tt-went-out-0.0"),
        ]
    ),
    pytest.param(
        "three-thirteen",
        {**TT2, "hands": [None]},
        "invalid_input",
        UNCHECKED,
        True,
        id="tt-1-player",
    ),
    pytest.param("three-thirteen", TT2, "invalid_input", UNCHECKED, True, id="tt-hands-missing"),
    pytest.param(
        "three-thirteen",
        {**TT2, "hands": [None, "2C 3C 4C 5C"]},
        "invalid_input",
        UNCHECKED,
        True,
        id="tt-hand-string",
    ),
    pytest.param(
        "three-thirteen",
        {**TT2, "hands": [None, ["2C", "3C", "4C", True]]},
        "invalid_input",
        UNCHECKED,
        True,
        id="tt-card-true",
    ),
    pytest.param(
        "three-thirteen",
        {**TT2, "hands": [None, ["2C", "3C", "4C", "JK"]]},
        "invalid_card",
        1,
        True,
        id="tt-joker",
    ),
    pytest.param(
        "three-thirteen",
        {**TT2, "hands": [None, ["2C", "3C", "4C", "1C"]]},
        "invalid_card",
        1,
        True,
        id="tt-1C",
    ),
    pytest.param(
        "three-thirteen",
        {**TT2, "hands": [["7S", "8S", "9S", "4C"], ["7S", "2C", "3C", "5C"]]},
        "duplicate_card",
        1,
        True,
        id="tt-2p-two-copies",
    ),
    pytest.param(
        "three-thirteen",
        {
            **TT2,
            "hands": [
                None,
                ["7S", "2C", "3C", "5C"],
                ["7S", "2D", "3D", "5D"],
                ["7S", "2H", "3H", "5H"],
            ],
        },
        "duplicate_card",
        3,
        True,
        id="tt-4p-three-copies",
    ),
    pytest.param(
        "three-thirteen",
        {**TT2, "hands": [None, ["2C", "3C", "4C"]]},
        "wrong_card_count",
        1,
        True,
        id="tt-3-cards-on-hand-2",
    ),
    pytest.param(
        "three-thirteen",
        {**TT2, "hands": [["7S", "8S", "9S", "10S", "JS"], ["2C", "3C", "4C", "5C"]]},
        "wrong_card_count",
        0,
        True,
        id="tt-went-out-hand-counted",
    ),
    pytest.param(
        "three-thirteen",
        {**TT2, "hands": [None, ["2C", "3C", "4C", "5C"], None]},
        "missing_hand",
        2,
        True,
        id="tt-hand-null",
    ),
    pytest.param(
        "three-thirteen",
        {**TT2, "hands": [["7S", "8S", "10S", "KD"], ["2C", "3C", "4C", "5C"]]},
        "went_out_with_deadwood",
        0,
        True,
        id="tt-went-out-with-deadwood",
    ),
    pytest.param(
        "three-thirteen",
        {**TT2, "hand_number": 12, "hands": [None, ["XX"]]},
        "invalid_input",
        UNCHECKED,
        True,
        id="tt-order-input-before-card",
    ),
    pytest.param(
        "three-thirteen",
        {**TT2, "hands": [None, ["2C", "2C", "2C"], ["XX", "2D", "3D", "5D"]]},
        "invalid_card",
        2,
        True,
        id="tt-order-card-before-duplicate",
    ),
    pytest.param(
        "three-thirteen",
        {**TT2, "hands": [None, ["2C", "2C"]]},
        "duplicate_card",
        1,
        True,
        id="tt-order-duplicate-before-count",
    ),
    pytest.param(
        "three-thirteen",
        {**TT2, "hands": [None, None, ["2C", "3C"]]},
        "wrong_card_count",
        2,
        True,
        id="tt-order-count-before-missing",
    ),
    pytest.param(
        "three-thirteen",
        {**TT2, "hands": [["7S", "8S", "10S", "KD"], None]},
        "missing_hand",
        1,
        True,
        id="tt-order-missing-before-went-out",
    ),
    # --- Rummy
    pytest.param(
        "rummy", {"winner": 0, "hands": [[]]}, "invalid_input", UNCHECKED, True, id="ru-1-player"
    ),
    pytest.param(
        "rummy",
        {"winner": 0, "hands": [[]] * 7},
        "invalid_input",
        UNCHECKED,
        True,
        id="ru-7-players",
    ),
    pytest.param(
        "rummy", {"hands": [[], ["2C"]]}, "invalid_input", UNCHECKED, True, id="ru-winner-missing"
    ),
    *(
        pytest.param(
            "rummy",
            {"winner": winner, "hands": [[], ["2C"]]},
            "invalid_input",
            UNCHECKED,
            True,
            id=name,
        )
        for winner, name in [(2, "ru-winner-2"), (True, "ru-winner-true"), (0.0, "ru-winner-0.0")]
    ),
    *(
        pytest.param(
            "rummy",
            {"winner": 0, "went_rummy": flag, "hands": [[], ["2C"]]},
            "invalid_input",
            UNCHECKED,
            True,
            id=name,
        )
        for flag, name in [
            ("yes", "ru-went-rummy-string"),
            (1, "ru-went-rummy-1"),
            ([], "ru-went-rummy-list"),
        ]
    ),
    pytest.param("rummy", {"winner": 0}, "invalid_input", UNCHECKED, True, id="ru-hands-missing"),
    pytest.param(
        "rummy",
        {"winner": 0, "hands": [[], "2C"]},
        "invalid_input",
        UNCHECKED,
        True,
        id="ru-hand-string",
    ),
    pytest.param(
        "rummy", {"winner": 0, "hands": [[], ["JK"]]}, "invalid_card", 1, True, id="ru-joker"
    ),
    pytest.param(
        "rummy",
        {"winner": 0, "hands": [[], ["KS"], ["ks"]]},
        "duplicate_card",
        2,
        True,
        id="ru-two-copies",
    ),
    pytest.param(
        "rummy",
        {"winner": 0, "hands": [[], ["2C"], None]},
        "missing_hand",
        2,
        True,
        id="ru-hand-null",
    ),
    pytest.param(
        "rummy",
        {"winner": 1, "hands": [["3C"], ["2C"]]},
        "winner_has_cards",
        1,
        True,
        id="ru-winner-has-cards",
    ),
    pytest.param(
        "rummy",
        {"winner": 0, "went_rummy": "no", "hands": [[], ["XX"]]},
        "invalid_input",
        UNCHECKED,
        True,
        id="ru-order-input-before-card",
    ),
    pytest.param(
        "rummy",
        {"winner": 0, "hands": [[], ["2C", "2C"], ["XX"]]},
        "invalid_card",
        2,
        True,
        id="ru-order-card-before-duplicate",
    ),
    pytest.param(
        "rummy",
        {"winner": 0, "hands": [[], None, ["2C", "2C"]]},
        "duplicate_card",
        2,
        True,
        id="ru-order-duplicate-before-missing",
    ),
    pytest.param(
        "rummy",
        {"winner": 0, "hands": [["3C"], None]},
        "missing_hand",
        1,
        True,
        id="ru-order-missing-before-winner-cards",
    ),
    # --- Indian Rummy
    pytest.param(
        "indian-rummy",
        {"winner": 0, "hands": [None]},
        "invalid_input",
        UNCHECKED,
        True,
        id="ir-1-player",
    ),
    pytest.param(
        "indian-rummy",
        {"winner": 0, "hands": [None] * 9},
        "invalid_input",
        UNCHECKED,
        True,
        id="ir-9-players",
    ),
    pytest.param(
        "indian-rummy",
        {"hands": [None, IR_LOSER]},
        "invalid_input",
        UNCHECKED,
        True,
        id="ir-winner-missing",
    ),
    *(
        pytest.param(
            "indian-rummy",
            {"winner": winner, "hands": [None, IR_LOSER]},
            "invalid_input",
            UNCHECKED,
            True,
            id=name,
        )
        for winner, name in [(2, "ir-winner-2"), (False, "ir-winner-false"), (0.0, "ir-winner-0.0")]
    ),
    pytest.param(
        "indian-rummy",
        {"winner": 0, "hands": [None, IR_LOSER], "settings": "decks=2"},
        "invalid_input",
        UNCHECKED,
        True,
        id="ir-settings-string",
    ),
    *(
        pytest.param(
            "indian-rummy",
            {"winner": 0, "hands": [None, IR_LOSER], "settings": settings},
            "invalid_input",
            UNCHECKED,
            True,
            id=name,
        )
        for settings, name in [
            ({"decks": 0}, "ir-decks-0"),
            ({"decks": 5}, "ir-decks-5"),
            ({"decks": True}, "ir-decks-true"),
            ({"decks": 2.0}, "ir-decks-2.0"),
            ({"jokers": "no"}, "ir-jokers-string"),
            ({"jokers": 0}, "ir-jokers-0"),
            ({"wild_rank": 7}, "ir-wild-number"),
        ]
    ),
    pytest.param(
        "indian-rummy", {"winner": 0}, "invalid_input", UNCHECKED, True, id="ir-hands-missing"
    ),
    pytest.param(
        "indian-rummy",
        {"winner": 0, "hands": [None, " ".join(IR_LOSER)]},
        "invalid_input",
        UNCHECKED,
        True,
        id="ir-hand-string",
    ),
    pytest.param(
        "indian-rummy",
        {"winner": 0, "hands": [None, IR_LOSER], "settings": {"jokers": False}},
        "invalid_card",
        1,
        True,
        id="ir-joker-when-off",
    ),
    pytest.param(
        "indian-rummy",
        {"winner": 0, "hands": [None, [*IR_LOSER[:12], "1C"]]},
        "invalid_card",
        1,
        True,
        id="ir-1C",
    ),
    pytest.param(
        "indian-rummy",
        {"winner": 0, "hands": [None, IR_LOSER], "settings": {"wild_rank": "Z"}},
        "invalid_card",
        ABSENT,
        True,
        id="ir-wild-Z",
    ),
    pytest.param(
        "indian-rummy",
        {"winner": 0, "hands": [None, IR_LOSER, IR_LOSER], "settings": {"decks": 1}},
        "duplicate_card",
        2,
        True,
        id="ir-1-deck-two-copies",
    ),
    pytest.param(
        "indian-rummy",
        {"winner": 0, "hands": [None, IR_LOSER, IR_LOSER, IR_LOSER]},
        "duplicate_card",
        3,
        True,
        id="ir-2-decks-three-copies",
    ),
    pytest.param(
        "indian-rummy",
        {"winner": 0, "hands": [None, IR_LOSER[:12]]},
        "wrong_card_count",
        1,
        True,
        id="ir-12-cards",
    ),
    pytest.param(
        "indian-rummy",
        {"winner": 0, "hands": [IR_DECLARED[:12], IR_LOSER]},
        "wrong_card_count",
        0,
        True,
        id="ir-winner-12-cards",
    ),
    pytest.param(
        "indian-rummy",
        {"winner": 0, "hands": [None, IR_LOSER, None]},
        "missing_hand",
        2,
        True,
        id="ir-hand-null",
    ),
    pytest.param(
        "indian-rummy",
        {"winner": 0, "hands": [IR_LOSER, IR_DECLARED]},
        "invalid_declaration",
        0,
        True,
        id="ir-invalid-declaration",
    ),
    pytest.param(
        "indian-rummy",
        {"winner": 1, "hands": [NO_PURE, NO_PURE], "settings": {"decks": 2}},
        "invalid_declaration",
        1,
        True,
        id="ir-declaration-no-melds",
    ),
    pytest.param(
        "indian-rummy",
        {"winner": 0, "hands": [None, IR_LOSER], "settings": {"decks": 9, "jokers": False}},
        "invalid_input",
        UNCHECKED,
        True,
        id="ir-order-input-before-card",
    ),
    pytest.param(
        "indian-rummy",
        {"winner": 0, "hands": [None, ["2C", "2C"], ["XX"]], "settings": {"decks": 1}},
        "invalid_card",
        2,
        True,
        id="ir-order-card-before-duplicate",
    ),
    pytest.param(
        "indian-rummy",
        {"winner": 0, "hands": [None, ["2C", "2C"]], "settings": {"decks": 1}},
        "duplicate_card",
        1,
        True,
        id="ir-order-duplicate-before-count",
    ),
    pytest.param(
        "indian-rummy",
        {"winner": 0, "hands": [None, None, IR_LOSER[:5]]},
        "wrong_card_count",
        2,
        True,
        id="ir-order-count-before-missing",
    ),
    pytest.param(
        "indian-rummy",
        {"winner": 0, "hands": [IR_LOSER, None]},
        "missing_hand",
        1,
        True,
        id="ir-order-missing-before-declaration",
    ),
]


@pytest.mark.parametrize(("slug", "request_body", "code", "player", "in_game"), HAND_ERRORS)
def test_hand_errors(client, slug, request_body, code, player, in_game):
    response = post(client, url(slug, "hand"), request_body)

    if code == "invalid_input":
        invalid_input(response)
    else:
        assert_error(response, code, player)


def players_of(slug, hand):
    if slug == "tong-its":
        return 3
    hands = hand.get("hands")
    return len(hands) if isinstance(hands, list) else 2


@pytest.mark.parametrize(
    ("slug", "request_body", "code", "player", "in_game"),
    [case for case in HAND_ERRORS if case.values[4]],
)
def test_hand_errors_as_the_second_hand_of_a_game(
    client, slug, request_body, code, player, in_game
):
    hands = [first_hand(slug, players_of(slug, request_body)), request_body]

    response = post(client, url(slug, "game"), {"hands": hands})

    if code == "invalid_input":
        invalid_input(response)
    else:
        error = assert_error(response, code, player)
        if player is not ABSENT:
            assert names_hand(error["message"], 2), error


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_first_hand_used_above_is_valid_and_does_not_end_the_game(client, slug, players):
    body = ok(post(client, url(slug, "game"), {"hands": [first_hand(slug, players)]}))

    assert body.get("game_over", False) is False


# ===========================================================================
# POST /api/<game>/game (§3.4): the examples

TI_GAME = {
    "hands": [
        {
            "end": "tongit",
            "caller": 0,
            "players": [
                {"opened": True, "hand": []},
                {"opened": True, "hand": ["5C"]},
                {"opened": False},
            ],
        },
        {
            "end": "draw",
            "caller": 0,
            "responses": [None, "fold", "fold"],
            "players": [
                {"opened": True, "hand": ["2C", "3H"], "meld_aces": 1},
                {"opened": True},
                {"opened": True},
            ],
        },
    ]
}
CA_GAME = {
    "hands": [
        {"knocker": 0, "hands": [["2H"], ["JK", "KD", "QS", "9C", "8C", "7H"]]},
        {"knocker": 0, "hands": [[], ["JK", "KH", "QH", "JD", "10S", "9S", "8D"]]},
    ]
}
TT_GAME = {
    "hands": [
        {"hand_number": 1, "went_out": 1, "hands": [["8S", "9D", "QC"], None]},
        {"hand_number": 2, "went_out": 0, "hands": [None, ["4C", "KH", "KC", "2D"]]},
    ]
}
RU_GAME = {
    "settings": {"target_score": 50},
    "hands": [
        {"winner": 0, "went_rummy": False, "hands": [[], ["QD", "JD", "5S"]]},
        {"winner": 0, "went_rummy": True, "hands": [None, ["9H", "4C"]]},
    ],
}
IR_DEAL_2 = ["KH", "QC", "9D", "9S", "9C", "JK", "2D", "5S", "7C", "AH", "3S", "6D", "10H"]
IR_GAME = {
    "settings": {"max_deals": 2},
    "hands": [{"winner": 0, "hands": [None, IR_LOSER]}, {"winner": 1, "hands": [IR_DEAL_2, None]}],
}


def test_game_example_tong_its(client):
    body = ok(post(client, url("tong-its", "game"), TI_GAME))

    assert body == {"totals": [19, -9, -10], "pot": 0, "hands_won": [2, 0, 0]}


def test_game_example_carousel(client):
    body = ok(post(client, url("carousel", "game"), CA_GAME))

    assert body == {
        "totals": [174, 0],
        "hands_won": [2, 0],
        "game_over": True,
        "winners": [0],
        "final_scores": [324, 0],
    }


def test_game_example_three_thirteen(client):
    body = ok(post(client, url("three-thirteen", "game"), TT_GAME))

    assert body == {"totals": [27, 2], "game_over": False, "winners": None}


def test_game_example_rummy(client):
    body = ok(post(client, url("rummy", "game"), RU_GAME))

    assert body == {"totals": [51, 0], "game_over": True, "winners": [0]}


def test_game_example_indian_rummy(client):
    body = ok(post(client, url("indian-rummy", "game"), IR_GAME))

    assert body == {"totals": [-60, 60], "game_over": True, "winners": [1]}


# ---------------------------------------------------------------------------
# /game: more games


@pytest.mark.parametrize(
    ("slug", "fields"),
    [
        ("tong-its", {"totals": [0, 0, 0], "pot": 0, "hands_won": [0, 0, 0]}),
        (
            "carousel",
            {
                "totals": [],
                "hands_won": [],
                "game_over": False,
                "winners": None,
                "final_scores": None,
            },
        ),
        ("three-thirteen", {"totals": [], "game_over": False, "winners": None}),
        ("rummy", {"totals": [], "game_over": False, "winners": None}),
        ("indian-rummy", {"totals": [], "game_over": False, "winners": None}),
    ],
)
def test_game_with_no_hands(client, slug, fields):
    assert ok(post(client, url(slug, "game"), {"hands": []})) == fields


def test_game_tong_its_ignores_each_hands_state_before(client):
    first, second = TI_GAME["hands"]
    hands = [
        {**first, "state_before": {"pot": 100, "previous_winner": 0}},
        {**second, "state_before": "junk"},
    ]

    body = ok(post(client, url("tong-its", "game"), {"hands": hands}))

    assert body == {"totals": [19, -9, -10], "pot": 0, "hands_won": [2, 0, 0]}


def test_game_tong_its_pot_carries_over(client):
    # Hand 1 as in the example; then seat 1 wins a tongit: pot 6 + 6 stays (no streak).
    second = ti("tongit", [tp(), tp(), tp()], caller=1)

    body = ok(post(client, url("tong-its", "game"), {"hands": [TI_GAME["hands"][0], second]}))

    # Hand 2: payments 3, 0, 3; chip_delta −5, +4, −5.
    assert body == {"totals": [0, -1, -11], "pot": 12, "hands_won": [1, 1, 0]}


def test_game_carousel_not_over_has_no_winners(client):
    body = ok(post(client, url("carousel", "game"), {"hands": CA_GAME["hands"][:1]}))

    assert body == {
        "totals": [67, 0],
        "hands_won": [1, 0],
        "game_over": False,
        "winners": None,
        "final_scores": None,
    }


def three_thirteen_game(first_seat_1=("AS", "5D", "9C"), second=None):
    """Seat 0 goes out every hand; seat 1 holds A..(k+2) of spades (a run) from hand 2 on."""
    hands = [{"hand_number": 1, "went_out": 0, "hands": [None, list(first_seat_1)]}]
    for number in range(2, 12):
        hands.append(
            {
                "hand_number": number,
                "went_out": 0,
                "hands": [None, [r + "S" for r in RANKS[: number + 2]]],
            }
        )
    if second is not None:
        hands[1] = second
    return hands


def test_game_three_thirteen_ends_after_hand_11_lowest_total_wins(client):
    hands = three_thirteen_game()  # seat 1: AS 5D 9C = 15 on hand 1, 0 after
    path = url("three-thirteen", "game")

    assert ok(post(client, path, {"hands": hands})) == {
        "totals": [0, 15],
        "game_over": True,
        "winners": [0],
    }
    assert ok(post(client, path, {"hands": hands[:10]})) == {
        "totals": [0, 15],
        "game_over": False,
        "winners": None,
    }


def test_game_three_thirteen_tie_is_shared(client):
    # Hand 2: seat 1 goes out; seat 0's AS 2D 3C 9H (4s wild) = 15.
    second = {"hand_number": 2, "went_out": 1, "hands": [["AS", "2D", "3C", "9H"], None]}

    body = ok(
        post(client, url("three-thirteen", "game"), {"hands": three_thirteen_game(second=second)})
    )

    assert body == {"totals": [15, 15], "game_over": True, "winners": [0, 1]}


def test_game_rummy_without_settings_never_ends(client):
    hands = [{"winner": 0, "hands": [[], ["KS", "KD", "KH", "KC", "QS", "QD"]]}] * 10

    body = ok(post(client, url("rummy", "game"), {"hands": hands, "settings": None}))

    assert body == {"totals": [600, 0], "game_over": False, "winners": None}


def test_game_rummy_max_hands_and_a_tie(client):
    hands = [{"winner": 0, "hands": [[], ["5C"]]}, {"winner": 1, "hands": [["5D"], []]}]
    path = url("rummy", "game")

    assert ok(post(client, path, {"settings": {"max_hands": 2}, "hands": hands})) == {
        "totals": [5, 5],
        "game_over": True,
        "winners": [0, 1],
    }
    assert (
        ok(post(client, path, {"settings": {"max_hands": 3}, "hands": hands}))["game_over"] is False
    )


def test_game_indian_rummy_settings_apply_to_every_deal_and_a_deal_overrides(client):
    # Seat 1 holds NO_PURE: 94; kings wild (game) 64; 2s wild instead (deal) 94 − 2 = 92.
    deal = {"winner": 0, "hands": [None, NO_PURE]}
    own = {**deal, "settings": {"wild_rank": "2"}}
    request = {"settings": {"wild_rank": "K", "decks": 2, "jokers": True}, "hands": [deal, own]}

    body = ok(post(client, url("indian-rummy", "game"), request))

    assert body == {"totals": [64 + 92, -(64 + 92)], "game_over": False, "winners": None}


def test_game_indian_rummy_deal_may_switch_jokers_back_on(client):
    jokers_on = {"winner": 0, "hands": [None, IR_LOSER], "settings": {"jokers": True}}
    path = url("indian-rummy", "game")

    body = ok(post(client, path, {"settings": {"jokers": False}, "hands": [jokers_on]}))
    error = assert_error(
        post(
            client,
            path,
            {"settings": {"jokers": False}, "hands": [{"winner": 0, "hands": [None, IR_LOSER]}]},
        ),
        "invalid_card",
        1,
    )

    assert body["totals"] == [30, -30]
    assert names_hand(error["message"], 1)


def test_game_indian_rummy_target_score(client):
    path = url("indian-rummy", "game")
    request = {"settings": {"target_score": 30}, "hands": IR_GAME["hands"][:1]}

    assert ok(post(client, path, request)) == {
        "totals": [30, -30],
        "game_over": True,
        "winners": [0],
    }


@pytest.mark.parametrize(
    ("path", "request_body", "fields"),
    [
        (url("tong-its", "game"), TI_GAME, {"totals", "pot", "hands_won"}),
        (
            url("carousel", "game"),
            CA_GAME,
            {"totals", "hands_won", "game_over", "winners", "final_scores"},
        ),
        (url("three-thirteen", "game"), TT_GAME, {"totals", "game_over", "winners"}),
        (url("rummy", "game"), RU_GAME, {"totals", "game_over", "winners"}),
        (url("indian-rummy", "game"), IR_GAME, {"totals", "game_over", "winners"}),
    ],
)
def test_game_answers_exactly_the_spec_fields(client, path, request_body, fields):
    # In particular the rules' per-hand results are not sent.
    assert set(ok(post(client, path, request_body))) == fields


# ---------------------------------------------------------------------------
# /game errors


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize(
    "request_body",
    [
        pytest.param({"settings": {}}, id="hands-missing"),
        pytest.param({"hands": None}, id="hands-null"),
        pytest.param({"hands": {"1": {}}}, id="hands-object"),
        pytest.param({"hands": ["hand"]}, id="hand-string"),
        pytest.param({"hands": [[]]}, id="hand-list"),
        pytest.param({"hands": [], "settings": "none"}, id="settings-string"),
        pytest.param({"hands": [], "settings": []}, id="settings-list"),
    ],
)
def test_game_request_shape(client, slug, request_body):
    invalid_input(post(client, url(slug, "game"), request_body))


@pytest.mark.parametrize(
    ("slug", "settings"),
    [
        ("rummy", {"target_score": 50, "max_hands": 3}),
        ("rummy", {"target_score": 0}),
        ("rummy", {"target_score": -5}),
        ("rummy", {"target_score": True}),
        ("rummy", {"target_score": 50.0}),
        ("rummy", {"max_hands": 0}),
        ("rummy", {"max_hands": "3"}),
        ("indian-rummy", {"target_score": 50, "max_deals": 3}),
        ("indian-rummy", {"max_deals": 0}),
        ("indian-rummy", {"max_deals": 2.0}),
        ("indian-rummy", {"target_score": False}),
        ("indian-rummy", {"decks": 5}),
        ("indian-rummy", {"decks": True}),
        ("indian-rummy", {"jokers": "yes"}),
        ("indian-rummy", {"wild_rank": 10}),
    ],
)
def test_game_invalid_settings_before_any_hand(client, slug, settings):
    # Hand 1 has an invalid card, which is only checked after the request as a whole.
    bad = {"winner": 0, "hands": [None, ["XX"]]}

    invalid_input(post(client, url(slug, "game"), {"settings": settings, "hands": [bad]}))


def test_game_indian_rummy_wild_rank_of_the_game_is_an_invalid_card(client):
    request = {"settings": {"wild_rank": "Z"}, "hands": IR_GAME["hands"]}

    assert_error(post(client, url("indian-rummy", "game"), request), "invalid_card")


@pytest.mark.parametrize(
    ("slug", "hands"),
    [
        pytest.param(
            "tong-its",
            [
                ti("tongit", [tp(hand=["XX"]), tp(), tp()], caller=1),
                ti("tongit", [tp(), tp()], caller=0),
            ],
            id="tong-its",
        ),
        pytest.param(
            "carousel",
            [{"knocker": 0, "hands": [["XX"], []]}, {"knocker": 0, "hands": [[], [], []]}],
            id="carousel",
        ),
        pytest.param(
            "three-thirteen",
            [
                {"hand_number": 1, "went_out": 0, "hands": [None, ["XX"]]},
                {"hand_number": 2, "went_out": 0, "hands": [None, None, None]},
            ],
            id="three-thirteen",
        ),
        pytest.param(
            "rummy",
            [{"winner": 0, "hands": [[], ["XX"]]}, {"winner": 0, "hands": [[], [], []]}],
            id="rummy",
        ),
        pytest.param(
            "indian-rummy",
            [{"winner": 0, "hands": [None, ["XX"]]}, {"winner": 0, "hands": [None, None, None]}],
            id="indian-rummy",
        ),
    ],
)
def test_game_hands_with_different_player_counts_before_any_hand(client, slug, hands):
    invalid_input(post(client, url(slug, "game"), {"hands": hands}))


@pytest.mark.parametrize(
    "hands",
    [
        pytest.param(
            [
                {"hand_number": 1, "went_out": 0, "hands": [None, ["XX"]]},
                {"hand_number": 3, "went_out": 0, "hands": [None, ["2C", "3C", "4C", "5C", "6C"]]},
            ],
            id="skips-a-number",
        ),
        pytest.param(
            [{"hand_number": 2, "went_out": 0, "hands": [None, ["2C", "3C", "4C", "5C"]]}],
            id="starts-at-2",
        ),
        pytest.param(
            [{"hand_number": True, "went_out": 0, "hands": [None, ["2C", "3C", "4C"]]}],
            id="true-for-1",
        ),
        pytest.param(three_thirteen_game() + three_thirteen_game()[:1], id="twelve-hands"),
    ],
)
def test_game_three_thirteen_hand_numbers(client, hands):
    invalid_input(post(client, url("three-thirteen", "game"), {"hands": hands}))


# (slug, request, code, player, hand named in the message)
GAME_ORDER = [
    pytest.param(
        "carousel",
        {
            "hands": [
                {"knocker": 0, "hands": [["KS"], ["KS"]]},
                {"knocker": 0, "hands": [["XX"], []]},
            ]
        },
        "duplicate_card",
        1,
        1,
        id="carousel-hand-1-before-hand-2",
    ),
    pytest.param(
        "rummy",
        {"hands": [{"winner": 0, "hands": [[], ["2C"]]}, {"winner": 1, "hands": [["XX"], ["2C"]]}]},
        "invalid_card",
        0,
        2,
        id="rummy-hand-2-first-error-of-its-own",
    ),
    pytest.param(
        "tong-its",
        {
            "hands": [
                ti("tongit", [tp(), tp(hand=["5C"]), tp()], caller=1),
                ti("knock", [tp()] * 3, caller=0),
            ]
        },
        "tongit_with_cards",
        1,
        1,
        id="tong-its-rule-error-in-hand-1-before-hand-2-input",
    ),
    # After the game is over: each hand is validated before the late hand is refused.
    pytest.param(
        "carousel",
        {"hands": [*CA_GAME["hands"], {"knocker": 0, "hands": [["JK"], ["JK"]]}]},
        "duplicate_card",
        1,
        3,
        id="carousel-late-hand-is-validated-first",
    ),
    pytest.param(
        "rummy",
        {
            "settings": {"max_hands": 1},
            "hands": [{"winner": 0, "hands": [[], ["2C"]]}, {"winner": 0, "hands": [[], ["JK"]]}],
        },
        "invalid_card",
        1,
        2,
        id="rummy-late-hand-is-validated-first",
    ),
]


@pytest.mark.parametrize(("slug", "request_body", "code", "player", "number"), GAME_ORDER)
def test_game_validation_order(client, slug, request_body, code, player, number):
    error = assert_error(post(client, url(slug, "game"), request_body), code, player)

    assert names_hand(error["message"], number), error


@pytest.mark.parametrize(
    ("slug", "request_body"),
    [
        pytest.param(
            "carousel",
            {"hands": [*CA_GAME["hands"], {"knocker": 0, "hands": [["AS"], []]}]},
            id="carousel",
        ),
        pytest.param(
            "rummy",
            {**RU_GAME, "hands": [*RU_GAME["hands"], {"winner": 1, "hands": [["2C"], []]}]},
            id="rummy",
        ),
        pytest.param(
            "indian-rummy",
            {**IR_GAME, "hands": [*IR_GAME["hands"], IR_GAME["hands"][0]]},
            id="indian-rummy",
        ),
    ],
)
def test_game_hand_after_the_game_is_over(client, slug, request_body):
    invalid_input(post(client, url(slug, "game"), request_body))


def test_game_message_names_the_hand_and_keeps_the_seat(client):
    hands = [*CA_GAME["hands"][:1], {"knocker": 1, "hands": [["2C"], ["3C", "2D"]]}]

    error = assert_error(
        post(client, url("carousel", "game"), {"hands": hands}), "knock_not_allowed", 1
    )

    assert names_hand(error["message"], 2)
