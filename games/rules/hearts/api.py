"""Hearts' JSON (`shared/api.md` §7): a hand as `/hand` and `/game` take it."""

from games.rules.hearts.scoring import HandInput
from games.rules.reading import Json, as_list, hand_cards


def read_hand(data: Json) -> HandInput:
    """`taken`: one entry per seat, the cards that seat took in tricks (null: none)."""
    taken = as_list(data.get("taken"), "“taken”")
    return HandInput(tuple(hand_cards(cards, seat) for seat, cards in enumerate(taken)))
