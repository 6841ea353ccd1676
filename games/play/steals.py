"""After an Indian Chief round with Thieves: each in steal order takes a card, or from the deck."""

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponseBase
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from games.models import Game, GameFinished, Round, StaleGame, scores
from games.play.round_forms import StealForm
from games.play.saving import closed
from games.play.views import not_on_paper
from games.rules.board import StealTurn
from games.rules.errors import RuleError
from games.rules.kind import Standings
from games.web import board, for_scorekeepers, fragment, go, standings_or_problem


@require_http_methods(["GET", "POST"])
@for_scorekeepers
@not_on_paper
def steals(request: HttpRequest, game: Game, number: int) -> HttpResponseBase:
    """After a round with Thieves: each in steal order takes a card or takes from the deck."""
    if not game.rules.has_steals:
        raise Http404("This game has no Thieves.")  # English: the 404 page shows no reason
    played = get_object_or_404(Round, game=game, number=number)
    standings, problem = standings_or_problem(game)
    if standings is None:
        # Translators: {problem} is the rules' sentence saying what is wrong with a round.
        unscorable = _("This game cannot be scored as stored: {problem}")
        messages.error(request, unscorable.format(problem=problem))
        return go(request, game.get_absolute_url())
    form = StealForm(request.POST or None)
    error = ""
    if request.method == "POST" and form.is_valid():
        try:
            error = _record_steal(game, played, _turn(standings, number), form)
        except StaleGame as stale:
            game = stale.game
            error = _(
                "This game changed since the page was shown (another phone, or a double tap)."
            )
        except GameFinished:
            error = closed(game)
        if not error:
            return go(request, reverse("steals", args=[game.pk, number]))
        standings = scores.standings(game)
    elif form.errors:
        error = " ".join(map(str, form.non_field_errors()))
    return render(
        request,
        fragment(request, "games/steals.html", "steals"),
        _steals_context(game, played, standings, error),
    )


def _turn(standings: Standings, number: int) -> StealTurn:
    """The steals after round `number`, as they stand."""
    turn = standings.rows[number - 1].steals
    if turn is None:
        raise Http404("Nobody steals after this round.")  # English: the 404 page shows none
    return turn


def _acted(played: Round) -> set[str]:
    """The Thieves who have had their turn after this round."""
    return {steal.thief.player.name for steal in played.steals.select_related("thief__player")}


def _record_steal(game: Game, played: Round, turn: StealTurn, form: StealForm) -> str:
    """Record the next Thief's choice; returns an error message, or "" when it landed."""
    seats = {seat.player.name: seat for seat in game.seats.select_related("player")}
    thief_name, group = turn.next_thief(_acted(played))
    if thief_name is None:
        return _("Every Thief has had a turn.")
    version = form.cleaned_data["version"]
    try:
        if form.cleaned_data.get("no_agreement"):
            game.cancel_steals(played.number, [seats[name] for name in group], version)
        elif form.cleaned_data.get("take"):
            victim = game.seats.filter(position=form.cleaned_data["victim_seat"]).first()
            if victim is None:
                return _("Pick a card from another player's meld.")
            game.record_steal(
                played.number, seats[thief_name], victim, form.cleaned_data["card"], version
            )
        else:
            game.record_steal(played.number, seats[thief_name], None, "", version)
    except RuleError as rule_error:
        return rule_error.message
    return ""


def _steals_context(game: Game, played: Round, standings: Standings, error: str) -> dict[str, Any]:
    number = played.number
    turn = _turn(standings, number)
    thief, group = turn.next_thief(_acted(played))
    seat_of = {name: seat for seat, name in enumerate(standings.players)}
    targets = [
        {
            "name": name,
            "cards": [(f"{seat_of[name]}:{card}", card) for card in cards],
        }
        for name, cards in turn.melds_after.items()
        if name != thief and cards
    ]
    return {
        "game": game,
        "number": number,
        # The round's scores, as the game page lists them: steals never change them.
        "board": board(game).scoreboard,
        "row": standings.rows[number - 1],
        "turn": turn,
        "thief": thief,
        "thief_card": turn.thief_cards[thief] if thief else None,
        "tied": [name for name in group if name != thief],
        "targets": targets,
        "events": turn.events,
        "error": error,
        "last_round": number >= (game.rules.rounds or 0),
        "rounds_played": len(standings.rows),
        "form": StealForm(initial={"version": game.version}),
    }
