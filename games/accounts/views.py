"""Accounts: sign up, log in (throttled), log out, change and reset a password.

Nobody at a table wants to sign up before the first round, so a game can be started
without an account: it then belongs to the browser that started it, through a random key
kept in that browser's session (games.web). Logging in or signing up moves the browser's
games to the account.
"""

from typing import Any

from django.contrib.auth import login, user_logged_in
from django.db import transaction
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponseBase
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from games.accounts.forms import SignupForm
from games.addresses import client_address
from games.models import Game, Player
from games.web import browser_key

FORM = "accounts/form.html"
DONE = "accounts/done.html"


@receiver(user_logged_in)
def claim_browser_games(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """The games this browser started before logging in become the account's, and its
    players join the account's roster."""
    if request is None:
        return
    key = browser_key(request)
    if key:
        with transaction.atomic():
            claimed = Game.objects.filter(owner=None, browser=key)
            games = list(claimed.values_list("pk", flat=True))
            claimed.update(owner=user, browser="")
            Player.objects.move_to(key, user)
            # A player the account had already takes the seats, in the account's
            # spelling: what phones and pages show of these games changes.
            Game.objects.filter(pk__in=games).touch()


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponseBase:
    form = SignupForm(request.POST or None, address=client_address(request))
    if request.method == "POST" and form.is_valid():
        login(request, form.save(), backend="django.contrib.auth.backends.ModelBackend")
        return redirect("game-list")
    return render(request, FORM, {"form": form, "title": "Sign up", "submit": "Sign up"})
