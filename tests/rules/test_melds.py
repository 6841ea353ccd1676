"""The meld/deadwood solver against shared/rules/rummy-family.md and shared/api.md §3.2.

The tables are real hands; every expected deadwood was worked out by hand from the spec, with
the arithmetic in a comment where it is not obvious. Cards are built as `Card` values
directly, not through the parser, and card values are written out again here, so these tests
do not lean on the code they check.

The properties (Hypothesis) compare the solver with an independent brute force: every subset
of the hand checked by an explicit window-placement meld validator written from the spec
(§6.4), then a DFS over every collection of pairwise-disjoint melds.
"""

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import combinations, product
from unittest import mock

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules import KINDS, candidates, melds, solver
from games.rules.cards import RANKS, SUITS, Card
from games.rules.errors import InvalidCard, InvalidInput
from games.rules.family import HandKind
from games.rules.melds import (
    Arrangement,
    MeldRules,
    carousel_melds,
    indian_rummy_melds,
    is_meld,
    is_pure_sequence,
    is_sequence,
    rummy_melds,
    three_thirteen_melds,
    tong_its_melds,
)
from games.rules.solver import best_arrangement, can_declare
from tests.properties import tries

NUMBER = {rank: number for number, rank in enumerate(RANKS, start=1)}
JK = Card("JK", "")

PROPERTY_SETTINGS = tries(150)


def cs(text: str) -> tuple[Card, ...]:
    """`"10S AH JK"` -> (Card("10", "S"), Card("A", "H"), Card("JK", "")), no parser."""
    return tuple(JK if word == "JK" else Card(word[:-1], word[-1]) for word in text.split())


# Card values (§0.5), written out again.


def face(card: Card) -> int:
    """Tong-Its, Three Thirteen (a wild counts its own face value, §7 C1), Rummy."""
    return min(NUMBER[card.rank], 10)


def carousel_value(card: Card) -> int:
    return 25 if card.rank == "JK" else face(card)


def indian_value(wild_rank: str | None = None) -> Callable[[Card], int]:
    """Ace 10, jokers and wild-rank cards 0 (§0.5, §7 E7, E10)."""

    def value(card: Card) -> int:
        if card.rank == "JK" or card.rank == wild_rank:
            return 0
        return 10 if card.rank == "A" else face(card)

    return value


def solve(
    text: str, rules: MeldRules, value: Callable[[Card], int], *, life: bool = False
) -> Arrangement:
    return best_arrangement(cs(text), rules, value, need_pure_sequence=life)


def shown(arrangement: Arrangement) -> set[str]:
    return {" ".join(str(card) for card in meld) for meld in arrangement.melds}


# ---------------------------------------------------------------------------
# The api.md §3.2 /deadwood examples


def test_api_example_tong_its():
    arrangement = solve("3D 4D 5D 6D 9S 9H 9C KC 2H", tong_its_melds(), face)
    assert arrangement.deadwood == 12  # KC 10 + 2H 2
    assert shown(arrangement) == {"3D 4D 5D 6D", "9S 9H 9C"}
    assert arrangement.unmatched == cs("KC 2H")


def test_api_example_three_thirteen_wild_joins_the_kings():
    # Hand 4: 6s wild. 6C with the kings saves 20; with 8H 9H only 17.
    arrangement = solve("6C 8H 9H KS KD 2C", three_thirteen_melds("6"), face)
    assert arrangement.deadwood == 19  # 8 + 9 + 2
    assert shown(arrangement) == {"6C KS KD"}  # in hand order; api.md lists the wild last
    assert arrangement.unmatched == cs("8H 9H 2C")


def test_api_example_indian_rummy():
    arrangement = solve(
        "5S 6S 7S 9D 10D JK QH QC QS 2C 3D 7H AC",
        indian_rummy_melds(),
        indian_value(),
        life=True,
    )
    assert arrangement.deadwood == 22  # 2 + 3 + 7 + the ace's 10
    assert shown(arrangement) == {"5S 6S 7S", "9D 10D JK", "QH QC QS"}
    assert arrangement.unmatched == cs("2C 3D 7H AC")


def test_api_hand_example_indian_rummy_loser():
    # Seat 1 of the /hand example: 3-4-5C is the pure sequence, the joker completes
    # 7S _ 9S 10S JS; left 4D QD 2S 6H 8D = 4 + 10 + 2 + 6 + 8.
    arrangement = solve(
        "9S 10S JS 4D 4C QD 2S 6H 8D JK 3C 5C 7S",
        indian_rummy_melds(),
        indian_value(),
        life=True,
    )
    assert arrangement.deadwood == 30
    assert shown(arrangement) == {"9S 10S JS JK 7S", "4C 3C 5C"}


