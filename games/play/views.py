"""Playing a game: the home page, a new game (or one from a paper sheet), the game page,
and the table's actions on it (undo, finish, abandon, reopen); the rules and the meld
calculator.

A view serves its page, or with `HX-Request` the page's fragment (a template partial).
Actions live on the models; the views only glue forms, models and templates together.
"""

import functools
from datetime import datetime, time
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.models import (
    Game,
    GameFinished,
    Invitation,
    Player,
    Round,
    RulesRefused,
    StaleGame,
    kind_choices,
    scores,
)
from games.play import thieves
from games.play.forms import (
    MAX_PAPER_ROWS,
    MAX_SEATS,
    MeldCalculatorForm,
    NewGameForm,
    PaperGameForm,
    RulesForm,
    VersionForm,
)
from games.rules import FLAGSHIP, KINDS, families
from games.rules.errors import RuleError
from games.rules.settings import PRESET
from games.rules.text import together
from games.rules.words import say
from games.sharing.views import sharing_context
from games.web import (
    GameView,
    browser_key,
    for_scorekeepers,
    fragment,
    game_context,
    go,
    index,
    is_htmx,
    keepers,
    scoreboard,
)


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    mine = Game.objects.kept_by(request.user, browser_key(request))
    return render(
        request,
        "games/home.html",
        {
            "in_progress": mine.in_progress().prefetch_related("seats__player")[:10],
            "finished": mine.finished()
            .order_by("-finished_at")
            .prefetch_related("seats__player")[:10],
            "player_counts": range(min(kind.min_players for kind in KINDS.values()), MAX_SEATS + 1),
            "flagship": KINDS[FLAGSHIP],
            # The other games by family, for a newcomer to find theirs.
            "other_families": [
                (family, [kind for kind in kinds if kind.slug != FLAGSHIP])
                for family, kinds in families()
                if any(kind.slug != FLAGSHIP for kind in kinds)
            ],
            "families": families(),
            "kinds": kind_choices(),
            # A blank sheet prints the rules line of a preset besides the book's.
            "sheet_presets": [
                (slug, kind.title, kind.settings.presets[1:])
                for slug, kind in KINDS.items()
                if len(kind.settings.presets) > 1
            ],
            "invitations": Invitation.objects.waiting_for(request.user),
        },
    )


@require_GET
def rules(request: HttpRequest) -> HttpResponse:
    """The flagship's rules at a glance: its board's quick reference; and every game's
    house rules, each preset with its values in the words the rules line uses (H90)."""
    presets = [
        (kind.title, kind.settings.presets_in_words())
        for kind in KINDS.values()
        if kind.settings.house_rules
    ]
    context = KINDS[FLAGSHIP].board.reference_context() | {"house_rules": presets}
    return render(request, "games/rules.html", context)


@require_http_methods(["GET", "POST"])
def calculator(request: HttpRequest) -> HttpResponse:
    """Score one meld without a game, for a quick check at any table."""
    form = MeldCalculatorForm(request.POST or None, initial={"decks": 1})
    result = form.cleaned_data["result"] if request.method == "POST" and form.is_valid() else None
    return render(
        request,
        fragment(request, "games/calculator.html", "calculator"),
        {"form": form, "result": result},
    )


@require_http_methods(["GET", "POST"])
def game_new(request: HttpRequest) -> HttpResponseBase:
    """A new game of `?kind=` (Indian Chief by default), or a rematch of `?rematch=`."""
    hand_over_browser_key(request)
    rematch = _rematch(request)
    kind = request.POST.get("kind") or request.GET.get("kind") or (rematch and rematch.kind) or ""
    seat = index(request.POST.get("move"), MAX_SEATS)
    again = bool(seat) or "next" in request.POST or "update" in request.POST
    if seat:
        # ↑ beside a seat: swap that player with the one before, and show the form again.
        form = NewGameForm(kind=kind, initial=_seat_moved_up(request.POST, seat, kind))
    elif again:
        # Enter in a box: the next empty seat, not a game of the names typed so far. A
        # house rule changed: the rules line says what the game will be played by.
        form = NewGameForm(kind=kind, initial=_typed(request.POST, kind))
        if "next" in request.POST:
            form.focus_next_seat()
    else:
        form = NewGameForm(request.POST or None, kind=kind, initial=_rematch_values(rematch))
    if request.method == "POST" and not again and form.is_valid():
        game = Game.objects.start(
            form.cleaned_data["names"],
            form.cleaned_data["decks"],
            form.cleaned_data["note"],
            kind=form.kind,
            settings=form.cleaned_data["settings"],
            **keepers(request),
        )
        return go(request, reverse("round-new", args=[game.pk]))
    return render(
        request,
        fragment(request, "games/game_new.html", "new-game"),
        {"form": form, "roster": _roster(request)},
    )


