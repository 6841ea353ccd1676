"""Carousel against shared/rules/rummy-family.md §2 and shared/api.md §3.

Every expected value was worked out by hand from the spec (A = 1, J Q K = 10, joker 25);
the arithmetic is in the comments.
"""

import pytest
from hypothesis import given

from games.rules.cards import Card
from games.rules.carousel import scoring as carousel
from games.rules.carousel.scoring import HandInput, deadwood, score_game, score_hand, value
from tests.properties import tries
from tests.rules.carousel_examples import knocks
from tests.rules.helpers import rule_error


def cs(text: str | None) -> tuple[str, ...] | None:
    return None if text is None else tuple(text.split())


def hand(knocker: int, *hands: str | None) -> HandInput:
    return HandInput(knocker=knocker, hands=tuple(cs(h) for h in hands))


# ---------------------------------------------------------------------------
# Constants, decks and values


def test_registry_constants():
    assert carousel.TITLE == "Carousel"
    assert carousel.SLUG == "carousel"
    assert (carousel.MIN_PLAYERS, carousel.MAX_PLAYERS) == (2, 5)


@pytest.mark.parametrize(("players", "decks"), [(2, 1), (3, 2), (4, 2), (5, 2)])
def test_decks_and_jokers(players, decks):
    assert carousel.decks_for(players) == decks
    assert carousel.default_decks(players) == decks
    assert carousel.jokers_for(players) == decks  # one joker per deck


@pytest.mark.parametrize(
    ("card", "expected"),
    [(Card("A", "S"), 1), (Card("9", "D"), 9), (Card("K", "C"), 10), (Card("JK", ""), 25)],
)
def test_card_values(card, expected):
    assert value(card) == expected


# ---------------------------------------------------------------------------
# /deadwood: every card is deadwood ([CA-no-hand-melds], §7 B1)


@pytest.mark.parametrize(
    ("cards", "players", "expected"),
    [
        ("JK 4C QH", 3, 39),  # api.md §3.2: 25 + 4 + 10
        ("5H 6H 7H", 2, 18),  # B1: a run held in hand gives no credit
        ("JK JK", 4, 50),  # 2 decks, 2 jokers
        ("5H 5H", 5, 10),  # 2 decks: two copies
        ("", 2, 0),
    ],
)
def test_deadwood_is_every_card(cards, players, expected):
    result = deadwood(cards.split(), players)
    assert result.deadwood == expected
    assert result.melds == ()
    assert [str(card) for card in result.unmatched] == cards.split()


@pytest.mark.parametrize(
    ("cards", "players", "code"),
    [
        (["5H"], 1, "invalid_input"),
        (["5H"], 6, "invalid_input"),
        (["5H"], True, "invalid_input"),
        (["1H"], 2, "invalid_card"),
        (["5H", "5H"], 2, "duplicate_card"),  # 1 deck
        (["JK", "JK"], 2, "duplicate_card"),  # 1 joker for 2 players
        (["JK", "JK", "JK"], 3, "duplicate_card"),  # jokers: 1 × decks, not 2 × decks
        (["5H", "5H", "ZZ"], 2, "invalid_card"),  # invalid_card before duplicate_card
        (["ZZ"], 9, "invalid_input"),  # invalid_input first
    ],
)
def test_deadwood_errors(cards, players, code):
    rule_error(code, deadwood, cards, players)


# ---------------------------------------------------------------------------
# /hand


