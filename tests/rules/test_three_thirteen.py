"""Three Thirteen Rummy against shared/rules/rummy-family.md §3 and shared/api.md §3.

Every expected value was worked out by hand from the spec (A = 1, J Q K = 10, an unmelded
wild its own face value); the arithmetic is in the comments.
"""

from collections import Counter

import pytest
from hypothesis import given

from games.rules.cards import RANKS, Card
from games.rules.three_thirteen import scoring as three_thirteen
from games.rules.three_thirteen.scoring import HandInput, deadwood, score_game, score_hand, value
from tests.properties import tries
from tests.rules.helpers import rule_error
from tests.rules.three_thirteen_examples import revealed_hands

FACE = {rank: min(number, 10) for number, rank in enumerate(RANKS, start=1)}


def cs(text: str | None) -> tuple[str, ...] | None:
    return None if text is None else tuple(text.split())


def hand(number: int, went_out: int, *hands: str | None) -> HandInput:
    return HandInput(hand_number=number, went_out=went_out, hands=tuple(cs(h) for h in hands))


def texts(cards) -> list[str]:
    return [str(card) for card in cards]


def spades_run(number: int) -> str:
    """A-2-3-… of spades, hand_number + 2 cards: a run, so deadwood 0 on any hand."""
    return " ".join(rank + "S" for rank in RANKS[: number + 2])


# ---------------------------------------------------------------------------
# Constants, decks, wild ranks and values


def test_registry_constants():
    assert three_thirteen.TITLE == "Three Thirteen"
    assert three_thirteen.SLUG == "three-thirteen"
    assert three_thirteen.MIN_PLAYERS == 2
    assert three_thirteen.HANDS == 11


@pytest.mark.parametrize(("players", "decks"), [(2, 1), (3, 2), (4, 2), (5, 3), (6, 3), (9, 5)])
def test_decks_are_one_per_two_players(players, decks):
    assert three_thirteen.decks_for(players) == decks
    assert three_thirteen.default_decks(players) == decks


@pytest.mark.parametrize(
    ("number", "wild", "size"),
    [
        (1, "3", 3),
        (2, "4", 4),
        (7, "9", 9),
        (8, "10", 10),
        (9, "J", 11),
        (10, "Q", 12),
        (11, "K", 13),
    ],
)
def test_wild_rank_and_hand_size(number, wild, size):
    assert three_thirteen.wild_rank(number) == wild
    assert three_thirteen.hand_size(number) == size


@pytest.mark.parametrize(
    ("card", "expected"),
    [(Card("A", "S"), 1), (Card("3", "S"), 3), (Card("10", "H"), 10), (Card("K", "D"), 10)],
)
def test_card_values_wilds_included(card, expected):
    # [TT-wild-face-value]: a wild left unmelded counts its face value, not 20.
    assert value(card) == expected


# ---------------------------------------------------------------------------
# /deadwood


@pytest.mark.parametrize(
    ("cards", "number", "players", "expected", "melds"),
    [
        # api.md §3.2, hand 4 (6s wild): the wild saves more with the kings (20) than with
        # 8H 9H (17): 8 + 9 + 2 = 19.
        ("6C 8H 9H KS KD 2C", 4, 2, 19, ["KS KD 6C"]),
        # Hand 1 (3s wild): no meld at all, 8 + 9 + 10.
        ("8S 9D QC", 1, 2, 27, []),
        # [TT-wild-face-value]: the wild 3S melds with nothing here, so it counts 3.
        ("3S KD 5C", 1, 2, 18, []),
        # Melds of wilds alone are acceptable (§3.2).
        ("3S 3H 3D", 1, 2, 0, ["3S 3H 3D"]),
        # Hand 3 (5s wild): the wild fills 7H _ 9H (saves 16) or joins KS KD (saves 20).
        ("7H 9H 5C KS KD", 3, 2, 16, ["KS KD 5C"]),
        # Ace low: A-2-3 is a run; the 9 is left.
        ("AH 2H 3H 9C", 2, 2, 9, ["AH 2H 3H"]),
        # No wrap: Q-K-A is not a run, nor is K-A-2 (hand 2, 4s wild).
        ("QH KH AH 2C", 2, 2, 23, []),
        ("KH AH 2H 9C", 2, 2, 22, []),
        # [TT-set-duplicates]: identical cards from three decks make a set (5 players).
        ("7C 7C 7C 2D", 2, 5, 2, ["7C 7C 7C"]),
        # Sets have no maximum: five nines (2 decks) leave only the 2.
        ("9S 9S 9H 9H 9D 2C", 4, 3, 2, ["9S 9S 9H 9H 9D"]),
        # A wild extends a run at either end: 4H 5H + wild 3S (hand 1) = 3-4-5 or 4-5-6.
        ("4H 5H 3S", 1, 2, 0, ["4H 5H 3S"]),
        # Hand 5, 7s wild. Two wilds could fill 2D _ _ 5D (leaving 9 + 10 + 10 = 29), but
        # with JH QH they make a 4-card run (10-J-Q-K or J-Q-K + any) leaving 2 + 5 + 9 = 16.
        ("2D 5D 7S 7H 9C JH QH", 5, 2, 16, ["7S 7H JH QH"]),
        # Two wilds fill two gaps: 2D _ _ 5D saves 7, more than two wilds with any one of
        # AC 2H 3S (a set of one natural and two wilds) would: 1 + 2 + 3 left.
        ("2D 5D 7S 7H AC 2H 3S", 5, 2, 6, ["2D 5D 7S 7H"]),
        # Several equal arrangements: only the value is fixed.
        ("2D 3D 4D 7S 7H 7D 8D", 5, 2, 0, None),
    ],
)
def test_deadwood_examples(cards, number, players, expected, melds):
    result = deadwood(cards.split(), number, players)
    assert result.deadwood == expected
    if melds is not None:
        # The order of the cards inside a meld is not specified (api.md §3.2).
        assert sorted(sorted(texts(m)) for m in result.melds) == sorted(
            sorted(m.split()) for m in melds
        )
    assert sum(FACE[card.rank] for card in result.unmatched) == expected
    assert Counter(texts(result.unmatched)) + sum(
        (Counter(texts(m)) for m in result.melds), Counter()
    ) == Counter(cards.split())


