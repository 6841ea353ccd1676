"""Entering a round or hand: the card picker's taps, the live preview, and one save."""

import hashlib
from collections import Counter
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from games.models import Game, GameFinished, Round, StaleGame, scores
from games.play import taps
from games.play.round_forms import RoundForm
from games.play.views import closed, not_on_paper
from games.rules.cards import JOKER, RANKS, SUITS, Card, parse_card
from games.rules.errors import RuleError
from games.rules.words import say
from games.web import (
    board,
    for_scorekeepers,
    fragment,
    go,
    index,
    is_htmx,
    scoreboard,
    standings_or_problem,
)


@require_http_methods(["GET", "POST"])
@for_scorekeepers
@not_on_paper
def round_new(request: HttpRequest, game: Game) -> HttpResponseBase:
    if _is_tap(request):
        return _tap_answer(request, game, len(scores.played(game)) + 1)
    # A double tap or a resent save: the round is already recorded once. (A save at
    # the game's version has not landed: landing moves the version on.)
    landed = None if _at_version(game, request) else _landed_round(game, request)
    if landed is not None:
        return _saved(request, game, landed)
    taken = _taken_meanwhile(game, request)
    if taken is not None:
        # Before the game's end is looked at: the round saved meanwhile may have been
        # its last, and these cards must still not be lost.
        return _saved_meanwhile(request, game, taken)
    if not game.is_open:
        messages.info(request, closed(game))
        return go(request, game.get_absolute_url())
    played, words, last = len(scores.played(game)), game.rules.words, game.rules.rounds
    if last is not None and played >= last:
        messages.info(request, say(words.all_in, rounds=last))
        return go(request, game.get_absolute_url())
    # A game its rule ended is finished when saved; this one was reopened since. (A save
    # is not scored for this first: the rules refuse a hand after the end themselves.)
    standings = None if "save" in request.POST else standings_or_problem(game)[0]
    if standings is not None and standings.complete:
        messages.info(request, words.over)
        return go(request, game.get_absolute_url())
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
    if _is_tap(request):
        return _tap_answer(request, game, number)
    played = get_object_or_404(Round, game=game, number=number)
    if not game.is_open:
        messages.info(request, closed(game))
        return go(request, game.get_absolute_url())
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
    notice = refused = ""
    if request.method != "POST":
        cards = list(played.snapshot().values()) if played else None
        details = played.details if played else None
        form = RoundForm(game, number, initial=RoundForm.initial_for(game, cards, details))
    elif "save" not in request.POST:
        values = taps.apply_tap(request.POST, game)
        form = RoundForm(game, number, initial=values)
        refused = taps.refused_tap(request.POST, form)
        following = None if refused else taps.complete_seat(request.POST, form)
        if following is not None:
            form = RoundForm(game, number, initial=values | {"active": following})
    else:
        form = RoundForm(game, number, request.POST)
        try:
            shown = request.POST.get("number", str(number))
            if played is None and (not _at_version(game, request) or shown != str(number)):
                # A new round is checked as the one after those saved; when another
                # device saved one first, that is what to say, not what the check finds.
                # The round the form showed must be the next one too: a round entered
                # offline after one still unsent predicts its version, and a change on
                # another phone can make that number come true for another round.
                raise StaleGame(game)
            if form.is_valid():
                return _save_round(request, game, number, played, form)
            if played is None and (landed := _landed_round(game, request)) is not None:
                # The same save, sent twice at once: its twin landed while this one was
                # checked, and now finds its own cards "already made".
                return _saved(request, game, landed)
        except StaleGame as stale:
            game = stale.game
            if played is None and (landed := _landed_round(game, request)) is not None:
                return _saved(request, game, landed)
            if played is None and (taken := _taken_meanwhile(game, request)) is not None:
                return _saved_meanwhile(request, game, taken)
            if played and _holds(game.rounds.get(number=number), form):
                # A double tap or a resent edit: the round already holds these cards.
                return _recorded(request, game.get_absolute_url(), number)
            # Another device changed something else (an earlier round, the steals, an
            # undo): the round entered is still the next one, so keep what this device
            # entered, show the newer game, and let a second save go through knowingly.
            number = number if played else game.rounds.count() + 1
            data = request.POST.copy()
            data["version"] = str(game.version)
            form = RoundForm(game, number, initial=taps.apply_tap(data, game))
            notice = (
                "Another device changed this game while you were entering. The "
                "scoreboard below shows the newer scores; your cards are still here. "
                "Check them and save again."
            )
        except GameFinished:
            messages.info(request, "This game was finished on another device.")
            return go(request, game.get_absolute_url())
        except RuleError as error:
            form.add_error(None, error.message)
    context = _entry_context(form, played, notice) | {"refused": refused}
    return render(request, fragment(request, "games/entry.html", "round-entry"), context)


