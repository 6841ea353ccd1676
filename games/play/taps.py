"""The card picker's taps, applied on the server: a tap selects a player, gives them a
card or takes one back out, and may complete a player's entry. The phone applies the same
taps itself (static/games/taps.js), and says the same words, which it reads from the page:
tests/web/play/taps.json holds the cases both are held to."""

from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from django.http import QueryDict

from games.models import Game, scores
from games.play.round_forms import RoundForm
from games.rules.cards import parse_card
from games.rules.errors import RuleError
from games.rules.words import say
from games.web import index


@dataclass(frozen=True)
class PickerWords:
    """What the picker says: on the server's page, and on the phone from the data
    attributes the page carries them in (templates/games/entry.html)."""

    full_hand: str = (
        "{name} already has {most} cards, the most one player shows: "
        "tap one of them to take it out."
    )
    tap_cards: str = "Tap the cards below."
    tap_name: str = "Tap {name} below to enter cards."
    cards_for: str = "Cards for {name}"
    remove: str = "Remove {card}"
    take_out: str = "Tap to take it out"
    taken: str = "{card} taken"


WORDS = PickerWords()


@dataclass(frozen=True)
class Tapped:
    """The entry after a tap: its values, their form, and why a card was refused ("")."""

    values: dict[str, Any]
    form: RoundForm
    refused: str


def tapped(data: QueryDict, game: Game, number: int) -> Tapped:
    """The picker button posted with the form (a tap without JavaScript), applied as the
    phone applies it: the card added, refused for a full hand, or completing the player's
    entry, so that the next player gets the next cards; never to a player who shows none."""
    values = apply_tap(data, game)
    form = RoundForm(game, number, initial=values)
    refused = refused_tap(data, form)
    following = None if refused else complete_seat(data, form)
    if following is not None:
        values |= {"active": following}
        form = RoundForm(game, number, initial=values)
    form = past_bare(form, values)
    return Tapped(dict(form.initial), form, refused)


def past_bare(form: RoundForm, values: dict[str, Any]) -> RoundForm:
    """The entry with the cards going to a player who shows some: when the answers say the
    player receiving them shows none (who went out in Rummy), the next one who does, round
    the table. (A hand completed moves on only to a later seat: `complete_seat`.)"""
    seats = len(form.names)
    active = index(values.get("active"), seats) or 0
    bare = form.bare_seats()
    if active not in bare:
        return form
    following = [seat % seats for seat in range(active + 1, active + seats)]
    showing = [seat for seat in following if seat not in bare]
    if not showing:
        return form
    return RoundForm(form.game, form.number, initial=values | {"active": showing[0]})


def apply_tap(data: QueryDict, game: Game) -> dict[str, Any]:
    """Apply the picker button that was tapped to the posted form values.

    `select=<seat>` makes that player the one receiving cards; `add=<card>` gives them
    the card; `drop=<seat>:<position>` takes one card back out. (Not `remove`: a control
    of that name would hide the form element's own remove() from htmx.) The other
    fields keep their posted values.
    """
    table = scores.table(game)
    seats = len(table.players)
    answers = [name for name, _, _ in game.rules.asks(table).fields(seats)]
    values: dict[str, Any] = {
        key: data.get(key, "") for key in ("token", "version", "active", *answers)
    }
    cards = [data.get(f"cards_{seat}", "").split() for seat in range(seats)]
    active = index(values["active"], seats)
    selected = index(data.get("select"), seats)
    if selected is not None:
        active = selected
    if data.get("add") and active is not None and len(cards[active]) < game.rules.max_cards:
        # Only the picker's own buttons send `add`; anything else is ignored.
        with suppress(RuleError):
            cards[active].append(str(parse_card(str(data["add"]), jokers=game.jokers > 0)))
    seat_text, _, position_text = data.get("drop", "").partition(":")
    seat = index(seat_text, seats)
    position = index(position_text, len(cards[seat])) if seat is not None else None
    if seat is not None and position is not None:
        del cards[seat][position]
        active = seat
    values["active"] = active or 0
    for seat_number, seat_cards in enumerate(cards):
        values[f"cards_{seat_number}"] = " ".join(seat_cards)
    return values


def added_to(data: QueryDict, form: RoundForm) -> int | None:
    """The seat a card tap applied here went to (None for any other post)."""
    if not data.get("add"):
        return None
    return index(data.get("active"), len(form.names))


def refused_tap(data: QueryDict, form: RoundForm) -> str:
    """Why a card tapped was not added (`apply_tap` leaves a full hand as it is), to say
    where the scorekeeper looks."""
    seat = added_to(data, form)
    most = form.game.rules.max_cards
    if seat is None or len(data.get(f"cards_{seat}", "").split()) < most:
        return ""
    return say(WORDS.full_hand, name=form.names[seat], most=most)


def complete_seat(data: QueryDict, form: RoundForm) -> int | None:
    """The next seat that shows cards, when the card just added completes a player's
    entry (the game says how many cards that takes: Three Thirteen's hand, Indian Chief's
    last meld, Indian Rummy's thirteen), so the next cards cannot go to the wrong player;
    None after the last."""
    seat = added_to(data, form)
    if seat is None or len(form.card_texts()[seat].split()) != form.previews()[seat].complete_at:
        return None
    bare = form.bare_seats()
    return next((later for later in range(seat + 1, len(form.names)) if later not in bare), None)
