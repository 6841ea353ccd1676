"""Indian Chief scoring against shared/rules/indian-chief.md and shared/api.md §1–2.

Every expected score below was worked out by hand from the spec; the arithmetic is in the
comments where it is not obvious. Cards for the scorer are built directly as `Card` values
(not through the parser) so these tests do not lean on the code they check.
"""

from collections import Counter

import pytest

from games.rules.cards import Card
from games.rules.indian_chief.kind import KIND
from games.rules.indian_chief.melds import (
    Meld,
    PokerHand,
    best_split,
    check_decks,
    default_decks,
    meld_for,
    poker_hand,
    score_meld,
    score_single_meld,
)
from games.rules.indian_chief.scoring import Reveal, RoundEntry, Steal, score_game, score_round
from games.rules.kind import Played, Table
from tests.rules.helpers import rule_error

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def cs(text: str) -> tuple[Card, ...]:
    """`"10S AH"` -> (Card("10", "S"), Card("A", "H")), without the parser."""
    return tuple(Card(word[:-1], word[-1]) for word in text.split())


def words(text: str) -> list[str]:
    return text.split()


def rv(name: str, text: str, meld: Meld | None = None) -> Reveal:
    return Reveal(name, tuple(text.split()), meld)


def mentions(text: str, card: str) -> bool:
    """The explanation names the card, as `10♥` or as `10H`."""
    return card in text or card[:-1] + SYMBOLS[card[-1]] in text


def single(cards: str, meld: Meld | None = None, decks: int = 1, table: str = "") -> int:
    return score_single_meld(cards.split(), meld, decks, table.split()).score


# ---------------------------------------------------------------------------
# Meld names and sizes (spec §3)


@pytest.mark.parametrize(
    ("meld", "name", "size"),
    [
        (Meld.THIEF, "thief", 1),
        (Meld.BEGGAR_MAN, "beggar_man", 2),
        (Meld.POOR_MAN, "poor_man", 3),
        (Meld.LAWYER, "lawyer", 4),
        (Meld.RICH_MAN, "rich_man", 5),
        (Meld.DOCTOR, "doctor", 6),
        (Meld.INDIAN_CHIEF, "indian_chief", 7),
    ],
)
def test_meld_api_names_and_sizes(meld, name, size):
    assert meld.value == name
    assert Meld(name) is meld
    assert meld.size == size


# ---------------------------------------------------------------------------
# 3.1 Thief


@pytest.mark.parametrize(
    ("card", "score"),
    [
        ("AS", 1),
        ("2H", 2),
        ("5C", 5),
        ("9D", 9),
        ("10C", 10),
        ("JS", 10),
        ("QH", 10),
        ("KD", 10),
    ],
)
def test_thief_scores_face_value(card, score):
    assert score_meld(Meld.THIEF, cs(card)).score == score
    assert single(card) == score


# ---------------------------------------------------------------------------
# 3.2 Beggar Man


@pytest.mark.parametrize(
    ("cards", "table", "decks", "score"),
    [
        # no match
        ("5H 9C", "KD 2S 4H", 1, 0),
        ("AS KH", "", 1, 0),
        # a single match
        ("5H 9C", "9S KD", 1, 2),
        # matches on both ranks: 9S, 5D, 9H
        ("5H 9C", "9S 5D 9H 2C", 1, 6),
        ("AS KH", "AD KS KC QH", 1, 6),
        # a Beggar pair counts each opposing 8 once: 2 per card, not 4
        ("8D 8C", "8S 8H 2C", 1, 4),
        ("8D 8C", "8S", 1, 2),
        ("9D 9D", "9S 9H 9C 9S", 2, 8),
        # a 10 does not match J, Q or K, nor J match Q or K
        ("10H 4C", "JS QD KH 10D", 1, 2),
        ("JH 2C", "QS KD 10C", 1, 0),
        ("KH KD", "JS QS 10S", 1, 0),
        # two decks: an opponent's card identical to the Beggar's own card counts
        ("7H 7C", "7H 7S QD 3C", 2, 4),
        ("7H 2C", "7H 2C 7D", 2, 6),
        # the Beggar's own cards never count
        ("6S 6H", "", 1, 0),
        ("6S 6H", "KD QC", 1, 0),
    ],
)
def test_beggar_man(cards, table, decks, score):
    assert single(cards, Meld.BEGGAR_MAN, decks, table) == score
    assert score_meld(Meld.BEGGAR_MAN, cs(cards), cs(table)).score == score


def test_two_beggar_men_match_each_other_in_one_round():
    result = score_round([rv("Ann", "4S 9H"), rv("Ben", "4D JC"), rv("Cy", "9C")])
    # Ann: opponents hold 4D, JC, 9C -> 4D and 9C match: 4.
    # Ben: opponents hold 4S, 9H, 9C -> 4S matches: 2.
    assert result.scores == {"Ann": 4, "Ben": 2, "Cy": 9}


def test_beggar_counts_cards_of_every_opponent_meld_type():
    result = score_round(
        [
            rv("Ann", "QS 3D"),  # Beggar Man
            rv("Ben", "AH 2C 3S QD 5H 9C"),  # Doctor: 2 hearts, 2 clubs -> 20
            rv("Cy", "QC"),  # Thief
        ]
    )
    # Ann matches 3S and QD in the Doctor and QC in the Thief: 3 cards -> 6.
    assert result.scores == {"Ann": 6, "Ben": 20, "Cy": 10}
    matched = result.player("Ann").result.matches
    assert Counter(matched) == Counter(cs("3S QD QC"))


# ---------------------------------------------------------------------------
# 3.3 Poor Man


@pytest.mark.parametrize(
    ("cards", "score"),
    [
        ("AS 2S 3S", 6),
        ("KS QS JS", 30),
        ("10S 5H KD", 10),
        ("2H 3D 4C", 0),
        ("KH QD JC", 0),
        ("AS KH 9S", 10),
        ("JS 9D 7S", 17),
        ("QS 10S 3H", 20),
        ("9S 9H 9D", 9),
    ],
)
def test_poor_man_sums_face_values_of_spades(cards, score):
    assert score_meld(Meld.POOR_MAN, cs(cards)).score == score
    assert single(cards) == score


# ---------------------------------------------------------------------------
# 3.4 Lawyer


@pytest.mark.parametrize(
    ("cards", "score"),
    [
        ("QS 8H 6D AC", 25),  # 10 + 8 + 6 + 1 (would be 27 with Q = 12)
        ("KS 9H 2D AC", 0),  # 10 + 9 + 2 + 1 = 22 (would be 25 with K = 13)
        ("10H 10D 4S AC", 25),
        ("JS QH 3D 2C", 25),
        ("KS JH 4D AC", 25),
        ("QS 8H 5C 2D", 25),
        ("9S 9H 6D AC", 25),
        ("7S 6H 6D 6C", 25),
        ("KS 9D 4C 3H", 0),  # 26
        ("9S 8H 5D 2C", 0),  # 24
        ("AS AH AD AC", 0),
        ("KS QH JD 10C", 0),  # 40
    ],
)
def test_lawyer_needs_exactly_25(cards, score):
    assert score_meld(Meld.LAWYER, cs(cards)).score == score
    assert single(cards) == score