def test_api_deadwood_example():
    result = deadwood(["6C", "8H", "9H", "KS", "KD", "2C"], 4, 2)
    assert result.deadwood == 19
    # api.md shows the meld as KS KD 6C; the order inside a meld is not specified.
    assert [sorted(texts(m)) for m in result.melds] == [["6C", "KD", "KS"]]
    assert texts(result.unmatched) == ["8H", "9H", "2C"]


def test_deadwood_default_players_is_two():
    rule_error("duplicate_card", deadwood, ["7C", "7C", "2D"], 1)  # 1 deck by default
    assert deadwood(["7C", "7C", "2D"], 1, 3).deadwood == 16  # 2 decks: 7 + 7 + 2


@pytest.mark.parametrize(
    ("cards", "number", "players", "code"),
    [
        (["7C", "8C", "9C"], 0, 2, "invalid_input"),
        (["7C", "8C", "9C"], 12, 2, "invalid_input"),
        (["7C", "8C", "9C"], True, 2, "invalid_input"),
        (["7C", "8C", "9C"], 1, 1, "invalid_input"),
        (["7C", "8C", "JK"], 1, 2, "invalid_card"),  # no jokers
        (["7C", "7C", "9C"], 1, 2, "duplicate_card"),
        (["7C", "8C"], 1, 2, "wrong_card_count"),
        (["7C", "8C", "9C", "10C"], 1, 2, "wrong_card_count"),
        # Order: invalid_input, invalid_card, duplicate_card, wrong_card_count.
        (["7C", "7C", "XX"], 0, 2, "invalid_input"),
        (["7C", "7C", "XX", "8C"], 1, 2, "invalid_card"),
        (["7C", "7C"], 1, 2, "duplicate_card"),
    ],
)
def test_deadwood_errors(cards, number, players, code):
    rule_error(code, deadwood, cards, number, players)


# ---------------------------------------------------------------------------
# /hand


@pytest.mark.parametrize(
    ("entry", "dead"),
    [
        # api.md §3.3, hand 2 (4s wild), 3 players: 4D 7C 7S leaves QH = 10;
        # 4S fills 5H 6H, AC = 1.
        (hand(2, 0, None, "4D 7C 7S QH", "5H 6H 4S AC"), (0, 10, 1)),
        # The went-out hand may be given; it is verified and scores 0.
        (hand(1, 1, "8S 9D QC", "3D 3C 5H"), (27, 0)),
        # Another player may also score 0 (hand 1: 3s wild).
        (hand(1, 0, "7H 8H 9H", "3C 10S 10D"), (0, 0)),
    ],
)
def test_score_hand(entry, dead):
    result = score_hand(entry)
    assert result.deadwood == dead
    assert result.hand_scores == dead


def test_explanation_names_the_wild_rank_and_the_arrangements():
    text = score_hand(hand(2, 0, None, "4D 7C 7S QH", "5H 6H 4S AC")).explanation
    assert "4s wild" in text
    assert "deadwood: Q♥ = 10" in text
    # A went-out hand that was entered is shown melded, so the table can check it.
    text = score_hand(hand(1, 1, "8S 9D QC", "3D 3C 5H")).explanation
    assert "Seat 1: melded: 3♦ 3♣ 5♥ — no deadwood." in text


