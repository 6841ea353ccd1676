"""Cribbage's worked examples (`shared/rules/cribbage.md`, `shared/api.md` §6) as JSON
requests and what the spec says of each: every show, hand and game, and the validation
errors in their order. The rules core (`test_cribbage.py`) and the HTTP API
(`tests/web/api/test_api_cribbage.py`) both answer every one of them; the properties of
the rules core and of the house rules draw legal hands from `hands`.

Every expected value was worked out by hand from the spec (the arithmetic is in the
comments) or copied from its worked examples; none comes from the code under test.
"""

from hypothesis import strategies as st

from games.rules.cards import RANKS, SUITS
from games.rules.cribbage import scoring

DECK = [rank + suit for rank in RANKS for suit in SUITS]


def cs(text):
    return None if text is None else text.split()


def show(cards, starter, crib=False, **settings):
    body = {"cards": cs(cards), "starter": starter, "crib": crib}
    return body | ({"settings": settings} if settings else {})


def hand(dealer, starter, hands, crib, pegging=None, **settings):
    body = {"dealer": dealer, "starter": starter, "hands": [cs(h) for h in hands], "crib": cs(crib)}
    if pegging is not None:
        body["pegging"] = pegging
    return body | ({"settings": settings} if settings else {})


def deal(starter, hands, crib, pegging=None):
    """One hand of a `/game` (its dealer is the game's)."""
    body = {"starter": starter, "hands": [cs(h) for h in hands], "crib": cs(crib)}
    return body | ({"pegging": pegging} if pegging is not None else {})


# ---------------------------------------------------------------------------
# The show (§2, api.md §6.1)

PARTS = ("fifteens", "pairs", "runs", "flush", "nobs", "score")

SHOWS = [
    # §2.3 and api.md §6.1: the 29 hand: eight fifteens 16, four 5s 12, nobs 1.
    ("29", show("5S 5H 5C JD", "5D"), (16, 12, 0, 0, 1, 29)),
    # §2.3: the "19" hand: all even, nothing at all.
    ("zero", show("2S 4H 6D 8C", "KS"), (0, 0, 0, 0, 0, 0)),
    # §2.3: 4+5+6 ×2 and 5+J ×2 = 8; pair 2; runs 4-5-6 ×2 = 6; hand flush 4.
    ("hand-flush-4", show("4H 5H 6H JH", "5C"), (8, 2, 6, 4, 0, 20)),
    # §2.3: as a crib the four-card flush does not count (CR2).
    ("crib-no-flush-4", show("4H 5H 6H JH", "5C", crib=True), (8, 2, 6, 0, 0, 16)),
    # §2.3: crib 2+4+9 and 6+9, flush of five with the starter.
    ("crib-flush-5", show("2D 6D 9D QD", "4D", crib=True), (4, 0, 0, 5, 0, 9)),
    ("crib-flush-broken", show("2D 6D 9D QD", "4S", crib=True), (4, 0, 0, 0, 0, 4)),
    # §2.1: 3-4-5-6 and a second 6: two runs of 4 and a pair, never runs of 3; fifteens
    # 4+5+6 twice and 3+6+6.
    ("two-runs-of-4", show("3S 4H 5D 6C", "6H"), (6, 2, 8, 0, 0, 16)),
    # §2.1: double run 9-10-J-J = 2 × 3 + 2 (no fifteen with an ace starter).
    ("double-run", show("9S 10H JD JC", "AH"), (0, 2, 6, 0, 0, 8)),
    # §2.1: double-double 3-3-4-5-5: four runs of 3, two pairs, 3+3+4+5 twice.
    ("double-double", show("3S 3H 4D 5C", "5H"), (4, 4, 12, 0, 0, 20)),
    # §2.2: a starter jack gives no nobs; 5+5+5 ×4 and J+5 ×4.
    ("starter-jack", show("5S 5H 5C 5D", "JD"), (16, 12, 0, 0, 0, 28)),
    # §1.1: the ace is low only: Q-K-A is no run, A-2-3 is; 10+2+3 with Q and with K.
    ("ace-low", show("QS KH AD 2C", "3H"), (4, 0, 3, 0, 0, 7)),
    # §1.1: 10 J Q K are four ranks: a run of 4; each with the 5 is fifteen.
    ("ten-to-king", show("10S JH QD KC", "5S"), (8, 0, 4, 0, 0, 12)),
    # A run of five, which is also one fifteen (1+2+3+4+5).
    ("run-of-5", show("AS 2H 3D 4C", "5S"), (2, 0, 5, 0, 0, 7)),
    # A hand flush with the starter: 5; all even, so no fifteen.
    ("hand-flush-5", show("2H 4H 6H 8H", "10H"), (0, 0, 0, 5, 0, 5)),
    ("crib-flush-5-even", show("2H 4H 6H 8H", "10H", crib=True), (0, 0, 0, 5, 0, 5)),
    # Nobs in a crib too: J♠ with the 5♠ starter; J+5, K+5 and 9+A+5 = 3 fifteens.
    ("crib-nobs", show("JS KH 9C AD", "5S", crib=True), (6, 0, 0, 0, 1, 7)),
    # A pair royal: three 7s = 6; 7+7+A = 15 three ways; no run.
    ("pair-royal", show("7S 7H 7D AC", "KS"), (6, 6, 0, 0, 0, 12)),
    # CR2's house rule: a crib's four-card flush counts 4 (5 with the starter, as ever).
    (
        "crib-four-flush",
        show("4H 5H 6H JH", "5C", crib=True, crib_four_flush=True),
        (8, 2, 6, 4, 0, 20),
    ),
    (
        "crib-four-flush-broken",
        show("2D 6D 9D QD", "4S", crib=True, crib_four_flush=True),
        (4, 0, 0, 4, 0, 8),
    ),
]


