"""Indian Rummy's JSON (`shared/api.md` §3, §4.3): a deal with its own settings and its
seats' outcomes, a `/deadwood` request's context, and a game's settings, each of which may
name a wild rank."""

from games.rules.indian_rummy.house import HouseRules
from games.rules.indian_rummy.scoring import HandInput, Settings, deadwood
from games.rules.melds import Arrangement
from games.rules.reading import Json, as_text, given, optional_object, seat_hands


def with_wild_rank(settings: Json, *keys: str) -> Json:
    """Settings as keyword arguments; `wild_rank` is rank text or null."""
    chosen = given(settings, *keys, "wild_rank")
    if "wild_rank" in chosen:
        as_text(chosen["wild_rank"], "“wild_rank”")
    return chosen


def read_deadwood(cards: tuple[str, ...], data: Json, rules: HouseRules) -> Arrangement:
    context = optional_object(data.get("context"), "“context”")
    return deadwood(cards, **with_wild_rank(context, "decks", "jokers"), rules=rules)


def read_hand(data: Json) -> HandInput:
    settings = optional_object(data.get("settings"), "“settings”")
    return HandInput(
        winner=data.get("winner"),  # type: ignore[arg-type]  # checked when scored
        hands=seat_hands(data),
        settings=Settings(**with_wild_rank(settings, "decks", "jokers")),
        outcomes=data.get("outcomes"),
    )