# ---------------------------------------------------------------------------
# 3.5 Rich Man


@pytest.mark.parametrize(
    ("cards", "decks", "score"),
    [
        ("AS 2H 3C AD 4S", 1, -11),
        ("KS QH JD 10C KD", 1, -50),
        ("2S 3H 4D 5C 6S", 1, -20),
        ("9H 8H 7H 6H 5H", 1, -35),
        ("AS 2S 3S 4S 5S", 1, -15),
        ("AS AH AD AC 2S", 1, -6),
        ("AS AS AH AH AD", 2, -5),  # five aces need two decks
    ],
)
def test_rich_man_is_minus_the_face_values(cards, decks, score):
    assert score_meld(Meld.RICH_MAN, cs(cards)).score == score
    assert single(cards, decks=decks) == score


def test_five_aces_with_one_deck_is_a_duplicate():
    rule_error("duplicate_card", score_single_meld, words("AS AS AH AH AD"))


# ---------------------------------------------------------------------------
# 3.6 Doctor


@pytest.mark.parametrize(
    ("cards", "decks", "score"),
    [
        ("AH 3S 5S 7S 9D JC", 1, 30),  # api.md example: three spades
        ("AH 2C 3D 4S 5C 6D", 1, 20),  # AH is the heart and the ace
        ("AS 7H 8S 9S 10S 2S", 1, 50),  # heart and ace on different cards
        ("AH 2H 3H 4H 5H 6H", 1, 60),
        ("AH 2C 3C 4C 5C 6C", 1, 50),
        ("AD KH QD JD 10D 9C", 1, 40),  # 10, J, Q, K are four different ranks
        ("AH 2H 3H 4S 5S 6S", 1, 30),
        ("AC JH QH KH 2S 3D", 1, 30),
        ("AS 2H 3D 4C 5S 6H", 1, 20),
        # repeated rank
        ("AH 2C 2D 4S 5C 6D", 1, 0),
        ("AH 10S 10D 4S 5C 6D", 1, 0),
        ("AH AH 2C 3D 4S 5C", 2, 0),
        # no heart
        ("AS 2C 3D 4S 5C 6D", 1, 0),
        ("AS KD QD JD 10C 9C", 1, 0),
        # no ace
        ("KH 2C 3D 4S 5C 6D", 1, 0),
        ("2H 3H 4H 5H 6H 7H", 1, 0),
    ],
)
def test_doctor(cards, decks, score):
    assert score_meld(Meld.DOCTOR, cs(cards)).score == score
    assert single(cards, decks=decks) == score


# ---------------------------------------------------------------------------
# 3.7 Indian Chief: poker categories


@pytest.mark.parametrize(
    ("cards", "hand"),
    [
        ("7S 7H 7D 7C 7S", PokerHand.FIVE_OF_A_KIND),
        ("9H 10H JH QH KH", PokerHand.STRAIGHT_FLUSH),
        ("10S JS QS KS AS", PokerHand.STRAIGHT_FLUSH),  # royal
        ("AD 2D 3D 4D 5D", PokerHand.STRAIGHT_FLUSH),  # ace-low, suited
        ("4C 4D 4H 4S 9D", PokerHand.FOUR_OF_A_KIND),
        ("QS QS QH QH 8D", PokerHand.FOUR_OF_A_KIND),
        ("JH JD JS 3C 3D", PokerHand.FULL_HOUSE),
        ("2C 7C 9C JC KC", PokerHand.FLUSH),
        ("2H 2H 5H 9H KH", PokerHand.FLUSH),  # two decks: flush with a pair
        ("2H 2H 9H 9H KH", PokerHand.FLUSH),  # two decks: flush with two pair
        ("5S 6H 7D 8C 9S", PokerHand.STRAIGHT),
        ("9S 10H JD QC KS", PokerHand.STRAIGHT),
        ("AS 2H 3D 4C 5S", PokerHand.STRAIGHT),  # ace low
        ("10S JH QD KC AS", PokerHand.STRAIGHT),  # ace high
        ("10S JS QS KS 9H", PokerHand.STRAIGHT),
        ("QS KH AD 2C 3S", PokerHand.HIGH_CARD),  # no wraparound
        ("KS AH 2D 3C 4S", PokerHand.HIGH_CARD),
        ("JS QH KD AC 2S", PokerHand.HIGH_CARD),
        ("8S 8H 8D KC 2S", PokerHand.THREE_OF_A_KIND),
        ("9S 9H 4D 4C KS", PokerHand.TWO_PAIR),
        ("10S 10H JD JC QS", PokerHand.TWO_PAIR),  # 10 and J are different ranks
        ("QS QH 2D 5C 8S", PokerHand.PAIR),
        ("10S JH QD KC KH", PokerHand.PAIR),
        ("5S 6H 7D 8C 8S", PokerHand.PAIR),
        ("2S 4H 6D 8C 10S", PokerHand.HIGH_CARD),
        # S2's mistyped line: four cards of one suit are NOT four of a kind
        ("2S 5S 8S JS KH", PokerHand.HIGH_CARD),
        ("3D 3D 8D JD 4C", PokerHand.PAIR),
    ],
)
def test_poker_hand_category(cards, hand):
    assert poker_hand(cs(cards)) is hand


# ---------------------------------------------------------------------------
# 3.7 Indian Chief: the best of 21 splits


