"""The account pages: Django's own auth views do the work; every form page shares one
template, and every "done" page another.
"""

from typing import Any

from django.contrib.auth import views as auth
from django.urls import path

from games.accounts.forms import ThrottledLoginForm
from games.accounts.views import DONE, FORM, signup


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
        # The link in the mail proves the address: it logs the owner in, even where
        # failed logins have locked the name.
        auth.PasswordResetConfirmView.as_view(
            **_form("Choose a new password", "Save it"), post_reset_login=True
        ),
        name="password_reset_confirm",
    ),
    path(
        "password/reset/done/",
        auth.PasswordResetCompleteView.as_view(
            **_done("Password saved", "Your new password is in use, and you are logged in.")
        ),
        name="password_reset_complete",
    ),
]