@pytest.mark.parametrize(
    ("entry", "dead", "winners", "scores"),
    [
        # api.md §3.3: seat 0 ties the knocker at 3 and undercuts: 0 + 31 + 10 = 41.
        (hand(1, "2C AD", "3S", "9D JK"), (3, 3, 34), (0,), (41, 0, 0)),
        # The knocker wins when every opponent is strictly higher: (2 − 1) = 1.
        (hand(0, "AS", "2C"), (1, 2), (0,), (1, 0)),
        # A knock with exactly 4 is allowed (§7 B2); 3 players: (10 − 4) + (5 − 4) = 7.
        (hand(2, "KS", "5D", "4C"), (10, 5, 4), (2,), (0, 0, 7)),
        # The knocker melded everything: (10 − 0) + 25 = 35.
        (hand(0, "", "KS"), (0, 10), (0,), (35, 0)),
        # A lower opponent undercuts and melded everything: (4 − 0) + 10 + 25 = 39 (§7 B3).
        (hand(0, "4C", ""), (4, 0), (1,), (0, 39)),
        # Knocker and opponent both at 0: the opponent undercuts, 0 + 10 + 25 = 35.
        (hand(0, "", ""), (0, 0), (1,), (0, 35)),
        # Tied undercutters both win and each scores in full (§7 B4):
        # seat 1: (3 − 2) + (2 − 2) + 10 = 11; seat 2 the same.
        (hand(0, "3C", "2C", "AC AD"), (3, 2, 2), (1, 2), (0, 11, 11)),
        # The lowest opponent wins, not the one who merely ties the knocker:
        # seat 2 (1): (2 − 1) + (2 − 1) + (30 − 1) + 10 = 41.
        (hand(0, "2S", "2H", "AH", "KS QS JS"), (2, 2, 1, 30), (2,), (0, 0, 41, 0)),
        # Five players, 2 jokers: the knocker wins with 1: 24 + 54 + 4 + 9 = 91.
        (
            hand(0, "AS", "JK", "JK KH QH JH", "3H 2H", "10C"),
            (1, 25, 55, 5, 10),
            (0,),
            (91, 0, 0, 0, 0),
        ),
    ],
)
def test_score_hand(entry, dead, winners, scores):
    result = score_hand(entry)
    assert result.deadwood == dead
    assert result.winners == winners
    assert result.hand_scores == scores


def test_explanation_shows_the_sum_and_the_cards():
    text = score_hand(hand(1, "2C AD", "3S", "9D JK")).explanation
    assert "(3 − 3) + (34 − 3) + 10 undercut = 41" in text
    assert "9♦ JK = 34" in text


def test_api_knock_error_example():
    error = rule_error("knock_not_allowed", score_hand, hand(0, "3C 2D", "KS"))
    assert error.player == 0
    assert error.message == "Seat 0 knocked with 5 deadwood; a knock needs 4 or less."


@pytest.mark.parametrize(
    ("entry", "code", "player"),
    [
        (hand(0, "AS"), "invalid_input", None),  # 1 player
        (hand(0, *["AS"] * 6), "invalid_input", None),  # 6 players
        (hand(2, "AS", "2S"), "invalid_input", None),  # knocker out of range
        (HandInput(knocker=False, hands=(("AS",), ("2S",))), "invalid_input", None),
        (hand(0, "AS", "2S 11S"), "invalid_card", 1),
        (hand(0, "AS", "AS"), "duplicate_card", 1),  # 2 players: 1 deck
        (hand(0, "AS", "JK", "JK", "JK"), "duplicate_card", 3),  # 4 players: 2 jokers
        (hand(0, "AS", None), "missing_hand", 1),
        (hand(0, None, "AS"), "missing_hand", 0),
        (hand(1, "AS", "KS"), "knock_not_allowed", 1),
    ],
)
def test_hand_errors(entry, code, player):
    assert rule_error(code, score_hand, entry).player == player


@pytest.mark.parametrize(
    ("entry", "code"),
    [
        (hand(7, "XX", None), "invalid_input"),
        (hand(0, "AS AS", "XX"), "invalid_card"),
        (hand(0, "KS KS", None), "duplicate_card"),  # beats missing_hand and the bad knock
        (hand(0, "KS", None), "missing_hand"),  # beats knock_not_allowed
    ],
)
def test_hand_validation_order(entry, code):
    rule_error(code, score_hand, entry)


@tries(150)
@given(knocks())
def test_winners_score_at_least_zero_and_everyone_else_zero(entry):
    result = score_hand(entry)
    assert result.winners
    for seat, score in enumerate(result.hand_scores):
        if seat in result.winners:
            assert score >= 0
        else:
            assert score == 0
    dead = result.deadwood
    if result.winners == (entry.knocker,):
        assert all(dw > dead[entry.knocker] for s, dw in enumerate(dead) if s != entry.knocker)
    else:
        assert entry.knocker not in result.winners
        assert len({dead[seat] for seat in result.winners}) == 1


# ---------------------------------------------------------------------------
# /game


