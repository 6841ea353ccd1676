"""A game's history: each change to it, with what it was before and after."""

from collections.abc import Iterable

from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from games.rules.text import together
from games.rules.words import ROUNDS, Words, say


class Change(models.Model):
    """One entry of a game's append-only history: what changed, when, before and after.

    `before` and `after` are lists of [label, text] pairs, shown in order: each player's
    cards for a round, or a single unlabelled sentence for a steal. What the app writes
    there itself (a label such as "winners", a steal's sentence, the rules line) is
    written in the language of the request that made the change, as a note a person
    wrote would be: the entry is a record of what was said then, not worked out again.
    The page shows each label and text in the reader's language where the catalogue has
    it, as it has everything written in English (entries made before the app spoke other
    languages, or made without a request); a sentence with names or cards in it stays as
    it was written. The title of each entry (`headline`) is said in the reader's language.
    """

    class Action(models.TextChoices):
        STARTED = "started", _("Game started")
        ROUND_ADDED = "round_added", _("Round saved")
        ROUND_EDITED = "round_edited", _("Round edited")
        ROUND_UNDONE = "round_undone", _("Round undone")
        # Translators: a history entry's title: a Thief took a card (or passed) after a round.
        STEAL = "steal", _("Steal")
        FINISHED = "finished", _("Game finished")
        REOPENED = "reopened", _("Game reopened")
        ABANDONED = "abandoned", _("Game abandoned")
        DELETED = "deleted", _("Game deleted")
        RESTORED = "restored", _("Game restored")
        RULES_CHANGED = "rules_changed", _("House rules changed")
        RULES_UNDONE = "rules_undone", _("House rules change undone")

    game = models.ForeignKey("Game", on_delete=models.CASCADE, related_name="changes")
    at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(max_length=20, choices=Action.choices)
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)
    # A change of house rules keeps both rule sets as stored, {"before": …, "after": …},
    # so that undoing it restores the old one exactly.
    settings = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["game", "at", "pk"]

    def __str__(self) -> str:
        return self.headline()

    def headline(self, words: Words = ROUNDS) -> str:
        """The entry as the history titles it, in the game's `words`: "Round saved (round
        2)", or "Hand saved (hand 2)" for the rummy family, which plays hands."""
        phrases = {
            self.Action.ROUND_ADDED: words.saved_change,
            self.Action.ROUND_EDITED: words.edited_change,
            self.Action.ROUND_UNDONE: words.undone_change,
            self.Action.STEAL: words.steal_change,
        }
        if self.round_number and self.action in phrases:
            return say(phrases[self.Action(self.action)], number=self.round_number)
        return self.get_action_display()


def won_by(winners: Iterable[str]) -> list[list[str]]:
    """What the history says after a game ends: who won."""
    # Translators: a label in the game's history, before the names of who won.
    return [[gettext("winners"), together(winners)]]