def test_api_game_example_indian_rummy_without_a_pure_sequence():
    # Deal 2 of the /game example: no pure sequence, so all 13 cards count (§5.4):
    # K Q 9 9 9 JK 2 5 7 A 3 6 10 = 10+10+9+9+9+0+2+5+7+10+3+6+10 = 90.
    hand = "KH QC 9D 9S 9C JK 2D 5S 7C AH 3S 6D 10H"
    arrangement = solve(hand, indian_rummy_melds(), indian_value(), life=True)
    assert arrangement == Arrangement((), cs(hand), 90)
    # Without the life rule the nines and KH JK AH (the joker as QH, the ace high) would
    # count: 90 − 27 − 20.
    plain = solve(hand, indian_rummy_melds(), indian_value())
    assert plain.deadwood == 43
    assert shown(plain) == {"KH JK AH", "9D 9S 9C"}


@pytest.mark.parametrize(
    ("wild", "hand", "deadwood"),
    [
        ("4", "4D 7C 7S QH", 10),  # /hand example, hand 2: 4D joins the sevens
        ("4", "5H 6H 4S AC", 1),  # 4S completes 4-5-6H (or 5-6-7H)
        ("3", "8S 9D QC", 27),  # /game example, hand 1: no meld at all
        ("4", "4C KH KC 2D", 2),  # /game example, hand 2
    ],
)
def test_api_three_thirteen_examples(wild, hand, deadwood):
    assert solve(hand, three_thirteen_melds(wild), face).deadwood == deadwood


# ---------------------------------------------------------------------------
# Tong-Its §1.1–1.2: sets 3–4, runs 3+ of one suit, ace low only


@pytest.mark.parametrize(
    ("hand", "deadwood", "melded"),
    [
        ("", 0, set()),
        ("AS 2S 3S KH", 10, {"AS 2S 3S"}),  # "must also contain the 2 and the 3"
        ("QS KS AS", 21, set()),  # A-K-Q is not a sequence
        ("KS AS 2S", 13, set()),  # no wrap
        ("2D 3D 5D 6D", 16, set()),  # a gap and no wilds
        ("5H 6H 7H 7S 7D", 11, {"7H 7S 7D"}),  # the set (21) beats the run (18)
        ("7S 7H 7D 7C 8S 9S", 0, {"7S 8S 9S", "7H 7D 7C"}),  # quad split: set + run
        ("4H 4S 4D 4C 5H 6H", 0, {"4H 5H 6H", "4S 4D 4C"}),
        ("AC 2C 3C 4C 5C 6C 7C 8C", 0, {"AC 2C 3C 4C 5C 6C 7C 8C"}),  # one long run
        ("JH QH KH KS KD", 20, None),  # run or set of kings: 20 either way
        ("3C 4C 5C 6C 6D 6H", 0, {"3C 4C 5C", "6C 6D 6H"}),
        ("9S 9H 9D 9C KD", 10, {"9S 9H 9D 9C"}),  # a four-card set
    ],
)
def test_tong_its_deadwood(hand, deadwood, melded):
    arrangement = solve(hand, tong_its_melds(), face)
    assert arrangement.deadwood == deadwood
    if melded is not None:
        assert shown(arrangement) == melded


# ---------------------------------------------------------------------------
# Three Thirteen §3.2–3.3: wilds, sets of any size with repeated suits, ace low, no wrap


