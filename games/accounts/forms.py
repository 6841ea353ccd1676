"""The account forms: a throttled log in, sign up, and the language of the pages."""

import contextlib
import hashlib
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm, UsernameField
from django.core.cache import caches
from django.core.cache.backends.base import BaseCache
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.addresses import client_address
from games.limits import HOUR, spend

# Failed logins allowed per account name from one address, and per address whatever
# the names, in one window.
LOGIN_ATTEMPTS = 5
ADDRESS_ATTEMPTS = 30
LOGIN_WINDOW = 15 * 60  # seconds


class LoginThrottle(forms.Form):
    """Refuses an account name from an address after LOGIN_ATTEMPTS failures there, or an
    address after ADDRESS_ATTEMPTS failures whatever the names, within LOGIN_WINDOW
    seconds (a guessing attack), before the password is even checked. A successful login
    clears its count.

    The name is counted with the address it is tried from, so a stranger guessing from
    elsewhere never locks the owner out; an owner locked out at their own address gets
    back in through a password-reset mail, which logs them in. The name is counted as
    Django reads it (NFKC-normalised, case-folded), so a look-alike spelling is the same
    name. The address is the caller's (see `client_address`); the counts live in the
    `limits` cache, shared by every server process. Mixed into the site's login form and
    the admin's.

    An attempt under the limits is counted before its password is checked (the slow
    part), and taken off again when no password was checked or it was right: attempts
    sent all at once are counted one by one, so those past the limit never reach a
    password. An attempt refused writes nothing. (Redis and the in-memory cache count
    atomically; the database cache reads and writes a count, so there two attempts may
    still meet within that moment.)
    """

    request: HttpRequest | None
    user_cache: Any  # the account whose password was right (AuthenticationForm's)

    def clean(self) -> dict[str, Any]:
        name, address = self._throttle_keys()
        logins = caches["limits"]
        if logins.get(name, 0) >= LOGIN_ATTEMPTS or logins.get(address, 0) >= ADDRESS_ATTEMPTS:
            raise _throttled()
        if _count(logins, name) > LOGIN_ATTEMPTS or _count(logins, address) > ADDRESS_ATTEMPTS:
            _uncount(logins, name, address)  # others sent at once took the last tries
            raise _throttled()
        cleaned = super().clean() or {}
        if self.user_cache is None:
            _uncount(logins, name, address)  # no password given, none checked
        else:
            logins.delete(name)
            _uncount(logins, address)  # no failure
        return cleaned

    def _throttle_keys(self) -> tuple[str, str]:
        """Cache keys for the name at this address, and for the address (hashed: any
        text is a valid key)."""
        username = (
            str(UsernameField().to_python(self.data.get("username") or "")).strip().casefold()
        )
        address = client_address(self.request) if self.request else ""
        return tuple(  # type: ignore[return-value]
            "login-failures:" + hashlib.sha256(part.encode()).hexdigest()
            for part in (f"name:{username} address:{address}", f"address:{address}")
        )


def _throttled() -> forms.ValidationError:
    minutes = LOGIN_WINDOW // 60
    return forms.ValidationError(
        # Translators: {minutes} is how long logging in is refused after failed attempts.
        ngettext(
            "Too many failed attempts. Try again in {minutes} minute, or reset your password.",
            "Too many failed attempts. Try again in {minutes} minutes, or reset your password.",
            minutes,
        ).format(minutes=minutes),
        code="throttled",
    )


def _count(logins: BaseCache, key: str) -> int:
    """One more try under `key`, in a window of LOGIN_WINDOW from the first."""
    logins.add(key, 0, LOGIN_WINDOW)
    try:
        return logins.incr(key)
    except ValueError:  # the window ended between the two
        logins.set(key, 1, LOGIN_WINDOW)
        return 1


def _uncount(logins: BaseCache, *keys: str) -> None:
    for key in keys:
        with contextlib.suppress(ValueError):  # its window may have ended meanwhile
            logins.decr(key)


class ThrottledLoginForm(LoginThrottle, AuthenticationForm):
    """The site's login form."""


class ThrottledAdminLoginForm(LoginThrottle, AdminAuthenticationForm):
    """The admin's login form: the same limits, so the admin is no way round them."""


# Sign-ups one address may send an hour, made or refused: a table signs up a few people,
# while "that name is taken" would otherwise tell a script which accounts exist as fast as
# it can ask, and it could make accounts as fast.
SIGNUPS_AN_HOUR = 10


class SignupForm(UserCreationForm):  # type: ignore[type-arg]
    """A user name, an email address (where a password reset is sent) and a password;
    from `address`, at most SIGNUPS_AN_HOUR sign-ups an hour."""

    email = forms.EmailField(
        label=gettext_lazy("Email"),
        help_text=gettext_lazy("Only to reset a forgotten password."),
        max_length=254,
    )

    def __init__(self, *args: Any, address: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.address = address

    def clean_username(self) -> str:
        # Counted before the name is looked up; once refused, nothing is said of it.
        if not spend("signup", self.address, SIGNUPS_AN_HOUR, HOUR):
            raise forms.ValidationError(
                _("Too many sign-ups from here: try again in an hour."), code="throttled"
            )
        username: str = super().clean_username()
        return username

    class Meta(UserCreationForm.Meta):
        fields = ("username", "email")


class LanguageForm(forms.Form):
    """The switcher on every page: one of the site's languages. (The page to go back to is
    the view's to check: only a page of this site.)"""

    language = forms.ChoiceField(choices=settings.LANGUAGES)
