"""Printable score sheets: a template rendered to PDF by WeasyPrint, and nothing else.

Blank sheets are for writing on with a pen; filled sheets are the record of a saved game.
Both are cached: a blank sheet on its parameters as read (names trimmed, paper and preset
as known), a filled one under the read model's key (`scores.key`: the game's version and
revision, the rules' edition) and the address its QR code names (scheme, host name, and
the server's own port only), and both on `SHEETS_VERSION`, a digest of everything that
shapes the page (templates, stylesheet, rules, catalogues), so a change to any of them
never serves a stale sheet. Both are kept a day at most, and only up to a size (`SHEET_MOST_BYTES`).

A blank sheet's second page, the quick reference, is the same for every table: it is laid
out once per paper size and appended to each new grid, which halves a cold sheet's time.
A filled sheet is the record of one game and has no reference page.

Every sheet is printed in the language of the request (its words, the rules' sentences,
the date), and kept under it: a blank sheet's key and a reference page's name the
language, a filled sheet's is the read model's, which does. Hindi's Devanagari comes from
Noto Sans Devanagari (Debian's `fonts-noto-core`), after DejaVu Sans in the stylesheet's
font stack: Pango takes each character from the first font that has it.
"""

import functools
import hashlib
import io
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils.translation import get_language, ngettext, override, pgettext
from django.utils.translation import gettext as _
from pypdf import PdfWriter

from games.models import Game, scores
from games.qr import qr_data_uri
from games.rules import FLAGSHIP, KINDS
from games.rules.board import Board
from games.rules.budget import leaving
from games.rules.errors import InvalidInput
from games.rules.kind import GameKind, Standings, Table
from games.rules.settings import BOOK, PRESET
from games.rules.text import together
from games.rules.words import say_count

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PAGE_MARGIN_MM = 12
# What installs the Pango WeasyPrint needs, on Debian: a command, the same in every language.
PANGO_INSTALL = "apt-get install libpango-1.0-0 libpangoft2-1.0-0"  # English: a command
# DejaVu Sans at the column heads' 9 pt averages about 2 mm a character.
MM_PER_CHARACTER = 2.0

_SHAPERS = [
    *sorted((Path(settings.BASE_DIR) / "templates" / "sheets").glob("*.html")),
    # The rules line is the game page's, printed on every sheet.
    Path(settings.BASE_DIR) / "templates" / "games" / "rules_line.html",
    Path(settings.BASE_DIR) / "static" / "sheets" / "sheet.css",
    *sorted((Path(settings.BASE_DIR) / "templates" / "sheets" / "boards").glob("*.html")),
    *sorted((Path(settings.BASE_DIR) / "games" / "rules").rglob("*.py")),
]
# The words in each language are in it too (`scores.WORDING`): a corrected translation is
# a new sheet, the reference pages (kept for good) included.
SHEETS_VERSION = hashlib.sha256(
    b"".join(path.read_bytes() for path in _SHAPERS) + scores.WORDING.encode()
).hexdigest()[:16]


# A filled sheet is kept under each version of its game, a blank one under whatever names
# were asked for: both for a day, so that a shared cache holds only what is still asked
# for. (The reference pages, one a board and paper, are kept for good.)
SHEET_LIFETIME = 24 * 60 * 60
# And only up to a size: every sheet is a page or two (a long game's carries its earlier
# hands forward: `Board.filled`), tens of KB; one larger than this is sent, not kept, so
# that no sheet can fill the shared cache.
SHEET_MOST_BYTES = 256 * 1024
# The most CPU a filled sheet's layout takes (the largest board WeasyPrint lays out: eight
# seats' 16 hands and a row carried forward, `bench/worst_requests.py`): the game's scores
# are worked out within the request's budget less this, so that the sheet, which nothing
# stops once WeasyPrint has it, ends within the budget too.
LAYOUT_SECONDS = 0.6


class SheetError(ValueError):
    """A sheet request that cannot be printed; the message says what to change."""


