"""Writing the games of a file that was read and checked (games.transfer.reading) as the
importer's, one short transaction a game, all or nothing for the file.
"""

import time
import uuid
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.db import DatabaseError, connection, transaction

from games.models import Game, Hand, Round, Steal
from games.transfer.reading import GameEntry, TransferError


def import_games(
    entries: Sequence[GameEntry], owner: Any, browser: str, source: str
) -> tuple[list[Game], int]:
    """Save the games as the importer's (`owner` when logged in, else the `browser`);
    returns them, and how many of the file's games were left out as already there
    (`_new_games`), so that importing a file twice never counts a game twice.

    Every game was checked and scored while the file was read (`read_file`), so writing
    is all that is left: each game in its own short transaction, so that the tables
    saving rounds meanwhile wait for one game at most, never for the whole file. The file
    is still all or nothing: if writing fails part way, the games already written are
    removed again.

    The games keep their entered times. Their history starts at the import and names the
    `source` file: the file holds what was entered, not each change on the way.
    """
    new = _new_games(entries, owner, browser)
    games: list[Game] = []
    try:
        for entry in new:
            started = time.monotonic()
            with transaction.atomic():
                games.append(_write_game(entry, owner, browser, source))
            if connection.vendor == "sqlite":
                # SQLite lets one writer in at a time, and a waiting writer only looks
                # again after a growing pause: were the import to start its next game at
                # once, a table saving a round could wait for the whole file. Leaving the
                # database free as long as a game took keeps the table's waits short.
                time.sleep(time.monotonic() - started)
    except DatabaseError as error:
        Game.objects.filter(pk__in=[game.pk for game in games]).delete()
        raise TransferError(
            f"The import stopped at game {len(games) + 1} ({error}); nothing was imported. "
            "Try again in a moment."
        ) from error
    return games, len(entries) - len(new)


type GameKey = tuple[str, datetime, tuple[str, ...], tuple[tuple[int, ...], ...]]


def _new_games(entries: Sequence[GameEntry], owner: Any, browser: str) -> list[GameEntry]:
    """The file's games that the importer does not have yet, each once.

    "Here" is among the games the importer keeps, their own and those they help keep (a
    game from before accounts, open to everyone, is nobody's: the file's copy of it
    becomes the importer's own). A game is the one already here when it is of the same
    kind, started at the same moment with the same players in the same seats: a game
    played on after it was exported is still that game, and the copy here is kept. A game
    from a paper sheet carries only its day, so its rows of scores must match as well.
    """
    kept = Game.objects.kept_by(owner or AnonymousUser(), browser).exclude(owner=None, browser="")
    here = kept.filter(created_at__in={entry.created_at for entry in entries})
    seen = {_key_of_game(game) for game in here.prefetch_related("seats__player", "rounds")}
    new = []
    for entry in entries:
        key = _key_of_entry(entry)
        if key not in seen:
            seen.add(key)
            new.append(entry)
    return new


def _key_of_entry(entry: GameEntry) -> GameKey:
    rows = [row.details["scores"] for row in entry.rounds] if entry.paper else []
    return (entry.kind, entry.created_at, entry.players, tuple(map(tuple, rows)))


def _key_of_game(game: Game) -> GameKey:
    rows = [played.details["scores"] for played in game.rounds.all()] if game.paper else []
    players = tuple(seat.player.name for seat in game.seats.all())
    return (game.kind, game.created_at, players, tuple(map(tuple, rows)))


def _write_game(entry: GameEntry, owner: Any, browser: str, source: str) -> Game:
    """One checked game, written as the table would have left it: started with its
    players, then its rounds with their cards and steals; a game of paper scores as the
    paper-game page saves it."""
    if entry.paper:
        scores = [row.details["scores"] for row in entry.rounds]
        game = Game.objects.from_paper(
            entry.kind, entry.players, scores, entry.created_at, entry.note, owner, browser
        )
    else:
        game = Game.objects.start(
            entry.players,
            entry.decks,
            entry.note,
            kind=entry.kind,
            settings=entry.settings,
            owner=owner,
            browser=browser,
        )
        seats = list(game.seats.order_by("position"))
        # A few statements a game, however long: the rows of every round at once.
        rounds = Round.objects.bulk_create(
            Round(game=game, number=number, token=uuid.uuid4(), details=row.details)
            for number, row in enumerate(entry.rounds, start=1)
        )
        Hand.objects.bulk_create(
            Hand(round=played, seat=seat, cards=cards)
            for played, row in zip(rounds, entry.rounds, strict=True)
            for seat, cards in zip(seats, row.cards, strict=True)
        )
        Steal.objects.bulk_create(
            Steal(
                round=played,
                order=order,
                thief=seats[steal.thief],
                victim=None if steal.victim is None else seats[steal.victim],
                card=steal.card,
            )
            for played, row in zip(rounds, entry.rounds, strict=True)
            for order, steal in enumerate(row.steals)
        )
    # The file's times are the real ones, and it says whether the game is finished or
    # abandoned. The history starts at the import: only the start is kept, naming the file.
    Game.objects.filter(pk=game.pk).update(
        created_at=entry.created_at,
        finished_at=entry.finished_at,
        abandoned_at=entry.abandoned_at,
    )
    started = game.changes.earliest("at", "pk")
    game.changes.exclude(pk=started.pk).delete()
    started.after = [*(started.after or []), ["imported from", source]]
    started.save(update_fields=["after"])
    game.refresh_from_db()
    return game
