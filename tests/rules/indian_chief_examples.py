"""Indian Chief's cards and rounds as Hypothesis draws them, for the properties of Indian
Chief (`test_properties.py`) and of every game's house rules.

Cards are drawn from the real deck(s): each draw picks distinct positions in one or two
52-card decks, so no exact card ever appears more often than the decks allow.
"""

import string

from hypothesis import strategies as st

from games.rules.cards import RANKS, SUITS, Card
from games.rules.indian_chief.melds import Meld
from games.rules.indian_chief.scoring import Reveal

DECK = [Card(rank, suit) for rank in RANKS for suit in SUITS]
MELD_OF_SIZE = {
    1: Meld.THIEF,
    2: Meld.BEGGAR_MAN,
    3: Meld.POOR_MAN,
    4: Meld.LAWYER,
    5: Meld.RICH_MAN,
    6: Meld.DOCTOR,
    7: Meld.INDIAN_CHIEF,
}


def text(card: Card) -> str:
    return card.rank + card.suit


def cards_from(decks: int, count: int) -> st.SearchStrategy[list[Card]]:
    """`count` cards dealt from `decks` shuffled decks: at most `decks` copies of a card."""
    return st.lists(
        st.integers(0, 52 * decks - 1), min_size=count, max_size=count, unique=True
    ).map(lambda positions: [DECK[position % 52] for position in positions])


@st.composite
def dealt(draw, sizes: list[int], decks: int) -> list[list[Card]]:
    """One group of cards per size, all from the same deck(s)."""
    cards = draw(cards_from(decks, sum(sizes)))
    groups, start = [], 0
    for size in sizes:
        groups.append(cards[start : start + size])
        start += size
    return groups


# A player's name: one to eight letters, some accented, and spaces.
NAMES = st.text(alphabet=string.ascii_letters + "éøß ", min_size=1, max_size=8)


@st.composite
def rounds(draw, min_thieves: int = 0):
    """(reveals, decks, hands) for a valid round; `hands` are the revealed Card lists."""
    players = draw(st.integers(max(2, min_thieves), 8))
    decks = draw(st.sampled_from([1, 2])) if players <= 3 else 2
    names = draw(st.lists(NAMES, min_size=players, max_size=players, unique=True))
    sizes = draw(st.lists(st.integers(1, 7), min_size=players, max_size=players))
    thieves = draw(st.integers(min_thieves, players))
    sizes[:thieves] = [1] * thieves
    order = draw(st.permutations(range(players)))
    names = [names[i] for i in order]
    sizes = [sizes[i] for i in order]
    hands = draw(dealt(sizes, decks))
    reveals = []
    for name, cards in zip(names, hands, strict=True):
        declared = MELD_OF_SIZE[len(cards)] if draw(st.booleans()) else None
        reveals.append(Reveal(name, tuple(text(card) for card in cards), declared))
    given_decks = decks if (decks == 2 and players <= 3) or draw(st.booleans()) else None
    return reveals, given_decks, hands
