"""One form per action at the table; each validates by asking the rules engine.

Rule errors become validation errors on the field of the player at fault, so the page can
show each one next to that player while keeping everything that was entered.
"""

import copy
import functools
import uuid
from collections.abc import Sequence
from datetime import date
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.template.defaultfilters import pluralize
from django.utils import timezone

from games.models import Game, Player, Round
from games.rules import KINDS
from games.rules.cards import parse_card, parse_cards
from games.rules.errors import RuleError
from games.rules.indian_chief import score_single_meld
from games.rules.kinds import (
    ChoiceQuestion,
    CountQuestion,
    FlagQuestion,
    Played,
    Question,
    RanksQuestion,
    Row,
    SeatPreview,
    SeatQuestion,
    player_range,
)

MAX_SEATS = max(kind.max_players for kind in KINDS.values())
# The game a new game is when none is named: the first in the registry, the flagship.
FLAGSHIP = next(iter(KINDS))

# A paper sheet of a game without a fixed number of hands: rows offered, and at most.
PAPER_ROWS = 12
MAX_PAPER_ROWS = 60

# The ways a game can be set to end, of which a game takes at most one.
ENDS = ("target_score", "max_hands", "max_deals")

# The settings a game may ask for at the start (GameKind.settings), beside the decks.
SETTING_FIELDS: dict[str, forms.Field] = {
    "jokers": forms.BooleanField(
        required=False, initial=True, label="Printed jokers", help_text="Two per deck."
    ),
    "target_score": forms.IntegerField(
        min_value=1,
        required=False,
        label="Play to a score",
        help_text="The game ends after the hand in which someone reaches it.",
    ),
    "max_hands": forms.IntegerField(
        min_value=1,
        required=False,
        label="Or a number of hands",
        help_text="Leave both empty to stop when you like.",
    ),
    "max_deals": forms.IntegerField(
        min_value=1,
        required=False,
        label="Or a number of deals",
        help_text="Often 12 or 16. Leave both empty to stop when you like.",
    ),
}


