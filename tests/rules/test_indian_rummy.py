"""Indian Rummy against shared/rules/rummy-family.md §5 and shared/api.md §3.

Every expected value was worked out by hand from the spec (A = 10, J Q K = 10, jokers and
wild-rank cards 0); the arithmetic is in the comments. Hands have 13 cards, written as one
string; "·" in a comment separates the melds of the arrangement that gives the count.
"""

import pytest
from hypothesis import given

from games.rules.cards import Card
from games.rules.indian_rummy import scoring as indian_rummy
from games.rules.indian_rummy.scoring import (
    GameSettings,
    HandInput,
    Settings,
    deadwood,
    score_game,
    score_hand,
    value,
)
from tests.properties import tries
from tests.rules.helpers import rule_error
from tests.rules.indian_rummy_examples import deals

# api.md §3.3: the declaration and the loser's hand.
DECLARED = "2H 3H 4H 5H 7C 8C JK KS KD KC AD AS AH"
LOSER_30 = "9S 10S JS 4D 4C QD 2S 6H 8D JK 3C 5C 7S"
# api.md §3.4 deal 2: no pure sequence, so every card counts: 90.
NO_LIFE_90 = "KH QC 9D 9S 9C JK 2D 5S 7C AH 3S 6D 10H"
# Life 8H 9H 10H only when the wild-rank 9H acts as itself ([IR-wild-natural]).
NINES_WILD = "8H 9H 10H KS KD 2C 4D 6S QC JD 7C AS 3H"


def cs(text: str | None) -> tuple[str, ...] | None:
    return None if text is None else tuple(text.split())


def hand(winner: int, *hands: str | None, **settings_) -> HandInput:
    return HandInput(
        winner=winner, hands=tuple(cs(h) for h in hands), settings=Settings(**settings_)
    )


def texts(cards) -> list[str]:
    return [str(card) for card in cards]


# ---------------------------------------------------------------------------
# Constants, decks and values


def test_registry_constants():
    assert indian_rummy.TITLE == "Indian Rummy"
    assert indian_rummy.SLUG == "indian-rummy"
    assert (indian_rummy.MIN_PLAYERS, indian_rummy.MAX_PLAYERS) == (2, 8)


@pytest.mark.parametrize(
    ("players", "decks", "expected"),
    [(2, None, 2), (4, None, 2), (5, None, 3), (8, None, 3), (2, 4, 4), (8, 1, 1)],
)
def test_decks_default_by_player_count(players, decks, expected):
    # §7 E11: 2 decks for 2–4 players, 3 for 5–8, unless the settings say otherwise.
    assert indian_rummy.decks_for(players, decks) == expected


def test_default_decks_for_the_registry():
    assert indian_rummy.default_decks(3) == 2
    assert indian_rummy.default_decks(6) == 3


@pytest.mark.parametrize(
    ("card", "wild_rank", "expected"),
    [
        (Card("A", "S"), None, 10),  # §7 E7: aces 10
        (Card("K", "S"), None, 10),
        (Card("10", "D"), None, 10),
        (Card("7", "C"), None, 7),
        (Card("2", "H"), None, 2),
        (Card("JK", ""), None, 0),
        (Card("9", "H"), "9", 0),  # [IR-wild-rank]: a wild-rank card is worth 0
        (Card("A", "H"), "A", 0),
        (Card("9", "H"), "8", 9),
    ],
)
def test_card_values(card, wild_rank, expected):
    assert value(card, wild_rank) == expected


# ---------------------------------------------------------------------------
# /deadwood: the non-winner count with the life rule (§5.4)


