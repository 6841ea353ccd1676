"""The Indian Chief JSON API (`shared/api.md` §1 and §2), checked against hand-scored cards.

Every expected value here was worked out by hand from `shared/rules/indian-chief.md`; none
comes from the code under test. The endpoints save nothing, so no test needs the database.
"""

import re

import pytest
from django.test import Client

from tests.web.api.calls import ABSENT, MALFORMED_BODIES, UNCHECKED, assert_error, ok, post

MELD = "/api/indian-chief/meld"
ROUND = "/api/indian-chief/round"
GAME = "/api/indian-chief/game"
ENDPOINTS = [MELD, ROUND, GAME]

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def mentions(text, card):
    """The explanation names `card`, canonically (`7H`) or with its suit symbol (`7♥`)."""
    return card in text or card[:-1] + SYMBOLS[card[-1]] in text


def assert_explained(item):
    assert isinstance(item["explanation"], str) and item["explanation"].strip()


def without_explanations(players):
    return [{k: v for k, v in p.items() if k != "explanation"} for p in players]


def sorted_melds(melds):
    """`melds_after_steals` with each list sorted: the order inside a list means nothing."""
    return {name: sorted(cards) for name, cards in melds.items()}


def reveal(name, cards, meld=None):
    entry = {"name": name, "cards": cards}
    if meld is not None:
        entry["meld"] = meld
    return entry


# ===========================================================================
# HTTP (§1.1)


@pytest.mark.parametrize("url", ENDPOINTS)
@pytest.mark.parametrize("method", ["get", "put", "delete", "patch", "head", "options"])
def test_other_methods_are_not_allowed(client, url, method):
    response = getattr(client, method)(url)

    assert response.status_code == 405


VALID_BODIES = {
    MELD: {"cards": ["KD"]},
    ROUND: {"players": [reveal("Ann", ["KD"]), reveal("Ben", ["2C"])]},
    GAME: {"players": ["Ann", "Ben"], "rounds": [[reveal("Ann", ["KD"]), reveal("Ben", ["2C"])]]},
}


@pytest.mark.parametrize("url", ENDPOINTS)
def test_post_needs_no_csrf_token_and_answers_json(url):
    client = Client(enforce_csrf_checks=True)

    response = post(client, url, VALID_BODIES[url])

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert isinstance(response.json(), dict)


@pytest.mark.parametrize("url", ENDPOINTS)
def test_errors_need_no_csrf_token_either(url):
    client = Client(enforce_csrf_checks=True)

    assert_error(post(client, url, "{"), "invalid_input")


@pytest.mark.parametrize("url", ENDPOINTS)
@pytest.mark.parametrize("body", MALFORMED_BODIES.values(), ids=MALFORMED_BODIES.keys())
def test_malformed_json_or_non_object_body_is_invalid_input(client, url, body):
    assert_error(post(client, url, body), "invalid_input")


@pytest.mark.parametrize("url", ENDPOINTS)
def test_empty_object_is_invalid_input(client, url):
    assert_error(post(client, url, {}), "invalid_input")


# ===========================================================================
# POST /api/indian-chief/meld (§2.1)


def test_meld_spec_example_indian_chief(client):
    body = ok(post(client, MELD, {"cards": ["3H", "6H", "8H", "JH", "QH", "AH", "7C"]}))

    assert body["meld"] == "indian_chief"
    assert body["cards"] == ["3H", "6H", "8H", "JH", "QH", "AH", "7C"]
    assert body["score"] == 38
    assert set(body) == {"meld", "cards", "score", "explanation"}
    assert_explained(body)
    # The baccarat hand of the best split is AH 7C.
    assert mentions(body["explanation"], "AH") and mentions(body["explanation"], "7C")


def test_meld_spec_example_beggar_man_with_two_decks(client):
    request = {
        "cards": ["7H", "7C"],
        "meld": "beggar_man",
        "decks": 2,
        "table": ["7H", "7S", "QD", "3C"],
    }

    body = ok(post(client, MELD, request))

    assert {k: v for k, v in body.items() if k != "explanation"} == {
        "meld": "beggar_man",
        "cards": ["7H", "7C"],
        "score": 4,
    }
    assert_explained(body)
    assert mentions(body["explanation"], "7H") and mentions(body["explanation"], "7S")


def test_meld_spec_example_error_lawyer_needs_four_cards(client):
    response = post(client, MELD, {"cards": ["KS", "9D", "4C"], "meld": "lawyer"})

    assert_error(response, "wrong_card_count")


# Hand-scored melds: (cards, meld given or None, decks given or None, table or None,
# expected meld name, expected score).
MELD_SCORES = [
    # Thief: face value (rules 3.1)
    pytest.param(["KD"], None, None, None, "thief", 10, id="thief-king-10"),
    pytest.param(["AS"], None, None, None, "thief", 1, id="thief-ace-1"),
    pytest.param(["7C"], "thief", None, None, "thief", 7, id="thief-7"),
    pytest.param(["10H"], None, None, None, "thief", 10, id="thief-10"),
    pytest.param(["JS"], None, None, None, "thief", 10, id="thief-jack-10"),
    # Beggar Man: 2 per opposing card of either rank, each opposing card once (3.2)
    pytest.param(
        ["8D", "8C"], None, None, ["8H", "8S", "3C"], "beggar_man", 4, id="beggar-pair-no-double"
    ),
    pytest.param(
        ["10H", "JH"],
        None,
        None,
        ["QS", "KS", "10S", "JD", "JC"],
        "beggar_man",
        6,
        id="beggar-by-rank-not-value",
    ),
    pytest.param(
        ["AS", "KD"],
        None,
        None,
        ["AH", "AC", "KS", "KC", "5D"],
        "beggar_man",
        8,
        id="beggar-both-ranks",
    ),
    pytest.param(["2S", "3S"], None, None, ["4S", "KD"], "beggar_man", 0, id="beggar-no-match"),
    pytest.param(
        ["2S", "3S"], "beggar_man", None, None, "beggar_man", 0, id="beggar-table-defaults-empty"
    ),
    pytest.param(
        ["7H", "7C"],
        None,
        2,
        ["7H", "7S", "7C"],
        "beggar_man",
        6,
        id="beggar-two-decks-identical-cards",
    ),
    pytest.param(
        ["QH", "5D"], None, None, ["QS", "JS", "KS"], "beggar_man", 2, id="beggar-queen-not-j-k"
    ),
    # Poor Man: face value of the spades (3.3)
    pytest.param(["QS", "10S", "3H"], None, None, None, "poor_man", 20, id="poor-two-spades"),
    pytest.param(["AS", "2S", "3S"], None, None, None, "poor_man", 6, id="poor-ace-is-1"),
    pytest.param(["JS", "QS", "KS"], "poor_man", None, None, "poor_man", 30, id="poor-max-30"),
    pytest.param(["KH", "QD", "JC"], None, None, None, "poor_man", 0, id="poor-no-spades"),
    # Lawyer: 25 when face values sum to 25 (3.4)
    pytest.param(["QS", "8H", "6C", "AD"], None, None, None, "lawyer", 25, id="lawyer-q-8-6-a"),
    pytest.param(
        ["KS", "9H", "2C", "AD"], None, None, None, "lawyer", 0, id="lawyer-k-9-2-a-is-22"
    ),
    pytest.param(["10S", "JH", "4C", "AD"], None, None, None, "lawyer", 25, id="lawyer-10-j-4-a"),
    pytest.param(["KS", "QS", "4S", "AS"], "lawyer", None, None, "lawyer", 25, id="lawyer-k-q-4-a"),
    pytest.param(["5S", "5H", "5D", "5C"], None, None, None, "lawyer", 0, id="lawyer-20"),
    pytest.param(["KS", "QH", "5D", "2C"], None, None, None, "lawyer", 0, id="lawyer-27"),
    # Rich Man: minus the face values (3.5)
    pytest.param(["AS", "2H", "3C", "AD", "4S"], None, None, None, "rich_man", -11, id="rich-11"),
    pytest.param(["KS", "QS", "JS", "10S", "9S"], None, None, None, "rich_man", -49, id="rich-49"),
    pytest.param(
        ["KS", "KH", "KD", "KC", "QS"], "rich_man", None, None, "rich_man", -50, id="rich-50"
    ),
    pytest.param(
        ["AS", "AS", "AH", "AH", "AD"], None, 2, None, "rich_man", -5, id="rich-five-aces-2-decks"
    ),
    # Doctor: six ranks, a heart, an ace; 10 x the largest suit (3.6)
    pytest.param(
        ["AH", "3S", "5S", "7S", "9D", "JC"], None, None, None, "doctor", 30, id="doctor-3-spades"
    ),
    pytest.param(
        ["AH", "2D", "3C", "4S", "5H", "6D"], None, None, None, "doctor", 20, id="doctor-largest-2"
    ),
    pytest.param(
        ["AH", "2H", "3H", "4H", "5H", "6H"], None, None, None, "doctor", 60, id="doctor-all-hearts"
    ),
    pytest.param(
        ["AS", "2H", "3H", "4H", "5H", "KS"], None, None, None, "doctor", 40, id="doctor-4-hearts"
    ),
    pytest.param(
        ["AH", "10S", "JS", "QS", "KS", "9S"],
        None,
        None,
        None,
        "doctor",
        50,
        id="doctor-10-j-q-k-differ",
    ),
    pytest.param(
        ["AH", "2S", "3S", "4S", "5S", "6S"],
        "doctor",
        None,
        None,
        "doctor",
        50,
        id="doctor-ah-heart-and-ace",
    ),
    pytest.param(
        ["AS", "2S", "3S", "4S", "5S", "6S"], None, None, None, "doctor", 0, id="doctor-no-heart"
    ),
    pytest.param(
        ["2H", "3S", "4S", "5S", "6S", "7S"], None, None, None, "doctor", 0, id="doctor-no-ace"
    ),
    pytest.param(
        ["AH", "AS", "3S", "4S", "5S", "6S"], None, None, None, "doctor", 0, id="doctor-shared-rank"
    ),
    # Indian Chief: best of the 21 splits, poker + baccarat (3.7)
    pytest.param(
        ["10S", "10C", "10H", "7H", "8C", "9D", "JH"],
        None,
        None,
        None,
        "indian_chief",
        29,
        id="chief-trips-beat-straight",
    ),
    pytest.param(
        ["9H", "10H", "JH", "QH", "KH", "4S", "5C"],
        None,
        None,
        None,
        "indian_chief",
        54,
        id="chief-straight-flush-9",
    ),
    pytest.param(
        ["AS", "2H", "3D", "4C", "5S", "KD", "9H"],
        None,
        None,
        None,
        "indian_chief",
        34,
        id="chief-wheel",
    ),
    pytest.param(
        ["10S", "JH", "QD", "KC", "AS", "4H", "5D"],
        None,
        None,
        None,
        "indian_chief",
        34,
        id="chief-ace-high-straight",
    ),
    pytest.param(
        ["QS", "KH", "AD", "2C", "3S", "8H", "9D"],
        None,
        None,
        None,
        "indian_chief",
        14,
        id="chief-no-wraparound",
    ),
    pytest.param(
        ["7S", "7H", "7D", "7C", "2S", "KH", "9D"],
        None,
        None,
        None,
        "indian_chief",
        49,
        id="chief-four-of-a-kind",
    ),
    pytest.param(
        ["QS", "QH", "QD", "4C", "4S", "9H", "KD"],
        None,
        None,
        None,
        "indian_chief",
        44,
        id="chief-full-house",
    ),
    pytest.param(
        ["5S", "5H", "9D", "9C", "KS", "3H", "6C"],
        None,
        None,
        None,
        "indian_chief",
        24,
        id="chief-two-pair",
    ),
    pytest.param(
        ["10S", "JH", "QD", "KC", "2S", "3H", "4D"],
        None,
        None,
        None,
        "indian_chief",
        12,
        id="chief-10-j-q-k-not-quads",
    ),
    pytest.param(
        ["2S", "4H", "6D", "8C", "10S", "QH", "KD"],
        None,
        None,
        None,
        "indian_chief",
        13,
        id="chief-high-card",
    ),
    pytest.param(
        ["7S", "7S", "7H", "7H", "7D", "AS", "8C"],
        None,
        2,
        None,
        "indian_chief",
        59,
        id="chief-five-of-a-kind",
    ),
    pytest.param(
        ["2H", "2H", "5H", "9H", "KH", "3C", "6D"],
        "indian_chief",
        2,
        None,
        "indian_chief",
        39,
        id="chief-paired-flush",
    ),
]


