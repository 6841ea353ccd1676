"""Tong-Its' legal ends of hand as Hypothesis draws them, for the properties of Tong-Its
(`test_tong_its.py`) and of every game's house rules."""

from hypothesis import strategies as st

from games.rules.cards import RANKS, SUITS
from games.rules.tong_its.hand import HandInput, PlayerInput, StateBefore

DECK = [rank + suit for rank in RANKS for suit in SUITS]


@st.composite
def hands(draw_):
    """A legal end of hand: one deck dealt into three hands, aces within the deck's four."""
    deck = draw_(st.permutations(DECK))
    sizes = [draw_(st.integers(0, 8)) for _ in range(3)]
    cards = [deck[sum(sizes[:seat]) : sum(sizes[: seat + 1])] for seat in range(3)]
    opened = [draw_(st.booleans()) for _ in range(3)]
    end = draw_(st.sampled_from(["tongit", "draw", "stock_out"]))
    seat = draw_(st.integers(0, 2))
    responses = None
    if end == "tongit":
        cards[seat] = []
    if end == "draw":
        opened[seat] = True
        responses = tuple(
            None
            if other == seat
            else draw_(st.sampled_from(["fold", "challenge"]))
            if opened[other]
            else "fold"
            for other in range(3)
        )
    held = {card[:-1] for hand in cards for card in hand}
    # Seat 0, if opened, may have laid a rank nobody holds face down.
    free = [(rank,) for rank in RANKS if rank not in held]
    quads = [draw_(st.sampled_from([(), *free])) if opened[0] else (), (), ()]
    aces_left = 4 - sum(card[:-1] == "A" for hand in cards for card in hand)
    aces_left -= 4 * sum(q.count("A") for q in quads)
    meld_aces = [0, 0, 0]
    meld_aces[draw_(st.integers(0, 2))] = draw_(st.integers(0, max(aces_left, 0)))
    players = tuple(
        PlayerInput(opened[other], tuple(cards[other]), meld_aces[other], quads[other])
        for other in range(3)
    )
    state = StateBefore(draw_(st.integers(0, 40)), draw_(st.sampled_from([None, 0, 1, 2])))
    caller = seat if end != "stock_out" else None
    last_drawer = seat if end == "stock_out" else None
    return HandInput(end, players, caller, last_drawer, responses, state)