# ---------------------------------------------------------------------------
# The hand (§4, api.md §6.2)

SPEC_HAND = hand(
    1, "JC", ["5S 5H 10D KS", "2C 3C 4C 6C"], "AD 9S 7H QH", [3, 5]
)  # §4 and api.md §6.2


HANDS = [
    # §4: seat 0 shows 14, pegged 3 → 17; the dealer 12 + 5 + crib 0 + heels 2 = 19.
    ("spec", SPEC_HAND, {"shows": [14, 12], "crib_score": 0, "heels": 2, "hand_scores": [17, 19]}),
    # Pegging left out is 0 for everyone.
    (
        "no-pegging",
        hand(1, "JC", ["5S 5H 10D KS", "2C 3C 4C 6C"], "AD 9S 7H QH"),
        {"shows": [14, 12], "crib_score": 0, "heels": 2, "hand_scores": [14, 14]},
    ),
    # The same cards dealt by seat 0: the crib and heels go to seat 0.
    (
        "dealer-0",
        hand(0, "JC", ["5S 5H 10D KS", "2C 3C 4C 6C"], "AD 9S 7H QH", [3, 5]),
        {"shows": [14, 12], "crib_score": 0, "heels": 2, "hand_scores": [19, 17]},
    ),
    # Three players, dealer 2, starter 5♦ (no heels). Seat 0's 29; seat 1's 2♠ 4♥ 6♦ 8♣
    # with 5♦: 2+8+5, 4+6+5 (4) and 4-5-6 (3) = 7; seat 2's K♥ Q♦ 2♣ 9♠: K+5, Q+5 = 4;
    # crib 3♠ 3♥ 7♣ A♦: 3+3+... no; 7+3+5 twice (4), the 3s (2) = 6.
    (
        "three-players",
        hand(
            2,
            "5D",
            ["5S 5H 5C JD", "2S 4H 6D 8C", "KH QD 2C 9S"],
            "3S 3H 7C AD",
            [1, 2, 37],
        ),
        {"shows": [29, 7, 4], "crib_score": 6, "heels": 0, "hand_scores": [30, 9, 47]},
    ),
    # Four players as partners, dealer 3, starter J♠ (heels 2 to seat 3).
    # Seat 0 A♠ 2♠ 3♠ 4♠ with J♠: J+A+4, J+2+3 (4), run of 4 (4), flush of five (5) = 13;
    # seat 1 5♥ 5♣ 10♦ K♦: each 5 with 10, K, J (12) + the pair (2) = 14; seat 2
    # 7♥ 8♥ 9♣ 6♦: 7+8, 6+9 (4), run 6-7-8-9 (4; no 10 to reach the jack) = 8; seat 3
    # Q♥ Q♣ K♥ 2♦: the queens (2) and J-Q-K twice (6), no fifteen = 8; crib 9♥ 3♦ A♦ 8♣
    # with the jack: no fifteen, pair or run = 0. Dealer: 1 + 8 + 0 + 2 = 11.
    (
        "partners",
        hand(
            3,
            "JS",
            ["AS 2S 3S 4S", "5H 5C 10D KD", "7H 8H 9C 6D", "QH QC KH 2D"],
            "9H 3D AD 8C",
            [0, 60, 4, 1],
        ),
        {"shows": [13, 14, 8, 8], "crib_score": 0, "heels": 2, "hand_scores": [13, 74, 12, 11]},
    ),
]


