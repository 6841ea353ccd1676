"""Accounts: sign up, log in (throttled), log out, change and reset a password.

Nobody at a table wants to sign up before the first round, so a game can be started
without an account: it then belongs to the browser that started it, through a random key
kept in that browser's session. Logging in or signing up moves the browser's games to
the account.

Django's own auth views do the work; every form page shares one template, and every
"done" page another.
"""

import hashlib
import secrets
from typing import Any

from django import forms
from django.contrib.auth import login, user_logged_in
from django.contrib.auth import views as auth
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm, UsernameField
from django.core.cache import caches
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import path
from django.views.decorators.http import require_http_methods

from games.models import Game

# Failed logins allowed per account name, and per address, in one window.
LOGIN_ATTEMPTS = 5
ADDRESS_ATTEMPTS = 30
LOGIN_WINDOW = 15 * 60  # seconds

FORM = "accounts/form.html"
DONE = "accounts/done.html"


def browser_key(request: HttpRequest, *, create: bool = False) -> str:
    """This browser's key in its session ("" when it has none and `create` is off)."""
    key = str(request.session.get("browser", ""))
    if not key and create:
        key = request.session["browser"] = secrets.token_hex(16)
    return key


@receiver(user_logged_in)
def claim_browser_games(sender: Any, request: HttpRequest | None, user: Any, **kwargs: Any) -> None:
    """The games this browser started before logging in become the account's."""
    if request is None:
        return
    key = browser_key(request)
    if key:
        Game.objects.filter(owner=None, browser=key).update(owner=user, browser="")


class ThrottledLoginForm(AuthenticationForm):
    """Django's login form, refusing an account name after LOGIN_ATTEMPTS failures, or an
    address after ADDRESS_ATTEMPTS, within LOGIN_WINDOW seconds (a guessing attack),
    before the password is even checked. A successful login clears the name's count.

    The name is counted as Django reads it (NFKC-normalised, case-folded), so a
    look-alike spelling of a name is the same name. The counts live in the `logins` cache,
    which nothing else fills. The address is the one the server sees: behind a proxy
    every visitor shares the proxy's, which is why it is allowed more failures than a name.
    """

    def clean(self) -> dict[str, Any]:
        name, address = self._throttle_keys()
        logins = caches["logins"]
        if logins.get(name, 0) >= LOGIN_ATTEMPTS or logins.get(address, 0) >= ADDRESS_ATTEMPTS:
            raise forms.ValidationError(
                f"Too many failed attempts. Try again in {LOGIN_WINDOW // 60} minutes, or "
                "reset your password.",
                code="throttled",
            )
        try:
            cleaned = super().clean()
        except forms.ValidationError:
            for key in (name, address):
                logins.add(key, 0, LOGIN_WINDOW)
                logins.incr(key)
            raise
        logins.delete(name)
        return cleaned

    def _throttle_keys(self) -> tuple[str, str]:
        """Cache keys for the name and the address (hashed: any text is a valid key)."""
        username = (
            str(UsernameField().to_python(self.data.get("username") or "")).strip().casefold()
        )
        address = self.request.META.get("REMOTE_ADDR", "") if self.request else ""
        return tuple(  # type: ignore[return-value]
            "login-failures:" + hashlib.sha256(part.encode()).hexdigest()
            for part in (f"name:{username}", f"address:{address}")
        )


class SignupForm(UserCreationForm):  # type: ignore[type-arg]
    """A user name, an email address (where a password reset is sent) and a password."""

    email = forms.EmailField(help_text="Only to reset a forgotten password.", max_length=254)

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponseBase:
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        login(request, form.save(), backend="django.contrib.auth.backends.ModelBackend")
        return redirect("game-list")
    return render(request, FORM, {"form": form, "title": "Sign up", "submit": "Sign up"})


def keepers(request: HttpRequest) -> dict[str, Any]:
    """Who a game the visitor makes belongs to: their account, or else this browser."""
    if request.user.is_authenticated:
        return {"owner": request.user, "browser": ""}
    return {"owner": None, "browser": browser_key(request, create=True)}


def _form(title: str, submit: str) -> dict[str, Any]:
    return {"template_name": FORM, "extra_context": {"title": title, "submit": submit}}


def _done(title: str, text: str) -> dict[str, Any]:
    return {"template_name": DONE, "extra_context": {"title": title, "text": text}}


urlpatterns = [
    path("signup/", signup, name="signup"),
    path(
        "login/",
        auth.LoginView.as_view(authentication_form=ThrottledLoginForm, **_form("Log in", "Log in")),
        name="login",
    ),
    path("logout/", auth.LogoutView.as_view(next_page="home"), name="logout"),
    path(
        "password/",
        auth.PasswordChangeView.as_view(**_form("Change your password", "Change it")),
        name="password_change",
    ),
    path(
        "password/done/",
        auth.PasswordChangeDoneView.as_view(
            **_done("Password changed", "Your new password is in use.")
        ),
        name="password_change_done",
    ),
    path(
        "password/reset/",
        auth.PasswordResetView.as_view(
            **_form("Reset your password", "Send the link"),
            email_template_name="accounts/reset_email.txt",
            subject_template_name="accounts/reset_subject.txt",
        ),
        name="password_reset",
    ),
    path(
        "password/reset/sent/",
        auth.PasswordResetDoneView.as_view(
            **_done(
                "Check your mail",
                "If an account has that address, a link to choose a new password is on its way.",
            )
        ),
        name="password_reset_done",
    ),
    path(
        "password/reset/<uidb64>/<token>/",
        auth.PasswordResetConfirmView.as_view(**_form("Choose a new password", "Save it")),
        name="password_reset_confirm",
    ),
    path(
        "password/reset/done/",
        auth.PasswordResetCompleteView.as_view(
            **_done("Password saved", "Your new password is in use: log in with it.")
        ),
        name="password_reset_complete",
    ),
]