@pytest.mark.parametrize(
    ("cards", "decks", "score", "hand"),
    [
        # spec: trips + 9+J (20 + 9) beats the straight 7-J + 10+10 (25 + 0)
        ("10S 10C 10H 7H 8C 9D JH", 1, 29, PokerHand.THREE_OF_A_KIND),
        # api.md: heart flush + AH 7C = 30 + 8
        ("3H 6H 8H JH QH AH 7C", 1, 38, PokerHand.FLUSH),
        # ace-low straight A-5 + K+9 -> 25 + 9
        ("AS 2H 3D 4C 5S KH 9D", 1, 34, PokerHand.STRAIGHT),
        # ace-high straight 10-A + 4+5 -> 25 + 9
        ("10S JH QD KC AS 4H 5D", 1, 34, PokerHand.STRAIGHT),
        # no wraparound: Q-K-A-2-3 is high card; best is 5 + (2+7 or 3+6) = 14
        ("QS KH AD 2C 3S 6H 7D", 1, 14, PokerHand.HIGH_CARD),
        # no wraparound: K-A-2-3-4 is high card; 5 + (K+9) = 14
        ("KS AH 2D 3C 4S 8H 9D", 1, 14, PokerHand.HIGH_CARD),
        # straight flush 5-9 hearts + K+9 = 45 + 9 (one-deck maximum 54)
        ("5H 6H 7H 8H 9H KS 9C", 1, 54, PokerHand.STRAIGHT_FLUSH),
        ("AD 2D 3D 4D 5D 9S KC", 1, 54, PokerHand.STRAIGHT_FLUSH),
        ("10C JC QC KC AC 4S 5H", 1, 54, PokerHand.STRAIGHT_FLUSH),
        # four spades are not four of a kind: high card 5 + (9+J) = 14, not 40 + ...
        ("2S 5S 8S JS 4H 9D KC", 1, 14, PokerHand.HIGH_CARD),
        # quads + 4+5 = 40 + 9
        ("7S 7H 7D 7C 2S 4H 5D", 1, 49, PokerHand.FOUR_OF_A_KIND),
        # quads + best of 9/2/3 (2+3 = 5) = 45; trips 5s + 5+3 would only be 28
        ("5S 5H 5D 5C 9H 2D 3C", 1, 45, PokerHand.FOUR_OF_A_KIND),
        # full house KKK44 + 2+7 = 35 + 9
        ("KS KH KD 4C 4S 2H 7D", 1, 44, PokerHand.FULL_HOUSE),
        # heart flush + 3+6 = 30 + 9
        ("2H 5H 9H JH KH 3S 6C", 1, 39, PokerHand.FLUSH),
        # 99 44 + K, baccarat 2+7 = 15 + 9
        ("9S 9H 4D 4C KS 2H 7C", 1, 24, PokerHand.TWO_PAIR),
        # 10 10 J J + Q, baccarat 2+7 = 15 + 9 (not a full house)
        ("10S 10H JD JC QS 2H 7D", 1, 24, PokerHand.TWO_PAIR),
        # trips 6 + K+9 = 20 + 9
        ("6S 6H 6D KC 2S 8H 9C", 1, 29, PokerHand.THREE_OF_A_KIND),
        # pair of queens + 5+3 = 10 + 8 beats breaking the pair for Q+9 (5 + 9)
        ("QS QH 2D 5C 8S 9H 3D", 1, 18, PokerHand.PAIR),
        # high card + 10+8 = 5 + 8 (no two cards make 9)
        ("2S 4H 6D 8C 10S QH KD", 1, 13, PokerHand.HIGH_CARD),
        # straight 9-K + 9+9 = 25 + 8 beats trips 9s + 10+10 = 20 + 0
        ("9S 10H JD QC KS 9H 9D", 1, 33, PokerHand.STRAIGHT),
        # two decks: five of a kind + 4+5 = 50 + 9, the maximum
        ("7S 7S 7H 7H 7D 4C 5C", 2, 59, PokerHand.FIVE_OF_A_KIND),
        # two decks: a flush with a pair scores as a flush: 30 + 3+6
        ("2H 2H 5H 9H KH 3S 6C", 2, 39, PokerHand.FLUSH),
        # two decks: QQQQ8 + 8+A = 40 + 9
        ("QS QS QH QH 8D 8D AC", 2, 49, PokerHand.FOUR_OF_A_KIND),
    ],
)
def test_indian_chief_best_split(cards, decks, score, hand):
    result = score_single_meld(cards.split(), Meld.INDIAN_CHIEF, decks)
    assert result.score == score
    assert result.split is not None
    assert result.split.hand is hand
    assert len(result.split.poker) == 5
    assert len(result.split.baccarat) == 2
    assert Counter(result.split.poker + result.split.baccarat) == Counter(cs(cards))
    split = best_split(cs(cards))
    assert split.score == score
    assert split.hand is hand


@pytest.mark.parametrize(
    ("cards", "baccarat", "baccarat_points"),
    [
        ("10S 10C 10H 7H 8C 9D JH", "9D JH", 9),
        ("3H 6H 8H JH QH AH 7C", "AH 7C", 8),
        ("AS 2H 3D 4C 5S KH 9D", "KH 9D", 9),
        ("7S 7H 7D 7C 2S 4H 5D", "4H 5D", 9),
    ],
)
def test_best_split_baccarat_hand(cards, baccarat, baccarat_points):
    split = best_split(cs(cards))
    assert Counter(split.baccarat) == Counter(cs(baccarat))
    assert split.baccarat_points == baccarat_points


def test_best_split_never_pairs_a_card_with_itself():
    # BGA's loop also tries a card "paired with itself" as baccarat and scores the other
    # six as poker; that could give 40 + 8 (9H twice) here. The true best is 45.
    split = best_split(cs("5S 5H 5D 5C 9H 2D 3C"))
    assert split.score == 45
    assert len(set(split.baccarat)) == 2


# ---------------------------------------------------------------------------
# Meld inference from the card count


@pytest.mark.parametrize(
    ("cards", "meld"),
    [
        ("KD", Meld.THIEF),
        ("7H 7C", Meld.BEGGAR_MAN),
        ("QS 10S 3H", Meld.POOR_MAN),
        ("QS 8H 6D AC", Meld.LAWYER),
        ("AS 2H 3C AD 4S", Meld.RICH_MAN),
        ("AH 3S 5S 7S 9D JC", Meld.DOCTOR),
        ("3H 6H 8H JH QH AH 7C", Meld.INDIAN_CHIEF),
    ],
)
def test_meld_inferred_from_count(cards, meld):
    assert score_single_meld(cards.split()).meld is meld
    assert meld_for(len(cards.split()), None) is meld
    assert meld_for(len(cards.split()), meld) is meld
    result = score_round([rv("Ann", cards), rv("Ben", "2D")])
    assert result.player("Ann").meld is meld


@pytest.mark.parametrize(
    ("cards", "meld"),
    [
        ("KS 9D 4C", Meld.LAWYER),  # api.md example
        ("", Meld.THIEF),
        ("KS 9D", Meld.THIEF),
        ("KS", Meld.BEGGAR_MAN),
        ("AS 2S 3S 4S", Meld.POOR_MAN),
        ("AS 2S 3S 4S 5S 6S", Meld.RICH_MAN),
        ("AS 2S 3S 4S 5S 6S 7S", Meld.DOCTOR),
        ("AH 2C 3D 4S 5C 6D", Meld.INDIAN_CHIEF),
    ],
)
def test_declared_meld_with_wrong_count(cards, meld):
    rule_error("wrong_card_count", score_single_meld, cards.split(), meld)
    error = rule_error("wrong_card_count", meld_for, len(cards.split()), meld, "Ann")
    assert error.player == "Ann"


@pytest.mark.parametrize("cards", ["", "AS 2S 3S 4S 5S 6S 7S 8S"])
def test_undeclared_meld_of_0_or_8_cards(cards):
    rule_error("wrong_card_count", score_single_meld, cards.split())
    error = rule_error("wrong_card_count", score_round, [rv("Ann", "KD"), rv("Ben", cards)])
    assert error.player == "Ben"


@pytest.mark.parametrize(
    ("cards", "meld", "decks", "table", "code"),
    [
        # api.md 2.1 order: deck count, then card text (cards and table), then count, copies
        (["1C"], None, 3, [], "invalid_deck_count"),
        (["KS", "9D", "4C"], Meld.LAWYER, 1, ["XX"], "invalid_card"),
        (["KS", "9D", "1C"], Meld.LAWYER, 1, [], "invalid_card"),
        (["7H", "7H", "7H"], Meld.LAWYER, 1, [], "wrong_card_count"),
        (["7H", "2C"], Meld.BEGGAR_MAN, 2, ["7H", "7H"], "duplicate_card"),
    ],
)
def test_single_meld_validation_order(cards, meld, decks, table, code):
    rule_error(code, score_single_meld, cards, meld, decks, table)


