"""The forms of a game's life at the table: a new game (or a paper one), the version a
change was made on, and the meld calculator. Each validates by asking the rules.
"""

from datetime import date
from typing import Any, cast

from django import forms
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.models import Change, Player
from games.questions import decks_said, house_rule_field, preset_field, setting_field
from games.rules import FLAGSHIP, KINDS
from games.rules.cards import written
from games.rules.errors import InvalidInput, RuleError
from games.rules.kind import PAPER_SCORE, GameKind, Table
from games.rules.reading import Json
from games.rules.settings import PRESET

MAX_SEATS = max(kind.seats for kind in KINDS.values())


def seat_said(seat: int) -> str:
    """A seat's name where no player's is: "Seat 1" for the first (seat 0)."""
    return _("Seat {number}").format(number=seat + 1)


# A paper sheet of a game without a fixed number of hands: rows offered, and at most.
PAPER_ROWS = 12


MAX_PAPER_ROWS = 60


class HouseRulesForm(forms.Form):
    """The house rules of a game of one kind (`rules`): its presets, the book first, and
    each house rule, empty for what the preset says; and the rules line they make."""

    rules: GameKind

    def add_house_rules(self) -> None:
        if self.rules.settings.house_rules:
            self.fields[PRESET] = preset_field(self.rules.settings)
            for rule in self.rules.settings.house_rules:
                self.fields[rule.key] = house_rule_field(rule)

    def house_rule_fields(self) -> list[forms.BoundField]:
        return [self[key] for key in self.rules.settings.house_keys]

    def house_rules(self) -> Json:
        """The preset and the house rules the form holds now, bound or not, as the rules
        take them; a value the form would refuse is left out (its field says why)."""
        if PRESET not in self.fields:
            return {}
        chosen: Json = {PRESET: self[PRESET].value() or None}
        for field in self.house_rule_fields():
            try:
                chosen[field.name] = field.field.clean(field.value())
            except forms.ValidationError:
                continue
        return chosen

    def rules_line(self) -> str:
        """The rules the game will be played by, shown before the form is sent (H90)."""
        try:
            return self.rules.settings.line(self.house_rules())
        except InvalidInput:
            return self.rules.settings.line({})


