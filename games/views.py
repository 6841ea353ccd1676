"""Typed function views: each page works as plain form posts, and htmx swaps fragments.

A view serves its page, or with `HX-Request` the page's fragment (a template partial).
Actions live on the models; the views only glue forms, models and templates together.
"""

import functools
import hashlib
import json
from collections import Counter, defaultdict
from collections.abc import Callable
from contextlib import suppress
from datetime import datetime, time
from typing import Any

from django import forms
from django.contrib import messages
from django.core.paginator import Paginator
from django.db.models import Prefetch
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.template.defaultfilters import pluralize
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.http import http_date, quote_etag
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect
from django_htmx.middleware import HtmxDetails

from games import sheets, stats, transfer
from games.accounts import browser_key, keepers
from games.forms import (
    FLAGSHIP,
    MAX_PAPER_ROWS,
    MAX_SEATS,
    GameFilterForm,
    MeldCalculatorForm,
    NewGameForm,
    PaperGameForm,
    RoundForm,
    ScorekeeperForm,
    StealForm,
    VersionForm,
)
from games.models import (
    Game,
    GameFinished,
    GameQuerySet,
    Player,
    Round,
    Seat,
    StaleGame,
)
from games.qr import qr_data_uri
from games.rules import KINDS
from games.rules.cards import JOKER, RANKS, SUITS, Card, parse_card
from games.rules.errors import RuleError
from games.rules.indian_chief import RULE_REMINDERS, Meld, RoundScore
from games.rules.kinds import Row, Standings, settings_words


def is_htmx(request: HttpRequest) -> bool:
    """Whether htmx sent the request (django-htmx's middleware sets `request.htmx`)."""
    details: HtmxDetails = request.htmx  # type: ignore[attr-defined]
    return bool(details)


def _fragment(request: HttpRequest, template: str, fragment: str) -> str:
    return f"{template}#{fragment}" if is_htmx(request) else template


def _go(request: HttpRequest, url: str) -> HttpResponseBase:
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
        game = get_object_or_404(Game, pk=pk)
        if not game.is_kept_by(request.user, browser_key(request)):
            return render(request, "games/not_yours.html", {"game": game}, status=403)
        return view(request, game, *args, **kwargs)

    return checked


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
            "other_kinds": [kind for slug, kind in KINDS.items() if slug != FLAGSHIP],
            "kinds": Game.KIND_CHOICES,
        },
    )


GAMES_PER_PAGE = 20


@require_GET
def game_list(request: HttpRequest) -> HttpResponse:
    """The visitor's games, newest first, by page; `?player=` and `?kind=` filter them."""
    games = Game.objects.kept_by(request.user, browser_key(request))
    form = GameFilterForm(request.GET, players=Player.objects.filter(seats__game__in=games))
    # Each filter that reads applies, even when the other does not.
    form.is_valid()
    if form.cleaned_data.get("player"):
        games = games.filter(seats__player=form.cleaned_data["player"])
    if form.cleaned_data.get("kind"):
        games = games.filter(kind=form.cleaned_data["kind"])
    page = Paginator(
        games.order_by("-created_at", "-pk").prefetch_related("seats__player"), GAMES_PER_PAGE
    ).get_page(request.GET.get("page"))
    rows = [{"game": game, "outcome": game.outcome()} for game in page]
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        _fragment(request, "games/game_list.html", "games"),
        {"form": form, "page": page, "rows": rows, "query": query.urlencode()},
    )


@require_GET
def rules(request: HttpRequest) -> HttpResponse:
    return render(request, "games/rules.html", {"melds": [(m, RULE_REMINDERS[m]) for m in Meld]})


