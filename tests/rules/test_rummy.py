"""Rummy (basic) against shared/rules/rummy-family.md §4 and shared/api.md §3.

Every expected value was worked out by hand from the spec; the arithmetic is in the
comments where it is not obvious.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules.cards import RANKS, SUITS, Card
from games.rules.kind import Played, Table
from games.rules.rummy import scoring as rummy
from games.rules.rummy.kind import KIND as RUMMY
from games.rules.rummy.scoring import HandInput, Settings, deadwood, score_game, score_hand, value
from tests.properties import tries
from tests.rules.helpers import rule_error

DECK = [rank + suit for rank in RANKS for suit in SUITS]
FACE = {rank: min(number, 10) for number, rank in enumerate(RANKS, start=1)}


def cs(text: str | None) -> tuple[str, ...] | None:
    """`"KS 4D"` -> ("KS", "4D"); None stays None (a hand not entered)."""
    return None if text is None else tuple(text.split())


def hand(winner: int, *hands: str | None, went_rummy: bool = False) -> HandInput:
    return HandInput(winner=winner, hands=tuple(cs(h) for h in hands), went_rummy=went_rummy)


# ---------------------------------------------------------------------------
# The game's constants and card values (§0.5, api.md §3.1 table)


def test_registry_constants():
    assert rummy.TITLE == "Rummy"
    assert rummy.SLUG == "rummy"
    assert (rummy.MIN_PLAYERS, rummy.MAX_PLAYERS) == (2, 6)
    assert [rummy.decks_for(n) for n in range(2, 7)] == [1] * 5
    assert rummy.default_decks(4) == 1


@pytest.mark.parametrize(
    ("rank", "expected"),
    [("A", 1), ("2", 2), ("7", 7), ("10", 10), ("J", 10), ("Q", 10), ("K", 10)],
)
def test_card_values(rank, expected):
    assert value(Card(rank, "H")) == expected


# ---------------------------------------------------------------------------
# /deadwood: every card in hand is deadwood ([R-held-melds-count], §7 D1)


@pytest.mark.parametrize(
    ("cards", "expected"),
    [
        # api.md §3.2: an unlaid run still counts, 7 + 8 + 9 + 10.
        ("7C 8C 9C KD", 34),
        # D1: three of a kind and a run held in hand all count: 5×3 + 1+2+3.
        ("5S 5H 5D AC 2C 3C", 21),
        ("", 0),
        ("AS", 1),
    ],
)
def test_deadwood_is_the_sum_of_every_card(cards, expected):
    result = deadwood(cards.split())
    assert result.deadwood == expected
    assert result.melds == ()
    assert [str(card) for card in result.unmatched] == cards.split()


def test_deadwood_accepts_friendly_spellings_and_answers_canonically():
    result = deadwood(["kd", " T♥ ", "q♣\ufe0f"])
    assert [str(card) for card in result.unmatched] == ["KD", "10H", "QC"]
    assert result.deadwood == 30


@pytest.mark.parametrize(
    ("cards", "code"),
    [
        (["1C"], "invalid_card"),
        (["JK"], "invalid_card"),  # Rummy has no jokers
        (["7 H"], "invalid_card"),
        (["KD", "KD"], "duplicate_card"),  # one deck
        (["KD", "KD", "1C"], "invalid_card"),  # invalid_card comes before duplicate_card
    ],
)
def test_deadwood_errors(cards, code):
    error = rule_error(code, deadwood, cards)
    assert error.player is None


# ---------------------------------------------------------------------------
# /hand


@pytest.mark.parametrize(
    ("entry", "dead", "scores"),
    [
        # api.md §3.3: seat 2 went rummy, (14 + 6) × 2 = 40.
        (hand(2, "KS 4D", "AH 2H 3H", "", went_rummy=True), (14, 6, 0), (0, 0, 40)),
        # Going out without rummy: 10 + 10 + 5 = 25 and 1, not doubled.
        (hand(0, "", "QD JD 5S", "AC"), (0, 25, 1), (26, 0, 0)),
        # The winner's entry may be null instead of [].
        (hand(1, "2C 9H", None), (11, 0), (0, 11)),
        # An opponent who also has no cards left scores 0 deadwood.
        (hand(0, None, ""), (0, 0), (0, 0)),
        # Six players, one deck; the winner takes everything left: 4+10+10+1+7 = 32, × 2.
        (
            hand(3, "4S", "KC", "QH", None, "AD", "7C", went_rummy=True),
            (4, 10, 10, 0, 1, 7),
            (0, 0, 0, 64, 0, 0),
        ),
    ],
)
def test_score_hand(entry, dead, scores):
    result = score_hand(entry)
    assert result.deadwood == dead
    assert result.hand_scores == scores


def test_explanation_names_the_cards_and_the_doubling():
    text = score_hand(hand(2, "KS 4D", "AH 2H 3H", "", went_rummy=True)).explanation
    assert "K♠ 4♦ = 14" in text
    assert "A♥ 2♥ 3♥ = 6" in text
    assert "20 × 2 = 40" in text


@pytest.mark.parametrize(
    ("entry", "code", "player"),
    [
        (hand(0, ""), "invalid_input", None),  # one player
        (hand(0, *[""] * 7), "invalid_input", None),  # seven players
        (hand(2, "", "5C"), "invalid_input", None),  # winner out of range
        (hand(-1, "", "5C"), "invalid_input", None),
        (HandInput(winner=True, hands=((), ("5C",))), "invalid_input", None),  # bool is no seat
        (HandInput(winner=0, hands=((), ("5C",)), went_rummy=1), "invalid_input", None),
        (hand(0, "", "5C 1C"), "invalid_card", 1),
        (hand(0, "", "JK"), "invalid_card", 1),
        (hand(0, "", "5C", "5C"), "duplicate_card", 2),  # the later copy is at fault
        (hand(0, "", None, "5C"), "missing_hand", 1),
        (hand(1, "5C", "2D"), "winner_has_cards", 1),
    ],
)
def test_hand_errors(entry, code, player):
    assert rule_error(code, score_hand, entry).player == player


@pytest.mark.parametrize(
    ("entry", "code"),
    [
        # Several errors at once: only the first in the validation order is reported.
        (hand(5, "1C", None), "invalid_input"),  # winner out of range + bad card + missing
        (hand(0, "5C 5C", "XX"), "invalid_card"),  # bad card beats a duplicate
        (hand(1, "5C", "5C", None), "duplicate_card"),  # duplicate beats missing + winner cards
        (hand(1, None, "5C"), "missing_hand"),  # missing beats winner_has_cards
    ],
)
def test_hand_validation_order(entry, code):
    rule_error(code, score_hand, entry)


def test_duplicate_message_names_both_seats():
    error = rule_error("duplicate_card", score_hand, hand(0, "", "9H", "9H"))
    assert "Seat 2" in error.message and "seat 1" in error.message


@tries(100)
@given(
    st.integers(2, 6).flatmap(
        lambda players: st.tuples(
            st.just(players),
            st.integers(0, players - 1),
            st.permutations(DECK).map(lambda deck: deck[:40]),
            st.lists(st.integers(0, 6), min_size=players, max_size=players),
            st.booleans(),
        )
    )
)
def test_winner_scores_the_opponents_deadwood_doubled_for_rummy(case):
    players, winner, deck, sizes, went_rummy = case
    hands, start = [], 0
    for seat in range(players):
        size = 0 if seat == winner else sizes[seat]
        hands.append(tuple(deck[start : start + size]))
        start += size
    result = score_hand(HandInput(winner, tuple(hands), went_rummy))
    sums = [sum(FACE[card[:-1]] for card in cards) for cards in hands]
    assert result.deadwood == tuple(sums)
    assert result.hand_scores[winner] == sum(sums) * (2 if went_rummy else 1)
    assert all(score == 0 for seat, score in enumerate(result.hand_scores) if seat != winner)


# ---------------------------------------------------------------------------
# /game


def test_api_game_example_to_fifty():
    # api.md §3.4: 25, then (9 + 4) × 2 = 26: 51 ≥ 50.
    result = score_game(
        [hand(0, "", "QD JD 5S"), hand(0, None, "9H 4C", went_rummy=True)],
        Settings(target_score=50),
    )
    assert result.totals == (51, 0)
    assert result.game_over is True
    assert result.winners == (0,)
    assert [r.hand_scores for r in result.hand_results] == [(25, 0), (26, 0)]


def test_without_an_end_setting_the_game_never_ends():
    result = score_game([hand(0, "", "KS")] * 3)
    assert result.totals == (30, 0)
    assert result.game_over is False
    assert result.winners is None


def test_target_reached_exactly_ends_the_game():
    result = score_game([hand(1, "KS", "")], Settings(target_score=10))
    assert (result.totals, result.game_over, result.winners) == ((0, 10), True, (1,))


def test_target_not_reached_leaves_winners_null():
    result = score_game([hand(1, "9S", "")], Settings(target_score=10))
    assert (result.game_over, result.winners) == (False, None)


def test_max_hands_and_a_tie_gives_joint_winners():
    # [R-tie]: 10 each after two hands.
    result = score_game([hand(0, "", "KS"), hand(1, "KS", "")], Settings(max_hands=2))
    assert result.totals == (10, 10)
    assert result.game_over is True
    assert result.winners == (0, 1)


def test_no_hands_with_players_gives_zero_totals():
    result = score_game([], players=4)
    assert result.totals == (0, 0, 0, 0)
    assert result.game_over is False


@pytest.mark.parametrize(
    ("game_settings", "hands"),
    [
        (Settings(target_score=50, max_hands=3), [hand(0, "", "KS")]),  # both
        (Settings(target_score=0), [hand(0, "", "KS")]),
        (Settings(max_hands=-1), [hand(0, "", "KS")]),
        (Settings(max_hands=True), [hand(0, "", "KS")]),
        (Settings(), [hand(0, "", "KS"), hand(0, "", "KS", "2C")]),  # player counts differ
    ],
)
def test_game_request_errors_are_invalid_input(game_settings, hands):
    rule_error("invalid_input", score_game, hands, game_settings)


def test_request_checks_come_before_any_hand_error():
    hands = [hand(0, "", "1C"), hand(0, "", "KS", "2C")]
    rule_error("invalid_input", score_game, hands)


def test_a_hand_error_names_the_hand_and_the_seat():
    error = rule_error("winner_has_cards", score_game, [hand(0, "", "KS"), hand(1, "5C", "2D")])
    assert error.message.startswith("Hand 2: ")
    assert error.player == 1


def test_a_hand_after_the_game_is_over_is_invalid_input():
    hands = [hand(0, "", "KS"), hand(0, "", "5S")]
    error = rule_error("invalid_input", score_game, hands, Settings(target_score=10))
    assert "Hand 2" in error.message
    rule_error("invalid_input", score_game, hands, Settings(max_hands=1))


def test_every_hand_is_checked_before_the_game_over_check():
    # Step 2 (each hand's own checks) runs over the whole request before step 3.
    hands = [hand(0, "", "KS"), hand(0, "", "1S")]
    error = rule_error("invalid_card", score_game, hands, Settings(max_hands=1))
    assert error.message.startswith("Hand 2: ")


def test_the_table_keeps_a_game_to_200_hands():
    # A game without a target goes on as long as the table plays, up to the limit every
    # game shares: the 200th hand is checked as usual, the 201st is refused.
    played = RUMMY.start(2, {})
    assert played == (1, {})
    names = ["Ann", "Ben"]
    entry = Played(cards=("", "KS"), details={"winner": 0})
    hands = {number: entry for number in range(1, 200)}

    standings, errors = RUMMY.check(Table(tuple(names), 1), 200, entry, hands)
    assert errors == [] and standings is not None
    assert len(standings.rows) == 200 and standings.rows[-1].running == (200 * 10, 0)

    hands[200] = entry
    standings, errors = RUMMY.check(Table(tuple(names), 1), 201, entry, hands)
    assert standings is None
    assert [error.message for error in errors] == ["A game holds at most 200 hands, not 201."]
