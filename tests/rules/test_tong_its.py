"""Tong-Its against shared/rules/rummy-family.md §1 and shared/api.md §3.

Every expected value was worked out by hand from the spec; the arithmetic is in the
comments. Each loser pays base + 3 per winner's concealed quad + 1 if unopened + 1 per
winner ace; everyone antes 2.
"""

from collections import Counter

import pytest
from hypothesis import given

from games.rules.cards import Card
from games.rules.tong_its import hand as tong_its
from games.rules.tong_its.hand import HandInput, PlayerInput, StateBefore, value
from games.rules.tong_its.scoring import deadwood, score_game, score_hand
from tests.properties import tries
from tests.rules.helpers import rule_error
from tests.rules.tong_its_examples import DECK, hands


def p(opened: bool = True, hand: str | None = None, aces: int = 0, quads: str = "") -> PlayerInput:
    """One seat: `hand` as card text ("" is an empty hand, None not entered)."""
    return PlayerInput(
        opened=opened,
        hand=None if hand is None else tuple(hand.split()),
        meld_aces=aces,
        face_down_quads=tuple(quads.split()),
    )


def tongit(caller: int, *players: PlayerInput, pot: int = 0, previous: int | None = None):
    return HandInput(
        end="tongit", caller=caller, players=players, state_before=StateBefore(pot, previous)
    )


def draw(caller: int, responses, *players: PlayerInput, pot: int = 0, previous=None):
    return HandInput(
        end="draw",
        caller=caller,
        responses=tuple(responses),
        players=players,
        state_before=StateBefore(pot, previous),
    )


def stock_out(last_drawer: int, *players: PlayerInput, pot: int = 0, previous=None):
    return HandInput(
        end="stock_out",
        last_drawer=last_drawer,
        players=players,
        state_before=StateBefore(pot, previous),
    )


# ---------------------------------------------------------------------------
# Constants and values


def test_registry_constants():
    assert tong_its.TITLE == "Tong-Its"
    assert tong_its.SLUG == "tong-its"
    assert (tong_its.MIN_PLAYERS, tong_its.MAX_PLAYERS) == (3, 3)
    assert tong_its.decks_for(3) == tong_its.default_decks(3) == 1


@pytest.mark.parametrize(
    ("rank", "expected"), [("A", 1), ("5", 5), ("10", 10), ("J", 10), ("K", 10)]
)
def test_card_values(rank, expected):
    assert value(Card(rank, "C")) == expected


# ---------------------------------------------------------------------------
# /deadwood: concealed melds count, aces low only (§1.1, §1.2)


@pytest.mark.parametrize(
    ("cards", "expected", "melds"),
    [
        # api.md §3.2: 3D–6D · 9S 9H 9C; KC + 2H = 12.
        ("3D 4D 5D 6D 9S 9H 9C KC 2H", 12, ["3D 4D 5D 6D", "9S 9H 9C"]),
        ("AS 2S 3S", 0, ["AS 2S 3S"]),  # A-2-3 is a run
        ("QS KS AS", 21, []),  # Q-K-A is not: 10 + 10 + 1
        ("KS AS 2S", 13, []),  # nor K-A-2
        ("7S 7H 7D 7C", 0, ["7S 7H 7D 7C"]),  # four of a kind
        # The 7H goes to the set (leaves 5 + 6 = 11) rather than the run (leaves 14).
        ("5H 6H 7H 7S 7D", 11, ["7H 7S 7D"]),
        # All four 7s: run 5-6-7H and set 7S 7D 7C.
        ("5H 6H 7H 7S 7D 7C", 0, ["5H 6H 7H", "7S 7D 7C"]),
        ("AC 2C 3C 4C 5C KD KH KS QD", 10, ["AC 2C 3C 4C 5C", "KD KH KS"]),
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", 0, None),  # 13 cards, one suit
        ("", 0, []),
    ],
)
def test_deadwood_examples(cards, expected, melds):
    result = deadwood(cards.split())
    assert result.deadwood == expected
    assert sum(value(card) for card in result.unmatched) == expected
    if melds is not None:
        assert sorted(sorted(map(str, m)) for m in result.melds) == sorted(
            sorted(m.split()) for m in melds
        )


