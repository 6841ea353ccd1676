"""Saving a round or hand: one function, `save`, and the ways a save can end.

A save posted from the entry screen can land, or have landed already (a double tap, a save
resent from the phone's queue), or find that another phone saved that round first, or that
another phone changed something else, or that the game is closed, or that the cards break
a rule. Each ending is a named outcome carrying what its answer needs; the views turn
outcomes into responses (games/play/entry.py) and nothing here knows about HTTP, so every
ending is tested by calling `save` (tests/web/play/test_saving.py).
"""

from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.models import Game, GameFinished, Round, StaleGame, scores
from games.play import taps
from games.play.round_forms import RoundForm
from games.rules.errors import RuleError
from games.rules.words import say


@dataclass(frozen=True)
class Saved:
    """Recorded now: a new round (`thieves`: its Thieves steal next), or an edit with the
    notes of what it changed besides the cards (steals that no longer replay…)."""

    number: int
    editing: bool
    thieves: bool = False
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class AlreadySaved:
    """Recorded before: this very save landed once already (a double tap, a resend), or
    the round edited already holds these cards."""

    number: int
    editing: bool


@dataclass(frozen=True)
class SameCards:
    """Another phone saved this round first, with the same cards: it is recorded once."""

    number: int


@dataclass(frozen=True)
class TakenMeanwhile:
    """Another phone saved this round first, with other cards. `mine` holds these cards,
    checked as an edit of that round, for the scorekeeper to choose what they are."""

    number: int
    mine: RoundForm
    data: QueryDict


@dataclass(frozen=True)
class Stale:
    """Another phone changed something else meanwhile (an earlier round, the steals, an
    undo). `form` keeps these cards at the newer version, to check and save again."""

    form: RoundForm


@dataclass(frozen=True)
class Closed:
    """No round can be saved now, for `reason` (finished, abandoned, every round in)."""

    reason: str


@dataclass(frozen=True)
class Invalid:
    """The round breaks a rule: `form` holds each problem next to its player."""

    form: RoundForm


Outcome = Saved | AlreadySaved | SameCards | TakenMeanwhile | Stale | Closed | Invalid

FINISHED_MEANWHILE = gettext_lazy("This game was finished on another device.")


def closed(game: Game) -> str:
    """Why a game cannot be changed now, and how to change it."""
    if game.is_abandoned:
        return _("This game was abandoned. Resume it to go on.")
    return _("This game is finished. Reopen it to change it.")


def save(game: Game, data: QueryDict, number: int | None = None) -> Outcome:
    """Save the entry form's `data` as the game's next round, or as round `number` (an
    edit of a round already saved)."""
    if number is None:
        return _save_new(game, data)
    return _save_edit(game, data, number)


def _save_new(game: Game, data: QueryDict) -> Outcome:
    # A save at the game's version has not landed: landing moves the version on.
    landed = None if _at_version(game, data) else _landed_round(game, data)
    if landed is not None:
        return AlreadySaved(landed.number, editing=False)
    # Before the game's end is looked at: the round saved meanwhile may have been its
    # last, and these cards must still not be lost.
    if (taken := _taken_meanwhile(game, data)) is not None:
        return _meanwhile(game, data, taken)
    if not game.is_open:
        return Closed(closed(game))
    played, last = len(scores.played(game)), game.rules.rounds
    if last is not None and played >= last:
        return Closed(say(game.rules.words.all_in, rounds=last))
    number = played + 1
    # A new round is checked as the one after those saved, and the round the form showed
    # must be that one too: a round entered offline after one still unsent predicts its
    # version, and a change on another phone can make that number come true for another
    # round. When another device saved first, that is what to say, not what the check
    # finds.
    if not _at_version(game, data) or data.get("number", str(number)) != str(number):
        return _stale_new(game, data)
    form = RoundForm(game, number, data)
    try:
        if not form.is_valid():
            # The same save, sent twice at once: its twin landed while this one was
            # checked, and now finds its own cards "already made".
            landed = _landed_round(game, data)
            return AlreadySaved(landed.number, editing=False) if landed else Invalid(form)
        cleaned = form.cleaned_data
        saved = game.record_round(
            cleaned["cards"],
            cleaned["token"],
            cleaned["version"],
            cleaned["details"],
            form.standings,
        )
    except StaleGame as stale:
        return _stale_new(stale.game, data)
    except GameFinished:
        return Closed(str(FINISHED_MEANWHILE))
    except RuleError as error:
        form.add_error(None, error.message)
        return Invalid(form)
    thieves = form.row is not None and bool(form.row.thieves)
    return Saved(saved.number, editing=False, thieves=thieves)