@pytest.mark.parametrize(
    ("cards", "wild_rank", "expected", "melds"),
    [
        # api.md §3.2: 5S 6S 7S · 9D 10D JK · QH QC QS; 2 + 3 + 7 + 10 (ace) = 22.
        (
            "5S 6S 7S 9D 10D JK QH QC QS 2C 3D 7H AC",
            None,
            22,
            ["5S 6S 7S", "9D 10D JK", "QH QC QS"],
        ),
        # api.md §3.3's loser: 3C 4C 5C pure · 7S JK 9S 10S JS; 4 + 10 + 2 + 6 + 8 = 30.
        (LOSER_30, None, 30, ["3C 4C 5C", "7S JK 9S 10S JS"]),
        # [IR-life-rule]: no pure sequence, so the 9s do not count as a set: every card.
        (NO_LIFE_90, None, 90, []),
        # E1/E3: life 2H 3H 4H and the set KS KD KC count without a second sequence:
        # 5 + 9 + 10 + 7 + 8 + 6 + 10 = 55 (the strict reading would count the kings: 85).
        ("2H 3H 4H KS KD KC 5C 9D JS 7H 8S 6D QD", None, 55, ["2H 3H 4H", "KS KD KC"]),
        # [IR-life-in-arrangement]: the life 5H 6H 7H keeps its 7H from the 7S 7D set, so
        # 7S and 7D count: 7 + 7 + 10 + 10 + 2 + 9 + 4 + 10 + 3 + 8 = 70 (not 67).
        ("5H 6H 7H 7S 7D KC QC 2D 9S 4C JD 3S 8C", None, 70, ["5H 6H 7H"]),
        # [IR-wild-natural]: 9s wild, 9H acts as itself in the pure 8H 9H 10H;
        # 10 + 10 + 2 + 4 + 6 + 10 + 10 + 7 + 10 + 3 = 72.
        (NINES_WILD, "9", 72, ["8H 9H 10H"]),
        # Kings wild (worth 0): KS KD join one of QC, JD, AS (10 each; which one is not
        # specified); 2 + 4 + 6 + 10 + 7 + 10 + 3 = 42.
        (NINES_WILD, "K", 42, None),
        # 5s wild: 5H completes Q K D (saves 20, more than 9C _ JC's 19):
        # 9 + 7 + 10 + 10 + 6 + 8 + 10 = 60.
        ("2S 3S 4S 5H 9C KD 7H JC QD 10S 6C 8D AH", "5", 60, ["2S 3S 4S", "5H KD QD"]),
        # §7 E7: Q-K-A is a pure sequence (ace high); the rest is loose:
        # 2 + 4 + 6 + 8 + 10 + 10 + 3 + 5 + 7 + 9 = 64.
        ("QS KS AS 2D 4C 6H 8S 10D JC 3H 5D 7C 9H", None, 64, ["QS KS AS"]),
        # K-A-2 is not: no pure sequence at all, 13 cards = 94.
        ("KS AS 2S 4D 6C 8H 10D JC 3H 5D 7C 9H QD", None, 94, []),
        # §7 E6: KH KH KS is no set (one suit twice): 30 + 6 + 8 + 10 + 10 + 5 + 7 + 9 = 85.
        ("2C 3C 4C KH KH KS 6D 8S 10H QD 5S 7D 9C", None, 85, ["2C 3C 4C"]),
        # With a joker KH KS JK is a set; the other KH counts: 10 + 6 + 8 + 10 + 10 + 5 + 7.
        ("2C 3C 4C KH KH KS 6D 8S 10H QD 5S 7D JK", None, 56, ["2C 3C 4C", "KH KS JK"]),
        # No life and a wild rank: wild-rank cards still count 0 (5s wild): 90 − 5 = 85.
        (NO_LIFE_90, "5", 85, []),
    ],
)
def test_deadwood_examples(cards, wild_rank, expected, melds):
    result = deadwood(cards.split(), wild_rank=wild_rank)
    assert result.deadwood == expected
    assert sum(value(card, wild_rank) for card in result.unmatched) == expected
    if melds is None:
        return
    # The order of cards inside a meld is not specified (api.md §3.2).
    assert sorted(sorted(texts(m)) for m in result.melds) == sorted(
        sorted(m.split()) for m in melds
    )
    if not melds:
        assert texts(result.unmatched) == cards.split()


def test_api_deadwood_example_exactly():
    cards = ["5S", "6S", "7S", "9D", "10D", "JK", "QH", "QC", "QS", "2C", "3D", "7H", "AC"]
    result = deadwood(cards)
    assert result.deadwood == 22
    assert [texts(m) for m in result.melds] == [
        ["5S", "6S", "7S"],
        ["9D", "10D", "JK"],
        ["QH", "QC", "QS"],
    ]
    assert texts(result.unmatched) == ["2C", "3D", "7H", "AC"]


