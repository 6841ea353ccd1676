"""The card picker's taps, applied on the server: a tap selects a player, gives them a
card or takes one back out, and may complete a player's entry. The phone applies the same
taps itself (static/games/taps.js), and says the same words, which it reads from the page:
tests/web/play/taps.json holds the cases both are held to.

The entry remembers how many cards each player had when it moved on from them (`left`,
"seat:count" pairs): a card that later takes a player past that count is the one most
likely meant for someone else (the scorekeeper went back to fix a card and went on
tapping), so that tap is questioned in the picker, once (its chip takes it out)."""

from contextlib import suppress
from dataclasses import dataclass
from typing import Any

from django.http import QueryDict

from games.models import Game, scores
from games.play.round_forms import RoundForm
from games.rules.cards import parse_card
from games.rules.errors import RuleError
from games.rules.text import gettext_lazy as _
from games.rules.words import say
from games.web import index


@dataclass(frozen=True)
class PickerWords:
    """What the picker says: on the server's page, and on the phone from the data
    attributes the page carries them in (templates/games/entry.html). Each phrase is kept
    in English and said in the language of the page that shows it (`games.rules.text`:
    the phrases go through `say`, as a kind's `Words` do)."""

    full_hand: str = _(
        # Translators: {name} is a player; {most} the number of cards one player shows.
        "{name} already has {most} cards, the most one player shows: "
        "tap one of them to take it out."
    )
    # A pile of cards that is no player's (Cribbage's crib and starter) is complete.
    # Translators: {name} is a pile of cards that is no player's: the crib, the starter.
    full_pile: str = _("{name} is complete: tap a card in it to take it out.")
    tap_cards: str = _("Tap the cards below.")
    tap_name: str = _("Tap {name} below to enter cards.")
    cards_for: str = _("Cards for {name}")
    # Translators: {card} is a card in symbols, like "7♥" (a button's label for listeners).
    remove: str = _("Remove {card}")
    take_out: str = _("Tap to take it out")
    # Translators: {card} is a card in symbols, like "7♥": every copy of it is entered.
    taken: str = _("{card} taken")
    # Short: at twice the text size on a small phone the dock has room for little more.
    # Translators: {count} is how many cards the player had when the entry moved on.
    moved_on: str = _("{name} looked done at {count}: is this card {name}'s?")
    # The cards that score and nobody has yet, to the player receiving cards (Hearts): a
    # cell of the picker says the start of it.
    # Translators: the cards that score in Hearts and nobody has been given yet.
    rest: str = _("Rest of the points")
    # Translators: a card-sized button: the start of "Rest of the points"; keep it short.
    rest_short: str = _("Rest")
    no_cards: str = _("Nobody shows cards in this hand: save it.")


WORDS = PickerWords()


@dataclass(frozen=True)
class Tapped:
    """The entry after a tap: its values, their form, and what the picker says of the
    tap: why a card was refused, or that it went to a player who looked complete ("")."""

    values: dict[str, Any]
    form: RoundForm
    said: str


def tapped(data: QueryDict, game: Game, number: int) -> Tapped:
    """The picker button posted with the form (a tap without JavaScript), applied as the
    phone applies it: the card added, refused for a full hand, or completing the player's
    entry, so that the next player gets the next cards; never to a player who shows none:
    the answers posted with the tap may have just said so (a drop chosen without
    JavaScript, then a card tapped)."""
    answered = RoundForm(game, number, initial=data.dict())
    posted = index(data.get("active"), len(answered.holders)) or 0
    if (receiving := showing(answered, posted)) != posted:
        data = data.copy()
        data["active"] = str(receiving)
    values = apply_tap(data, game)
    form = RoundForm(game, number, initial=values)
    refused = refused_tap(data, form)
    following = None if refused else complete_seat(data, form)
    values["active"] = showing(form, values["active"] if following is None else following)
    if refused:
        # Nothing was added, and the entry stays where it was: the counts kept stay too.
        values["left"] = data.get("left", "")
        return Tapped(values, RoundForm(game, number, initial=values), refused)
    noted, values["left"] = moved_on(data, form, values["active"])
    return Tapped(values, RoundForm(game, number, initial=values), noted)


