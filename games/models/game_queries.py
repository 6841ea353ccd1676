"""Which games a page may show: those these hands keep or own, in progress, abandoned
or finished; and the games deleted but still restorable, apart from all the others."""

from datetime import timedelta
from typing import TYPE_CHECKING, Any

from django.db import models
from django.utils import timezone

if TYPE_CHECKING:
    # Only the querysets' type parameters name the model (a string ruff does not follow).
    from games.models.games import Game  # noqa: F401


# How long a deleted game can be restored by its owner; after that it is gone for good.
RESTORE_DAYS = 30


class GameQuerySet(models.QuerySet["Game"]):
    def kept_by(self, user: Any, browser: str) -> "GameQuerySet":
        """The games these hands may see and change (Game.is_kept_by): an account's own
        and those it helps keep, or the games an anonymous browser started; and the
        games from before accounts, which are open to everyone."""
        kept = models.Q(owner=None, browser="")
        if user.is_authenticated:
            kept |= models.Q(owner=user) | models.Q(scorekeepers=user)
        elif browser:
            kept |= models.Q(owner=None, browser=browser)
        return self.filter(pk__in=self.model.objects.filter(kept).values("pk"))

    def owned_by(self, user: Any, browser: str) -> "GameQuerySet":
        """The games these hands own (Game.is_owned_by): an account's, or those an
        anonymous browser started."""
        if user.is_authenticated:
            return self.filter(owner=user)
        return self.filter(owner=None, browser=browser) if browser else self.none()

    def in_progress(self) -> "GameQuerySet":
        return self.filter(finished_at__isnull=True, abandoned_at__isnull=True)

    def abandoned(self) -> "GameQuerySet":
        return self.filter(abandoned_at__isnull=False)

    def finished(self) -> "GameQuerySet":
        return self.filter(finished_at__isnull=False)

    def touch(self) -> int:
        """Mark these games changed outside the table's own actions (an admin edit), so
        open forms, cached sheets and ETags all see a new version."""
        return self.update(version=models.F("version") + 1, updated_at=timezone.now())


_GameManager = models.Manager.from_queryset(GameQuerySet)


class GameManager(_GameManager["Game"]):
    """The games that are there: a deleted game is left out of every page, list, figure,
    export and share link, as if it were gone, until its owner restores it."""

    def get_queryset(self) -> GameQuerySet:
        return GameQuerySet(self.model, using=self._db).filter(deleted_at__isnull=True)


class DeletedGameManager(_GameManager["Game"]):
    """Deleted games that can still be restored, and the clearing out of older ones."""

    def get_queryset(self) -> GameQuerySet:
        return GameQuerySet(self.model, using=self._db).filter(deleted_at__isnull=False)

    def purge(self) -> int:
        """Remove for good the games deleted more than RESTORE_DAYS days ago; how many."""
        cutoff = timezone.now() - timedelta(days=RESTORE_DAYS)
        _, removed = self.filter(deleted_at__lt=cutoff).delete()
        return removed.get(self.model._meta.label, 0)
