"""A kind's phrases about its rounds or hands, each a whole phrase.

Pages, messages, sheets and the history say "Save hand 3" or "All 7 rounds are in" from
these phrases, never by gluing a word to a number or adding an "s": a language says each
phrase its own way, and a catalogue translates it whole. A phrase holds `{number}` (a
round or hand), `{rounds}` (the game's length) or `{count}`; `say` fills them in.

Two sets exist, for the games that play rounds (Indian Chief) and those that play hands.
"""

from dataclasses import dataclass

from games.rules.text import gettext_lazy as _
from games.rules.text import ngettext, ngettext_lazy


@dataclass(frozen=True, kw_only=True)
class Words:
    """Every phrase the app says about a kind's rounds or hands. `entered` and `played`
    are (one, more) forms by `count`."""

    numbered: str
    numbered_of: str
    heading: str
    enter: str
    edit: str
    save: str
    save_changes: str
    saved: str
    changed: str
    undo: str
    undo_warning: str
    undo_confirm: str
    undone: str
    none_to_undo: str
    reopened: str
    all_in: str
    all_entered: str
    over: str
    fix: str
    past_warning: str
    taken: str
    taken_while: str
    steals_waiting: str
    same_cards: str
    keep_theirs: str
    put_yours: str
    enter_as: str
    kept: str
    kept_going_on: str
    queued: str
    at_most: str
    in_order: str
    no_details: str
    fill_one: str
    entered: tuple[str, str]
    played: tuple[str, str]
    played_of: tuple[str, str]
    saved_change: str
    edited_change: str
    undone_change: str
    steal_change: str

    def row(self, number: int) -> str:
        return self.numbered.format(number=number)


def say(phrase: str, **values: object) -> str:
    """A phrase with its numbers filled in."""
    return phrase.format(**values)


def say_count(forms: tuple[str, str], count: int, **values: object) -> str:
    """The form of a phrase for `count` (one, or more or none), filled in."""
    return ngettext(*forms, count).format(count=count, **values)


HANDS = Words(
    numbered=_("Hand {number}"),
    numbered_of=_("Hand {number} of {rounds}"),
    heading=_("Hands"),
    enter=_("Enter hand {number}"),
    edit=_("Edit hand {number}"),
    save=_("Save hand {number}"),
    save_changes=_("Save changes to hand {number}"),
    saved=_("Hand {number} saved."),
    changed=_("Hand {number} changed; the totals follow."),
    undo=_("Undo hand {number}…"),
    undo_warning=_("Hand {number} will be taken off the sheet (the history keeps it)."),
    undo_confirm=_("Yes, undo hand {number}"),
    undone=_("Hand {number} undone. It is still in the history."),
    none_to_undo=_("There is no hand to undo."),
    reopened=_("The game is open again: hands can be changed."),
    all_in=_("All {rounds} hands are in: edit one to change it."),
    all_entered=_("All {rounds} hands are entered"),
    over=_("The game is over: edit a hand to change it."),
    fix=_("Edit that hand to fix it."),
    past_warning=_("Changing a past hand changes the totals. The old cards stay in the history."),
    taken=_("Hand {number} was saved on another phone"),
    taken_while=_("While you were entering it, another phone saved hand {number}:"),
    steals_waiting=_("Still to steal after hand {number}: {thieves}."),
    same_cards=_(
        "Hand {number} was saved on another phone with the same cards: it is recorded once."
    ),
    keep_theirs=_("Keep hand {number} as it was saved"),
    put_yours=_("Put yours in hand {number} instead"),
    enter_as=_("Enter yours as hand {number}"),
    kept=_("Hand {number} is kept on this phone and sent when the connection is back."),
    kept_going_on=_(
        "No connection: hand {number} is kept on this phone and sent when the connection "
        "is back. Go on with hand {next}."
    ),
    queued=_("Hand {number} of {game}"),
    at_most=_("a game holds at most {count} hands"),
    in_order=_("hands must be numbered 1, 2, 3… in play order."),
    no_details=_("a {title} hand has no “details”."),
    fill_one=_("Fill in the scores of at least one hand."),
    entered=ngettext_lazy("{count} hand entered", "{count} hands entered"),
    played=ngettext_lazy("In progress: {count} hand played.", "In progress: {count} hands played."),
    played_of=ngettext_lazy(
        "In progress: {count} of {rounds} hands played.",
        "In progress: {count} of {rounds} hands played.",
    ),
    saved_change=_("Hand saved (hand {number})"),
    edited_change=_("Hand edited (hand {number})"),
    undone_change=_("Hand undone (hand {number})"),
    steal_change=_("Steal (hand {number})"),
)

ROUNDS = Words(
    numbered=_("Round {number}"),
    numbered_of=_("Round {number} of {rounds}"),
    heading=_("Rounds"),
    enter=_("Enter round {number}"),
    edit=_("Edit round {number}"),
    save=_("Save round {number}"),
    save_changes=_("Save changes to round {number}"),
    saved=_("Round {number} saved."),
    changed=_("Round {number} changed; the totals follow."),
    undo=_("Undo round {number}…"),
    undo_warning=_("Round {number} will be taken off the sheet (the history keeps it)."),
    undo_confirm=_("Yes, undo round {number}"),
    undone=_("Round {number} undone. It is still in the history."),
    none_to_undo=_("There is no round to undo."),
    reopened=_("The game is open again: rounds can be changed."),
    all_in=_("All {rounds} rounds are in: edit one to change it."),
    all_entered=_("All {rounds} rounds are entered"),
    over=_("The game is over: edit a round to change it."),
    fix=_("Edit that round to fix it."),
    past_warning=_("Changing a past round changes the totals. The old cards stay in the history."),
    taken=_("Round {number} was saved on another phone"),
    taken_while=_("While you were entering it, another phone saved round {number}:"),
    steals_waiting=_("Still to steal after round {number}: {thieves}."),
    same_cards=_(
        "Round {number} was saved on another phone with the same cards: it is recorded once."
    ),
    keep_theirs=_("Keep round {number} as it was saved"),
    put_yours=_("Put yours in round {number} instead"),
    enter_as=_("Enter yours as round {number}"),
    kept=_("Round {number} is kept on this phone and sent when the connection is back."),
    kept_going_on=_(
        "No connection: round {number} is kept on this phone and sent when the connection "
        "is back. Go on with round {next}."
    ),
    queued=_("Round {number} of {game}"),
    at_most=_("a game holds at most {count} rounds"),
    in_order=_("rounds must be numbered 1, 2, 3… in play order."),
    no_details=_("an {title} round has no “details”."),
    fill_one=_("Fill in the scores of at least one round."),
    entered=ngettext_lazy("{count} round entered", "{count} rounds entered"),
    played=ngettext_lazy(
        "In progress: {count} round played.", "In progress: {count} rounds played."
    ),
    played_of=ngettext_lazy(
        "In progress: {count} of {rounds} rounds played.",
        "In progress: {count} of {rounds} rounds played.",
    ),
    saved_change=_("Round saved (round {number})"),
    edited_change=_("Round edited (round {number})"),
    undone_change=_("Round undone (round {number})"),
    steal_change=_("Steal (round {number})"),
)