# ---------------------------------------------------------------------------
# Validation (§8): every error with its code, in the order they are checked


def five(seat0="5S 5H 10D KS", seat1="2C 3C 4C 6C", crib="AD 9S 7H QH", **fields):
    body = hand(1, "JC", [seat0, seat1], crib, [3, 5])
    return body | fields


ERRORS = [
    # 1. invalid_input: settings first, then shape, seats, dealer, starter, pegging.
    ("settings-not-object", five(settings=[]), "invalid_input", None),
    ("settings-unknown", five(settings={"target_score": 121}), "invalid_input", None),
    ("target-not-offered", five(settings={"target": 100}), "invalid_input", None),
    ("target-text", five(settings={"target": "61"}), "invalid_input", None),
    ("four-flush-not-bool", five(settings={"crib_four_flush": 1}), "invalid_input", None),
    ("preset-unknown", five(settings={"preset": "twice"}), "invalid_input", None),
    ("hands-not-list", five(hands="5S 5H"), "invalid_input", None),
    ("one-hand", five(hands=[["5S", "5H", "10D", "KS"]]), "invalid_input", None),
    ("five-hands", five(hands=[["AS"]] * 5), "invalid_input", None),
    ("hand-text", five(hands=["5S 5H 10D KS", ["2C", "3C", "4C", "6C"]]), "invalid_input", 0),
    ("card-not-text", five(hands=[["5S", 5, "10D", "KS"], cs("2C 3C 4C 6C")]), "invalid_input", 0),
    ("crib-left-out", {k: v for k, v in five().items() if k != "crib"}, "invalid_input", None),
    ("crib-text", five(crib=None) | {"crib": "AD 9S 7H QH"}, "invalid_input", None),
    ("dealer-left-out", {k: v for k, v in five().items() if k != "dealer"}, "invalid_input", None),
    ("dealer-out-of-range", five(dealer=2), "invalid_input", None),
    ("dealer-bool", five(dealer=True), "invalid_input", None),
    ("first-dealer-out-of-range", five(settings={"first_dealer": 2}), "invalid_input", None),
    ("starter-left-out", five(starter=None), "invalid_input", None),
    ("starter-list", five(starter=["JC"]), "invalid_input", None),
    ("pegging-one-seat", five(pegging=[3]), "invalid_input", None),
    ("pegging-negative", five(pegging=[3, -1]), "invalid_input", 1),
    ("pegging-bool", five(pegging=[True, 5]), "invalid_input", 0),
    ("pegging-float", five(pegging=[3, 5.0]), "invalid_input", 1),
    ("pegging-not-list", five(pegging=8), "invalid_input", None),
    # 2. invalid_card: any card text, a joker, the crib's, the starter's.
    ("joker", five(seat1="2C 3C JK 6C"), "invalid_card", 1),
    ("one-club", five(seat0="5S 5H 10D 1C"), "invalid_card", 0),
    ("crib-card", five(crib="AD 9S 7H QX"), "invalid_card", None),
    ("starter-card", five(starter="JK"), "invalid_card", None),
    ("starter-empty", five(starter=""), "invalid_card", None),
    # 3. duplicate_card: one deck over the hands, the crib and the starter.
    ("duplicate-seat", five(seat1="2C 3C 4C 5S"), "duplicate_card", 1),
    ("duplicate-own", five(seat0="5S 5S 10D KS"), "duplicate_card", 0),
    ("duplicate-crib", five(crib="AD 9S 7H KS"), "duplicate_card", None),
    ("duplicate-starter", five(seat0="5S 5H 10D JC"), "duplicate_card", None),
    # 4. wrong_card_count: a hand or the crib not 4 cards.
    ("three-cards", five(seat0="5S 5H 10D"), "wrong_card_count", 0),
    ("five-cards", five(seat1="2C 3C 4C 6C 7C"), "wrong_card_count", 1),
    ("empty-hand", five(seat1=""), "wrong_card_count", 1),
    ("crib-of-5", five(crib="AD 9S 7H QH 2H"), "wrong_card_count", None),
    # 5. missing_hand: a hand or the crib null.
    ("hand-null", five(seat0=None), "missing_hand", 0),
    ("crib-null", five(crib=None), "missing_hand", None),
    # 6. pegging_out_of_range (CR4): more than 30 with 2 players.
    ("pegging-31", five(pegging=[31, 5]), "pegging_out_of_range", 0),
    # The order: each step over the whole hand before the next.
    ("card-before-count", five(seat0="5S 5H", seat1="2C 3C JK 6C"), "invalid_card", 1),
    ("card-before-duplicate", five(seat1="2C 3C 5S 6C", crib="AD 9S 7H JK"), "invalid_card", None),
    ("duplicate-before-count", five(seat0="5S 5H", crib="AD 9S 7H 5H"), "duplicate_card", None),
    ("count-before-missing", five(seat0=None, seat1="2C 3C"), "wrong_card_count", 1),
    ("missing-before-pegging", five(crib=None, pegging=[31, 31]), "missing_hand", None),
    ("input-before-card", five(seat1="2C 3C JK 6C", pegging=[-1, 0]), "invalid_input", 0),
    ("settings-before-all", five(hands=None, settings={"target": 1}), "invalid_input", None),
]