class PrintingUnavailable(RuntimeError):
    """The server cannot make PDFs at all (a missing system library)."""


@functools.cache
def _weasyprint() -> tuple[Any, Any, dict[str, Any], Any]:
    """WeasyPrint, its URL fetcher, the stylesheets and the fonts, loaded on the first sheet.

    Imported here rather than at the top: WeasyPrint needs the system's Pango, and the rest
    of the app must run on a machine that lacks it. Sheets load nothing from anywhere (the
    stylesheet is given directly, the QR code is a data: URI), so the fetcher allows data:
    only; one fetcher for every render also spares each one an unused TLS context. The
    stylesheet is parsed once per paper size, not once per sheet. One font configuration
    serves every sheet, so fonts are found and loaded once and Pango's caches stay warm; a
    new one for each sheet cost about 15 ms every time.
    """
    try:
        from weasyprint import CSS, HTML
        from weasyprint.text.fonts import FontConfiguration
        from weasyprint.urls import URLFetcher
    # OSError: WeasyPrint could not load the system's Pango; ImportError: not installed.
    except (OSError, ImportError) as error:
        raise PrintingUnavailable(
            _(
                # Translators: {command} is the command that installs it, kept as it is.
                "Printing is not set up on this server: it needs the Pango library "
                "(on Debian: {command})."
            ).format(command=PANGO_INSTALL)
        ) from error

    fetcher = URLFetcher(allowed_protocols={"data"})
    fonts = FontConfiguration()
    stylesheet = (Path(settings.BASE_DIR) / "static" / "sheets" / "sheet.css").read_text()
    css = {
        paper: CSS(
            string=(
                f"@page {{ size: {paper} portrait; margin: {PAGE_MARGIN_MM}mm; }}\n{stylesheet}"
            ),
            url_fetcher=fetcher,
            font_config=fonts,
        )
        for paper in PAPERS
    }
    return HTML, fetcher, css, fonts


@dataclass(frozen=True)
class BlankSheet:
    """What a blank sheet is printed for: a kind of game, its players, the paper, and the
    house rules' preset the game will be played by (its rules line is printed). It is
    printed in the language of the moment, which its cache key names."""

    kind: str
    players: int
    paper: str
    names: tuple[str, ...]
    preset: str = BOOK.key

    @property
    def cache_key(self) -> str:
        digest = hashlib.sha256("\x1f".join(self.names).encode()).hexdigest()[:16]
        return (
            f"sheet:blank:{self.kind}:{self.players}:{self.paper}:{self.preset}:{digest}:"
            f"{get_language()}:{SHEETS_VERSION}"
        )

    @property
    def filename(self) -> str:
        rules = "" if self.preset == BOOK.key else f"-{self.preset}"
        return f"{self.kind}{rules}-{self.players}-players-{self.paper}.pdf"


def paper_error(paper: str) -> SheetError:
    """A paper size the sheets have not, as asked for."""
    return SheetError(_("Paper must be A4 or Letter, not “{paper}”.").format(paper=paper))


def max_name_length(players: int, paper: str, kind: str) -> int:
    """The longest name that fits a column head when `players` share the page's width."""
    first = KINDS[kind].board.first_column_mm
    width = PAPERS[paper][0] - 2 * PAGE_MARGIN_MM - first
    return int(width / players / MM_PER_CHARACTER)


