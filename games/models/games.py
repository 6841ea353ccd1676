"""A game: its kind, players, owner and version, and the table's actions on it."""

import functools
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import replace
from datetime import timedelta
from typing import Any
from uuid import UUID

from django.conf import settings as project
from django.db import models, transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from games.models import scores
from games.models.changes import Change, won_by
from games.models.game_queries import (
    RESTORE_DAYS,
    DeletedGameManager,
    GameManager,
    moved_on,
    new_revision,
)
from games.models.players import Player, Seat
from games.models.rounds import Round
from games.rules import FLAGSHIP, KINDS
from games.rules.errors import RuleError, StealError
from games.rules.kind import GameKind, Played, Standings, Table
from games.rules.reading import Json
from games.rules.text import together


def kind_choices() -> list[tuple[str, str]]:
    """Every kind of game, from the registry: a new game needs no migration."""
    return [(slug, kind.title) for slug, kind in KINDS.items()]


class StaleGame(Exception):
    """Another device changed the game after this one loaded it; `game` is the newer state."""

    def __init__(self, game: "Game") -> None:
        super().__init__(f"{game} changed to version {game.version}.")  # English: developers
        self.game = game


# What an edit says when it completes a reopened game, which it finishes again.
FINISHED_AGAIN = gettext_lazy(
    "With this change the game is complete, so it is finished again: reopen it to change more."
)


class GameFinished(Exception):
    """A finished or abandoned game is read-only until it is reopened."""


class RulesRefused(Exception):
    """New house rules under which a stored round or hand cannot be scored (the message
    names it), or which the game cannot be played by at all."""