def test_api_game_example():
    # Hand 1: 69 − 2 = 67. Hand 2: 82 − 0 + 25 = 107. Final: 174 + 2 × 25 + 100 = 324.
    result = score_game(
        [
            hand(0, "2H", "JK KD QS 9C 8C 7H"),
            hand(0, "", "JK KH QH JD 10S 9S 8D"),
        ]
    )
    assert result.totals == (174, 0)
    assert result.hands_won == (2, 0)
    assert result.game_over is True
    assert result.winners == (0,)
    assert result.final_scores == (324, 0)


def test_a_game_under_150_has_no_winners_or_final_scores():
    result = score_game([hand(1, "2C AD", "3S", "9D JK")])
    assert result.totals == (41, 0, 0)
    assert result.hands_won == (1, 0, 0)
    assert (result.game_over, result.winners, result.final_scores) == (False, None, None)


# Three-player hands (2 decks, 2 jokers) that build up to the end of the game.
# Seat 1 knocks with 0: 55 + 40 + 25 = 120.
SEAT_1_120 = hand(1, "JK KS KH KD", "", "QS QH QD QC")
# Seat 2 knocks with 0: 55 + 40 + 25 = 120.
SEAT_2_120 = hand(2, "JK KS KH KD", "QS QH QD QC", "")
# Seat 2 knocks with 0: 55 + 35 + 25 = 115.
SEAT_2_115 = hand(2, "JK KS KH KD", "QS QH QD 5C", "")
# Seat 0 knocks with 1; seats 1 and 2 tie at 0 and both undercut: (1 − 0) + 0 + 10 + 25 = 36.
BOTH_UNDERCUT = hand(0, "AS", "", "")


def test_two_players_cross_150_on_one_hand_and_the_higher_total_wins():
    # §7 B5: 120 + 36 = 156 and 115 + 36 = 151: both cross; seat 1 is higher.
    result = score_game([SEAT_1_120, SEAT_2_115, BOTH_UNDERCUT])
    assert result.totals == (0, 156, 151)
    assert result.hands_won == (0, 2, 2)  # each tied undercutter won the hand (§7 B4)
    assert result.winners == (1,)
    # Box bonus for every player, game bonus for the winner only.
    assert result.final_scores == (0, 156 + 50 + 100, 151 + 50)


def test_an_exact_tie_gives_joint_winners_with_the_game_bonus_each():
    result = score_game([SEAT_1_120, SEAT_2_120, BOTH_UNDERCUT])
    assert result.totals == (0, 156, 156)
    assert result.winners == (1, 2)
    assert result.final_scores == (0, 306, 306)


def test_the_threshold_is_tested_before_the_bonuses():
    # 120 plus a box bonus of 25 would reach 145 + …; the total itself is 120 < 150.
    result = score_game([SEAT_1_120])
    assert result.totals == (0, 120, 0)
    assert result.game_over is False


def test_a_hand_after_the_game_is_over_is_invalid_input():
    hands = [SEAT_1_120, SEAT_2_115, BOTH_UNDERCUT, BOTH_UNDERCUT]
    error = rule_error("invalid_input", score_game, hands)
    assert "Hand 4" in error.message


def test_hand_errors_come_before_the_game_over_check():
    hands = [SEAT_1_120, SEAT_2_115, BOTH_UNDERCUT, hand(0, "AS", "", "ZZ")]
    error = rule_error("invalid_card", score_game, hands)
    assert error.message.startswith("Hand 4: ")
    assert error.player == 2


def test_a_hand_error_names_the_hand():
    error = rule_error("knock_not_allowed", score_game, [SEAT_1_120, hand(0, "KS", "", "")])
    assert error.message.startswith("Hand 2: Seat 0 knocked with 10")
    assert error.player == 0


def test_every_hand_must_have_the_same_players_before_anything_else():
    rule_error("invalid_input", score_game, [hand(0, "ZZ", ""), hand(0, "AS", "", "")])
    rule_error("invalid_input", score_game, [hand(0, "AS", "")], players=3)


def test_no_hands_yet():
    result = score_game([], players=3)
    assert result.totals == (0, 0, 0)
    assert result.hands_won == (0, 0, 0)
    assert result.game_over is False
