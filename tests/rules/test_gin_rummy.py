"""Gin Rummy against shared/rules/gin-rummy.md and shared/api.md §5.

Every expected value was worked out by hand from the spec (A = 1, J Q K = 10) or copied
from its worked examples; the arithmetic is in the comments. Each case runs through the
rules core and through the kind's endpoints, which read the same JSON the API takes.
"""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules import KINDS
from games.rules.cards import RANKS, SUITS, Card, parse_cards
from games.rules.errors import RuleError
from games.rules.gin_rummy import scoring, spread
from games.rules.gin_rummy.scoring import HandInput, HouseRules
from games.rules.kind import Played, Table
from games.rules.melds import tong_its_melds
from games.rules.solver import best_arrangement
from tests.properties import tries
from tests.rules.gin_rummy_examples import (
    API_DEFENDER,
    API_GAME,
    API_GAME_ANSWER,
    BIG_GIN_HAND,
    CLASSIC_OPTIONS,
    DEAD,
    DECK,
    body,
    knocks,
)

GIN = KINDS["gin-rummy"]


def core(data, rules=scoring.BOOK):
    """The rules core on the endpoint's input, with no JSON in between."""
    hands = tuple(tuple(cards) for cards in data["hands"])
    return scoring.score_hand(HandInput(data["end"], data["player"], hands), rules)


def endpoint(name, data):
    """The kind's endpoint's answer, or its error as (code, message, player)."""
    try:
        return GIN.endpoints[name](data)
    except RuleError as error:
        return error.code, error.message, error.player


def melds_of(melds):
    """Melds as a multiset of card sets: which order the answer keeps is open."""
    return Counter(frozenset(meld) for meld in melds)


# Hands used below, each with its count worked out.
# The knocker of api.md §5.3's first hand: A♠2♠3♠, 7♦7♣7♥, 9♣10♣J♣; 4♥ left: K = 4.
KNOCK_4 = "AS 2S 3S 7D 7C 7H 9C 10C JC 4H"
# Four kings, 10♦J♦Q♦; 9♠ 6♥ 8♦ left, nothing fits the knocker's melds: 23.
OWN_23 = "KS KD KH KC 10D JD QD 9S 6H 8D"
# The same with 5♣ for 9♠: 5 + 6 + 8 = 19.
OWN_19 = "KS KD KH KC 10D JD QD 5C 6H 8D"
# Four kings; 9♠ 8♦ 6♥ Q♦ 4♦ 2♥ left: 9 + 8 + 6 + 10 + 4 + 2 = 39.
OWN_39 = "KS KD KH KC 9S 8D 6H QD 4D 2H"
# Four kings, 10♦J♦Q♦; 9♠ 6♥ A♦ left: 9 + 6 + 1 = 16.
OWN_16 = "KS KD KH KC 10D JD QD 9S 6H AD"
# Gin: A♠2♠3♠, 7♦7♣7♥, 9♣10♣J♣Q♣.
GIN_HAND = "AS 2S 3S 7D 7C 7H 9C 10C JC QC"
# Four kings and 4♥5♥6♥; 8♦ 9♦ 6♠ left: 23.
AGAINST_GIN_23 = "KS KD KH KC 4H 5H 6H 8D 9D 6S"
# The same with 4♠ for 6♠ (it would fit A♠2♠3♠, but nothing is laid off on gin): 21.
AGAINST_GIN_21 = "KS KD KH KC 4H 5H 6H 8D 9D 4S"
# Two melds and A♦ 2♥ 3♣ 5♦ left: 11, too many to knock with.
KNOCK_11 = "AS 2S 3S 7D 7C 7H AD 2H 3C 5D"


# ---------------------------------------------------------------------------
# One hand: every worked example of the spec and of api.md §5.2