class Game(models.Model):
    """One game at one table: its kind, the decks in play and the players in seat order.

    `version` goes up with every change to the game or its rounds, so a device saving over
    data it has not seen can be told instead of silently overwriting it; `revision` is
    drawn afresh at the same time (`moved_on`), so that what is kept of one state of the
    game is never taken for another's after a restore.
    """

    kind = models.CharField(max_length=20, choices=kind_choices, default=FLAGSHIP)
    decks = models.PositiveSmallIntegerField()
    note = models.CharField(max_length=200, blank=True)
    players = models.ManyToManyField(Player, through="Seat", related_name="games")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    revision = models.CharField(max_length=16, default=new_revision, editable=False)
    # The game's settings in the API's form (a target score, jokers, a wild rank…).
    settings = models.JSONField(default=dict, blank=True)
    # Who may change the game: its owner and the co-scorekeepers the owner adds; before
    # anyone logs in, the browser that started it (a random key kept in its session).
    # A game with neither (from before accounts) is open to everyone.
    owner = models.ForeignKey(
        project.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="games_owned",
    )
    browser = models.CharField(max_length=32, blank=True, db_index=True, editable=False)
    scorekeepers = models.ManyToManyField(
        project.AUTH_USER_MODEL, blank=True, related_name="games_kept"
    )
    # The read-only share link's secret (None: no link, or revoked).
    share_token = models.CharField(max_length=64, null=True, blank=True, unique=True)
    # Entered afterwards from a paper sheet's scores, without the cards: each round holds
    # its typed scores (`Round.details["scores"]`), and card-level statistics skip it.
    paper = models.BooleanField(default=False)
    # Stopped before its end without a result: kept in the history, left out of every
    # player's results and figures, read-only until it is resumed.
    abandoned_at = models.DateTimeField(null=True, blank=True)
    # Deleted by its owner: hidden everywhere, restorable for RESTORE_DAYS days.
    deleted_at = models.DateTimeField(null=True, blank=True, db_index=True)

    objects = GameManager()
    deleted = DeletedGameManager()

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(condition=models.Q(decks__gte=1), name="game_has_a_deck"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} #{self.pk}"

    def get_absolute_url(self) -> str:
        return reverse("game-detail", args=[self.pk])

    @property
    def rules(self) -> GameKind:
        """The game's kind: its words, limits, questions and scoring."""
        return KINDS[self.kind]

    def is_owned_by(self, user: Any, browser: str) -> bool:
        """Whether these hands own the game (and so may share it and add scorekeepers).
        A game from before accounts has no owner: it stays open, and nobody shares it."""
        if self.owner_id is None:
            return bool(self.browser) and self.browser == browser
        return bool(user.is_authenticated and self.owner_id == user.pk)

    def share(self) -> str:
        """A new read-only share link's secret (the old link stops working)."""
        self.share_token = secrets.token_urlsafe(24)  # 192 bits
        self.save(update_fields=["share_token"])
        return self.share_token

    def stop_sharing(self) -> None:
        self.share_token = None
        self.save(update_fields=["share_token"])

    def is_kept_by(self, user: Any, browser: str) -> bool:
        """Whether these hands may change the game (and see its page): the rule of
        `GameQuerySet.kept_by`, read off the game in hand. Asked on every card tap, so
        only a co-scorekeeper (neither owner nor the browser that started it) costs a
        query."""
        if self.owner_id is None and not self.browser:
            return True
        if user.is_authenticated:
            return self.owner_id == user.pk or self.scorekeepers.filter(pk=user.pk).exists()
        return bool(browser) and self.owner_id is None and self.browser == browser

    @property
    def is_finished(self) -> bool:
        return self.finished_at is not None

    @property
    def is_abandoned(self) -> bool:
        return self.abandoned_at is not None

    @property
    def is_open(self) -> bool:
        """Whether the table can still change it: neither finished nor abandoned."""
        return not self.is_finished and not self.is_abandoned

    @property
    def restorable_until(self) -> Any:
        """The last moment a deleted game can be restored."""
        return self.deleted_at + timedelta(days=RESTORE_DAYS) if self.deleted_at else None

    @functools.cached_property
    def jokers(self) -> int:
        """How many printed jokers are in play; asked once a game object, as the entry
        screen asks it for every seat."""
        return self.rules.jokers(scores.table(self))

    def player_names(self) -> list[str]:
        return list(scores.table(self).players)

    def table(self, seats: Iterable["Seat"] | None = None) -> Table:
        """The players in seat order (of `seats` when they are in hand), the decks in
        play and the settings, fetched afresh (`scores.table` keeps it a version)."""
        if seats is None:
            seats = self.seats.select_related("player")
        return Table(tuple(seat.player.name for seat in seats), self.decks, self.settings)

    def fetched_rounds(self) -> dict[int, Played]:
        """The stored rounds by number, as the rules read them, fetched afresh."""
        return {row.number: row.played() for row in self.rounds.with_contents()}

    def standings(
        self, rounds: dict[int, Played] | None = None, table: Table | None = None
    ) -> Standings:
        """Score every round (or hand) played so far through the rules engine: the
        stored ones, fetched afresh, or `rounds` by number."""
        rounds = self.fetched_rounds() if rounds is None else rounds
        return self.rules.standings(
            table or scores.table(self),
            [rounds[number] for number in sorted(rounds)],
            ended=self.is_finished,
            paper=self.paper,
        )

    # Actions (a game is started by `Game.objects.start`). Each takes the version the
    # device saw, locks the game row (SQLite's IMMEDIATE transactions do the same), refuses
    # stale or finished games, re-checks the whole game through the rules inside the
    # transaction, and appends to the history.

    def _locked(self, version: int, *, finished_ok: bool = False) -> "Game":
        locked = Game.objects.select_for_update().get(pk=self.pk)
        return locked._usable(version, finished_ok=finished_ok)

    def _usable(self, version: int, *, finished_ok: bool = False) -> "Game":
        """This game, locked, if it is still at the `version` the device saw and open."""
        if self.version != version:
            raise StaleGame(self)
        if not self.is_open and not finished_ok:
            raise GameFinished(str(self))
        return self

    def _record(
        self,
        action: str,
        number: int | None,
        before: Any = None,
        after: Any = None,
        settings: Any = None,
    ) -> None:
        moved = moved_on(self.version)
        for field, value in moved.items():
            setattr(self, field, value)
        self.save(update_fields=[*moved, "finished_at", "abandoned_at", "deleted_at"])
        entry = {"action": action, "round_number": number, "before": before, "after": after}
        Change.objects.create(game=self, settings=settings, **entry)

    def record_round(
        self,
        cards: Sequence[str],
        token: UUID,
        version: int,
        details: dict[str, Any] | None = None,
        scored: Standings | None = None,
    ) -> "Round":
        """Save the next round: `cards` holds each seat's card text, in seat order, and
        `details` what a rummy-family hand says beside the cards.

        `scored` is the game with this round as the entry form's check scored it against
        the stored rounds at `version`; the lock below makes sure they are still those,
        so the save scores nothing again, and keeps them as the new version's scores.
        Without it, the whole game is scored here.

        A retry of a save that already landed (same token) returns that round, so a
        double tap or a resent request never records a round twice.
        """
        with transaction.atomic():
            game = Game.objects.select_for_update().get(pk=self.pk)
            landed = game.rounds.filter(token=token).first()
            if landed is not None:
                return landed
            game._usable(version)
            # The rounds at `version` (the check's, from the cache), read before the new
            # one is stored.
            before = scores.played(game)
            played = Round.objects.create(
                game=game, number=len(before) + 1, token=token, details=details or {}
            )
            played.add_hands(cards)
            standings = scored or game.standings()
            if standings.complete:
                game.finished_at = timezone.now()
            table = scores.table(game)
            seated = dict(zip(table.players, cards, strict=True))
            game._record(Change.Action.ROUND_ADDED, played.number, after=played.history(seated))
            if scored:
                rounds = before | {played.number: Played(tuple(cards), played.details)}
                scores.keep(game, table, game.rules.ended(scored, game.is_finished), rounds)
            if standings.complete:
                Change.objects.create(
                    game=game,
                    action=Change.Action.FINISHED,
                    after=won_by(standings.winners or ()),
                )
        return played

    def edit_round(
        self,
        number: int,
        cards: Sequence[str],
        version: int,
        details: dict[str, Any] | None = None,
    ) -> list[str]:
        """Replace a past round's cards; scores follow. Returns what happened to its steals.

        The round's steals are kept as far as they still fit the new cards: each steal
        the rules refuse is dropped, and the rest replayed, until they all fit (scores
        never depend on them); the returned note and the history say which went, and the
        steals page asks those Thieves again (`record_steal` puts a steal in its place in
        the Thieves' order). Fixing a round of a reopened seven-round game finishes it
        again: the table has corrected its record, and the result stands (a note says
        so).

        The whole game is scored before the game is locked, from its rounds at `version`
        (a long game takes seconds, and a lock held that long stalls every table saving
        meanwhile: SQLite has one writer); the lock then makes sure they are still those,
        and the scores are kept as the new version's, as a new round's are.
        """
        self._usable(version)
        details = details or {}
        rounds, standings, refused = self._edited(number, cards, details)
        with transaction.atomic():
            game = self._locked(version)
            played = game.rounds.get(number=number)
            before = played.history()
            played.details = details
            played.save(update_fields=["details", "updated_at"])
            played.set_hands(cards)
            steals = played.steals.select_related("thief__player", "victim__player")
            gone = {steal.thief.player.name: steal for steal in steals}
            removed = [str(gone[thief]) for thief in refused]
            played.steals.filter(pk__in=[gone[thief].pk for thief in refused]).delete()
            notes = []
            if standings.complete:
                if game.finished_at is None:
                    # Reopened, and now complete again: the edit ends it, and says so.
                    notes.append(str(FINISHED_AGAIN))
                game.finished_at = timezone.now()
            after = played.history()
            if removed:
                # Translators: {steals} are sentences like "Ann took 7♥ from Ben", joined
                # by "; ".
                note = _("Steals of round {number} that no longer fit were removed: {steals}.")
                notes.append(note.format(number=number, steals="; ".join(removed)))
                # Translators: a label in the game's history, before the steals an edit of a
                # round's cards removed.
                after.append([_("steals removed"), "; ".join(removed)])
            table = scores.table(game)
            game._record(Change.Action.ROUND_EDITED, number, before, after)
            scores.keep(game, table, game.rules.ended(standings, game.is_finished), rounds)
        return notes

    def _edited(
        self, number: int, cards: Sequence[str], details: dict[str, Any]
    ) -> tuple[dict[int, Played], Standings, list[str]]:
        """The game's rounds with round `number` holding these cards and answers, and its
        steals as far as they still fit; the game scored with them; and the Thieves whose
        steals do not fit, in the order they were dropped (the steal the rules refuse is
        its Thief's, as the rules name them; a refusal naming nobody's steal drops the
        last, as one that came too late). Scored from the rounds the game had at its
        version, writing nothing."""
        rounds = scores.played(self)
        steals = list(rounds[number].steals)
        refused: list[str] = []
        while True:
            edited = rounds | {number: Played(tuple(cards), details, tuple(steals))}
            try:
                standings = self.standings(edited)
            except StealError as error:
                if not steals:
                    raise
                dropped = next((steal for steal in steals if steal[0] == error.player), steals[-1])
                steals.remove(dropped)
                refused.append(dropped[0])
                continue
            return edited, standings, refused

    def undo_last_round(self, version: int) -> int:
        """Remove the last saved round (kept in the history); returns its number.

        A finished game is read-only: it must be reopened first.
        """
        with transaction.atomic():
            game = self._locked(version)
            last = game.rounds.order_by("-number").first()
            if last is None:
                raise Round.DoesNotExist("No round to undo.")  # English: not shown
            before = last.history()
            last.delete()
            game.finished_at = None
            game._record(Change.Action.ROUND_UNDONE, last.number, before=before)
        return last.number

    def record_steal(
        self, number: int, thief: "Seat", victim: "Seat | None", card: str, version: int
    ) -> str:
        """Record a Thief's steal (or pass, without victim) after round `number`.

        The steal goes in its place in the Thieves' order: after an edit dropped a lower
        Thief's steal (`edit_round`), the higher Thieves' steals stay, and that Thief steals
        before them again. The whole round is replayed through the rules; an illegal steal
        raises the rules' StealError and nothing is saved, as does one that would leave a
        higher Thief's steal, made already, impossible. Returns what happened, in words.
        """
        with transaction.atomic():
            game = self._locked(version)
            played = game.rounds.get(number=number)
            # The rounds at `version`, read before the steal is stored: with it, they are
            # the rounds the steal makes.
            rounds = scores.played(game)
            place = game._room_for(played, [thief])
            played.steals.create(order=place, thief=thief, victim=victim, card=card)
            entries = played.steal_entries()
            rounds = rounds | {number: replace(rounds[number], steals=entries)}
            name = thief.player.name
            try:
                standings = game.standings(rounds)
            except StealError as error:
                if error.player in (None, name):
                    raise
                refusal = _(
                    # Translators: {name} and {thief} are players (Thieves); {problem} is
                    # the rules' sentence saying why the later steal no longer fits.
                    "{name} cannot take that: {thief} has stolen already, and their steal "
                    "would no longer fit ({problem})"
                )
                raise type(error)(
                    refusal.format(name=name, thief=error.player, problem=error.message), name
                ) from error
            turn = standings.rows[number - 1].steals
            assert turn is not None  # a game with steals has a turn after every round
            event = turn.events[[entry[0] for entry in entries].index(name)]
            table = scores.table(game)
            game._record(Change.Action.STEAL, number, after=[["", str(event)]])
            scores.keep(game, table, standings, rounds)
        return event

    def _room_for(self, played: Round, thieves: Sequence["Seat"]) -> int:
        """The first place for the turns of `thieves` (one Thief, or a tie) among the
        round's steals: after the steals of every Thief before them in the Thieves' order
        (and their own, which the caller replaces), before the rest, which move up to make
        room (the last first: each place is one steal's). Called before anything is
        written."""
        # The game as the version locked has it: called before the change writes anything,
        # so the cached scores are this version's.
        turn = scores.standings(self).rows[played.number - 1].steals
        assert turn is not None  # a game with steals has a turn after every round
        rank = {name: place for place, group in enumerate(turn.order) for name in group}
        theirs = max(rank.get(thief.player.name, -1) for thief in thieves)
        steals = list(played.steals.select_related("thief__player").order_by("order"))
        before = [
            steal.order for steal in steals if rank.get(steal.thief.player.name, -1) <= theirs
        ]
        place = max(before, default=-1) + 1
        for later in reversed(steals):
            if later.order >= place:
                later.order += len(thieves)
                later.save(update_fields=["order"])
        return place

    def cancel_steals(self, number: int, thieves: Sequence["Seat"], version: int) -> None:
        """Tied Thieves who cannot agree: none of them steals, so each is recorded as passing."""
        with transaction.atomic():
            game = self._locked(version)
            played = game.rounds.get(number=number)
            first = game._room_for(played, thieves)
            played.steals.filter(thief__in=thieves).delete()
            for order, thief in enumerate(thieves, start=first):
                played.steals.create(order=order, thief=thief)
            game.standings()
            names = [thief.player.name for thief in thieves]
            # Translators: {names} are the tied Thieves, like "Ann and Ben".
            disagreed = _("{names} could not agree: none of them steals.")
            game._record(
                Change.Action.STEAL, number, after=[["", disagreed.format(names=together(names))]]
            )

    def finish(self, version: int) -> tuple[str, ...]:
        """The table stops playing a game that has no fixed end (or ends it early): whoever
        leads wins. Returns the winners."""
        with transaction.atomic():
            game = self._locked(version)
            if not game.rounds.exists():
                raise Round.DoesNotExist("No hand has been played yet.")  # English: not shown
            game.finished_at = timezone.now()
            winners = game.standings().winners or ()
            game._record(Change.Action.FINISHED, None, after=won_by(winners))
        return winners

    def change_rules(self, chosen: Json, version: int, by: str) -> None:
        """Play the game by other house rules (`chosen`: a preset and house rules, H92),
        finished or not: every stored round is scored again under them, or the change is
        refused (`RulesRefused`, naming the round that fails) and nothing changes. The
        game's other settings stay; its decks follow the new rules (Indian Chief's decks
        are one of them). A game the new rules complete ends; one the rules had ended and
        no longer complete opens again (one the table ended stays ended). One history
        entry says who changed what, in the rules line's words, and keeps both rule sets
        and decks for `undo_rules`. An abandoned game is resumed first."""
        self._usable(version, finished_ok=True)
        kind = self.rules
        kept = {key: self.settings[key] for key in kind.settings.keys if key in self.settings}
        try:
            decks, settings = kind.start(len(self.player_names()), kept | chosen)
        except RuleError as error:
            raise RulesRefused(error.message) from error
        if (settings, decks) == (kind.rule_set(scores.table(self)), self.decks):
            raise RulesRefused(_("the game is played by these rules already."))
        self._play_by(settings, decks, by, Change.Action.RULES_CHANGED, version)

    def undo_rules(self, change: int, version: int, by: str) -> None:
        """Put back the rules and decks the game's last change of its house rules replaced
        (while the game is still played by what it chose), and whether the game was over:
        a game the table had ended stays ended."""
        self._usable(version, finished_ok=True)
        last = self.last_rules_change()
        if last is None or last.pk != change:
            raise RulesRefused(_("only the last change of the rules can be undone."))
        kept = last.settings or {}
        self._play_by(
            kept["before"],
            kept["decks"][0],
            by,
            Change.Action.RULES_UNDONE,
            version,
            kept["finished"],
        )

    def last_rules_change(self) -> Change | None:
        """The last change of the house rules, while the game is still played by the rules
        it chose and the change is not itself undone (nothing to undo otherwise)."""
        actions = [Change.Action.RULES_CHANGED, Change.Action.RULES_UNDONE]
        last = self.changes.filter(action__in=actions).order_by("at", "pk").last()
        if last is None or last.action != Change.Action.RULES_CHANGED or last.settings is None:
            return None
        return last if last.settings["after"] == self.settings else None

    def _play_by(
        self,
        settings: Json,
        decks: int,
        by: str,
        action: str,
        version: int,
        finished: bool | None = None,
    ) -> None:
        """Score every stored round under `settings` and `decks`, or refuse; then end or
        open the game as its rules say, or as it was (`finished`, for an undo), and record
        the change. Scored as the game stands at `version`, before it is locked (as an
        edit is: `edit_round`); the lock makes sure it still stands so."""
        if self.is_abandoned:
            raise RulesRefused(_("the game is abandoned: resume it first."))
        kind = self.rules
        try:
            was_complete = scores.standings(self).complete
        except RuleError:
            # Unscorable as stored: the new rules may be what it needs.
            was_complete = False
        try:
            now = self.standings(table=Table(scores.table(self).players, decks, settings))
        except RuleError as error:
            raise RulesRefused(error.message) from error
        with transaction.atomic():
            game = self._locked(version, finished_ok=True)
            before, decks_before, was_finished = dict(game.settings), game.decks, game.is_finished
            game.settings, game.decks = settings, decks
            if now.complete or finished:
                game.finished_at = game.finished_at or timezone.now()
            elif was_complete or finished is False:
                # Over by its rules alone (not ended by the table): it goes on.
                game.finished_at = None
            game.save(update_fields=["settings", "decks"])
            game._record(
                action,
                None,
                before=[["", kind.settings.line(before)]],
                # Translators: a label in the game's history: who changed the house rules
                # (an account's name, or "the phone that started the game").
                after=[["", kind.settings.line(game.settings)], [pgettext("changed by", "by"), by]],
                settings={
                    "before": before,
                    "after": game.settings,
                    "decks": [decks_before, decks],
                    "finished": was_finished,
                },
            )

    def reopen(self, version: int) -> None:
        """Make a finished or abandoned game editable again."""
        with transaction.atomic():
            game = self._locked(version, finished_ok=True)
            game.finished_at = game.abandoned_at = None
            game._record(Change.Action.REOPENED, None)

    def abandon(self, version: int) -> None:
        """The table stops a game before its end and wants no result from it: nobody wins,
        and its scores count in nobody's figures. It stays in the history, and can be
        resumed (reopened) where it stopped."""
        with transaction.atomic():
            game = self._locked(version)
            game.abandoned_at = timezone.now()
            game._record(Change.Action.ABANDONED, None)

    def delete_for_a_while(self) -> None:
        """Delete the game as its owner sees it: gone from every page at once, restorable
        for RESTORE_DAYS days (`restore`), then removed for good (`Game.deleted.purge`).
        An open form on another phone finds the game gone rather than saving into it."""
        with transaction.atomic():
            game = Game.objects.select_for_update().get(pk=self.pk)
            game.deleted_at = timezone.now()
            game._record(Change.Action.DELETED, None)
        Game.deleted.purge()

    def restore(self) -> None:
        """Bring a deleted game back as it was."""
        with transaction.atomic():
            game = Game.deleted.select_for_update().get(pk=self.pk)
            game.deleted_at = None
            game._record(Change.Action.RESTORED, None)