def test_declared_meld_in_a_round_with_wrong_count():
    error = rule_error(
        "wrong_card_count",
        score_round,
        [rv("Ann", "KD"), rv("Ben", "KS 9D 4C", Meld.LAWYER)],
    )
    assert error.player == "Ben"


# ---------------------------------------------------------------------------
# Decks and player counts (spec §1.4)


@pytest.mark.parametrize(
    ("players", "decks"), [(2, 1), (3, 1), (4, 2), (5, 2), (6, 2), (7, 2), (8, 2)]
)
def test_default_decks(players, decks):
    assert default_decks(players) == decks


@pytest.mark.parametrize(("decks", "players"), [(1, 2), (1, 3), (2, 2), (2, 3), (2, 4), (2, 8)])
def test_accepted_deck_counts(decks, players):
    check_decks(decks, players)


@pytest.mark.parametrize(
    ("decks", "players"), [(0, 2), (3, 2), (3, 8), (-1, 4), (1, 4), (1, 5), (1, 8)]
)
def test_rejected_deck_counts(decks, players):
    rule_error("invalid_deck_count", check_decks, decks, players)


@pytest.mark.parametrize("decks", [0, 3])
def test_single_meld_rejects_deck_count(decks):
    rule_error("invalid_deck_count", score_single_meld, ["KD"], None, decks)


def _players(count: int) -> list[Reveal]:
    thieves = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S"]
    return [rv(f"P{i}", thieves[i]) for i in range(count)]


@pytest.mark.parametrize("decks", [0, 3])
def test_round_rejects_deck_count(decks):
    rule_error("invalid_deck_count", score_round, _players(2), decks)


def test_round_with_four_players_and_one_deck():
    rule_error("invalid_deck_count", score_round, _players(4), 1)


@pytest.mark.parametrize("players", [2, 3])
def test_two_decks_with_two_or_three_players_is_accepted(players):
    reveals = [rv("Ann", "7H"), rv("Ben", "7H 7C"), rv("Cy", "KS")][:players]
    result = score_round(reveals, 2)
    assert result.decks == 2
    # Ben's Beggar counts Ann's identical 7H.
    assert result.scores["Ben"] == 2


@pytest.mark.parametrize(("players", "decks"), [(2, 1), (3, 1), (4, 2), (8, 2)])
def test_round_default_decks(players, decks):
    assert score_round(_players(players)).decks == decks


@pytest.mark.parametrize("players", [1, 9])
def test_invalid_player_count(players):
    rule_error("invalid_player_count", score_round, _players(players))
    rule_error("invalid_player_count", score_round, _players(players), 2)


def test_zero_players():
    rule_error("invalid_player_count", score_round, [])


# ---------------------------------------------------------------------------
# Copies (spec §1.4)


def test_duplicate_within_a_meld():
    error = rule_error("duplicate_card", score_round, [rv("Ann", "KD"), rv("Ben", "7H 7H")])
    assert error.player == "Ben"
    rule_error("duplicate_card", score_single_meld, ["7H", "7H"])


def test_duplicate_across_a_round_names_the_player_whose_copy_is_one_too_many():
    reveals = [rv("Ann", "7H"), rv("Ben", "QS 8H 6D AC"), rv("Cy", "2C 7H")]
    error = rule_error("duplicate_card", score_round, reveals)
    assert error.player == "Cy"


def test_duplicate_between_meld_and_table():
    rule_error("duplicate_card", score_single_meld, ["7H", "2C"], None, 1, ["7H"])
    assert score_single_meld(["7H", "2C"], None, 2, ["7H"]).score == 2


def test_two_decks_allow_two_copies_not_three():
    two = [rv("A", "7H"), rv("B", "7H 2C"), rv("C", "KD"), rv("D", "KD")]
    assert score_round(two).decks == 2
    three = [rv("A", "7H"), rv("B", "7H 2C"), rv("C", "KD"), rv("D", "7H")]
    error = rule_error("duplicate_card", score_round, three)
    assert error.player == "D"
    error = rule_error("duplicate_card", score_round, [rv("A", "7H 7H 7H"), rv("B", "KD")], decks=2)
    assert error.player == "A"


# ---------------------------------------------------------------------------
# Card errors inside a round


def test_invalid_card_names_the_player():
    error = rule_error("invalid_card", score_round, [rv("Ann", "KD"), rv("Ben", "1C")])
    assert error.player == "Ben"


def test_joker_is_invalid_in_indian_chief():
    rule_error("invalid_card", score_single_meld, ["JK"])
    rule_error("invalid_card", score_round, [rv("Ann", "JK"), rv("Ben", "2D")])
    rule_error("invalid_card", score_single_meld, ["7H", "2C"], None, 1, ["JK"])


def test_friendly_card_text_in_a_round_comes_back_canonical():
    result = score_round([rv("Ann", "th"), rv("Ben", "q♥\ufe0f  ks")])
    assert result.player("Ann").result.cards == (Card("10", "H"),)
    assert result.player("Ben").result.cards == (Card("Q", "H"), Card("K", "S"))
    assert result.scores == {"Ann": 10, "Ben": 0}


# ---------------------------------------------------------------------------
# Validation order (spec §6, api.md §2.2): only the first applicable code is reported


FOUR = [rv("Ann", "9D"), rv("Ben", "3S"), rv("Cal", "9C QH"), rv("Dot", "QS 8H 5C 2D")]