def test_deadwood_with_jokers_off_and_other_deck_counts():
    # House rule 1: no jokers; 1 deck allows one copy of each card. Life 2C 3C 4C, then
    # 10 + 10 + 10 + 6 + 8 + 10 + 10 + 5 + 7 + 9 = 85.
    no_jokers = "2C 3C 4C KH QH KS 6D 8S 10H QD 5S 7D 9C"
    assert deadwood(no_jokers.split(), decks=1, jokers=False).deadwood == 85
    # 4 decks: four copies of a card are fine.
    four = "7C 7C 7C 7C 2H 3H 4H 9S 10S JS QS KS AS"
    assert deadwood(four.split(), decks=4).deadwood == 28


@pytest.mark.parametrize(
    ("cards", "kwargs", "code"),
    [
        (LOSER_30, {"decks": 0}, "invalid_input"),
        (LOSER_30, {"decks": 5}, "invalid_input"),
        (LOSER_30, {"decks": True}, "invalid_input"),
        (LOSER_30, {"jokers": "no"}, "invalid_input"),
        (LOSER_30, {"jokers": False}, "invalid_card"),  # the JK
        (LOSER_30, {"wild_rank": "X"}, "invalid_card"),
        (LOSER_30, {"wild_rank": "1"}, "invalid_card"),
        ("9S 9S 9S 4D 4C QD 2S 6H 8D JK 3C 5C 7S", {}, "duplicate_card"),  # 2 decks
        ("9S 9S 10S 4D 4C QD 2S 6H 8D JK 3C 5C 7S", {"decks": 1}, "duplicate_card"),
        ("JK JK JK JK JK 4C QD 2S 6H 8D 9C 5C 7S", {}, "duplicate_card"),  # 4 jokers in 2 decks
        ("JK JK JK JK JK 4C QD 2S 6H 8D 9C 5C 7S", {"decks": 3}, None),  # 6 in 3 decks
        ("9S 10S JS", {}, "wrong_card_count"),
        (LOSER_30 + " KC", {}, "wrong_card_count"),
        # Order: invalid_input, invalid_card, duplicate_card, wrong_card_count.
        ("9S 9S 9S XX", {"decks": 9}, "invalid_input"),
        ("9S 9S 9S XX", {}, "invalid_card"),
        ("9S 9S 9S", {}, "duplicate_card"),
    ],
)
def test_deadwood_errors(cards, kwargs, code):
    if code is None:
        deadwood(cards.split(), **kwargs)
    else:
        rule_error(code, deadwood, cards.split(), **kwargs)


# ---------------------------------------------------------------------------
# /hand


def test_api_hand_example():
    result = score_hand(hand(0, DECLARED, LOSER_30))
    assert result.deadwood == (0, 30)
    assert result.hand_scores == (30, -30)


@pytest.mark.parametrize(
    ("entry", "dead", "scores"),
    [
        # The winner's cards may be left out.
        (hand(1, NO_LIFE_90, None), (90, 0), (-90, 90)),
        # Three players: the winner takes 30 + 90 with no cap (§7 E9).
        (hand(2, LOSER_30, NO_LIFE_90, None), (30, 90, 0), (-30, -90, 120)),
        # A wild rank in the deal's settings: 72 with 9s wild.
        (hand(0, None, NINES_WILD, wild_rank="9"), (0, 72), (72, -72)),
        (hand(0, None, NINES_WILD, wild_rank="k"), (0, 42), (42, -42)),  # rank text parsed
    ],
)
def test_score_hand(entry, dead, scores):
    result = score_hand(entry)
    assert result.deadwood == dead
    assert result.hand_scores == scores


@pytest.mark.parametrize(
    "declared",
    [
        DECLARED,
        # [IR-long-run-split]: 2H–8H counts as two pure sequences with two sets.
        "2H 3H 4H 5H 6H 7H 8H 9C 9D 9S KC KD KS",
        # E5 (moot): three jokers alone are no meld, but they join the other melds.
        "2H 3H 4H 5S 6S 7S 8S 9C 9D 9S JK JK JK",
        # A wild-rank card as itself in the pure sequence, another as a joker (7s wild).
        "6H 7H 8H 9D 10D 7S 2C 2S 2H KC KD KS KH",
    ],
)
def test_valid_declarations(declared):
    extra = {"wild_rank": "7"} if "7S" in declared else {}
    result = score_hand(hand(0, declared, LOSER_30, **extra))
    assert result.hand_scores[0] == -sum(result.hand_scores[1:])


