"""Adding a co-scorekeeper by user name."""

from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy


class ScorekeeperForm(forms.Form):
    """Someone with an account who may change the game too, by their user name."""

    username = forms.CharField(label=gettext_lazy("User name"), max_length=150)

    def __init__(self, *args: Any, owner: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.owner = owner

    def clean_username(self) -> str:
        username: str = self.cleaned_data["username"].strip()
        user = get_user_model().objects.filter(username__iexact=username).first()
        if user is None:
            raise forms.ValidationError(
                _("Nobody has the user name “{username}”.").format(username=username)
            )
        if user == self.owner:
            raise forms.ValidationError(_("That is the game's owner already."))
        self.cleaned_data["user"] = user
        return username