def test_api_deadwood_example_exactly():
    result = deadwood(["3D", "4D", "5D", "6D", "9S", "9H", "9C", "KC", "2H"])
    assert [[str(c) for c in m] for m in result.melds] == [
        ["3D", "4D", "5D", "6D"],
        ["9S", "9H", "9C"],
    ]
    assert [str(c) for c in result.unmatched] == ["KC", "2H"]


@pytest.mark.parametrize(
    ("cards", "code"),
    [
        (DECK[:14], "invalid_input"),  # more than 13 cards
        (["JK", "5C"], "invalid_card"),
        (["5C", "1C"], "invalid_card"),
        (["5C", "5C"], "duplicate_card"),
        (["5C", "5C", "XX"], "invalid_card"),
        (["XX"] * 14, "invalid_input"),
    ],
)
def test_deadwood_errors(cards, code):
    rule_error(code, deadwood, cards)


# ---------------------------------------------------------------------------
# /hand


def test_api_hand_example():
    result = score_hand(
        draw(
            2,
            ["challenge", "fold", None],
            p(True, "8C 8D JH"),
            p(False),
            p(True, "AC AD 7S", aces=1),
            pot=6,
            previous=0,
        )
    )
    assert result.winner == 2
    assert result.win_type == "challenged_draw"
    assert result.deadwood == (26, None, 9)
    assert result.payments == (6, 7, 0)
    assert result.chip_delta == (-8, -9, 11)
    assert result.pot_after == 12
    assert result.pot_awarded == 0
    assert result.next_dealer == 2
    assert result.explanation.startswith(
        "Seat 2 (9) beats challenger seat 0 (26). Each loser pays 3 + 3 aces; "
        "seat 1 also pays 1 for not opening."
    )