HANDS = [
    # §3.5 (G7): four 7s keep 6♠ off 8-9-10♠; only J♠ lays off: 59 − 6 = 53.
    pytest.param(
        body(
            "knock",
            0,
            "7S 7H 7D 7C 8S 9S 10S AH 2C 3D",
            "6S JS QH QD KC 3H 4D 5C 9D 2D",
        ),
        {"result": "knock", "winner": 0, "deadwood": [6, 59], "hand_scores": [53, 0]},
        [["7S", "7H", "7D", "7C"], ["8S", "9S", "10S"]],
        ["JS"],
        id="s3.5-knocker-best-spread",
    ),
    # §3.6: 4♥ below the hearts, 8♥ then 9♥ above, Q♥ on the queens;
    # D = 10 + 10 + 5 + 6 + 9 + 10 = 50, 50 − 3 = 47.
    pytest.param(
        body(
            "knock",
            0,
            "5H 6H 7H QS QD QC 2C 3C 4C 3S",
            "4H 8H 9H QH 10C JC 5D 6D 9S KD",
        ),
        {"result": "knock", "winner": 0, "deadwood": [3, 50], "hand_scores": [47, 0]},
        [["5H", "6H", "7H"], ["QS", "QD", "QC"], ["2C", "3C", "4C"]],
        ["4H", "8H", "9H", "QH"],
        id="s3.6-chains-both-ends",
    ),
    # §3.7: 4♣ would fit A♣2♣3♣ but leave 5♣6♣; the defender keeps 4♣5♣6♣ and lays off
    # 4♠ on 5-6-7♠: 2 + 9 + 10 + 10 + 8 + 3 = 42 against A♦ = 1: 41.
    pytest.param(
        body(
            "knock",
            0,
            "AC 2C 3C KS KD KH 5S 6S 7S AD",
            "4C 5C 6C 2D 9D JD QH 8H 3H 4S",
        ),
        {"result": "knock", "winner": 0, "deadwood": [1, 42], "hand_scores": [41, 0]},
        [["AC", "2C", "3C"], ["KS", "KD", "KH"], ["5S", "6S", "7S"]],
        ["4S"],
        id="s3.7-a-lay-off-that-does-not-pay",
    ),
    # §4.3: K = 4, D = 19: 15.
    pytest.param(
        body("knock", 0, KNOCK_4, OWN_19),
        {"result": "knock", "winner": 0, "deadwood": [4, 19], "hand_scores": [15, 0]},
        [["AS", "2S", "3S"], ["7D", "7C", "7H"], ["9C", "10C", "JC"]],
        [],
        id="s4.3-knock",
    ),
    # §4.3: K = 7 (7♠ alone), D = 7 (7♣ alone): equal counts undercut (G8): 0 + 25.
    pytest.param(
        body(
            "knock",
            1,
            "QS QD QH 4D 5D 6D 8H 9H 10H 7C",
            "AS 2S 3S KD KC KH 9C 10C JC 7S",
        ),
        {"result": "undercut", "winner": 0, "deadwood": [7, 7], "hand_scores": [25, 0]},
        None,
        None,
        id="s4.3-undercut-on-equal-counts",
    ),
    # §4.3: K = 9 (9♥); the defender lays 4♠, 7♠ and 8♣ off and keeps K♠K♦K♥ and
    # 4♥5♥6♥: 2♦ left. 9 − 2 + 25 = 32.
    pytest.param(
        body(
            "knock",
            0,
            "AS 2S 3S 7D 7C 7H 9C 10C JC 9H",
            "4S 7S 8C 4H 5H 6H KS KD KH 2D",
        ),
        {"result": "undercut", "winner": 1, "deadwood": [9, 2], "hand_scores": [0, 32]},
        None,
        None,
        id="s4.3-undercut-after-lay-offs",
    ),
    # §4.3: gin against 23: 25 + 23 = 48.
    pytest.param(
        body("gin", 0, GIN_HAND, AGAINST_GIN_23),
        {"result": "gin", "winner": 0, "deadwood": [0, 23], "hand_scores": [48, 0]},
        None,
        None,
        id="s4.3-gin",
    ),
    # Nothing is laid off on gin (G6): 4♠ still counts, 25 + 8 + 9 + 4 = 46.
    pytest.param(
        body("gin", 1, AGAINST_GIN_21, GIN_HAND),
        {"result": "gin", "winner": 1, "deadwood": [21, 0], "hand_scores": [0, 46]},
        None,
        None,
        id="no-lay-offs-on-gin",
    ),
    # G4: a knock with no deadwood is gin: 25 + 23.
    pytest.param(
        body("knock", 0, GIN_HAND, AGAINST_GIN_23),
        {"result": "gin", "winner": 0, "deadwood": [0, 23], "hand_scores": [48, 0]},
        None,
        None,
        id="g4-a-zero-knock-is-gin",
    ),
    # §4.3 and G9: big gin against 0 is 31; the defender's 0 scores nothing.
    pytest.param(
        body("big_gin", 0, BIG_GIN_HAND, "6D 7D 8D 9H 10H JH QH 2C 3C 4C"),
        {"result": "big_gin", "winner": 0, "deadwood": [0, 0], "hand_scores": [31, 0]},
        None,
        None,
        id="s4.3-big-gin-against-nothing",
    ),
    # G9: gin against 0 still scores its bonus.
    pytest.param(
        body("gin", 1, "4D 5D 6D 9H 10H JH QH KS KD KH", GIN_HAND),
        {"result": "gin", "winner": 1, "deadwood": [0, 0], "hand_scores": [0, 25]},
        None,
        None,
        id="g9-gin-is-never-undercut",
    ),
    # api.md §5.2's undercut: seat 1 knocks with 9♣; seat 0 lays 4♥ off on 5-6-7♥: 9 + 25.
    pytest.param(
        body(
            "knock",
            1,
            "2S 3S 4S 9H 9D 9S KH KD KS 4H",
            "5H 6H 7H JS JD JC 3D 4D 5D 9C",
        ),
        {"result": "undercut", "winner": 0, "deadwood": [0, 9], "hand_scores": [34, 0]},
        None,
        None,
        id="api-undercut",
    ),
    # api.md §5.3's big gin: 6♦7♦8♦ is a run; 9 + 10 + 2 + 3 + 4 + 8 + 9 = 45: 31 + 45.
    pytest.param(
        body("big_gin", 0, BIG_GIN_HAND, "6D 7D 8D 9H 10H 2S 3C 4S 8C 9S"),
        {"result": "big_gin", "winner": 0, "deadwood": [0, 45], "hand_scores": [76, 0]},
        None,
        None,
        id="api-big-gin",
    ),
    # A dead hand: nobody scores; `player` and `hands` are not read (§8).
    pytest.param(
        {"end": "dead", "player": 7, "hands": "anything"},
        {"result": "dead", "winner": None, "deadwood": [None, None], "hand_scores": [0, 0]},
        None,
        None,
        id="dead-hand",
    ),
]


