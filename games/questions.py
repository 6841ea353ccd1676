"""What a round or hand asks beside the cards, as a form field: one field per question of
the game's kind, for the table's cards form and for import alike.
"""

from collections.abc import Sequence

from django import forms

from games.rules.kinds import (
    ChoiceQuestion,
    CountQuestion,
    FlagQuestion,
    Question,
    RanksQuestion,
    SeatQuestion,
)


def question_field(question: Question, names: Sequence[str]) -> forms.Field:
    """The form field asking `question`; never required by the form itself (a hand that
    asks it says so: GameKind.unanswered)."""
    match question:
        case SeatQuestion():
            return forms.TypedChoiceField(
                label=question.label,
                choices=[(str(seat), name) for seat, name in enumerate(names)],
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
                max_length=20,
                required=False,
                widget=forms.TextInput(
                    attrs={"autocomplete": "off", "autocapitalize": "characters"}
                ),
            )
    raise TypeError(f"No form field asks a {type(question).__name__}.")
