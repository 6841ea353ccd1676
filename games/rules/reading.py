"""Reading the JSON form of entries: the shape checks every game's reader shares.

The table, the JSON API and import all read entries through the same readers, so what
the JSON says is checked once, here: objects, lists and card texts must have the right
JSON type (`invalid_input`); every value, range, count and rule after that is the game's
own rules module's business. A field left out or null takes the module's default.
"""

import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from games.rules.budget import MAX_NUMBER
from games.rules.cards import Card
from games.rules.errors import InvalidInput
from games.rules.text import gettext as _

type Json = dict[str, Any]


class NumberTooLarge(InvalidInput):
    """A whole number beyond ±`MAX_NUMBER`: no score, pot or count comes near it."""


def _whole_number(digits: str) -> int:
    # Checked on the text, before converting: a number thousands of digits long is
    # refused as fast as a short one.
    if len(digits.lstrip("-")) > len(str(MAX_NUMBER)) or abs(number := int(digits)) > MAX_NUMBER:
        raise NumberTooLarge(
            # Translators: {most} is 999,999,999.
            _("Numbers must be between −{most} and {most}.").format(most=f"{MAX_NUMBER:,}")
        )
    return number


def loads(text: str | bytes, not_json: str | None = None) -> object:
    """JSON text in, Python values out, every whole number within ±`MAX_NUMBER`;
    `not_json` says what is wrong when it is no JSON at all (by default, that the request
    body is not)."""
    try:
        return json.loads(text, parse_int=_whole_number)
    # ValueError: not JSON (or not UTF-8); RecursionError: absurdly deep nesting.
    except (ValueError, RecursionError):
        if not_json is None:
            not_json = _("The request body is not valid JSON.")
        raise InvalidInput(not_json) from None


def as_object(value: object, what: str) -> Json:
    if not isinstance(value, dict):
        # Translators: {what} names a part of a request ("“settings”", "Hand 3").
        raise InvalidInput(_("{what} must be a JSON object.").format(what=what))
    return value


def optional_object(value: object, what: str) -> Json:
    """An optional object that is left out or null is empty."""
    return {} if value is None else as_object(value, what)


def as_list(value: object, what: str) -> list[Any]:
    if not isinstance(value, list):
        # Translators: {what} names a part of a request ("“hands”", "seat 1's hand").
        raise InvalidInput(_("{what} must be a list.").format(what=what))
    return value


def as_text(value: object, what: str) -> str:
    if not isinstance(value, str):
        # Translators: {what} names a part of a request ("Each card in “cards”").
        raise InvalidInput(_("{what} must be a string.").format(what=what))
    return value


# Two full decks with their jokers: more than any one list of cards in any game holds
# (Carousel's 106 cards are the most), so a longer list is refused before it is read.
MOST_CARDS = 108


def card_texts(value: object, what: str | Callable[[], str]) -> tuple[str, ...]:
    """A list of card texts, kept as given: the rules parse them, in their order. `what`
    names the list, or says it when asked (once something is wrong with it)."""
    if (
        isinstance(value, list)
        and len(value) <= MOST_CARDS
        and all(isinstance(card, str) for card in value)
    ):
        return tuple(value)
    if callable(what):
        what = what()
    cards = as_list(value, what)
    if len(cards) > MOST_CARDS:
        raise InvalidInput(
            # Translators: {what} names a list of cards in a request ("“cards”").
            _("{what} holds {count} cards; no game has more than {most}.").format(
                what=what, count=len(cards), most=MOST_CARDS
            )
        )
    each = _("Each card in {what}").format(what=what)
    return tuple(as_text(card, each) for card in cards)


def or_empty(value: object) -> object:
    """An optional list that is left out or null is empty."""
    return [] if value is None else value


def optional_int(data: Json, key: str) -> int | None:
    value = data.get(key)
    # JSON true/false and 2.0 are not integers, although Python's bool is an int.
    if value is not None and type(value) is not int:
        # Translators: {key} is a field's name in a request, kept in English.
        raise InvalidInput(_("“{key}” must be a whole number.").format(key=key))
    return value


def given(data: Json, *keys: str) -> Json:
    """The keys of `data` that are present and not null, for keyword arguments: a field
    left out or null takes the rules module's default."""
    return {key: data[key] for key in keys if data.get(key) is not None}


@contextmanager
def in_seat(seat: int) -> Iterator[None]:
    """A shape error inside one seat's entry is that seat's (`player` in the error)."""
    try:
        yield
    except InvalidInput as error:
        raise InvalidInput(error.message, seat) from None


def hand_cards(value: object, seat: int) -> tuple[str, ...] | None:
    """A seat's hand: a list of card texts, or null when it was not entered."""
    if value is None:
        return None
    with in_seat(seat):
        # Translators: a part of a request, "seat 1's hand"; the table puts the player's
        # name in place of "seat 1" (as the words of "seat {seat}" say it).
        return card_texts(value, lambda: _("seat {seat}'s hand").format(seat=seat))


def seat_hands(data: Json) -> tuple[tuple[str, ...] | None, ...]:
    """`hands`: one entry per seat, indexed by seat."""
    hands = as_list(data.get("hands"), "“hands”")  # English: a field's name
    return tuple(hand_cards(hand, seat) for seat, hand in enumerate(hands))


def cards_of(data: Json) -> tuple[str, ...]:
    """`cards`: the cards of a `/deadwood` request."""
    return card_texts(data.get("cards"), "“cards”")  # English: a field's name


def as_json(value: object) -> object:
    """Tuples as lists and cards in canonical text, all the way down, for an answer."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple | list):
        return [as_json(item) for item in value]
    return value


def fields_of(result: object, names: Sequence[str]) -> Json:
    """A result's fields as the answer names them (a result is a dataclass: its fields
    are its answer)."""
    fields = vars(result)
    return {name: as_json(fields[name]) for name in names}