def _save_edit(game: Game, data: QueryDict, number: int) -> Outcome:
    if not game.is_open:
        return Closed(closed(game))
    form = RoundForm(game, number, data)
    try:
        if not form.is_valid():
            return Invalid(form)
        cleaned = form.cleaned_data
        notes = game.edit_round(number, cleaned["cards"], cleaned["version"], cleaned["details"])
    except StaleGame as stale:
        if holds(stale.game.rounds.get(number=number), form):
            # A double tap or a resent edit: the round already holds these cards.
            return AlreadySaved(number, editing=True)
        return Stale(_kept(stale.game, number, data))
    except GameFinished:
        return Closed(str(FINISHED_MEANWHILE))
    except RuleError as error:
        form.add_error(None, error.message)
        return Invalid(form)
    return Saved(number, editing=True, notes=notes)


def _stale_new(game: Game, data: QueryDict) -> Outcome:
    """A new round posted at an older version of the game (`game` is the newer one)."""
    if (landed := _landed_round(game, data)) is not None:
        return AlreadySaved(landed.number, editing=False)
    if (taken := _taken_meanwhile(game, data)) is not None:
        return _meanwhile(game, data, taken)
    # The round entered is still the next one: keep what this phone entered, show the
    # newer game, and let a second save go through knowingly.
    return Stale(_kept(game, game.rounds.count() + 1, data))


def _kept(game: Game, number: int, data: QueryDict) -> RoundForm:
    """The entry form for round `number` holding what was posted, at the game's version."""
    return RoundForm(game, number, initial=taps.apply_tap(_at_newest(game, data), game))


def _meanwhile(game: Game, data: QueryDict, number: int) -> Outcome:
    """A new round refused because another phone saved that very round first.

    The two phones most likely entered the same real round, so saving these cards again
    as the next round is never what a second tap on *Save* does. Cards that match what the
    other phone saved are that round, recorded once; otherwise the scorekeeper chooses.
    """
    landed = _landed_round(game, data)
    if landed is not None:
        # Not another phone: this very save's twin, landed since it was first looked for.
        return AlreadySaved(landed.number, editing=False)
    posted = _at_newest(game, data)
    # Checked as an edit of their round, so their cards do not count against these.
    mine = RoundForm(game, number, posted)
    if mine.is_valid() and holds(game.rounds.get(number=number), mine):
        return SameCards(number)
    return TakenMeanwhile(number, mine, posted)


def _at_newest(game: Game, data: QueryDict) -> QueryDict:
    """The posted `data` as if posted at the game's version now."""
    copy = data.copy()
    copy["version"] = str(game.version)
    return copy


def _landed_round(game: Game, data: QueryDict) -> Round | None:
    """The round an earlier post of this very form saved, if any (same token)."""
    try:
        token = forms.UUIDField().clean(data.get("token"))
    except forms.ValidationError:
        return None
    return game.rounds.filter(token=token).first()


def _at_version(game: Game, data: QueryDict) -> bool:
    """Whether the form posted was shown at the game's version."""
    return data.get("version") == str(game.version)


def _taken_meanwhile(game: Game, data: QueryDict) -> int | None:
    """The round a new round's save was entered as, when another device saved that round
    since the page was opened (the form says which round it showed: a new round's address
    does not)."""
    shown = data.get("number", "")
    if _at_version(game, data) or not shown.isdecimal():
        return None
    number = int(shown) if len(shown) <= 4 else 0
    return number if game.rounds.filter(number=number).exists() else None


def holds(played: Round, form: RoundForm) -> bool:
    """Whether a saved round already holds what the (valid) form would save: the same
    cards for each seat and pile (Cribbage's crib, in its details), and the same
    answers."""
    piles = [pile.key for pile in form.piles]
    given = form.cleaned_data["details"]
    entered = [*form.cleaned_data["cards"], *(given.get(key) or "" for key in piles)]

    def answers(details: dict[str, Any]) -> dict[str, Any]:
        return {key: value for key, value in details.items() if key not in piles}

    return bool(
        hands(played.held()) == hands(entered) and answers(played.details) == answers(given)
    )


def hands(texts: list[str]) -> list[list[str]]:
    """Each seat's cards, to compare: the order they were tapped in is no part of a hand,
    nor is the case they were typed in."""
    return [sorted(text.upper().split()) for text in texts]