@pytest.mark.parametrize(("cards", "meld", "decks", "table", "expected_meld", "score"), MELD_SCORES)
def test_meld_scores(client, cards, meld, decks, table, expected_meld, score):
    request = {"cards": cards}
    if meld is not None:
        request["meld"] = meld
    if decks is not None:
        request["decks"] = decks
    if table is not None:
        request["table"] = table

    body = ok(post(client, MELD, request))

    assert body["meld"] == expected_meld
    assert body["cards"] == cards
    assert body["score"] == score
    assert_explained(body)


@pytest.mark.parametrize(
    ("extra", "score"),
    [
        pytest.param({}, 0, id="no-table"),
        pytest.param({"table": []}, 0, id="empty-table"),
        pytest.param({"table": ["9C", "2S", "JD"]}, 4, id="table"),
    ],
)
def test_meld_table_defaults_to_empty(client, extra, score):
    body = ok(post(client, MELD, {"cards": ["9H", "2H"], **extra}))

    assert body["meld"] == "beggar_man"
    assert body["score"] == score


@pytest.mark.parametrize(
    ("extra", "meld"),
    [
        pytest.param({}, "poor_man", id="omitted"),
        pytest.param({"meld": None}, "poor_man", id="null"),
    ],
)
def test_meld_is_inferred_from_the_count_when_omitted_or_null(client, extra, meld):
    body = ok(post(client, MELD, {"cards": ["QS", "10S", "3H"], **extra}))

    assert body["meld"] == meld
    assert body["score"] == 20


def test_meld_decks_default_to_one(client):
    # The same card twice is fine with 2 decks but a duplicate with the default of 1.
    assert ok(post(client, MELD, {"cards": ["AS", "AS"], "decks": 2}))["score"] == 0
    assert_error(post(client, MELD, {"cards": ["AS", "AS"]}), "duplicate_card")


def test_meld_answers_canonical_cards_for_friendly_input(client):
    body = ok(post(client, MELD, {"cards": ["ah", " 4♣ ", "T♦", "q♥\ufe0f"]}))

    assert body["meld"] == "lawyer"
    assert body["cards"] == ["AH", "4C", "10D", "QH"]
    assert body["score"] == 25  # 1 + 4 + 10 + 10


def test_meld_ignores_unknown_fields(client):
    body = ok(
        post(client, MELD, {"cards": ["KD"], "player": "Ann", "round": 3, "notes": {"x": [1]}})
    )

    assert body["meld"] == "thief"
    assert body["score"] == 10


# Friendly spellings that are real cards (api.md §1.2), with their canonical form.
FRIENDLY_CARDS = [
    ("kd", "KD"),
    ("Kd", "KD"),
    ("kD", "KD"),
    ("TH", "10H"),
    ("th", "10H"),
    ("tH", "10H"),
    ("10h", "10H"),
    ("Q♥", "QH"),
    ("q♥", "QH"),
    ("Q♥\ufe0f", "QH"),
    ("A♠", "AS"),
    ("a♠\ufe0f", "AS"),
    ("9♦", "9D"),
    ("T♣", "10C"),
    ("10♣", "10C"),
    (" 7H", "7H"),
    ("7H ", "7H"),
    ("  j♠  ", "JS"),
]


@pytest.mark.parametrize(("text", "canonical"), FRIENDLY_CARDS)
def test_friendly_card_spellings_are_accepted_and_answered_canonically(client, text, canonical):
    body = ok(post(client, MELD, {"cards": [text]}))

    assert body["cards"] == [canonical]
    assert body["meld"] == "thief"


@pytest.mark.parametrize(("text", "canonical"), FRIENDLY_CARDS[:6])
def test_friendly_card_spellings_in_the_table_count(client, text, canonical):
    # A friendly spelling of the Beggar's rank on the table is matched like the canonical card.
    beggar = [canonical, "2C"]

    body = ok(post(client, MELD, {"cards": beggar, "decks": 2, "table": [text]}))

    assert body["score"] == 2


BAD_CARDS = [
    "1C",
    "12S",
    "0H",
    "QX",
    "9",
    "7",
    "RED",
    "XX",
    "7 H",
    "1 0H",
    "",
    "   ",
    "JK",
    "jk",
    "Jk",
    "H7",
    "♥Q",
    "QH\ufe0f",
    "11H",
    "TT",
    "AHS",
    "10",
    "A",
    "S",
    "KD.",
    "K-D",
]


@pytest.mark.parametrize("text", BAD_CARDS)
def test_bad_card_text_is_invalid_card(client, text):
    assert_error(post(client, MELD, {"cards": [text]}), "invalid_card")


@pytest.mark.parametrize("text", ["7 H", "1C", "JK"])
def test_bad_card_text_in_the_table_is_invalid_card_for_every_meld(client, text):
    assert_error(post(client, MELD, {"cards": ["KD"], "table": [text]}), "invalid_card")
    assert_error(post(client, MELD, {"cards": ["KD", "2C"], "table": ["5S", text]}), "invalid_card")


