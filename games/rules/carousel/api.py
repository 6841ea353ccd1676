"""Carousel's JSON (`shared/api.md` §3): a hand, and a `/deadwood` request's context."""

from games.rules.carousel.scoring import HandInput, deadwood
from games.rules.melds import Arrangement
from games.rules.reading import Json, as_object, seat_hands


def read_hand(data: Json) -> HandInput:
    return HandInput(knocker=data.get("knocker"), hands=seat_hands(data))  # type: ignore[arg-type]


def read_deadwood(cards: tuple[str, ...], data: Json) -> Arrangement:
    context = as_object(data.get("context"), "“context”")
    return deadwood(cards, context.get("players"))  # type: ignore[arg-type]  # checked there