@pytest.mark.parametrize(
    ("entry", "winner", "win_type", "dead", "payments", "delta", "pot_after", "awarded"),
    [
        # Tongit with a face-down quad and 2 meld aces: 3 + 3 + 2 = 8; seat 2 unopened: 9.
        (
            tongit(1, p(True, "7C"), p(True, "", aces=2, quads="K"), p(False)),
            1,
            "tongit",
            (None, None, None),
            (8, 0, 9),
            (-10, 15, -11),
            6,
            0,
        ),
        # An omitted tongit hand means []; base 3 each.
        (
            tongit(0, p(True), p(True), p(True)),
            0,
            "tongit",
            (None,) * 3,
            (0, 3, 3),
            (4, -5, -5),
            6,
            0,
        ),
        # A face-down quad of aces: 3 + 3 (quad) + 4 (aces) = 10.
        (
            tongit(2, p(), p(), p(True, "", quads="A")),
            2,
            "tongit",
            (None,) * 3,
            (10, 10, 0),
            (-12, -12, 18),
            6,
            0,
        ),
        # A draw both fold: base 1 + 3 (four aces held, [TI-quad-possession]) + 4 aces = 8.
        (
            draw(0, [None, "fold", "fold"], p(True, "AS AH AD AC 9C"), p(), p()),
            0,
            "draw",
            (None,) * 3,
            (0, 8, 8),
            (14, -10, -10),
            6,
            0,
        ),
        # A challenger who ties the caller wins; a folder pays the full 3 ([TI-folder-pays-full]).
        (
            draw(0, [None, "challenge", "fold"], p(True, "5C"), p(True, "5D"), p(True)),
            1,
            "challenged_draw",
            (5, 5, None),
            (3, 0, 3),
            (-5, 4, -5),
            6,
            0,
        ),
        # Two challengers tie: the one nearer the caller's left (walk 1, 2, 0) wins.
        (
            draw(0, [None, "challenge", "challenge"], p(True, "9C"), p(True, "4C"), p(True, "4D")),
            1,
            "challenged_draw",
            (9, 4, 4),
            (3, 0, 3),
            (-5, 4, -5),
            6,
            0,
        ),
        # Caller 1: walk 2, 0, 1, so seat 2 beats seat 0 on the tie.
        (
            draw(1, ["challenge", None, "challenge"], p(True, "4C"), p(True, "9C"), p(True, "4D")),
            2,
            "challenged_draw",
            (4, 9, 4),
            (3, 3, 0),
            (-5, -5, 4),
            6,
            0,
        ),
        # [TI-quad-possession]: the four 7s count as a concealed quad although the best
        # arrangement splits them (5H 6H 7H · 7S 7D 7C): 3 + 3 = 6 each.
        (
            draw(0, [None, "challenge", "fold"], p(True, "5H 6H 7H 7S 7D 7C"), p(True, "2C"), p()),
            0,
            "challenged_draw",
            (0, 2, None),
            (0, 6, 6),
            (10, -8, -8),
            6,
            0,
        ),
        # Stock out: a tie goes to the last drawer; seat 2 (unopened) does not compare
        # and pays 1 + 1.
        (
            stock_out(1, p(True, "3C"), p(True, "3D"), p(False)),
            1,
            "stock_out",
            (3, 3, None),
            (1, 0, 2),
            (-3, 1, -4),
            6,
            0,
        ),
        # Stock out: a tie between the other two goes to the one nearer the drawer's left.
        (
            stock_out(0, p(True, "8C"), p(True, "3C"), p(True, "3D")),
            1,
            "stock_out",
            (8, 3, 3),
            (1, 0, 1),
            (-3, 0, -3),
            6,
            0,
        ),
        # [TI-stockout-none-opened]: nobody opened, all three compare; walk 2, 0, 1.
        (
            stock_out(2, p(False, "2C"), p(False, "2D"), p(False, "9S")),
            0,
            "stock_out",
            (2, 2, 9),
            (0, 2, 2),
            (2, -4, -4),
            6,
            0,
        ),
        # Only one player opened: they alone compare and win, however high.
        (
            stock_out(0, p(False), p(True, "KS QH"), p(False)),
            1,
            "stock_out",
            (None, 20, None),
            (2, 0, 2),
            (-4, 2, -4),
            6,
            0,
        ),
        # [TI-pot-streak]: the previous winner wins again and takes the pot and the antes.
        (
            tongit(0, p(), p(), p(), pot=12, previous=0),
            0,
            "tongit",
            (None,) * 3,
            (0, 3, 3),
            (22, -5, -5),
            0,
            18,
        ),
        # Another winner: the pot grows by the antes.
        (
            tongit(0, p(), p(), p(), pot=12, previous=1),
            0,
            "tongit",
            (None,) * 3,
            (0, 3, 3),
            (4, -5, -5),
            18,
            0,
        ),
    ],
)
def test_score_hand(entry, winner, win_type, dead, payments, delta, pot_after, awarded):
    result = score_hand(entry)
    assert result.winner == winner
    assert result.win_type == win_type
    assert result.deadwood == dead
    assert result.payments == payments
    assert result.chip_delta == delta
    assert (result.pot_after, result.pot_awarded) == (pot_after, awarded)


def test_fields_the_end_type_does_not_use_are_ignored():
    entry = HandInput(
        end="stock_out",
        last_drawer=0,
        caller=99,
        responses=("nonsense",),
        players=(p(True, "2C"), p(True, "3C"), p(True, "4C")),
    )
    assert score_hand(entry).winner == 0
    entry = HandInput(end="tongit", caller=1, last_drawer=-4, players=(p(), p(True, ""), p()))
    assert score_hand(entry).winner == 1


def test_explanation_shows_the_compared_arrangements():
    text = score_hand(
        draw(0, [None, "challenge", "fold"], p(True, "5H 6H 7H 7S 7D 7C"), p(True, "2C"), p())
    ).explanation
    assert "melded: 5♥ 6♥ 7♥ · 7♠ 7♦ 7♣ — no deadwood" in text
    assert "concealed four-of-a-kind" in text