def _is_tap(request: HttpRequest) -> bool:
    """A tap the phone's script already applied to its form, asking only for the previews
    (it says which it shows; without that it wants the whole form back)."""
    return (
        request.method == "POST"
        and is_htmx(request)
        and request.POST.get("taps") == "applied"
        and "shown_0" in request.POST
        and "save" not in request.POST
    )


def _tap_answer(request: HttpRequest, game: Game, number: int) -> HttpResponse:
    """What a tap changed, and nothing else: the phone keeps its form, and gets the
    previews of the seats whose preview differs from what it shows (`shown_<seat>`, the
    digest each preview carries), with the picker's taken cards. Nothing is saved or
    checked against the game's version here: the save does that."""
    form = RoundForm(game, number, initial=taps.apply_tap(request.POST, game))
    seats, taken = _seats(form)
    changed = [
        seat for seat in seats if request.POST.get(f"shown_{seat['seat']}") != seat["digest"]
    ]
    context = {"changed": changed, "taken": taken, "oob": True}
    response = render(request, "games/entry.html#tap-answer", context)
    # Only the out-of-band parts are swapped in; the form on the phone stays as it is.
    response["HX-Reswap"] = "none"
    return response


def _saved(request: HttpRequest, game: Game, landed: Round) -> HttpResponseBase:
    """The answer to a save that had already landed: it was saved, once."""
    messages.success(request, say(game.rules.words.saved, number=landed.number))
    return _recorded(request, game.get_absolute_url(), landed.number)


def _recorded(request: HttpRequest, url: str, number: int) -> HttpResponseBase:
    """On to `url` after a save that is recorded, now or before. `X-Round-Saved` tells a
    save sent again from the phone's queue (static/games/queue.js) that it is in: any
    other answer, a redirect included, is a refusal the scorekeeper must see."""
    response = go(request, url)
    response["X-Round-Saved"] = str(number)
    return response


def _at_version(game: Game, request: HttpRequest) -> bool:
    """Whether the form posted was shown at the game's version."""
    return request.POST.get("version") == str(game.version)


def _taken_meanwhile(game: Game, request: HttpRequest) -> int | None:
    """The round a new round's save was entered as, when another device saved that
    round since the page was opened (the form says which round it showed: a new round's
    address does not)."""
    if request.method != "POST" or "save" not in request.POST:
        return None
    shown = request.POST.get("number", "")
    if _at_version(game, request) or not shown.isdecimal():
        return None
    number = int(shown) if len(shown) <= 4 else 0
    return number if game.rounds.filter(number=number).exists() else None


def _saved_meanwhile(request: HttpRequest, game: Game, number: int) -> HttpResponseBase:
    """A new round refused because another phone saved that very round first.

    The two phones most likely entered the same real round, so saving these cards again
    as the next round is never what a second tap on *Save* does. Cards that match what
    the other phone saved are that round, recorded once. Otherwise the scorekeeper sees
    both and chooses: these cards are the round that is really next, or they belong in
    the round just saved, or the saved round stands. The first two open the entry screen
    with these cards, to look at before saving; nothing entered is lost either way.
    """
    landed = _landed_round(game, request)
    if landed is not None:
        # Not another phone: this very save's twin, landed since it was first looked for.
        return _saved(request, game, landed)
    theirs = game.rounds.get(number=number)
    data = request.POST.copy()
    data["version"] = str(game.version)
    # Checked as an edit of their round, so their cards do not count against these.
    mine = RoundForm(game, number, data)
    words = game.rules.words
    if mine.is_valid() and _holds(theirs, mine):
        messages.success(request, say(words.same_cards, number=number))
        return _recorded(request, game.get_absolute_url(), number)
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
                    "differs": _hands([text]) != _hands([saved]),
                }
                for name, text, saved in zip(
                    mine.names, mine.card_texts(), theirs.snapshot().values(), strict=True
                )
            ],
            "fields": [(name, value) for name in mine.fields for value in data.getlist(name)],
            "choices": choices,
            "closed": "" if game.is_open else closed(game),
        },
    }
    return render(request, fragment(request, "games/entry.html", "round-entry"), context)


