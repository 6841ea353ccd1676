"""The read model: what is worked out from a game at one state, and where it is kept.

Scores are never stored: they are worked out from the cards through the rules. What is
worked out from a game (its table, its rounds as played, its standings, its outcome, its
rendered scoreboard, its filled sheets) is kept under one key function, `key`, which names
the game, its version and revision, and the rules' edition: any change to a game moves its
version on and draws it a new revision, and a rules fix changes the edition, so a value
under a key never goes out of date, and a rules fix re-scores every game, the players'
card figures included.

The revision is what makes a key safe across timelines. A version alone comes round again:
a restored backup played on reaches version N a second time with other cards, and a
database started afresh numbers its games from 1 again, while the cache still holds what
the other timeline worked out under those numbers. So every change draws the game 64
random bits (`Game.revision`, written with the version in one place, `moved_on`), which no
other state of any game in any database shares. A database generation id, written at
migrate or restore time, would be one more step a host could forget (a restore by hand
writes none) and would not tell apart two databases sharing one cache; the revision needs
no step at all, at the cost of a column, its migration and 17 more characters a key (the
version stays in it, for people reading keys).

Every other cache, and why it is safe after a restore: a filled sheet's ETag is a digest
of its key (its Last-Modified, the game's last change, is read only by a phone that sends
no ETag); the live board asks again with the revision it shows; a blank sheet, a reference
page and a QR code depend only on what was asked (and the templates), not on any game;
the `limits` cache counts requests, not rows; a cached session naming an account is checked
against that account's password hash, so one whose number comes round again logs nobody in.

Values live in the shared cache, for every process, and the most recently used also in
this process's own memory in front of it: a card tap asks for the same few of them each
time, and a round trip to Redis (or the database) costs more than the tap's own work.
Values handed out are shared: nobody may change them.
"""

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils.translation import get_language

from games.rules import EDITION
from games.rules import forget as forget_solved
from games.rules.budget import within_budget
from games.rules.errors import RuleError
from games.rules.kind import Played, Standings, Table

if TYPE_CHECKING:
    from games.models.games import Game

# About 6 KB for a seven-round game's scores: a few MB per process at most.
MOST = 1000
MOST_REMEMBERED_CHARACTERS = 32 * 1024
HOUR = 60 * 60

# The catalogues in a word: what is kept carries the words it was said in (explanations,
# boards, sheets), so a corrected translation is shown at once, as a rules fix is.
WORDING = hashlib.blake2b(
    b"".join(
        path.read_bytes()
        for path in sorted(Path(settings.BASE_DIR).glob("locale/*/LC_MESSAGES/django.mo"))
    ),
    digest_size=6,
).hexdigest()

_recent: OrderedDict[str, object] = OrderedDict()
_lock = threading.Lock()


@dataclass(frozen=True)
class Outcome:
    """A game's result so far: totals in seat order (the final scores, once a game with
    end bonuses is over: Gin Rummy's), and who won (once over)."""

    totals: tuple[int, ...]
    winners: tuple[str, ...]


def key(game: "Game", what: str) -> str:
    """The one key of everything worked out from a game: `what`, at the game's version and
    revision, under the rules' edition, in the language of the request and the words of
    its catalogue (scores carry their explanations, boards and sheets their words: a table
    in Manila and one in Pune following the same game each get theirs)."""
    said = f"{get_language()}-{WORDING}"
    return f"{what}:{EDITION}:{said}:{game.pk}:{game.version}:{game.revision}"


def table(game: "Game") -> Table:
    """The game's players, decks and settings: asked for many times a request (forms,
    previews, jokers) and on every card tap, so its seats are fetched once a version (any
    change to the seats, the admin's too, moves the version on)."""
    return versioned(key(game, "table"), game.table)


def played(game: "Game") -> dict[int, Played]:
    """The stored rounds by number, as the rules read them: every card tap asks for them,
    so they are fetched once a change."""
    return versioned(key(game, "played"), game.fetched_rounds)


