"""Gin Rummy's JSON (`shared/api.md` §5): a hand as `/hand` and `/game` take it, and a
`/deadwood` request's cards and the melds it lays off onto."""

from games.rules.gin_rummy.scoring import DEAD, HandInput
from games.rules.reading import Json, as_list, card_texts, seat_hands
from games.rules.text import gettext as _


def read_hand(data: Json) -> HandInput:
    """A dead hand reads nothing but its end: `player` and `hands` are ignored (§8)."""
    end = data.get("end")
    if end == DEAD:
        return HandInput(end=end)
    return HandInput(end=end, player=data.get("player"), hands=seat_hands(data))  # type: ignore[arg-type]  # checked when scored


def read_deadwood(data: Json) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...] | None]:
    """`cards`, and `lay_off_onto` when given: a list of melds, each a list of card text."""
    cards = card_texts(data.get("cards"), "“cards”")
    onto = data.get("lay_off_onto")
    if onto is None:
        return cards, None
    melds = as_list(onto, "“lay_off_onto”")
    return cards, tuple(
        # Translators: a meld of the request's “lay_off_onto” (kept as written), named in
        # an error ("Meld 2 of “lay_off_onto” must be a list.").
        card_texts(meld, _("Meld {number} of “lay_off_onto”").format(number=number))
        for number, meld in enumerate(melds, start=1)
    )