def blank_sheet_from(query: dict[str, str], kind: str) -> BlankSheet:
    """Read `players`, `paper` and `names` from a query string, or say what is wrong."""
    rules = KINDS[kind]
    low, high = rules.min_players, rules.seats
    players_text = query.get("players", "").strip()
    if not (players_text.isascii() and players_text.isdecimal()) or not (
        low <= int(players_text) <= high
    ):
        if low == high:
            choose = ngettext(
                # Translators: {got} is what was asked for, as typed.
                "Choose {count} player for {title} (got “{got}”).",
                "Choose {count} players for {title} (got “{got}”).",
                low,
            ).format(count=low, title=rules.title, got=players_text)
        else:
            # Translators: {got} is what was asked for, as typed.
            choose = _("Choose {low} to {high} players for {title} (got “{got}”).").format(
                low=low, high=high, title=rules.title, got=players_text
            )
        raise SheetError(choose)
    players = int(players_text)
    paper = query.get("paper", "a4").strip().lower() or "a4"
    if paper not in PAPERS:
        raise paper_error(paper)
    names: tuple[str, ...] = ()
    if query.get("names", "").strip():
        names = tuple(" ".join(name.split()) for name in query["names"].split(","))
        if len(names) > players:
            given = ngettext(
                # Translators: more names than players: "3 names were given for 2 players."
                "{count} names were given for {players} player.",
                "{count} names were given for {players} players.",
                players,
            )
            raise SheetError(given.format(count=len(names), players=players))
        longest = max_name_length(players, paper, kind)
        for name in names:
            if len(name) > longest:
                too_long = ngettext(
                    "“{name}” is too long for a column: with {players} players, names "
                    "fit up to {count} character.",
                    "“{name}” is too long for a column: with {players} players, names "
                    "fit up to {count} characters.",
                    longest,
                )
                raise SheetError(too_long.format(name=name, players=players, count=longest))
        names += ("",) * (players - len(names))
    preset = query.get("preset", "").strip() or BOOK.key
    try:
        rules.settings.preset(preset)
    except InvalidInput as error:
        # Translators: joins the names of house rules to choose from, two at a time: "Book
        # or Board Game Arena", then "Book or Board Game Arena or CatsAtCards rules".
        either = pgettext("a choice between two", "{first} or {second}")
        offered = functools.reduce(
            lambda first, second: either.format(first=first, second=second),
            (str(known.name) for known in rules.settings.presets),
        )
        # Translators: {preset} is as asked for; {offered} the house rules to choose from.
        no_such = _("{title} has no house rules “{preset}”: choose {offered}.")
        raise SheetError(
            no_such.format(title=rules.title, preset=preset, offered=offered)
        ) from error
    return BlankSheet(kind, players, paper, names, preset)


# Neither WeasyPrint nor Pango promise that a font configuration can serve two threads at
# once, so the shared one serves one sheet at a time.
_LAYING_OUT = threading.Lock()


def render_pdf(template: str, context: dict[str, Any]) -> bytes:
    html_class, fetcher, css, fonts = _weasyprint()
    html = render_to_string(template, context)
    with _LAYING_OUT:
        pdf = html_class(string=html, url_fetcher=fetcher).write_pdf(
            stylesheets=[css[context["paper"]]], font_config=fonts
        )
    assert isinstance(pdf, bytes)  # write_pdf() without a target returns the bytes
    return pdf


def warm() -> None:
    """Load WeasyPrint and lay out the flagship's blank sheet and its reference page in
    every language, once, as the server starts (`scorekeeper/started.py`), keeping
    nothing: the loading (WeasyPrint, its fonts, Devanagari's among them, the sheets'
    templates) costs about a second of CPU, which would otherwise fall on the first sheet
    a visitor asks for, within that request's budget. Without Pango there is nothing to
    load: the sheets say so when asked."""
    try:
        _weasyprint()
    except PrintingUnavailable:
        return
    flagship = blank_sheet_from({"players": str(KINDS[FLAGSHIP].seats)}, FLAGSHIP)
    for language, _name in settings.LANGUAGES:
        with override(language):
            _blank_sheet_laid_out(flagship)
            board = KINDS[FLAGSHIP].board
            if board.reference:
                render_pdf(board.reference, {"paper": flagship.paper} | board.reference_context())


def reference_pdf(board: Board, paper: str) -> bytes:
    """A board's quick-reference page, laid out once per paper size and language."""
    key = f"sheet:reference:{board.reference}:{paper}:{get_language()}:{SHEETS_VERSION}"
    pdf: bytes | None = cache.get(key)
    if pdf is None:
        pdf = render_pdf(board.reference, {"paper": paper} | board.reference_context())
        cache.set(key, pdf, timeout=None)
    return pdf


