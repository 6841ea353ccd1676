"""Three Thirteen's legal hands as Hypothesis draws them, for the properties of Three
Thirteen (`test_three_thirteen.py`) and of every game's house rules."""

from hypothesis import strategies as st

from games.rules.cards import RANKS, SUITS
from games.rules.three_thirteen import scoring as three_thirteen
from games.rules.three_thirteen.scoring import HandInput


@st.composite
def revealed_hands(draw):
    number = draw(st.integers(1, 6))
    players = draw(st.integers(2, 4))
    decks = three_thirteen.decks_for(players)
    pool = [rank + suit for rank in RANKS for suit in SUITS] * decks
    cards = draw(st.permutations(pool))
    size = number + 2
    went_out = draw(st.integers(0, players - 1))
    hands = [
        None if seat == went_out else tuple(cards[seat * size : (seat + 1) * size])
        for seat in range(players)
    ]
    return HandInput(number, went_out, tuple(hands))
