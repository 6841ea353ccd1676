"""Entering a round or hand: the card picker's taps, the live preview, and one save."""

import hashlib
from collections import Counter
from typing import Any, assert_never

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from games.models import Game, Round, scores
from games.play import saving, taps, thieves
from games.play.round_forms import RoundForm
from games.play.views import not_on_paper
from games.rules.cards import JOKER, RANKS, SUITS, Card, parse_card
from games.rules.errors import RuleError
from games.rules.words import say
from games.web import (
    board,
    for_scorekeepers,
    fragment,
    go,
    index,
    scoreboard,
    standings_or_problem,
)


@require_http_methods(["GET", "POST"])
@for_scorekeepers
@not_on_paper
def round_new(request: HttpRequest, game: Game) -> HttpResponseBase:
    if _is_save(request):
        return _answer(request, game, saving.save(game, request.POST), editing=False)
    if not game.is_open:
        messages.info(request, saving.closed(game))
        return go(request, game.get_absolute_url())
    played, words, last = len(scores.played(game)), game.rules.words, game.rules.rounds
    if last is not None and played >= last:
        messages.info(request, say(words.all_in, rounds=last))
        return go(request, game.get_absolute_url())
    # A game its rule ended is finished when saved; this one was reopened since. (A save
    # is not scored for this first: the rules refuse a hand after the end themselves.)
    standings = standings_or_problem(game)[0]
    if standings is not None and standings.complete:
        messages.info(request, words.over)
        return go(request, game.get_absolute_url())
    return _round_entry(request, game, played + 1, None)


@require_http_methods(["GET", "POST"])
@for_scorekeepers
@not_on_paper
def round_edit(request: HttpRequest, game: Game, number: int) -> HttpResponseBase:
    played = get_object_or_404(Round, game=game, number=number)
    if _is_save(request):
        return _answer(request, game, saving.save(game, request.POST, number), editing=True)
    if not game.is_open:
        messages.info(request, saving.closed(game))
        return go(request, game.get_absolute_url())
    return _round_entry(request, game, number, played)


def _round_entry(
    request: HttpRequest, game: Game, number: int, played: Round | None
) -> HttpResponseBase:
    """The round-entry screen, and the taps on its card picker before the save.

    Without JavaScript a tap posts the whole form with the button pressed, and the server
    applies it and sends the form back. With it, the phone applies the tap to the form at
    once and posts only for the previews (static/games/picker.js), so no tap waits on the
    network. Either way the server checks the whole round when it is saved (`saving`).
    """
    if request.method != "POST":
        cards = list(played.snapshot().values()) if played else None
        details = played.details if played else None
        values = RoundForm.initial_for(game, cards, details)
        values["active"] = taps.showing(RoundForm(game, number, initial=values), 0)
        return _shown(request, RoundForm(game, number, initial=values), editing=played is not None)
    tap = taps.tapped(request.POST, game, number)
    return _shown(request, tap.form, editing=played is not None, tapped=tap.said)


STALE = gettext_lazy(
    "Another device changed this game while you were entering. The scoreboard below "
    "shows the newer scores; your cards are still here. Check them and save again."
)


def _answer(
    request: HttpRequest, game: Game, outcome: saving.Outcome, *, editing: bool
) -> HttpResponseBase:
    """The answer to a save, for each way it ended."""
    words = game.rules.words
    match outcome:
        case saving.Saved(number=number, editing=False, thieves=thieves):
            messages.success(request, say(words.saved, number=number))
            # Thieves steal before the next round is dealt.
            steals = reverse("steals", args=[game.pk, number])
            return _recorded(request, steals if thieves else game.get_absolute_url(), number)
        case saving.Saved(number=number, notes=notes):
            for note in notes:
                messages.warning(request, note)
            messages.success(request, say(words.changed, number=number))
            return _recorded(request, game.get_absolute_url(), number)
        case saving.AlreadySaved(number=number, editing=again):
            if not again:
                messages.success(request, say(words.saved, number=number))
            return _recorded(request, game.get_absolute_url(), number)
        case saving.SameCards(number=number):
            messages.success(request, say(words.same_cards, number=number))
            return _recorded(request, game.get_absolute_url(), number)
        case saving.TakenMeanwhile():
            return _taken_meanwhile(request, outcome)
        case saving.Stale(form=form):
            return _shown(request, form, editing=editing, notice=str(STALE))
        case saving.Closed(reason=reason):
            messages.info(request, reason)
            return go(request, game.get_absolute_url())
        case saving.Invalid(form=form):
            return _shown(request, form, editing=editing)
        case _:
            assert_never(outcome)


