"""Sharing a game: the live link anyone can follow (with its QR code) and co-scorekeepers."""

import functools
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from games.limits import HOUR, spend
from games.models import Game, Invitation
from games.models.invitations import MOST_FROM_ONE_OWNER
from games.qr import qr_data_uri
from games.sharing.forms import ScorekeeperForm
from games.web import (
    GameView,
    browser_key,
    for_scorekeepers,
    fragment,
    game_context,
    go,
    index,
    is_htmx,
)

# User names an owner may ask for an hour: a table invites a few people, while "nobody
# has that name" would otherwise tell a script which accounts exist as fast as it asks.
NAMES_AN_HOUR = 20


def for_the_owner(view: GameView) -> GameView:
    """Only the game's owner reaches `view` (after `for_scorekeepers`)."""

    @functools.wraps(view)
    def checked(request: HttpRequest, game: Game, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if not game.is_owned_by(request.user, browser_key(request)):
            messages.error(request, _("Only the game's owner can share it or add scorekeepers."))
            return go(request, game.get_absolute_url())
        return view(request, game, *args, **kwargs)

    return checked


def sharing_context(request: HttpRequest, game: Game) -> dict[str, Any]:
    """What the owner sees to share the game: the live link with its QR code, the
    co-scorekeepers and those invited; a co-scorekeeper sees how to leave."""
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
        "invited": game.invitations.select_related("user") if owned else (),
        "scorekeeper_form": ScorekeeperForm(),
        "co_scorekeeper": not owned
        and request.user.is_authenticated
        and game.scorekeepers.filter(pk=request.user.pk).exists(),
    }


@require_POST
@for_scorekeepers
@for_the_owner
def game_share(request: HttpRequest, game: Game) -> HttpResponseBase:
    """Start sharing the scoreboard through a new link, or stop (`stop`)."""
    if "stop" in request.POST:
        game.stop_sharing()
        messages.success(request, _("The share link no longer works."))
    else:
        game.share()
        messages.success(request, _("Anyone with the new link can follow the scoreboard."))
    return go(request, game.get_absolute_url() + "#sharing")


@require_POST
@for_scorekeepers
@for_the_owner
def game_scorekeepers(request: HttpRequest, game: Game) -> HttpResponseBase:
    """Invite an account to keep score too, by its user name; take an invitation back
    (`withdraw=<invitation id>`), or a co-scorekeeper off (`remove=<user id>`).

    Nobody keeps score on someone else's game without saying yes: an invitation waits on
    the invited account's home page and games list until it is accepted or declined.
    """
    removed = index(request.POST.get("remove"), 2**63)
    withdrawn = index(request.POST.get("withdraw"), 2**63)
    if game.owner is None:
        messages.error(request, _("Log in first: co-scorekeepers join a game that has an account."))
    elif removed is not None:
        game.scorekeepers.remove(removed)
        messages.success(request, _("Taken off the scorekeepers."))
    elif withdrawn is not None:
        game.invitations.filter(pk=withdrawn).delete()
        messages.success(request, _("Invitation taken back."))
    elif not spend("invite", str(game.owner.pk), NAMES_AN_HOUR, HOUR):
        messages.error(request, _("Too many names asked for in an hour: try again later."))
    else:
        form = ScorekeeperForm(request.POST, owner=game.owner)
        if not form.is_valid():
            messages.error(request, " ".join(map(str, form.errors["username"])))
            return go(request, game.get_absolute_url() + "#sharing")
        user = form.cleaned_data["user"]
        name = user.get_username()
        if game.scorekeepers.filter(pk=user.pk).exists():
            messages.info(request, _("{name} keeps score on this game already.").format(name=name))
        elif Invitation.objects.too_many_for(game, user):
            messages.error(
                request,
                ngettext(
                    # Translators: {name} is a user name; {count} is how many invitations one
                    # owner may have waiting for one person (10).
                    "{name} has {count} of your invitations to answer already: "
                    "they can be asked again once they have answered it.",
                    "{name} has {count} of your invitations to answer already: "
                    "they can be asked again once they have answered some.",
                    MOST_FROM_ONE_OWNER,
                ).format(name=name, count=MOST_FROM_ONE_OWNER),
            )
        elif not Invitation.objects.get_or_create(game=game, user=user)[1]:
            messages.info(
                request,
                _("{name} is invited already: they keep score once they accept.").format(name=name),
            )
        else:
            messages.success(
                request, _("{name} is invited: they keep score once they accept.").format(name=name)
            )
    return go(request, game.get_absolute_url() + "#sharing")


@require_POST
def invitation_answer(request: HttpRequest, pk: int) -> HttpResponseBase:
    """The invited account accepts (`answer=accept`) or declines; nobody else may."""
    if not request.user.is_authenticated:
        raise Http404("No such invitation.")  # English: only a debugging page shows it
    invitation = get_object_or_404(Invitation, pk=pk, user=request.user)
    game = invitation.game
    if request.POST.get("answer") == "accept":
        invitation.accept()
        messages.success(request, _("You keep score on this game now."))
        return go(request, game.get_absolute_url())
    invitation.delete()
    messages.info(request, _("Invitation declined."))
    return go(request, reverse("home"))


@require_POST
@for_scorekeepers
def game_leave(request: HttpRequest, game: Game) -> HttpResponseBase:
    """A co-scorekeeper stops keeping score on the game (its owner cannot: it is theirs)."""
    user = request.user
    if not user.is_authenticated or not game.scorekeepers.filter(pk=user.pk).exists():
        messages.info(request, _("Only a co-scorekeeper can leave a game; it is its owner's."))
        return go(request, game.get_absolute_url())
    game.scorekeepers.remove(user)
    # Translators: {game} is the game as the lists name it: "Indian Chief #12".
    messages.success(request, _("You no longer keep score on {game}.").format(game=game))
    return go(request, reverse("home"))


@require_GET
def shared_game(request: HttpRequest, token: str) -> HttpResponseBase:
    """The live scoreboard behind a share link: read-only, for any phone, no login.

    The page asks again every few seconds with the revision it shows (`?seen=`: never the
    same for two states of the game, a restored backup's included), only while it is on
    screen (static/games/share.js); while the game has not changed the answer is an empty
    204, which htmx leaves on screen.
    `?large=1` is the big-type variant for a tablet or a TV.
    """
    shared = Game.objects.filter(share_token=token).values_list("pk", "revision").first()
    if not token or shared is None:
        return render(request, "games/shared_gone.html", status=404)
    # Most polls find nothing new: they cost one indexed lookup of two small values, and
    # no template.
    if is_htmx(request) and request.GET.get("seen") == shared[1]:
        return HttpResponse(status=204)
    game = Game.objects.get(pk=shared[0])
    context = game_context(game) | {"token": token, "large": request.GET.get("large") == "1"}
    return render(request, fragment(request, "games/shared_game.html", "live"), context)