@pytest.mark.parametrize(
    ("reveals", "decks", "steals", "code", "player"),
    [
        # invalid_input first: duplicate names, despite a bad card and a bad deck count
        (
            [rv("Ann", "1C"), rv("Ann", "KD"), rv("Cy", "QS"), rv("Di", "2C")],
            1,
            (),
            "invalid_input",
            None,
        ),
        # invalid_input: a steal names someone not playing, despite a bad card
        (
            [rv("Ann", "XX"), rv("Ben", "KD")],
            None,
            [Steal("Zed", "Ben", "KD")],
            "invalid_input",
            None,
        ),
        ([rv("", "2C"), rv("Ben", "KD")], 3, (), "invalid_input", None),
        # invalid_player_count before invalid_deck_count and invalid_card
        ([rv("Ann", "XX")], 3, (), "invalid_player_count", None),
        (_players(9), 1, (), "invalid_player_count", None),
        # invalid_deck_count before invalid_card
        ([*FOUR[:3], rv("Dot", "1C")], 1, (), "invalid_deck_count", None),
        ([rv("Ann", "QX"), rv("Ben", "KD")], 0, (), "invalid_deck_count", None),
        # a bad card in player 3 beats a wrong count in player 1
        (
            [rv("Ann", "KS 9D 4C", Meld.LAWYER), rv("Ben", "KD"), rv("Cal", "QX")],
            None,
            (),
            "invalid_card",
            "Cal",
        ),
        # a bad card beats a duplicate earlier in the request
        ([rv("Ann", "7H"), rv("Ben", "7H"), rv("Cal", "12S")], None, (), "invalid_card", "Cal"),
        # the first bad card in request order
        (
            [rv("Ann", "KD"), rv("Ben", "0H"), rv("Cal", "QH"), rv("Dot", "RED")],
            None,
            (),
            "invalid_card",
            "Ben",
        ),
        # a bad card in a steal beats a wrong count in a meld
        (
            [rv("Ann", "KS 9D 4C", Meld.LAWYER), rv("Ben", "KD")],
            None,
            [Steal("Ben", "Ann", "ZZ")],
            "invalid_card",
            None,
        ),
        # a wrong count in player 3 beats a duplicate between players 1 and 2
        (
            [rv("Ann", "7H"), rv("Ben", "7H 2C"), rv("Cal", "AS 2S 3S 4S 5S 6S 7S 8S")],
            None,
            (),
            "wrong_card_count",
            "Cal",
        ),
        # the first wrong count in request order
        (
            [rv("Ann", "KD"), rv("Ben", "QS", Meld.LAWYER), rv("Cal", "")],
            None,
            (),
            "wrong_card_count",
            "Ben",
        ),
        # duplicate_card beats a steal by a player who is not a Thief
        (
            [rv("Ann", "7H"), rv("Ben", "7H 2C")],
            None,
            [Steal("Ben", "Ann", "7H")],
            "duplicate_card",
            "Ben",
        ),
        # not_a_thief over the whole list beats an earlier out-of-order entry
        (
            FOUR,
            None,
            [Steal("Ann", "Dot", "QS"), Steal("Ben", "Dot", "8H"), Steal("Cal", "Dot", "2D")],
            "not_a_thief",
            "Cal",
        ),
        # steal_out_of_order beats a later steal from self
        (
            FOUR,
            None,
            [Steal("Ann", "Dot", "QS"), Steal("Ben", "Ben", "3S")],
            "steal_out_of_order",
            "Ann",
        ),
        # cannot_steal_from_self (checked over the whole list) beats an earlier missing card
        (
            FOUR,
            None,
            [Steal("Ben", "Dot", "KD"), Steal("Ann", "Ann", "9D")],
            "cannot_steal_from_self",
            "Ann",
        ),
        # then the replay: the first missing card
        (
            FOUR,
            None,
            [Steal("Ben", "Dot", "KD"), Steal("Ann", "Dot", "AC")],
            "card_not_in_meld",
            "Ben",
        ),
    ],
)
def test_validation_order(reveals, decks, steals, code, player):
    error = rule_error(code, score_round, reveals, decks, steals)
    if player is not None:
        assert error.player == player


# ---------------------------------------------------------------------------
# Steals (spec §4, api.md §2.2)

MIA_NOOR = [
    rv("Mia", "9D"),
    rv("Noor", "3S"),
    rv("Omar", "9C QH"),
    rv("Pia", "QS 8H 5C 2D", Meld.LAWYER),
]


def after(result) -> dict[str, Counter]:
    return {name: Counter(cards) for name, cards in result.steals.melds_after.items()}


def test_api_round_example():
    steals = [Steal("Noor", "Pia", "QS"), Steal("Mia", "Pia", "3S")]
    result = score_round(MIA_NOOR, steals=steals)
    assert result.decks == 2
    assert [p.name for p in result.players] == ["Mia", "Noor", "Omar", "Pia"]
    assert [p.meld for p in result.players] == [
        Meld.THIEF,
        Meld.THIEF,
        Meld.BEGGAR_MAN,
        Meld.LAWYER,
    ]
    assert result.scores == {"Mia": 9, "Noor": 3, "Omar": 4, "Pia": 25}
    assert result.steals.thief_order == (("Noor",), ("Mia",))
    assert result.steals.taken == {"Noor": Card("Q", "S"), "Mia": Card("3", "S")}
    assert after(result) == {
        "Mia": Counter(),
        "Noor": Counter(),
        "Omar": Counter(cs("9C QH")),
        "Pia": Counter(cs("9D 8H 5C 2D")),
    }
    # Omar's Beggar counts 9D and QS as revealed, before the steals.
    explanation = result.player("Omar").result.explanation
    assert mentions(explanation, "9D")
    assert mentions(explanation, "QS")


def test_api_round_example_in_the_wrong_order():
    steals = [Steal("Mia", "Pia", "3S"), Steal("Noor", "Pia", "QS")]
    error = rule_error("steal_out_of_order", score_round, MIA_NOOR, steals=steals)
    assert error.player == "Mia"


def test_no_steals_leaves_every_meld_as_revealed():
    result = score_round(MIA_NOOR)
    assert result.steals.taken == {}
    assert after(result) == {
        "Mia": Counter(cs("9D")),
        "Noor": Counter(cs("3S")),
        "Omar": Counter(cs("9C QH")),
        "Pia": Counter(cs("QS 8H 5C 2D")),
    }


@pytest.mark.parametrize(
    ("reveals", "order"),
    [
        # ace lowest
        (
            [rv("A", "KD"), rv("B", "AS"), rv("C", "5H"), rv("D", "2C")],
            (("B",), ("D",), ("C",), ("A",)),
        ),
        # J before K: same score, different rank, not tied; ties keep request order
        ([rv("A", "JH"), rv("B", "KD"), rv("C", "JC")], (("A", "C"), ("B",))),
        (
            [rv("A", "KS"), rv("B", "QS"), rv("C", "JS"), rv("D", "10S")],
            (("D",), ("C",), ("B",), ("A",)),
        ),
        ([rv("A", "7H"), rv("B", "7D"), rv("C", "7S"), rv("D", "9C 2H")], (("A", "B", "C"),)),
        ([rv("A", "AH"), rv("B", "AD")], (("A", "B"),)),
        # only Thieves count
        ([rv("A", "QH QD"), rv("B", "QS")], (("B",),)),
        ([rv("A", "9C 2H"), rv("B", "AS 2S 3S")], ()),
    ],
)
def test_thief_order(reveals, order):
    assert score_round(reveals).steals.thief_order == order


THIEVES = [rv("Ann", "2C"), rv("Ben", "8D"), rv("Cal", "AS KS 5H")]  # Cal: Poor Man 11


def test_later_thief_steals_the_swapped_in_card():
    steals = [Steal("Ann", "Cal", "KS"), Steal("Ben", "Cal", "2C")]
    result = score_round(THIEVES, steals=steals)
    assert result.steals.taken == {"Ann": Card("K", "S"), "Ben": Card("2", "C")}
    assert after(result) == {
        "Ann": Counter(),
        "Ben": Counter(),
        "Cal": Counter(cs("AS 8D 5H")),
    }
    assert result.scores == {"Ann": 2, "Ben": 8, "Cal": 11}


