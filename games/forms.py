"""One form per action at the table; each validates by asking the rules engine.

Rule errors become validation errors on the field of the player at fault, so the page can
show each one next to that player while keeping everything that was entered.
"""

import functools
import uuid
from typing import Any

from django import forms

from games.models import Game, Hand, Player, Round
from games.rules import indian_chief
from games.rules.cards import parse_card, parse_cards
from games.rules.errors import RuleError
from games.rules.indian_chief import Meld, MeldScore, Reveal, RoundScore

MAX_SEATS = indian_chief.MAX_PLAYERS


class NewGameForm(forms.Form):
    """Players in seat order (typed or picked from the roster), decks and a note."""

    decks = forms.TypedChoiceField(
        choices=[("", "As the rules say"), ("1", "1 deck"), ("2", "2 decks")],
        coerce=int,
        empty_value=None,
        required=False,
        help_text="1 deck for 2–3 players, 2 for 4–8. Two decks with 2–3 players is a variant.",
    )
    note = forms.CharField(
        max_length=200, required=False, help_text="Where or why you played, if you like."
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for seat in range(MAX_SEATS):
            self.fields[f"player_{seat}"] = forms.CharField(
                label=f"Seat {seat + 1}",
                max_length=Player._meta.get_field("name").max_length,
                required=False,
                widget=forms.TextInput(attrs={"list": "roster", "autocomplete": "off"}),
            )
        # Seats first, in order, then the game's settings.
        self.order_fields([f"player_{seat}" for seat in range(MAX_SEATS)])

    def seat_fields(self) -> list[forms.BoundField]:
        return [self[f"player_{seat}"] for seat in range(MAX_SEATS)]

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
                f"Indian Chief is for {indian_chief.MIN_PLAYERS} to {MAX_SEATS} players, "
                f"not {seated}."
            )
        names: list[str] = []
        for seat in range(MAX_SEATS):
            name = " ".join((cleaned.get(f"player_{seat}") or "").split())
            if not name:
                continue
            if name.casefold() in (earlier.casefold() for earlier in names):
                self.add_error(f"player_{seat}", f"{name} is already seated.")
            names.append(name)
        try:
            decks = indian_chief.round_decks(len(names), cleaned.get("decks"))
        except RuleError as error:
            raise forms.ValidationError(error.message, code=error.code) from error
        cleaned["names"] = names
        cleaned["decks"] = decks
        return cleaned


class RoundForm(forms.Form):
    """Every player's revealed cards for one round, as card text (`7H 7C`).

    The card picker fills these fields one tap at a time; they stay plain text inputs so
    the page works without JavaScript and a card can also be typed.
    """

    token = forms.UUIDField(widget=forms.HiddenInput)
    version = forms.IntegerField(widget=forms.HiddenInput)
    active = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=0)

    def __init__(self, game: Game, number: int, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
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
        self.round_score: RoundScore | None = None

    @classmethod
    def initial_for(cls, game: Game, cards: list[str] | None = None) -> dict[str, Any]:
        initial: dict[str, Any] = {"token": uuid.uuid4(), "version": game.version, "active": 0}
        for seat, text in enumerate(cards or []):
            initial[f"cards_{seat}"] = text
        return initial

    def clean_token(self) -> uuid.UUID:
        token: uuid.UUID = self.cleaned_data["token"]
        if Round.objects.filter(token=token).exclude(game=self.game).exists():
            raise forms.ValidationError("This form belongs to another game: reload the page.")
        return token

    def card_texts(self) -> list[str]:
        """What is entered for each seat right now, bound or not."""
        return [self[f"cards_{seat}"].value() or "" for seat in range(len(self.names))]

    def made_elsewhere(self, name: str) -> set[Meld]:
        """The melds this player made in the game's other rounds.

        Read from the stored card counts, not the scores, so that a round can still be
        entered or fixed when another stored round no longer passes the rules.
        """
        return self._made.get(name, set())

    @functools.cached_property
    def _made(self) -> dict[str, set[Meld]]:
        made: dict[str, set[Meld]] = {}
        hands = Hand.objects.filter(round__game=self.game).exclude(round__number=self.number)
        for hand in hands.select_related("seat__player"):
            meld = Meld.of_size(len(hand.card_list()))
            if meld is not None:
                made.setdefault(hand.seat.player.name, set()).add(meld)
        return made

    def preview(self) -> dict[str, MeldScore | RuleError | None]:
        reveals = [
            Reveal(name, tuple(text.split()))
            for name, text in zip(self.names, self.card_texts(), strict=True)
        ]
        return indian_chief.preview_round(reveals)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        texts = []
        for seat, name in enumerate(self.names):
            try:
                cards = parse_cards((cleaned.get(f"cards_{seat}") or "").split(), player=name)
            except RuleError as error:
                self.add_error(f"cards_{seat}", error.message)
                continue
            texts.append(" ".join(str(card) for card in cards))
            cleaned[f"cards_{seat}"] = texts[-1]
        if self.errors:
            return cleaned
        try:
            self.round_score = indian_chief.score_round(
                [
                    Reveal(name, tuple(text.split()))
                    for name, text in zip(self.names, texts, strict=True)
                ],
                self.game.decks,
            )
        except RuleError as error:
            self._add_rule_error(error)
            return cleaned
        for seat, player in enumerate(self.round_score.players):
            if player.meld in self.made_elsewhere(player.name):
                count = len(player.result.cards)
                self.add_error(
                    f"cards_{seat}",
                    f"{player.name} already made {player.meld.label}: {count} "
                    f"{'card' if count == 1 else 'cards'} would make it again.",
                )
        cleaned["cards"] = texts
        return cleaned

    def _add_rule_error(self, error: RuleError) -> None:
        if isinstance(error.player, str) and error.player in self.names:
            self.add_error(f"cards_{self.names.index(error.player)}", error.message)
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
            cleaned["result"] = indian_chief.score_single_meld(
                cleaned["cards"].split(), None, cleaned["decks"], cleaned["table"].split()
            )
        except RuleError as error:
            raise forms.ValidationError(error.message, code=error.code) from error
        return cleaned
