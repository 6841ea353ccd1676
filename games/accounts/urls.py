"""The account pages: Django's own auth views do the work; every form page shares one
template, and every "done" page another. Their titles and words are said in the
language of each request (lazy: these are made once, when the URLs are loaded).
"""

from typing import Any

from django.contrib.auth import views as auth
from django.urls import path
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.accounts.forms import ThrottledLoginForm
from games.accounts.views import DONE, FORM, LoginView, PasswordResetConfirmView, signup


def _form(title: Promise, submit: Promise) -> dict[str, Any]:
    return {"template_name": FORM, "extra_context": {"title": title, "submit": submit}}


def _done(title: Promise, text: Promise) -> dict[str, Any]:
    return {"template_name": DONE, "extra_context": {"title": title, "text": text}}


urlpatterns = [
    path("signup/", signup, name="signup"),
    path(
        "login/",
        LoginView.as_view(
            authentication_form=ThrottledLoginForm, **_form(_("Log in"), _("Log in"))
        ),
        name="login",
    ),
    path("logout/", auth.LogoutView.as_view(next_page="home"), name="logout"),
    path(
        "password/",
        auth.PasswordChangeView.as_view(**_form(_("Change your password"), _("Change it"))),
        name="password_change",
    ),
    path(
        "password/done/",
        auth.PasswordChangeDoneView.as_view(
            **_done(_("Password changed"), _("Your new password is in use."))
        ),
        name="password_change_done",
    ),
    path(
        "password/reset/",
        auth.PasswordResetView.as_view(
            **_form(_("Reset your password"), _("Send the link")),
            email_template_name="accounts/reset_email.txt",
            subject_template_name="accounts/reset_subject.txt",
        ),
        name="password_reset",
    ),
    path(
        "password/reset/sent/",
        auth.PasswordResetDoneView.as_view(
            **_done(
                _("Check your mail"),
                _("If an account has that address, a link to choose a new password is on its way."),
            )
        ),
        name="password_reset_done",
    ),
    path(
        "password/reset/<uidb64>/<token>/",
        # The link in the mail proves the address: it logs the owner in, even where
        # failed logins have locked the name.
        PasswordResetConfirmView.as_view(
            **_form(_("Choose a new password"), _("Save it")), post_reset_login=True
        ),
        name="password_reset_confirm",
    ),
    path(
        "password/reset/done/",
        auth.PasswordResetCompleteView.as_view(
            **_done(_("Password saved"), _("Your new password is in use, and you are logged in."))
        ),
        name="password_reset_complete",
    ),
]
