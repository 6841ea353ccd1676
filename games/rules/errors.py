"""Typed rule errors.

Every error carries the code the API spec names, a sentence a scorekeeper understands and,
when one player is at fault, that player (a name in Indian Chief, a seat in the rummy
family). Forms and the JSON API turn them into validation errors and 400 responses.

The sentence is said when the error is made, in the language of the moment: a sentence
kept lazily (`text.gettext_lazy`) is said then too, so that `message` is always the
text itself, for pages and JSON alike.
"""


class RuleError(Exception):
    """A rule or input error, reported to people with `message` and to programs with `code`."""

    code = "rule_error"

    def __init__(self, message: str, player: str | int | None = None) -> None:
        message = str(message)
        super().__init__(message)
        self.message = message
        self.player = player


class InvalidInput(RuleError):
    code = "invalid_input"


class InvalidPlayerCount(RuleError):
    code = "invalid_player_count"


class InvalidDeckCount(RuleError):
    code = "invalid_deck_count"


class InvalidCard(RuleError):
    code = "invalid_card"


class WrongCardCount(RuleError):
    code = "wrong_card_count"


class DuplicateCard(RuleError):
    code = "duplicate_card"


class RepeatedMeld(RuleError):
    code = "repeated_meld"


class StealError(RuleError):
    """A Thief's steal that the rules do not allow; the round's scores stand regardless."""


class NotAThief(StealError):
    code = "not_a_thief"


class StealOutOfOrder(StealError):
    code = "steal_out_of_order"


class CannotStealFromSelf(StealError):
    code = "cannot_steal_from_self"


class CardNotInMeld(StealError):
    code = "card_not_in_meld"


class ThiefTieConflict(StealError):
    code = "thief_tie_conflict"