def _shown(
    request: HttpRequest, form: RoundForm, *, editing: bool, notice: str = "", tapped: str = ""
) -> HttpResponse:
    """The entry screen with `form`, whole or (to htmx) as its fragment; `tapped` is what
    the picker says of the tap just applied."""
    context = _entry_context(form, editing, notice) | {"tapped": tapped}
    return render(request, fragment(request, "games/entry.html", "round-entry"), context)


def _is_save(request: HttpRequest) -> bool:
    return request.method == "POST" and "save" in request.POST


@require_POST
@for_scorekeepers
@not_on_paper
def round_taps(request: HttpRequest, game: Game, number: int | None = None) -> HttpResponse:
    """A tap the phone's script already applied to its form (static/games/picker.js), or
    cards typed in players' boxes (`typed=<seat> <seat>…`): what it changed, and nothing else. The
    phone keeps its form, and gets the previews of the seats whose preview differs from
    what it shows (`shown_<seat>`, the digest each preview carries), with the picker's
    taken cards; a typed seat's comes always, with its cards as chips and without the
    problems a refused save left there, since the phone drew neither. Nothing is saved or
    checked against the game's version here: the save does that. `number` is the round
    edited; without it, the next round."""
    number = number or len(scores.played(game)) + 1
    form = RoundForm(game, number, initial=taps.apply_tap(request.POST, game))
    seats, taken = _seats(form)
    active = index(form["active"].value(), len(form.holders)) or 0
    typed = {index(seat, len(seats)) for seat in request.POST.get("typed", "").split()}
    changed = [
        seat
        for seat in seats
        if seat["seat"] in typed or request.POST.get(f"shown_{seat['seat']}") != seat["digest"]
    ]
    context = {
        "changed": changed,
        "typed": typed,
        "taken": taken,
        "picker_words": taps.WORDS,
        "docked": _docked(form, active),
        "oob": True,
    }
    response = render(request, "games/entry.html#tap-answer", context)
    # Only the out-of-band parts are swapped in; the form on the phone stays as it is.
    response["HX-Reswap"] = "none"
    return response


def _recorded(request: HttpRequest, url: str, number: int) -> HttpResponseBase:
    """On to `url` after a save that is recorded, now or before. `X-Round-Saved` tells a
    save sent again from the phone's queue (static/games/queue.js) that it is in: any
    other answer, a redirect included, is a refusal the scorekeeper must see."""
    response = go(request, url)
    response["X-Round-Saved"] = str(number)
    return response


def _taken_meanwhile(request: HttpRequest, taken: saving.TakenMeanwhile) -> HttpResponse:
    """Another phone saved this round first, with other cards: the scorekeeper sees both
    and chooses. These cards are the round that is really next, or they belong in the
    round just saved, or the saved round stands. The first two open the entry screen with
    these cards, to look at before saving; nothing entered is lost either way."""
    game, number, mine, data = taken.mine.game, taken.number, taken.mine, taken.data
    theirs = game.rounds.get(number=number)
    data = request.POST.copy()
    data["version"] = str(game.version)
    # Checked as an edit of their round, so their cards do not count against these.
    mine = RoundForm(game, number, data)
    words = game.rules.words
    standings, problem = standings_or_problem(game)
    # No choice is the obvious one, so none is drawn as the main button.
    choices = []
    if game.is_open:
        edit = reverse("round-edit", args=[game.pk, number])
        choices.append({"url": edit, "label": say(words.put_yours, number=number)})
    if game.is_open and standings is not None and not standings.complete:
        following = game.rounds.count() + 1
        new = reverse("round-new", args=[game.pk])
        choices.append({"url": new, "label": say(words.enter_as, number=following)})
    context = {
        "game": game,
        "number": number,
        "board": board(game).scoreboard,
        "scoreboard": scoreboard(game),
        "standings": standings,
        "problem": problem,
        "meanwhile": {
            "theirs": standings.rows[number - 1] if standings else None,
            "mine": [
                {
                    "name": name,
                    "cards": [_chip(token) for token in text.split()],
                    "differs": saving.hands([text]) != saving.hands([saved]),
                }
                for name, text, saved in zip(
                    mine.holders, mine.card_texts(), theirs.held(), strict=True
                )
            ],
            "fields": [(name, value) for name in mine.fields for value in data.getlist(name)],
            "choices": choices,
            "closed": "" if game.is_open else saving.closed(game),
        },
    }
    return render(request, fragment(request, "games/entry.html", "round-entry"), context)


def _chip(token: str) -> dict[str, Any]:
    try:
        card = parse_card(token, jokers=True)
    except RuleError:
        return {"card": None, "label": token, "suit": ""}
    return {"card": card, "label": card.symbol, "suit": card.suit}


