"""What a round or hand held: each seat's cards, the answers about it, the steals after it."""

from collections.abc import Sequence
from typing import cast

from django.db import models
from django.utils.translation import gettext as _

from games.models import scores
from games.models.players import Seat
from games.rules.cards import show_text
from games.rules.kind import Played
from games.rules.text import shown


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

    game = models.ForeignKey("Game", on_delete=models.CASCADE, related_name="rounds")
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
        return _("Round {number} of {game}").format(number=self.number, game=self.game)

    def played(self) -> Played:
        """The round as the rules read it, from prefetched hands and steals."""
        return Played(
            tuple(self.card_texts()),
            self.details,
            tuple(steal.entry() for steal in self.steals.all()),
        )

    def steal_entries(self) -> tuple[tuple[str, str | None, str | None], ...]:
        """The round's steals as the rules read them, read afresh, in their order."""
        steals = self.steals.select_related("thief__player", "victim__player").order_by("order")
        return tuple(steal.entry() for steal in steals)

    def card_texts(self) -> list[str]:
        """Each seat's card text in seat order, from prefetched hands."""
        return [hand.cards for hand in self.hands.all()]

    def set_hands(self, cards: Sequence[str]) -> None:
        """Store each seat's card text, in seat order, replacing what was there."""
        self.hands.all().delete()
        self.add_hands(cards)

    def add_hands(self, cards: Sequence[str]) -> None:
        """Store each seat's card text, in seat order, in a round that has none yet: two
        statements however many seats."""
        seats = list(self.game.seats.order_by("position"))
        Hand.objects.bulk_create(
            Hand(round=self, seat=seat, cards=text) for seat, text in zip(seats, cards, strict=True)
        )

    def history(self, snapshot: dict[str, str] | None = None) -> list[list[str]]:
        """Each player's cards as people read them, for the history: [["Ann", "7♥ 7♣"], …],
        from `snapshot` (as `snapshot()` gives it) when the caller has it at hand. The
        piles' names and the answers' words are written in the language of the moment
        (`Change`).

        A list of pairs, because JSON lists keep the seat order (jsonb objects, on
        PostgreSQL, do not).
        """
        snapshot = self.snapshot() if snapshot is None else snapshot
        cards = [[name, show_text(text)] for name, text in snapshot.items()]
        kind = self.game.rules
        cards += [[pile.label, show_text(self.details.get(pile.key) or "")] for pile in kind.piles]
        table = scores.table(self.game)
        described = kind.asks(table).described(self.details, list(table.players))
        return cast(list[list[str]], shown(cards + described))

    def held(self) -> list[str]:
        """The card text of each seat, then of each of the game's piles (Cribbage's crib
        and starter), as the round-entry form holds them."""
        piles = [self.details.get(pile.key) or "" for pile in self.game.rules.piles]
        return [*self.snapshot().values(), *piles]

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
            return _("{thief} took from the deck").format(thief=self.thief.player)
        # Translators: {card} is a card in symbols, like "7♥".
        return _("{thief} took {card} from {victim}").format(
            thief=self.thief.player, card=show_text(self.card), victim=self.victim.player
        )

    def entry(self) -> tuple[str, str | None, str | None]:
        """The steal as the rules read it: thief, victim and card, by name."""
        victim = None if self.victim is None else self.victim.player.name
        return (self.thief.player.name, victim, self.card or None)
