"""Gin Rummy's examples that more than one test answers: api.md §5.3's game with its
answer, the classic preset's options as an answer says them back, and legal knocks as
Hypothesis draws them (for the properties of Gin Rummy and of every game's house rules).

Every expected value is the spec's own (`shared/rules/gin-rummy.md`, `shared/api.md` §5);
none comes from the code under test.
"""

from hypothesis import strategies as st

from games.rules.cards import RANKS, SUITS, Card
from games.rules.gin_rummy import scoring, spread


def body(end, player, first, second):
    """A `/hand` request: how the hand ended, who ended it, and each seat's cards."""
    return {"end": end, "player": player, "hands": [first.split(), second.split()]}


# Big gin (api.md §5.3): A♥–4♥, three 5s, 10♠–K♠; the other's 45 there.
BIG_GIN_HAND = "AH 2H 3H 4H 5C 5D 5S KS QS JS 10S"
API_DEFENDER = "6D 7D 8D 9H 10H 2S 3C 4S 8C 9S"
DEAD = {"end": "dead"}
# api.md §5.3: a knock (54), the opponent's gin (25 + 65), a dead hand, then big gin
# (31 + 45); finals 130 + 100 + 2 × 25 and 90 + 25.
API_GAME = {
    "hands": [
        body("knock", 0, "AS 2S 3S 7D 7C 7H 9C 10C JC 4H", "6H 7S 8H JS JH 2D 3D 4C 5D KC"),
        body("gin", 1, "6H 7S 8H JS JH 2D 3D 4C 5D KC", "AS 2S 3S 7D 7C 7H 9C 10C JC QC"),
        DEAD,
        body("big_gin", 0, BIG_GIN_HAND, API_DEFENDER),
    ]
}
API_GAME_ANSWER = {
    "totals": [130, 90],
    "hands_won": [2, 1],
    "game_over": True,
    "winner": 0,
    "final_scores": [280, 115],
    "shutout": False,
    "next_dealer": None,
}
# §7's classic preset (P, B), every option in force as an answer says it back.
CLASSIC_OPTIONS = {
    "gin_bonus": 20,
    "undercut_bonus": 10,
    "big_gin_bonus": 20,
    "box_bonus": 20,
    "target": 100,
    "shutout": "game_bonus",
}


# ---------------------------------------------------------------------------
# Legal hands, as Hypothesis draws them

DECK = [Card(rank, suit) for suit in SUITS for rank in RANKS]


def adjacent(card, other):
    """Whether `other` could join a meld with `card`: same rank, or near in its suit."""
    if card.rank == other.rank:
        return True
    return card.suit == other.suit and abs(card.index - other.index) <= 2


def planted(draw, count, taken, room):
    """Up to `count` melds (runs of 3–5, sets of 3–4) of cards not `taken`, at most `room`
    cards in all."""
    cards: list[Card] = []
    for _ in range(count):
        if draw(st.booleans()):
            suit = draw(st.sampled_from(SUITS))
            length = draw(st.integers(3, 5))
            start = draw(st.integers(0, len(RANKS) - length))
            meld = [Card(rank, suit) for rank in RANKS[start : start + length]]
        else:
            rank = draw(st.sampled_from(RANKS))
            meld = draw(st.permutations(SUITS))[: draw(st.integers(3, 4))]
            meld = [Card(rank, suit) for suit in meld]
        if len(cards) + len(meld) <= room and not set(meld) & {*cards, *taken}:
            cards += meld
    return cards


@st.composite
def knocks(draw):
    """A legal knock, as JSON: two or three melds planted in the knocker's hand and low
    cards beside them (10 or less); the defender often holds melds of their own and cards
    near the knocker's."""
    held = planted(draw, draw(st.integers(2, 3)), [], 10)
    budget = scoring.KNOCK_LIMIT
    for card in draw(st.permutations([card for card in DECK if card.face_value <= 5])):
        if len(held) < 10 and card not in held and card.face_value <= budget:
            held.append(card)
            budget -= card.face_value
    held += [card for card in DECK if card not in held][: 10 - len(held)]
    if spread.Deadwood()(spread.mask_of(held)) > scoring.KNOCK_LIMIT:
        held = [Card(rank, "S") for rank in RANKS[:9]] + [Card("10", "H")]
    others = planted(draw, draw(st.integers(0, 2)), held, 7)
    near = [card for card in DECK if card not in held + others]
    near = [card for card in near if any(adjacent(card, h) for h in held)]
    others += draw(st.permutations(near))[: draw(st.integers(0, 10 - len(others)))]
    rest = list(draw(st.permutations(DECK)))
    if draw(st.booleans()):  # low cards: the defender may undercut
        rest.sort(key=lambda card: card.face_value)
    others += [card for card in rest if card not in held + others]
    hands = [[str(card) for card in draw(st.permutations(held))], [str(c) for c in others[:10]]]
    player = draw(st.integers(0, 1))
    return {"end": "knock", "player": player, "hands": hands if player == 0 else hands[::-1]}