@pytest.mark.parametrize(("data", "expected", "knocker_melds", "layoffs"), HANDS)
def test_every_worked_hand_through_the_endpoint(data, expected, knocker_melds, layoffs):
    answer = endpoint("hand", data)

    assert isinstance(answer, dict), answer
    assert {key: answer[key] for key in expected} == expected
    assert isinstance(answer["explanation"], str) and answer["explanation"]
    if knocker_melds is None:
        assert "knocker_melds" not in answer and "layoffs" not in answer
    else:
        assert melds_of(answer["knocker_melds"]) == melds_of(knocker_melds)
        assert sorted(answer["layoffs"]) == sorted(layoffs)


@pytest.mark.parametrize(("data", "expected", "knocker_melds", "layoffs"), HANDS)
def test_every_worked_hand_through_the_rules_core(data, expected, knocker_melds, layoffs):
    result = scoring.score_hand(HandInput("dead")) if data["end"] == "dead" else core(data)

    assert result.result == expected["result"]
    assert result.winner == expected["winner"]
    assert list(result.deadwood) == expected["deadwood"]
    assert list(result.hand_scores) == expected["hand_scores"]
    if knocker_melds is not None:
        shown = [[str(card) for card in meld] for meld in result.knocker_melds]
        assert melds_of(shown) == melds_of(knocker_melds)
        assert sorted(str(card) for card in result.layoffs) == sorted(layoffs)


def test_the_explanation_names_the_spread_every_lay_off_and_the_score():
    answer = endpoint(
        "hand",
        body("knock", 0, "5H 6H 7H QS QD QC 2C 3C 4C 3S", "4H 8H 9H QH 10C JC 5D 6D 9S KD"),
    )
    said = answer["explanation"]
    assert said.startswith("Seat 0 knocks with 3; melds 5♥ 6♥ 7♥ · Q♠ Q♦ Q♣ · 2♣ 3♣ 4♣")
    assert "Seat 1 lays off 4♥ 8♥ 9♥ on 5♥ 6♥ 7♥ and Q♥ on the queens: 50 left" in said
    assert said.endswith("Seat 0 scores 50 − 3 = 47.")


def test_an_undercut_and_its_bonus_are_said():
    said = endpoint(
        "hand",
        body("knock", 1, "QS QD QH 4D 5D 6D 8H 9H 10H 7C", "AS 2S 3S KD KC KH 9C 10C JC 7S"),
    )["explanation"]
    assert "Seat 0 undercuts, and equal counts undercut: 7 − 7 + 25 undercut bonus = 25." in said


def test_gin_and_big_gin_say_their_bonus():
    gin = endpoint("hand", body("gin", 0, GIN_HAND, AGAINST_GIN_23))["explanation"]
    assert gin.startswith("Seat 0 goes gin:")
    assert "nothing is laid off on gin" in gin and gin.endswith("25 gin bonus + 23 = 48.")
    big = endpoint("hand", body("big_gin", 0, BIG_GIN_HAND, "6D 7D 8D 9H 10H JH QH 2C 3C 4C"))
    assert big["explanation"].endswith("31 big gin bonus + 0 = 31.")


# ---------------------------------------------------------------------------
# /deadwood (api.md §5.1)


def test_the_deadwood_example_lays_off_chains_at_both_ends():
    answer = endpoint(
        "deadwood",
        {
            "cards": ["4H", "8H", "9H", "QH", "10C", "JC", "5D", "6D", "9S", "KD"],
            "lay_off_onto": [["5H", "6H", "7H"], ["QS", "QD", "QC"], ["2C", "3C", "4C"]],
        },
    )
    assert answer == {
        "deadwood": 50,
        "melds": [],
        "unmatched": ["10C", "JC", "5D", "6D", "9S", "KD"],
        "layoffs": ["4H", "8H", "9H", "QH"],
    }


@pytest.mark.parametrize(
    ("cards", "onto", "deadwood", "melds", "layoffs"),
    [
        # No melds to lay off on: the cards' own least, no `layoffs`.
        ("AS 2S 3S 7D 7C 7H 9C KD QD 4H", None, 33, [["AS", "2S", "3S"], ["7D", "7C", "7H"]], None),
        # §3.7: 4♣ is not laid off on A♣2♣3♣: 4♣5♣6♣ stays a run.
        ("4C 5C 6C 9D", [["AC", "2C", "3C"]], 9, [["4C", "5C", "6C"]], []),
        # The fourth card of a set; nothing on a set of four.
        ("QH KD", [["QS", "QD", "QC"]], 10, [], ["QH"]),
        ("7H 8C", [["7S", "7D", "7C"], ["9C", "10C", "JC"]], 0, [], ["7H", "8C"]),
        # A chain goes on while the cards do, and stops at a gap.
        ("8S 9S", [["5S", "6S", "7S"]], 0, [], ["8S", "9S"]),
        ("9S", [["5S", "6S", "7S"]], 9, [], []),
        # Runs are ace low only (G1): nothing goes above a king.
        ("AH", [["JH", "QH", "KH"]], 1, [], []),
        ("10H", [["JH", "QH", "KH"]], 0, [], ["10H"]),
        # No cards at all.
        ("", [["JH", "QH", "KH"]], 0, [], []),
        ("", None, 0, [], None),
    ],
)
def test_deadwood_with_and_without_melds_to_lay_off_on(cards, onto, deadwood, melds, layoffs):
    data = {"cards": cards.split()} | ({} if onto is None else {"lay_off_onto": onto})
    answer = endpoint("deadwood", data)
    assert answer["deadwood"] == deadwood
    assert melds_of(answer["melds"]) == melds_of(melds)
    if layoffs is None:
        assert "layoffs" not in answer
    else:
        assert sorted(answer["layoffs"]) == sorted(layoffs)
    laid = set(answer.get("layoffs", []))
    melded = {card for meld in answer["melds"] for card in meld}
    assert sorted([*laid, *melded, *answer["unmatched"]]) == sorted(cards.split())