class RulesForm(HouseRulesForm):
    """A game's house rules changed by its owner (H92), on the version the page showed."""

    version = forms.IntegerField(widget=forms.HiddenInput)

    def __init__(
        self, *args: Any, rules: GameKind, undoable: Change | None = None, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.rules = rules
        # The last change of the rules, while the game is played by what it chose.
        self.undoable = undoable
        self.add_house_rules()

    @classmethod
    def initial_for(cls, rules: GameKind, table: Table, version: int) -> dict[str, Any]:
        """The form as a game stands: its preset, and each house rule it changed from it
        (the others say "as the preset says", so that another preset brings its own)."""
        preset, changed = rules.settings.changed(rules.rule_set(table))
        return {"version": version, PRESET: preset.key} | changed


class NewGameForm(HouseRulesForm):
    """A game of one kind: players in seat order (typed or picked from the roster), the
    decks where the table may choose, the game's settings, its house rules and a note."""

    note = forms.CharField(
        label=gettext_lazy("Note"),
        max_length=200,
        required=False,
        help_text=gettext_lazy("Where or why you played, if you like."),
    )

    def __init__(self, *args: Any, kind: str = FLAGSHIP, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.kind = kind if kind in KINDS else FLAGSHIP
        self.rules = KINDS[self.kind]
        self.seats = self.rules.seats
        for seat in range(self.seats):
            self.fields[f"player_{seat}"] = forms.CharField(
                label=seat_said(seat),
                max_length=Player._meta.get_field("name").max_length,
                required=False,
                widget=forms.TextInput(
                    attrs={"list": "roster", "autocomplete": "off", "enterkeyhint": "next"}
                ),
            )
        for setting in self.rules.settings:
            self.fields[setting.key] = setting_field(setting)
        self.add_house_rules()
        # Seats first, in order, then the game's settings.
        self.order_fields([f"player_{seat}" for seat in range(self.seats)])

    @property
    def title(self) -> str:
        return self.rules.title

    @property
    def player_range(self) -> str:
        return self.rules.players_said

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[f"player_{seat}"] for seat in range(self.seats)]

    def focus_next_seat(self) -> None:
        """Put the cursor in the first empty seat, where the next name goes (none when
        every seat is taken: Start is then the next step)."""
        for field in self.seat_fields():
            if not str(field.value() or "").strip():
                field.field.widget.attrs["autofocus"] = True
                return

    def setting_fields(self) -> list[forms.BoundField]:
        return [self[key] for key in self.rules.settings.keys]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        # Only a hand-made post has more seats than the form; refuse it rather than
        # quietly leaving someone out.
        extra = [key for key in self.data if key.startswith("player_") and key not in self.fields]
        if any((self.data.get(key) or "").strip() for key in extra):
            seated = sum(
                1 for key in self.data if key.startswith("player_") and self.data[key].strip()
            )
            # Translators: {title} is a game's name; {players} says how many play, like "2
            # to 6 players"; {count} is how many names were sent.
            too_many = _("{title} is for {players}, not {count}.")
            raise forms.ValidationError(
                too_many.format(title=self.title, players=self.player_range, count=seated)
            )
        names: list[str] = []
        for seat in range(self.seats):
            name = " ".join((cleaned.get(f"player_{seat}") or "").split())
            if not name:
                continue
            if name.casefold() in (earlier.casefold() for earlier in names):
                self.add_error(f"player_{seat}", _("{name} is already seated.").format(name=name))
            names.append(name)
        cleaned["names"] = names
        chosen = {
            key: cleaned[key]
            for key in self.rules.settings.keys
            if cleaned.get(key) not in (None, "")
        }
        # The whole rule set is stored with the game (H91): the preset, the book's by
        # default, and the house rules changed from it.
        chosen |= {key: value for key, value in self.house_rules().items() if value is not None}
        if PRESET in self.fields:
            chosen.setdefault(PRESET, self.rules.settings.presets[0].key)
        ends = self.rules.settings.ends_in(chosen)
        if len(ends) > 1:
            # Translators: {one} and {other} are two ways a game ends, like "to a score" and
            # "a number of hands".
            both = _("Play {one} or {other}, not both.")
            self.add_error(ends[1].key, both.format(one=ends[0].ends, other=ends[1].ends))
            return cleaned
        try:
            cleaned["decks"], cleaned["settings"] = self.rules.start(len(names), chosen)
        except RuleError as error:
            raise forms.ValidationError(error.message, code=error.code) from error
        return cleaned


class PaperGameForm(NewGameForm):
    """A finished game entered afterwards from its paper sheet: the players, the day it
    was played and each row's scores as written (Indian Chief's seven melds, or hands).

    A row is filled for every player or left blank; blank rows are skipped. A game of a
    fixed length (Indian Chief's seven melds, Three Thirteen's eleven hands) needs all its
    rows. The scores are taken as written: without the cards, nothing can check them.
    """

    played = forms.DateField(
        label=gettext_lazy("Played on"),
        widget=forms.DateInput(attrs={"type": "date"}),
        required=True,
    )

    def __init__(self, *args: Any, rows: int = 0, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for key in self.rules.settings.keys:
            del self.fields[key]
        fixed = self.rules.rounds
        self.fixed = fixed is not None
        self.rows = fixed or min(max(rows, PAPER_ROWS), MAX_PAPER_ROWS)
        for row in range(self.rows):
            for seat in range(self.seats):
                self.fields[f"score_{row}_{seat}"] = forms.IntegerField(
                    required=False,
                    min_value=-PAPER_SCORE,
                    max_value=PAPER_SCORE,
                    widget=forms.NumberInput(attrs={"inputmode": "numeric", "step": "1"}),
                )

    def columns(self) -> list[tuple[int, str]]:
        """The score grid's columns, as seat and heading: one for each player named, and
        one for any seat with scores typed under it whose name was since cleared, so that
        nothing typed is hidden (its scores are then refused next to them)."""
        shown = []
        for seat in range(self.seats):
            name = str(self[f"player_{seat}"].value() or "").strip()
            typed = any(
                self[f"score_{row}_{seat}"].value() not in (None, "") for row in range(self.rows)
            )
            if name or typed:
                shown.append((seat, name or seat_said(seat)))
        return shown

    def grid(self) -> list[tuple[str, list[tuple[str, forms.BoundField]]]]:
        """Each row's label and its score fields, with their player, one a column."""
        columns = self.columns()
        return [
            (
                self.rules.row_label(row + 1),
                [(name, self[f"score_{row}_{seat}"]) for seat, name in columns],
            )
            for row in range(self.rows)
        ]

    def clean_played(self) -> date:
        played: date = self.cleaned_data["played"]
        if played > timezone.localdate():
            raise forms.ValidationError(_("That day has not come yet."))
        return played

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        # Each player's own column: a seat left blank has none, wherever it is.
        seated = [
            seat for seat in range(self.seats) if (cleaned.get(f"player_{seat}") or "").strip()
        ]
        scores: list[list[int]] = []
        for row in range(self.rows):
            cells = [cleaned.get(f"score_{row}_{seat}") for seat in range(self.seats)]
            for seat in set(range(self.seats)) - set(seated):
                if cells[seat] is not None:
                    self.add_error(f"score_{row}_{seat}", _("Nobody sits here."))
            row_scores = [cells[seat] for seat in seated]
            if all(score is None for score in row_scores) and not self.fixed:
                continue
            for seat, score in zip(seated, row_scores, strict=True):
                if score is None:
                    self.add_error(f"score_{row}_{seat}", _("Needed: fill in the row."))
            scores.append([score or 0 for score in row_scores])
        if not scores:
            raise forms.ValidationError(self.rules.words.fill_one)
        cleaned["scores"] = scores
        return cleaned


class VersionForm(forms.Form):
    """A change to the whole game (undo, reopen): only the version the device saw."""

    version = forms.IntegerField(widget=forms.HiddenInput)


class MeldCalculatorForm(forms.Form):
    """Score one meld without a game: the cards, and the other players' cards if a Beggar."""

    cards = forms.CharField(
        label=gettext_lazy("Cards"),
        max_length=100,
        help_text=gettext_lazy("Card text separated by spaces, like 7H 7C or 10♠ J♠."),
    )
    table = forms.CharField(
        max_length=300,
        required=False,
        label=gettext_lazy("Other players' cards"),
        # Translators: Beggar Man is an Indian Chief meld, named as the game's rules name it.
        help_text=gettext_lazy("Only a Beggar Man needs them."),
    )
    decks = forms.TypedChoiceField(label=gettext_lazy("Decks"), choices=[], coerce=int)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Said in the language of the request (a module's constant could not be).
        decks = cast(forms.TypedChoiceField, self.fields["decks"])
        decks.choices = [(count, decks_said(count)) for count in (1, 2)]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.errors:
            return cleaned
        try:
            cards, table = (written(cleaned[name]).split() for name in ("cards", "table"))
            cleaned["result"] = KINDS[FLAGSHIP].calculate(cards, table, cleaned["decks"])
        except RuleError as error:
            raise forms.ValidationError(error.message, code=error.code) from error
        return cleaned