# ---------------------------------------------------------------------------
# The game (§5, §6, api.md §6.3)

API_GAME = {
    "settings": {"preset": "once_around"},
    "hands": [
        deal("5D", ["4S 4H 6C 6D", "5S 5H 5C JD"], "KH QD 2C 9S", [4, 6]),
        deal("7C", ["7S 8S 8H 9D", "2H 3D KC QS"], "AH AS 10H JC", [1, 5]),
        deal("5C", ["5S 10D JD QD", "3H 4H 5H 6H"], "KS 9C 2D 7D", [2, 2]),
    ],
}

# Hand 1 dealt by seat 0, starter K♠: seat 0's 2♠ 4♥ 6♦ 8♣ is 0; seat 1's 5♣ 5♦ 10♠ J♣
# is 5+10, 5+J, 5+K for each 5 (12) and the pair (2) = 14; the crib 5♥ 10♥ Q♣ 4♦ is
# 5+10, 5+Q, 5+K = 6. Pegging 30 each: seat 0 36, seat 1 44.
FIRST_61 = deal("KS", ["2S 4H 6D 8C", "5C 5D 10S JC"], "5H 10H QC 4D", [30, 30])


def over(totals, winner, ended_at, skunks):
    """A game's answer once a side has reached the target."""
    hand, stage = ended_at
    return {
        "totals": totals,
        "game_over": True,
        "winner": winner,
        "ended_at": {"hand": hand, "stage": stage},
        "skunks": skunks,
        "next_dealer": None,
    }


def going(totals, next_dealer):
    """A game's answer while no side has reached the target."""
    return {
        "totals": totals,
        "game_over": False,
        "winner": None,
        "ended_at": None,
        "skunks": None,
        "next_dealer": next_dealer,
    }


