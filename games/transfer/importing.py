"""Writing the games of a file that was read and checked (games.transfer.reading) as the
importer's: the whole file in one transaction, all or nothing.
"""

import uuid
from collections.abc import Iterable, Iterator, Sequence
from datetime import datetime
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.db import DatabaseError, transaction
from django.utils.translation import gettext as _

from games.models import Change, Game, Hand, Player, Round, Seat, Steal
from games.rules.budget import TooCostly, within_budget
from games.transfer.reading import GameEntry, TransferError, too_costly


def import_games(
    entries: Sequence[GameEntry], owner: Any, browser: str, source: str
) -> tuple[list[Game], int]:
    """Save the games as the importer's (`owner` when logged in, else the `browser`);
    returns them, and how many of the file's games were left out as already there
    (`_new_games`), so that importing a file twice never counts a game twice.

    Every game was checked and scored while the file was read (`read_file`), so writing
    is all that is left, and it is all or nothing even if the server dies midway: the
    whole file is one transaction, which the database undoes unless it commits. To keep
    that transaction short, for the tables saving rounds meanwhile (SQLite lets one
    writer in at a time), every row is bulk-inserted: a few statements for the whole
    file, whatever its size (`bench/import_load.py` measures the tables' waits).

    The games keep their entered times. Their history starts at the import and names the
    `source` file: the file holds what was entered, not each change on the way.
    """
    new = _new_games(entries, owner, browser)
    try:
        with transaction.atomic():
            games = _write_games(new, owner, "" if owner else browser, source)
    except TooCostly:
        raise too_costly(
            _("every game was checked, then the writing was stopped part way")
        ) from None
    except DatabaseError as error:
        raise TransferError(
            _(
                # Translators: {error} is the database's own message, in English.
                "The games could not be written ({error}); nothing was imported. "
                "Try again in a moment."
            ).format(error=error)
        ) from error
    return games, len(entries) - len(new)


def budgeted[T](rows: Iterable[T]) -> Iterator[T]:
    """The rows, the request's CPU budget checked before each: the writing counts in the
    budget as the reading did, so that a file whose checks just fit cannot make the
    request cost several times the budget in writes (the transaction then undoes what
    was written)."""
    for row in rows:
        within_budget()
        yield row


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


def _write_games(entries: Sequence[GameEntry], owner: Any, browser: str, source: str) -> list[Game]:
    """The checked games, written as the table would have left them (started with their
    players, then their rounds with their cards and steals; a paper game's rows of
    scores with empty hands, as the paper-game page saves it), one bulk insert a table."""
    roster = Player.objects.roster(
        [name for entry in entries for name in entry.players], owner, browser
    )
    games = Game.objects.bulk_create(
        Game(
            kind=entry.kind,
            decks=entry.decks,
            note=entry.note,
            settings=entry.settings,
            owner=owner,
            browser=browser,
            paper=entry.paper,
            finished_at=entry.finished_at,
            abandoned_at=entry.abandoned_at,
        )
        for entry in entries
    )
    # The file's start times are the real ones: a new row is stamped now.
    for game, entry in zip(games, entries, strict=True):
        game.created_at = entry.created_at
    Game.objects.bulk_update(games, ["created_at"])
    # The labels in the language of the import, as every change's are (`Change`).
    players, imported_from = _("players"), _("imported from")
    Change.objects.bulk_create(
        Change(
            game=game,
            action=Change.Action.STARTED,
            after=[[players, ", ".join(entry.players)], [imported_from, source]],
        )
        for game, entry in zip(games, entries, strict=True)
    )
    seats = Seat.objects.bulk_create(
        Seat(game=game, player=roster[name.casefold()], position=position)
        for game, entry in zip(games, entries, strict=True)
        for position, name in enumerate(entry.players)
    )
    seated = iter(seats)
    seats_of = [[next(seated) for _ in entry.players] for entry in entries]
    rounds = Round.objects.bulk_create(
        Round(
            game=game,
            number=number,
            token=None if entry.paper else uuid.uuid4(),
            details=row.details,
        )
        for game, entry in budgeted(zip(games, entries, strict=True))
        for number, row in enumerate(entry.rounds, start=1)
    )
    played = iter(rounds)
    placed = [
        (next(played), row, at)
        for entry, at in zip(entries, seats_of, strict=True)
        for row in entry.rounds
    ]
    Hand.objects.bulk_create(
        Hand(round=round_, seat=seat, cards=cards)
        for round_, row, at in budgeted(placed)
        for seat, cards in zip(at, row.cards, strict=True)
    )
    Steal.objects.bulk_create(
        Steal(
            round=round_,
            order=order,
            thief=at[steal.thief],
            victim=None if steal.victim is None else at[steal.victim],
            card=steal.card,
        )
        for round_, row, at in placed
        for order, steal in enumerate(row.steals)
    )
    return games
