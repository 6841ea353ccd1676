"""Property tests (Hypothesis) for the Indian Chief scorer.

Cards are drawn from the real deck(s): each draw picks distinct positions in one or two
52-card decks, so no exact card ever appears more often than the decks allow.
"""

from collections import Counter
from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from games.rules.cards import Card
from games.rules.indian_chief.melds import Meld, score_meld, score_single_meld
from games.rules.indian_chief.scoring import Steal, score_round
from tests.properties import tries
from tests.rules.indian_chief_examples import (
    DECK,
    MELD_OF_SIZE,
    RANKS,
    SUITS,
    cards_from,
    dealt,
    rounds,
    text,
)

RANK_NUMBER = {rank: number for number, rank in enumerate(RANKS, start=1)}

PROPERTY_SETTINGS = tries(150)


def face(card: Card) -> int:
    return min(RANK_NUMBER[card.rank], 10)


# ---------------------------------------------------------------------------
# A naive Indian Chief scorer, written independently of the code under test


def naive_poker(cards: list[Card]) -> int:
    numbers = sorted(RANK_NUMBER[card.rank] for card in cards)
    counts = sorted(Counter(numbers).values(), reverse=True)
    flush = len({card.suit for card in cards}) == 1
    distinct = sorted(set(numbers))
    straight = len(distinct) == 5 and (
        distinct[4] - distinct[0] == 4 or distinct == [1, 10, 11, 12, 13]
    )
    if counts[0] == 5:
        return 50
    if straight and flush:
        return 45
    if counts[0] == 4:
        return 40
    if counts == [3, 2]:
        return 35
    if flush:
        return 30
    if straight:
        return 25
    if counts[0] == 3:
        return 20
    if counts[:2] == [2, 2]:
        return 15
    if counts[0] == 2:
        return 10
    return 5


def naive_indian_chief(cards: list[Card]) -> int:
    best = None
    for i, j in combinations(range(7), 2):
        poker = [card for k, card in enumerate(cards) if k not in (i, j)]
        total = naive_poker(poker) + (face(cards[i]) + face(cards[j])) % 10
        best = total if best is None else max(best, total)
    return best


@PROPERTY_SETTINGS
@given(st.sampled_from([1, 2]).flatmap(lambda decks: cards_from(decks, 7)))
def test_indian_chief_is_the_best_of_21_splits(cards):
    expected = naive_indian_chief(cards)
    assert score_meld(Meld.INDIAN_CHIEF, cards).score == expected
    assert score_single_meld([text(card) for card in cards], decks=2).score == expected


@st.composite
def narrow_indian_chiefs(draw) -> list[Card]:
    """7 cards from a few neighbouring ranks (wrapping past the king) and few suits.

    Random full-deck draws rarely make straights, flushes, quads or five of a kind; a
    narrow pool makes them common, and windows like Q-K-A-2-3 test the no-wraparound rule.
    """
    decks = draw(st.sampled_from([1, 2]))
    start = draw(st.integers(0, 12))
    width = draw(st.integers(2, 7))
    ranks = [RANKS[(start + step) % 13] for step in range(width)]
    suits = draw(st.lists(st.sampled_from(SUITS), min_size=1, max_size=4, unique=True))
    pool = [Card(rank, suit) for rank in ranks for suit in suits] * decks
    size = min(7, len(pool))
    positions = draw(
        st.lists(st.integers(0, len(pool) - 1), min_size=size, max_size=size, unique=True)
    )
    cards = [pool[position] for position in positions]
    if len(cards) < 7:
        # Too small a pool: top up from cards outside it, still within the copy limit.
        rest = [card for card in DECK if card not in pool] * decks
        extra = draw(
            st.lists(
                st.integers(0, len(rest) - 1),
                min_size=7 - len(cards),
                max_size=7 - len(cards),
                unique=True,
            )
        )
        cards += [rest[position] for position in extra]
    return cards