GAMES = [
    # api.md §6.3: seat 1 on 49 after pegging shows 18 and wins; seat 0's hand and the
    # crib are never counted; 59 is no skunk at 61.
    (
        "api",
        API_GAME,
        over([59, 67], 1, (3, "show"), ["none", None]),
    ),
    # Hand 1 only: the deal passes to seat 1.
    (
        "goes-on",
        {"hands": API_GAME["hands"][:1]},
        # Seat 0 (dealer) 4 + 24 (4♠ 4♥ 6♣ 6♦ with 5♦: 4+5+6 ×4, two pairs, four runs)
        # + crib 4 = 32; seat 1 6 + 29 = 35.
        going([32, 35], 1),
    ),
    # To 61: hand 2 (dealer 1): seat 0 pegs 25 to 61 and wins in the pegging; seat 1
    # keeps its 16 (60): CR7. No skunk at 60.
    (
        "pegs-out",
        {"settings": {"target": 61}, "hands": [FIRST_61, {**FIRST_61, "pegging": [25, 16]}]},
        over([61, 60], 0, (2, "pegging"), [None, "none"]),
    ),
    # To 61, seat 1 deals first: the crib is seat 1's (30 + 14 + 6 = 50, seat 0 30 + 0);
    # seat 0 deals next.
    (
        "first-dealer",
        {"settings": {"target": 61, "first_dealer": 1}, "hands": [FIRST_61]},
        going([30, 50], 0),
    ),
    # To 61: hand 1 (dealer 0) seat 1 pegs 30 and shows the 29: 59; seat 0 shows 2♠ 4♥ 6♦
    # 8♣ with 5♦: 2+8+5, 4+6+5 and 4-5-6 = 7, the crib K♥ Q♦ 2♣ 9♠: K+5, Q+5 = 4: 11.
    # Hand 2 (dealer 1): J♠ cut, his heels take seat 1 to 61 at the cut; the pegging and
    # the shows of hand 2 are never counted. Seat 0 at 11 is skunked (below 31).
    (
        "his-heels",
        {
            "settings": {"preset": "once_around"},
            "hands": [
                deal("5D", ["2S 4H 6D 8C", "5S 5H 5C JD"], "KH QD 2C 9S", [0, 30]),
                deal("JS", ["AH 2H 3H 4H", "6C 7C 8C 9C"], "10D 10C KS QS", [30, 30]),
            ],
        },
        over([11, 61], 1, (2, "his_heels"), ["skunk", None]),
    ),
    # Four players as partners to 61, the `partners` hand of HANDS dealt by seat 3 (the
    # first dealer). In counting order: his heels, 2 to seat 3; the pegging, 0 + 4 to
    # seats 0 + 2 and 60 + 1 to seats 1 + 3, who reach 63 and win; the other side keeps
    # its pegging (CR7), and no show is counted.
    (
        "partners",
        {
            "settings": {"target": 61, "first_dealer": 3},
            "hands": [
                deal(
                    "JS",
                    ["AS 2S 3S 4S", "5H 5C 10D KD", "7H 8H 9C 6D", "QH QC KH 2D"],
                    "9H 3D AD 8C",
                    [0, 60, 4, 1],
                )
            ],
        },
        over([4, 63], 1, (1, "pegging"), ["skunk", None]),
    ),
]


# ---------------------------------------------------------------------------
# Legal hands, as Hypothesis draws them


@st.composite
def hands(draw):
    """A legal `/hand` request for 2–4 players, its pegging within CR4's bound."""
    players = draw(st.integers(2, 4))
    deck = draw(st.permutations(DECK))
    return {
        "dealer": draw(st.integers(0, players - 1)),
        "starter": deck[4 * players + 4],
        "hands": [list(deck[4 * seat : 4 * seat + 4]) for seat in range(players)],
        "crib": list(deck[4 * players : 4 * players + 4]),
        "pegging": [draw(st.integers(0, scoring.PEGGING_MOST[players])) for _ in range(players)],
    }
