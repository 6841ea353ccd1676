"""Rummy's JSON (`shared/api.md` §3.3): a hand as `/hand` and `/game` take it."""

from games.rules.reading import Json, given, seat_hands
from games.rules.rummy.scoring import HandInput


def read_hand(data: Json) -> HandInput:
    return HandInput(
        winner=data.get("winner"),  # type: ignore[arg-type]  # checked when scored
        hands=seat_hands(data),
        **given(data, "went_rummy"),
    )
