"""Indian Rummy's legal deals as Hypothesis draws them, for the properties of Indian Rummy
(`test_indian_rummy.py`) and of every game's house rules."""

from hypothesis import strategies as st

from games.rules.cards import RANKS, SUITS
from games.rules.indian_rummy.scoring import HandInput, Settings


@st.composite
def deals(draw):
    players = draw(st.integers(2, 4))
    pool = [rank + suit for rank in RANKS for suit in SUITS] * 2 + ["JK"] * 4
    cards = draw(st.permutations(pool))
    winner = draw(st.integers(0, players - 1))
    hands = [
        None if seat == winner else tuple(cards[seat * 13 : (seat + 1) * 13])
        for seat in range(players)
    ]
    wild = draw(st.sampled_from([None, "5", "K", "A"]))
    return HandInput(winner, tuple(hands), Settings(wild_rank=wild))
