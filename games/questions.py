"""What a kind declares, as form fields: one field per question a round or hand asks
beside the cards (for the table's cards form and for import alike), and one per setting a
new game may choose. The fields are made for each request, so what they say beside the
kind's own words is said in its language.
"""

from collections.abc import Sequence

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.rules.kind import PAPER_SCORE
from games.rules.questions import (
    ChoiceQuestion,
    CountQuestion,
    FlagQuestion,
    Question,
    RanksQuestion,
    SeatQuestion,
)
from games.rules.settings import Amount, Choice, Decks, Flag, Number, Setting, Settings


def decks_said(count: int) -> str:
    """How many decks, in words: "1 deck", "2 decks"."""
    return ngettext("{count} deck", "{count} decks", count).format(count=count)


def question_field(
    question: Question, names: Sequence[str], out: frozenset[int] = frozenset()
) -> forms.Field:
    """The form field asking `question`; never required by the form itself (a hand that
    asks it says so: GameKind.unanswered). A player `out` of the game is no answer to
    "who": they sit the hand out."""
    match question:
        case SeatQuestion():
            return forms.TypedChoiceField(
                label=question.label,
                choices=[(str(seat), name) for seat, name in enumerate(names) if seat not in out],
                coerce=int,
                empty_value=None,
                required=False,
                widget=forms.RadioSelect,
            )
        case ChoiceQuestion():
            return forms.ChoiceField(
                label=question.label,
                choices=question.options,
                required=False,
                widget=forms.RadioSelect,
            )
        case FlagQuestion():
            return forms.BooleanField(label=question.label, required=False)
        case CountQuestion():
            return forms.IntegerField(
                label=question.label,
                min_value=0,
                max_value=question.most,
                required=False,
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
            )
        case RanksQuestion():
            return forms.CharField(
                label=question.label,
                # Translators: {example} is ranks as typed, like "A K Q".
                help_text=_("Ranks with spaces between them, like {example}.").format(
                    example=question.example
                ),
                max_length=20,
                required=False,
                widget=forms.TextInput(
                    attrs={"autocomplete": "off", "autocapitalize": "characters"}
                ),
            )
    raise TypeError(f"No form field asks a {type(question).__name__}.")  # English: developers


def setting_field(setting: Setting) -> forms.Field:
    """The new-game form's field for `setting`: empty, or unticked, is the default."""
    match setting:
        case Decks():
            return forms.TypedChoiceField(
                label=setting.label,
                choices=[("", _("As the rules say"))]
                + [(str(count), decks_said(count)) for count in range(1, setting.most + 1)],
                coerce=int,
                empty_value=None,
                required=False,
                help_text=setting.explanation,
            )
        case Choice():
            return forms.TypedChoiceField(
                label=setting.label,
                choices=setting.choices,
                initial=setting.default,
                empty_value=None,
                required=False,
                help_text=setting.explanation,
            )
        case Flag():
            return forms.BooleanField(
                label=setting.label,
                required=False,
                initial=setting.default,
                help_text=setting.explanation,
            )
        case Number():
            return forms.IntegerField(
                label=setting.label,
                min_value=setting.least,
                required=False,
                help_text=setting.explanation,
            )
    raise TypeError(f"No form field sets a {type(setting).__name__}.")  # English: developers


def preset_field(settings: Settings) -> forms.Field:
    """The new-game form's choice of the house rules' presets, the book first."""
    return forms.ChoiceField(
        label=_("House rules"),
        choices=[(preset.key, preset.name) for preset in settings.presets],
        initial=settings.presets[0].key,
        required=False,
        widget=forms.RadioSelect,
    )


def house_rule_field(rule: Choice) -> forms.Field:
    """The new-game form's field for one house rule, each value in the rules line's words;
    empty is what the preset says. A value comes back as the rules take it (a number
    where the rule's values are numbers). An amount (a bonus, a target) is any whole
    number from its least, typed, with its usual values said beside it."""
    if isinstance(rule, Amount):
        usual = ", ".join(str(value) for value, _ in rule.choices)
        return forms.IntegerField(
            label=rule.label,
            min_value=rule.least,
            max_value=PAPER_SCORE,
            required=False,
            # Translators: {explanation} is the house rule's own sentence; {values} its
            # usual values, like "50, 100, 150".
            help_text=_("{explanation} Often {values}; empty: as the preset says.").format(
                explanation=rule.explanation, values=usual
            ),
            widget=forms.NumberInput(attrs={"inputmode": "numeric", "step": "1"}),
        )
    offered = {str(value): value for value, _ in rule.choices}
    return forms.TypedChoiceField(
        label=rule.label,
        choices=[
            ("", _("As the preset says")),
            *((str(value), label) for value, label in rule.choices),
        ],
        coerce=lambda text: offered[str(text)],
        empty_value=None,
        required=False,
        help_text=rule.explanation,
    )
