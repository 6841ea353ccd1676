"""Accounts: sign up, log in (throttled), log out, change and reset a password; and the
language of the pages.

Nobody at a table wants to sign up before the first round, so a game can be started
without an account: it then belongs to the browser that started it, through a random key
kept in that browser's session (games.web). Logging in or signing up moves the browser's
games to the account.

The pages are in the language the browser asks for (Accept-Language, through Django's
LocaleMiddleware) until someone picks one on the switcher every page has: the browser
keeps that choice in Django's language cookie, and an account keeps it too
(AccountLanguage), so that logging in on another phone brings it along. The login views
set the cookie on the answer to a login: the very next page is in the account's language,
with nothing to look up on any other request (a middleware would ask the database for the
account's language on every request, to act only on the one after a login).
"""

from typing import Any

from django.conf import settings
from django.contrib.auth import login, user_logged_in
from django.contrib.auth import views as auth
from django.contrib.auth.forms import AuthenticationForm, SetPasswordForm
from django.db import transaction
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from games.accounts.forms import LanguageForm, SignupForm
from games.addresses import client_address
from games.models import AccountLanguage, Game, Player
from games.web import browser_key, go

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
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        # A language this browser chose before signing up is the new account's.
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        if chosen in dict(settings.LANGUAGES):
            AccountLanguage.objects.choose(user, chosen)
        return redirect("game-list")
    return render(request, FORM, {"form": form, "title": _("Sign up"), "submit": _("Sign up")})


@require_POST
def choose_language(request: HttpRequest) -> HttpResponseBase:
    """The switcher: the pages in the language chosen, on this browser and, logged in, on
    every browser the account logs in on; then back to the page it was chosen on (a page
    of this site only, else the home page)."""
    form = LanguageForm(request.POST)
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        back = reverse("home")
    response = go(request, back)
    if form.is_valid():
        code = form.cleaned_data["language"]
        keep_language(response, code)
        if request.user.is_authenticated:
            AccountLanguage.objects.choose(request.user, code)
    return response


def keep_language(response: HttpResponseBase, code: str) -> None:
    """The browser's pages in `code` from its next request on (Django's language cookie,
    read by LocaleMiddleware)."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        code,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )


def in_account_language(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """The answer to a login, with the browser set to the account's language if it chose
    one (else the browser keeps its own)."""
    if request.user.is_authenticated:
        code = AccountLanguage.objects.of(request.user)
        if code:
            keep_language(response, code)
    return response


class LoginView(auth.LoginView):
    """Django's login, throttled (urls.py gives the form), in the account's language."""

    def form_valid(self, form: AuthenticationForm) -> HttpResponse:
        return in_account_language(self.request, super().form_valid(form))


class PasswordResetConfirmView(auth.PasswordResetConfirmView):
    """Django's new password from a mailed link, which logs the owner in: in the
    account's language too."""

    def form_valid(self, form: SetPasswordForm[Any]) -> HttpResponse:
        return in_account_language(self.request, super().form_valid(form))