def test_thief_robs_a_thief_who_then_gives_the_swapped_in_card():
    steals = [Steal("Ann", "Ben", "8D"), Steal("Ben", "Cal", "KS")]
    result = score_round(THIEVES, steals=steals)
    assert result.steals.taken == {"Ann": Card("8", "D"), "Ben": Card("K", "S")}
    # Ben's spot held Ann's 2C after the first steal; that is what Cal receives.
    assert after(result) == {
        "Ann": Counter(),
        "Ben": Counter(),
        "Cal": Counter(cs("AS 2C 5H")),
    }
    assert result.scores == {"Ann": 2, "Ben": 8, "Cal": 11}


def test_robbed_thief_that_passes_keeps_the_swapped_in_card():
    steals = [Steal("Ann", "Ben", "8D"), Steal("Ben")]
    result = score_round(THIEVES, steals=steals)
    assert result.steals.taken == {"Ann": Card("8", "D")}
    assert after(result)["Ben"] == Counter(cs("2C"))
    assert after(result)["Ann"] == Counter()


def test_robbed_thief_cannot_take_back_from_an_emptied_spot():
    steals = [Steal("Ann", "Ben", "8D"), Steal("Ben", "Ann", "8D")]
    error = rule_error("card_not_in_meld", score_round, THIEVES, steals=steals)
    assert error.player == "Ben"


def test_passes_and_absent_thieves():
    result = score_round(THIEVES, steals=[Steal("Ann"), Steal("Ben")])
    assert result.steals.taken == {}
    assert after(result) == {
        "Ann": Counter(cs("2C")),
        "Ben": Counter(cs("8D")),
        "Cal": Counter(cs("AS KS 5H")),
    }
    result = score_round(THIEVES, steals=[Steal("Ann", "Cal", "KS")])
    assert result.steals.taken == {"Ann": Card("K", "S")}
    assert after(result)["Ben"] == Counter(cs("8D"))
    assert after(result)["Cal"] == Counter(cs("AS 2C 5H"))


def test_steal_card_may_be_written_in_a_friendly_way():
    result = score_round(THIEVES, steals=[Steal("Ann", "Cal", "k♠\ufe0f")])
    assert result.steals.taken == {"Ann": Card("K", "S")}


def test_steal_with_an_invalid_card():
    rule_error("invalid_card", score_round, THIEVES, steals=[Steal("Ann", "Cal", "1S")])


def test_steals_never_change_scores():
    reveals = [*THIEVES, rv("Dee", "KH 8S")]  # Dee: Beggar Man, 4 players -> 2 decks
    plain = score_round(reveals)
    # Dee matches KS (Cal) and 8D (Ben) as revealed: 4.
    assert plain.scores == {"Ann": 2, "Ben": 8, "Cal": 11, "Dee": 4}
    for steals in (
        [Steal("Ann", "Cal", "KS"), Steal("Ben", "Cal", "2C")],
        [Steal("Ann", "Ben", "8D"), Steal("Ben", "Dee", "KH")],
        [Steal("Ann", "Dee", "8S"), Steal("Ben")],
    ):
        stolen = score_round(reveals, steals=steals)
        assert stolen.scores == plain.scores
        assert [p.result.explanation for p in stolen.players] == [
            p.result.explanation for p in plain.players
        ]


TIED = [rv("Ann", "5S"), rv("Ben", "5H"), rv("Cal", "KS QS 2H")]


def test_tied_thieves_taking_different_cards_in_either_order():
    for steals in (
        [Steal("Ben", "Cal", "KS"), Steal("Ann", "Cal", "QS")],
        [Steal("Ann", "Cal", "QS"), Steal("Ben", "Cal", "KS")],
    ):
        result = score_round(TIED, steals=steals)
        assert result.steals.thief_order == (("Ann", "Ben"),)
        assert result.steals.taken == {"Ben": Card("K", "S"), "Ann": Card("Q", "S")}
        assert after(result)["Cal"] == Counter(cs("5S 5H 2H"))


def test_tied_thief_may_rob_the_other():
    steals = [Steal("Ann", "Ben", "5H"), Steal("Ben", "Cal", "KS")]
    result = score_round(TIED, steals=steals)
    assert result.steals.taken == {"Ann": Card("5", "H"), "Ben": Card("K", "S")}
    assert after(result)["Cal"] == Counter(cs("5S QS 2H"))


def test_tied_thieves_taking_the_same_card_from_the_same_victim():
    steals = [Steal("Ann", "Cal", "KS"), Steal("Ben", "Cal", "KS")]
    error = rule_error("thief_tie_conflict", score_round, TIED, steals=steals)
    assert error.player == "Ben"


def test_tied_thief_asking_for_a_card_that_was_never_there():
    steals = [Steal("Ann", "Cal", "KS"), Steal("Ben", "Cal", "JD")]
    rule_error("card_not_in_meld", score_round, TIED, steals=steals)


def test_untied_thief_asking_for_a_card_already_taken_is_not_a_tie_conflict():
    steals = [Steal("Ann", "Cal", "KS"), Steal("Ben", "Cal", "KS")]
    error = rule_error("card_not_in_meld", score_round, THIEVES, steals=steals)
    assert error.player == "Ben"


@pytest.mark.parametrize(
    ("steals", "code", "player"),
    [
        ([Steal("Omar", "Pia", "QS")], "not_a_thief", "Omar"),
        ([Steal("Pia")], "not_a_thief", "Pia"),
        ([Steal("Noor", "Pia", "QS"), Steal("Omar", "Pia", "8H")], "not_a_thief", "Omar"),
        # a higher Thief before a lower one: the higher acted too early
        ([Steal("Mia", "Pia", "QS"), Steal("Noor", "Pia", "8H")], "steal_out_of_order", "Mia"),
        # a pass is an entry too
        ([Steal("Mia"), Steal("Noor", "Pia", "8H")], "steal_out_of_order", "Mia"),
        # one Thief with two entries
        ([Steal("Noor", "Pia", "QS"), Steal("Noor", "Omar", "9C")], "steal_out_of_order", "Noor"),
        ([Steal("Noor"), Steal("Noor", "Omar", "9C")], "steal_out_of_order", "Noor"),
        (
            [Steal("Noor", "Pia", "QS"), Steal("Mia", "Pia", "8H"), Steal("Mia")],
            "steal_out_of_order",
            "Mia",
        ),
        ([Steal("Noor", "Noor", "3S")], "cannot_steal_from_self", "Noor"),
        ([Steal("Noor", "Pia", "8H"), Steal("Mia", "Mia", "9D")], "cannot_steal_from_self", "Mia"),
        ([Steal("Noor", "Pia", "KD")], "card_not_in_meld", "Noor"),
        ([Steal("Noor", "Omar", "QS")], "card_not_in_meld", "Noor"),
        ([Steal("Noor", "Pia", "QS"), Steal("Mia", "Pia", "QS")], "card_not_in_meld", "Mia"),
    ],
)
def test_steal_errors(steals, code, player):
    error = rule_error(code, score_round, MIA_NOOR, steals=steals)
    assert error.player == player


# ---------------------------------------------------------------------------
# Games (spec §5, api.md §2.3)

