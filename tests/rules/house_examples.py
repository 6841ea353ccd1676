"""Every worked example of `shared/rules/house-rules.md` for the house rules built so far
(H10–H14 and H81 for Indian Chief, H20–H23 and H82 for Tong-Its, H30–H31 for Carousel,
H40–H43 and H83 for Three Thirteen, H50–H54 and H84 for Rummy, H60–H69 and H85–H86 for
Indian Rummy), as
JSON requests (`shared/api.md` §4) and the numbers or codes the spec gives. The rules
core (`test_house_rules.py`) and the HTTP API (`tests/web/api/test_api_house_rules.py`)
both answer every one of them.

Every expected number is the spec's own; none comes from the code under test.
"""

from dataclasses import dataclass, field
from typing import Any

import pytest


@dataclass(frozen=True)
class Example:
    """A request to `/api/<slug>/<endpoint>` and what its answer holds: `fields` (a subset
    of the answer, exactly) or the error `code` (with `player` where the spec names one)."""

    decision: str
    slug: str
    endpoint: str
    body: dict[str, Any]
    fields: dict[str, Any] = field(default_factory=dict)
    code: str = ""
    player: Any = None


def meld(cards, table=(), own_decks=None, **settings):
    """A `/meld` request; `own_decks` is the request's own `decks`, beside the house rules."""
    body: dict[str, Any] = {"cards": list(cards), "table": list(table)}
    if own_decks is not None:
        body["decks"] = own_decks
    return body | ({"settings": settings} if settings else {})


def reveal_round(*reveals, steals=(), **settings):
    body: dict[str, Any] = {
        "players": [{"name": name, "cards": cards} for name, cards in reveals],
        "steals": list(steals),
    }
    return body | ({"settings": settings} if settings else {})


def rummy(winner, hands, went_rummy=False, **settings):
    body = {"winner": winner, "went_rummy": went_rummy, "hands": hands}
    return body | ({"settings": settings} if settings else {})


def knock(knocker, hands, **settings):
    body = {"knocker": knocker, "hands": hands}
    return body | ({"settings": settings} if settings else {})


def seat(hand=None, opened=True, **fields):
    """A Tong-Its player's entry: opened unless said, the cards held when entered."""
    return {"opened": opened} | ({"hand": hand} if hand is not None else {}) | fields


def tong_its(end, players, settings=None, **fields):
    """A Tong-Its `/hand` request: how it ended, who called it, the draw's answers…"""
    body = {"end": end, **fields, "players": players}
    return body | ({"settings": settings} if settings else {})


def three_thirteen(cards, hand_number, players=2, **settings):
    """A Three Thirteen `/deadwood` request: one revealed hand on hand `hand_number`."""
    body = {"cards": cards, "context": {"hand_number": hand_number, "players": players}}
    return body | ({"settings": settings} if settings else {})


def deadwoods(decision, rows):
    """Three Thirteen examples, one a (cards, hand number, house rules, deadwood) row."""
    return [
        Example(
            decision,
            "three-thirteen",
            "deadwood",
            three_thirteen(cards, number, **settings),
            {"deadwood": deadwood},
        )
        for cards, number, settings, deadwood in rows
    ]


# H20: seat 0 calls draw holding 2♣ 3♥ (5), seat 1 challenges with 9♠ K♦ (19), seat 2 folds.
DRAW_ANSWERS = {"caller": 0, "responses": [None, "challenge", "fold"]}
H20_DRAW = [seat(["2C", "3H"]), seat(["9S", "KD"]), seat()]
# H21: seat 0 calls tongit; the pot held 10, seat 1 won the hand before.
H21_TONGIT = {"caller": 0, "state_before": {"pot": 10, "previous_winner": 1}}
# H22: a draw both opponents fold; the winner holds K♣ 2♦, an ace and two kings melded.
H22_DRAW = [seat(["KC", "2D"], meld_aces=1, meld_kings=2), seat(), seat()]
# H42: hand 9 (J wild), eleven cards holding no meld: 55 without the wild J♥.
H42_HAND = ["AS", "4S", "7S", "10S", "2D", "5D", "8D", "3H", "6H", "9H", "JH"]
# H83: hand 11 (K wild), thirteen cards holding no meld: A to Q once each, then the wild K♣.
H83_HAND = ["AS", "4S", "7S", "10S", "2H", "5H", "8H", "JH", "3D", "6D", "9D", "QD", "KC"]
ONLINE = {"fold_pays": "one", "pot_rule": "every_hand", "ace_bonus_ranks": "A_K"}


def deal(winner, hands, outcomes=None, **settings):
    """An Indian Rummy `/hand` request (or a deal of `/game` without settings)."""
    body: dict[str, Any] = {"winner": winner, "hands": hands}
    if outcomes is not None:
        body["outcomes"] = outcomes
    return body | ({"settings": settings} if settings else {})


def cards(text):
    return text.split()