# ---------------------------------------------------------------------------
# Validation (§8): every code, in order


def knock(first=KNOCK_4, second=OWN_23, player=0, end="knock"):
    return body(end, player, first, second)


ERRORS = [
    # invalid_input: settings first, then the hand's shape and values.
    ({**knock(end="bogus"), "settings": []}, "invalid_input", None),
    ({**knock(), "settings": {"gin_bonus": -1}}, "invalid_input", None),
    ({**knock(), "settings": {"gin_bonus": "25"}}, "invalid_input", None),
    ({**knock(), "settings": {"undercut_bonus": True}}, "invalid_input", None),
    ({**knock(), "settings": {"big_gin_bonus": 2.5}}, "invalid_input", None),
    ({**knock(), "settings": {"target": 0}}, "invalid_input", None),
    ({**knock(), "settings": {"shutout": "triple"}}, "invalid_input", None),
    ({**knock(), "settings": {"preset": "modern"}}, "invalid_input", None),
    ({**knock(), "settings": {"first_dealer": 2}}, "invalid_input", None),
    ({**knock(), "settings": {"first_dealer": True}}, "invalid_input", None),
    ({**knock(), "settings": {"knock_max": 5}}, "invalid_input", None),
    (knock(end="bogus"), "invalid_input", None),
    ({"player": 0, "hands": knock()["hands"]}, "invalid_input", None),
    (knock(player=2), "invalid_input", None),
    (knock(player=True), "invalid_input", None),
    ({"end": "knock", "player": 0}, "invalid_input", None),
    ({"end": "knock", "player": 0, "hands": [KNOCK_4.split()]}, "invalid_input", None),
    ({"end": "knock", "player": 0, "hands": [KNOCK_4.split(), None]}, "invalid_input", 1),
    ({"end": "knock", "player": 0, "hands": [KNOCK_4.split(), "KS"]}, "invalid_input", 1),
    ({"end": "knock", "player": 0, "hands": [KNOCK_4.split(), [7]]}, "invalid_input", 1),
    # invalid_card before duplicate_card and the counts: seat 1's JK (no jokers).
    (knock(second="KS KS JK"), "invalid_card", 1),
    (knock(first="1C " + KNOCK_4), "invalid_card", 0),
    # duplicate_card (one deck) before the counts: seat 1's A♠ is seat 0's.
    (knock(second="AS KD"), "duplicate_card", 1),
    (knock(first=KNOCK_4 + " AS"), "duplicate_card", 0),
    # wrong_card_count: 10 each, 11 for the player of a big gin.
    (knock(second="KS KD KH KC 10D JD QD 9S 6H"), "wrong_card_count", 1),
    (knock(first=KNOCK_4 + " 5D"), "wrong_card_count", 0),
    (body("big_gin", 0, GIN_HAND, AGAINST_GIN_23), "wrong_card_count", 0),
    (body("big_gin", 1, API_DEFENDER, BIG_GIN_HAND + " 6C"), "wrong_card_count", 1),
    (body("gin", 1, API_DEFENDER, BIG_GIN_HAND), "wrong_card_count", 1),
    # knock_not_allowed: 4♥ and 7♠ left, 11.
    (knock(first=KNOCK_11), "knock_not_allowed", 0),
    # not_gin: a knock-able hand entered as gin, and a big gin with a card left over.
    (body("gin", 0, KNOCK_4, OWN_23), "not_gin", 0),
    (body("big_gin", 1, API_DEFENDER, "AH 2H 3H 4H 5C 5D 5S KS QS JS 7S"), "not_gin", 1),
]


@pytest.mark.parametrize(("data", "code", "player"), ERRORS)
def test_every_validation_error_in_its_order(data, code, player):
    got = endpoint("hand", data)
    assert isinstance(got, tuple), got
    assert got[0] == code, got
    assert got[2] == player, got
    assert got[1].strip()


def test_not_gin_says_what_is_unmatched_as_the_spec_does():
    hand = body("gin", 0, "AS 2S 3S 7D 7C 7H 9C 10C JC 4H", OWN_23)
    assert endpoint("hand", hand) == (
        "not_gin",
        "Seat 0 cannot go gin: 4♥ (4) is unmatched; enter the hand as a knock.",
        0,
    )


def test_a_knock_above_ten_says_the_limit_and_ten_is_a_knock():
    assert endpoint("hand", knock(first=KNOCK_11)) == (
        "knock_not_allowed",
        "Seat 0 knocked with 11 deadwood; a knock needs 10 or less.",
        0,
    )
    # Q♥ alone is 10: a knock (G3), 23 − 10.
    ten = endpoint("hand", knock(first="AS 2S 3S 7D 7C 7H 9C 10C JC QH"))
    assert ten["deadwood"] == [10, 23] and ten["hand_scores"] == [13, 0]


