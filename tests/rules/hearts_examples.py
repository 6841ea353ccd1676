"""Hearts' examples that more than one test answers: the deck as the spec deals it, api.md
§7's requests with their answers, and legal hands as Hypothesis draws them (for the
properties of Hearts and of every game's house rules).

Every expected value is the spec's own (`shared/rules/hearts.md`, `shared/api.md` §7);
none comes from the code under test.
"""

import pytest
from hypothesis import strategies as st

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = "SHDC"
# Every heart from the top down: a hand's hearts are dealt from this list in order.
HEARTS = [rank + "H" for rank in reversed(RANKS)]
OUT = {3: {"2D"}, 4: set(), 5: {"2D", "2C"}, 6: {"2C", "2D", "2S", "2H"}}


# api.md §7's examples, request and answer (less the explanation, whose words are free):
# the rules core (`test_hearts.py`) and the HTTP API (`tests/web/api/test_api_hearts.py`)
# answer both.
API_EXAMPLES = [
    pytest.param(
        "hand",
        {"taken": [[], [*HEARTS, "QS"], ["JD"], []], "settings": {"jack_of_diamonds": True}},
        {
            "points": [0, 26, -10, 0],
            "moon": 1,
            "hand_scores": [26, 0, 16, 26],
            "rules": {
                "preset": "book",
                "options": {"moon": "add", "jack_of_diamonds": True, "target": 100},
            },
        },
        id="7.1",
    ),
    pytest.param(
        "game",
        {
            "hands": [
                {
                    "taken": [
                        ["QS", "AH"],
                        ["KH", "QH", "JH", "10H", "9H", "8H", "7H"],
                        ["6H", "5H", "4H"],
                        ["3H", "2H"],
                    ]
                }
            ]
        },
        {"totals": [14, 7, 3, 2], "game_over": False, "winners": None},
        id="7.2",
    ),
]


# ---------------------------------------------------------------------------
# Legal hands, as Hypothesis draws them


@st.composite
def deals(draw):
    """(players, J♦ on, each seat's taken cards): every penalty card in play dealt to a
    seat, sometimes all the hearts and Q♠ to one (a moon), and some other cards too."""
    players = draw(st.integers(3, 6))
    jack = draw(st.booleans())
    deck = [rank + suit for rank in RANKS for suit in SUITS if rank + suit not in OUT[players]]
    order = draw(st.permutations(deck))
    shooter = draw(st.none() | st.integers(0, players - 1))
    hands: list[list[str]] = [[] for _ in range(players)]
    for card in order:
        counted = card[-1] == "H" or card == "QS" or (jack and card == "JD")
        if shooter is not None and (card[-1] == "H" or card == "QS"):
            hands[shooter].append(card)
        elif counted or draw(st.booleans()):
            hands[draw(st.integers(0, players - 1))].append(card)
    return players, jack, hands


def hand_bodies():
    """A legal `/hand` body of the book's rules (for the tests of every game's requests)."""
    return deals().map(lambda deal: {"taken": deal[2]})
