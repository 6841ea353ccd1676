"""Printable sheets as PDF responses: blank ones to print before game night, and a saved
game's filled sheet, each answered 304 while the phone holds the same version. A sheet is
in the language of the request (LocaleMiddleware), and its ETag names the language.
"""

import hashlib
from collections.abc import Callable
from datetime import datetime

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.http.request import split_domain_port
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.http import http_date, quote_etag
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from games.models import Game
from games.rules import FLAGSHIP, KINDS
from games.rules.errors import RuleError
from games.sheets import pdf as sheets
from games.web import for_scorekeepers


@require_GET
def blank_sheet_chosen(request: HttpRequest) -> HttpResponseBase:
    """The home page's sheet form names the game in `kind`: on to that game's sheet."""
    query = request.GET.copy()
    kind = query.pop("kind", [FLAGSHIP])[-1]
    url = reverse("blank-sheet-of", args=[kind if kind in KINDS else FLAGSHIP])
    return redirect(f"{url}?{query.urlencode()}")


@require_GET
def blank_sheet(request: HttpRequest, kind: str) -> HttpResponseBase:
    """A blank sheet of any game to print before game night: `players`, `paper`, `names`."""
    if kind not in KINDS:
        raise Http404("No such game.")  # English: only a debugging page shows it
    try:
        sheet = sheets.blank_sheet_from(request.GET.dict(), kind)
    except sheets.SheetError as error:
        return render(request, "games/sheet_error.html", {"error": error}, status=400)
    return _pdf_response(
        request, sheet.cache_key, None, lambda: sheets.blank_sheet_pdf(sheet), sheet.filename
    )


@require_GET
@for_scorekeepers
def game_sheet(request: HttpRequest, game: Game) -> HttpResponseBase:
    """The filled sheet of a saved game, in progress or finished."""
    paper = request.GET.get("paper", "a4").lower()
    if paper not in sheets.PAPERS:
        error = sheets.paper_error(paper)
        return render(request, "games/sheet_error.html", {"error": error}, status=400)
    # The QR code names the game's page by the site's scheme and host name, and a port
    # only when it is the one this server listens on (`runserver` on :8000, a site on a
    # port of its own): any other port is whatever a client wrote in its Host header, and
    # each new one would render, keep, and print another sheet.
    host, port = split_domain_port(request.get_host())
    if port and port == request.get_port():
        host = f"{host}:{port}"
    url = f"{request.scheme}://{host}{game.get_absolute_url()}"
    try:
        return _pdf_response(
            request,
            sheets.game_sheet_key(game, paper, url),
            game.updated_at,
            lambda: sheets.game_sheet_pdf(game, paper, url),
            f"{game.kind}-game-{game.pk}.pdf",
        )
    except RuleError as error:
        problem = sheets.SheetError(
            # Translators: {problem} is the rules' sentence saying what is wrong.
            _("This game cannot be scored as stored: {problem}").format(problem=error.message)
        )
        return render(request, "games/sheet_error.html", {"error": problem}, status=400)


def _pdf_response(
    request: HttpRequest,
    key: str,
    modified: datetime | None,
    pdf: Callable[[], bytes],
    filename: str,
) -> HttpResponseBase:
    """Send a sheet, or 304 when the phone already holds this very version of it."""
    etag = quote_etag(hashlib.sha256(key.encode()).hexdigest()[:32])
    last_modified = int(modified.timestamp()) if modified else None
    not_modified = get_conditional_response(request, etag=etag, last_modified=last_modified)
    if not_modified is not None:
        return not_modified
    try:
        content = pdf()
    except sheets.PrintingUnavailable as error:
        return render(request, "games/sheet_error.html", {"error": error}, status=503)
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    response["ETag"] = etag
    if modified:
        response["Last-Modified"] = http_date(last_modified)
    # Always ask again, cheaply: the ETag answers 304 until the sheet changes.
    patch_cache_control(response, no_cache=True)
    return response