@require_http_methods(["GET", "POST"])
def game_new(request: HttpRequest) -> HttpResponseBase:
    """A new game of `?kind=` (Indian Chief by default), or a rematch of `?rematch=`."""
    rematch = _rematch(request)
    kind = request.POST.get("kind") or request.GET.get("kind") or (rematch and rematch.kind) or ""
    seat = _index(request.POST.get("move"), MAX_SEATS)
    if seat:
        # ↑ beside a seat: swap that player with the one before, and show the form again.
        form = NewGameForm(kind=kind, initial=_seat_moved_up(request.POST, seat, kind))
    else:
        form = NewGameForm(request.POST or None, kind=kind, initial=_rematch_values(rematch))
    if request.method == "POST" and not seat and form.is_valid():
        game = Game.start(
            form.cleaned_data["names"],
            form.cleaned_data["decks"],
            form.cleaned_data["note"],
            kind=form.kind,
            settings=form.cleaned_data["settings"],
            **keepers(request),
        )
        return _go(request, reverse("round-new", args=[game.pk]))
    return render(
        request,
        _fragment(request, "games/game_new.html", "new-game"),
        {"form": form, "roster": _roster(request)},
    )


@require_http_methods(["GET", "POST"])
def paper_game_new(request: HttpRequest) -> HttpResponseBase:
    """Enter a finished game from its paper sheet (`?kind=`), so the history is complete.

    "More rows" shows six more rows for a game without a fixed number of hands, keeping
    what was typed.
    """
    kind = request.POST.get("kind") or request.GET.get("kind") or ""
    rows = (_index(request.POST.get("rows"), MAX_PAPER_ROWS + 1) or 0) + (
        6 if "more" in request.POST else 0
    )
    data = None if request.method != "POST" or "more" in request.POST else request.POST
    form = PaperGameForm(data, kind=kind, rows=rows, initial=request.POST.dict() or None)
    if data is not None and form.is_valid():
        game = Game.from_paper(
            form.kind,
            form.cleaned_data["names"],
            form.cleaned_data["scores"],
            timezone.make_aware(datetime.combine(form.cleaned_data["played"], time(12))),
            form.cleaned_data["note"],
            **keepers(request),
        )
        messages.success(request, "The paper game is in the history.")
        return redirect(game.get_absolute_url())
    return render(request, "games/paper_game.html", {"form": form, "roster": _roster(request)})


