"""Being asked to keep score on someone else's game."""

from typing import Any

from django.conf import settings as project
from django.db import models, transaction


class InvitationQuerySet(models.QuerySet["Invitation"]):
    def waiting_for(self, user: Any) -> "InvitationQuerySet":
        """The invitations an account has still to answer (none for a visitor without
        one), with what the page shows of each game."""
        if not user.is_authenticated:
            return self.none()
        return (
            self.filter(user=user)
            .select_related("game__owner")
            .prefetch_related("game__seats__player")
        )


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
        return f"{self.user} invited to {self.game}"

    def accept(self) -> None:
        with transaction.atomic():
            self.game.scorekeepers.add(self.user)
            self.delete()