@tries(400)
@given(narrow_indian_chiefs())
def test_indian_chief_best_of_21_splits_on_crowded_hands(cards):
    assert score_meld(Meld.INDIAN_CHIEF, cards).score == naive_indian_chief(cards)
    decks = max(Counter(cards).values())
    assert score_single_meld([text(card) for card in cards], decks=decks).score == (
        naive_indian_chief(cards)
    )


# ---------------------------------------------------------------------------
# Order never matters


@PROPERTY_SETTINGS
@given(st.data(), st.integers(1, 7), st.sampled_from([1, 2]), st.integers(0, 20))
def test_reordering_a_meld_never_changes_its_score(data, size, decks, table_size):
    cards, table = data.draw(dealt([size, table_size], decks))
    shuffled = data.draw(st.permutations(cards))
    shuffled_table = data.draw(st.permutations(table))
    meld = MELD_OF_SIZE[size]
    original = score_meld(meld, cards, table).score
    assert score_meld(meld, shuffled, shuffled_table).score == original
    assert (
        score_single_meld(
            [text(card) for card in shuffled], meld, decks, [text(card) for card in table]
        ).score
        == original
    )


# ---------------------------------------------------------------------------
# Ranges


@PROPERTY_SETTINGS
@given(cards_from(2, 5))
def test_rich_man_scores_between_minus_50_and_minus_5(cards):
    score = score_meld(Meld.RICH_MAN, cards).score
    assert -50 <= score <= -5
    assert score == -sum(face(card) for card in cards)


@PROPERTY_SETTINGS
@given(st.data(), st.sampled_from([1, 2]), st.integers(0, 40))
def test_beggar_man_scores_two_per_matching_opponent_card(data, decks, table_size):
    beggar, table = data.draw(dealt([2, table_size], decks))
    score = score_meld(Meld.BEGGAR_MAN, beggar, table).score
    assert score % 2 == 0
    assert 0 <= score <= 2 * len(table)
    ranks = {card.rank for card in beggar}
    assert score == 2 * sum(1 for card in table if card.rank in ranks)


# ---------------------------------------------------------------------------
# Rounds


@PROPERTY_SETTINGS
@given(rounds())
def test_valid_round_scores_are_ints_in_request_order(round_input):
    reveals, decks, _ = round_input
    result = score_round(reveals, decks)
    names = [reveal.name for reveal in reveals]
    assert [player.name for player in result.players] == names
    assert list(result.scores) == names
    for player in result.players:
        assert type(player.score) is int
        assert player.meld is MELD_OF_SIZE[len(player.result.cards)]


@PROPERTY_SETTINGS
@given(rounds(min_thieves=1), st.data())
def test_steals_never_change_scores(round_input, data):
    reveals, decks, hands = round_input
    names = [reveal.name for reveal in reveals]
    melds = {name: list(cards) for name, cards in zip(names, hands, strict=True)}
    thief_ranks = {name: RANK_NUMBER[cards[0].rank] for name, cards in melds.items()}
    thief_ranks = {name: rank for name, rank in thief_ranks.items() if len(melds[name]) == 1}

    # Replay valid steals ourselves: lowest rank first, any order within a tie group.
    steals, taken = [], {}
    for rank in sorted(set(thief_ranks.values())):
        group = [name for name in names if thief_ranks.get(name) == rank]
        for thief in data.draw(st.permutations(group)):
            action = data.draw(st.sampled_from(["absent", "pass", "steal"]))
            options = [
                (victim, card) for victim in names if victim != thief for card in melds[victim]
            ]
            if action == "pass" or (action == "steal" and not options):
                steals.append(Steal(thief))
            elif action == "steal":
                victim, card = data.draw(st.sampled_from(options))
                given_card = melds[thief].pop()
                spot = melds[victim].index(card)
                melds[victim][spot] = given_card
                taken[thief] = card
                steals.append(Steal(thief, victim, text(card)))

    plain = score_round(reveals, decks)
    stolen = score_round(reveals, decks, steals)
    assert stolen.scores == plain.scores
    assert stolen.steals.taken == taken
    assert {name: Counter(cards) for name, cards in stolen.steals.melds_after.items()} == {
        name: Counter(cards) for name, cards in melds.items()
    }
