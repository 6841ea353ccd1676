"""What was entered at the table, and nothing that can be worked out from it.

Games store who sat where, and for each round the cards every player revealed and the
Thieves' steals, as text in the API's card notation. Scores are never stored: they are
derived through the rules engine on demand, so a rules fix re-scores every past game.
"""

from types import ModuleType

from django.db import models
from django.db.models.functions import Lower

from games.rules import GAMES, indian_chief, rules_for


class Player(models.Model):
    """Someone on the roster; the same player sits at many games."""

    name = models.CharField(max_length=40)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = [Lower("name")]
        constraints = [
            models.UniqueConstraint(Lower("name"), name="player_name_unique_ignoring_case"),
        ]

    def __str__(self) -> str:
        return self.name


class GameQuerySet(models.QuerySet["Game"]):
    def in_progress(self) -> "GameQuerySet":
        return self.filter(finished_at__isnull=True)

    def finished(self) -> "GameQuerySet":
        return self.filter(finished_at__isnull=False)


class Game(models.Model):
    """One game at one table: its kind, the decks in play and the players in seat order.

    `version` goes up with every change to the game or its rounds, so a device saving over
    data it has not seen can be told instead of silently overwriting it.
    """

    KIND_CHOICES = [(kind, module.TITLE) for kind, module in GAMES.items()]

    kind = models.CharField(max_length=20, choices=KIND_CHOICES, default="indian-chief")
    decks = models.PositiveSmallIntegerField()
    note = models.CharField(max_length=200, blank=True)
    players = models.ManyToManyField(Player, through="Seat", related_name="games")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(condition=models.Q(decks__gte=1), name="game_has_a_deck"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} #{self.pk}"

    @property
    def rules(self) -> ModuleType:
        return rules_for(self.kind)

    @property
    def is_finished(self) -> bool:
        return self.finished_at is not None

    def player_names(self) -> list[str]:
        return [seat.player.name for seat in self.seats.select_related("player")]

    def standings(self) -> indian_chief.GameScore:
        """Score every round played so far through the rules engine."""
        rounds = self.rounds.prefetch_related(
            models.Prefetch("hands", Hand.objects.select_related("seat__player")),
            models.Prefetch(
                "steals", Steal.objects.select_related("thief__player", "victim__player")
            ),
        )
        return self.rules.score_game(
            self.player_names(), [played.entry() for played in rounds], self.decks
        )


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


class Round(models.Model):
    """One round of a game: `number` counts from 1 in play order."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="one_round_per_number"),
        ]

    def __str__(self) -> str:
        return f"Round {self.number} of {self.game}"

    def entry(self) -> indian_chief.RoundEntry:
        """The round as the rules engine reads it."""
        return indian_chief.RoundEntry(
            tuple(
                indian_chief.Reveal(hand.seat.player.name, hand.card_list())
                for hand in self.hands.all()
            ),
            tuple(steal.entry() for steal in self.steals.all()),
        )


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

    def card_list(self) -> tuple[str, ...]:
        return tuple(self.cards.split())


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
        return f"{self.thief.player} took {self.card} from {self.victim.player}"

    def entry(self) -> indian_chief.Steal:
        victim = None if self.victim is None else self.victim.player.name
        return indian_chief.Steal(self.thief.player.name, victim, self.card or None)