@pytest.mark.parametrize(
    ("wild", "hand", "deadwood"),
    [
        ("3", "3S 3H 3D", 0),  # "melds of all wild cards are also acceptable"
        ("4", "9S 9S 9H 2C", 2),  # §7 C2: a set may repeat a suit (two decks)
        ("7", "9S 9H 9D 9C 9S 7H 2D", 2),  # §7 C2: no maximum: five nines and a wild
        ("3", "QS KS AS", 21),  # king high, ace low: Q-K-A is no run
        ("3", "KS AS 3H", 14),  # K-A-2 does not wrap even with a wild: 10 + 1 + 3
        ("5", "5D 8H 9H 10H 2C", 2),  # the wild extends the run
        ("3", "3S 8D KC", 21),  # §7 C1: a wild with no meld to join counts its face value
        ("5", "2S 4S 5H 6H KD", 16),  # 5H fills 2S _ 4S; 6H + KD left
        ("7", "9C 10C 7H KD", 10),  # a wild ends the run (8C or JC)
        ("K", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", 0),  # 13 spades, K wild
        # Two wild queens: 9D 9D QS (a set, §7 C2) and 3H QC 5H (3-4-5H) leave AH = 1;
        # one run A-2-3-4-5H of both wilds would leave 9D 9D = 18.
        ("Q", "AH 3H 5H QS QC 9D 9D", 1),
    ],
)
def test_three_thirteen_deadwood(wild, hand, deadwood):
    assert solve(hand, three_thirteen_melds(wild), face).deadwood == deadwood


# ---------------------------------------------------------------------------
# Indian Rummy §5.2–5.4: pure and impure sequences, sets, the life rule


@pytest.mark.parametrize(
    ("hand", "life", "deadwood"),
    [
        ("QS KS AS 4H", True, 4),  # Q-K-A is a pure sequence (§7 E7)
        ("KS AS 2S 4H", True, 26),  # K-A-2 is not: no pure sequence, all count 10+10+2+4
        ("AH 2H 3H AS", True, 10),  # the ace left over counts 10
        ("2C 3C 4C KH KH KS", True, 30),  # KH KH KS is no set (§7 E6)
        ("2C 3C 4C KH KS JK", True, 0),  # the joker completes the set
        # §7 E2: the life's cards cannot also be in the set. With the life rule 5-6-7H
        # must stay (7S 7D = 14); without it the set of sevens leaves 5H 6H = 11.
        ("5H 6H 7H 7S 7D", True, 14),
        ("5H 6H 7H 7S 7D", False, 11),
        ("2C 3C 4C KH KS KD 9S", True, 9),  # §7 E3: no second sequence needed
        ("5S JK 7S KH KD KC 9D", True, 51),  # impure only: 5 + 0 + 7 + 30 + 9
        ("5S JK 7S KH KD KC 9D", False, 9),
        ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", True, 0),
        ("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", True, 0),
    ],
)
def test_indian_rummy_deadwood(hand, life, deadwood):
    assert solve(hand, indian_rummy_melds(), indian_value(), life=life).deadwood == deadwood


@pytest.mark.parametrize(
    ("hand", "deadwood"),
    [
        ("6H 7H 8H QD", 10),  # §7 E10: 7H as itself keeps 6-7-8H pure
        ("6H 7S 8H QD", 24),  # 7S acts as 7H: impure, so all count: 6 + 0 + 8 + 10
        ("2C 3C 4C 7S 7D 9H", 0),  # with the life, 9H and two wilds make a meld
        ("2C 3C 4C 7S 7D 9H 9H", 9),  # 9H 9H and a wild is no set (§7 E6)
    ],
)
def test_indian_rummy_wild_rank_with_the_life_rule(hand, deadwood):
    arrangement = solve(hand, indian_rummy_melds(wild_rank="7"), indian_value("7"), life=True)
    assert arrangement.deadwood == deadwood


def test_long_joker_melds_are_kept_where_they_do_not_split():
    # §6.3.5 caps melds at 5, but 5C with five jokers makes no two melds (jokers alone are
    # none, §7 E5): with jokers that cost something it must stay one meld of 6.
    assert solve("5C JK JK JK JK JK", indian_rummy_melds(), carousel_value).deadwood == 0
    # Four decks, eight jokers: 2-3-4H is the life and 5H 6H with all eight jokers the
    # second sequence (10 cards). Melds of at most 5 cards cannot cover all 13.
    assert can_declare(cs("2H 3H 4H 5H 6H" + " JK" * 8), indian_rummy_melds())


def test_indian_rummy_without_jokers_a_joker_melds_nowhere():
    rules = indian_rummy_melds(jokers=False)
    assert not is_meld(cs("5S JK 7S"), rules)
    assert solve("5S 6S 7S JK 8D", rules, carousel_value).deadwood == 33  # 25 + 8


# ---------------------------------------------------------------------------
# Indian Rummy's declaration §5.2–5.3: every card melded, 2 sequences, 1 pure


@pytest.mark.parametrize(
    ("hand", "wild", "declares"),
    [
        ("2H 3H 4H 5H 7C 8C JK KS KD KC AD AS AH", None, True),  # the api.md winner
        ("2H 3H 4H KS KD KC 5S 5D 5C 9S 9D 9C 9H", None, False),  # one sequence only
        ("2H 3H JK 5S JK 7S KS KD KC 9S 9D 9C 9H", None, False),  # two, neither pure
        ("2H 3H 4H 5H 6H 7H KS KD KC 9S 9D 9C 9H", None, True),  # §7 E4: 6-run as two
        ("2H 3H 4H 6C 7C 8C KS KD KC 9S 9D 9C 4D", None, False),  # 4D left over
        ("6H 7H 8H 2S 3S 7D KS KD KC 9S 9D 9C 9H", "7", True),  # 7H pure as itself (E10)
        ("6H 7H 8H 2S 3S 7D KS KD KC 9S 9D 9C 9H", None, False),  # no wild rank: 7D stuck
        ("KS KD KC QS QD QC 9S 9D 9C 5H 5D 5C 5S", None, False),  # sets only
        ("QH KH AH 2D 3D JK 5C 5D 5S 9S 9D 9C 9H", None, True),  # Q-K-A is pure
        ("", None, False),  # nothing to declare
        ("2C 3C 4C 7H JK JK", "7", True),  # 7H as itself, the jokers as 8H 9H
    ],
)
def test_can_declare(hand, wild, declares):
    assert can_declare(cs(hand), indian_rummy_melds(wild_rank=wild)) is declares


# ---------------------------------------------------------------------------
# One meld at a time, per game


@pytest.mark.parametrize(
    ("rules", "cards", "valid"),
    [
        # Tong-Its §1.1
        (tong_its_melds(), "AS 2S 3S", True),
        (tong_its_melds(), "QS KS AS", False),
        (tong_its_melds(), "KS AS 2S", False),
        (tong_its_melds(), "7S 7H 7D 7C", True),
        (tong_its_melds(), "7S 7H", False),
        (tong_its_melds(), "4S 5S 7S", False),
        (tong_its_melds(), "4S 5S 6H", False),
        (tong_its_melds(), "10C JC QC KC", True),
        # Carousel §2.1: ace at either end, jokers wild, sets in different suits
        (carousel_melds(), "JS QS KS AS", True),
        (carousel_melds(), "AS 2S 3S", True),
        (carousel_melds(), "KS AS 2S", False),
        (carousel_melds(), "7H 7H 7S", False),
        (carousel_melds(), "7H JK 7S", True),
        (carousel_melds(), "5D JK 7D", True),
        (carousel_melds(), "JK KS AS", True),
        # Three Thirteen §3.2, 5s wild
        (three_thirteen_melds("5"), "9S 9S 9H", True),
        (three_thirteen_melds("5"), "5S 5H 5D", True),
        (three_thirteen_melds("5"), "QS KS AS", False),
        (three_thirteen_melds("5"), "QS KS 5H", True),
        (three_thirteen_melds("5"), "KS 5H AS", False),
        (three_thirteen_melds("5"), "9S 9H 9D 9C 9S 9H", True),
        (three_thirteen_melds("5"), "AS 5D 3S", True),
        (three_thirteen_melds("5"), "AS 5D 4S", False),  # A _ _ 4 needs two wilds
        # Rummy §4.1
        (rummy_melds(), "AS 2S 3S", True),
        (rummy_melds(), "QS KS AS", False),
        (rummy_melds(), "9S 9H 9D 9C", True),
        # Indian Rummy §5.2
        (indian_rummy_melds(), "QS KS AS", True),
        (indian_rummy_melds(), "AS 2S 3S", True),
        (indian_rummy_melds(), "KS AS 2S", False),
        (indian_rummy_melds(), "KH KH KS", False),
        (indian_rummy_melds(), "KH KS KD KC JK", False),  # sets have at most 4 cards
        (indian_rummy_melds(), "JK JK JK", False),  # §7 E5
        (indian_rummy_melds(), "JK JK 4C", True),
        (indian_rummy_melds(), "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", True),
        (indian_rummy_melds(), "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", True),
        (indian_rummy_melds(), "JK 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", True),
        (indian_rummy_melds(), "JK AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", False),  # 14
        (indian_rummy_melds(wild_rank="7"), "7H 7S 7D", True),
        (indian_rummy_melds(jokers=False), "JK 4C 5C", False),
    ],
)
def test_is_meld(rules, cards, valid):
    assert is_meld(cs(cards), rules) is valid


@pytest.mark.parametrize(
    ("wild", "cards", "sequence", "pure"),
    [
        (None, "5S 6S 7S", True, True),
        (None, "5S JK 7S", True, False),
        (None, "QS KS AS", True, True),
        (None, "5S 5H 5D", False, False),
        ("7", "6H 7H 8H", True, True),  # §7 E10
        ("7", "6H 7S 8H", True, False),
        ("7", "7H 8H 9H 10H 7H", True, False),  # the second 7H must act as a wild (J)
    ],
)
def test_sequences_pure_and_impure(wild, cards, sequence, pure):
    rules = indian_rummy_melds(wild_rank=wild)
    assert is_sequence(cs(cards), rules) is sequence
    assert is_pure_sequence(cs(cards), rules) is pure


def test_wild_rank_is_read_as_a_rank():
    assert three_thirteen_melds("t").wild_rank == "10"
    assert indian_rummy_melds(wild_rank="q").wild_rank == "Q"
    with pytest.raises(InvalidCard):
        three_thirteen_melds("1")
    with pytest.raises(InvalidCard):
        MeldRules(wild_rank="X")


def test_too_many_cards_for_the_solver():
    with pytest.raises(InvalidInput):
        best_arrangement(cs("AS 2S 3S 4S 5S 6S 7S") * 3, tong_its_melds(), face)


def test_cards_by_position_with_two_decks():
    # Two copies of 5H: one in each run.
    arrangement = solve("4H 5H 6H 5H 6H 7H", indian_rummy_melds(), indian_value(), life=True)
    assert arrangement.deadwood == 0
    assert shown(arrangement) == {"4H 5H 6H", "5H 6H 7H"}


# ---------------------------------------------------------------------------
# The reference: the spec's meld rules written out again, checked by placing the cards


@dataclass(frozen=True)
class Spec:
    """One game's meld rules as the spec states them (not read from MeldRules)."""

    set_max: int | None
    suits_differ: bool
    ace_high: bool
    jokers: bool
    wild_rank: str | None
    all_wild: bool


def reference_kind(cards: tuple[Card, ...], spec: Spec) -> tuple[bool, bool, bool]:
    """(set, sequence, pure sequence), trying every card as itself or as a wild where it may
    be either, and every window of ranks for a sequence."""
    size = len(cards)
    found_set = found_sequence = found_pure = False
    if size < 3:
        return False, False, False
    choices: list[list[bool]] = []  # per card: may it act as a wild, as itself?
    for card in cards:
        if card.rank == "JK":
            if not spec.jokers:
                return False, False, False
            choices.append([True])
        elif card.rank == spec.wild_rank:
            choices.append([False, True])
        else:
            choices.append([False])
    for wild in product(*choices):
        naturals = [card for card, acts in zip(cards, wild, strict=True) if not acts]
        if not naturals and not spec.all_wild:
            continue
        ranks = {card.rank for card in naturals}
        suits = [card.suit for card in naturals]
        if (
            len(ranks) <= 1
            and (spec.set_max is None or size <= spec.set_max)
            and (not spec.suits_differ or len(set(suits)) == len(suits))
        ):
            found_set = True
        if size <= 13 and len(set(suits)) <= 1 and placed_in_a_window(naturals, size, spec):
            found_sequence = True
            if not any(wild):
                found_pure = True
    return found_set, found_sequence, found_pure


def placed_in_a_window(naturals: list[Card], size: int, spec: Spec) -> bool:
    """Some window of `size` consecutive ranks (A..K, or 2..A with the ace high) has a
    free place for every natural at its rank."""
    for ace in [1, 14] if spec.ace_high else [1]:
        numbers = [ace if card.rank == "A" else NUMBER[card.rank] for card in naturals]
        top = 14 if spec.ace_high else 13
        for low in range(1, top - size + 2):
            window = range(low, low + size)
            if all(number in window for number in numbers) and len(set(numbers)) == len(numbers):
                return True
    return False


def brute_force(
    cards: tuple[Card, ...],
    spec: Spec,
    value: Callable[[Card], int],
    life: bool = False,
    second_sequence: bool = False,
) -> int:
    """The least deadwood over every collection of pairwise-disjoint melds. With `life`
    (§5.4): over the collections holding a pure sequence, and with `second_sequence`
    (house-rules.md H64) a second sequence too, a run of 6+ counting as two (§7 E4); only
    when there are none does every card count."""
    melds_from = melds_by_first_card(cards, spec)
    needed = 2 if second_sequence else 0
    best: int | None = None

    def search(left: frozenset[int], deadwood: int, sequences: int, has_pure: bool) -> None:
        nonlocal best
        if not left:
            if not life or (has_pure and sequences >= needed):
                best = deadwood if best is None else min(best, deadwood)
            return
        first = min(left)
        search(left - {first}, deadwood + value(cards[first]), sequences, has_pure)
        for meld, sequence, pure in melds_from[first]:
            if meld <= left:
                search(left - meld, deadwood, sequences + sequence, has_pure or pure)

    search(frozenset(range(len(cards))), 0, 0, False)
    return sum(value(card) for card in cards) if best is None else best


def brute_force_declares(cards: tuple[Card, ...], spec: Spec) -> bool:
    melds_from = melds_by_first_card(cards, spec)

    def search(left: frozenset[int], sequences: int, has_pure: bool) -> bool:
        if not left:
            return sequences >= 2 and has_pure
        first = min(left)
        return any(
            search(left - meld, sequences + sequence, has_pure or pure)
            for meld, sequence, pure in melds_from[first]
            if meld <= left
        )

    return bool(cards) and search(frozenset(range(len(cards))), 0, False)


def melds_by_first_card(cards: tuple[Card, ...], spec: Spec) -> list[list]:
    found: list[list] = [[] for _ in cards]
    for size in range(3, len(cards) + 1):
        for positions in combinations(range(len(cards)), size):
            is_set, is_sequence_, pure = reference_kind(tuple(cards[p] for p in positions), spec)
            if is_set or is_sequence_:
                meld = frozenset(positions)
                # A run of 6+ may count as two sequences (§7 E4).
                counted = (2 if size >= 6 else 1) if is_sequence_ else 0
                found[positions[0]].append((meld, counted, pure))
    return found


# ---------------------------------------------------------------------------
# Dealing real hands: the right decks and jokers, with runs, sets and wilds planted


@dataclass(frozen=True)
class Deal:
    cards: tuple[Card, ...]
    rules: MeldRules
    spec: Spec
    value: Callable[[Card], int]

    def __repr__(self) -> str:  # what Hypothesis prints for a failing example
        return f"Deal({' '.join(map(str, self.cards))!r}, {self.rules})"


# Each game's table as the spec states it, written out here apart from the kinds: its meld
# rules, the reference's reading of them, card values, decks, and jokers in the pool.
Oracle = Callable[[st.DrawFn], tuple[MeldRules, Spec, Callable[[Card], int], int, int]]


def tong_its_table(draw: st.DrawFn):
    return tong_its_melds(), Spec(4, True, False, False, None, False), face, 1, 0


def carousel_table(draw: st.DrawFn):
    decks = draw(st.sampled_from([1, 2]))
    return carousel_melds(), Spec(4, True, True, True, None, False), carousel_value, decks, decks


def three_thirteen_table(draw: st.DrawFn):
    """With its house rules (H40–H42): printed jokers, wild, costing 20 or 50 unmelded; J Q
    K at 11 12 13; an unmelded wild at 20. The values may move a wild to another meld."""
    wild = draw(st.sampled_from(RANKS[2:]))  # 3s on hand 1 … kings on hand 11
    decks = draw(st.sampled_from([1, 2, 3]))
    joker_cost = draw(st.sampled_from([0, 20, 50]))  # 0: no jokers
    courts = draw(st.booleans())
    wild_cost = draw(st.sampled_from([None, 20]))

    def value(card: Card) -> int:
        if card.rank == "JK":
            return joker_cost
        if card.rank == wild and wild_cost is not None:
            return wild_cost
        return NUMBER[card.rank] if courts else face(card)

    jokers = joker_cost > 0
    spec = Spec(None, False, False, jokers, wild, True)
    return three_thirteen_melds(wild, jokers=jokers), spec, value, decks, 2 * decks * jokers


def rummy_table(draw: st.DrawFn):
    return rummy_melds(), Spec(4, True, False, False, None, False), face, 1, 0


def indian_rummy_table(draw: st.DrawFn):
    decks = draw(st.sampled_from([1, 2, 3, 4]))
    jokers = draw(st.booleans())
    wild = draw(st.none() | st.sampled_from(RANKS))
    spec = Spec(4, True, True, jokers, wild, False)
    rules = indian_rummy_melds(jokers=jokers, wild_rank=wild)
    return rules, spec, indian_value(wild), decks, 2 * decks if jokers else 0


ORACLES: dict[str, Oracle] = {
    "tong-its": tong_its_table,
    "carousel": carousel_table,
    "three-thirteen": three_thirteen_table,
    "rummy": rummy_table,
    "indian-rummy": indian_rummy_table,
    # Gin's melds are Tong-Its's: sets of 3–4, runs ace low only, one deck, no jokers
    # (gin-rummy.md G1, G2).
    "gin-rummy": tong_its_table,
}

# Every game whose hands are laid out in melds (the rummy family, from the registry).
GAMES = [slug for slug, kind in KINDS.items() if isinstance(kind, HandKind)]


def test_every_game_of_melds_has_its_oracle():
    assert sorted(ORACLES) == sorted(GAMES)


@st.composite
def deals(draw, game: str, most: int = 10, least: int = 0) -> Deal:
    rules, spec, value, decks, jokers = ORACLES[game](draw)
    stock = Counter({Card(rank, suit): decks for rank in RANKS for suit in SUITS})
    stock[JK] = jokers
    size = draw(st.integers(least, most))
    hand: list[Card] = []
    for _ in range(4 * most):
        if len(hand) >= size:
            break
        plan = draw(st.sampled_from(["run", "set", "wild", "any"]))
        if plan == "run":
            suit = draw(st.sampled_from(SUITS))
            start = draw(st.integers(0, 12))
            length = draw(st.integers(2, 6))
            ranks = [*RANKS, "A"][start : start + length]
            planted = [Card(rank, suit) for rank in ranks]
        elif plan == "set":
            rank = draw(st.sampled_from(RANKS))
            suits = draw(st.lists(st.sampled_from(SUITS), min_size=2, max_size=4))
            planted = [Card(rank, suit) for suit in suits]
        elif plan == "wild":
            wilds = [JK] * 4 * (jokers > 0)  # jokers often, so that 3+ turn up in one meld
            if spec.wild_rank is not None:
                wilds += [Card(spec.wild_rank, suit) for suit in SUITS]
            planted = (
                draw(st.lists(st.sampled_from(wilds), min_size=1, max_size=3)) if wilds else []
            )
        else:
            planted = [draw(st.sampled_from(sorted(stock.elements(), key=str)))]
        for card in planted:
            if stock[card] > 0 and len(hand) < size:
                stock[card] -= 1
                hand.append(card)
    order = draw(st.permutations(hand))
    return Deal(tuple(order), rules, spec, value)


# ---------------------------------------------------------------------------
# Properties


@pytest.mark.parametrize("game", GAMES)
@PROPERTY_SETTINGS
@given(data=st.data())
def test_deadwood_equals_brute_force(game, data):
    deal = data.draw(deals(game))
    arrangement = best_arrangement(deal.cards, deal.rules, deal.value)
    assert arrangement.deadwood == brute_force(deal.cards, deal.spec, deal.value)


@PROPERTY_SETTINGS
@given(deal=deals("indian-rummy"))
def test_life_rule_deadwood_equals_brute_force(deal):
    arrangement = best_arrangement(deal.cards, deal.rules, deal.value, need_pure_sequence=True)
    assert arrangement.deadwood == brute_force(deal.cards, deal.spec, deal.value, life=True)


@PROPERTY_SETTINGS
@given(deal=deals("indian-rummy"))
def test_two_sequences_life_rule_deadwood_equals_brute_force(deal):
    # house-rules.md H64: a pure sequence and a second sequence, or every card counts.
    arrangement = best_arrangement(
        deal.cards, deal.rules, deal.value, need_pure_sequence=True, need_second_sequence=True
    )
    expected = brute_force(deal.cards, deal.spec, deal.value, life=True, second_sequence=True)
    assert arrangement.deadwood == expected
    assert_consistent(deal, arrangement, deal.value)


@pytest.mark.parametrize("game", GAMES)
@PROPERTY_SETTINGS
@given(data=st.data(), weights=st.lists(st.integers(-3, 30), min_size=53, max_size=53))
def test_deadwood_equals_brute_force_for_any_card_values(game, data, weights):
    # The solver never assumes the spec's values: jokers that cost something, wild cards
    # of different values, even negative ones.
    deal = data.draw(deals(game, most=9))
    index = {card: i for i, card in enumerate(Card(r, s) for r in RANKS for s in SUITS)}

    def value(card: Card) -> int:
        return weights[index.get(card, 52)]

    life = game == "indian-rummy" and data.draw(st.booleans())
    arrangement = best_arrangement(deal.cards, deal.rules, value, need_pure_sequence=life)
    assert arrangement.deadwood == brute_force(deal.cards, deal.spec, value, life=life)
    assert_consistent(deal, arrangement, value)


def assert_consistent(deal: Deal, arrangement: Arrangement, value: Callable[[Card], int]) -> None:
    """Disjoint melds and the unmatched cards are exactly the hand; every meld is valid (by
    the solver and by the reference) and in hand order; the deadwood is the unmatched value."""
    laid = [card for meld in arrangement.melds for card in meld]
    assert Counter(laid) + Counter(arrangement.unmatched) == Counter(deal.cards)
    assert len(laid) + len(arrangement.unmatched) == len(deal.cards)
    for meld in arrangement.melds:
        assert is_meld(meld, deal.rules)
        assert any(reference_kind(meld, deal.spec)[:2])
        assert in_hand_order(meld, deal.cards)
    assert in_hand_order(arrangement.unmatched, deal.cards)
    assert arrangement.deadwood == sum(value(card) for card in arrangement.unmatched)


def in_hand_order(part: tuple[Card, ...], hand: tuple[Card, ...]) -> bool:
    cards: Iterator[Card] = iter(hand)
    return all(card in cards for card in part)  # a subsequence of the hand


@pytest.mark.parametrize("game", GAMES)
@PROPERTY_SETTINGS
@given(data=st.data())
def test_arrangements_are_consistent(game, data):
    deal = data.draw(deals(game, most=13))
    assert_consistent(deal, best_arrangement(deal.cards, deal.rules, deal.value), deal.value)


@PROPERTY_SETTINGS
@given(deal=deals("indian-rummy", most=13))
def test_life_rule_arrangement_holds_a_pure_sequence(deal):
    arrangement = best_arrangement(deal.cards, deal.rules, deal.value, need_pure_sequence=True)
    assert_consistent(deal, arrangement, deal.value)
    if arrangement.melds:
        assert any(reference_kind(meld, deal.spec)[2] for meld in arrangement.melds)
        assert any(is_pure_sequence(meld, deal.rules) for meld in arrangement.melds)
    else:
        assert arrangement.unmatched == deal.cards
    # The rule only ever removes arrangements, so it never lowers the deadwood.
    plain = best_arrangement(deal.cards, deal.rules, deal.value)
    assert arrangement.deadwood >= plain.deadwood


@PROPERTY_SETTINGS
@given(deal=deals("indian-rummy", most=10, least=6))
def test_can_declare_equals_brute_force(deal):
    assert can_declare(deal.cards, deal.rules) is brute_force_declares(deal.cards, deal.spec)


@pytest.mark.parametrize("game", GAMES)
@tries(300)
@given(data=st.data())
def test_meld_check_equals_explicit_window_placement(game, data):
    # §6.4: the window-based validator against placing every card in every window.
    deal = data.draw(deals(game, most=7, least=3))
    kind = reference_kind(deal.cards, deal.spec)
    assert is_meld(deal.cards, deal.rules) is (kind[0] or kind[1])
    assert is_sequence(deal.cards, deal.rules) is kind[1]
    assert is_pure_sequence(deal.cards, deal.rules) is kind[2]


@pytest.mark.parametrize("game", ["three-thirteen", "indian-rummy"])
@tries(60)
@given(data=st.data())
def test_capping_melds_at_five_changes_nothing(game, data):
    # §6.3.5 on full 13-card hands, where the brute force cannot go: the solver with the cap
    # lifted agrees, with and without the life rule, and on the declaration.
    deal = data.draw(deals(game, most=13, least=13))
    life = game == "indian-rummy"
    capped = best_arrangement(deal.cards, deal.rules, deal.value, need_pure_sequence=life)
    declares = can_declare(deal.cards, deal.rules)
    # The cap as the solver and its candidates read it, with the hands it solved forgotten.
    with (
        mock.patch.object(melds, "_CAP", 13),
        mock.patch.object(solver, "_CAP", 13),
        mock.patch.object(candidates, "_CAP", 13),
        mock.patch.object(solver, "_remembered", solver._remembered.__wrapped__),
    ):
        uncapped = best_arrangement(deal.cards, deal.rules, deal.value, need_pure_sequence=life)
        assert can_declare(deal.cards, deal.rules) is declares
    assert capped.deadwood == uncapped.deadwood


def test_a_hand_solved_before_is_not_solved_again_unless_its_values_differ(monkeypatch):
    """Scoring a game scores every hand of it: a game saved or looked at again solves
    only its new hands. The answer depends on the cards, the rules and the cards' values."""
    solved: list[tuple[Card, ...]] = []
    minimum = solver.Hand.minimum

    def counted(hand, *args):
        solved.append(hand)
        return minimum(hand, *args)

    monkeypatch.setattr(solver.Hand, "minimum", counted)
    solver.forget()
    cards, rules = cs("5H 6H 7S JK 9C 9D KS"), indian_rummy_melds(wild_rank="7")

    first = best_arrangement(cards, rules, indian_value("7"))
    again = best_arrangement(list(cards), rules, indian_value("7"))
    assert again == first and len(solved) == 1

    # 5H 6H 7S(as 7H) and 9C 9D JK meld either way: KS is left, at 10, or at 1.
    flat = best_arrangement(cards, rules, lambda card: 1)
    assert len(solved) == 2
    assert (first.deadwood, flat.deadwood) == (10, 1)