@pytest.mark.parametrize(
    ("data", "code"),
    [
        ({"cards": "KS"}, "invalid_input"),
        ({"cards": [f"{rank}S" for rank in RANKS[:12]]}, "invalid_input"),
        ({"cards": ["KS"], "lay_off_onto": "QS QD QC"}, "invalid_input"),
        ({"cards": ["KS"], "lay_off_onto": ["QS QD QC"]}, "invalid_input"),
        ({"cards": ["JK"]}, "invalid_card"),
        ({"cards": ["KS"], "lay_off_onto": [["QS", "QD", "1C"]]}, "invalid_card"),
        ({"cards": ["KS"], "lay_off_onto": [["KS", "KD", "KC"]]}, "duplicate_card"),
        (
            {"cards": ["KS"], "lay_off_onto": [["QS", "QD", "QC"], ["QC", "JC", "10C"]]},
            "duplicate_card",
        ),
        ({"cards": ["KS"], "lay_off_onto": [["QS", "QD"]]}, "invalid_meld"),
        ({"cards": ["2D"], "lay_off_onto": [["QS", "KS", "AS"]]}, "invalid_meld"),
        ({"cards": ["2S"], "lay_off_onto": [["QD", "KD", "AD"]]}, "invalid_meld"),
        ({"cards": ["2S"], "lay_off_onto": [[]]}, "invalid_meld"),
        ({"cards": ["2S"], "lay_off_onto": [["3S", "4S", "6S"]]}, "invalid_meld"),
    ],
)
def test_deadwood_errors(data, code):
    got = endpoint("deadwood", data)
    assert isinstance(got, tuple) and got[0] == code, got
    assert got[2] is None


# ---------------------------------------------------------------------------
# The game (§5, §6)


def knock_hand(first, second, player=0):
    return body("knock", player, first, second)


# §5.3: seat 0 wins 48 (gin), 19 and 35 (knocks).
GIN_48 = body("gin", 0, GIN_HAND, AGAINST_GIN_23)
KNOCK_19 = knock_hand(KNOCK_4, OWN_23)  # 23 − 4
KNOCK_35 = knock_hand(KNOCK_4, OWN_39)  # 39 − 4
# Seat 1 knocks with 4 against 16: 12.
SEAT_1_12 = knock_hand(OWN_16, KNOCK_4, player=1)

GAMES = [
    # §5.3: totals 102–0; 102 + 100 + 3 × 25 = 277, shutout doubles: 554–0.
    pytest.param(
        {},
        [GIN_48, KNOCK_19, KNOCK_35],
        {
            "totals": [102, 0],
            "hands_won": [3, 0],
            "game_over": True,
            "winner": 0,
            "final_scores": [554, 0],
            "shutout": True,
            "next_dealer": None,
        },
        id="s5.3-shutout",
    ),
    # §5.3 with seat 1 winning a hand of 12: 102–12, finals 277–37, no shutout.
    pytest.param(
        {},
        [SEAT_1_12, GIN_48, KNOCK_19, KNOCK_35],
        {
            "totals": [102, 12],
            "hands_won": [3, 1],
            "game_over": True,
            "winner": 0,
            "final_scores": [277, 37],
            "shutout": False,
            "next_dealer": None,
        },
        id="s5.3-no-shutout",
    ),
    # The game goes on: seat 1 won the last hand and deals next; a dead hand changes no
    # dealer.
    pytest.param(
        {},
        [GIN_48, SEAT_1_12, DEAD],
        {
            "totals": [48, 12],
            "hands_won": [1, 1],
            "game_over": False,
            "winner": None,
            "final_scores": None,
            "shutout": None,
            "next_dealer": 1,
        },
        id="going-on",
    ),
    # No hands: the first dealer deals.
    pytest.param(
        {"first_dealer": 1},
        [],
        {
            "totals": [0, 0],
            "hands_won": [0, 0],
            "game_over": False,
            "winner": None,
            "final_scores": None,
            "shutout": None,
            "next_dealer": 1,
        },
        id="first-dealer",
    ),
    pytest.param({"first_dealer": 1}, [DEAD, DEAD], {"next_dealer": 1}, id="dead-hands"),
    pytest.param({"first_dealer": 1}, [GIN_48], {"next_dealer": 0}, id="winner-deals"),
    # Classic (P, B): gin 20 + 23 = 43, knocks 19 and 35 = 97 < 100, then 15 more:
    # 112; finals 112 + 100 + 4 × 20 + a second 100 for the shutout = 392.
    pytest.param(
        {"preset": "classic"},
        [GIN_48, KNOCK_19, KNOCK_35, knock_hand(KNOCK_4, OWN_19)],
        {
            "totals": [112, 0],
            "hands_won": [4, 0],
            "final_scores": [392, 0],
            "shutout": True,
            "rules": {"preset": "classic", "options": CLASSIC_OPTIONS},
        },
        id="classic",
    ),
    # A small target and no shutout bonus: 48 ≥ 40 ends it; 48 + 100 + 25 = 173.
    pytest.param(
        {"target": 40, "shutout": "none"},
        [GIN_48],
        {"totals": [48, 0], "game_over": True, "final_scores": [173, 0], "shutout": True},
        id="target-40-no-shutout-bonus",
    ),
    # Amounts of the house: gin 0, box 0: 23 against target 20; 23 + 100, doubled: 246.
    pytest.param(
        {"target": 20, "gin_bonus": 0, "box_bonus": 0},
        [GIN_48],
        {"totals": [23, 0], "final_scores": [246, 0]},
        id="amounts",
    ),
    # api.md §5.3's own example.
    pytest.param({}, API_GAME["hands"], API_GAME_ANSWER, id="api-example"),
]


