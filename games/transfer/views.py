"""Games out as CSV or JSON, and an exported JSON file back in."""

import json

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods

from games.models import Game
from games.transfer import exporting
from games.transfer.forms import ImportForm
from games.transfer.importing import import_games
from games.transfer.reading import TransferError
from games.web import browser_key, for_scorekeepers, keepers


def _download(content: str, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _export(games: list[Game], fmt: str, name: str) -> HttpResponse:
    if fmt == "csv":
        return _download(exporting.games_csv(games), "text/csv; charset=utf-8", f"{name}.csv")
    document = json.dumps(exporting.games_json(games), ensure_ascii=False)
    return _download(document, "application/json", f"{name}.json")


def _imported(count: int, already_here: int) -> str:
    """What an import did, in whole sentences: a count of games imported, and of those
    left out as already here."""
    if not count:
        return ngettext(
            "Nothing imported: the file's {count} game is already here.",
            "Nothing imported: the file's {count} games are already here.",
            already_here,
        ).format(count=already_here)
    said = ngettext("Imported {count} game.", "Imported {count} games.", count).format(count=count)
    if already_here:
        said += " " + ngettext(
            # Translators: follows "Imported 3 games." as a sentence of its own.
            "{count} was already here, and left as it is.",
            "{count} were already here, and left as they are.",
            already_here,
        ).format(count=already_here)
    return said


@require_GET
@for_scorekeepers
def game_export(request: HttpRequest, game: Game, fmt: str) -> HttpResponse:
    """One game as CSV or JSON, for its scorekeepers."""
    return _export([game], fmt, f"scorekeeper-game-{game.pk}")


@require_GET
def games_export(request: HttpRequest, fmt: str) -> HttpResponse:
    """Every game the visitor keeps, oldest first, as CSV or JSON."""
    games = Game.objects.kept_by(request.user, browser_key(request)).order_by("created_at", "pk")
    return _export(list(games), fmt, "scorekeeper-games")


@require_http_methods(["GET", "POST"])
def games_import(request: HttpRequest) -> HttpResponseBase:
    """Games from an exported JSON file become the importer's: their account's, or this
    browser's. A file with any problem imports nothing and says what is wrong.

    Without an account, the page itself gives the browser its key (the session cookie),
    so that the file is posted with it and the games are written under a key the browser
    already holds. A post without a key (a script, a browser that never opened the page)
    gets one as any page starting a game does, with the answer: the import is all or
    nothing, so the worst a lost answer leaves is a whole file under a key nobody holds,
    as a lost answer to "Start" leaves one game."""
    owners = keepers(request)
    form = ImportForm(request.POST, request.FILES) if request.method == "POST" else ImportForm()
    if form.is_valid():
        try:
            games, already_here = import_games(
                form.cleaned_data["games"], **owners, source=form.cleaned_data["file"].name
            )
        except TransferError as error:
            form.add_error("file", str(error))
        else:
            messages.success(request, _imported(len(games), already_here))
            return redirect("game-list")
    return render(request, "games/import.html", {"form": form})