@pytest.mark.parametrize(
    ("entry", "code", "player"),
    [
        (HandInput(end="tongit", caller=0, players=(p(), p())), "invalid_input", None),
        (HandInput(end="knock", caller=0, players=(p(), p(), p())), "invalid_input", None),
        (HandInput(end="tongit", players=(p(), p(), p())), "invalid_input", None),
        (
            HandInput(end="draw", caller=3, responses=(None,) * 3, players=(p(),) * 3),
            "invalid_input",
            None,
        ),
        (HandInput(end="stock_out", caller=0, players=(p(),) * 3), "invalid_input", None),
        (HandInput(end="draw", caller=0, players=(p(),) * 3), "invalid_input", None),
        (draw(0, [None, "fold"], p(), p(), p()), "invalid_input", None),
        (draw(0, ["fold", "fold", "fold"], p(), p(), p()), "invalid_input", 0),
        (draw(0, [None, "pass", "fold"], p(), p(), p()), "invalid_input", 1),
        (draw(0, [None, None, "fold"], p(), p(), p()), "invalid_input", 1),
        (tongit(0, p(), p(True, "5C", aces=-1), p()), "invalid_input", 1),
        (tongit(0, p(), p(True, "5C", aces=True), p()), "invalid_input", 1),
        (tongit(0, p(), p(), p(False, quads="7")), "invalid_input", 2),
        (tongit(0, p(), p(True, " ".join(DECK[:14])), p()), "invalid_input", 1),
        (tongit(0, p(), p(), p(), pot=-1), "invalid_input", None),
        (tongit(0, p(), p(), p(), previous=3), "invalid_input", None),
        (
            HandInput(end="tongit", caller=0, players=(p(), PlayerInput(opened="yes"), p())),
            "invalid_input",
            1,
        ),
        (tongit(0, p(), p(True, "5C JK"), p()), "invalid_card", 1),
        (tongit(0, p(), p(True, "1C"), p()), "invalid_card", 1),
        (tongit(0, p(), p(), p(True, quads="X")), "invalid_card", 2),
        (tongit(0, p(), p(), p(True, quads="JK")), "invalid_card", 2),
        (tongit(0, p(True, "5C"), p(), p(True, "5C")), "duplicate_card", 2),
        # A card of a rank someone laid face down: the quad holds all four kings.
        (tongit(2, p(True, "KS"), p(True, quads="K"), p()), "duplicate_card", 1),
        (tongit(1, p(True, quads="K"), p(), p(True, quads="K")), "duplicate_card", 2),
        (tongit(1, p(True, quads="K K"), p(), p()), "duplicate_card", 0),
        # More than 4 aces accounted for: 2 in hand + 3 in melds.
        (tongit(1, p(True, "AS AH", aces=3), p(), p()), "duplicate_card", 0),
        (tongit(1, p(True, aces=2), p(True, "", aces=0), p(True, "AS AH AD")), "duplicate_card", 2),
        (tongit(1, p(True, quads="A"), p(True, "", aces=1), p()), "duplicate_card", 1),
        (tongit(0, p(True, "5C"), p(), p()), "tongit_with_cards", 0),
        (draw(1, ["fold", None, "fold"], p(), p(False, "5C"), p()), "not_opened", 1),
        (draw(1, ["challenge", None, "fold"], p(False, "2C"), p(True, "5C"), p()), "not_opened", 0),
        (draw(1, ["challenge", None, "fold"], p(True), p(True, "5C"), p()), "missing_hand", 0),
        (draw(1, ["fold", None, "fold"], p(), p(), p()), "missing_hand", 1),
        (stock_out(0, p(True, "2C"), p(False), p(True)), "missing_hand", 2),
        (stock_out(0, p(False), p(False, "2C"), p(False, "3C")), "missing_hand", 0),
    ],
)
def test_hand_errors(entry, code, player):
    assert rule_error(code, score_hand, entry).player == player