@pytest.mark.parametrize(("settings", "hands", "expected"), GAMES)
def test_every_worked_game(settings, hands, expected):
    answer = endpoint("game", {"settings": settings, "hands": hands})
    assert isinstance(answer, dict), answer
    assert {key: answer[key] for key in expected} == expected
    if "rules" not in expected:
        named = set(settings) - {"first_dealer"}
        assert ("rules" in answer) == bool(named)


@pytest.mark.parametrize(("settings", "hands", "expected"), GAMES)
def test_every_worked_game_through_the_rules_core(settings, hands, expected):
    rules = GIN.house_of(GIN.settings.rules(settings))
    inputs = [
        HandInput("dead")
        if hand["end"] == "dead"
        else HandInput(hand["end"], hand["player"], tuple(tuple(h) for h in hand["hands"]))
        for hand in hands
    ]
    result = scoring.score_game(inputs, rules, settings.get("first_dealer", 0))
    fields = {key: value for key, value in expected.items() if key != "rules"}
    got = {
        key: list(value) if isinstance(value, tuple) else value
        for key, value in vars(result).items()
        if key in fields
    }
    assert got == fields


@pytest.mark.parametrize(
    ("data", "message"),
    [
        # A hand after the game is over.
        ({"settings": {"target": 40}, "hands": [GIN_48, KNOCK_19]}, "Hand 2 was entered after"),
        # A hand carries no settings of its own (api.md §4.1).
        ({"hands": [{**GIN_48, "settings": {"gin_bonus": 20}}]}, "Hand 1:"),
        ({"hands": [{**GIN_48, "settings": {"first_dealer": 1}}]}, "Hand 1:"),
        ({"hands": "none"}, "“hands”"),
        ({"hands": [GIN_48, 7]}, "Hand 2"),
    ],
)
def test_game_errors_name_their_hand(data, message):
    got = endpoint("game", data)
    assert isinstance(got, tuple) and got[0] == "invalid_input", got
    assert message in got[1]


def test_a_games_error_keeps_its_code_and_seat():
    got = endpoint("game", {"hands": [GIN_48, knock_hand(KNOCK_4, "AS " + OWN_23)]})
    assert got[0] == "duplicate_card" and got[1].startswith("Hand 2: ") and got[2] == 1


def test_every_hands_json_is_read_before_any_hands_rules():
    # Hand 1 has a card twice; hand 2's hands are no list: the JSON is read first
    # (api.md §1.1).
    bad = {"end": "knock", "player": 0, "hands": "KS"}
    got = endpoint("game", {"hands": [knock_hand(KNOCK_4, "AS"), bad]})
    assert got[0] == "invalid_input" and got[1].startswith("Hand 2: ")


# ---------------------------------------------------------------------------
# Options and presets (§7, api.md §4)


def test_the_book_and_classic_presets():
    book = GIN.settings.rules({"preset": "book"})
    classic = GIN.settings.rules({"preset": "classic"})
    assert GIN.house_of(book) == HouseRules(25, 25, 31, 25, 100, "double")
    assert GIN.house_of(classic) == HouseRules(20, 10, 20, 20, 100, "game_bonus")
    # An option given over a preset wins (H1).
    over = GIN.settings.rules({"preset": "classic", "gin_bonus": 30, "target": 250})
    assert GIN.house_of(over) == HouseRules(30, 10, 20, 20, 250, "game_bonus")


@pytest.mark.parametrize(
    ("settings", "data", "scores"),
    [
        # Classic gin: 20 + 23; undercut 10: 7 − 7 + 10; big gin 20 + 0 scores as gin.
        ({"preset": "classic"}, body("gin", 0, GIN_HAND, AGAINST_GIN_23), [43, 0]),
        (
            {"preset": "classic"},
            body("knock", 1, "QS QD QH 4D 5D 6D 8H 9H 10H 7C", "AS 2S 3S KD KC KH 9C 10C JC 7S"),
            [10, 0],
        ),
        (
            {"preset": "classic"},
            body("big_gin", 0, BIG_GIN_HAND, "6D 7D 8D 9H 10H JH QH 2C 3C 4C"),
            [20, 0],
        ),
        (
            {"big_gin_bonus": 50},
            body("big_gin", 0, BIG_GIN_HAND, "6D 7D 8D 9H 10H JH QH 2C 3C 4C"),
            [50, 0],
        ),
        # An undercut bonus of 0 on equal counts: a hand won for nothing.
        (
            {"undercut_bonus": 0},
            body("knock", 1, "QS QD QH 4D 5D 6D 8H 9H 10H 7C", "AS 2S 3S KD KC KH 9C 10C JC 7S"),
            [0, 0],
        ),
        # No option changes a knock: 23 − 4.
        ({"gin_bonus": 0, "undercut_bonus": 0}, KNOCK_19, [19, 0]),
    ],
)
def test_house_amounts_change_the_hand_scores(settings, data, scores):
    answer = endpoint("hand", {**data, "settings": settings})
    assert answer["hand_scores"] == scores
    options = answer["rules"]["options"]
    assert all(options[key] == value for key, value in settings.items() if key != "preset")