# Indian Rummy hands and their counts. SHOWS_30 is api.md §3.3's loser (30 under either
# life rule: 3♣ 4♣ 5♣ pure, 7♠ 9♠ 10♠ J♠ with the joker a second sequence).
SHOWS_30 = cards("9S 10S JS 4D 4C QD 2S 6H 8D JK 3C 5C 7S")
# No pure sequence can be formed (each suit's ranks four apart), so every card counts:
# 10 + 10 + 10 + 10 + 9 + 8 + 7 + 6 + then the low cards, a joker 0.
COUNTS_84 = cards("KS QH JD 10C 9S 8H 7D 6C 5S 4H 3D 2C JK")
COUNTS_81 = cards("KS QH JD 10C 9S 8H 7D 6C 5S 4H JK 2C JK")  # 3♦ → JK
COUNTS_80 = cards("KS QH JD 10C 9S 8H 7D 6C 5S JK 3D 2C JK")  # 4♥ → JK
COUNTS_79 = cards("KS QH JD 10C JK 8H 7D 6C 9S 4H 3D 2C JK")  # 5♠ → JK
# Three pure sequences and K♣ 6♣ 3♦ 2♥ left: 21.
SHOWS_21 = cards("2S 3S 4S 5H 6H 7H 8D 9D 10D KC 6C 3D 2H")
# H64's two hands.
KINGS_NO_SECOND = cards("5S 6S 7S KH KD KC 2D 9C 4H 8D QS AC 3C")
EIGHTS_OR_SECOND = cards("2S 3S 4S 7D 8D JK QH QC QS QD 8C AH 2D")
# A valid declaration (api.md §3.3's declarer) and one that is not (no second sequence).
DECLARES = cards("2H 3H 4H 5H 7C 8C JK KS KD KC AD AS AH")
NO_DECLARATION = cards("2H 3H 4H 5H 7C 9D JK KS KD KC AD AS AH")
ONLINE_CHARGES = {"first_drop": 20, "middle_drop": 40, "full_count": 80, "wrong_show": 80}
POINTS_RULES = {"format": "points", **ONLINE_CHARGES, "life_rule": "two_sequences"}


# H66: pool 101, 3 players, five deals; after each, the totals, who is out (the deal after
# which), who deals next and the winners.
H66_DEALS = [
    # Seat 1 shows 81 (charged 80), seat 2 first-drops.
    deal(0, [None, COUNTS_81, None], [None, None, "first_drop"]),
    # Seats 0 and 1 drop (40, 20); seat 2 wins unshown.
    deal(2, [None, None, None], ["middle_drop", "first_drop", None]),
    # Seat 0 wins, seat 1 shows 21 (121, out), seat 2 makes a wrong show (100).
    deal(0, [None, SHOWS_21, None], [None, None, "wrong_show"]),
    # Seat 0 shows 30 (70); seat 1 sits out.
    deal(2, [SHOWS_30, None, None]),
    # Seat 2 first-drops (120, out): seat 0 is the last one in.
    deal(0, [None, None, None], [None, None, "first_drop"]),
]
H66_AFTER = [
    ([0, 80, 20], [None, None, None], 1, None),
    ([40, 100, 20], [None, None, None], 2, None),
    ([40, 121, 100], [None, 3, None], 0, None),
    ([70, 121, 100], [None, 3, None], 2, None),
    ([70, 121, 120], [None, 3, 5], None, [0]),
]


def pool_101(*deals):
    return {"settings": {"preset": "pool_101"}, "hands": list(deals)}


def indian_rummy_outcomes(preset, outcome, scores):
    """H61: seat 0 declares, seat 1 has `outcome`, seat 2 shows 30."""
    return Example(
        "H61",
        "indian-rummy",
        "hand",
        deal(0, [None, None, SHOWS_30], [None, outcome, None], preset=preset),
        {"deadwood": [0, None, 30], "hand_scores": scores},
    )


# H52: a game to 60 whose hands seats 0, 1, 2 win in turn, the losers counting 29 and 11,
# then 21 and 9, then 25 and 39 (in seat order).
H52_HANDS = [
    {"winner": 0, "hands": [[], ["KS", "QS", "9S"], ["AH", "KH"]]},
    {"winner": 1, "hands": [["KD", "QD", "AD"], [], ["9C"]]},
    {"winner": 2, "hands": [["KC", "QC", "5C"], ["JS", "JH", "JD", "9H"], []]},
]
# H12: Thieves Ann A♠ and Ben 7♦, and Cy's Beggar Man.
THIEVES = (("Ann", ["AS"]), ("Ben", ["7D"]), ("Cy", ["9C", "9H"]))
NINE = [f"P{seat}" for seat in range(1, 10)]
NINE_THIEVES = ["QH", "QH", "QH", "2C", "3C", "4C", "5C", "6C", "7C"]

