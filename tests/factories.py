"""Tiny hand-written factories for saved games."""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.models import Game, Hand, Player, Round, Seat, Steal
from games.rules.board import StealTurn
from games.rules.kind import Standings


def make_game(names: Sequence[str] = ("Ann", "Ben", "Cleo"), **kwargs: Any) -> Game:
    """A game with these players seated in order (joining its owner's roster as needed)."""
    kwargs.setdefault("decks", 1 if len(names) <= 3 else 2)
    game = Game.objects.create(**kwargs)
    for position, name in enumerate(names):
        player = Player.objects.seat(name, game.owner, game.browser)
        Seat.objects.create(game=game, player=player, position=position)
    return game


def add_round(
    game: Game,
    cards: dict[str, str],
    steals: Sequence[tuple[str, str | None, str]] = (),
    details: dict[str, Any] | None = None,
) -> Round:
    """Record a round: each player's cards as space-separated text, then the steals in order.

    A steal is (thief, victim, card); a victim of None with an empty card is a pass.
    `details` is what a rummy-family hand says beside the cards (who went out…).
    """
    seats = {seat.player.name: seat for seat in game.seats.select_related("player")}
    played = Round.objects.create(game=game, number=game.rounds.count() + 1, details=details or {})
    for name, text in cards.items():
        Hand.objects.create(round=played, seat=seats[name], cards=text)
    for order, (thief, victim, card) in enumerate(steals):
        Steal.objects.create(
            round=played,
            order=order,
            thief=seats[thief],
            victim=None if victim is None else seats[victim],
            card=card,
        )
    return played


def round_scores(standings: Standings) -> list[dict[str, int]]:
    """Each round's scores by player name."""
    return [dict(zip(standings.players, row.scores, strict=True)) for row in standings.rows]


def totals_by_name(standings: Standings) -> dict[str, int]:
    return dict(zip(standings.players, standings.totals, strict=True))


@dataclass(frozen=True)
class NamedRound:
    """A scored round as the tests read it: scores by name, and the steals after it."""

    scores: dict[str, int]
    steals: StealTurn | None


def named_rounds(standings: Standings) -> list[NamedRound]:
    return [
        NamedRound(dict(zip(standings.players, row.scores, strict=True)), row.steals)
        for row in standings.rows
    ]