def test_first_dealer_is_no_house_rule():
    answer = endpoint("hand", {**GIN_48, "settings": {"first_dealer": 1}})
    assert "rules" not in answer
    assert endpoint("deadwood", {"cards": [], "settings": {"first_dealer": 0}}) == {
        "deadwood": 0,
        "melds": [],
        "unmatched": [],
    }


# ---------------------------------------------------------------------------
# At the table


def table(settings=None):
    decks, stored = GIN.start(2, settings or {})
    return Table(("Ann", "Ben"), decks, stored)


def played(data):
    if data["end"] == "dead":
        return Played(("", ""), {"end": "dead", "player": None})
    return Played(
        tuple(" ".join(cards) for cards in data["hands"]),
        {"end": data["end"], "player": data["player"]},
    )


def test_the_table_scores_a_game_with_its_explanations_outcomes_dealers_and_notes():
    hands = [played(hand) for hand in (SEAT_1_12, DEAD, GIN_48, KNOCK_19, KNOCK_35)]
    standings = GIN.standings(table(), hands)

    assert [row.scores for row in standings.rows] == [(0, 12), (0, 0), (48, 0), (19, 0), (35, 0)]
    assert standings.totals == (102, 12)
    assert standings.complete and standings.winners == ("Ann",)
    # Ann deals first; Ben won hand 1 and deals hands 2 and 3 (2 was dead); then Ann.
    assert [row.dealer for row in standings.rows] == ["Ann", "Ben", "Ben", "Ann", "Ann"]
    assert [row.outcomes for row in standings.rows[:3]] == [
        ("", "knock"),
        ("dead hand", "dead hand"),
        ("gin", ""),
    ]
    assert [row.winner for row in standings.rows] == [1, None, 0, 0, 0]
    assert standings.rows[0].explanation.startswith("Ben knocks with 4;")
    assert "Seat" not in " ".join(row.explanation for row in standings.rows)
    assert standings.notes == (
        "Hands won (a box of 25 each at the end): Ann 3, Ben 1.",
        "Game over at 100: Ann 102 + 100 game bonus + 3 boxes × 25; Ben 12 + 1 box × 25.",
    )
    # The final scores, with the bonuses: the winner is said with hers.
    assert standings.final == (277, 37) and standings.winning_total == 277


def test_a_shutout_is_noted():
    hands = [played(hand) for hand in (GIN_48, KNOCK_19, KNOCK_35)]
    notes = GIN.standings(table(), hands).notes
    assert "Shutout: Ben won no hand, so Ann's score is doubled." in notes
    assert GIN.standings(table(), hands).final == (554, 0)
    classic = GIN.standings(table({"preset": "classic"}), hands[:1]).notes
    assert classic == ("Hands won (a box of 20 each at the end): Ann 1, Ben 0.",)


def test_a_dead_hand_shows_no_cards_and_a_big_gin_player_eleven():
    assert GIN.bare({"end": "dead"}) == {0, 1}
    assert GIN.bare({"end": "knock", "player": 0}) == frozenset()
    entry = Played(("AH 2H 3H", "KS"), {"end": "big_gin", "player": 0})
    previews = GIN.preview(table(), 1, entry, {})
    assert [preview.complete_at for preview in previews] == [11, 10]
    assert previews[0].text == "melded: A♥ 2♥ 3♥ — no deadwood"
    assert previews[1].text == "deadwood: K♠ = 10"


def test_a_table_error_names_the_player():
    hand = played(knock_hand(KNOCK_11, OWN_23))
    _, problems = GIN.check(table(), 1, hand, {})
    assert problems[0].code == "knock_not_allowed" and problems[0].player == 0
    assert problems[0].message == "Hand 1: Ann knocked with 11 deadwood; a knock needs 10 or less."


# ---------------------------------------------------------------------------
# Properties (§9)


@st.composite
def deals(draw, sizes=(10, 10)):
    """Hands dealt from one deck, often crowded with melds: a few runs and sets planted."""
    planted: list[Card] = []
    for _ in range(draw(st.integers(0, 4))):
        if draw(st.booleans()):
            suit = draw(st.sampled_from(SUITS))
            start = draw(st.integers(0, 10))
            planted += [Card(rank, suit) for rank in RANKS[start : start + draw(st.integers(3, 6))]]
        else:
            rank = draw(st.sampled_from(RANKS))
            planted += [Card(rank, suit) for suit in draw(st.permutations(SUITS))[:3]]
    rest = draw(st.permutations(DECK))
    order = list(dict.fromkeys([*draw(st.permutations(planted)), *rest]))
    hands, at = [], 0
    for size in sizes:
        hands.append(tuple(order[at : at + size]))
        at += size
    return hands


def brute_deadwood(cards):
    """The least deadwood by trying every choice of disjoint melds among all subsets."""
    melds = [
        combo
        for size in range(3, len(cards) + 1)
        for combo in combinations(cards, size)
        if spread.is_meld(spread.mask_of(combo))
    ]
    best = sum(card.face_value for card in cards)

    def walk(start, left):
        nonlocal best
        best = min(best, sum(card.face_value for card in left))
        for at in range(start, len(melds)):
            if set(melds[at]) <= left:
                walk(at + 1, left - set(melds[at]))

    walk(0, set(cards))
    return best


