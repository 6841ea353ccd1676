"""What a round or hand asks the scorekeeper beside the cards: one form field a question,
answers stored by field name.

A kind declares its `Questions`: those about the hand as a whole (who went out, how it
ended) and those asked of every player (opened, no cards left). The table's form, the
history's words and import all go through the methods here.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.rules.reading import Json
from games.rules.text import gettext as _


@dataclass(frozen=True)
class Question:
    """Something the scorekeeper says about a hand: `key` names its answer.

    `when` = (key, answers): asked only when that question of the hand was answered with
    one of these (Tong-Its asks for the caller only after a tongit or a draw). For a
    question asked of every player, `skip` names the hand question whose seat is not
    asked (the caller) and `if_seat` a box the player must have ticked (opened);
    `of_winner`: only the hand's winner's answer counts, so only the winner is asked, once
    the cards and answers say who won (Tong-Its's aces and face-down fours). `needed`: a
    hand that asks it cannot be saved without an answer. `docked`: asked of the player
    the cards go to in the dock, beside the picker, since it says whether they show any
    (Indian Rummy's drops): the others are asked it in their own sections.
    """

    key: str
    label: str
    needed: bool = False
    when: tuple[str, tuple[str, ...]] | None = None
    skip: str = ""
    if_seat: str = ""
    of_winner: bool = False
    docked: bool = False

    def stored(self, value: Any) -> Any:
        """The form's cleaned value as it is stored (and as the entry functions read it)."""
        return value or None

    def shown(self, value: Any) -> Any:
        """The stored value as the form shows it."""
        return value or ""

    def said(self, value: Any, names: Sequence[str]) -> str:
        """The stored value in words, for the history ("" when there is nothing to say)."""
        if not value:
            return ""
        # Translators: a question and its answer, for the history ("Face-down fours: 2").
        return _("{question}: {answer}").format(question=self.label, answer=self.shown(value))


@dataclass(frozen=True)
class SeatQuestion(Question):
    """Which player: the knocker, the one who went out, the caller…"""

    def stored(self, value: Any) -> Any:
        return value

    def shown(self, value: Any) -> Any:
        return "" if value is None else str(value)

    def said(self, value: Any, names: Sequence[str]) -> str:
        return names[value] if isinstance(value, int) and 0 <= value < len(names) else ""


@dataclass(frozen=True)
class ChoiceQuestion(Question):
    options: tuple[tuple[str, str], ...] = ()

    def said(self, value: Any, names: Sequence[str]) -> str:
        return str(dict(self.options).get(value, "")) if value else ""


@dataclass(frozen=True)
class FlagQuestion(Question):
    def stored(self, value: Any) -> Any:
        return bool(value)

    def said(self, value: Any, names: Sequence[str]) -> str:
        return str(self.label) if value else ""


@dataclass(frozen=True)
class CountQuestion(Question):
    """A small count, 0 to `most`."""

    most: int = 4

    def stored(self, value: Any) -> Any:
        return value or 0


@dataclass(frozen=True)
class RanksQuestion(Question):
    """Ranks typed with spaces between them (`K 7`); the rules check each one.
    `example`: ranks a table would type, shown with the box."""

    example: str = "K 7"

    def stored(self, value: Any) -> Any:
        return (value or "").upper().split()

    def shown(self, value: Any) -> Any:
        return " ".join(value or ())


type Field = tuple[str, Question, int | None]


@dataclass(frozen=True)
class Questions:
    """Everything a kind's hand asks: `hand` once, `seat` of every player."""

    hand: tuple[Question, ...] = ()
    seat: tuple[Question, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.hand or self.seat)

    @property
    def of_winner(self) -> tuple[str, ...]:
        """The labels of what only the hand's winner is asked."""
        return tuple(str(question.label) for question in self.seat if question.of_winner)

    def fields(self, players: int) -> list[Field]:
        """Every question's form field name, with its question and seat (None: the hand's)."""
        fields: list[Field] = [(question.key, question, None) for question in self.hand]
        fields += [
            (f"{question.key}_{seat}", question, seat)
            for seat in range(players)
            for question in self.seat
        ]
        return fields

    def for_winner(self, answers: Json, players: int, winner: int | None) -> Json:
        """The answers as stored: a question only the winner is asked (`of_winner`) keeps
        the winner's answer alone."""
        return {
            name: question.stored(None)
            if question.of_winner and seat is not None and seat != winner
            else answers[name]
            for name, question, seat in self.fields(players)
        }

    def asked(self, question: Question, answers: Json, seat: int | None = None) -> bool:
        """Whether a hand with these `answers` asks `question` (of `seat`). An answer not
        given yet does not rule a question out: the form shows it until it is known."""
        if question.when is not None:
            given = answers.get(question.when[0])
            if given not in (None, "") and given not in question.when[1]:
                return False
        if seat is None:
            return True
        if question.skip and answers.get(question.skip) == seat:
            # A seat is skipped only while the hand asks the question naming it: a caller
            # left in the form after the end changed to one without a caller names nobody.
            skipping = next(asked for asked in self.hand if asked.key == question.skip)
            if self.asked(skipping, answers):
                return False
        return not (question.if_seat and answers.get(f"{question.if_seat}_{seat}") is False)

    def answers(self, cleaned: Json, players: int) -> Json:
        """The stored answers, by field name: what the form says, null where not asked."""
        given = {
            name: question.stored(cleaned.get(name)) for name, question, _ in self.fields(players)
        }
        return {
            name: given[name] if self.asked(question, given, seat) else question.stored(None)
            for name, question, seat in self.fields(players)
        }

    def unanswered(self, answers: Json, players: int) -> list[str]:
        """The fields of needed questions that these answers ask and leave unanswered."""
        return [
            name
            for name, question, seat in self.fields(players)
            if question.needed and self.asked(question, answers, seat) and answers[name] is None
        ]

    def described(self, details: Json, names: Sequence[str]) -> list[list[str]]:
        """The answers in words for the history, as [label, text] pairs."""
        pairs = [
            [str(question.label), question.said(details.get(question.key), names)]
            for question in self.hand
        ]
        if self.seat:
            for seat, name in enumerate(names):
                said = (
                    question.said(details.get(f"{question.key}_{seat}"), names)
                    for question in self.seat
                )
                pairs.append([name, ", ".join(str(text) for text in said if text)])
        return [[label, text] for label, text in pairs if text]

    def initial(self, details: Json, players: int) -> Json:
        """Stored answers as the form's initial values."""
        return {
            name: question.shown(details.get(name)) for name, question, _ in self.fields(players)
        }