ROSA_SAM = [
    RoundEntry((rv("Rosa", "AS 2H 3C AD 4S"), rv("Sam", "KC"))),
    RoundEntry((rv("Rosa", "AH 3S 5S 7S 9D JC"), rv("Sam", "QS 10S 3H"))),
]


def test_api_game_example():
    game = score_game(["Rosa", "Sam"], ROSA_SAM)
    assert game.round_scores == [{"Rosa": -11, "Sam": 10}, {"Rosa": 30, "Sam": 20}]
    assert game.totals == {"Rosa": 19, "Sam": 30}
    assert game.complete is False
    assert game.winners is None


def test_remaining_melds():
    game = score_game(["Rosa", "Sam"], ROSA_SAM)
    assert set(game.remaining_melds("Rosa")) == {
        Meld.THIEF,
        Meld.BEGGAR_MAN,
        Meld.POOR_MAN,
        Meld.LAWYER,
        Meld.INDIAN_CHIEF,
    }
    assert set(game.remaining_melds("Sam")) == {
        Meld.BEGGAR_MAN,
        Meld.LAWYER,
        Meld.RICH_MAN,
        Meld.DOCTOR,
        Meld.INDIAN_CHIEF,
    }
    assert set(score_game(["Rosa", "Sam"], []).remaining_melds("Rosa")) == set(Meld)


def test_api_repeated_meld_example():
    third = RoundEntry((rv("Rosa", "KS QH 2D 3C 4H"), rv("Sam", "AH 2H")))
    error = rule_error("repeated_meld", score_game, ["Rosa", "Sam"], [*ROSA_SAM, third])
    assert error.player == "Rosa"
    assert "Round 3" in error.message


def test_repeated_meld_counts_declared_and_inferred_melds_alike():
    rounds = [
        RoundEntry((rv("Rosa", "AS 2H 3C AD 4S", Meld.RICH_MAN), rv("Sam", "KC"))),
        RoundEntry((rv("Sam", "QS 10S 3H"), rv("Rosa", "KS QH 2D 3C 4H"))),
    ]
    error = rule_error("repeated_meld", score_game, ["Rosa", "Sam"], rounds)
    assert error.player == "Rosa"
    assert "Round 2" in error.message


def _full_game(tie: bool) -> list[RoundEntry]:
    bob_poor = "AS 3S 2H" if tie else "AS 2S 3S"  # 4 or 6
    bob_lawyer = "KS 9H 5D AC" if tie else "KS 9H 2D AC"  # 25 or 0 (22)
    return [
        RoundEntry((rv("Ann", "KS"), rv("Bob", "AS 2H 3D 4C 5S"))),  # 10, -15
        RoundEntry((rv("Ann", "7H 9C"), rv("Bob", "AH 7S 9D 2C 3H 4S"))),  # 4, 20
        RoundEntry((rv("Ann", "QS 10S 3H"), rv("Bob", "6D"))),  # 20, 6
        RoundEntry((rv("Ann", "QS 8H 6D AC"), rv("Bob", "QH 8C"))),  # 25, 4
        RoundEntry((rv("Ann", "KS KH KD KC QS"), rv("Bob", bob_poor))),  # -50, 6 or 4
        RoundEntry((rv("Ann", "AH 2H 3H 4H 5H 6H"), rv("Bob", bob_lawyer))),  # 60, 0 or 25
        RoundEntry((rv("Ann", "10S 10C 10H 7H 8C 9D JH"), rv("Bob", "AD 2D 3D 4D 5D 9S KC"))),
    ]


def test_complete_game_has_winners():
    game = score_game(["Ann", "Bob"], _full_game(tie=False))
    assert game.round_scores == [
        {"Ann": 10, "Bob": -15},
        {"Ann": 4, "Bob": 20},
        {"Ann": 20, "Bob": 6},
        {"Ann": 25, "Bob": 4},
        {"Ann": -50, "Bob": 6},
        {"Ann": 60, "Bob": 0},
        {"Ann": 29, "Bob": 54},
    ]
    assert game.totals == {"Ann": 98, "Bob": 75}
    assert game.complete is True
    assert list(game.winners) == ["Ann"]
    assert game.remaining_melds("Ann") == ()
    assert game.remaining_melds("Bob") == ()


def test_tie_is_a_shared_win_in_players_order():
    game = score_game(["Bob", "Ann"], _full_game(tie=True))
    assert game.totals == {"Ann": 98, "Bob": 98}
    assert game.complete is True
    assert list(game.winners) == ["Bob", "Ann"]


def test_winners_none_while_incomplete():
    game = score_game(["Ann", "Bob"], _full_game(tie=False)[:6])
    assert game.complete is False
    assert game.winners is None
    assert game.totals == {"Ann": 69, "Bob": 21}
    assert set(game.remaining_melds("Ann")) == {Meld.INDIAN_CHIEF}
    assert set(game.remaining_melds("Bob")) == {Meld.INDIAN_CHIEF}


def test_no_rounds_played():
    game = score_game(["Ann", "Bob"], [])
    assert game.round_scores == []
    assert game.totals == {"Ann": 0, "Bob": 0}
    assert game.complete is False
    assert game.winners is None


def test_more_than_seven_rounds_is_invalid_input():
    rounds = [*_full_game(tie=False), RoundEntry((rv("Ann", "2C"), rv("Bob", "3C")))]
    rule_error("invalid_input", score_game, ["Ann", "Bob"], rounds)


@pytest.mark.parametrize(
    "entries",
    [
        (rv("Rosa", "KS"),),  # Sam missing
        (rv("Rosa", "KS"), rv("Sam", "2C"), rv("Tom", "3C")),  # someone extra
        (rv("Rosa", "KS"), rv("Rosa", "2C")),  # Rosa twice, Sam missing
        (rv("Rosa", "KS"), rv("Sam", "2C"), rv("Sam", "3C")),  # Sam twice
    ],
)
def test_round_without_exactly_one_entry_per_player_is_invalid_input(entries):
    rounds = [ROSA_SAM[0], RoundEntry(entries)]
    rule_error("invalid_input", score_game, ["Rosa", "Sam"], rounds)


@pytest.mark.parametrize(
    ("players", "rounds", "decks", "code"),
    [
        # invalid_input (whole request) before any round error
        (
            ["Rosa", "Sam"],
            [RoundEntry((rv("Rosa", "1C"), rv("Sam", "KC"))), RoundEntry((rv("Rosa", "2C"),))],
            None,
            "invalid_input",
        ),
        (["Rosa", "Rosa"], [], None, "invalid_input"),
        (["Rosa", ""], [], None, "invalid_input"),
        # invalid_input before invalid_player_count
        (["Solo"], [RoundEntry((rv("Solo", "KC"),))] * 8, None, "invalid_input"),
        (["Solo"], [], None, "invalid_player_count"),
        ([f"P{i}" for i in range(9)], [], 1, "invalid_player_count"),
        # invalid_player_count before invalid_deck_count
        (["Solo"], [], 3, "invalid_player_count"),
        (["A", "B", "C", "D"], [], 1, "invalid_deck_count"),
        (["A", "B"], [], 0, "invalid_deck_count"),
        # invalid_deck_count before any round's card errors
        (
            ["Rosa", "Sam"],
            [RoundEntry((rv("Rosa", "1C"), rv("Sam", "KC")))],
            3,
            "invalid_deck_count",
        ),
    ],
)
def test_game_request_validation_order(players, rounds, decks, code):
    rule_error(code, score_game, players, rounds, decks)