@tries(100)
@given(cards=deals(sizes=(11,)).map(lambda hands: hands[0]))
def test_least_deadwood_equals_the_shared_solver_and_brute_force(cards):
    least = spread.Deadwood()(spread.mask_of(cards))
    value = lambda card: card.face_value  # noqa: E731
    assert least == best_arrangement(cards, tong_its_melds(), value).deadwood
    assert least == brute_deadwood(cards)
    laid = scoring.arrange(cards)
    assert laid.deadwood == least == sum(card.face_value for card in laid.unmatched)
    assert all(spread.is_meld(spread.mask_of(meld)) for meld in laid.melds)


def sequential_least(spread_melds, defender):
    """§9: lay off one card at a time, each leaving a valid meld, from every state reached;
    the least deadwood of the cards kept over every state."""
    least = spread.Deadwood()
    seen = set()
    frontier = [(tuple(spread_melds), defender)]
    best = least(defender)
    while frontier:
        melds, kept = frontier.pop()
        if (melds, kept) in seen:
            continue
        seen.add((melds, kept))
        best = min(best, least(kept))
        for index in spread.indexes(kept):
            for at, meld in enumerate(melds):
                grown = meld | 1 << index
                if spread.is_meld(grown):
                    after = (*melds[:at], grown, *melds[at + 1 :])
                    frontier.append((after, kept & ~(1 << index)))
    return best


@tries(150)
@given(data=knocks())
def test_the_assignment_search_reaches_what_one_card_at_a_time_reaches(data):
    knocker_seat = data["player"]
    knocker = spread.mask_of(parse_cards(data["hands"][knocker_seat]))
    defender = spread.mask_of(parse_cards(data["hands"][1 - knocker_seat]))
    least = spread.Deadwood()
    for spread_melds in least.spreads(knocker):
        best = spread.best_layoffs(spread_melds, defender, least)
        assert best.deadwood == sequential_least(spread_melds, defender)
        # What is laid off and what is kept make up the defender's hand.
        assert best.cards & ~defender == 0
        assert least(defender & ~best.cards) == best.deadwood


@tries(150)
@given(data=knocks())
def test_the_defenders_count_lies_between_its_bounds_and_one_seat_scores(data):
    result = core(data)
    seat = data["player"]
    defender = parse_cards(data["hands"][1 - seat])
    own = spread.Deadwood()(spread.mask_of(defender))
    dead = result.deadwood[1 - seat]
    # Lay-offs never raise the count, and take off at most the cards that fit at all.
    knocker = spread.mask_of(parse_cards(data["hands"][seat]))
    offered = 0
    for laid_out in spread.Deadwood().spreads(knocker):
        for meld in laid_out:
            for choice in spread.layoff_choices(meld, spread.mask_of(defender)):
                offered |= choice
    fits = [card for card in defender if spread.mask_of([card]) & offered]
    assert own - sum(card.face_value for card in fits) <= dead <= own
    # Exactly one seat scores what the table says; the other nothing: the knocker, unless
    # undercut.
    knocked = result.deadwood[seat]
    if result.result == "gin":
        assert result.winner == seat
        assert knocked == 0 and result.hand_scores[seat] == 25 + own
    elif result.result == "knock":
        assert result.winner == seat
        assert knocked < dead and result.hand_scores[seat] == dead - knocked > 0
    else:
        assert result.result == "undercut" and result.winner == 1 - seat
        assert knocked >= dead and result.hand_scores[1 - seat] == knocked - dead + 25
    assert result.hand_scores[1 - result.winner] == 0


@tries(80)
@given(data=knocks())
def test_the_knocker_plays_the_spread_that_leaves_the_defender_most(data):
    seat = data["player"]
    knocker = spread.mask_of(parse_cards(data["hands"][seat]))
    defender = spread.mask_of(parse_cards(data["hands"][1 - seat]))
    least = spread.Deadwood()
    result = core(data)
    if result.result == "gin":
        return
    # G7 over every least-deadwood packing, found here by brute force over all packings.
    cards = parse_cards(data["hands"][seat])
    melds = [
        spread.mask_of(combo)
        for size in range(3, 11)
        for combo in combinations(cards, size)
        if spread.is_meld(spread.mask_of(combo))
    ]
    packings = []

    def walk(start, left, chosen):
        packings.append((spread.value(left), tuple(chosen)))
        for at in range(start, len(melds)):
            if melds[at] & left == melds[at]:
                walk(at + 1, left & ~melds[at], [*chosen, melds[at]])

    walk(0, knocker, [])
    fewest = min(count for count, _ in packings)
    assert fewest == result.deadwood[seat]
    most = max(
        spread.best_layoffs(chosen, defender, least).deadwood
        for count, chosen in packings
        if count == fewest
    )
    assert result.deadwood[1 - seat] == most


@tries(60)
@given(data=knocks())
def test_a_hand_scores_the_same_through_the_table_and_the_api(data):
    standings = GIN.standings(table(), [played(data)])
    answer = endpoint("hand", data)
    assert list(standings.rows[0].scores) == answer["hand_scores"]
    assert standings.rows[0].winner == answer["winner"]