@pytest.mark.parametrize(
    ("entry", "code", "player"),
    [
        (hand(0, 0, None, "7C 8C"), "invalid_input", None),
        (hand(12, 0, None, "7C 8C"), "invalid_input", None),
        (hand(1, 0, None), "invalid_input", None),  # one player
        (hand(1, 2, None, "7C 8C 9C"), "invalid_input", None),  # went_out out of range
        (
            HandInput(hand_number=1, went_out=True, hands=(None, ("7C", "8C", "9C"))),
            "invalid_input",
            None,
        ),
        (hand(1, 0, None, "7C 8C JK"), "invalid_card", 1),
        (hand(1, 0, "9C 2D 4H", "7C 8C 9C"), "duplicate_card", 1),  # 2 players: 1 deck
        (hand(1, 0, None, "9C 8C 9C", "9C 2D 4H"), "duplicate_card", 2),  # 3 players: 2 decks
        (hand(1, 0, None, "7C 8C 9C 10C"), "wrong_card_count", 1),
        (hand(1, 0, "7C 8C", "JC QC KC"), "wrong_card_count", 0),  # the went-out hand too
        (hand(1, 0, None, None), "missing_hand", 1),
        (hand(1, 1, "7C 8C 9C", "AC 5D 9S"), "went_out_with_deadwood", 1),
    ],
)
def test_hand_errors(entry, code, player):
    assert rule_error(code, score_hand, entry).player == player


@pytest.mark.parametrize(
    ("entry", "code"),
    [
        (hand(13, 5, "XX", None), "invalid_input"),
        (hand(1, 0, "XX 7C 7C", "7C"), "invalid_card"),
        (hand(1, 0, "7C 7C", "AC"), "duplicate_card"),  # before the wrong counts
        (hand(1, 1, "7C 8C", None), "wrong_card_count"),  # before missing_hand
        (hand(1, 1, None, "AC 5D 9S"), "missing_hand"),  # before went_out_with_deadwood
    ],
)
def test_hand_validation_order(entry, code):
    rule_error(code, score_hand, entry)


@tries(60)
@given(revealed_hands())
def test_scores_are_deadwood_at_most_the_face_total(entry):
    result = score_hand(entry)
    assert result.hand_scores == result.deadwood
    assert result.deadwood[entry.went_out] == 0
    for seat, cards in enumerate(entry.hands):
        if cards is not None:
            assert 0 <= result.deadwood[seat] <= sum(FACE[card[:-1]] for card in cards)


# ---------------------------------------------------------------------------
# /game


def test_api_game_example():
    # Hand 1: 8 + 9 + 10 = 27. Hand 2: 4C (wild) with KH KC, 2D = 2.
    result = score_game([hand(1, 1, "8S 9D QC", None), hand(2, 0, None, "4C KH KC 2D")])
    assert result.totals == (27, 2)
    assert result.game_over is False
    assert result.winners is None


def full_game(first_loser_hand: str | None = None) -> list[HandInput]:
    """Eleven hands in which the player who does not go out holds a spade run (0)."""
    hands = []
    for number in range(1, 12):
        went_out = number % 2
        other = spades_run(number)
        entries: list[str | None] = [None, None]
        entries[1 - went_out] = other
        hands.append(hand(number, went_out, *entries))
    if first_loser_hand is not None:
        hands[0] = hand(1, 1, first_loser_hand, None)
    return hands


def test_after_eleven_hands_the_lowest_total_wins():
    result = score_game(full_game("8S 9D QC"))
    assert result.totals == (27, 0)
    assert result.game_over is True
    assert result.winners == (1,)


def test_a_tie_after_eleven_hands_is_a_joint_win():
    result = score_game(full_game())
    assert result.totals == (0, 0)
    assert result.winners == (0, 1)


@pytest.mark.parametrize(
    "hands",
    [
        [*full_game(), hand(1, 0, None, "7C 8C 9C")],  # a twelfth hand
        [hand(2, 0, None, "7C 8C 9C 10C")],  # hand 1 must be numbered 1
        [hand(1, 0, None, "7C 8C 9C"), hand(3, 0, None, "7C 8C 9C 10C 5D")],
        [hand(1, 0, None, "7C 8C 9C"), hand(2, 0, None, "7C 8C 9C 10C", "2D 3D 4D 5D")],
    ],
)
def test_game_request_errors(hands):
    rule_error("invalid_input", score_game, hands)


def test_hand_numbers_are_checked_before_any_hand():
    rule_error("invalid_input", score_game, [hand(1, 0, None, "XX 8C 9C"), hand(5, 0, None, "")])


def test_a_hand_error_names_the_hand():
    error = rule_error(
        "wrong_card_count", score_game, [hand(1, 0, None, "7C 8C 9C"), hand(2, 0, None, "AC")]
    )
    assert error.message.startswith("Hand 2: ")
    assert error.player == 1


def test_players_given_without_hands():
    result = score_game([], players=3)
    assert result.totals == (0, 0, 0)
    assert result.game_over is False