EXAMPLES = [
    # -- H10 beggar_pair
    Example("H10", "indian-chief", "meld", meld(["8D", "8C"], ["8H", "8S", "3C"]), {"score": 4}),
    Example(
        "H10",
        "indian-chief",
        "meld",
        meld(["8D", "8C"], ["8H", "8S", "3C"], beggar_pair="per_card"),
        {"score": 8},
    ),
    Example("H10", "indian-chief", "meld", meld(["7H", "7D"], ["7H", "7S", "7C"], 2), {"score": 6}),
    Example(
        "H10",
        "indian-chief",
        "meld",
        meld(["7H", "7D"], ["7H", "7S", "7C"], 2, beggar_pair="per_card"),
        {"score": 12},
    ),
    *(
        Example(
            "H10",
            "indian-chief",
            "meld",
            meld(["6H", "JS"], ["6S", "JH", "JD", "6D"], beggar_pair=value),
            {"score": 8},
        )
        for value in ("once", "per_card")
    ),
    # -- H11 straight_ace
    *(
        Example(
            "H11",
            "indian-chief",
            "meld",
            meld(cards, **({"straight_ace": "high_only"} if high_only else {})),
            {"score": score},
        )
        for cards, book, high in (
            (["AH", "2C", "3D", "4S", "5H", "KC", "9D"], 34, 14),
            (["AH", "2H", "3H", "4H", "5H", "9C", "KD"], 54, 39),
            (["AS", "2D", "3C", "4H", "5S", "6D", "9H"], 30, 25),
        )
        for high_only, score in ((False, book), (True, high))
    ),
    # -- H12 thief_ace
    Example(
        "H12",
        "indian-chief",
        "round",
        reveal_round(*THIEVES),
        {"thief_order": [["Ann"], ["Ben"]]},
    ),
    Example(
        "H12",
        "indian-chief",
        "round",
        reveal_round(*THIEVES, thief_ace="last"),
        {"thief_order": [["Ben"], ["Ann"]]},
    ),
    Example(
        "H12",
        "indian-chief",
        "round",
        reveal_round(
            *THIEVES,
            steals=[{"thief": "Ann", "pass": True}, {"thief": "Ben", "pass": True}],
            thief_ace="last",
        ),
        code="steal_out_of_order",
        player="Ann",
    ),
    Example(
        "H12",
        "indian-chief",
        "round",
        reveal_round(("Ann", ["AS"]), ("Dee", ["AH"]), ("Ben", ["KD"]), thief_ace="last"),
        {"thief_order": [["Ben"], ["Ann", "Dee"]]},
    ),
    # -- H13 decks
    Example(
        "H13",
        "indian-chief",
        "round",
        reveal_round(
            *((name, [card]) for name, card in zip(NINE, NINE_THIEVES, strict=True)), decks=3
        ),
        {
            "decks": 3,
            "scores": {"P1": 10, "P2": 10, "P3": 10, "P4": 2, "P5": 3, "P6": 4, "P7": 5}
            | {"P8": 6, "P9": 7},
        },
    ),
    Example(
        "H13",
        "indian-chief",
        "meld",
        meld(["KS", "KS", "KS", "KH", "KH", "9D", "9C"], decks=3),
        {"score": 58},
    ),
    Example(
        "H13",
        "indian-chief",
        "meld",
        meld(["KS", "KS", "KS", "KH", "KH", "9D", "9C"], ["KS"], decks=3),
        code="duplicate_card",
    ),
    Example(
        "H13",
        "indian-chief",
        "round",
        reveal_round(
            *((f"P{seat}", [f"{seat + 2}C"]) for seat in range(9)),
            ("Q", ["QC"]),
            ("K", ["KC"]),
            decks=3,
        ),
        code="invalid_player_count",
    ),
    Example(
        "H13",
        "indian-chief",
        "round",
        reveal_round(("Ann", ["7H"]), ("Ben", ["7H"]), ("Cy", ["3C"]), decks=2),
        {"decks": 2, "scores": {"Ann": 7, "Ben": 7, "Cy": 3}},
    ),
    Example(
        "H13",
        "indian-chief",
        "round",
        reveal_round(("Ann", ["7H"]), ("Ben", ["7H"]), ("Cy", ["3C"])),
        code="duplicate_card",
        player="Ben",
    ),
    # -- H14 presets
    Example(
        "H14",
        "indian-chief",
        "round",
        reveal_round(*THIEVES, preset="bga"),
        {
            "thief_order": [["Ben"], ["Ann"]],
            "rules": {
                "preset": "bga",
                "options": {
                    "beggar_pair": "once",
                    "straight_ace": "high_and_low",
                    "thief_ace": "last",
                    "decks": "auto",
                },
            },
        },
    ),
    Example(
        "H14",
        "indian-chief",
        "meld",
        meld(["AH", "2C", "3D", "4S", "5H", "KC", "9D"], preset="catsatcards"),
        {"score": 14},
    ),
    # -- H81 Indian Chief's pairs of house rules
    Example(
        "H81",
        "indian-chief",
        "meld",
        meld(["QH", "QH"], ["QH", "QS", "QD"], beggar_pair="per_card", decks=3),
        {"score": 12},
    ),
    Example(
        "H81",
        "indian-chief",
        "meld",
        meld(["QH", "QH"], ["QH", "QS", "QD"], decks=3),
        {"score": 6},
    ),
    Example(
        "H81",
        "indian-chief",
        "meld",
        meld(["AS", "AS", "2S", "3S", "4S", "5S", "9H"], decks=2),
        {"score": 45},
    ),
    Example(
        "H81",
        "indian-chief",
        "meld",
        meld(["AS", "AS", "2S", "3S", "4S", "5S", "9H"], decks=2, straight_ace="high_only"),
        {"score": 34},
    ),
    # -- H20 fold_pays
    *(
        Example(
            "H20",
            "tong-its",
            "hand",
            tong_its("draw", H20_DRAW, settings, **DRAW_ANSWERS),
            {"winner": 0, "payments": payments, "chip_delta": delta},
        )
        for settings, payments, delta in (
            ({}, [0, 3, 3], [4, -5, -5]),
            ({"fold_pays": "one"}, [0, 3, 1], [2, -5, -3]),
        )
    ),
    # Under `one` an unopened folder pays 1 + 1 ace (the winner's A♣) + 1 unopened; when
    # the winner holds four 7s and A♠, the folder pays 1 + 3 + 1, the challenger 3 + 3 + 1.
    *(
        Example(
            "H20",
            "tong-its",
            "hand",
            tong_its(
                "draw",
                [seat(winner), seat(["9S", "KD"]), seat(opened=folder_opened)],
                {"fold_pays": "one"},
                **DRAW_ANSWERS,
            ),
            {"winner": 0, "payments": payments},
        )
        for winner, folder_opened, payments in (
            (["AC", "3H"], False, [0, 3 + 1, 1 + 1 + 1]),
            (["7S", "7H", "7D", "7C", "AS"], True, [0, 3 + 3 + 1, 1 + 3 + 1]),
        )
    ),
    # -- H21 pot_rule
    Example(
        "H21",
        "tong-its",
        "hand",
        tong_its("tongit", [seat([]), seat(), seat()], **H21_TONGIT),
        {"chip_delta": [4, -5, -5], "pot_awarded": 0, "pot_after": 16},
    ),
    Example(
        "H21",
        "tong-its",
        "hand",
        tong_its("tongit", [seat([]), seat(), seat()], {"pot_rule": "every_hand"}, **H21_TONGIT),
        {"chip_delta": [20, -5, -5], "pot_awarded": 16, "pot_after": 0},
    ),
    # -- H22 ace_bonus_ranks
    *(
        Example(
            "H22",
            "tong-its",
            "hand",
            tong_its("draw", H22_DRAW, settings, caller=0, responses=[None, "fold", "fold"]),
            {"win_type": "draw", "payments": payments},
        )
        for settings, payments in (
            ({}, [0, 2, 2]),
            ({"ace_bonus_ranks": "A"}, [0, 2, 2]),
            ({"ace_bonus_ranks": "A_K"}, [0, 5, 5]),
        )
    ),
    *(
        Example(
            "H22",
            "tong-its",
            "hand",
            tong_its(
                "tongit", [seat([], face_down_quads=["K"]), seat(), seat()], settings, caller=0
            ),
            {"payments": payments},
        )
        for settings, payments in (({}, [0, 6, 6]), ({"ace_bonus_ranks": "A_K"}, [0, 10, 10]))
    ),
    # -- H23 presets, and api.md §4.4's example under `online`
    Example(
        "H23",
        "tong-its",
        "hand",
        tong_its(
            "draw",
            [seat(["2C", "3H"], meld_kings=1), seat(["9S", "KD"]), seat()],
            {"preset": "online"},
            **DRAW_ANSWERS,
        ),
        {
            "winner": 0,
            "win_type": "challenged_draw",
            "deadwood": [5, 19, None],
            "payments": [0, 4, 2],
            "chip_delta": [10, -6, -4],
            "pot_after": 0,
            "pot_awarded": 6,
            "rules": {"preset": "online", "options": ONLINE},
        },
    ),
    Example(
        "H23",
        "tong-its",
        "hand",
        tong_its("tongit", [seat([]), seat(), seat()], {"preset": "every_hand_pot"}, **H21_TONGIT),
        {
            "chip_delta": [20, -5, -5],
            "pot_after": 0,
            "rules": {
                "preset": "every_hand_pot",
                "options": {"fold_pays": "base", "pot_rule": "every_hand", "ace_bonus_ranks": "A"},
            },
        },
    ),
    # -- H82 Tong-Its's pairs of house rules: a folder pays 1 plus the winner's aces and
    # kings, fours and its own unopened chip; a four of kings pays both 3 and 4.
    Example(
        "H82",
        "tong-its",
        "hand",
        tong_its(
            "draw",
            [
                seat(["KS", "KH", "KD", "KC", "AS"], meld_aces=1),
                seat(["9S", "QD"]),
                seat(opened=False),
            ],
            {"fold_pays": "one", "ace_bonus_ranks": "A_K"},
            **DRAW_ANSWERS,
        ),
        # Aces 1 + 1, kings 4, one concealed four: challenger 3 + 3 + 6, folder 1 + 3 + 6 + 1.
        {"winner": 0, "payments": [0, 12, 11]},
    ),
    Example(
        "H82",
        "tong-its",
        "hand",
        tong_its(
            "tongit",
            [seat([], face_down_quads=["K"]), seat(), seat()],
            {"pot_rule": "every_hand", "ace_bonus_ranks": "A_K"},
            caller=0,
        ),
        # Pot rule × either: none; the pot of 6 goes to the winner beside 10 + 10.
        {"payments": [0, 10, 10], "chip_delta": [-2 + 20 + 6, -12, -12], "pot_awarded": 6},
    ),
    # -- H30 knock_max
    Example("H30", "carousel", "hand", knock(0, [["3C", "2D"], ["KS"]]), code="knock_not_allowed"),
    Example(
        "H30",
        "carousel",
        "hand",
        knock(0, [["3C", "2D"], ["KS"]], knock_max=5),
        {"winners": [0], "hand_scores": [5, 0]},
    ),
    Example(
        "H30",
        "carousel",
        "hand",
        knock(0, [["3C", "2D"], ["4S", "AH"], ["QS", "9H"]], knock_max=5),
        {"deadwood": [5, 5, 19], "winners": [1], "hand_scores": [0, 24, 0]},
    ),
    # -- H31 presets
    Example(
        "H31",
        "carousel",
        "hand",
        knock(0, [["3C", "2D"], ["KS"]], preset="knock_five"),
        {
            "hand_scores": [5, 0],
            "rules": {"preset": "knock_five", "options": {"knock_max": 5}},
        },
    ),
    # -- H40 face_values
    *deadwoods(
        "H40",
        (
            (["3D", "8S", "KC"], 1, {}, 21),
            (["3D", "8S", "KC"], 1, {"face_values": "11_12_13"}, 24),
            (["5C", "JD", "QD", "KS", "KH"], 3, {}, 20),
            (["5C", "JD", "QD", "KS", "KH"], 3, {"face_values": 10}, 20),
            (["5C", "JD", "QD", "KS", "KH"], 3, {"face_values": "11_12_13"}, 23),
        ),
    ),
    # -- H41 jokers
    *deadwoods(
        "H41",
        (
            (["JK", "7S", "7D"], 1, {"jokers": "wild_20"}, 0),
            (["JK", "2S", "9D"], 1, {"jokers": "wild_20"}, 31),
            (["JK", "2S", "9D"], 1, {"jokers": "wild_50"}, 61),
            (["JK", "3S", "3D"], 1, {"jokers": "wild_20"}, 0),
        ),
    ),
    Example(
        "H41",
        "three-thirteen",
        "hand",
        {"hand_number": 1, "went_out": 0, "hands": [None, ["JK", "2S", "9D"]]},
        code="invalid_card",
        player=1,
    ),
    # Two players play one deck, so two jokers: a third is one too many.
    Example(
        "H41",
        "three-thirteen",
        "hand",
        {
            "hand_number": 1,
            "went_out": 0,
            "hands": [["JK", "JK", "3S"], ["JK", "2S", "9D"]],
            "settings": {"jokers": "wild_20"},
        },
        code="duplicate_card",
        player=1,
    ),
    # -- H42 wild_unmelded
    *deadwoods(
        "H42",
        (
            (H42_HAND, 9, {}, 65),
            (H42_HAND, 9, {"face_values": "11_12_13"}, 66),
            (H42_HAND, 9, {"wild_unmelded": 20}, 75),
            (H42_HAND, 9, {"wild_unmelded": 20, "face_values": "11_12_13"}, 75),
        ),
    ),
    # -- H43 presets
    Example(
        "H43",
        "three-thirteen",
        "deadwood",
        three_thirteen(["JK", "2S", "9D"], 1, preset="with_jokers"),
        {
            "deadwood": 31,
            "rules": {
                "preset": "with_jokers",
                "options": {"face_values": 10, "jokers": "wild_20", "wild_unmelded": "face"},
            },
        },
    ),
    Example(
        "H43",
        "three-thirteen",
        "deadwood",
        three_thirteen(H42_HAND, 9, preset="five_crowns_values"),
        {
            "deadwood": 75,
            "rules": {
                "preset": "five_crowns_values",
                "options": {"face_values": "11_12_13", "jokers": "wild_50", "wild_unmelded": 20},
            },
        },
    ),
    # -- H83 Three Thirteen's pairs of house rules: an unmelded wild K counts 13 under
    # 11_12_13 (A to Q: 78), 20 whatever its face under `wild_unmelded: 20`; a joker costs
    # its own 50, never the wild's 20.
    *deadwoods(
        "H83",
        (
            (H83_HAND, 11, {}, 55 + 10 + 10 + 10),
            (H83_HAND, 11, {"face_values": "11_12_13"}, 78 + 13),
            (H83_HAND, 11, {"face_values": "11_12_13", "wild_unmelded": 20}, 78 + 20),
            (["JK", "2S", "9D"], 1, {"jokers": "wild_50", "wild_unmelded": 20}, 61),
        ),
    ),
    # Jokers and the wild rank are both wild in melds: JK 3♠ with a natural is a meld.
    Example(
        "H83",
        "three-thirteen",
        "deadwood",
        three_thirteen(["JK", "3S", "9D"], 1, preset="five_crowns_values"),
        {"deadwood": 0},
    ),
    # -- H50 ace_value
    *(
        Example(
            "H50",
            "rummy",
            "hand",
            rummy(0, [[], ["AS", "AD", "5C"], ["AH", "KC"]], ace_value=ace),
            {"deadwood": [0, *counts], "hand_scores": [sum(counts), 0, 0]},
        )
        for ace, counts in ((1, (7, 11)), (11, (27, 21)), (15, (35, 25)))
    ),
    # -- H51 going_rummy, on api.md's example
    *(
        Example(
            "H51",
            "rummy",
            "hand",
            rummy(2, [["KS", "4D"], ["AH", "2H", "3H"], []], True, going_rummy=value),
            {"hand_scores": [0, 0, score]},
        )
        for value, score in (("double", 40), ("off", 20))
    ),
    # -- H52 scoring: penalty
    Example(
        "H52",
        "rummy",
        "hand",
        rummy(2, [["KS", "4D"], ["AH", "2H", "3H"], []], True, scoring="penalty"),
        {"hand_scores": [28, 12, 0]},
    ),
    Example(
        "H52",
        "rummy",
        "hand",
        rummy(
            2, [["KS", "4D"], ["AH", "2H", "3H"], []], True, scoring="penalty", going_rummy="off"
        ),
        {"hand_scores": [14, 6, 0]},
    ),
    Example(
        "H52",
        "rummy",
        "game",
        {"settings": {"target_score": 60, "scoring": "penalty"}, "hands": H52_HANDS},
        {"totals": [46, 68, 20], "game_over": True, "winners": [2]},
    ),
    Example(
        "H52",
        "rummy",
        "game",
        {"settings": {"target_score": 60}, "hands": H52_HANDS},
        {"totals": [40, 30, 64], "game_over": True, "winners": [2]},
    ),
    # -- H53 jokers
    Example(
        "H53",
        "rummy",
        "hand",
        rummy(0, [[], ["JK", "2C"]], jokers="wild_15"),
        {"deadwood": [0, 17], "hand_scores": [17, 0]},
    ),
    Example(
        "H53",
        "rummy",
        "hand",
        rummy(0, [[], ["JK", "JK"], ["JK"]], jokers="wild_15"),
        code="duplicate_card",
        player=2,
    ),
    Example("H53", "rummy", "hand", rummy(0, [[], ["JK", "2C"]]), code="invalid_card", player=1),
    # -- H54 presets
    Example(
        "H54",
        "rummy",
        "hand",
        rummy(2, [["KS", "4D"], ["AH", "2H", "3H"], []], True, preset="penalty"),
        {
            "hand_scores": [28, 12, 0],
            "rules": {
                "preset": "penalty",
                "options": {
                    "ace_value": 1,
                    "going_rummy": "double",
                    "scoring": "penalty",
                    "jokers": "none",
                },
            },
        },
    ),
    # -- H84 penalty × going rummy × aces × jokers
    Example(
        "H84",
        "rummy",
        "hand",
        rummy(
            0,
            [[], ["JK", "AD"], ["AS", "9S"]],
            True,
            scoring="penalty",
            ace_value=15,
            jokers="wild_15",
        ),
        {"deadwood": [0, 30, 24], "hand_scores": [0, 60, 48]},
    ),
    # -- H60 format: points settle each deal as deals do; a pool adds the charges
    *(
        Example(
            "H60",
            "indian-rummy",
            "hand",
            deal(0, [None, COUNTS_84, SHOWS_30], format=fmt),
            {"deadwood": [0, 84, 30], "hand_scores": scores},
        )
        for fmt, scores in (
            ("deals", [114, -84, -30]),
            ("points", [114, -84, -30]),
            ("pool_101", [0, 84, 30]),
            ("pool_201", [0, 84, 30]),
        )
    ),
    # /deadwood gives the count under the life rule, never capped.
    Example(
        "H60",
        "indian-rummy",
        "deadwood",
        {"cards": COUNTS_84, "settings": {"preset": "pool_101"}},
        {"deadwood": 84},
    ),
    # -- H61 outcomes
    indian_rummy_outcomes("points", "first_drop", [50, -20, -30]),
    indian_rummy_outcomes("points", "middle_drop", [70, -40, -30]),
    indian_rummy_outcomes("points", "wrong_show", [110, -80, -30]),
    indian_rummy_outcomes("pool_101", "first_drop", [0, 20, 30]),
    indian_rummy_outcomes("pool_201", "first_drop", [0, 25, 30]),
    indian_rummy_outcomes("pool_201", "middle_drop", [0, 50, 30]),
    *(
        Example(
            "H61",
            "indian-rummy",
            "hand",
            deal(0, [None, None, SHOWS_30], [None, outcome, None]),
            code="invalid_input",
            player=1,
        )
        for outcome in ("first_drop", "middle_drop", "wrong_show")
    ),
    # Cards given for a seat with an outcome are checked, and not scored.
    Example(
        "H61",
        "indian-rummy",
        "hand",
        deal(0, [None, COUNTS_84, SHOWS_30], [None, "first_drop", None], preset="points"),
        {"deadwood": [0, None, 30], "hand_scores": [50, -20, -30]},
    ),
    Example(
        "H61",
        "indian-rummy",
        "hand",
        deal(0, [None, COUNTS_84[:12], SHOWS_30], [None, "first_drop", None], preset="points"),
        code="wrong_card_count",
        player=1,
    ),
    Example(
        "H61",
        "indian-rummy",
        "hand",
        deal(0, [None, ["ZZ"], SHOWS_30], [None, "wrong_show", None], preset="points"),
        code="invalid_card",
        player=1,
    ),
    # The winner's declaration is still checked; a wrong show is the seat's own outcome.
    Example(
        "H61",
        "indian-rummy",
        "hand",
        deal(0, [NO_DECLARATION, None, SHOWS_30], [None, "first_drop", None], preset="points"),
        code="invalid_declaration",
        player=0,
    ),
    # -- H62 full_count
    *(
        Example(
            "H62",
            "indian-rummy",
            "hand",
            deal(0, [None, hand], **settings),
            {"deadwood": [0, count], "hand_scores": [charged, -charged]},
        )
        for hand, count, settings, charged in (
            (COUNTS_79, 79, {"full_count": 80}, 79),
            (COUNTS_80, 80, {"full_count": 80}, 80),
            (COUNTS_81, 81, {"full_count": 80}, 80),
            (COUNTS_81, 81, {}, 81),
            (COUNTS_84, 84, {"full_count": 80}, 80),
        )
    ),
    # -- H63 entering outcomes: absent is all null; a seat with an outcome needs no hand
    Example(
        "H63",
        "indian-rummy",
        "hand",
        deal(0, [None, SHOWS_30], preset="points"),
        {"deadwood": [0, 30], "hand_scores": [30, -30]},
    ),
    Example(
        "H63",
        "indian-rummy",
        "hand",
        deal(0, [None, SHOWS_30, None], [None, None, None], preset="points"),
        code="missing_hand",
        player=2,
    ),
    # -- H64 life_rule
    *(
        Example(
            "H64",
            "indian-rummy",
            "deadwood",
            {"cards": hand, "settings": {"life_rule": rule}},
            {"deadwood": count},
        )
        for hand, rule, count in (
            (KINGS_NO_SECOND, "pure_sequence", 46),
            (KINGS_NO_SECOND, "two_sequences", 94),
            (EIGHTS_OR_SECOND, "pure_sequence", 19),
            (EIGHTS_OR_SECOND, "two_sequences", 20),
        )
    ),
    Example(
        "H64",
        "indian-rummy",
        "hand",
        deal(0, [None, KINGS_NO_SECOND], life_rule="two_sequences", full_count=80),
        {"deadwood": [0, 94], "hand_scores": [80, -80]},
    ),
    Example(
        "H64",
        "indian-rummy",
        "hand",
        deal(0, [None, EIGHTS_OR_SECOND], preset="points"),
        {"deadwood": [0, 20], "hand_scores": [20, -20]},
    ),
    # -- H65 last one standing: wins without a show; cards given are not a declaration
    *(
        Example(
            "H65",
            "indian-rummy",
            "hand",
            deal(
                0,
                [winner, None, None],
                [None, "first_drop", "middle_drop"],
                preset="points",
            ),
            {"deadwood": [0, None, None], "hand_scores": [60, -20, -40]},
        )
        for winner in (None, NO_DECLARATION)
    ),
    *(
        Example(
            "H65",
            "indian-rummy",
            "hand",
            deal(0, [None, None, None], outcomes, preset="points"),
            code="invalid_input",
            player=0,
        )
        for outcomes in (
            ["first_drop", "first_drop", "middle_drop"],
            ["middle_drop", "first_drop", None],
        )
    ),
    # -- H66 pool elimination, deal by deal
    *(
        Example(
            "H66",
            "indian-rummy",
            "game",
            pool_101(*H66_DEALS[:played]),
            {
                "totals": totals,
                "game_over": winners is not None,
                "winners": winners,
                "eliminated": eliminated,
                "next_dealer": dealer,
            },
        )
        for played, (totals, eliminated, dealer, winners) in enumerate(H66_AFTER, start=1)
    ),
    # A deal after the last one standing won the pool.
    Example(
        "H66",
        "indian-rummy",
        "game",
        pool_101(*H66_DEALS, deal(0, [None, None, SHOWS_30])),
        code="invalid_input",
    ),
    # Exactly 101 is out, 100 stays in; several seats may go out in one deal.
    Example(
        "H66",
        "indian-rummy",
        "game",
        pool_101(
            deal(0, [None, COUNTS_80, COUNTS_81], [None, None, None]),
            deal(0, [None, SHOWS_21, None], [None, None, "first_drop"]),
        ),
        {"totals": [0, 101, 100], "eliminated": [None, 2, None], "next_dealer": 2},
    ),
    Example(
        "H66",
        "indian-rummy",
        "game",
        pool_101(
            deal(0, [None, COUNTS_80, COUNTS_81, None], [None, None, None, "first_drop"]),
            deal(3, [None, None, None, None], ["first_drop", "middle_drop", "middle_drop", None]),
        ),
        {
            "totals": [20, 120, 120, 20],
            "game_over": False,
            "eliminated": [None, 2, 2, None],
            "next_dealer": 3,
        },
    ),
    # A seat out of the pool sits out: no cards, no outcome, never the winner (H66, H68).
    *(
        Example(
            "H66",
            "indian-rummy",
            "game",
            pool_101(*H66_DEALS[:3], later),
            code="invalid_input",
            player=1,
        )
        for later in (
            deal(1, [SHOWS_30, None, None]),
            deal(2, [SHOWS_30, SHOWS_21, None]),
            deal(2, [SHOWS_30, None, None], [None, "first_drop", None]),
        )
    ),
    # -- H67 end settings only for deals
    *(
        Example(
            "H67",
            "indian-rummy",
            "game",
            {"settings": {"preset": preset, end: 2}, "hands": [deal(0, [None, SHOWS_30])]},
            code="invalid_input",
        )
        for preset in ("points", "pool_101", "pool_201")
        for end in ("target_score", "max_deals")
    ),
    Example(
        "H67",
        "indian-rummy",
        "game",
        {
            "settings": {"format": "deals", "max_deals": 1, **ONLINE_CHARGES},
            "hands": [deal(0, [None, None], [None, "middle_drop"])],
        },
        {"totals": [40, -40], "game_over": True, "winners": [0]},
    ),
    Example(
        "H67",
        "indian-rummy",
        "game",
        {"settings": {"preset": "points"}, "hands": [deal(0, [None, SHOWS_30])]},
        {"totals": [30, -30], "game_over": False, "winners": None},
    ),
    # -- H69 presets
    *(
        Example(
            "H69",
            "indian-rummy",
            "hand",
            deal(0, [None, SHOWS_30], preset=preset),
            {"rules": {"preset": preset, "options": options}},
        )
        for preset, options in (
            (
                "book",
                {
                    "format": "deals",
                    "first_drop": "none",
                    "middle_drop": "none",
                    "full_count": "none",
                    "wrong_show": "none",
                    "life_rule": "pure_sequence",
                },
            ),
            ("points", POINTS_RULES),
            ("pool_101", {**POINTS_RULES, "format": "pool_101"}),
            (
                "pool_201",
                {**POINTS_RULES, "format": "pool_201", "first_drop": 25, "middle_drop": 50},
            ),
        )
    ),
    # -- H85 format × outcomes × full count: the format signs every charge, outcomes are
    # never capped, the cap applies to the count the life rule gives.
    Example(
        "H85",
        "indian-rummy",
        "hand",
        deal(0, [None, None, KINGS_NO_SECOND], [None, "wrong_show", None], preset="pool_201"),
        {"deadwood": [0, None, 94], "hand_scores": [0, 80, 80]},
    ),
    Example(
        "H85",
        "indian-rummy",
        "hand",
        deal(
            0,
            [None, None, KINGS_NO_SECOND],
            [None, "middle_drop", None],
            format="deals",
            middle_drop=50,
            full_count=80,
        ),
        {"deadwood": [0, None, 46], "hand_scores": [96, -50, -46]},
    ),
    # -- H86 decks, jokers and the wild rank work under every format
    Example(
        "H86",
        "indian-rummy",
        "hand",
        {
            **deal(0, [None, SHOWS_30], preset="pool_101"),
            "settings": {"preset": "pool_101", "jokers": False},
        },
        code="invalid_card",
        player=1,
    ),
    # With 2s wild, Q♦ 2♠ JK is a set and 9♠ 10♠ J♠, 3♣ 4♣ 5♣ the sequences: 4♦ 6♥ 8♦ 7♠.
    Example(
        "H86",
        "indian-rummy",
        "game",
        {
            "settings": {"preset": "pool_101", "wild_rank": "2"},
            "hands": [deal(0, [None, SHOWS_30])],
        },
        {"totals": [0, 25], "eliminated": [None, None], "next_dealer": 1},
    ),
]


def every_example(test):
    """Parametrize `test` over `example`, each named by its decision and place."""
    return pytest.mark.parametrize(
        "example",
        EXAMPLES,
        ids=[f"{example.decision}-{number}" for number, example in enumerate(EXAMPLES)],
    )(test)
