"""Cribbage's JSON (`shared/api.md` §6): `/show`, `/hand` and `/game` read and answered.

The request's shape is read here (`invalid_input` for a list that is not one, a card that
is not text, a field left out); the rules module checks every value after that, in the
spec's order.
"""

from games.rules.budget import check_hands
from games.rules.cribbage.scoring import (
    PEGGING_MOST,
    SHOWN,
    GameResult,
    HandInput,
    HandResult,
    HouseRules,
    check_first_dealer,
)
from games.rules.cribbage.show import Show
from games.rules.errors import InvalidInput
from games.rules.reading import Json, as_list, as_object, card_texts, seat_hands
from games.rules.settings import RuleSet
from games.rules.text import gettext as _

# What a request's `settings` holds beside the house rules (api.md §6).
FIRST_DEALER = "first_dealer"


def house_of(rules: RuleSet) -> HouseRules:
    return HouseRules(**rules.options)


def first_dealer_of(given: Json) -> object:
    """`first_dealer` as given (a game checks it against its seats), else seat 0."""
    first = given.get(FIRST_DEALER)
    return 0 if first is None else first


def read_show(data: Json) -> tuple[tuple[str, ...] | None, object, object]:
    """A `/show` request's cards, starter and whether they are the crib (default false)."""
    cards = data.get("cards")
    crib = data.get("crib")
    return (
        None if cards is None else card_texts(cards, "“cards”"),
        data.get("starter"),
        False if crib is None else crib,
    )


def read_hand(data: Json) -> HandInput:
    """A `/hand` request, or one hand of a `/game`: a crib left out is `invalid_input`
    (a required field), a null one a crib not entered (`missing_hand`)."""
    if "crib" not in data:
        raise InvalidInput(_("“crib” must list the crib's {count} cards.").format(count=SHOWN))
    crib = data["crib"]
    return HandInput(
        hands=seat_hands(data),
        crib=None if crib is None else card_texts(crib, "“crib”"),
        starter=data.get("starter"),
        pegging=data.get("pegging"),
        dealer=data.get("dealer"),
    )


def read_game(data: Json) -> list[HandInput]:
    """A `/game` request's hands, each read before any is scored; a hand of its own
    `settings` is `invalid_input` (the game's rules are given once)."""
    listed = as_list(data.get("hands"), "“hands”")
    check_hands(len(listed))
    hands = []
    for number, entry in enumerate(listed, start=1):
        hand = as_object(entry, _("Hand {number}").format(number=number))
        if hand.get("settings") is not None:
            said = _("Hand {number}: a hand holds no “settings”; the game's hold for every hand.")
            raise InvalidInput(said.format(number=number))
        try:
            hands.append(read_hand(hand))
        except InvalidInput as error:
            # Translators: {message} is what is wrong with hand {number}.
            said = _("Hand {number}: {message}").format(number=number, message=error.message)
            raise InvalidInput(said, error.player) from error
    return hands


def show_answer(show: Show) -> Json:
    return {
        "score": show.score,
        "fifteens": show.fifteens,
        "pairs": show.pairs,
        "runs": show.runs,
        "flush": show.flush,
        "nobs": show.nobs,
        "explanation": show.explanation(),
    }


def hand_answer(result: HandResult) -> Json:
    return {
        "shows": list(result.show_scores),
        "crib_score": result.crib.score,
        "heels": result.heels,
        "hand_scores": list(result.hand_scores),
    }


def game_answer(result: GameResult) -> Json:
    ended = result.ended_at
    return {
        "totals": list(result.totals),
        "game_over": result.game_over,
        "winner": result.winner,
        "ended_at": None if ended is None else {"hand": ended.hand, "stage": ended.stage},
        "skunks": None if result.skunks is None else list(result.skunks),
        "next_dealer": result.next_dealer,
    }


def check_settings_dealer(given: Json) -> None:
    """A `first_dealer` given to `/show` is a seat of some table (it deals nothing there)."""
    if given.get(FIRST_DEALER) is not None:
        check_first_dealer(given[FIRST_DEALER], max(PEGGING_MOST))