@pytest.mark.parametrize(
    "request_body",
    [
        pytest.param({"cards": []}, id="no-cards-no-meld"),
        pytest.param({"cards": [], "meld": "thief"}, id="no-cards-thief"),
        pytest.param({"cards": ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"]}, id="eight-cards"),
        pytest.param({"cards": ["AS"], "meld": "beggar_man"}, id="beggar-with-one"),
        pytest.param({"cards": ["AS", "2S"], "meld": "thief"}, id="thief-with-two"),
        pytest.param(
            {"cards": ["AS", "2S", "3S", "4S", "5S", "6S"], "meld": "indian_chief"},
            id="chief-with-six",
        ),
        pytest.param(
            {"cards": ["AS", "2S", "3S", "4S", "5S", "6S", "7S"], "meld": "doctor"},
            id="doctor-with-seven",
        ),
        pytest.param({"cards": ["AS", "2S", "3S", "4S"], "meld": "rich_man"}, id="rich-with-four"),
    ],
)
def test_wrong_card_count(client, request_body):
    assert_error(post(client, MELD, request_body), "wrong_card_count")


@pytest.mark.parametrize(
    "request_body",
    [
        pytest.param({"cards": ["AS", "AS"]}, id="within-meld-one-deck"),
        pytest.param({"cards": ["AS", "as"]}, id="within-meld-friendly"),
        pytest.param(
            {"cards": ["AS", "A♠", "2H"], "decks": 2, "table": ["as"]}, id="three-copies-two-decks"
        ),
        pytest.param(
            {"cards": ["AS", "AS", "AS", "2H", "3H"], "decks": 2}, id="within-meld-two-decks"
        ),
        pytest.param({"cards": ["KD"], "table": ["KD"]}, id="meld-and-table-thief"),
        pytest.param(
            {"cards": ["QS", "8H", "6C", "AD"], "table": ["2C", "q♠"]}, id="meld-and-table-lawyer"
        ),
        pytest.param(
            {"cards": ["7H", "7C"], "decks": 2, "table": ["7H", "7H"]},
            id="meld-and-table-two-decks",
        ),
        pytest.param({"cards": ["2H"], "table": ["5C", "5C"]}, id="within-table"),
    ],
)
def test_duplicate_card(client, request_body):
    assert_error(post(client, MELD, request_body), "duplicate_card")


@pytest.mark.parametrize("decks", [0, 3, -1, 52])
def test_meld_invalid_deck_count(client, decks):
    assert_error(post(client, MELD, {"cards": ["KD"], "decks": decks}), "invalid_deck_count")


@pytest.mark.parametrize(
    "request_body",
    [
        pytest.param({"meld": "thief"}, id="cards-missing"),
        pytest.param({"cards": None}, id="cards-null"),
        pytest.param({"cards": "KD"}, id="cards-string"),
        pytest.param({"cards": {"0": "KD"}}, id="cards-object"),
        pytest.param({"cards": [13]}, id="card-number"),
        pytest.param({"cards": [None]}, id="card-null"),
        pytest.param({"cards": [["K", "D"]]}, id="card-list"),
        pytest.param({"cards": ["KD"], "meld": "joker"}, id="unknown-meld"),
        pytest.param({"cards": ["KD"], "meld": "Thief"}, id="meld-wrong-case"),
        pytest.param({"cards": ["KD"], "meld": "beggar man"}, id="meld-with-space"),
        pytest.param({"cards": ["KD"], "meld": 1}, id="meld-number"),
        pytest.param({"cards": ["KD"], "meld": ""}, id="meld-empty"),
        pytest.param({"cards": ["KD"], "decks": True}, id="decks-true"),
        pytest.param({"cards": ["KD"], "decks": False}, id="decks-false"),
        pytest.param({"cards": ["KD"], "decks": 2.0}, id="decks-2.0"),
        pytest.param({"cards": ["KD"], "decks": 1.5}, id="decks-1.5"),
        pytest.param({"cards": ["KD"], "decks": "2"}, id="decks-string"),
        pytest.param({"cards": ["KD"], "decks": [2]}, id="decks-list"),
        pytest.param({"cards": ["KD"], "table": "QS"}, id="table-string"),
        pytest.param({"cards": ["KD"], "table": [None]}, id="table-card-null"),
        pytest.param({"cards": ["KD"], "table": [7]}, id="table-card-number"),
    ],
)
def test_meld_invalid_input(client, request_body):
    assert_error(post(client, MELD, request_body), "invalid_input")


# Requests with two or more errors: only the first in the documented order is reported.
MELD_ORDER = [
    pytest.param(
        {"cards": ["XX"], "meld": "bogus", "decks": 3}, "invalid_input", id="input-before-decks"
    ),
    pytest.param(
        {"cards": ["XX", "XX"], "decks": True}, "invalid_input", id="input-decks-true-before-card"
    ),
    pytest.param({"cards": ["XX"], "decks": 3}, "invalid_deck_count", id="decks-before-card"),
    pytest.param(
        {"cards": ["KD"], "decks": 0, "table": ["1C"]},
        "invalid_deck_count",
        id="decks-before-table-card",
    ),
    pytest.param(
        {"cards": ["AS", "AS", "AS"], "decks": 5}, "invalid_deck_count", id="decks-before-duplicate"
    ),
    pytest.param({"cards": ["XX", "AS"], "meld": "lawyer"}, "invalid_card", id="card-before-count"),
    pytest.param(
        {"cards": ["AS"], "meld": "lawyer", "table": ["1C"]},
        "invalid_card",
        id="table-card-before-count",
    ),
    pytest.param({"cards": ["AS", "AS", "1C"]}, "invalid_card", id="card-before-duplicate"),
    pytest.param(
        {"cards": ["AS"], "table": ["AS", "JK"]}, "invalid_card", id="table-card-before-duplicate"
    ),
    pytest.param(
        {"cards": ["AS", "AS", "2S"], "meld": "lawyer"},
        "wrong_card_count",
        id="count-before-duplicate",
    ),
    pytest.param(
        {"cards": ["AS"] * 8, "decks": 2, "table": ["AS"]},
        "wrong_card_count",
        id="count-eight-before-duplicate",
    ),
]


@pytest.mark.parametrize(("request_body", "code"), MELD_ORDER)
def test_meld_validation_order(client, request_body, code):
    assert_error(post(client, MELD, request_body), code)


# ===========================================================================
# POST /api/indian-chief/round (§2.2)

ROUND_EXAMPLE = {
    "players": [
        {"name": "Mia", "cards": ["9D"]},
        {"name": "Noor", "cards": ["3S"]},
        {"name": "Omar", "cards": ["9C", "QH"]},
        {"name": "Pia", "cards": ["QS", "8H", "5C", "2D"], "meld": "lawyer"},
    ],
    "steals": [
        {"thief": "Noor", "victim": "Pia", "card": "QS"},
        {"thief": "Mia", "victim": "Pia", "card": "3S"},
    ],
}


def test_round_spec_example(client):
    body = ok(post(client, ROUND, ROUND_EXAMPLE))

    assert set(body) == {"decks", "players", "scores", "thief_order", "taken", "melds_after_steals"}
    assert body["decks"] == 2
    assert without_explanations(body["players"]) == [
        {"name": "Mia", "meld": "thief", "cards": ["9D"], "score": 9},
        {"name": "Noor", "meld": "thief", "cards": ["3S"], "score": 3},
        {"name": "Omar", "meld": "beggar_man", "cards": ["9C", "QH"], "score": 4},
        {"name": "Pia", "meld": "lawyer", "cards": ["QS", "8H", "5C", "2D"], "score": 25},
    ]
    for player in body["players"]:
        assert_explained(player)
    assert body["scores"] == {"Mia": 9, "Noor": 3, "Omar": 4, "Pia": 25}
    assert body["thief_order"] == [["Noor"], ["Mia"]]
    assert body["taken"] == {"Noor": "QS", "Mia": "3S"}
    assert sorted_melds(body["melds_after_steals"]) == sorted_melds(
        {"Mia": [], "Noor": [], "Omar": ["9C", "QH"], "Pia": ["9D", "8H", "5C", "2D"]}
    )
    omar = body["players"][2]["explanation"]
    assert mentions(omar, "9D") and mentions(omar, "QS")


def test_round_spec_example_error_steals_in_the_opposite_order(client):
    request = {**ROUND_EXAMPLE, "steals": list(reversed(ROUND_EXAMPLE["steals"]))}

    assert_error(post(client, ROUND, request), "steal_out_of_order", "Mia")


# Hand-scored rounds without steals: (players, decks given or None, decks echoed, scores).
ROUND_SCORES = [
    pytest.param(
        [
            reveal("Ann", ["5H", "KD"]),
            reveal("Ben", ["5S", "5C", "KS"]),
            reveal("Cat", ["KH", "QS", "8D", "2C"]),
        ],
        None,
        1,
        {"Ann": 8, "Ben": 15, "Cat": 0},
        id="beggar-counts-every-opponent",
    ),
    pytest.param(
        [reveal("Ann", ["9S", "9H"]), reveal("Ben", ["9D", "2C"])],
        None,
        1,
        {"Ann": 2, "Ben": 4},
        id="beggar-against-beggar",
    ),
    pytest.param(
        [reveal("Ann", ["10H", "3C"]), reveal("Ben", ["JS", "QD", "KH", "10S", "4D"])],
        None,
        1,
        {"Ann": 2, "Ben": -44},
        id="beggar-ten-only-matches-ten",
    ),
    pytest.param(
        [
            reveal("Ann", ["7H", "7C"]),
            reveal("Ben", ["7H"]),
            reveal("Cat", ["7S", "7D", "KS"]),
            reveal("Dan", ["AH", "2H", "3H", "4H", "5H", "6H"]),
        ],
        None,
        2,
        {"Ann": 6, "Ben": 7, "Cat": 17, "Dan": 60},
        id="four-players-two-decks-identical-card-counts",
    ),
    pytest.param(
        [reveal("Ann", ["KD"]), reveal("Ben", ["KD"])],
        2,
        2,
        {"Ann": 10, "Ben": 10},
        id="two-decks-variant-for-two-players",
    ),
    pytest.param(
        [
            reveal("Ann", ["KS", "9H", "2C", "AD"], "lawyer"),
            reveal("Ben", ["AS", "2S", "3S", "4S", "5S", "6S"], "doctor"),
            reveal("Cat", ["QS", "KH", "AH", "2D", "3C", "8H", "9D"]),
        ],
        1,
        1,
        {"Ann": 0, "Ben": 0, "Cat": 14},
        id="failed-melds-score-zero",
    ),
]


@pytest.mark.parametrize(("players", "decks", "decks_used", "scores"), ROUND_SCORES)
def test_round_scores(client, players, decks, decks_used, scores):
    request = {"players": players}
    if decks is not None:
        request["decks"] = decks

    body = ok(post(client, ROUND, request))

    assert body["decks"] == decks_used
    assert body["scores"] == scores
    assert [p["name"] for p in body["players"]] == [p["name"] for p in players]
    assert [p["score"] for p in body["players"]] == [scores[p["name"]] for p in players]
    assert [p["cards"] for p in body["players"]] == [p["cards"] for p in players]
    for player in body["players"]:
        assert_explained(player)


@pytest.mark.parametrize(("count", "decks"), [(2, 1), (3, 1), (4, 2), (5, 2), (8, 2)])
def test_round_decks_default_from_the_player_count(client, count, decks):
    # Thieves with distinct cards, so that the round is valid with either deck count.
    cards = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S"]
    players = [reveal(f"P{i}", [cards[i]]) for i in range(count)]

    body = ok(post(client, ROUND, {"players": players}))

    assert body["decks"] == decks


def test_round_default_decks_decide_duplicates(client):
    three = [reveal("Ann", ["KD"]), reveal("Ben", ["KD"]), reveal("Cat", ["2C"])]
    four = [*three, reveal("Dan", ["3C"])]

    assert_error(post(client, ROUND, {"players": three}), "duplicate_card", UNCHECKED)
    assert ok(post(client, ROUND, {"players": four}))["scores"] == {
        "Ann": 10,
        "Ben": 10,
        "Cat": 2,
        "Dan": 3,
    }


def test_round_meld_inferred_canonical_cards_and_extra_fields_ignored(client):
    request = {
        "players": [
            {"name": "Ann", "cards": [" q♠ ", "t♠", "3h"], "meld": None, "seat": 4},
            {"name": "Ben", "cards": ["a♥\ufe0f", "kS"], "colour": "blue"},
        ],
        "table": ["XX"],
        "comment": "ignored",
    }

    body = ok(post(client, ROUND, request))

    assert without_explanations(body["players"]) == [
        {"name": "Ann", "meld": "poor_man", "cards": ["QS", "10S", "3H"], "score": 20},
        {"name": "Ben", "meld": "beggar_man", "cards": ["AH", "KS"], "score": 0},
    ]
    assert body["thief_order"] == []
    assert body["taken"] == {}
    assert body["melds_after_steals"] == {"Ann": ["QS", "10S", "3H"], "Ben": ["AH", "KS"]}


@pytest.mark.parametrize("extra", [{}, {"steals": []}], ids=["omitted", "empty"])
def test_round_without_thieves_or_steals(client, extra):
    players = [reveal("Ann", ["5H", "KD"]), reveal("Ben", ["5S", "5C", "KS"])]

    body = ok(post(client, ROUND, {"players": players, **extra}))

    assert body["thief_order"] == []
    assert body["taken"] == {}
    assert body["melds_after_steals"] == {"Ann": ["5H", "KD"], "Ben": ["5S", "5C", "KS"]}
    assert body["scores"] == {"Ann": 6, "Ben": 15}


def test_round_with_eight_thieves_orders_by_rank_with_ties(client):
    cards = ["KS", "AS", "10H", "JD", "AH", "QC", "KS", "2D"]
    players = [reveal(f"P{i}", [card]) for i, card in enumerate(cards, start=1)]

    body = ok(post(client, ROUND, {"players": players}))

    assert body["decks"] == 2
    assert body["scores"] == {
        "P1": 10,
        "P2": 1,
        "P3": 10,
        "P4": 10,
        "P5": 1,
        "P6": 10,
        "P7": 10,
        "P8": 2,
    }
    # A < 2 < ... < 10 < J < Q < K: by rank, not face value; ties in request order.
    assert body["thief_order"] == [["P2", "P5"], ["P8"], ["P3"], ["P4"], ["P6"], ["P1", "P7"]]
    assert body["taken"] == {}
    assert body["melds_after_steals"] == {f"P{i}": [card] for i, card in enumerate(cards, start=1)}


# Ann's Thief 2C steals before Ben's Thief 9D; Cat's Beggar Man K/Q matches nothing.
BASE = [reveal("Ann", ["2C"]), reveal("Ben", ["9D"]), reveal("Cat", ["KS", "QH"])]
BASE_SCORES = {"Ann": 2, "Ben": 9, "Cat": 0}
# Ann's 5H and Ben's 5D are tied; Cat's Poor Man scores its AS.
TIE = [reveal("Ann", ["5H"]), reveal("Ben", ["5D"]), reveal("Cat", ["AS", "KD", "3C"])]
TIE_SCORES = {"Ann": 5, "Ben": 5, "Cat": 1}


def steal(thief, victim, card):
    return {"thief": thief, "victim": victim, "card": card}


def passes(thief, **ignored):
    return {"thief": thief, "pass": True, **ignored}


# (players, steals, thief_order, taken, melds_after_steals, scores)
STEAL_CASES = [
    pytest.param(
        BASE,
        [],
        [["Ann"], ["Ben"]],
        {},
        {"Ann": ["2C"], "Ben": ["9D"], "Cat": ["KS", "QH"]},
        BASE_SCORES,
        id="no-steals",
    ),
    pytest.param(
        BASE,
        [steal("Ann", "Cat", "QH"), steal("Ben", "Cat", "2C")],
        [["Ann"], ["Ben"]],
        {"Ann": "QH", "Ben": "2C"},
        {"Ann": [], "Ben": [], "Cat": ["KS", "9D"]},
        BASE_SCORES,
        id="later-thief-takes-swapped-in-card",
    ),
    pytest.param(
        BASE,
        [steal("Ann", "Ben", "9D"), steal("Ben", "Cat", "QH")],
        [["Ann"], ["Ben"]],
        {"Ann": "9D", "Ben": "QH"},
        {"Ann": [], "Ben": [], "Cat": ["KS", "2C"]},
        BASE_SCORES,
        id="robbed-thief-gives-card-now-in-its-spot",
    ),
    pytest.param(
        BASE,
        [steal("Ann", "Ben", "9D"), passes("Ben")],
        [["Ann"], ["Ben"]],
        {"Ann": "9D"},
        {"Ann": [], "Ben": ["2C"], "Cat": ["KS", "QH"]},
        BASE_SCORES,
        id="robbed-thief-passes",
    ),
    pytest.param(
        BASE,
        [passes("Ann"), steal("Ben", "Ann", "2C")],
        [["Ann"], ["Ben"]],
        {"Ben": "2C"},
        {"Ann": ["9D"], "Ben": [], "Cat": ["KS", "QH"]},
        BASE_SCORES,
        id="pass-then-rob-the-passer",
    ),
    pytest.param(
        BASE,
        [steal("Ben", "Cat", "KS")],
        [["Ann"], ["Ben"]],
        {"Ben": "KS"},
        {"Ann": ["2C"], "Ben": [], "Cat": ["9D", "QH"]},
        BASE_SCORES,
        id="thief-without-entry-does-not-steal",
    ),
    pytest.param(
        BASE,
        [steal("Ann", "Cat", "q♥"), passes("Ben", victim="Nobody", card="XX")],
        [["Ann"], ["Ben"]],
        {"Ann": "QH"},
        {"Ann": [], "Ben": ["9D"], "Cat": ["KS", "2C"]},
        BASE_SCORES,
        id="friendly-card-and-pass-ignores-other-fields",
    ),
    pytest.param(
        TIE,
        [steal("Ann", "Cat", "KD"), steal("Ben", "Cat", "3C")],
        [["Ann", "Ben"]],
        {"Ann": "KD", "Ben": "3C"},
        {"Ann": [], "Ben": [], "Cat": ["AS", "5H", "5D"]},
        TIE_SCORES,
        id="tied-thieves-take-different-cards",
    ),
    pytest.param(
        TIE,
        [steal("Ben", "Cat", "3C"), steal("Ann", "Cat", "KD")],
        [["Ann", "Ben"]],
        {"Ann": "KD", "Ben": "3C"},
        {"Ann": [], "Ben": [], "Cat": ["AS", "5H", "5D"]},
        TIE_SCORES,
        id="tied-thieves-in-either-order",
    ),
    pytest.param(
        [reveal("Ann", ["KH"]), reveal("Ben", ["AD"]), reveal("Cat", ["2S", "3S"])],
        [steal("Ben", "Cat", "3S"), steal("Ann", "Cat", "AD")],
        [["Ben"], ["Ann"]],
        {"Ben": "3S", "Ann": "AD"},
        {"Ann": [], "Ben": [], "Cat": ["2S", "KH"]},
        {"Ann": 10, "Ben": 1, "Cat": 0},
        id="ace-steals-first",
    ),
    pytest.param(
        [reveal("Ann", ["KH"]), reveal("Ben", ["JD"]), reveal("Cat", ["4S", "5S"])],
        [steal("Ben", "Cat", "4S"), steal("Ann", "Cat", "5S")],
        [["Ben"], ["Ann"]],
        {"Ben": "4S", "Ann": "5S"},
        {"Ann": [], "Ben": [], "Cat": ["JD", "KH"]},
        {"Ann": 10, "Ben": 10, "Cat": 0},
        id="jack-before-king-though-both-score-10",
    ),
]


@pytest.mark.parametrize(("players", "steals", "order", "taken", "after", "scores"), STEAL_CASES)
def test_round_steals(client, players, steals, order, taken, after, scores):
    body = ok(post(client, ROUND, {"players": players, "steals": steals}))

    assert body["thief_order"] == order
    assert body["taken"] == taken
    assert sorted_melds(body["melds_after_steals"]) == sorted_melds(after)
    # Steals never change a score, nor the cards as revealed.
    assert body["scores"] == scores
    assert [p["cards"] for p in body["players"]] == [p["cards"] for p in players]


def test_round_steal_puts_the_thief_card_in_the_stolen_cards_place(client):
    request = {
        "players": [reveal("Ann", ["2C"]), reveal("Cat", ["KS", "QH", "4D"])],
        "steals": [steal("Ann", "Cat", "QH")],
    }

    body = ok(post(client, ROUND, request))

    # The order inside a list carries no meaning; the content does.
    assert sorted(body["melds_after_steals"]["Cat"]) == ["2C", "4D", "KS"]
    assert body["melds_after_steals"]["Ann"] == []


# Steal errors: (players, steals, code, player at fault).
FOUR = [
    reveal("Ann", ["2C"]),
    reveal("Ben", ["9D"]),
    reveal("Cat", ["KS", "QH"]),
    reveal("Dan", ["5H"]),
]
STEAL_ERRORS = [
    pytest.param(BASE, [steal("Cat", "Ann", "2C")], "not_a_thief", "Cat", id="not-a-thief"),
    pytest.param(
        [reveal("Ann", ["5H", "KD"]), reveal("Ben", ["5S", "5C", "KS"])],
        [passes("Ann")],
        "not_a_thief",
        "Ann",
        id="not-a-thief-pass-in-round-without-thieves",
    ),
    pytest.param(
        BASE,
        [steal("Ben", "Cat", "KS"), steal("Ann", "Cat", "QH")],
        "steal_out_of_order",
        "Ben",
        id="out-of-order",
    ),
    pytest.param(
        BASE,
        [passes("Ben"), steal("Ann", "Cat", "QH")],
        "steal_out_of_order",
        "Ben",
        id="out-of-order-pass-counts",
    ),
    pytest.param(
        BASE,
        [steal("Ann", "Cat", "QH"), steal("Ann", "Cat", "KS")],
        "steal_out_of_order",
        "Ann",
        id="thief-with-two-steals",
    ),
    pytest.param(
        BASE,
        [passes("Ann"), steal("Ann", "Cat", "KS")],
        "steal_out_of_order",
        "Ann",
        id="thief-with-pass-and-steal",
    ),
    pytest.param(BASE, [steal("Ann", "Ann", "2C")], "cannot_steal_from_self", "Ann", id="self"),
    pytest.param(
        BASE, [steal("Ann", "Cat", "AH")], "card_not_in_meld", "Ann", id="card-never-there"
    ),
    pytest.param(
        BASE, [steal("Ann", "Ben", "2C")], "card_not_in_meld", "Ann", id="card-of-another-player"
    ),
    pytest.param(
        BASE,
        [steal("Ann", "Cat", "QH"), steal("Ben", "Cat", "QH")],
        "card_not_in_meld",
        "Ben",
        id="already-taken-by-lower-thief",
    ),
    pytest.param(
        BASE,
        [steal("Ann", "Cat", "QH"), steal("Ben", "Ann", "2C")],
        "card_not_in_meld",
        "Ben",
        id="victim-thief-already-stole",
    ),
    pytest.param(
        BASE,
        [steal("Ann", "Cat", "AH"), steal("Ben", "Cat", "5S")],
        "card_not_in_meld",
        "Ann",
        id="first-missing-card-in-order",
    ),
    pytest.param(
        TIE,
        [steal("Ann", "Cat", "KD"), steal("Ben", "Cat", "KD")],
        "thief_tie_conflict",
        UNCHECKED,
        id="tied-thieves-want-the-same-card",
    ),
    pytest.param(
        TIE,
        [steal("Ben", "Cat", "AS"), steal("Ann", "Cat", "a♠")],
        "thief_tie_conflict",
        UNCHECKED,
        id="tied-thieves-same-card-friendly",
    ),
]


@pytest.mark.parametrize(("players", "steals", "code", "player"), STEAL_ERRORS)
def test_round_steal_errors(client, players, steals, code, player):
    assert_error(post(client, ROUND, {"players": players, "steals": steals}), code, player)


def test_round_steal_out_of_order_among_more_thieves(client):
    # Dan's 5H sits between Ann's 2C and Ben's 9D: Ben acts before Dan.
    steals = [steal("Ann", "Cat", "QH"), steal("Ben", "Cat", "KS"), steal("Dan", "Cat", "2C")]

    assert_error(
        post(client, ROUND, {"players": FOUR, "steals": steals}), "steal_out_of_order", "Ben"
    )


def round_with_players(count):
    cards = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S"]
    return [reveal(f"P{i}", [cards[i]]) for i in range(count)]


@pytest.mark.parametrize("count", [0, 1, 9, 10])
def test_round_invalid_player_count(client, count):
    assert_error(
        post(client, ROUND, {"players": round_with_players(count)}), "invalid_player_count"
    )


@pytest.mark.parametrize(
    ("count", "decks"),
    [(4, 1), (8, 1), (2, 3), (3, 0), (5, -2)],
)
def test_round_invalid_deck_count(client, count, decks):
    request = {"players": round_with_players(count), "decks": decks}

    assert_error(post(client, ROUND, request), "invalid_deck_count")


def test_round_invalid_card_names_the_player(client):
    players = [reveal("Ann", ["KD"]), reveal("Ben", ["2C", "7 H"])]

    assert_error(post(client, ROUND, {"players": players}), "invalid_card", "Ben")


@pytest.mark.parametrize("card", ["1C", "JK", "7 H", ""])
def test_round_invalid_card_in_a_steal(client, card):
    request = {"players": BASE, "steals": [steal("Ann", "Cat", card)]}

    assert_error(post(client, ROUND, request), "invalid_card", "Ann")


def test_round_wrong_card_count(client):
    players = [reveal("Ann", ["KD"]), reveal("Ben", ["2C", "3C"], "poor_man")]

    assert_error(post(client, ROUND, {"players": players}), "wrong_card_count", "Ben")


@pytest.mark.parametrize(
    "cards",
    [
        pytest.param([], id="none"),
        pytest.param(["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S"], id="eight"),
    ],
)
def test_round_wrong_card_count_without_meld(client, cards):
    players = [reveal("Ann", ["KD"]), reveal("Ben", cards)]

    assert_error(post(client, ROUND, {"players": players}), "wrong_card_count", "Ben")


def test_round_duplicate_card_within_a_meld_names_the_player(client):
    players = [reveal("Ann", ["KD"]), reveal("Ben", ["2C", "2c"])]

    assert_error(post(client, ROUND, {"players": players}), "duplicate_card", "Ben")


def test_round_duplicate_card_within_a_meld_with_two_decks(client):
    players = [
        reveal("Ann", ["KD"]),
        reveal("Ben", ["2C", "2C", "2♣"]),
        reveal("Cat", ["3C"]),
        reveal("Dan", ["4C"]),
    ]

    assert_error(post(client, ROUND, {"players": players}), "duplicate_card", "Ben")


@pytest.mark.parametrize(
    ("players", "decks"),
    [
        pytest.param([reveal("Ann", ["KD"]), reveal("Ben", ["kd", "2S"])], None, id="one-deck"),
        pytest.param(
            [
                reveal("Ann", ["KD"]),
                reveal("Ben", ["KD", "2S"]),
                reveal("Cat", ["K♦"]),
                reveal("Dan", ["3S"]),
            ],
            None,
            id="two-decks-three-copies",
        ),
        pytest.param(
            [reveal("Ann", ["KD", "KD"]), reveal("Ben", ["KD"])],
            2,
            id="two-decks-variant-three-copies",
        ),
    ],
)
def test_round_duplicate_card_across_players(client, players, decks):
    request = {"players": players}
    if decks is not None:
        request["decks"] = decks

    assert_error(post(client, ROUND, request), "duplicate_card", UNCHECKED)


@pytest.mark.parametrize(
    "request_body",
    [
        pytest.param({"players": None}, id="players-null"),
        pytest.param({"players": "Ann"}, id="players-string"),
        pytest.param({"players": {"Ann": ["KD"]}}, id="players-object"),
        pytest.param({"players": ["Ann", "Ben"]}, id="player-not-object"),
        pytest.param({"players": [{"cards": ["KD"]}, reveal("Ben", ["2C"])]}, id="name-missing"),
        pytest.param({"players": [reveal("", ["KD"]), reveal("Ben", ["2C"])]}, id="name-empty"),
        pytest.param({"players": [reveal(7, ["KD"]), reveal("Ben", ["2C"])]}, id="name-number"),
        pytest.param({"players": [reveal(None, ["KD"]), reveal("Ben", ["2C"])]}, id="name-null"),
        pytest.param(
            {"players": [reveal("Ann", ["KD"]), reveal("Ann", ["2C"])]}, id="duplicate-names"
        ),
        pytest.param({"players": [{"name": "Ann"}, reveal("Ben", ["2C"])]}, id="cards-missing"),
        pytest.param({"players": [reveal("Ann", "KD"), reveal("Ben", ["2C"])]}, id="cards-string"),
        pytest.param({"players": [reveal("Ann", [10]), reveal("Ben", ["2C"])]}, id="card-number"),
        pytest.param(
            {"players": [reveal("Ann", ["KD"], "chief"), reveal("Ben", ["2C"])]}, id="unknown-meld"
        ),
        pytest.param(
            {"players": [reveal("Ann", ["KD"], 1), reveal("Ben", ["2C"])]}, id="meld-number"
        ),
        pytest.param({"players": BASE, "decks": True}, id="decks-true"),
        pytest.param({"players": BASE, "decks": 2.0}, id="decks-2.0"),
        pytest.param({"players": BASE, "decks": "1"}, id="decks-string"),
        pytest.param({"players": BASE, "steals": "Ann"}, id="steals-string"),
        pytest.param(
            {"players": BASE, "steals": {"thief": "Ann", "pass": True}}, id="steals-object"
        ),
        pytest.param({"players": BASE, "steals": ["Ann"]}, id="steal-not-object"),
        pytest.param(
            {"players": BASE, "steals": [{"victim": "Cat", "card": "QH"}]}, id="steal-thief-missing"
        ),
        pytest.param({"players": BASE, "steals": [{"thief": "Ann"}]}, id="steal-neither-form"),
        pytest.param(
            {"players": BASE, "steals": [{"thief": "Ann", "card": "QH"}]}, id="steal-victim-missing"
        ),
        pytest.param(
            {"players": BASE, "steals": [{"thief": "Ann", "victim": "Cat"}]},
            id="steal-card-missing",
        ),
        pytest.param(
            {"players": BASE, "steals": [steal("Ann", "Cat", 12)]}, id="steal-card-number"
        ),
        pytest.param(
            {"players": BASE, "steals": [steal("Ann", "Cat", ["QH"])]}, id="steal-card-list"
        ),
        pytest.param(
            {"players": BASE, "steals": [{"thief": "Ann", "pass": "yes"}]}, id="pass-not-boolean"
        ),
        pytest.param({"players": BASE, "steals": [{"thief": "Ann", "pass": 1}]}, id="pass-one"),
        pytest.param({"players": BASE, "steals": [steal("Zed", "Cat", "QH")]}, id="unknown-thief"),
        pytest.param({"players": BASE, "steals": [steal("Ann", "Zed", "QH")]}, id="unknown-victim"),
        pytest.param({"players": BASE, "steals": [passes("Zed")]}, id="unknown-passing-thief"),
        pytest.param(
            {"players": BASE, "steals": [steal("ann", "Cat", "QH")]}, id="names-compared-exactly"
        ),
        pytest.param({"players": BASE, "steals": [steal(5, "Cat", "QH")]}, id="thief-number"),
    ],
)
def test_round_invalid_input(client, request_body):
    assert_error(post(client, ROUND, request_body), "invalid_input", UNCHECKED)


def test_round_names_are_compared_exactly(client):
    players = [reveal("Ann", ["KD"]), reveal("ann", ["2C"]), reveal("Ann ", ["3C"])]

    body = ok(post(client, ROUND, {"players": players}))

    assert body["scores"] == {"Ann": 10, "ann": 2, "Ann ": 3}


# Requests with two or more errors: only the first in the documented order is reported.
# (request, code, player)
ROUND_ORDER = [
    pytest.param(
        {"players": [reveal("Ann", ["XX"])], "steals": [steal("Zed", "Ann", "XX")]},
        "invalid_input",
        UNCHECKED,
        id="unknown-thief-before-player-count",
    ),
    pytest.param(
        {"players": [*round_with_players(9), reveal("P0", ["KD"])]},
        "invalid_input",
        UNCHECKED,
        id="duplicate-name-before-player-count",
    ),
    pytest.param(
        {"players": [reveal("Ann", ["KD"], "bogus")], "decks": 7},
        "invalid_input",
        UNCHECKED,
        id="unknown-meld-before-counts",
    ),
    pytest.param(
        {"players": round_with_players(9), "decks": 1},
        "invalid_player_count",
        ABSENT,
        id="player-count-before-decks",
    ),
    pytest.param(
        {"players": [reveal("Ann", ["XX"])], "decks": 3},
        "invalid_player_count",
        ABSENT,
        id="player-count-before-decks-and-card",
    ),
    pytest.param(
        {
            "players": [
                reveal("Ann", ["KD"]),
                reveal("Ben", ["XX"]),
                reveal("Cat", ["2C"]),
                reveal("Dan", ["3C"]),
            ],
            "decks": 1,
        },
        "invalid_deck_count",
        ABSENT,
        id="decks-before-card",
    ),
    pytest.param(
        {"players": [reveal("Ann", ["AS", "2S"], "lawyer"), reveal("Ben", ["XX"])]},
        "invalid_card",
        "Ben",
        id="later-card-before-earlier-count",
    ),
    pytest.param(
        {"players": [reveal("Ann", ["AS", "AS"]), reveal("Ben", ["1C"])]},
        "invalid_card",
        "Ben",
        id="later-card-before-earlier-duplicate",
    ),
    pytest.param(
        {
            "players": [reveal("Ann", ["2C"]), reveal("Ben", ["3C", "4C"], "thief")],
            "steals": [steal("Ann", "Ben", "ZZ")],
        },
        "invalid_card",
        "Ann",
        id="steal-card-before-count",
    ),
    pytest.param(
        {"players": [reveal("Ann", ["XX"]), reveal("Ben", ["YY"])]},
        "invalid_card",
        "Ann",
        id="first-card-in-request-order",
    ),
    pytest.param(
        {"players": [reveal("Ann", ["KD", "KD"]), reveal("Ben", ["2C"] * 8)]},
        "wrong_card_count",
        "Ben",
        id="later-count-before-earlier-duplicate",
    ),
    pytest.param(
        {"players": [reveal("Ann", []), reveal("Ben", ["2C", "3C"], "thief")]},
        "wrong_card_count",
        "Ann",
        id="first-count-in-request-order",
    ),
    pytest.param(
        {
            "players": [reveal("Ann", ["2C"]), reveal("Ben", ["3C", "3C"])],
            "steals": [steal("Ben", "Ann", "2C")],
        },
        "duplicate_card",
        "Ben",
        id="duplicate-before-steals",
    ),
    pytest.param(
        {
            "players": BASE,
            "steals": [
                steal("Ben", "Cat", "KS"),
                steal("Ann", "Ann", "2C"),
                steal("Cat", "Ann", "2C"),
            ],
        },
        "not_a_thief",
        "Cat",
        id="not-a-thief-over-whole-list-first",
    ),
    pytest.param(
        {
            "players": FOUR,
            "steals": [
                steal("Ann", "Ann", "2C"),
                steal("Ben", "Cat", "KS"),
                steal("Dan", "Cat", "QH"),
            ],
        },
        "steal_out_of_order",
        "Ben",
        id="order-before-earlier-self",
    ),
    pytest.param(
        {"players": BASE, "steals": [steal("Ann", "Cat", "AH"), steal("Ben", "Ben", "9D")]},
        "cannot_steal_from_self",
        "Ben",
        id="self-before-earlier-missing-card",
    ),
]


@pytest.mark.parametrize(("request_body", "code", "player"), ROUND_ORDER)
def test_round_validation_order(client, request_body, code, player):
    assert_error(post(client, ROUND, request_body), code, player)


# ===========================================================================
# POST /api/indian-chief/game (§2.3)

GAME_EXAMPLE = {
    "players": ["Rosa", "Sam"],
    "rounds": [
        [
            {"name": "Rosa", "cards": ["AS", "2H", "3C", "AD", "4S"]},
            {"name": "Sam", "cards": ["KC"]},
        ],
        [
            {"name": "Rosa", "cards": ["AH", "3S", "5S", "7S", "9D", "JC"]},
            {"name": "Sam", "cards": ["QS", "10S", "3H"]},
        ],
    ],
}


def test_game_spec_example(client):
    body = ok(post(client, GAME, GAME_EXAMPLE))

    assert body == {
        "round_scores": [{"Rosa": -11, "Sam": 10}, {"Rosa": 30, "Sam": 20}],
        "totals": {"Rosa": 19, "Sam": 30},
        "complete": False,
        "winners": None,
    }


def test_game_spec_example_error_repeated_meld(client):
    third = [reveal("Rosa", ["KS", "QS", "JS", "10S", "9S"]), reveal("Sam", ["2D", "3D"])]
    request = {**GAME_EXAMPLE, "rounds": [*GAME_EXAMPLE["rounds"], third]}

    error = assert_error(post(client, GAME, request), "repeated_meld", "Rosa")
    assert re.search(r"(?i)\bround\s+3\b", error["message"])


# A full two-player game, scored by hand meld by meld (each player makes each meld once).
#   round  Rosa                                   Sam
#   1      Thief KC = 10                          Rich Man A 2 3 A 4 = -11
#   2      Beggar 5H 9C vs 5S 9S = 4              Poor Man 5S 9S = 14
#   3      Poor Man QS 10S = 20                   Thief 7D = 7
#   4      Lawyer Q 8 6 A = 25                    Beggar QH AC vs QS AD = 4
#   5      Rich Man K Q J 10 9 = -49              Lawyer K 9 2 A = 22 -> 0
#   6      Doctor, three spades = 30              Chief: straight flush 9-K + 4 5 = 54
#   7      Chief: trips + 9 J = 29                Doctor, two hearts/diamonds = 20
# Totals: Rosa 69, Sam 88.
FULL_GAME_ROUNDS = [
    [reveal("Rosa", ["KC"]), reveal("Sam", ["AS", "2H", "3C", "AD", "4S"])],
    [reveal("Sam", ["5S", "9S", "2D"]), reveal("Rosa", ["5H", "9C"], "beggar_man")],
    [reveal("Rosa", ["qs", "T♠", "3h"]), reveal("Sam", ["7D"], "thief")],
    [reveal("Rosa", ["QS", "8H", "6C", "AD"]), reveal("Sam", ["QH", "AC"])],
    [
        reveal("Rosa", ["KS", "QS", "JS", "10S", "9S"], "rich_man"),
        reveal("Sam", ["KH", "9H", "2C", "AD"]),
    ],
    [
        reveal("Rosa", ["AH", "3S", "5S", "7S", "9D", "JC"]),
        reveal("Sam", ["9H", "10H", "JH", "QH", "KH", "4S", "5C"]),
    ],
    [
        reveal("Sam", ["AH", "2D", "3C", "4S", "5H", "6D"], "doctor"),
        reveal("Rosa", ["10S", "10C", "10H", "7H", "8C", "9D", "JH"]),
    ],
]
FULL_GAME_SCORES = [
    {"Rosa": 10, "Sam": -11},
    {"Rosa": 4, "Sam": 14},
    {"Rosa": 20, "Sam": 7},
    {"Rosa": 25, "Sam": 4},
    {"Rosa": -49, "Sam": 0},
    {"Rosa": 30, "Sam": 54},
    {"Rosa": 29, "Sam": 20},
]


def test_game_complete_after_seven_rounds_with_one_winner(client):
    body = ok(post(client, GAME, {"players": ["Rosa", "Sam"], "rounds": FULL_GAME_ROUNDS}))

    assert body == {
        "round_scores": FULL_GAME_SCORES,
        "totals": {"Rosa": 69, "Sam": 88},
        "complete": True,
        "winners": ["Sam"],
    }


# Three players; Sam's Thief is 8D (8) and his Doctor fails (no heart), so Sam ties Rosa.
#   round  Tom
#   1      Beggar KD 2S vs KC, 2H = 4
#   2      Thief 7C = 7
#   3      Rich Man K K K K J = -50
#   4      Poor Man JS 3S = 13
#   5      Lawyer K Q 4 A = 25
#   6      Doctor AC 2H 3D 4D 6D 8C: three diamonds = 30
#   7      Chief 2C 4H 6H 8D QD KC 3S: high card 5 + (6 + 3) = 14
# Totals: Rosa 69, Sam 69, Tom 43.
TIE_GAME_ROUNDS = [
    [
        reveal("Rosa", ["KC"]),
        reveal("Sam", ["AS", "2H", "3C", "AD", "4S"]),
        reveal("Tom", ["KD", "2S"]),
    ],
    [reveal("Rosa", ["5H", "9C"]), reveal("Tom", ["7C"]), reveal("Sam", ["5S", "9S", "2D"])],
    [
        reveal("Rosa", ["QS", "10S", "3H"]),
        reveal("Sam", ["8D"]),
        reveal("Tom", ["KH", "KD", "KC", "KS", "JD"]),
    ],
    [
        reveal("Tom", ["JS", "3S", "7D"]),
        reveal("Rosa", ["QS", "8H", "6C", "AD"]),
        reveal("Sam", ["QH", "AC"]),
    ],
    [
        reveal("Rosa", ["KS", "QS", "JS", "10S", "9S"]),
        reveal("Sam", ["KH", "9H", "2C", "AD"]),
        reveal("Tom", ["KD", "QD", "4D", "AC"]),
    ],
    [
        reveal("Rosa", ["AH", "3S", "5S", "7S", "9D", "JC"]),
        reveal("Sam", ["9H", "10H", "JH", "QH", "KH", "4S", "5C"]),
        reveal("Tom", ["AC", "2H", "3D", "4D", "6D", "8C"]),
    ],
    [
        reveal("Rosa", ["10S", "10C", "10H", "7H", "8C", "9D", "JH"]),
        reveal("Sam", ["AS", "2D", "3C", "4S", "5S", "6D"]),
        reveal("Tom", ["2C", "4H", "6H", "8D", "QD", "KC", "3S"]),
    ],
]
TIE_GAME_SCORES = [
    {"Rosa": 10, "Sam": -11, "Tom": 4},
    {"Rosa": 4, "Sam": 14, "Tom": 7},
    {"Rosa": 20, "Sam": 8, "Tom": -50},
    {"Rosa": 25, "Sam": 4, "Tom": 13},
    {"Rosa": -49, "Sam": 0, "Tom": 25},
    {"Rosa": 30, "Sam": 54, "Tom": 30},
    {"Rosa": 29, "Sam": 0, "Tom": 14},
]


def test_game_tie_is_a_shared_win_in_players_order(client):
    body = ok(post(client, GAME, {"players": ["Sam", "Tom", "Rosa"], "rounds": TIE_GAME_ROUNDS}))

    assert body["round_scores"] == TIE_GAME_SCORES
    assert body["totals"] == {"Rosa": 69, "Sam": 69, "Tom": 43}
    assert body["complete"] is True
    assert body["winners"] == ["Sam", "Rosa"]


@pytest.mark.parametrize("played", [0, 1, 6])
def test_game_incomplete_has_no_winners(client, played):
    rounds = FULL_GAME_ROUNDS[:played]

    body = ok(post(client, GAME, {"players": ["Rosa", "Sam"], "rounds": rounds}))

    assert body["round_scores"] == FULL_GAME_SCORES[:played]
    assert body["totals"] == {
        name: sum(scores[name] for scores in FULL_GAME_SCORES[:played]) for name in ("Rosa", "Sam")
    }
    assert body["complete"] is False
    assert body["winners"] is None


def test_game_decks_default_from_the_player_count(client):
    # With 4 players (2 decks) two KD are fine; Cat's Beggar 2S 3S matches Dan's 2H and 3C.
    round_one = [
        reveal("Ann", ["KD"]),
        reveal("Ben", ["KD"]),
        reveal("Cat", ["2S", "3S"]),
        reveal("Dan", ["AS", "2H", "3C"]),
    ]
    players = ["Ann", "Ben", "Cat", "Dan"]

    body = ok(post(client, GAME, {"players": players, "rounds": [round_one]}))

    assert body["round_scores"] == [{"Ann": 10, "Ben": 10, "Cat": 4, "Dan": 1}]
    two = [reveal("Ann", ["KD"]), reveal("Ben", ["KD"])]
    assert_error(
        post(client, GAME, {"players": ["Ann", "Ben"], "rounds": [two]}),
        "duplicate_card",
        UNCHECKED,
    )
    assert ok(post(client, GAME, {"players": ["Ann", "Ben"], "rounds": [two], "decks": 2}))[
        "totals"
    ] == {
        "Ann": 10,
        "Ben": 10,
    }


def test_game_ignores_unknown_fields(client):
    request = {
        **GAME_EXAMPLE,
        "title": "Friday",
        "rounds": [[{**entry, "note": "x"} for entry in rnd] for rnd in GAME_EXAMPLE["rounds"]],
    }

    assert ok(post(client, GAME, request))["totals"] == {"Rosa": 19, "Sam": 30}


def game(rounds, players=("Rosa", "Sam"), **extra):
    return {"players": list(players), "rounds": rounds, **extra}


@pytest.mark.parametrize(
    "request_body",
    [
        pytest.param({"rounds": []}, id="players-missing"),
        pytest.param({"players": ["Rosa", "Sam"]}, id="rounds-missing"),
        pytest.param(game(None), id="rounds-null"),
        pytest.param(game("round"), id="rounds-string"),
        pytest.param(game([{"name": "Rosa", "cards": ["KC"]}]), id="round-not-list"),
        pytest.param(game([["Rosa", "Sam"]]), id="round-entry-not-object"),
        pytest.param({"players": "Rosa,Sam", "rounds": []}, id="players-string"),
        pytest.param(game([], players=["Rosa", 7]), id="player-number"),
        pytest.param(game([], players=["Rosa", ""]), id="player-empty"),
        pytest.param(game([], players=["Rosa", "Rosa"]), id="players-duplicate"),
        pytest.param(game([], players=[{"name": "Rosa"}, {"name": "Sam"}]), id="players-objects"),
        pytest.param(game(FULL_GAME_ROUNDS + FULL_GAME_ROUNDS[:1]), id="eight-rounds"),
        pytest.param(game([[reveal("Rosa", ["KC"])]]), id="round-missing-a-player"),
        pytest.param(
            game([[reveal("Rosa", ["KC"]), reveal("Sam", ["2C"]), reveal("Zed", ["3C"])]]),
            id="round-extra-player",
        ),
        pytest.param(
            game([[reveal("Rosa", ["KC"]), reveal("Rosa", ["2C"])]]), id="round-player-twice"
        ),
        pytest.param(
            game([[reveal("Rosa", ["KC"]), reveal("sam", ["2C"])]]), id="round-name-differs-in-case"
        ),
        pytest.param(
            game([[reveal("Rosa", ["KC"]), reveal("Sam", ["2C"], "robber")]]), id="unknown-meld"
        ),
        pytest.param(game([[reveal("Rosa", ["KC"]), reveal("Sam", "2C")]]), id="cards-string"),
        pytest.param(game([[reveal("Rosa", ["KC"]), reveal("Sam", [2])]]), id="card-number"),
        pytest.param(game([], decks=True), id="decks-true"),
        pytest.param(game([], decks=2.0), id="decks-2.0"),
        pytest.param(game([], decks="2"), id="decks-string"),
    ],
)
def test_game_invalid_input(client, request_body):
    assert_error(post(client, GAME, request_body), "invalid_input", UNCHECKED)


@pytest.mark.parametrize("count", [0, 1, 9])
def test_game_invalid_player_count(client, count):
    players = [f"P{i}" for i in range(count)]

    assert_error(post(client, GAME, game([], players=players)), "invalid_player_count")


@pytest.mark.parametrize(("count", "decks"), [(4, 1), (2, 3), (3, 0)])
def test_game_invalid_deck_count(client, count, decks):
    players = [f"P{i}" for i in range(count)]

    assert_error(post(client, GAME, game([], players=players, decks=decks)), "invalid_deck_count")


@pytest.mark.parametrize(
    ("second_round", "code", "player"),
    [
        pytest.param(
            [reveal("Rosa", ["KS", "XX"]), reveal("Sam", ["2C"])], "invalid_card", "Rosa", id="card"
        ),
        pytest.param(
            [reveal("Rosa", ["KS", "2S"], "lawyer"), reveal("Sam", ["2C"])],
            "wrong_card_count",
            "Rosa",
            id="count",
        ),
        pytest.param(
            [reveal("Rosa", ["KS", "ks"]), reveal("Sam", ["2C"])],
            "duplicate_card",
            "Rosa",
            id="duplicate",
        ),
        pytest.param(
            [reveal("Sam", ["2C"]), reveal("Rosa", ["3C"])],
            "repeated_meld",
            "Sam",
            id="repeated-meld",
        ),
    ],
)
def test_game_round_errors_name_the_round(client, second_round, code, player):
    first_round = [reveal("Rosa", ["KD", "2D"]), reveal("Sam", ["9H"])]

    error = assert_error(post(client, GAME, game([first_round, second_round])), code, player)
    assert re.search(r"(?i)\bround\s+2\b", error["message"])


# Requests with two or more errors: only the first in the documented order is reported.
# (request, code, player, round named in the message or None)
GAME_ORDER = [
    pytest.param(
        game([[reveal("Rosa", ["XX"]), reveal("Sam", ["XX"])]], players=["Rosa"], decks=5),
        "invalid_input",
        UNCHECKED,
        None,
        id="unknown-entry-before-counts",
    ),
    pytest.param(
        game([[reveal("Rosa", ["XX"])]] * 8, players=["Rosa"]),
        "invalid_input",
        UNCHECKED,
        None,
        id="eight-rounds-before-player-count",
    ),
    pytest.param(
        game(
            [[reveal("Rosa", ["KC"]), reveal("Sam", ["2C"])], [reveal("Rosa", ["QC"])]],
            players=["Rosa", "Sam"],
            decks=3,
        ),
        "invalid_input",
        UNCHECKED,
        None,
        id="later-round-entry-before-decks",
    ),
    pytest.param(
        game(
            [[reveal(f"P{i}", ["XX"]) for i in range(9)]],
            players=[f"P{i}" for i in range(9)],
            decks=1,
        ),
        "invalid_player_count",
        ABSENT,
        None,
        id="player-count-before-decks-and-cards",
    ),
    pytest.param(
        game([[reveal("Rosa", ["XX"]), reveal("Sam", ["2C", "2C"])]], decks=3),
        "invalid_deck_count",
        ABSENT,
        None,
        id="decks-before-round-errors",
    ),
    pytest.param(
        game(
            [
                [reveal("Rosa", ["KC"]), reveal("Sam", ["2C", "2C"])],
                [reveal("Rosa", ["XX"]), reveal("Sam", ["3C"])],
            ]
        ),
        "duplicate_card",
        "Sam",
        1,
        id="round-1-duplicate-before-round-2-card",
    ),
    pytest.param(
        game(
            [
                [reveal("Rosa", ["KC"]), reveal("Sam", ["2C", "3C"])],
                [reveal("Rosa", ["QC"]), reveal("Sam", ["4C", "5C", "6C"])],
                [reveal("Rosa", ["1C"]), reveal("Sam", ["7C"])],
            ]
        ),
        "repeated_meld",
        "Rosa",
        2,
        id="round-2-repeat-before-round-3-card",
    ),
    pytest.param(
        game([[reveal("Rosa", ["AS", "2S"], "lawyer"), reveal("Sam", ["JK"])]]),
        "invalid_card",
        "Sam",
        1,
        id="later-card-before-earlier-count",
    ),
    pytest.param(
        game([[reveal("Rosa", ["AS", "AS"]), reveal("Sam", ["2S"] * 8)]]),
        "wrong_card_count",
        "Sam",
        1,
        id="later-count-before-earlier-duplicate",
    ),
    pytest.param(
        game(
            [
                [reveal("Rosa", ["KC"]), reveal("Sam", ["2C"])],
                [reveal("Rosa", ["QC"]), reveal("Sam", ["5D", "5D"])],
            ]
        ),
        "duplicate_card",
        "Sam",
        2,
        id="duplicate-before-earlier-player-repeat",
    ),
    pytest.param(
        game(
            [
                [reveal("Rosa", ["KC"]), reveal("Sam", ["2C"])],
                [reveal("Sam", ["3C"]), reveal("Rosa", ["QC"])],
            ]
        ),
        "repeated_meld",
        "Sam",
        2,
        id="first-repeat-in-round-order",
    ),
]


@pytest.mark.parametrize(("request_body", "code", "player", "round_number"), GAME_ORDER)
def test_game_validation_order(client, request_body, code, player, round_number):
    error = assert_error(post(client, GAME, request_body), code, player)
    if round_number is not None:
        assert re.search(rf"(?i)\bround\s+{round_number}\b", error["message"])


# ---------------------------------------------------------------------------
# Hostile bodies: a clear invalid_input in the JSON envelope, never a 500


@pytest.mark.parametrize(
    "raw",
    [
        '{"cards": ["KS"], "decks": ' + "1" * 5000 + "}",  # too many digits for an int
        "[" * 30_000 + "]" * 30_000,  # nesting deeper than the parser's stack, under 64 KB
    ],
    ids=["huge-integer", "deep-nesting"],
)
def test_hostile_json_is_invalid_input(client, raw):
    response = client.post(MELD, raw, content_type="application/json")

    assert_error(response, "invalid_input")


def test_many_players_are_refused_quickly_by_count(client):
    # As many as fit in the API's 64 KB.
    players = [{"name": f"P{i}", "cards": ["KS"]} for i in range(1_500)]

    response = post(client, ROUND, {"players": players})

    assert_error(response, "invalid_player_count")