def _seats(form: RoundForm) -> tuple[list[dict[str, Any]], str]:
    """Each player's chips, what their cards make so far and what the game asks of them
    (with a digest of both); and the cards the decks in play have no more of."""
    game = form.game
    active = index(form["active"].value(), len(form.holders)) or 0
    # Each entered token as a chip: a card shows its symbol and suit colour; text that is
    # no card yet (typed by hand) shows as typed, and its problem is shown with the player.
    hands = [[_chip(token) for token in text.split()] for text in form.card_texts()]
    in_use = Counter(chip["card"] for hand in hands for chip in hand if chip["card"])
    labels = _dock_labels(form.holders)
    bare = form.bare_seats()
    seats = []
    for seat, (name, preview) in enumerate(zip(form.holders, form.previews(), strict=True)):
        # What says whether the player getting the cards shows any is asked in the dock.
        questions = [
            field
            for field in form.seat_question_fields(seat)
            if seat != active or not form.docked(field)
        ]
        shown = (seat == active, len(hands[seat]), preview, [asked.name for asked in questions])
        seats.append(
            {
                "seat": seat,
                "name": name,
                "label": labels[seat],
                "bare": seat in bare,
                "out_after": form.out.get(seat),
                "made": bool(preview.title) or len(hands[seat]) == preview.complete_at,
                "field": form[f"cards_{seat}"],
                "most": form.most(seat),
                "full": taps.full_words(form, seat),
                "cards": hands[seat],
                "active": seat == active,
                "preview": preview,
                "questions": questions,
                "digest": hashlib.blake2b(repr(shown).encode(), digest_size=6).hexdigest(),
            }
        )
    most = {card: game.jokers if card.is_joker else game.decks for card in in_use}
    taken = " ".join(sorted(str(card) for card, count in in_use.items() if count >= most[card]))
    return seats, taken


def _docked(form: RoundForm, active: int) -> dict[str, Any]:
    """What the dock asks of the player the cards go to (whether they show any), with
    their name for its heading."""
    name = form.holders[active] if active < len(form.holders) else ""
    fields = [field for field in form.seat_question_fields(active) if form.docked(field)]
    return {"name": name, "fields": fields}


def _dock_labels(names: list[str]) -> list[str]:
    """Each name as the dock's button shows it. A name too long for its button is cut
    with an ellipsis, so two long names that start alike would look the same: those show
    their start and end instead ("Ale…der", "Ale…dra": what four buttons a row of a
    phone's width hold), unless that is alike too."""
    start, end = 3, 3

    def alike(name: str) -> bool:
        prefix = name[: start + 3].casefold()
        return any(other != name and other[: start + 3].casefold() == prefix for other in names)

    labels = [
        f"{name[:start]}…{name[-end:]}" if len(name) > start + end + 1 and alike(name) else name
        for name in names
    ]
    return labels if len(set(labels)) == len(labels) else list(names)


def _entry_context(form: RoundForm, editing: bool, notice: str) -> dict[str, Any]:
    """The entry screen: each player's seat (`_seats`) with their questions, the picker
    grid with what is taken, the notice and the scoreboard."""
    game = form.game
    active = index(form["active"].value(), len(form.holders)) or 0
    players, taken = _seats(form)
    for player in players:
        player["has_error"] = bool(
            player["field"].errors or any(asked.errors for asked in player["questions"])
        )
    gone = set(taken.split())
    table = form.table
    removed = game.rules.removed(table)
    # A row a suit; the joker ends the last one, in the cell its rows leave free. A card
    # out of this table's deck keeps its cell, empty, so that the ranks stay in columns.
    grid = [
        [
            {"card": card, "taken": str(card) in gone, "removed": str(card) in removed}
            for card in [Card(rank, suit) for rank in RANKS]
        ]
        for suit in SUITS
    ]
    if game.jokers:
        joker = parse_card(JOKER, jokers=True)
        grid[-1].append({"card": joker, "taken": str(joker) in gone})
    standings, problem = standings_or_problem(game)
    taps_url = (
        reverse("round-taps", args=[game.pk, form.number])
        if editing
        else reverse("round-new-taps", args=[game.pk])
    )
    return {
        "game": game,
        "number": form.number,
        "editing": editing,
        "taps_url": taps_url,
        "form": form,
        "players": players,
        "problem_players": [player for player in players if player["has_error"]],
        # The answers say nobody shows cards (Gin Rummy's dead hand): no picker.
        "no_cards": len(form.bare_seats()) >= len(form.names) and not form.piles,
        "active_name": form.holders[active] if active < len(form.holders) else "",
        "grid": grid,
        "taken": taken,
        "counted": " ".join(game.rules.counted(table)),
        "picker_words": taps.WORDS,
        "docked": _docked(form, active),
        "hint": game.rules.hint(form.number),
        "notice": notice,
        "standings": standings,
        "problem": problem,
        "scoreboard": scoreboard(game),
        "steals_waiting": thieves.waiting(game, standings),
    }