def _round(rosa: str, sam: str, rosa_meld: Meld | None = None) -> RoundEntry:
    return RoundEntry((rv("Rosa", rosa, rosa_meld), rv("Sam", sam)))


@pytest.mark.parametrize(
    ("rounds", "code", "round_number", "player"),
    [
        # the first round with an error stops the game:
        # round 2's wrong count beats round 3's bad card
        (
            [_round("KS", "2C"), _round("AS", "3C", Meld.LAWYER), _round("1C", "4C")],
            "wrong_card_count",
            2,
            "Rosa",
        ),
        # round 2's repeated meld beats round 3's bad card
        ([_round("KS", "2C"), _round("AS", "3C"), _round("1C", "4C")], "repeated_meld", 2, "Rosa"),
        # within a round: invalid_card before wrong_card_count
        ([_round("KS", "2C"), _round("AS 2S 3S 4S 5S 6S 7S 8S", "QX")], "invalid_card", 2, "Sam"),
        # within a round: wrong_card_count before duplicate_card
        ([_round("KS", "2C"), _round("7H 7H", "")], "wrong_card_count", 2, "Sam"),
        # within a round: duplicate_card before repeated_meld
        ([_round("KS", "2C"), _round("AS", "AS 2D")], "duplicate_card", 2, "Sam"),
        # the same card in different rounds is fine; round 3 repeats Sam's Beggar Man
        (
            [_round("KS", "KD KH"), _round("KD KH", "KS"), _round("QS 10S 3H", "AD AH")],
            "repeated_meld",
            3,
            "Sam",
        ),
    ],
)
def test_game_round_by_round_validation(rounds, code, round_number, player):
    error = rule_error(code, score_game, ["Rosa", "Sam"], rounds)
    assert f"Round {round_number}" in error.message
    assert error.player == player


def test_game_defaults_to_two_decks_for_four_players():
    rounds = [RoundEntry((rv("A", "7H"), rv("B", "7H 2C"), rv("C", "KD"), rv("D", "QD")))]
    game = score_game(["A", "B", "C", "D"], rounds)
    assert game.rounds[0].decks == 2
    assert game.round_scores == [{"A": 7, "B": 2, "C": 10, "D": 10}]


def test_game_repeated_meld_is_reported_before_steal_errors():
    # Spec §6: repeated_meld comes before the steal errors. Round 2 has both: Rosa makes a
    # second Rich Man, and Sam (a Beggar Man) tries to steal.
    second = RoundEntry(
        (rv("Rosa", "KS QH 2D 3C 4H"), rv("Sam", "AH 2H")), (Steal("Sam", "Rosa", "KS"),)
    )
    error = rule_error("repeated_meld", score_game, ["Rosa", "Sam"], [ROSA_SAM[0], second])
    assert error.player == "Rosa"


def test_game_steals_do_not_change_scores():
    first = RoundEntry(
        (rv("Rosa", "AS 2H 3C AD 4S"), rv("Sam", "KC")), (Steal("Sam", "Rosa", "AS"),)
    )
    game = score_game(["Rosa", "Sam"], [first, ROSA_SAM[1]])
    assert game.round_scores == [{"Rosa": -11, "Sam": 10}, {"Rosa": 30, "Sam": 20}]


# ---------------------------------------------------------------------------
# Explanations: they name what a player checks, in any wording


def test_beggar_explanation_names_the_matched_cards():
    result = score_single_meld(["7H", "7C"], Meld.BEGGAR_MAN, 2, ["7H", "7S", "QD", "3C"])
    assert mentions(result.explanation, "7H")
    assert mentions(result.explanation, "7S")
    assert not mentions(result.explanation, "QD")
    assert "4" in result.explanation
    assert Counter(result.matches) == Counter(cs("7H 7S"))


def test_indian_chief_explanation_names_category_and_baccarat_cards():
    result = score_single_meld(words("10S 10C 10H 7H 8C 9D JH"))
    text = result.explanation.lower()
    assert "three of a kind" in text
    assert mentions(result.explanation, "9D")
    assert mentions(result.explanation, "JH")
    assert "29" in result.explanation
    result = score_single_meld(words("3H 6H 8H JH QH AH 7C"))
    assert "flush" in result.explanation.lower()
    assert mentions(result.explanation, "AH")
    assert mentions(result.explanation, "7C")
    assert "38" in result.explanation


def test_doctor_explanation_names_the_suit_or_the_failed_condition():
    scored = score_single_meld(words("AH 3S 5S 7S 9D JC"))
    assert "3 spades" in scored.explanation
    assert "30" in scored.explanation
    assert "heart" in score_single_meld(words("AS 2C 3D 4S 5C 6D")).explanation.lower()
    assert "ace" in score_single_meld(words("KH 2C 3D 4S 5C 6D")).explanation.lower()
    assert "rank" in score_single_meld(words("AH 2C 2D 4S 5C 6D")).explanation.lower()


def test_lawyer_rich_man_and_thief_explanations_show_the_numbers():
    assert "22" in score_single_meld(words("KS 9H 2D AC")).explanation
    assert "50" in score_single_meld(words("KS QH JD 10C KD")).explanation
    thief = score_single_meld(["9D"]).explanation
    assert "9" in thief
    poor = score_single_meld(words("JS 9D 7S")).explanation
    assert "17" in poor


def test_a_round_checked_brings_the_game_scored_up_to_it():
    names = ["Ann", "Ben"]
    first = Played(cards=("KC", "AS 2H 3C AD 4S"), details={})
    second = Played(cards=("7H 7C", "9D"), details={})

    standings, problems = KIND.check(Table(tuple(names), 1), 2, second, {1: first})

    assert problems == [] and standings is not None
    assert [row.number for row in standings.rows] == [1, 2]
    # The game's running totals, not the round's alone: the save records them as they are.
    alone = KIND.score(Table(tuple(names), 1), [second]).rows[0].scores
    first_totals = KIND.score(Table(tuple(names), 1), [first]).totals
    assert standings.rows[-1].running == tuple(
        before + now for before, now in zip(first_totals, alone, strict=True)
    )
    assert standings == KIND.score(Table(tuple(names), 1), [first, second])


def test_another_rounds_problem_is_said_above_the_form_not_next_to_a_player():
    # Round 1 as an admin edit left it: Ann and Ben both hold K♣, with one deck.
    names = ["Ann", "Ben"]
    broken = Played(cards=("KC", "KC 2H 3C AD 4S"), details={})

    standings, problems = KIND.check(
        Table(tuple(names), 1), 2, Played(("7H 7C", "9D"), {}), {1: broken}
    )

    assert standings is None
    assert len(problems) == 1 and problems[0].player is None
    assert "K♣" in problems[0].message
