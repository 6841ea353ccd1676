"""What every page shares: who keeps a game, htmx fragments and redirects, the
scorekeepers-only decorator, and a game's board and standings as the pages show them.
"""

import functools
import hashlib
import secrets
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import get_template, render_to_string
from django.utils.safestring import SafeString, mark_safe
from django_htmx.http import HttpResponseClientRedirect
from django_htmx.middleware import HtmxDetails

from games.models import Game, scores
from games.rules.board import Board
from games.rules.errors import RuleError
from games.rules.kind import Row, Standings


def is_htmx(request: HttpRequest) -> bool:
    """Whether htmx sent the request (django-htmx's middleware sets `request.htmx`)."""
    details: HtmxDetails = request.htmx  # type: ignore[attr-defined]
    return bool(details)


def fragment(request: HttpRequest, template: str, partial: str) -> str:
    """The page's template, or for htmx only its partial."""
    return f"{template}#{partial}" if is_htmx(request) else template


def go(request: HttpRequest, url: str) -> HttpResponseBase:
    """Redirect a plain post; tell htmx to load the page instead of swapping a fragment."""
    return HttpResponseClientRedirect(url) if is_htmx(request) else redirect(url)


type GameView = Callable[..., HttpResponseBase]


def for_scorekeepers(view: GameView) -> GameView:
    """Only the game's scorekeepers reach `view`, which is given the game for its pk.

    Anyone else gets a page saying whose game it is and how to follow it: the owner's
    share link shows the scoreboard to everyone else.
    """

    @functools.wraps(view)
    def checked(request: HttpRequest, pk: int, *args: Any, **kwargs: Any) -> HttpResponseBase:
        # One query for the owner, who asks on every tap; a second for a co-scorekeeper.
        game = get_object_or_404(Game, pk=pk)
        if not game.is_kept_by(request.user, browser_key(request)):
            return render(request, "games/not_yours.html", {"game": game}, status=403)
        return view(request, game, *args, **kwargs)

    return checked


def index(value: object, limit: int) -> int | None:
    """A whole number from 0 up to `limit` - 1 out of posted text, else None."""
    try:
        number = int(str(value))
    except ValueError:
        return None
    return number if 0 <= number < limit else None


def board(game: Game) -> Board:
    """The game's board: its kind's (a row per meld, or per hand); a game entered from a
    paper sheet is rows of scores, whatever its kind."""
    return game.rules.board_of(game.paper)


def scoreboard(game: Game) -> SafeString:
    """The game's scoreboard, as every page and phone showing the game has it: rendered
    once a version of the game and of its board's template, and kept. (After a change,
    each phone following the game asks for it, and the game and entry pages show it.)"""
    drawn = board(game)
    name = drawn.scoreboard
    source = get_template(name).template.source  # type: ignore[attr-defined]
    layout = hashlib.blake2b(source.encode(), digest_size=8).hexdigest()

    def work_out() -> str:
        standings, _ = standings_or_problem(game)
        context = {"game": game, "standings": standings, "board": drawn}
        return render_to_string(f"{name}#scoreboard", context)

    # Rendered by the template engine, escaped there.
    return mark_safe(scores.versioned(scores.key(game, f"scoreboard-{layout}"), work_out))


def standings_or_problem(game: Game) -> tuple[Standings | None, str]:
    """The game's scores, or why its stored cards cannot be scored.

    Stored cards can stop passing the rules after an admin edit or a stricter rules fix;
    the pages then say which round to fix instead of failing. A request's spent CPU
    budget is no such problem: `TooCostly` goes on up, to be said as what it is
    (`games.limits`), and nothing is kept.

    Scored once a change (`scores.standings`): the pages that follow a save and every phone
    following the game read the scores instead of fetching every round and scoring again.
    """
    try:
        return scores.standings(game), ""
    except RuleError as error:
        return None, str(error.message)


def game_context(game: Game) -> dict[str, Any]:
    standings, problem = standings_or_problem(game)
    # The numbers of the stored rounds, kept under the version: no query.
    rounds = sorted(scores.played(game))
    rows: list[Row | None] = list(standings.rows) if standings else [None] * len(rounds)
    return {
        "game": game,
        "players": game.player_names(),
        "standings": standings,
        "problem": problem,
        "board": board(game).scoreboard,
        "rounds": [
            {"number": number, "score": score} for number, score in zip(rounds, rows, strict=True)
        ],
        "settings": game.rules.settings.words(game.settings),
        "rules_line": game.rules.settings.line(game.settings),
        "lowest_wins": game.rules.lowest_wins_at(scores.table(game)),
        "scoreboard": scoreboard(game),
    }


def browser_key(request: HttpRequest, *, create: bool = False) -> str:
    """This browser's key in its session ("" when it has none and `create` is off)."""
    key = str(request.session.get("browser", ""))
    if not key and create:
        key = request.session["browser"] = secrets.token_hex(16)
    return key


def keepers(request: HttpRequest) -> dict[str, Any]:
    """Who a game the visitor makes belongs to: their account, or else this browser."""
    if request.user.is_authenticated:
        return {"owner": request.user, "browser": ""}
    return {"owner": None, "browser": browser_key(request, create=True)}