@pytest.mark.parametrize(
    "declared",
    [
        # Every card melded but only one sequence.
        "2H 3H 4H 5H 9C 9D 9S KC KD KS 5C 5D 5S",
        # Two sequences, neither pure.
        "2H 3H JK 5D JK 7D 9C 9D 9S KC KD KS KH",
        # A card left over.
        "2H 3H 4H 5H 7C 8C JK KS KD KC AD AS QH",
    ],
)
def test_invalid_declarations_are_refused(declared):
    # §7 E8: an input error, no penalty score.
    error = rule_error("invalid_declaration", score_hand, hand(1, LOSER_30, declared))
    assert error.player == 1


def test_explanation_shows_the_life_rule():
    text = score_hand(hand(1, NO_LIFE_90, None)).explanation
    assert "no pure sequence" in text
    assert "= 90" in text


@pytest.mark.parametrize(
    ("entry", "code", "player"),
    [
        (hand(0, None), "invalid_input", None),  # 1 player
        (hand(0, None, *[LOSER_30] * 8), "invalid_input", None),  # 9 players
        (hand(2, None, LOSER_30), "invalid_input", None),
        (HandInput(winner=None, hands=(None, cs(LOSER_30))), "invalid_input", None),
        (hand(0, None, LOSER_30, decks=0), "invalid_input", None),
        (hand(0, None, LOSER_30, decks=5), "invalid_input", None),
        (hand(0, None, LOSER_30, jokers=1), "invalid_input", None),
        (hand(0, None, LOSER_30.replace("QD", "1D")), "invalid_card", 1),
        (hand(0, None, LOSER_30, jokers=False), "invalid_card", 1),
        (hand(0, None, LOSER_30, wild_rank="JK"), "invalid_card", None),
        (hand(0, LOSER_30, LOSER_30, NO_LIFE_90), "duplicate_card", 2),  # 3 × 9S… in 2 decks
        (hand(0, LOSER_30, LOSER_30, decks=1), "duplicate_card", 1),
        # 1 + 1 + 3 = 5 jokers; 2 decks hold 4.
        (
            hand(0, DECLARED, LOSER_30, "JK JK JK 2D 3D 4D 5D 6D 7D 8D 9D 10D JD"),
            "duplicate_card",
            2,
        ),
        # 3 jokers and two copies of 9S, 4C… are fine with 2 decks; the declaration is not.
        (hand(0, LOSER_30, NO_LIFE_90, DECLARED), "invalid_declaration", 0),
        (hand(0, None, "9S 10S JS"), "wrong_card_count", 1),
        (hand(0, DECLARED + " 6C", LOSER_30), "wrong_card_count", 0),  # the winner's too
        (hand(0, None, None), "missing_hand", 1),
        (hand(0, LOSER_30, NO_LIFE_90), "invalid_declaration", 0),
    ],
)
def test_hand_errors(entry, code, player):
    assert rule_error(code, score_hand, entry).player == player


@pytest.mark.parametrize(
    ("entry", "code"),
    [
        (hand(5, "XX", None), "invalid_input"),
        (hand(0, "XX 9S", "9S 9S"), "invalid_card"),
        (hand(0, "9S 9S", "9S"), "duplicate_card"),  # before the wrong counts
        (hand(1, "9S", None), "wrong_card_count"),  # before missing_hand
        (hand(1, None, LOSER_30), "missing_hand"),  # before invalid_declaration
    ],
)
def test_hand_validation_order(entry, code):
    rule_error(code, score_hand, entry)


@tries(40)
@given(deals())
def test_the_winner_takes_what_the_others_lose(entry):
    result = score_hand(entry)
    assert sum(result.hand_scores) == 0
    assert result.hand_scores[entry.winner] == sum(result.deadwood)
    wild = entry.settings.wild_rank
    for seat, cards in enumerate(entry.hands):
        if cards is None:
            continue
        loose = sum(
            value(Card(c[:-1], c[-1]) if c != "JK" else Card("JK", ""), wild) for c in cards
        )
        assert 0 <= result.deadwood[seat] <= loose


