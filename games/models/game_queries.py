"""Which games a page may show: those these hands keep or own, in progress, abandoned
or finished; and the games deleted but still restorable, apart from all the others.
Starting a game, at the table or from a paper sheet, is the manager's too."""

import secrets
from collections.abc import Sequence
from datetime import timedelta
from typing import TYPE_CHECKING, Any

from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models.changes import Change, won_by
from games.models.players import Player, Seat
from games.models.rounds import Hand, Round
from games.rules import FLAGSHIP, KINDS

if TYPE_CHECKING:
    # Only the type parameters name the model (a string ruff does not follow).
    from games.models.games import Game


# How long a deleted game can be restored by its owner; after that it is gone for good.
RESTORE_DAYS = 30


def new_revision() -> str:
    """A game's revision: 64 random bits, so that no two states of a game, in any
    database or backup, ever share one (`games.models.scores` names its cache by it)."""
    return secrets.token_hex(8)


def moved_on(version: int | models.F) -> dict[str, Any]:
    """What a game's row takes at every change to it, whoever makes it (the table's
    actions, the admin, a login claiming a browser's games): the next version, which a
    device saving over a state it has not seen is told by, and a new revision, which
    names what is worked out from the new state."""
    return {"version": version + 1, "revision": new_revision(), "updated_at": timezone.now()}


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
        open forms see a new version, and cached sheets and ETags a new revision."""
        return self.update(**moved_on(models.F("version")))


_GameManager = models.Manager.from_queryset(GameQuerySet)


class GameManager(_GameManager["Game"]):
    """The games that are there: a deleted game is left out of every page, list, figure,
    export and share link, as if it were gone, until its owner restores it."""

    def get_queryset(self) -> GameQuerySet:
        return GameQuerySet(self.model, using=self._db).filter(deleted_at__isnull=True)

    @transaction.atomic
    def start(
        self,
        names: Sequence[str],
        decks: int,
        note: str = "",
        kind: str = FLAGSHIP,
        settings: dict[str, Any] | None = None,
        owner: Any = None,
        browser: str = "",
        paper: bool = False,
    ) -> "Game":
        """A new game with these players in seat order; new names join the owner's roster.

        It belongs to `owner` when one is logged in, else to the `browser` starting it.
        """
        game = self.create(
            kind=kind,
            decks=decks,
            note=note,
            settings=settings or {},
            owner=owner,
            browser="" if owner else browser,
            paper=paper,
        )
        for position, name in enumerate(names):
            player = Player.objects.seat(name, game.owner, game.browser)
            Seat.objects.create(game=game, player=player, position=position)
        # Translators: a label in the game's history, before the names of who sat down.
        seated = [[_("players"), ", ".join(names)]]
        Change.objects.create(game=game, action=Change.Action.STARTED, after=seated)
        return game

    @transaction.atomic
    def from_paper(
        self,
        kind: str,
        names: Sequence[str],
        scores: Sequence[Sequence[int]],
        played: Any,
        note: str = "",
        owner: Any = None,
        browser: str = "",
        settings: dict[str, Any] | None = None,
        decks: int | None = None,
    ) -> "Game":
        """A finished game entered afterwards from its paper sheet: the players in seat
        order and each row's scores as written (no cards), and the rules it was played
        by (which way it was won, its decks and its rules line)."""
        game = self.start(
            names,
            decks or KINDS[kind].default_decks(len(names)),
            note,
            kind=kind,
            settings=settings,
            owner=owner,
            browser=browser,
            paper=True,
        )
        seats = list(game.seats.order_by("position"))
        for number, row in enumerate(scores, start=1):
            sheet_row = Round.objects.create(
                game=game, number=number, details={"scores": list(row)}
            )
            # Empty hands, as every round has one a seat: the sheet held no cards.
            Hand.objects.bulk_create(Hand(round=sheet_row, seat=seat) for seat in seats)
        game.created_at = game.finished_at = played
        game.save(update_fields=["created_at", "finished_at"])
        outcome = game.standings()
        game._record(Change.Action.FINISHED, None, after=won_by(outcome.winners or ()))
        return game


class DeletedGameManager(_GameManager["Game"]):
    """Deleted games that can still be restored, and the clearing out of older ones."""

    def get_queryset(self) -> GameQuerySet:
        return GameQuerySet(self.model, using=self._db).filter(deleted_at__isnull=False)

    def purge(self) -> int:
        """Remove for good the games deleted more than RESTORE_DAYS days ago; how many."""
        cutoff = timezone.now() - timedelta(days=RESTORE_DAYS)
        _, removed = self.filter(deleted_at__lt=cutoff).delete()
        return removed.get(self.model._meta.label, 0)