@require_http_methods(["GET", "POST"])
def paper_game_new(request: HttpRequest) -> HttpResponseBase:
    """Enter a finished game from its paper sheet (`?kind=`), so the history is complete.

    The score grid has a column for each player named: "Next: the scores" (or Enter
    before there is a grid) shows it for the names typed. "More rows" shows six more rows
    for a game without a fixed number of hands. Both keep what was typed.
    """
    hand_over_browser_key(request)
    kind = request.POST.get("kind") or request.GET.get("kind") or ""
    rows = (index(request.POST.get("rows"), MAX_PAPER_ROWS + 1) or 0) + (
        6 if "more" in request.POST else 0
    )
    showing = request.method != "POST" or {"more", "columns", "update"} & set(request.POST)
    data = None if showing else request.POST
    form = PaperGameForm(data, kind=kind, rows=rows, initial=request.POST.dict() or None)
    if data is not None and form.is_valid():
        game = Game.objects.from_paper(
            form.kind,
            form.cleaned_data["names"],
            form.cleaned_data["scores"],
            timezone.make_aware(datetime.combine(form.cleaned_data["played"], time(12))),
            form.cleaned_data["note"],
            settings=form.cleaned_data["settings"],
            decks=form.cleaned_data["decks"],
            **keepers(request),
        )
        messages.success(request, _("The paper game is in the history."))
        return redirect(game.get_absolute_url())
    return render(request, "games/paper_game.html", {"form": form, "roster": _roster(request)})


def hand_over_browser_key(request: HttpRequest) -> None:
    """A visitor without an account gets the key that will own their games with the
    form, before any game exists: a game is never written for a key the browser has not
    got (a save whose answer never arrives would otherwise leave a game nobody can
    reach)."""
    if not request.user.is_authenticated:
        browser_key(request, create=True)


