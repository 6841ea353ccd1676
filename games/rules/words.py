"""A kind's phrases about its rounds or hands, each a whole phrase.

Pages, messages, sheets and the history say "Save hand 3" or "All 7 rounds are in" from
these phrases, never by gluing a word to a number or adding an "s": a language says each
phrase its own way, and a catalogue translates it whole. A phrase holds `{number}` (a
round or hand), `{rounds}` (the game's length) or `{count}`; `say` fills them in.

Two sets exist, for the games that play rounds (Indian Chief) and those that play hands.
"""

from dataclasses import dataclass


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
    return (forms[0] if count == 1 else forms[1]).format(count=count, **values)


HANDS = Words(
    numbered="Hand {number}",
    numbered_of="Hand {number} of {rounds}",
    heading="Hands",
    enter="Enter hand {number}",
    edit="Edit hand {number}",
    save="Save hand {number}",
    save_changes="Save changes to hand {number}",
    saved="Hand {number} saved.",
    changed="Hand {number} changed; the totals follow.",
    undo="Undo hand {number}…",
    undo_warning="Hand {number} will be taken off the sheet (the history keeps it).",
    undo_confirm="Yes, undo hand {number}",
    undone="Hand {number} undone. It is still in the history.",
    none_to_undo="There is no hand to undo.",
    reopened="The game is open again: hands can be changed.",
    all_in="All {rounds} hands are in: edit one to change it.",
    all_entered="All {rounds} hands are entered",
    over="The game is over: edit a hand to change it.",
    fix="Edit that hand to fix it.",
    past_warning="Changing a past hand changes the totals. The old cards stay in the history.",
    taken="Hand {number} was saved on another phone",
    taken_while="While you were entering it, another phone saved hand {number}:",
    steals_waiting="Still to steal after hand {number}: {thieves}.",
    same_cards=(
        "Hand {number} was saved on another phone with the same cards: it is recorded once."
    ),
    keep_theirs="Keep hand {number} as it was saved",
    put_yours="Put yours in hand {number} instead",
    enter_as="Enter yours as hand {number}",
    kept="Hand {number} is kept on this phone and sent when the connection is back.",
    kept_going_on=(
        "No connection: hand {number} is kept on this phone and sent when the connection "
        "is back. Go on with hand {next}."
    ),
    queued="Hand {number} of {game}",
    at_most="a game holds at most {count} hands",
    in_order="hands must be numbered 1, 2, 3… in play order.",
    no_details="a {title} hand has no “details”.",
    fill_one="Fill in the scores of at least one hand.",
    entered=("{count} hand entered", "{count} hands entered"),
    played=("In progress: {count} hand played.", "In progress: {count} hands played."),
    played_of=(
        "In progress: {count} of {rounds} hands played.",
        "In progress: {count} of {rounds} hands played.",
    ),
    saved_change="Hand saved (hand {number})",
    edited_change="Hand edited (hand {number})",
    undone_change="Hand undone (hand {number})",
    steal_change="Steal (hand {number})",
)

ROUNDS = Words(
    numbered="Round {number}",
    numbered_of="Round {number} of {rounds}",
    heading="Rounds",
    enter="Enter round {number}",
    edit="Edit round {number}",
    save="Save round {number}",
    save_changes="Save changes to round {number}",
    saved="Round {number} saved.",
    changed="Round {number} changed; the totals follow.",
    undo="Undo round {number}…",
    undo_warning="Round {number} will be taken off the sheet (the history keeps it).",
    undo_confirm="Yes, undo round {number}",
    undone="Round {number} undone. It is still in the history.",
    none_to_undo="There is no round to undo.",
    reopened="The game is open again: rounds can be changed.",
    all_in="All {rounds} rounds are in: edit one to change it.",
    all_entered="All {rounds} rounds are entered",
    over="The game is over: edit a round to change it.",
    fix="Edit that round to fix it.",
    past_warning="Changing a past round changes the totals. The old cards stay in the history.",
    taken="Round {number} was saved on another phone",
    taken_while="While you were entering it, another phone saved round {number}:",
    steals_waiting="Still to steal after round {number}: {thieves}.",
    same_cards=(
        "Round {number} was saved on another phone with the same cards: it is recorded once."
    ),
    keep_theirs="Keep round {number} as it was saved",
    put_yours="Put yours in round {number} instead",
    enter_as="Enter yours as round {number}",
    kept="Round {number} is kept on this phone and sent when the connection is back.",
    kept_going_on=(
        "No connection: round {number} is kept on this phone and sent when the connection "
        "is back. Go on with round {next}."
    ),
    queued="Round {number} of {game}",
    at_most="a game holds at most {count} rounds",
    in_order="rounds must be numbered 1, 2, 3… in play order.",
    no_details="an {title} round has no “details”.",
    fill_one="Fill in the scores of at least one round.",
    entered=("{count} round entered", "{count} rounds entered"),
    played=("In progress: {count} round played.", "In progress: {count} rounds played."),
    played_of=(
        "In progress: {count} of {rounds} rounds played.",
        "In progress: {count} of {rounds} rounds played.",
    ),
    saved_change="Round saved (round {number})",
    edited_change="Round edited (round {number})",
    undone_change="Round undone (round {number})",
    steal_change="Steal (round {number})",
)