def _join(*pdfs: bytes) -> bytes:
    writer = PdfWriter()
    for pdf in pdfs:
        writer.append(io.BytesIO(pdf))
    joined = io.BytesIO()
    writer.write(joined)
    return joined.getvalue()


def blank_sheet_pdf(sheet: BlankSheet) -> bytes:
    pdf: bytes | None = cache.get(sheet.cache_key)
    if pdf is None:
        board = KINDS[sheet.kind].board
        pdf = _blank_sheet_laid_out(sheet)
        if board.reference:
            pdf = _join(pdf, reference_pdf(board, sheet.paper))
        _keep(sheet.cache_key, pdf)
    return pdf


def _blank_sheet_laid_out(sheet: BlankSheet) -> bytes:
    rules = KINDS[sheet.kind]
    context = _sheet_context(rules, rules.board, sheet.paper) | rules.board.blank(rules)
    context["columns"] = sheet.names or ("",) * sheet.players
    chosen = {PRESET: sheet.preset}
    context["rules_line"] = rules.settings.line(chosen)
    table = Table(tuple(context["columns"]), rules.default_decks(sheet.players), chosen)
    context["lowest_wins"] = rules.lowest_wins_at(table)
    return render_pdf("sheets/sheet.html", context)


def _sheet_context(rules: GameKind, board: Board, paper: str) -> dict[str, Any]:
    return {"paper": paper, "rules": rules, "board": board}


def _progress(rules: GameKind, standings: Standings) -> str:
    """How far a game in progress is, in the kind's words."""
    played = len(standings.rows)
    if rules.rounds:
        return say_count(rules.words.played_of, played, rounds=rules.rounds)
    return say_count(rules.words.played, played)


def _shared_win(winners: tuple[str, ...] | None) -> str:
    """The names of those who share a win: "Ann and Hal", "Ann and Ben and Cleo"."""
    if not winners:
        return ""
    return together(winners)


def game_sheet_key(game: Game, paper: str, url: str) -> str:
    """A filled sheet is worked out from a game like its scores: kept under the read
    model's key (the game, its version, the rules' edition), and the sheets' own shape."""
    digest = hashlib.sha256(url.encode()).hexdigest()[:16]
    return scores.key(game, f"sheet:{paper}:{digest}:{SHEETS_VERSION}")


def game_sheet_pdf(game: Game, paper: str, url: str) -> bytes:
    """The filled sheet of a saved game, with a QR code of `url`, its page on the web. A
    game entered from a paper sheet is printed as rows of scores, whatever its kind."""
    key = game_sheet_key(game, paper, url)
    pdf: bytes | None = cache.get(key)
    if pdf is None:
        with leaving(LAYOUT_SECONDS):
            standings = scores.standings(game)
        board = game.rules.board_of(game.paper)
        context = (
            _sheet_context(game.rules, board, paper)
            | board.filled(standings)
            | {
                "game": game,
                "standings": standings,
                "columns": standings.players,
                "totals": standings.totals,
                "progress": _progress(game.rules, standings),
                "shared_win": _shared_win(standings.winners),
                "settings": game.rules.settings.words(game.settings),
                "rules_line": game.rules.settings.line(game.settings),
                "lowest_wins": game.rules.lowest_wins_at(scores.table(game)),
                # A small PNG: quicker to lay out and draw than an SVG of many squares.
                "qr": qr_data_uri(url),
                "url": url,
            }
        )
        pdf = render_pdf("sheets/sheet.html", context)
        _keep(key, pdf)
    return pdf


def _keep(key: str, pdf: bytes) -> None:
    """Keep a sheet for a day, if it is no larger than sheets are (`SHEET_MOST_BYTES`)."""
    if len(pdf) <= SHEET_MOST_BYTES:
        cache.set(key, pdf, timeout=SHEET_LIFETIME)
