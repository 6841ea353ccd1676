"""The language an account chose: its pages are in it on every browser it logs in on."""

from typing import Any

from django.conf import settings as project
from django.db import models


class AccountLanguageQuerySet(models.QuerySet["AccountLanguage"]):
    def of(self, user: Any) -> str | None:
        """The language `user` chose last, if it ever chose one (and it is still offered)."""
        code = self.filter(user=user).values_list("code", flat=True).first()
        return code if code in dict(project.LANGUAGES) else None

    def choose(self, user: Any, code: str) -> None:
        """`user` chose `code` on a page: it is the account's language from now on."""
        self.update_or_create(user=user, defaults={"code": code})


class AccountLanguage(models.Model):
    """One row an account, made when it first chooses a language on the switcher. (A
    browser keeps its own choice in Django's language cookie; this is what logging in on
    another browser brings along.)"""

    user = models.OneToOneField(
        project.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="language",
    )
    # A code of settings.LANGUAGES; not declared as choices, so that offering another
    # language needs no migration.
    code = models.CharField(max_length=10)

    objects = AccountLanguageQuerySet.as_manager()

    def __str__(self) -> str:
        return f"{self.user}: {self.code}"
