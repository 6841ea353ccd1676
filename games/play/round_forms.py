"""The cards form of every game, and a Thief's steal.

Rule errors become validation errors on the field of the player at fault, so the page can
show each one next to that player while keeping everything that was entered.
"""

import functools
import uuid
from typing import Any

from django import forms
from django.utils.translation import gettext

from games.models import Game, Round, scores
from games.play.forms import MAX_SEATS
from games.questions import question_field
from games.rules.cards import parse_card, read_cards, written
from games.rules.errors import RuleError
from games.rules.kind import Checked, Played, Row, SeatPreview, Standings


class RoundForm(forms.Form):
    """Every player's cards for one round or hand, as card text (`7H 7C`), and what the
    game asks about it beside the cards (who knocked, went out or called…).

    The card picker fills the card fields one tap at a time; they stay plain text inputs
    so the page works without JavaScript and a card can also be typed. A save carries a
    one-time token and the game's version; `cleaned_data` holds each seat's canonical
    `cards` and the hand's `details` (its answers by field name), checked by the game's
    kind against the game's other stored rounds.

    A game whose hand has cards that are no player's (Cribbage's crib and starter: the
    kind's `piles`) takes them in card fields after the players', `cards_<n>` on from
    the number of players: the picker fills them like a player's. They are stored in the
    hand's details under each pile's key, which is where the rules read them.
    """

    token = forms.UUIDField(widget=forms.HiddenInput)
    version = forms.IntegerField(widget=forms.HiddenInput)
    active = forms.IntegerField(widget=forms.HiddenInput, required=False, min_value=0)
    # How many cards each player had when the entry moved on from them (games/play/taps.py).
    left = forms.CharField(widget=forms.HiddenInput, required=False)

    # Set by a valid round: the game scored up to it (the whole game, for the next
    # round, which saving it uses rather than scoring it again).
    standings: Standings | None = None

    def __init__(self, game: Game, number: int, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
        self.rules = game.rules
        self.number = number
        self.table = scores.table(game)
        self.questions = game.rules.asks(self.table)
        self.names = list(self.table.players)
        self.piles = self.rules.piles
        # Who gets cards: the players, then the piles (named in the language of the moment).
        self.holders = [*self.names, *(str(pile.label) for pile in self.piles)]
        for seat, name in enumerate(self.holders):
            self.fields[f"cards_{seat}"] = forms.CharField(
                label=name,
                required=False,
                max_length=100,
                widget=forms.TextInput(
                    attrs={"autocomplete": "off", "autocapitalize": "characters"}
                ),
            )
        for name, question, _ in self.questions.fields(len(self.names)):
            self.fields[name] = question_field(question, self.names, out=frozenset(self.out))

    @classmethod
    def initial_for(
        cls, game: Game, cards: list[str] | None = None, details: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        initial: dict[str, Any] = {"token": uuid.uuid4(), "version": game.version, "active": 0}
        table = scores.table(game)
        piles = [(details or {}).get(pile.key) or "" for pile in game.rules.piles]
        for seat, text in enumerate([*(cards or [""] * table.seats), *piles]):
            initial[f"cards_{seat}"] = text
        return initial | game.rules.asks(table).initial(details or {}, len(table.players))

    def clean_token(self) -> uuid.UUID:
        token: uuid.UUID = self.cleaned_data["token"]
        if Round.objects.filter(token=token).exclude(game=self.game).exists():
            raise forms.ValidationError(
                gettext("This form belongs to another game: reload the page.")
            )
        return token

    def card_texts(self) -> list[str]:
        """What is entered for each seat, then each pile, right now, bound or not."""
        return [written(self[f"cards_{seat}"].value() or "") for seat in range(len(self.holders))]

    def most(self, seat: int) -> int:
        """The most cards a seat shows, or a pile holds."""
        return self.rules.most_held(len(self.names))[seat]

    def played(self, texts: list[str], answers: dict[str, Any]) -> Played:
        """The hand as the rules read it: the players' cards, and the piles' in the
        details."""
        players = len(self.names)
        piles = {pile.key: text for pile, text in zip(self.piles, texts[players:], strict=True)}
        return Played(tuple(texts[:players]), answers | piles)

    def current_answers(self) -> dict[str, Any]:
        """The answers as the form holds them now, bound or not (unreadable ones blank)."""
        given = {}
        for name, question, _ in self.questions.fields(len(self.names)):
            try:
                given[name] = question.stored(self.fields[name].clean(self[name].value()))
            except forms.ValidationError:
                given[name] = question.stored(None)
        return given

    @functools.cached_property
    def out(self) -> dict[int, int]:
        """The players out of the game before this hand (a pool's), each with the hand
        after which they went out: they are asked nothing and show no cards. (A game
        that cannot be scored as stored puts nobody out: its page says what is wrong.)"""
        try:
            return scores.standings(self.game).out_before(self.number)
        except RuleError:
            return {}

    def bare_seats(self) -> frozenset[int]:
        """The seats that show no cards, by the answers so far (who went out…), and the
        players out of the game."""
        return self.rules.bare(self.current_answers()) | frozenset(self.out)

    def question_fields(self) -> list[forms.BoundField]:
        """The hand's questions the answers so far ask, answered or not needed. The first
        needed one not answered yet is `next_question`; those after it wait for it (how
        the hand ended says whether anyone called it)."""
        return [field for field, waiting in self._hand_fields() if not waiting]

    def next_question(self) -> forms.BoundField | None:
        """The hand's first step while it is not answered: asked in the dock, in place of
        the card picker, one question at a time."""
        return next((field for field, waiting in self._hand_fields() if waiting), None)

    def _hand_fields(self) -> list[tuple[forms.BoundField, bool]]:
        """The hand's questions the answers so far ask, each with whether it waits for its
        answer (needed, and not answered)."""
        answers = self.current_answers()
        return [
            (self[name], question.needed and answers[name] is None)
            for name, question, seat in self.questions.fields(len(self.names))
            if seat is None and self.questions.asked(question, answers)
        ]

    def seat_question_fields(self, seat: int) -> list[forms.BoundField]:
        """What is asked of one player, as far as the answers so far ask it; a question
        only the winner is asked waits until the cards say who won."""
        answers = self.current_answers()
        return [
            self[name]
            for name, question, asked_of in self.questions.fields(len(self.names))
            if asked_of == seat
            and seat not in self.out
            and self.questions.asked(question, answers, seat)
            and (not question.of_winner or seat == self.winner)
        ]

    def docked(self, field: forms.BoundField) -> bool:
        """Whether the dock asks this of the player the cards go to (`Question.docked`)."""
        return any(
            question.docked
            for name, question, _ in self.questions.fields(len(self.names))
            if name == field.name
        )

    @property
    def row(self) -> Row | None:
        """A valid round's scores, and whether Thieves steal after it."""
        return self.standings.rows[-1] if self.standings else None

    @functools.cached_property
    def winner(self) -> int | None:
        """Who wins the hand as entered so far, where a question waits for it (the hand
        is scored for that); None until the cards and answers say."""
        if not self.questions.of_winner:
            return None
        unasked = self.questions.for_winner(self.current_answers(), len(self.names), None)
        standings, _ = self._check(self.played(self.card_texts(), unasked))
        return standings.rows[-1].winner if standings else None

    def winners_questions(self) -> list[str]:
        """The questions that wait for the winner, while nobody has won yet."""
        if self.winner is not None:
            return []
        return list(self.questions.of_winner)

    @functools.cached_property
    def others(self) -> dict[int, Played]:
        """The game's other stored rounds, by number, as the rules read them."""
        return {n: row for n, row in scores.played(self.game).items() if n != self.number}

    def previews(self) -> list[SeatPreview]:
        """Each seat's cards as they stand: what they score or how they lie, or what is
        wrong with them."""
        entry = self.played(self.card_texts(), self.current_answers())
        return self.rules.preview(self.table, self.number, entry, self.others)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        texts = self._parsed_cards(cleaned)
        answers = self.questions.answers(cleaned, len(self.names))
        for name in self.questions.unanswered(answers, len(self.names)):
            self.add_error(name, gettext("Needed for this hand."))
        if self.errors:
            # The hand cannot be checked whole yet; each player's cards can, so that one
            # save shows every problem, each next to its player.
            for seat, preview in enumerate(self.previews()):
                if preview.problem and f"cards_{seat}" not in self.errors:
                    self.add_error(f"cards_{seat}", preview.problem)
            return cleaned
        # Who won never hangs on what only the winner is asked: the hand is scored
        # without those answers first, then with the winner's.
        unasked = self.questions.for_winner(answers, len(self.names), None)
        self.standings, problems = self._check(self.played(texts, unasked))
        entry = self.played(texts, answers)
        if self.row is not None:
            entry = self.played(
                texts, self.questions.for_winner(answers, len(self.names), self.row.winner)
            )
            if entry.details != self.played(texts, unasked).details:
                self.standings, problems = self._check(entry)
        for problem in problems:
            self._add_rule_error(problem)
        if problems:
            return cleaned
        cleaned["cards"] = list(entry.cards)
        cleaned["details"] = entry.details
        return cleaned

    def _check(self, entry: Played) -> Checked:
        return self.rules.check(self.table, self.number, entry, self.others)

    def _parsed_cards(self, cleaned: dict[str, Any]) -> list[str]:
        """Each seat's (and pile's) cards in canonical text; a card that is none is that
        seat's error."""
        texts = []
        for seat, name in enumerate(self.holders):
            try:
                cards = read_cards(
                    cleaned.get(f"cards_{seat}") or "", jokers=self.game.jokers > 0, player=name
                )
            except RuleError as error:
                self.add_error(f"cards_{seat}", error.message)
                continue
            texts.append(" ".join(str(card) for card in cards))
            cleaned[f"cards_{seat}"] = texts[-1]
        return texts

    def _add_rule_error(self, error: RuleError) -> None:
        """Show a rules error next to the player at fault (named, or a seat index), or
        the pile (named by its key)."""
        seat = error.player
        piles = [pile.key for pile in self.piles]
        # A pile's key first: a player may be called "crib" too.
        if isinstance(seat, str) and seat in piles:
            seat = len(self.names) + piles.index(seat)
        elif isinstance(seat, str) and seat in self.names:
            seat = self.names.index(seat)
        if isinstance(seat, int) and 0 <= seat < len(self.holders):
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
                raise forms.ValidationError(gettext("Pick a card from another player's meld."))
            try:
                cleaned["card"] = str(parse_card(card))
            except RuleError as error:
                raise forms.ValidationError(error.message, code=error.code) from error
            cleaned["victim_seat"] = int(seat)
        elif not cleaned.get("deck") and not cleaned.get("no_agreement"):
            raise forms.ValidationError(gettext("Pick a card to steal, or take from the deck."))
        return cleaned