def not_on_paper(view: GameView) -> GameView:
    """A game entered from a paper sheet holds no cards: nothing to enter or change."""

    @functools.wraps(view)
    def checked(request: HttpRequest, game: Game, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if game.paper:
            messages.info(
                request, _("This game was entered from a paper sheet: it stays as written.")
            )
            return go(request, game.get_absolute_url())
        return view(request, game, *args, **kwargs)

    return checked


def _roster(request: HttpRequest) -> list[str]:
    """The names this visitor has seated before, to suggest (nobody else's)."""
    games = Game.objects.kept_by(request.user, browser_key(request))
    players = Player.objects.filter(seats__game__in=games).distinct().order_by("key")
    return list(players.values_list("name", flat=True))


def _typed(data: QueryDict, kind: str) -> dict[str, str]:
    """What the new-game form holds, to show it again."""
    return {key: data.get(key, "") for key in NewGameForm(kind=kind).fields}


def _seat_moved_up(data: QueryDict, seat: int, kind: str) -> dict[str, str]:
    values = _typed(data, kind)
    above, below = f"player_{seat - 1}", f"player_{seat}"
    values[above], values[below] = values[below], values[above]
    return values


def _rematch(request: HttpRequest) -> Game | None:
    """`?rematch=<game>`: the game whose players sit down again (one of this visitor's)."""
    number = index(request.GET.get("rematch", ""), 2**63)
    if number is None:
        return None
    return Game.objects.kept_by(request.user, browser_key(request)).filter(pk=number).first()


def _rematch_values(game: Game | None) -> dict[str, Any]:
    """The same players in the same order, with the same note and settings."""
    if game is None:
        return {}
    initial: dict[str, Any] = {
        f"player_{seat}": name for seat, name in enumerate(game.player_names())
    }
    # The house rules as the form asks them: the preset, and what the game changed from it.
    settings = game.rules.settings
    preset, changed = settings.changed(game.settings)
    table = {key: value for key, value in game.settings.items() if key in settings.keys}
    return initial | table | {PRESET: preset.key} | changed | {"note": game.note}


@require_GET
@for_scorekeepers
def game_detail(request: HttpRequest, game: Game) -> HttpResponse:
    if is_htmx(request):
        # Only the scoreboard is swapped in: nothing else of the page is worked out.
        return HttpResponse(scoreboard(game))
    return _game_page(request, game, _rules_form(request, game))


def _game_page(request: HttpRequest, game: Game, rules_form: RulesForm | None) -> HttpResponse:
    """The game page; `rules_form` is the owner's house rules form, as it stands (None
    for anyone else)."""
    context = game_context(game)
    context = (
        context
        | sharing_context(request, game)
        | {
            "steals_waiting": thieves.waiting(game, context["standings"]),
            "version_form": VersionForm(initial={"version": game.version}),
            "rules_form": rules_form,
            "changes": [
                (change, change.headline(game.rules.words))
                for change in game.changes.order_by("-at", "-pk")
            ],
        }
    )
    return render(request, "games/game.html", context)


@require_POST
@for_scorekeepers
@not_on_paper
def round_undo(request: HttpRequest, game: Game) -> HttpResponseBase:
    form = VersionForm(request.POST)
    if form.is_valid():
        try:
            number = game.undo_last_round(form.cleaned_data["version"])
            messages.success(request, say(game.rules.words.undone, number=number))
        except StaleGame:
            messages.error(request, _("Another device changed this game first; nothing undone."))
        except GameFinished:
            messages.info(request, _("This game is finished. Reopen it to change it."))
        except Round.DoesNotExist:
            messages.info(request, game.rules.words.none_to_undo)
    return go(request, game.get_absolute_url())


@require_POST
@for_scorekeepers
@not_on_paper
def game_finish(request: HttpRequest, game: Game) -> HttpResponseBase:
    """The table stops playing: whoever leads wins (a game that may end early)."""
    if not game.rules.ends_early:
        raise Http404("This game ends with its last round.")  # English: the 404 page shows none
    form = VersionForm(request.POST)
    if form.is_valid():
        try:
            winners = game.finish(form.cleaned_data["version"])
            if len(winners) > 1:
                # Translators: {names} are the winners, like "Ann and Ben".
                over = _("Game over: {names} share the win.")
            else:
                # Translators: {names} is the winner's name.
                over = _("Game over: {names} won.")
            messages.success(request, over.format(names=together(winners)))
        except Round.DoesNotExist:
            messages.info(request, _("No hand has been played yet: there is nothing to end."))
        except StaleGame:
            messages.error(request, _("Another device changed this game first."))
        except GameFinished:
            messages.info(request, _("This game is already finished."))
        except RuleError as error:
            # Translators: {problem} is the rules' sentence saying what is wrong with a round.
            unscorable = _("This game cannot be scored as stored: {problem}")
            messages.error(request, unscorable.format(problem=error.message))
    return go(request, game.get_absolute_url())


@require_POST
@for_scorekeepers
@not_on_paper
def game_abandon(request: HttpRequest, game: Game) -> HttpResponseBase:
    """The table stops without a result (Game.abandon): any game in progress may, since
    a table that stops a game with no fixed end and wants a winner ends it instead."""
    form = VersionForm(request.POST)
    if form.is_valid():
        try:
            game.abandon(form.cleaned_data["version"])
            messages.success(
                request, _("Game abandoned: it stays in the history and counts for nobody.")
            )
        except StaleGame:
            messages.error(request, _("Another device changed this game first; nothing changed."))
        except GameFinished:
            messages.info(request, _("This game is already over."))
    return go(request, game.get_absolute_url())


def _rules_form(request: HttpRequest, game: Game) -> RulesForm | None:
    """The house rules form of the game page, for its owner (H92: only the owner changes
    them, and undoes the last change); None for anyone else, for a game of paper or an
    abandoned one (resumed first)."""
    owned = game.is_owned_by(request.user, browser_key(request))
    if not owned or game.paper or game.is_abandoned:
        return None
    initial = RulesForm.initial_for(game.rules, scores.table(game), game.version)
    return RulesForm(rules=game.rules, initial=initial, undoable=game.last_rules_change())


@require_POST
@for_scorekeepers
@not_on_paper
def game_rules(request: HttpRequest, game: Game) -> HttpResponseBase:
    """The owner plays the game by other house rules, or undoes the last change of them
    (`undo`: that change). `update` asks for the rules line the choice makes: the line
    alone to htmx, the page with the form as chosen without JavaScript."""
    if not game.is_owned_by(request.user, browser_key(request)):
        messages.error(request, _("Only the game's owner can change its house rules."))
        return go(request, game.get_absolute_url())
    form = RulesForm(request.POST, rules=game.rules, undoable=game.last_rules_change())
    if "update" in request.POST:
        if is_htmx(request):
            return render(request, "games/house_rules.html#rules-line", {"form": form})
        return _game_page(request, game, form)
    undo = index(request.POST.get("undo"), 2**63)
    # Written in the history as who changed the rules (in the language of the moment).
    by = request.user.get_username() or _("the phone that started the game")
    try:
        if not form.is_valid():
            raise RulesRefused(_("choose from what is offered."))
        version = form.cleaned_data["version"]
        if "undo" in request.POST:
            if undo is None:
                raise RulesRefused(_("only the last change of the rules can be undone."))
            game.undo_rules(undo, version, by)
            # Translators: {rules} is the rules line, like "Book rules · jokers wild".
            done = _("The change of house rules is undone. {rules}.")
        else:
            game.change_rules(form.house_rules(), version, by)
            # Translators: {rules} is the rules line, like "Book rules · jokers wild".
            done = _("The house rules are changed. {rules}.")
        game.refresh_from_db()
        messages.success(request, done.format(rules=game.rules.settings.line(game.settings)))
    except StaleGame:
        messages.error(request, _("Another device changed this game first."))
    except RulesRefused as error:
        # Translators: {reason} is a sentence without a capital, like "choose from what is
        # offered."
        refused = _("The house rules were not changed: {reason}")
        messages.error(request, refused.format(reason=error))
    return go(request, game.get_absolute_url())


@require_POST
@for_scorekeepers
@not_on_paper
def game_reopen(request: HttpRequest, game: Game) -> HttpResponseBase:
    form = VersionForm(request.POST)
    if form.is_valid():
        try:
            game.reopen(form.cleaned_data["version"])
            messages.success(request, game.rules.words.reopened)
        except StaleGame:
            messages.error(request, _("Another device changed this game first."))
    return go(request, game.get_absolute_url())
