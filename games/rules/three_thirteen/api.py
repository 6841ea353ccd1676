"""Three Thirteen's JSON (`shared/api.md` §3): a hand, and a `/deadwood` request's context."""

from games.rules.melds import Arrangement
from games.rules.reading import Json, as_object, given, seat_hands
from games.rules.three_thirteen.scoring import HandInput, HouseRules, deadwood


def read_hand(data: Json) -> HandInput:
    return HandInput(
        hand_number=data.get("hand_number"),  # type: ignore[arg-type]  # checked when scored
        went_out=data.get("went_out"),  # type: ignore[arg-type]
        hands=seat_hands(data),
    )


def read_deadwood(cards: tuple[str, ...], data: Json, rules: HouseRules) -> Arrangement:
    context = as_object(data.get("context"), "“context”")
    return deadwood(
        cards,
        context.get("hand_number"),  # type: ignore[arg-type]  # checked there
        rules=rules,
        **given(context, "players"),
    )