def _holds(played: Round, form: RoundForm) -> bool:
    """Whether a saved round already holds what the form would save."""
    return bool(
        _hands(list(played.snapshot().values())) == _hands(form.cleaned_data["cards"])
        and played.details == form.cleaned_data["details"]
    )


def _hands(texts: list[str]) -> list[list[str]]:
    """Each seat's cards, to compare: the order they were tapped in is no part of a hand,
    nor is the case they were typed in."""
    return [sorted(text.upper().split()) for text in texts]


def _save_round(
    request: HttpRequest, game: Game, number: int, played: Round | None, form: RoundForm
) -> HttpResponseBase:
    version = form.cleaned_data["version"]
    cards, details = form.cleaned_data["cards"], form.cleaned_data["details"]
    words = game.rules.words
    if played is None:
        token = form.cleaned_data["token"]
        saved = game.record_round(cards, token, version, details, form.standings)
        messages.success(request, say(words.saved, number=saved.number))
        # Thieves steal before the next round is dealt.
        if form.row is not None and form.row.thieves:
            return _recorded(request, reverse("steals", args=[game.pk, saved.number]), saved.number)
        return _recorded(request, game.get_absolute_url(), saved.number)
    for note in game.edit_round(number, cards, version, details):
        messages.warning(request, note)
    messages.success(request, say(words.changed, number=number))
    return _recorded(request, game.get_absolute_url(), number)


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
    active = index(form["active"].value(), len(form.names)) or 0
    # Each entered token as a chip: a card shows its symbol and suit colour; text that is
    # no card yet (typed by hand) shows as typed, and its problem is shown with the player.
    hands = [[_chip(token) for token in text.split()] for text in form.card_texts()]
    in_use = Counter(chip["card"] for hand in hands for chip in hand if chip["card"])
    seats = []
    for seat, (name, preview) in enumerate(zip(form.names, form.previews(), strict=True)):
        questions = form.seat_question_fields(seat)
        shown = (seat == active, len(hands[seat]), preview, [asked.name for asked in questions])
        seats.append(
            {
                "seat": seat,
                "name": name,
                "field": form[f"cards_{seat}"],
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


def _entry_context(form: RoundForm, played: Round | None, notice: str) -> dict[str, Any]:
    """The entry screen: each player's seat (`_seats`) with their questions, the picker
    grid with what is taken, the notice and the scoreboard."""
    game = form.game
    active = index(form["active"].value(), len(form.names)) or 0
    players, taken = _seats(form)
    for player in players:
        player["has_error"] = bool(
            player["field"].errors or any(asked.errors for asked in player["questions"])
        )
    cards = [Card(rank, suit) for suit in SUITS for rank in RANKS]
    if game.jokers:
        cards.append(parse_card(JOKER, jokers=True))
    gone = set(taken.split())
    grid = [
        [{"card": card, "taken": str(card) in gone} for card in cards[row : row + len(RANKS)]]
        for row in range(0, len(cards), len(RANKS))
    ]
    standings, problem = standings_or_problem(game)
    return {
        "game": game,
        "number": form.number,
        "editing": played is not None,
        "form": form,
        "players": players,
        "problem_players": [player for player in players if player["has_error"]],
        "active_name": form.names[active] if active < len(form.names) else "",
        "grid": grid,
        "taken": taken,
        "max_cards": game.rules.max_cards,
        "hint": game.rules.hint(form.number),
        "notice": notice,
        "standings": standings,
        "problem": problem,
        "scoreboard": scoreboard(game),
    }
