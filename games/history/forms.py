"""Filtering the games list by player and kind."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.models import Player, kind_choices


class GameFilterForm(forms.Form):
    """The list of games, narrowed to one player's or one kind's."""

    player = forms.ModelChoiceField(
        queryset=Player.objects.none(),
        required=False,
        empty_label=_("Every player"),
        label=_("Player"),
    )
    kind = forms.ChoiceField(
        choices=lambda: [("", _("Every game")), *kind_choices()], required=False, label=_("Game")
    )

    def __init__(self, *args: Any, players: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["player"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = players.distinct().order_by("key")
