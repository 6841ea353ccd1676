"""The players on the roster, and who sat where at a game."""

from collections.abc import Iterable
from typing import Any

from django.conf import settings as project
from django.db import models
from django.utils.translation import gettext as _


class PlayerQuerySet(models.QuerySet["Player"]):
    def of(self, owner: Any, browser: str) -> "PlayerQuerySet":
        """The roster of an account, or else of a browser's key."""
        return self.filter(owner=owner) if owner else self.filter(owner=None, browser=browser)

    def seat(self, name: str, owner: Any, browser: str) -> "Player":
        """The roster's player of this name (in any spelling), joining it if new."""
        found = self.of(owner, browser).filter(key=name.casefold()).first()
        if found is not None:
            return found
        return self.create(name=name, owner=owner, browser="" if owner else browser)

    def roster(self, names: Iterable[str], owner: Any, browser: str) -> dict[str, "Player"]:
        """The roster's players of these names by key, those new joining it: `seat` for
        many names at once, in two queries (an import's whole file)."""
        wanted = {name.casefold(): name for name in reversed(list(names))}
        found = {player.key: player for player in self.of(owner, browser).filter(key__in=wanted)}
        # bulk_create skips save(), which sets each key.
        joining = [
            Player(name=name, key=key, owner=owner, browser="" if owner else browser)
            for key, name in wanted.items()
            if key not in found
        ]
        return found | {player.key: player for player in self.bulk_create(joining)}

    def move_to(self, browser: str, user: Any) -> None:
        """A browser's roster joins its account's: a name the account has already is
        that player, at the browser's games too."""
        for player in self.of(None, browser):
            kept = self.of(user, "").filter(key=player.key).first()
            if kept is None:
                player.owner, player.browser = user, ""
                player.save(update_fields=["owner", "browser"])
            else:
                player.seats.update(player=kept)
                player.delete()


class Player(models.Model):
    """Someone on a roster; the same player sits at many games.

    Each account keeps its own roster, and so does each browser without one (by its key,
    as its games are kept): one table's spelling of a name is never another's. Players
    of the games from before accounts belong to nobody. `key` is the name case-folded in
    Python, so "José" and "JOSÉ" are one player on every database (SQLite's own LOWER()
    folds only ASCII letters). Folding can make a character three ("ﬃ" is "ffi"), so the
    key has room for three times the longest name.
    """

    name = models.CharField(max_length=40)
    key = models.CharField(max_length=3 * 40, editable=False)
    owner = models.ForeignKey(
        project.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="players",
    )
    browser = models.CharField(max_length=32, blank=True, db_index=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["key"]
        constraints = [
            models.UniqueConstraint(
                fields=["owner", "key"],
                condition=models.Q(owner__isnull=False),
                name="one_name_per_account",
            ),
            models.UniqueConstraint(
                fields=["browser", "key"],
                condition=models.Q(owner__isnull=True),
                name="one_name_per_browser",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.key = self.name.casefold()
        super().save(*args, **kwargs)


class Seat(models.Model):
    """A player's place at a game; `position` 0 is the first in seat order."""

    game = models.ForeignKey("Game", on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["game", "player"], name="one_seat_per_player"),
        ]

    def __str__(self) -> str:
        return _("{player} at seat {number}").format(player=self.player, number=self.position + 1)