def standings(game: "Game") -> Standings:
    """The game's standings, for the pages, the lists and every phone following it:
    scored once a change. The table's actions score afresh (`Game.standings`), inside
    their transactions.

    Once the request's budget is spent, a game not kept is not even fetched: a list of
    long games would otherwise read every game's rounds before the scoring stops it."""

    def work_out() -> Standings:
        within_budget()
        return game.standings()

    return versioned(key(game, "standings"), work_out)


def outcome(game: "Game") -> Outcome | None:
    """Totals in seat order and winners, for lists of games: kept for good (small). None
    when the stored cards no longer pass the rules, which is kept too, so that a list
    showing such a game does not try to score it on every view."""

    def work_out() -> Outcome | bool:
        try:
            scores = standings(game)
        except RuleError:
            return False
        return Outcome(scores.final or scores.totals, tuple(scores.winners or ()))

    known = versioned(key(game, "outcome"), work_out, None)
    return known if isinstance(known, Outcome) else None


def standings_of(
    games: Iterable["Game"],
    score: Callable[[list[int]], Iterable[tuple[int, Standings | None]]],
) -> list[Standings]:
    """The standings of many games at once, for a page of figures: those kept, and the
    rest worked out by `score` (given the games' ids, it fetches them in a fixed number of
    queries and yields each game's; None for a game whose stored cards no longer pass the
    rules) and kept. A game that cannot be scored is left out, and kept as such, so that
    every view of the page does not try it again. What was worked out is kept even when
    the request's budget stops the rest: the page's next view goes on from there."""
    names = {game.pk: (key(game, "standings"), key(game, "unscorable")) for game in games}
    found: dict[str, Standings | bool] = cache.get_many(
        [n for pair in names.values() for n in pair]
    )
    missing = [pk for pk, pair in names.items() if not found.keys() & set(pair)]
    fresh: dict[str, Standings | bool] = {}
    try:
        for pk, standing in score(missing) if missing else ():
            scored, unscorable = names[pk]
            fresh |= {scored: standing} if standing else {unscorable: True}
    finally:
        cache.set_many(fresh, HOUR)
    return [value for value in (found | fresh).values() if isinstance(value, Standings)]


def keep(game: "Game", seated: Table, scores: Standings, rounds: dict[int, Played]) -> None:
    """What a change worked out, kept under the version it made once it commits, so the
    pages and phones after it fetch and score nothing. (Not before: a change rolled back
    must leave nothing under a version another change will make; so `seated`, the table
    the change did not alter, is read by the caller at the version before.)"""
    values = {
        key(game, "standings"): scores,
        key(game, "played"): rounds,
        key(game, "table"): seated,
    }
    # Robust: a cache that fails only costs the next request the work again.
    transaction.on_commit(lambda: kept(values), robust=True)


def versioned[T](name: str, work_out: Callable[[], T], timeout: int | None = HOUR) -> T:
    """The value under `name`: from this process's memory, else the shared cache, else
    `work_out()` (whose errors are not kept: the next request tries again)."""
    with _lock:
        if name in _recent:
            _recent.move_to_end(name)
            return _recent[name]  # type: ignore[return-value]
    value: T | None = cache.get(name)
    if value is None:
        value = work_out()
        cache.set(name, value, timeout)
    _remember(name, value)
    return value


def kept(values: dict[str, object], timeout: int | None = HOUR) -> None:
    """Keep values already worked out (by the change that made their version), for
    `versioned` to find."""
    cache.set_many(values, timeout)
    for name, value in values.items():
        _remember(name, value)


def _remember(name: str, value: object) -> None:
    # A long text (a long game's export, a scoreboard of 200 hands) stays in the shared
    # cache only: a thousand of them would be hundreds of MB in every process.
    if isinstance(value, str) and len(value) > MOST_REMEMBERED_CHARACTERS:
        return
    with _lock:
        _recent[name] = value
        _recent.move_to_end(name)
        if len(_recent) > MOST:
            _recent.popitem(last=False)


def forget() -> None:
    """Empty this process's memory, as when the shared cache is emptied (the tests do),
    the hands its solver remembers included: as a new process starts."""
    with _lock:
        _recent.clear()
    forget_solved()