class NewGameForm(forms.Form):
    """A game of one kind: players in seat order (typed or picked from the roster), the
    decks where the table may choose, the game's settings and a note."""

    note = forms.CharField(
        max_length=200, required=False, help_text="Where or why you played, if you like."
    )

    def __init__(self, *args: Any, kind: str = FLAGSHIP, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.kind = kind if kind in KINDS else FLAGSHIP
        self.rules = KINDS[self.kind]
        self.seats = self.rules.max_players
        for seat in range(self.seats):
            self.fields[f"player_{seat}"] = forms.CharField(
                label=f"Seat {seat + 1}",
                max_length=Player._meta.get_field("name").max_length,
                required=False,
                widget=forms.TextInput(attrs={"list": "roster", "autocomplete": "off"}),
            )
        if "decks" in self.rules.settings:
            self.fields["decks"] = forms.TypedChoiceField(
                choices=[("", "As the rules say")]
                + [(str(n), f"{n} deck{pluralize(n)}") for n in range(1, self.rules.max_decks + 1)],
                coerce=int,
                empty_value=None,
                required=False,
                help_text=self.rules.decks_rule,
            )
        for name in self.rules.settings:
            if name != "decks":
                self.fields[name] = copy.deepcopy(SETTING_FIELDS[name])
        # Seats first, in order, then the game's settings.
        self.order_fields([f"player_{seat}" for seat in range(self.seats)])

    @property
    def title(self) -> str:
        return self.rules.title

    @property
    def player_range(self) -> str:
        return player_range(self.rules.min_players, self.rules.max_players)

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[f"player_{seat}"] for seat in range(self.seats)]

    def setting_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name in SETTING_FIELDS or name == "decks"]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        # Only a hand-made post has more seats than the form; refuse it rather than
        # quietly leaving someone out.
        extra = [key for key in self.data if key.startswith("player_") and key not in self.fields]
        if any((self.data.get(key) or "").strip() for key in extra):
            seated = sum(
                1 for key in self.data if key.startswith("player_") and self.data[key].strip()
            )
            raise forms.ValidationError(
                f"{self.title} is for {self.player_range} players, not {seated}."
            )
        names: list[str] = []
        for seat in range(self.seats):
            name = " ".join((cleaned.get(f"player_{seat}") or "").split())
            if not name:
                continue
            if name.casefold() in (earlier.casefold() for earlier in names):
                self.add_error(f"player_{seat}", f"{name} is already seated.")
            names.append(name)
        cleaned["names"] = names
        chosen = {
            name: cleaned[name]
            for name in self.rules.settings
            if cleaned.get(name) not in (None, "")
        }
        ends = [name for name in ENDS if name in chosen]
        if len(ends) > 1:
            length = str(self.fields[ends[1]].label).removeprefix("Or a ")
            self.add_error(ends[1], f"Play to a score or to a {length}, not both.")
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
        label="Played on", widget=forms.DateInput(attrs={"type": "date"}), required=True
    )

    def __init__(self, *args: Any, rows: int = 0, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in [name for name in self.fields if name in SETTING_FIELDS or name == "decks"]:
            del self.fields[name]
        fixed = self.rules.rounds
        self.fixed = fixed is not None
        self.rows = fixed or min(max(rows, PAPER_ROWS), MAX_PAPER_ROWS)
        for row in range(self.rows):
            for seat in range(self.seats):
                self.fields[f"score_{row}_{seat}"] = forms.IntegerField(
                    required=False,
                    min_value=-100_000,
                    max_value=100_000,
                    widget=forms.NumberInput(attrs={"inputmode": "numeric", "step": "1"}),
                )

    def grid(self) -> list[tuple[str, list[forms.BoundField]]]:
        """Each row's label and its score fields, one a seat."""
        return [
            (
                self.rules.row_label(row + 1),
                [self[f"score_{row}_{seat}"] for seat in range(self.seats)],
            )
            for row in range(self.rows)
        ]

    def clean_played(self) -> date:
        played: date = self.cleaned_data["played"]
        if played > timezone.localdate():
            raise forms.ValidationError("That day has not come yet.")
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
                    self.add_error(f"score_{row}_{seat}", "Nobody sits here.")
            row_scores = [cells[seat] for seat in seated]
            if all(score is None for score in row_scores) and not self.fixed:
                continue
            for seat, score in zip(seated, row_scores, strict=True):
                if score is None:
                    self.add_error(f"score_{row}_{seat}", "Needed: fill in the row.")
            scores.append([score or 0 for score in row_scores])
        if not scores:
            raise forms.ValidationError("Fill in the scores of at least one hand.")
        cleaned["scores"] = scores
        return cleaned


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


class RoundForm(forms.Form):
    """Every player's cards for one round or hand, as card text (`7H 7C`), and what the
    game asks about it beside the cards (who knocked, went out or called…).

    The card picker fills the card fields one tap at a time; they stay plain text inputs
    so the page works without JavaScript and a card can also be typed. A save carries a
    one-time token and the game's version; `cleaned_data` holds each seat's canonical
    `cards` and the hand's `details` (its answers by field name), checked by the game's
    kind against the game's other stored rounds.
    """

    token = forms.UUIDField(widget=forms.HiddenInput)
    version = forms.IntegerField(widget=forms.HiddenInput)
    active = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=0)

    # Set by a valid round: its scores, and whether Thieves steal after it.
    row: Row | None = None

    def __init__(self, game: Game, number: int, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
        self.rules = game.rules
        self.number = number
        self.names = game.player_names()
        for seat, name in enumerate(self.names):
            self.fields[f"cards_{seat}"] = forms.CharField(
                label=name,
                required=False,
                max_length=100,
                widget=forms.TextInput(
                    attrs={"autocomplete": "off", "autocapitalize": "characters"}
                ),
            )
        for name, question, _ in self.rules.fields(len(self.names)):
            self.fields[name] = question_field(question, self.names)

    @classmethod
    def initial_for(
        cls, game: Game, cards: list[str] | None = None, details: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        initial: dict[str, Any] = {"token": uuid.uuid4(), "version": game.version, "active": 0}
        for seat, text in enumerate(cards or []):
            initial[f"cards_{seat}"] = text
        return initial | game.rules.initial(details or {}, len(game.player_names()))

    def clean_token(self) -> uuid.UUID:
        token: uuid.UUID = self.cleaned_data["token"]
        if Round.objects.filter(token=token).exclude(game=self.game).exists():
            raise forms.ValidationError("This form belongs to another game: reload the page.")
        return token

    def card_texts(self) -> list[str]:
        """What is entered for each seat right now, bound or not."""
        return [self[f"cards_{seat}"].value() or "" for seat in range(len(self.names))]

    def current_answers(self) -> dict[str, Any]:
        """The answers as the form holds them now, bound or not (unreadable ones blank)."""
        given = {}
        for name, question, _ in self.rules.fields(len(self.names)):
            try:
                given[name] = question.stored(self.fields[name].clean(self[name].value()))
            except forms.ValidationError:
                given[name] = question.stored(None)
        return given

    def question_fields(self) -> list[forms.BoundField]:
        """The hand's questions, as far as the answers so far ask them."""
        answers = self.current_answers()
        return [
            self[name]
            for name, question, seat in self.rules.fields(len(self.names))
            if seat is None and self.rules.asked(question, answers)
        ]

    def seat_question_fields(self, seat: int) -> list[forms.BoundField]:
        """What is asked of one player, as far as the answers so far ask it."""
        answers = self.current_answers()
        return [
            self[name]
            for name, question, asked_of in self.rules.fields(len(self.names))
            if asked_of == seat and self.rules.asked(question, answers, seat)
        ]

    @functools.cached_property
    def others(self) -> dict[int, Played]:
        """The game's other stored rounds, by number, as the rules read them."""
        rounds = self.game.rounds.with_contents().exclude(number=self.number)
        return {played.number: played.played() for played in rounds}

    def previews(self) -> list[SeatPreview]:
        """Each seat's cards as they stand: what they score or how they lie, or what is
        wrong with them."""
        entry = Played(tuple(self.card_texts()), self.current_answers())
        return self.rules.preview(self.names, self.number, entry, self.others, self.game.settings)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        texts = self._parsed_cards(cleaned)
        answers = self.rules.answers(cleaned, len(self.names))
        for name in self.rules.unanswered(answers, len(self.names)):
            self.add_error(name, "Needed for this hand.")
        if self.errors:
            return cleaned
        game = self.game
        entry = Played(tuple(texts), answers)
        self.row, problems = self.rules.check(
            self.names, self.number, entry, self.others, game.settings, game.decks
        )
        for problem in problems:
            self._add_rule_error(problem)
        if problems:
            return cleaned
        cleaned["cards"] = texts
        cleaned["details"] = answers
        return cleaned

    def _parsed_cards(self, cleaned: dict[str, Any]) -> list[str]:
        """Each seat's cards in canonical text; a card that is none is that seat's error."""
        texts = []
        for seat, name in enumerate(self.names):
            try:
                cards = parse_cards(
                    (cleaned.get(f"cards_{seat}") or "").split(),
                    jokers=self.game.jokers > 0,
                    player=name,
                )
            except RuleError as error:
                self.add_error(f"cards_{seat}", error.message)
                continue
            texts.append(" ".join(str(card) for card in cards))
            cleaned[f"cards_{seat}"] = texts[-1]
        return texts

    def _add_rule_error(self, error: RuleError) -> None:
        """Show a rules error next to the player at fault (named, or a seat index)."""
        seat = error.player
        if isinstance(seat, str) and seat in self.names:
            seat = self.names.index(seat)
        if isinstance(seat, int) and 0 <= seat < len(self.names):
            self.add_error(f"cards_{seat}", error.message)
        else:
            self.add_error(None, error.message)


class StealForm(forms.Form):
    """The next Thief's choice: a card from another player's meld, or the deck."""

    version = forms.IntegerField(widget=forms.HiddenInput)
    take = forms.CharField(required=False)  # "<victim seat>:<card>"
    deck = forms.BooleanField(required=False)
    no_agreement = forms.BooleanField(required=False)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        take = cleaned.get("take") or ""
        if take:
            seat, _, card = take.partition(":")
            if not seat.isdecimal() or int(seat) >= MAX_SEATS or not card:
                raise forms.ValidationError("Pick a card from another player's meld.")
            try:
                cleaned["card"] = str(parse_card(card))
            except RuleError as error:
                raise forms.ValidationError(error.message, code=error.code) from error
            cleaned["victim_seat"] = int(seat)
        elif not cleaned.get("deck") and not cleaned.get("no_agreement"):
            raise forms.ValidationError("Pick a card to steal, or take from the deck.")
        return cleaned


class GameFilterForm(forms.Form):
    """The list of games, narrowed to one player's or one kind's."""

    player = forms.ModelChoiceField(
        queryset=Player.objects.none(), required=False, empty_label="Every player"
    )
    kind = forms.ChoiceField(
        choices=[("", "Every game"), *Game.KIND_CHOICES], required=False, label="Game"
    )

    def __init__(self, *args: Any, players: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["player"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = players.distinct().order_by("key")


class ScorekeeperForm(forms.Form):
    """Someone with an account who may change the game too, by their user name."""

    username = forms.CharField(label="User name", max_length=150)

    def __init__(self, *args: Any, owner: Any = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.owner = owner

    def clean_username(self) -> str:
        username: str = self.cleaned_data["username"].strip()
        user = get_user_model().objects.filter(username__iexact=username).first()
        if user is None:
            raise forms.ValidationError(f"Nobody has the user name “{username}”.")
        if user == self.owner:
            raise forms.ValidationError("That is the game's owner already.")
        self.cleaned_data["user"] = user
        return username


class VersionForm(forms.Form):
    """A change to the whole game (undo, reopen): only the version the device saw."""

    version = forms.IntegerField(widget=forms.HiddenInput)


class MeldCalculatorForm(forms.Form):
    """Score one meld without a game: the cards, and the other players' cards if a Beggar."""

    cards = forms.CharField(
        max_length=100, help_text="Card text separated by spaces, like 7H 7C or 10♠ J♠."
    )
    table = forms.CharField(
        max_length=300,
        required=False,
        label="Other players' cards",
        help_text="Only a Beggar Man needs them.",
    )
    decks = forms.TypedChoiceField(choices=[(1, "1 deck"), (2, "2 decks")], coerce=int)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if self.errors:
            return cleaned
        try:
            cleaned["result"] = score_single_meld(
                cleaned["cards"].split(), None, cleaned["decks"], cleaned["table"].split()
            )
        except RuleError as error:
            raise forms.ValidationError(error.message, code=error.code) from error
        return cleaned