@pytest.mark.parametrize(
    ("entry", "code", "player"),
    [
        # Several errors at once: only the first in the validation order is reported.
        (HandInput(end="x", caller=0, players=(p(True, "JK"),) * 3), "invalid_input", None),
        (tongit(0, p(True, "5C 5C XX"), p(), p()), "invalid_card", 0),
        (tongit(0, p(True, "5C"), p(True, "5C"), p()), "duplicate_card", 1),
        # The caller is checked before the challengers, whatever their seats.
        (
            draw(1, ["challenge", None, "fold"], p(False, "2C"), p(False, "5C"), p()),
            "not_opened",
            1,
        ),
        # Challengers in seat order.
        (
            draw(0, [None, "challenge", "challenge"], p(True, "2C"), p(False), p(False)),
            "not_opened",
            1,
        ),
        # not_opened before missing_hand.
        (draw(0, [None, "fold", "fold"], p(False), p(), p()), "not_opened", 0),
        # missing_hand: the first missing seat in seat order.
        (draw(2, ["challenge", "challenge", None], p(True), p(True), p(True)), "missing_hand", 0),
    ],
)
def test_hand_validation_order(entry, code, player):
    assert rule_error(code, score_hand, entry).player == player


@tries(200)
@given(hands())
def test_chips_balance_against_the_pot(entry):
    result = score_hand(entry)
    pot_before = entry.state_before.pot
    # Chips only move between players and the pot.
    assert sum(result.chip_delta) == -(result.pot_after - pot_before)
    assert result.payments[result.winner] == 0
    assert all(pay >= 1 for seat, pay in enumerate(result.payments) if seat != result.winner)
    assert result.chip_delta[result.winner] == -2 + sum(result.payments) + result.pot_awarded
    assert (result.pot_after, result.pot_awarded) in [(pot_before + 6, 0), (0, pot_before + 6)]
    compared = [seat for seat, dw in enumerate(result.deadwood) if dw is not None]
    if compared:
        assert result.winner in compared
        assert result.deadwood[result.winner] == min(result.deadwood[s] for s in compared)


# ---------------------------------------------------------------------------
# /game


def test_api_game_example():
    # Hand 1: 5, −5, −6 and pot 6. Hand 2: payments 2 and 2, pot 12 awarded: 14, −4, −4.
    result = score_game(
        [
            tongit(0, p(True, ""), p(True, "5C"), p(False)),
            draw(0, [None, "fold", "fold"], p(True, "2C 3H", aces=1), p(), p()),
        ]
    )
    assert result.totals == (19, -9, -10)
    assert result.pot == 0
    assert result.hands_won == (2, 0, 0)
    assert [r.chip_delta for r in result.hand_results] == [(5, -5, -6), (14, -4, -4)]
    assert result.game_over is False and result.winners is None


def test_the_streak_goes_on_after_taking_the_pot():
    # [TI-pot-streak]: hand 2 takes 6 + 6, hand 3 takes its own 6.
    result = score_game([tongit(0, p(), p(), p())] * 3)
    assert [r.pot_awarded for r in result.hand_results] == [0, 12, 6]
    assert result.totals == (4 + 16 + 10, -15, -15)
    assert result.pot == 0
    assert result.hands_won == (3, 0, 0)


def test_a_new_winner_leaves_the_pot_growing_and_state_before_is_ignored():
    result = score_game(
        [tongit(0, p(), p(), p(), pot=99, previous=0), tongit(1, p(), p(), p(), pot=-3)]
    )
    assert result.pot == 12
    assert result.previous_winner == 1
    assert result.totals == (4 - 5, -5 + 4, -10)


def test_a_hand_error_names_the_hand():
    error = rule_error(
        "invalid_card", score_game, [tongit(0, p(), p(), p()), tongit(0, p(), p(True, "JK"), p())]
    )
    assert error.message.startswith("Hand 2: ")
    assert error.player == 1


def test_every_hand_must_have_the_same_players_before_anything_else():
    hands_ = [
        tongit(0, p(True, "JK"), p(), p()),
        HandInput(end="tongit", caller=0, players=(p(), p())),
    ]
    rule_error("invalid_input", score_game, hands_)


def test_no_hands_yet():
    result = score_game([])
    assert (result.totals, result.pot, result.hands_won) == ((0, 0, 0), 0, (0, 0, 0))
    assert Counter(result.hand_results) == Counter()
