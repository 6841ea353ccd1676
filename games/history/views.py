"""The games played before and the people who played them: the games list (and deleting
a game, with a way back), the players with their records, and each player's figures. Only
the games the visitor may see count, and only finished ones (games.history.stats).
"""

from collections import defaultdict
from collections.abc import Iterator

from django.contrib import messages
from django.core.paginator import Paginator
from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.history import stats
from games.history.forms import GameFilterForm
from games.models import Game, GameQuerySet, Invitation, Player, Round, Seat, scores
from games.rules import KINDS
from games.rules.budget import TooCostly
from games.rules.errors import RuleError
from games.rules.figures import Figures
from games.rules.kind import Standings
from games.web import browser_key, for_scorekeepers, fragment

GAMES_PER_PAGE = 20


def _row(game: Game) -> dict[str, object]:
    """A game of the list with its totals and winners; a game not scored within what is
    left of the request's budget is listed without them, and says so, rather than
    keeping the whole list from the visitor (each game scored is kept: the list's next
    view goes on from there)."""
    try:
        return {"game": game, "outcome": scores.outcome(game)}
    except TooCostly:
        return {"game": game, "outcome": None, "too_costly": True}


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
    rows = [_row(game) for game in page]
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        fragment(request, "games/game_list.html", "games"),
        {
            "form": form,
            "page": page,
            "rows": rows,
            "query": query.urlencode(),
            "invitations": Invitation.objects.waiting_for(request.user),
        },
    )


@require_http_methods(["GET", "POST"])
@for_scorekeepers
def game_delete(request: HttpRequest, game: Game) -> HttpResponseBase:
    """Asks first, then deletes the game for a while (Game.delete_for_a_while): only its
    owner may, since it goes for its co-scorekeepers too."""
    if not game.is_owned_by(request.user, browser_key(request)):
        messages.error(request, _("Only the game's owner can delete it."))
        return redirect(game.get_absolute_url())
    if request.method == "POST":
        game.delete_for_a_while()
        # Translators: {game} is the game as the lists name it: "Indian Chief #12".
        said = _("{game} deleted. You can restore it here for 30 days.").format(game=game)
        messages.success(request, said)
        return redirect("games-deleted")
    return render(request, "games/game_delete.html", {"game": game})


@require_GET
def deleted_games(request: HttpRequest) -> HttpResponse:
    """The visitor's deleted games that can still be restored, newest deletion first."""
    Game.deleted.purge()
    games = Game.deleted.owned_by(request.user, browser_key(request)).order_by("-deleted_at")
    return render(
        request, "games/games_deleted.html", {"games": games.prefetch_related("seats__player")}
    )


@require_POST
def game_restore(request: HttpRequest, pk: int) -> HttpResponseBase:
    game = get_object_or_404(Game.deleted.owned_by(request.user, browser_key(request)), pk=pk)
    game.restore()
    # Translators: {game} is the game as the lists name it: "Indian Chief #12".
    messages.success(request, _("{game} is back.").format(game=game))
    return redirect(game.get_absolute_url())


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
    """One player's figures by kind of game, and what the cards tell of their play."""
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
            "card_figures": _card_figures(player, games),
        },
    )


def _played_by_player(games: GameQuerySet) -> defaultdict[int, list[stats.Played]]:
    """Each player's finished games among `games`, oldest first, by player pk.

    Totals and winners come from each game's cached outcome; a game that cannot be scored
    has none, and is left out.
    """
    played: defaultdict[int, list[stats.Played]] = defaultdict(list)
    for game in games.finished().order_by("created_at", "pk").prefetch_related("seats__player"):
        outcome = scores.outcome(game)
        if outcome is None:
            continue
        seats = game.seats.all()
        # Which way it was won: its table read off the seats fetched with it, no query.
        lowest = game.rules.lowest_wins_at(game.table(seats))
        for seat, total in zip(seats, outcome.totals, strict=True):
            won = seat.player.name in outcome.winners
            played[seat.player_id].append(
                stats.Played(game.kind, game.created_at, total, won, lowest)
            )
    return played


def _card_figures(player: Player, games: GameQuerySet) -> list[Figures]:
    """What only the cards can tell of the player, for each kind that says (Indian
    Chief's meld by meld), over their finished games of that kind.

    Games entered from paper scores hold no cards, so they are left out. Each game's
    standings come from the read model, kept under its version and the rules' edition, so
    a page view scores only the games changed since the last one (their rounds fetched in
    a fixed number of queries), and a rules fix scores them all again.
    """
    finished = games.finished().filter(paper=False)
    shown = []
    for slug, kind in KINDS.items():
        if not kind.has_figures:
            continue
        card_games = list(finished.filter(kind=slug).only("pk", "version", "revision"))
        if not card_games:
            continue
        figures = kind.figures(player.name, scores.standings_of(card_games, _scored))
        if figures is not None and figures.games:
            shown.append(figures)
    return shown


def _scored(pks: list[int]) -> Iterator[tuple[int, Standings | None]]:
    """These games' standings from their cards, fetched in a fixed number of queries;
    None for a game whose cards no longer pass the rules."""
    for game in Game.objects.filter(pk__in=pks).prefetch_related(
        Prefetch("seats", Seat.objects.select_related("player")),
        Prefetch("rounds", Round.objects.with_contents()),
    ):
        rounds = {row.number: row.played() for row in game.rounds.all()}
        try:
            yield game.pk, game.standings(rounds, game.table(game.seats.all()))
        except RuleError:
            yield game.pk, None
