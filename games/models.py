"""What was entered at the table, and nothing that can be worked out from it.

Games store who sat where, and for each round the cards every player revealed and the
Thieves' steals, as text in the API's card notation. Scores are never stored: they are
derived through the rules engine on demand, so a rules fix re-scores every past game.
"""

import functools
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from django.conf import settings as project
from django.core.cache import cache
from django.db import models, transaction
from django.urls import reverse
from django.utils import timezone

from games.rules import KINDS
from games.rules.cards import show_text
from games.rules.errors import RuleError, StealError
from games.rules.kinds import GameKind, Played, Standings


@dataclass(frozen=True)
class Outcome:
    """A game's result so far: totals in seat order, and who won (once over)."""

    totals: tuple[int, ...]
    winners: tuple[str, ...]


class StaleGame(Exception):
    """Another device changed the game after this one loaded it; `game` is the newer state."""

    def __init__(self, game: "Game") -> None:
        super().__init__(f"{game} changed to version {game.version}.")
        self.game = game


class GameFinished(Exception):
    """A finished game is read-only until it is reopened."""


class Player(models.Model):
    """Someone on the roster; the same player sits at many games.

    `key` is the name case-folded in Python, so "José" and "JOSÉ" are one player on every
    database (SQLite's own LOWER() folds only ASCII letters).
    """

    name = models.CharField(max_length=40)
    key = models.CharField(max_length=80, unique=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["key"]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.key = self.name.casefold()
        super().save(*args, **kwargs)


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
        return self.filter(pk__in=Game.objects.filter(kept).values("pk"))

    def in_progress(self) -> "GameQuerySet":
        return self.filter(finished_at__isnull=True)

    def finished(self) -> "GameQuerySet":
        return self.filter(finished_at__isnull=False)

    def touch(self) -> int:
        """Mark these games changed outside the table's own actions (an admin edit), so
        open forms, cached sheets and ETags all see a new version."""
        return self.update(version=models.F("version") + 1, updated_at=timezone.now())


class Game(models.Model):
    """One game at one table: its kind, the decks in play and the players in seat order.

    `version` goes up with every change to the game or its rounds, so a device saving over
    data it has not seen can be told instead of silently overwriting it.
    """

    KIND_CHOICES = [(slug, kind.title) for slug, kind in KINDS.items()]

    kind = models.CharField(max_length=20, choices=KIND_CHOICES, default="indian-chief")
    decks = models.PositiveSmallIntegerField()
    note = models.CharField(max_length=200, blank=True)
    players = models.ManyToManyField(Player, through="Seat", related_name="games")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
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

    objects = GameQuerySet.as_manager()

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
        """Whether these hands may change the game (and see its page): see kept_by."""
        return Game.objects.kept_by(user, browser).filter(pk=self.pk).exists()

    @property
    def is_finished(self) -> bool:
        return self.finished_at is not None

    @functools.cached_property
    def jokers(self) -> int:
        """How many printed jokers are in play; asked once a game object, as the entry
        screen asks it for every seat."""
        return self.rules.jokers(self.seats.count(), self.settings)

    def player_names(self) -> list[str]:
        return [seat.player.name for seat in self.seats.select_related("player")]

    def outcome(self) -> "Outcome | None":
        """Totals in seat order and winners, for lists of games: cached on the
        game's version, so a list scores each game once per change. None when the stored
        cards no longer pass the rules."""
        key = f"outcome:{self.pk}:{self.version}"
        outcome: Outcome | None = cache.get(key)
        if outcome is None:
            try:
                standings = self.standings()
            except RuleError:
                return None
            outcome = Outcome(standings.totals, tuple(standings.winners or ()))
            cache.set(key, outcome, None)
        return outcome

    def standings(self) -> Standings:
        """Score every round (or hand) played so far through the rules engine."""
        return self.rules.standings(
            self.player_names(),
            [played.played() for played in self.rounds.with_contents()],
            self.settings,
            self.decks,
            ended=self.is_finished,
            paper=self.paper,
        )

    # Actions. Each takes the version the device saw, locks the game row (SQLite's
    # IMMEDIATE transactions do the same), refuses stale or finished games, re-checks the
    # whole game through the rules inside the transaction, and appends to the history.

    @classmethod
    @transaction.atomic
    def start(
        cls,
        names: Sequence[str],
        decks: int,
        note: str = "",
        kind: str = "indian-chief",
        settings: dict[str, Any] | None = None,
        owner: Any = None,
        browser: str = "",
        paper: bool = False,
    ) -> "Game":
        """A new game with these players in seat order; new names join the roster.

        It belongs to `owner` when one is logged in, else to the `browser` starting it.
        """
        game = cls.objects.create(
            kind=kind,
            decks=decks,
            note=note,
            settings=settings or {},
            owner=owner,
            browser="" if owner else browser,
            paper=paper,
        )
        for position, name in enumerate(names):
            player = Player.objects.filter(key=name.casefold()).first()
            if player is None:
                player = Player.objects.create(name=name)
            Seat.objects.create(game=game, player=player, position=position)
        Change.objects.create(
            game=game, action=Change.Action.STARTED, after=[["players", ", ".join(names)]]
        )
        return game

    @classmethod
    @transaction.atomic
    def from_paper(
        cls,
        kind: str,
        names: Sequence[str],
        scores: Sequence[Sequence[int]],
        played: Any,
        note: str = "",
        owner: Any = None,
        browser: str = "",
    ) -> "Game":
        """A finished game entered afterwards from its paper sheet: the players in seat
        order and each row's scores as written (no cards)."""
        game = cls.start(
            names,
            KINDS[kind].default_decks(len(names)),
            note,
            kind=kind,
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
        game._record(
            Change.Action.FINISHED, None, after=[["winners", " and ".join(outcome.winners or ())]]
        )
        return game

    def _locked(self, version: int, *, finished_ok: bool = False) -> "Game":
        locked = Game.objects.select_for_update().get(pk=self.pk)
        if locked.version != version:
            raise StaleGame(locked)
        if locked.is_finished and not finished_ok:
            raise GameFinished(str(locked))
        return locked

    def _record(
        self, action: str, number: int | None, before: Any = None, after: Any = None
    ) -> None:
        self.version += 1
        self.save(update_fields=["version", "finished_at", "updated_at"])
        Change.objects.create(
            game=self, action=action, round_number=number, before=before, after=after
        )

    def record_round(
        self,
        cards: Sequence[str],
        token: UUID,
        version: int,
        details: dict[str, Any] | None = None,
    ) -> "Round":
        """Save the next round: `cards` holds each seat's card text, in seat order, and
        `details` what a rummy-family hand says beside the cards.

        A retry of a save that already landed (same token) returns that round, so a
        double tap or a resent request never records a round twice.
        """
        with transaction.atomic():
            game = Game.objects.select_for_update().get(pk=self.pk)
            landed = game.rounds.filter(token=token).first()
            if landed is not None:
                return landed
            game = self._locked(version)
            played = Round.objects.create(
                game=game, number=game.rounds.count() + 1, token=token, details=details or {}
            )
            played.set_hands(cards)
            standings = game.standings()
            if standings.complete:
                game.finished_at = timezone.now()
            game._record(Change.Action.ROUND_ADDED, played.number, after=played.history())
            if standings.complete:
                Change.objects.create(
                    game=game,
                    action=Change.Action.FINISHED,
                    after=[["winners", " and ".join(standings.winners or ())]],
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

        The round's steals are kept as far as they still fit the new cards: the last ones
        are dropped until the rest replay (scores never depend on them); the returned note
        and the history say which went. Fixing a round of a reopened seven-round game
        finishes it again: the table has corrected its record, and the result stands.
        """
        with transaction.atomic():
            game = self._locked(version)
            played = game.rounds.get(number=number)
            before = played.history()
            played.details = details or {}
            played.set_hands(cards)
            removed: list[str] = []
            steals = list(played.steals.select_related("thief__player", "victim__player"))
            while True:
                try:
                    standings = game.standings()
                    break
                except StealError:
                    if not steals:
                        raise
                    last = steals.pop()
                    removed.insert(0, str(last))
                    last.delete()
            if standings.complete:
                game.finished_at = timezone.now()
            played.save(update_fields=["details", "updated_at"])
            after = played.history()
            notes = []
            if removed:
                notes.append(
                    f"Steals of round {number} that no longer fit were removed: "
                    f"{'; '.join(removed)}."
                )
                after.append(["steals removed", "; ".join(removed)])
            game._record(Change.Action.ROUND_EDITED, number, before, after)
        return notes

    def undo_last_round(self, version: int) -> int:
        """Remove the last saved round (kept in the history); returns its number.

        A finished game is read-only: it must be reopened first.
        """
        with transaction.atomic():
            game = self._locked(version)
            last = game.rounds.order_by("-number").first()
            if last is None:
                raise Round.DoesNotExist("No round to undo.")
            before = last.history()
            last.delete()
            game.finished_at = None
            game._record(Change.Action.ROUND_UNDONE, last.number, before=before)
        return last.number

    def record_steal(
        self, number: int, thief: "Seat", victim: "Seat | None", card: str, version: int
    ) -> str:
        """Record a Thief's steal (or pass, without victim) after round `number`.

        The whole round is replayed through the rules; an illegal steal raises the rules'
        StealError and nothing is saved. Returns what happened, in words.
        """
        with transaction.atomic():
            game = self._locked(version)
            played = game.rounds.get(number=number)
            played.steals.create(order=played.steals.count(), thief=thief, victim=victim, card=card)
            event: str = game.standings().rows[number - 1].result.steals.events[-1]
            game._record(Change.Action.STEAL, number, after=[["", event]])
        return event

    def cancel_steals(self, number: int, thieves: Sequence["Seat"], version: int) -> None:
        """Tied Thieves who cannot agree: none of them steals, so each is recorded as passing."""
        with transaction.atomic():
            game = self._locked(version)
            played = game.rounds.get(number=number)
            played.steals.filter(thief__in=thieves).delete()
            # Passes go last: the tie is settled before any higher Thief acts.
            last = played.steals.aggregate(last=models.Max("order"))["last"]
            first = 0 if last is None else last + 1
            for order, thief in enumerate(thieves, start=first):
                played.steals.create(order=order, thief=thief)
            game.standings()
            names = [thief.player.name for thief in thieves]
            game._record(
                Change.Action.STEAL,
                number,
                after=[["", f"{' and '.join(names)} could not agree: none of them steals."]],
            )

    def finish(self, version: int) -> tuple[str, ...]:
        """The table stops playing a game that has no fixed end (or ends it early): whoever
        leads wins. Returns the winners."""
        with transaction.atomic():
            game = self._locked(version)
            if not game.rounds.exists():
                raise Round.DoesNotExist("No hand has been played yet.")
            game.finished_at = timezone.now()
            winners = game.standings().winners or ()
            game._record(Change.Action.FINISHED, None, after=[["winners", " and ".join(winners)]])
        return winners

    def reopen(self, version: int) -> None:
        """Make a finished game editable again."""
        with transaction.atomic():
            game = self._locked(version, finished_ok=True)
            game.finished_at = None
            game._record(Change.Action.REOPENED, None)


class Seat(models.Model):
    """A player's place at a game; `position` 0 is the first in seat order."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="one_player_per_seat"),
            models.UniqueConstraint(fields=["game", "player"], name="one_seat_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player} at seat {self.position + 1}"


class RoundQuerySet(models.QuerySet["Round"]):
    def with_contents(self) -> "RoundQuerySet":
        """With each round's hands and steals fetched alongside, as scoring reads them."""
        return self.prefetch_related(
            models.Prefetch("hands", Hand.objects.select_related("seat__player")),
            models.Prefetch(
                "steals", Steal.objects.select_related("thief__player", "victim__player")
            ),
        )


class Round(models.Model):
    """One round of a game: `number` counts from 1 in play order."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    # The idempotency token of the form that saved the round: a resent save finds it.
    token = models.UUIDField(null=True, blank=True, unique=True)
    # A hand's answers beside the cards, by form field name: who knocked or went out,
    # folds and challenges, flags (its kind's questions); a paper game's row, its typed
    # "scores". Empty for a game that asks nothing beside the cards.
    details = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = RoundQuerySet.as_manager()

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="one_round_per_number"),
        ]

    def __str__(self) -> str:
        return f"Round {self.number} of {self.game}"

    def played(self) -> Played:
        """The round as the rules read it, from prefetched hands and steals."""
        return Played(
            tuple(self.card_texts()),
            self.details,
            tuple(steal.entry() for steal in self.steals.all()),
        )

    def card_texts(self) -> list[str]:
        """Each seat's card text in seat order, from prefetched hands."""
        return [hand.cards for hand in self.hands.all()]

    def set_hands(self, cards: Sequence[str]) -> None:
        """Store each seat's card text, in seat order, replacing what was there."""
        seats = list(self.game.seats.order_by("position"))
        for seat, text in zip(seats, cards, strict=True):
            Hand.objects.update_or_create(round=self, seat=seat, defaults={"cards": text})

    def history(self) -> list[list[str]]:
        """Each player's cards as people read them, for the history: [["Ann", "7♥ 7♣"], …].

        A list of pairs, because JSON lists keep the seat order (jsonb objects, on
        PostgreSQL, do not).
        """
        cards = [[name, show_text(text)] for name, text in self.snapshot().items()]
        return cards + self.game.rules.described(self.details, self.game.player_names())

    def snapshot(self) -> dict[str, str]:
        """Each player's cards, for the history: {name: "7H 7C"}."""
        return {
            hand.seat.player.name: hand.cards
            for hand in self.hands.select_related("seat__player").order_by("seat__position")
        }


class Hand(models.Model):
    """The cards one player revealed in a round, as canonical text separated by spaces."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="hands")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="hands")
    cards = models.CharField(max_length=100, blank=True)

    class Meta:
        ordering = ["round", "seat__position"]
        constraints = [
            models.UniqueConstraint(fields=["round", "seat"], name="one_hand_per_seat"),
        ]

    def __str__(self) -> str:
        return f"{self.seat.player}: {self.cards}"


class Steal(models.Model):
    """A Thief's action after a round, in steal order; no victim and no card is a pass."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="steals")
    order = models.PositiveSmallIntegerField()
    thief = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="+")
    victim = models.ForeignKey(
        Seat, on_delete=models.CASCADE, related_name="+", null=True, blank=True
    )
    card = models.CharField(max_length=3, blank=True)

    class Meta:
        ordering = ["round", "order"]
        constraints = [
            models.UniqueConstraint(fields=["round", "order"], name="one_steal_per_turn"),
            models.UniqueConstraint(fields=["round", "thief"], name="one_steal_per_thief"),
            models.CheckConstraint(
                condition=models.Q(victim__isnull=True, card="")
                | models.Q(victim__isnull=False) & ~models.Q(card=""),
                name="steal_names_victim_and_card_or_passes",
            ),
        ]

    def __str__(self) -> str:
        if self.victim is None:
            return f"{self.thief.player} passed"
        return f"{self.thief.player} took {show_text(self.card)} from {self.victim.player}"

    def entry(self) -> tuple[str, str | None, str | None]:
        """The steal as the rules read it: thief, victim and card, by name."""
        victim = None if self.victim is None else self.victim.player.name
        return (self.thief.player.name, victim, self.card or None)


class Change(models.Model):
    """One entry of a game's append-only history: what changed, when, before and after.

    `before` and `after` are lists of [label, text] pairs, shown in order: each player's
    cards for a round, or a single unlabelled sentence for a steal.
    """

    class Action(models.TextChoices):
        STARTED = "started", "Game started"
        ROUND_ADDED = "round_added", "Round saved"
        ROUND_EDITED = "round_edited", "Round edited"
        ROUND_UNDONE = "round_undone", "Round undone"
        STEAL = "steal", "Steal"
        FINISHED = "finished", "Game finished"
        REOPENED = "reopened", "Game reopened"

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="changes")
    at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(max_length=20, choices=Action.choices)
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    before = models.JSONField(null=True, blank=True)
    after = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["game", "at", "pk"]

    def __str__(self) -> str:
        return self.headline()

    def headline(self, word: str = "round") -> str:
        """The entry as the history titles it: "Round saved (round 2)", or with `word`
        "hand", "Hand saved (hand 2)" for the rummy family, which plays hands."""
        title = self.get_action_display()
        if title.startswith("Round "):
            title = word.capitalize() + title.removeprefix("Round")
        where = f" ({word} {self.round_number})" if self.round_number else ""
        return f"{title}{where}"
