"""The Thieves still to steal: what the game page and the entry screen remind the table of."""

from typing import Any

from django.urls import reverse

from games.models import Game, Steal
from games.rules.kind import Standings
from games.rules.text import together
from games.rules.words import say


def waiting(game: Game, standings: Standings | None) -> list[dict[str, Any]]:
    """The rounds whose Thieves have not all had their turn, each with its Thieves still
    to steal (in steal order), what to say and where they steal.

    A round saved from the phone's queue never opened its steals page, and a table may go
    on without one: the game page and the entry screen say so until every Thief has
    stolen or taken from the deck. Nobody steals after the last round, nor in a closed
    game."""
    if standings is None or not game.rules.has_steals or not game.is_open:
        return []
    acted: dict[int, set[str]] = {}
    for number, name in Steal.objects.filter(round__game=game).values_list(
        "round__number", "thief__player__name"
    ):
        acted.setdefault(number, set()).add(name)
    last = game.rules.rounds
    rounds = []
    for number, row in enumerate(standings.rows, start=1):
        if row.steals is None or (last is not None and number >= last):
            continue
        thieves = row.steals.to_steal(acted.get(number, set()))
        if thieves:
            said = together(thieves)
            rounds.append(
                {
                    "number": number,
                    "text": say(game.rules.words.steals_waiting, number=number, thieves=said),
                    "url": reverse("steals", args=[game.pk, number]),
                }
            )
    return rounds