def showing(form: RoundForm, active: int) -> int:
    """The seat the cards go to: `active`, or when the answers say that player shows no
    cards (who went out in Rummy), the next one who does, round the table. (A hand
    completed moves on only to a later seat: `complete_seat`.)"""
    seats = len(form.holders)
    bare = form.bare_seats()
    following = [seat % seats for seat in range(active, active + seats)]
    return next((seat for seat in following if seat not in bare), active)


def moved_on(data: QueryDict, form: RoundForm, active: int) -> tuple[str, str]:
    """What the picker says of a card that took a player past the count they had when the
    entry moved on from them (said once: the count is forgotten), and the counts kept
    after the tap: the player the entry now moves on from keeps theirs, if they have
    cards."""
    seats = len(form.holders)
    counts = [len(text.split()) for text in form.card_texts()]
    left: dict[int, int] = {}
    for pair in data.get("left", "").split():
        seat_text, _, count_text = pair.partition(":")
        at, count = index(seat_text, seats), index(count_text, form.game.rules.max_cards + 1)
        if at is not None and count is not None:
            left[at] = count
    noted = ""
    seat = added_to(data, form)
    if seat is not None and seat in left and counts[seat] > left[seat]:
        noted = say(WORDS.moved_on, name=form.holders[seat], count=left.pop(seat))
    before = index(data.get("active"), seats)
    if before is not None and before != active and counts[before]:
        left[before] = counts[before]
    return noted, " ".join(f"{at}:{count}" for at, count in sorted(left.items()))


def apply_tap(data: QueryDict, game: Game) -> dict[str, Any]:
    """Apply the picker button that was tapped to the posted form values.

    `select=<seat>` makes that player the one receiving cards; `add=<card>` gives them
    the card (not one out of the table's deck); `rest` gives them every card the hand
    must account for (the kind's `counted`: Hearts' penalty cards) that nobody has yet;
    `drop=<seat>:<position>` takes one card back out. (Not `remove`: a control
    of that name would hide the form element's own remove() from htmx.) The other
    fields keep their posted values.
    """
    table = scores.table(game)
    answers = [name for name, _, _ in game.rules.asks(table).fields(table.seats)]
    most = game.rules.most_held(table.seats)
    seats = len(most)
    values: dict[str, Any] = {
        key: data.get(key, "") for key in ("token", "version", "active", *answers)
    }
    cards = [data.get(f"cards_{seat}", "").split() for seat in range(seats)]
    active = index(values["active"], seats)
    selected = index(data.get("select"), seats)
    if selected is not None:
        active = selected
    if data.get("add") and active is not None and len(cards[active]) < most[active]:
        # Only the picker's own buttons send `add`; anything else is ignored.
        with suppress(RuleError):
            card = str(parse_card(str(data["add"]), jokers=game.jokers > 0))
            if card not in game.rules.removed(table):
                cards[active].append(card)
    if data.get("rest") and active is not None:
        entered = {token.upper() for hand in cards for token in hand}
        rest = [card for card in game.rules.counted(table) if card not in entered]
        cards[active] += rest[: max(most[active] - len(cards[active]), 0)]
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
    return index(data.get("active"), len(form.holders))


def refused_tap(data: QueryDict, form: RoundForm) -> str:
    """Why a card tapped was not added (`apply_tap` leaves a full hand as it is), to say
    where the scorekeeper looks."""
    seat = added_to(data, form)
    if seat is None or len(data.get(f"cards_{seat}", "").split()) < form.most(seat):
        return ""
    return say(full_words(form, seat), name=form.holders[seat], most=form.most(seat))


def full_words(form: RoundForm, seat: int) -> str:
    """What the picker says of a card tapped for a seat, or a pile, that has its most: a
    phrase with {name} and {most}."""
    return WORDS.full_hand if seat < len(form.names) else WORDS.full_pile


def complete_seat(data: QueryDict, form: RoundForm) -> int | None:
    """The next seat that shows cards, when the card just added completes a player's
    entry (the game says how many cards that takes: Three Thirteen's hand, Indian Chief's
    last meld, Indian Rummy's thirteen), so the next cards cannot go to the wrong player;
    None after the last."""
    seat = added_to(data, form)
    if seat is None or len(form.card_texts()[seat].split()) != form.previews()[seat].complete_at:
        return None
    bare = form.bare_seats()
    return next((later for later in range(seat + 1, len(form.holders)) if later not in bare), None)
