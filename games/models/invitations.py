"""Being asked to keep score on someone else's game."""

from dataclasses import dataclass
from typing import Any

from django.conf import settings as project
from django.db import models, transaction
from django.utils.translation import gettext as _

# How many of one owner's invitations may wait for one account (enough for a club's
# evenings), and how many waiting invitations a page shows: what one account can put on
# another's pages is bounded.
MOST_FROM_ONE_OWNER = 10
MOST_SHOWN = 20


@dataclass(frozen=True)
class Waiting:
    """The invitations an account's pages show, newest first, and how many more wait."""

    shown: list["Invitation"]
    more: int


class InvitationQuerySet(models.QuerySet["Invitation"]):
    def waiting_for(self, user: Any) -> Waiting:
        """The invitations an account has still to answer (none for a visitor without
        one), with what the page shows of each game."""
        if not user.is_authenticated:
            return Waiting([], 0)
        waiting = self.filter(user=user)
        with_games = waiting.select_related("game__owner").prefetch_related("game__seats__player")
        shown = list(with_games[:MOST_SHOWN])
        # (Counted after the page's: an answer meanwhile must not make it below none.)
        more = max(0, waiting.count() - MOST_SHOWN) if len(shown) == MOST_SHOWN else 0
        return Waiting(shown, more)

    def too_many_for(self, game: Any, user: Any) -> bool:
        """Whether inviting `user` to `game` would pass the invitations of its owner that
        may wait for them (an invitation to this game already waiting counts as asked)."""
        others = self.filter(user=user, game__owner=game.owner).exclude(game=game)
        return others.count() >= MOST_FROM_ONE_OWNER


class Invitation(models.Model):
    """The owner asked this account to keep score on the game too. Nothing changes for
    the account until it accepts: then it is one of the game's scorekeepers. It may
    decline, and the owner may take the invitation back."""

    game = models.ForeignKey("Game", on_delete=models.CASCADE, related_name="invitations")
    user = models.ForeignKey(
        project.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invitations"
    )
    invited_at = models.DateTimeField(auto_now_add=True)

    objects = InvitationQuerySet.as_manager()

    class Meta:
        ordering = ["-invited_at", "-pk"]
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="one_invitation_per_account")
        ]

    def __str__(self) -> str:
        return _("{account} invited to {game}").format(account=self.user, game=self.game)

    def accept(self) -> None:
        with transaction.atomic():
            self.game.scorekeepers.add(self.user)
            self.delete()