def not_on_paper(view: GameView) -> GameView:
    """A game entered from a paper sheet holds no cards: nothing to enter or change."""

    @functools.wraps(view)
    def checked(request: HttpRequest, game: Game, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if game.paper:
            messages.info(request, "This game was entered from a paper sheet: it stays as written.")
            return _go(request, game.get_absolute_url())
        return view(request, game, *args, **kwargs)

    return checked


def _roster(request: HttpRequest) -> list[str]:
    """The names this visitor has seated before, to suggest (nobody else's)."""
    games = Game.objects.kept_by(request.user, browser_key(request))
    players = Player.objects.filter(seats__game__in=games).distinct().order_by("key")
    return list(players.values_list("name", flat=True))


def _seat_moved_up(data: QueryDict, seat: int, kind: str) -> dict[str, str]:
    values = {key: data.get(key, "") for key in NewGameForm(kind=kind).fields}
    above, below = f"player_{seat - 1}", f"player_{seat}"
    values[above], values[below] = values[below], values[above]
    return values


def _rematch(request: HttpRequest) -> Game | None:
    """`?rematch=<game>`: the game whose players sit down again (one of this visitor's)."""
    number = _index(request.GET.get("rematch", ""), 2**63)
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
    return initial | dict(game.settings) | {"note": game.note}


@require_GET
@for_scorekeepers
def game_detail(request: HttpRequest, game: Game) -> HttpResponse:
    context = (
        _game_context(game)
        | _sharing_context(request, game)
        | {
            "changes": [
                (change, change.headline(game.rules.round_word))
                for change in game.changes.order_by("-at", "-pk")
            ],
        }
    )
    if is_htmx(request):
        return render(request, context["scoreboard"], context)
    return render(request, "games/game.html", context)


def _board(game: Game) -> str:
    """The template of the game's board: its kind's layout (a row per meld, or per hand);
    a game entered from a paper sheet is rows of scores, whatever its kind."""
    return f"games/boards/{'hands' if game.paper else game.rules.board}.html"


def _standings(game: Game) -> tuple[Standings | None, str]:
    """The game's scores, or why its stored cards cannot be scored.

    Stored cards can stop passing the rules after an admin edit or a stricter rules fix;
    the pages then say which round to fix instead of failing.
    """
    try:
        return game.standings(), ""
    except RuleError as error:
        return None, error.message


def _game_context(game: Game) -> dict[str, Any]:
    standings, problem = _standings(game)
    rounds = list(game.rounds.all())
    scores: list[Row | None] = list(standings.rows) if standings else [None] * len(rounds)
    return {
        "game": game,
        "players": game.player_names(),
        "standings": standings,
        "problem": problem,
        "board": _board(game),
        "rounds": [
            {"round": played, "score": score} for played, score in zip(rounds, scores, strict=True)
        ],
        "version_form": VersionForm(initial={"version": game.version}),
        "settings": settings_words(game.settings),
        "scoreboard": _board(game) + "#scoreboard",
    }


def _sharing_context(request: HttpRequest, game: Game) -> dict[str, Any]:
    """What the owner sees to share the game: the live link with its QR code, and the
    co-scorekeepers."""
    owned = game.is_owned_by(request.user, browser_key(request))
    url = (
        request.build_absolute_uri(reverse("shared-game", args=[game.share_token]))
        if owned and game.share_token
        else ""
    )
    return {
        "owned": owned,
        "share_url": url,
        "share_qr": qr_data_uri(url) if url else "",
        "scorekeepers": game.scorekeepers.order_by("username") if owned else (),
        "scorekeeper_form": ScorekeeperForm(),
    }


@require_http_methods(["GET", "POST"])
@for_scorekeepers
@not_on_paper
def round_new(request: HttpRequest, game: Game) -> HttpResponseBase:
    landed = _landed_round(game, request)
    if landed is not None:
        # A double tap or a resent save: the round is already recorded once.
        return _go(request, game.get_absolute_url())
    if game.is_finished:
        messages.info(request, "This game is finished. Reopen it to change it.")
        return _go(request, game.get_absolute_url())
    played, word, last = game.rounds.count(), game.rules.round_word, game.rules.rounds
    if last is not None and played >= last:
        messages.info(request, f"All {last} {word}s are in: edit one to change it.")
        return _go(request, game.get_absolute_url())
    # A game its rule ended is finished when saved; this one was reopened since.
    standings, _ = _standings(game)
    if standings is not None and standings.complete:
        messages.info(request, f"The game is over: edit a {word} to change it.")
        return _go(request, game.get_absolute_url())
    return _round_entry(request, game, played + 1, None)


def _landed_round(game: Game, request: HttpRequest) -> Round | None:
    """The round an earlier post of this very form saved, if any (same token)."""
    if request.method != "POST" or "save" not in request.POST:
        return None
    try:
        token = forms.UUIDField().clean(request.POST.get("token"))
    except forms.ValidationError:
        return None
    return game.rounds.filter(token=token).first()


@require_http_methods(["GET", "POST"])
@for_scorekeepers
@not_on_paper
def round_edit(request: HttpRequest, game: Game, number: int) -> HttpResponseBase:
    played = get_object_or_404(Round, game=game, number=number)
    if game.is_finished:
        messages.info(request, "This game is finished. Reopen it to change it.")
        return _go(request, game.get_absolute_url())
    return _round_entry(request, game, number, played)


def _round_entry(
    request: HttpRequest, game: Game, number: int, played: Round | None
) -> HttpResponseBase:
    """The round-entry screen: taps on the card picker, then one save.

    Without JavaScript a tap posts the whole form with the button pressed, and the server
    applies it and sends the form back. With it, the phone applies the tap to the form at
    once and posts only for the previews (static/games/table.js), so no tap waits on the
    network. Either way the server checks the whole round when it is saved.
    """
    notice = ""
    if request.method != "POST":
        cards = list(played.snapshot().values()) if played else None
        details = played.details if played else None
        form = RoundForm(game, number, initial=RoundForm.initial_for(game, cards, details))
    elif "save" not in request.POST:
        form = RoundForm(game, number, initial=_apply_tap(request.POST, game))
    else:
        form = RoundForm(game, number, request.POST)
        try:
            if played is None and request.POST.get("version") != str(game.version):
                # A new round is checked as the one after those saved; when another
                # device saved one first, that is what to say, not what the check finds.
                raise StaleGame(game)
            if form.is_valid():
                return _save_round(request, game, number, played, form)
        except StaleGame as stale:
            if played and _holds(stale.game.rounds.get(number=number), form):
                # A double tap or a resent edit: the round already holds these cards.
                return _go(request, stale.game.get_absolute_url())
            # Keep what this device entered, show the newer game, and let a second
            # save go through knowingly.
            game = stale.game
            number = number if played else game.rounds.count() + 1
            data = request.POST.copy()
            data["version"] = str(game.version)
            form = RoundForm(game, number, initial=_apply_tap(data, game))
            notice = (
                "Another device changed this game while you were entering. The "
                "scoreboard below shows the newer scores; your cards are still here. "
                "Check them and save again."
            )
        except GameFinished:
            messages.info(request, "This game was finished on another device.")
            return _go(request, game.get_absolute_url())
        except RuleError as error:
            form.add_error(None, error.message)
    context = _entry_context(form, played, notice)
    return render(request, _fragment(request, "games/entry.html", "round-entry"), context)


def _holds(played: Round, form: RoundForm) -> bool:
    """Whether a saved round already holds what the form would save."""
    return bool(
        list(played.snapshot().values()) == form.cleaned_data["cards"]
        and played.details == form.cleaned_data["details"]
    )


def _save_round(
    request: HttpRequest, game: Game, number: int, played: Round | None, form: RoundForm
) -> HttpResponseBase:
    version = form.cleaned_data["version"]
    cards, details = form.cleaned_data["cards"], form.cleaned_data["details"]
    word = game.rules.round_word.capitalize()
    if played is None:
        saved = game.record_round(cards, form.cleaned_data["token"], version, details)
        messages.success(request, f"{word} {saved.number} saved.")
        # Thieves steal before the next round is dealt.
        if form.row is not None and form.row.thieves:
            return _go(request, reverse("steals", args=[game.pk, saved.number]))
    else:
        for note in game.edit_round(number, cards, version, details):
            messages.warning(request, note)
        messages.success(request, f"{word} {number} changed; the totals follow.")
    return _go(request, game.get_absolute_url())


def _apply_tap(data: QueryDict, game: Game) -> dict[str, Any]:
    """Apply the picker button that was tapped to the posted form values.

    `select=<seat>` makes that player the one receiving cards; `add=<card>` gives them
    the card; `drop=<seat>:<position>` takes one card back out. (Not `remove`: a control
    of that name would hide the form element's own remove() from htmx.) The other
    fields keep their posted values.
    """
    seats = game.seats.count()
    answers = [name for name, _, _ in game.rules.fields(seats)]
    values: dict[str, Any] = {
        key: data.get(key, "") for key in ("token", "version", "active", *answers)
    }
    cards = [data.get(f"cards_{seat}", "").split() for seat in range(seats)]
    if data.get("taps") == "applied":
        # The phone's script applied the tap to the fields already; only refresh.
        data = QueryDict()
    active = _index(values["active"], seats)
    selected = _index(data.get("select"), seats)
    if selected is not None:
        active = selected
    if data.get("add") and active is not None and len(cards[active]) < game.rules.max_cards:
        # Only the picker's own buttons send `add`; anything else is ignored.
        with suppress(RuleError):
            cards[active].append(str(parse_card(str(data["add"]), jokers=game.jokers > 0)))
    seat_text, _, position_text = data.get("drop", "").partition(":")
    seat = _index(seat_text, seats)
    position = _index(position_text, len(cards[seat])) if seat is not None else None
    if seat is not None and position is not None:
        del cards[seat][position]
        active = seat
    values["active"] = active or 0
    for seat_number, seat_cards in enumerate(cards):
        values[f"cards_{seat_number}"] = " ".join(seat_cards)
    return values


def _index(value: object, limit: int) -> int | None:
    """A whole number from 0 up to `limit` - 1 out of posted text, else None."""
    try:
        number = int(str(value))
    except ValueError:
        return None
    return number if 0 <= number < limit else None


def _chip(token: str) -> dict[str, Any]:
    try:
        card = parse_card(token, jokers=True)
    except RuleError:
        return {"card": None, "label": token, "suit": ""}
    return {"card": card, "label": card.symbol, "suit": card.suit}


def _entry_context(form: RoundForm, played: Round | None, notice: str) -> dict[str, Any]:
    """The entry screen: each player's chips, what their cards make so far and what the
    game asks of them, the picker grid with what is taken, the notice and the scoreboard."""
    game = form.game
    active = _index(form["active"].value(), len(form.names)) or 0
    # Each entered token as a chip: a card shows its symbol and suit colour; text that is
    # no card yet (typed by hand) shows as typed, and its problem is shown with the player.
    hands = [[_chip(token) for token in text.split()] for text in form.card_texts()]
    in_use = Counter(chip["card"] for hand in hands for chip in hand if chip["card"])
    players = []
    for seat, (name, preview) in enumerate(zip(form.names, form.previews(), strict=True)):
        field, questions = form[f"cards_{seat}"], form.seat_question_fields(seat)
        players.append(
            {
                "seat": seat,
                "name": name,
                "field": field,
                "cards": hands[seat],
                "active": seat == active,
                "preview": preview,
                "questions": questions,
                "has_error": bool(field.errors or any(asked.errors for asked in questions)),
            }
        )
    grid = [
        [
            {"card": Card(rank, suit), "taken": in_use[Card(rank, suit)] >= game.decks}
            for rank in RANKS
        ]
        for suit in SUITS
    ]
    if game.jokers:
        joker = parse_card(JOKER, jokers=True)
        grid.append([{"card": joker, "taken": in_use[joker] >= game.jokers}])
    standings, problem = _standings(game)
    return {
        "game": game,
        "number": form.number,
        "editing": played is not None,
        "form": form,
        "players": players,
        "problem_players": [player for player in players if player["has_error"]],
        "active_name": form.names[active] if active < len(form.names) else "",
        "grid": grid,
        "max_cards": game.rules.max_cards,
        "hint": game.rules.hint(form.number),
        "notice": notice,
        "standings": standings,
        "problem": problem,
        "scoreboard": _board(game) + "#scoreboard",
    }


@require_http_methods(["GET", "POST"])
@for_scorekeepers
@not_on_paper
def steals(request: HttpRequest, game: Game, number: int) -> HttpResponseBase:
    """After a round with Thieves: each in steal order takes a card or takes from the deck."""
    if not game.rules.has_steals:
        raise Http404("This game has no Thieves.")
    played = get_object_or_404(Round, game=game, number=number)
    standings, problem = _standings(game)
    if standings is None:
        messages.error(request, f"This game cannot be scored as stored: {problem}")
        return _go(request, game.get_absolute_url())
    form = StealForm(request.POST or None)
    error = ""
    if request.method == "POST" and form.is_valid():
        try:
            error = _record_steal(game, played, standings.rows[number - 1].result, form)
        except StaleGame as stale:
            game = stale.game
            error = "This game changed since the page was shown (another phone, or a double tap)."
        except GameFinished:
            error = "This game is finished. Reopen it to change it."
        if not error:
            return _go(request, reverse("steals", args=[game.pk, number]))
        standings = game.standings()
    elif form.errors:
        error = " ".join(map(str, form.non_field_errors()))
    return render(
        request,
        _fragment(request, "games/steals.html", "steals"),
        _steals_context(game, played, standings, error),
    )


def _record_steal(game: Game, played: Round, score: RoundScore, form: StealForm) -> str:
    """Record the next Thief's choice; returns an error message, or "" when it landed."""
    seats = {seat.player.name: seat for seat in game.seats.select_related("player")}
    thief_name, group = _next_thief(score, played)
    if thief_name is None:
        return "Every Thief has had a turn."
    version = form.cleaned_data["version"]
    try:
        if form.cleaned_data.get("no_agreement"):
            game.cancel_steals(played.number, [seats[name] for name in group], version)
        elif form.cleaned_data.get("take"):
            victim = game.seats.filter(position=form.cleaned_data["victim_seat"]).first()
            if victim is None:
                return "Pick a card from another player's meld."
            game.record_steal(
                played.number, seats[thief_name], victim, form.cleaned_data["card"], version
            )
        else:
            game.record_steal(played.number, seats[thief_name], None, "", version)
    except RuleError as rule_error:
        return rule_error.message
    return ""


def _next_thief(score: RoundScore, played: Round) -> tuple[str | None, tuple[str, ...]]:
    """The first Thief in steal order without a recorded turn, and their tie group."""
    acted = {steal.thief.player.name for steal in played.steals.select_related("thief__player")}
    for group in score.steals.thief_order:
        for name in group:
            if name not in acted:
                return name, group
    return None, ()


def _steals_context(game: Game, played: Round, standings: Standings, error: str) -> dict[str, Any]:
    number = played.number
    score = standings.rows[number - 1].result
    thief, group = _next_thief(score, played)
    seat_of = {name: seat for seat, name in enumerate(standings.players)}
    targets = [
        {
            "name": name,
            "cards": [(f"{seat_of[name]}:{card}", card) for card in cards],
        }
        for name, cards in score.steals.melds_after.items()
        if name != thief and cards
    ]
    return {
        "game": game,
        "number": number,
        "score": score,
        "thief": thief,
        "thief_card": score.player(thief).result.cards[0] if thief else None,
        "tied": [name for name in group if name != thief],
        "targets": targets,
        "events": score.steals.events,
        "error": error,
        "last_round": number >= (game.rules.rounds or 0),
        "rounds_played": len(standings.rows),
        "form": StealForm(initial={"version": game.version}),
    }


@require_POST
@for_scorekeepers
@not_on_paper
def round_undo(request: HttpRequest, game: Game) -> HttpResponseBase:
    form = VersionForm(request.POST)
    if form.is_valid():
        try:
            number = game.undo_last_round(form.cleaned_data["version"])
            word = game.rules.round_word.capitalize()
            messages.success(request, f"{word} {number} undone. It is still in the history.")
        except StaleGame:
            messages.error(request, "Another device changed this game first; nothing undone.")
        except GameFinished:
            messages.info(request, "This game is finished. Reopen it to change it.")
        except Round.DoesNotExist:
            messages.info(request, f"There is no {game.rules.round_word} to undo.")
    return _go(request, game.get_absolute_url())


@require_POST
@for_scorekeepers
@not_on_paper
def game_finish(request: HttpRequest, game: Game) -> HttpResponseBase:
    """The table stops playing: whoever leads wins (a game that may end early)."""
    if not game.rules.ends_early:
        raise Http404("This game ends with its last round.")
    form = VersionForm(request.POST)
    if form.is_valid():
        try:
            winners = game.finish(form.cleaned_data["version"])
            won = "share the win" if len(winners) > 1 else "won"
            messages.success(request, f"Game over: {' and '.join(winners)} {won}.")
        except Round.DoesNotExist:
            messages.info(request, "No hand has been played yet: there is nothing to end.")
        except StaleGame:
            messages.error(request, "Another device changed this game first.")
        except GameFinished:
            messages.info(request, "This game is already finished.")
        except RuleError as error:
            messages.error(request, f"This game cannot be scored as stored: {error.message}")
    return _go(request, game.get_absolute_url())


@require_POST
@for_scorekeepers
@not_on_paper
def game_reopen(request: HttpRequest, game: Game) -> HttpResponseBase:
    form = VersionForm(request.POST)
    if form.is_valid():
        try:
            game.reopen(form.cleaned_data["version"])
            word = game.rules.round_word
            messages.success(request, f"The game is open again: {word}s can be changed.")
        except StaleGame:
            messages.error(request, "Another device changed this game first.")
    return _go(request, game.get_absolute_url())


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
        raise Http404("No such game.")
    try:
        sheet = sheets.blank_sheet_from(request.GET.dict(), kind)
    except sheets.SheetError as error:
        return render(request, "games/sheet_error.html", {"error": error}, status=400)
    return _pdf_response(
        request, sheet.cache_key, None, lambda: sheets.blank_sheet_pdf(sheet), sheet.filename
    )


def for_the_owner(view: GameView) -> GameView:
    """Only the game's owner reaches `view` (after `for_scorekeepers`)."""

    @functools.wraps(view)
    def checked(request: HttpRequest, game: Game, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if not game.is_owned_by(request.user, browser_key(request)):
            messages.error(request, "Only the game's owner can share it or add scorekeepers.")
            return _go(request, game.get_absolute_url())
        return view(request, game, *args, **kwargs)

    return checked


@require_POST
@for_scorekeepers
@for_the_owner
def game_share(request: HttpRequest, game: Game) -> HttpResponseBase:
    """Start sharing the scoreboard through a new link, or stop (`stop`)."""
    if "stop" in request.POST:
        game.stop_sharing()
        messages.success(request, "The share link no longer works.")
    else:
        game.share()
        messages.success(request, "Anyone with the new link can follow the scoreboard.")
    return _go(request, game.get_absolute_url() + "#sharing")


@require_POST
@for_scorekeepers
@for_the_owner
def game_scorekeepers(request: HttpRequest, game: Game) -> HttpResponseBase:
    """Add a co-scorekeeper by user name, or take one off (`remove=<user id>`)."""
    removed = _index(request.POST.get("remove"), 2**63)
    if game.owner is None:
        messages.error(request, "Log in first: co-scorekeepers join a game that has an account.")
    elif removed is not None:
        game.scorekeepers.remove(removed)
        messages.success(request, "Taken off the scorekeepers.")
    else:
        form = ScorekeeperForm(request.POST, owner=game.owner)
        if form.is_valid():
            game.scorekeepers.add(form.cleaned_data["user"])
            messages.success(
                request, f"{form.cleaned_data['user'].get_username()} can now keep score too."
            )
        else:
            messages.error(request, " ".join(map(str, form.errors["username"])))
    return _go(request, game.get_absolute_url() + "#sharing")


@require_GET
def shared_game(request: HttpRequest, token: str) -> HttpResponseBase:
    """The live scoreboard behind a share link: read-only, for any phone, no login.

    The page asks again every few seconds with the version it shows (`?seen=`); while the
    game has not changed the answer is an empty 204, which htmx leaves on screen.
    `?large=1` is the big-type variant for a tablet or a TV.
    """
    game = Game.objects.filter(share_token=token).first() if token else None
    if game is None:
        return render(request, "games/shared_gone.html", status=404)
    if is_htmx(request) and request.GET.get("seen") == str(game.version):
        return HttpResponse(status=204)
    context = _game_context(game) | {"token": token, "large": request.GET.get("large") == "1"}
    return render(request, _fragment(request, "games/shared_game.html", "live"), context)


@require_GET
@for_scorekeepers
def game_sheet(request: HttpRequest, game: Game) -> HttpResponseBase:
    """The filled sheet of a saved game, in progress or finished."""
    paper = request.GET.get("paper", "a4").lower()
    if paper not in sheets.PAPERS:
        error = sheets.SheetError(f"Paper must be A4 or Letter, not “{paper}”.")
        return render(request, "games/sheet_error.html", {"error": error}, status=400)
    url = request.build_absolute_uri(game.get_absolute_url())
    try:
        return _pdf_response(
            request,
            sheets.game_sheet_key(game, paper, url),
            game.updated_at,
            lambda: sheets.game_sheet_pdf(game, paper, url),
            f"{game.kind}-game-{game.pk}.pdf",
        )
    except RuleError as error:
        problem = sheets.SheetError(f"This game cannot be scored as stored: {error.message}")
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


@require_http_methods(["GET", "POST"])
def calculator(request: HttpRequest) -> HttpResponse:
    """Score one meld without a game, for a quick check at any table."""
    form = MeldCalculatorForm(request.POST or None, initial={"decks": 1})
    result = form.cleaned_data["result"] if request.method == "POST" and form.is_valid() else None
    return render(
        request,
        _fragment(request, "games/calculator.html", "calculator"),
        {"form": form, "result": result},
    )


# ---------------------------------------------------------------------------
# Players: the roster with each player's record, and a page of figures per player.
# Only the games the visitor may see count, and only finished ones (games.stats).


@require_GET
def player_list(request: HttpRequest) -> HttpResponse:
    """Everyone seated at a game the visitor may see, with their games, wins and win rate."""
    games = Game.objects.kept_by(request.user, browser_key(request))
    played = _played_by_player(games)
    players = Player.objects.filter(seats__game__in=games).distinct()
    rows = [{"player": player, "record": stats.record(played[player.pk])} for player in players]
    return render(request, "games/player_list.html", {"rows": rows})


@require_GET
def player_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """One player's figures by kind of game, and their Indian Chief card by card."""
    visible = Game.objects.kept_by(request.user, browser_key(request))
    # Only players seated at the visitor's games: nobody else's names are shown.
    player = get_object_or_404(Player.objects.filter(seats__game__in=visible).distinct(), pk=pk)
    games = visible.filter(seats__player=player)
    played = _played_by_player(games)[player.pk]
    return render(
        request,
        "games/player_detail.html",
        {
            "player": player,
            "record": stats.record(played),
            "kinds": stats.by_kind(played),
            "indian_chief": _indian_chief_figures(player, games),
        },
    )


def _played_by_player(games: GameQuerySet) -> defaultdict[int, list[stats.Played]]:
    """Each player's finished games among `games`, oldest first, by player pk.

    Totals and winners come from each game's cached outcome; a game that cannot be scored
    has none, and is left out.
    """
    played: defaultdict[int, list[stats.Played]] = defaultdict(list)
    for game in games.finished().order_by("created_at", "pk").prefetch_related("seats__player"):
        outcome = game.outcome()
        if outcome is None:
            continue
        for seat, total in zip(game.seats.all(), outcome.totals, strict=True):
            won = seat.player.name in outcome.winners
            played[seat.player_id].append(stats.Played(game.kind, game.created_at, total, won))
    return played


def _indian_chief_figures(player: Player, games: GameQuerySet) -> stats.IndianChiefFigures | None:
    """The player's meld-by-meld figures over their finished games of melds (Indian
    Chief's), or None.

    Games entered from paper scores hold no cards, so they are left out. Every round of
    every game is fetched in a fixed number of queries, then scored as Game.standings does.
    """
    meld_games = [slug for slug, kind in KINDS.items() if kind.board == "melds"]
    card_games = (
        games.finished()
        .filter(kind__in=meld_games, paper=False)
        .prefetch_related(
            Prefetch("seats", Seat.objects.select_related("player")),
            Prefetch("rounds", Round.objects.with_contents()),
        )
    )
    scored = []
    for game in card_games:
        names = [seat.player.name for seat in game.seats.all()]
        played = [row.played() for row in game.rounds.all()]
        with suppress(RuleError):
            scored.append(game.rules.score(names, played, game.settings, game.decks).extra)
    return stats.indian_chief_figures(player.name, scored) if scored else None


# Export and import (games.transfer holds the formats)


def _download(content: str, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _export(games: list[Game], fmt: str, name: str) -> HttpResponse:
    if fmt == "csv":
        return _download(transfer.games_csv(games), "text/csv; charset=utf-8", f"{name}.csv")
    document = json.dumps(transfer.games_json(games), ensure_ascii=False)
    return _download(document, "application/json", f"{name}.json")


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
    browser's. A file with any problem imports nothing and says what is wrong."""
    form = (
        transfer.ImportForm(request.POST, request.FILES)
        if request.method == "POST"
        else transfer.ImportForm()
    )
    if form.is_valid():
        try:
            games = transfer.import_games(
                form.cleaned_data["games"],
                **keepers(request),
                source=form.cleaned_data["file"].name,
            )
        except transfer.TransferError as error:
            form.add_error("file", str(error))
        else:
            messages.success(request, f"Imported {len(games)} game{pluralize(len(games))}.")
            return redirect("game-list")
    return render(request, "games/import.html", {"form": form})