# ---------------------------------------------------------------------------
# /game


def test_api_game_example():
    # Deal 1 as in /hand (30); deal 2: seat 0 has no pure sequence, 90.
    result = score_game(
        [hand(0, None, LOSER_30), hand(1, NO_LIFE_90, None)], GameSettings(max_deals=2)
    )
    assert result.totals == (-60, 60)
    assert result.game_over is True
    assert result.winners == (1,)


def test_target_score_ends_the_game_after_the_deal_that_reaches_it():
    result = score_game([hand(0, None, LOSER_30)], GameSettings(target_score=30))
    assert (result.totals, result.game_over, result.winners) == ((30, -30), True, (0,))


def test_without_an_end_setting_the_table_ends_the_game():
    result = score_game([hand(0, None, LOSER_30)] * 3)
    assert result.totals == (90, -90)
    assert (result.game_over, result.winners) == (False, None)


def test_a_tie_is_a_joint_win():
    result = score_game(
        [hand(0, None, LOSER_30), hand(1, LOSER_30, None)], GameSettings(max_deals=2)
    )
    assert result.totals == (0, 0)
    assert result.winners == (0, 1)


def test_game_settings_apply_to_every_deal_and_a_deal_overrides_them():
    # Game: 9s wild (72). Deal 2 overrides with kings wild (42).
    result = score_game(
        [hand(0, None, NINES_WILD), hand(0, None, NINES_WILD, wild_rank="K")],
        GameSettings(wild_rank="9"),
    )
    assert [r.deadwood for r in result.hand_results] == [(0, 72), (0, 42)]
    assert result.totals == (114, -114)


def test_game_jokers_and_decks_apply_to_every_deal():
    error = rule_error(
        "invalid_card", score_game, [hand(0, None, LOSER_30)], GameSettings(jokers=False)
    )
    assert error.message.startswith("Hand 1: ")
    rule_error(
        "duplicate_card",
        score_game,
        [hand(0, LOSER_30, LOSER_30.replace("JK", "KH"))],
        GameSettings(decks=1),
    )
    # A deal's own decks override the game's.
    score_game([hand(0, None, LOSER_30, decks=2)], GameSettings(decks=1))


@pytest.mark.parametrize(
    "game_settings",
    [
        GameSettings(target_score=100, max_deals=12),
        GameSettings(max_deals=0),
        GameSettings(target_score=-5),
        GameSettings(decks=7),
        GameSettings(jokers="yes"),
    ],
)
def test_game_settings_errors(game_settings):
    rule_error("invalid_input", score_game, [hand(0, None, "XX")], game_settings)


def test_a_game_wild_rank_that_is_no_rank_belongs_to_no_hand():
    error = rule_error(
        "invalid_card", score_game, [hand(0, None, LOSER_30)], GameSettings(wild_rank="Z")
    )
    assert not error.message.startswith("Hand")


def test_the_request_checks_come_before_the_game_wild_rank():
    hands = [hand(0, None, LOSER_30), hand(0, None, LOSER_30, NO_LIFE_90)]
    rule_error("invalid_input", score_game, hands, GameSettings(wild_rank="Z"))


def test_every_deal_must_have_the_same_players():
    rule_error(
        "invalid_input",
        score_game,
        [hand(0, None, "XX"), hand(0, None, LOSER_30, NO_LIFE_90)],
    )


def test_a_deal_error_names_the_hand():
    error = rule_error(
        "invalid_declaration", score_game, [hand(0, None, LOSER_30), hand(1, LOSER_30, NO_LIFE_90)]
    )
    assert error.message.startswith("Hand 2: ")
    assert error.player == 1


def test_a_deal_after_the_game_is_over_is_invalid_input():
    hands = [hand(0, None, LOSER_30), hand(0, None, LOSER_30)]
    rule_error("invalid_input", score_game, hands, GameSettings(max_deals=1))
    rule_error("invalid_input", score_game, hands, GameSettings(target_score=20))
