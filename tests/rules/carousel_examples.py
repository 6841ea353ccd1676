"""Carousel's legal hands as Hypothesis draws them, for the properties of Carousel
(`test_carousel.py`) and of every game's house rules."""

from hypothesis import strategies as st

from games.rules.cards import RANKS, SUITS
from games.rules.carousel import scoring as carousel
from games.rules.carousel.scoring import HandInput


@st.composite
def knocks(draw):
    """A legal knock: 2–5 players, the knocker holding at most 4 points."""
    players = draw(st.integers(2, 5))
    decks = carousel.decks_for(players)
    pool = [rank + suit for rank in RANKS for suit in SUITS] * decks + ["JK"] * decks
    cards = draw(st.permutations(pool))
    knocker = draw(st.integers(0, players - 1))
    low = [card for card in ["AS", "AH", "2S", "3D", "4C"] if card in cards]
    hands, start = [], 0
    for seat in range(players):
        if seat == knocker:
            hands.append(tuple(draw(st.lists(st.sampled_from(low), max_size=1))))
            continue
        size = draw(st.integers(0, 6))
        chosen = [card for card in cards[start : start + size] if card not in low]
        start += size
        hands.append(tuple(chosen))
    return HandInput(knocker, tuple(hands))
