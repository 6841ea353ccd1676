"""The rummy family at the table: what each game asks about a hand, and its standings.

A hand is stored as the scorekeeper entered it: each seat's cards on `Hand` rows, and the
answers to the hand's questions (who knocked, went out or called; folds and challenges;
flags) as `Round.details`, by form field name. Each game's `entry` turns the two into the
JSON API's hand entry (`shared/api.md` §3.3), which is scored by the very reader the API
uses, so the table and the API can never score a hand differently.

`HAND_GAMES` describes each game (its questions, settings, who wins and who deals), so
that one form, one set of views and one template serve all five.

Decisions where the spec is silent:
- The first hand is dealt by the first player in seat order. In Tong-Its the winner deals
  the next hand (the source says so); in the others the deal passes to the left.
- A seat left without cards is "not entered", so a forgotten hand is an error, not an
  empty hand; in Carousel, where a player may really hold nothing when the knock ends the
  hand, a box says so.
- In Tong-Its a player who has not opened must fold a draw, so nobody is asked.
- Indian Rummy's house wild rank is turned up at each deal, so each deal asks for it.
- A table may end any game when it stops playing ("End the game here"): the winners are
  then whoever leads by that game's rule (lowest total in Three Thirteen, highest
  elsewhere, chips in Tong-Its), without Carousel's end-of-game bonuses, which belong to a
  game that reached 150.
"""

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from django import forms

from games.api.rummy import GAMES as READERS
from games.api.rummy import play_game
from games.rules import carousel, indian_rummy, rummy, three_thirteen, tong_its
from games.rules.cards import RANKS, Card
from games.rules.errors import RuleError
from games.rules.melds import Arrangement
from games.rules.rummy_common import describe, leaders, running_totals

type Json = dict[str, Any]


# ---------------------------------------------------------------------------
# Questions: one form field each; the answers are stored by field name


@dataclass(frozen=True)
class Question:
    """Something the scorekeeper says about a hand: `key` names its answer.

    `when` = (key, answers): asked only when that question of the hand was answered with
    one of these (Tong-Its asks for the caller only after a tongit or a draw). For a
    question asked of every player, `skip` names the hand question whose seat is not
    asked (the caller) and `if_seat` a box the player must have ticked (opened). `needed`:
    a hand that asks it cannot be saved without an answer.
    """

    key: str
    label: str
    needed: bool = False
    when: tuple[str, tuple[str, ...]] | None = None
    skip: str = ""
    if_seat: str = ""

    def field(self, names: Sequence[str]) -> forms.Field:
        """The form field; never required by the form itself (see HandGame.unanswered)."""
        raise NotImplementedError

    def stored(self, value: Any) -> Any:
        """The cleaned form value as it is stored (and as the entry functions read it)."""
        return value or None

    def shown(self, value: Any) -> Any:
        """The stored value as the form shows it."""
        return value or ""

    def said(self, value: Any, names: Sequence[str]) -> str:
        """The stored value in words, for the history ("" when there is nothing to say)."""
        return f"{self.label}: {self.shown(value)}" if value else ""


@dataclass(frozen=True)
class SeatQuestion(Question):
    """Which player: the knocker, the one who went out, the caller…"""

    def field(self, names: Sequence[str]) -> forms.Field:
        return forms.TypedChoiceField(
            label=self.label,
            choices=[(str(seat), name) for seat, name in enumerate(names)],
            coerce=int,
            empty_value=None,
            required=False,
            widget=forms.RadioSelect,
        )

    def stored(self, value: Any) -> Any:
        return value

    def shown(self, value: Any) -> Any:
        return "" if value is None else str(value)

    def said(self, value: Any, names: Sequence[str]) -> str:
        return names[value] if isinstance(value, int) and 0 <= value < len(names) else ""


@dataclass(frozen=True)
class ChoiceQuestion(Question):
    options: tuple[tuple[str, str], ...] = ()

    def field(self, names: Sequence[str]) -> forms.Field:
        return forms.ChoiceField(
            label=self.label, choices=self.options, required=False, widget=forms.RadioSelect
        )

    def said(self, value: Any, names: Sequence[str]) -> str:
        return dict(self.options).get(value, "") if value else ""


@dataclass(frozen=True)
class FlagQuestion(Question):
    def field(self, names: Sequence[str]) -> forms.Field:
        return forms.BooleanField(label=self.label, required=False)

    def stored(self, value: Any) -> Any:
        return bool(value)

    def said(self, value: Any, names: Sequence[str]) -> str:
        return self.label if value else ""


@dataclass(frozen=True)
class CountQuestion(Question):
    def field(self, names: Sequence[str]) -> forms.Field:
        return forms.IntegerField(
            label=self.label,
            min_value=0,
            max_value=4,
            required=False,
            widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        )

    def stored(self, value: Any) -> Any:
        return value or 0


@dataclass(frozen=True)
class RanksQuestion(Question):
    """Ranks typed with spaces between them (`K 7`); the rules check each one."""

    def field(self, names: Sequence[str]) -> forms.Field:
        return forms.CharField(
            label=self.label,
            max_length=20,
            required=False,
            widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters"}),
        )

    def stored(self, value: Any) -> Any:
        return (value or "").upper().split()

    def shown(self, value: Any) -> Any:
        return " ".join(value or ())


# ---------------------------------------------------------------------------
# The five games


@dataclass(frozen=True)
class HandGame:
    """One rummy-family game as the table plays it.

    `questions` are asked once per hand, `seat_questions` of each player (form fields
    `<key>_<seat>`). `entry(number, answers, cards)` makes the API's hand entry from the
    stored answers and each seat's cards (a list, or None when not entered). `settings`
    are the game settings the new-game form offers. `score_of` names the result field
    holding each hand's scores; `arrange(cards, number, game)` lays out one player's cards
    for the live preview (`game` holds `players` and the settings); `hint(number)` says
    what the hand deals; `last_hand` is the game's fixed length, if it has one; `has_pot`
    says the game keeps a pot of chips (Tong-Its).
    """

    rules: ModuleType
    questions: tuple[Question, ...]
    entry: Callable[[int, Json, list[list[str] | None]], Json]
    arrange: Callable[[Sequence[Card], int, Json], Arrangement]
    seat_questions: tuple[Question, ...] = ()
    settings: tuple[str, ...] = ()
    score_of: str = "hand_scores"
    unit: str = "points"
    lowest_wins: bool = False
    winner_deals: bool = False
    jokers: Callable[[int, Json], int] = lambda players, settings: 0
    hint: Callable[[int], str] = lambda number: ""
    max_cards: int = 52
    last_hand: int | None = None
    has_pot: bool = False

    @property
    def slug(self) -> str:
        return str(self.rules.SLUG)

    @property
    def title(self) -> str:
        return str(self.rules.TITLE)

    def decks(self, players: int, settings: Json) -> int:
        if settings.get("decks"):
            return int(settings["decks"])
        return int(self.rules.default_decks(players))

    def check_settings(self, settings: Json) -> None:
        """Raise the rules' error for settings the game cannot be played with."""
        READERS[self.slug].score_game([], settings)

    def fields(self, players: int) -> list[tuple[str, Question, int | None]]:
        """Every question's form field name, with its question and seat (None: the hand's)."""
        fields: list[tuple[str, Question, int | None]] = [
            (question.key, question, None) for question in self.questions
        ]
        fields += [
            (f"{question.key}_{seat}", question, seat)
            for seat in range(players)
            for question in self.seat_questions
        ]
        return fields

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
            [question.label, question.said(details.get(question.key), names)]
            for question in self.questions
        ]
        for seat, name in enumerate(names):
            said = (
                question.said(details.get(f"{question.key}_{seat}"), names)
                for question in self.seat_questions
            )
            pairs.append([name, ", ".join(text for text in said if text)])
        return [[label, text] for label, text in pairs if text]

    def initial(self, details: Json, players: int) -> Json:
        """Stored answers as the form's initial values."""
        return {
            name: question.shown(details.get(name)) for name, question, _ in self.fields(players)
        }


def _seats(answers: Json, key: str, players: int) -> list[Any]:
    """One per-player question's answers, in seat order."""
    return [answers.get(f"{key}_{seat}") for seat in range(players)]


def _tong_its_entry(number: int, answers: Json, hands: list[list[str] | None]) -> Json:
    """A player who has not opened must fold a draw: they are not asked (§1.4)."""
    players = len(hands)
    entry: Json = {"end": answers.get("end"), "caller": answers.get("caller")}
    entry["last_drawer"] = answers.get("last_drawer")
    if answers.get("end") == tong_its.DRAW:
        opened = _seats(answers, "opened", players)
        responses = _seats(answers, "response", players)
        entry["responses"] = [
            None
            if seat == entry["caller"]
            else responses[seat] or (None if opened[seat] else tong_its.FOLD)
            for seat in range(players)
        ]
    entry["players"] = [
        {
            "opened": bool(answers.get(f"opened_{seat}")),
            "hand": hand,
            "meld_aces": answers.get(f"meld_aces_{seat}") or 0,
            "face_down_quads": answers.get(f"face_down_quads_{seat}") or [],
        }
        for seat, hand in enumerate(hands)
    ]
    return entry


def _carousel_entry(number: int, answers: Json, hands: list[list[str] | None]) -> Json:
    """A blank seat with "no cards left" ticked holds nothing; otherwise it is missing."""
    return {
        "knocker": answers.get("knocker"),
        "hands": [
            hand if hand is not None else ([] if answers.get(f"no_cards_{seat}") else None)
            for seat, hand in enumerate(hands)
        ],
    }


def _three_thirteen_entry(number: int, answers: Json, hands: list[list[str] | None]) -> Json:
    return {"hand_number": number, "went_out": answers.get("went_out"), "hands": hands}


def _rummy_entry(number: int, answers: Json, hands: list[list[str] | None]) -> Json:
    return {
        "winner": answers.get("winner"),
        "went_rummy": bool(answers.get("went_rummy")),
        "hands": hands,
    }


def _indian_rummy_entry(number: int, answers: Json, hands: list[list[str] | None]) -> Json:
    """The deal's wild rank, when one was turned up, is the deal's own setting."""
    wild = answers.get("wild_rank")
    entry: Json = {"winner": answers.get("winner"), "hands": hands}
    if wild:
        entry["settings"] = {"wild_rank": wild}
    return entry


def _tong_its_arrange(cards: Sequence[Card], number: int, game: Json) -> Arrangement:
    return tong_its.arrange(cards)


def _sum_of(value: Callable[[Card], int]) -> Callable[[Sequence[Card], int, Json], Arrangement]:
    """Carousel and Rummy: every card still held is deadwood, melds or not (§2.3, §4.3)."""

    def arrange(cards: Sequence[Card], number: int, game: Json) -> Arrangement:
        return Arrangement(melds=(), unmatched=tuple(cards), deadwood=sum(map(value, cards)))

    return arrange


def _three_thirteen_hint(number: int) -> str:
    wild = three_thirteen.wild_rank(number)
    return f"{three_thirteen.hand_size(number)} cards each; {wild}s are wild."


def _indian_rummy_arrange(cards: Sequence[Card], number: int, game: Json) -> Arrangement:
    """`game` holds the game's settings and the deal's answers (its wild rank)."""
    return indian_rummy.arrange(cards, game.get("jokers", True), game.get("wild_rank") or None)


def _indian_rummy_jokers(players: int, settings: Json) -> int:
    if not settings.get("jokers", True):
        return 0
    return indian_rummy.JOKERS_PER_DECK * indian_rummy.decks_for(players, settings.get("decks"))


HAND_GAMES: dict[str, HandGame] = {
    game.slug: game
    for game in (
        HandGame(
            rules=tong_its,
            questions=(
                ChoiceQuestion(
                    "end",
                    "How the hand ended",
                    needed=True,
                    options=(
                        (tong_its.TONGIT, "Tongit (no cards left)"),
                        (tong_its.DRAW, "Draw called"),
                        (tong_its.STOCK_OUT, "Stock ran out"),
                    ),
                ),
                SeatQuestion(
                    "caller",
                    "Who called it",
                    needed=True,
                    when=("end", (tong_its.TONGIT, tong_its.DRAW)),
                ),
                SeatQuestion(
                    "last_drawer",
                    "Who drew the last card",
                    needed=True,
                    when=("end", (tong_its.STOCK_OUT,)),
                ),
            ),
            seat_questions=(
                FlagQuestion("opened", "Opened"),
                ChoiceQuestion(
                    "response",
                    "Answer to the draw",
                    needed=True,
                    when=("end", (tong_its.DRAW,)),
                    skip="caller",
                    if_seat="opened",
                    options=((tong_its.FOLD, "Fold"), (tong_its.CHALLENGE, "Challenge")),
                ),
                CountQuestion("meld_aces", "Aces in own exposed melds"),
                RanksQuestion("face_down_quads", "Face-down fours (ranks)"),
            ),
            entry=_tong_its_entry,
            arrange=_tong_its_arrange,
            score_of="chip_delta",
            unit="chips",
            winner_deals=True,
            max_cards=tong_its.MAX_HAND,
            has_pot=True,
        ),
        HandGame(
            rules=carousel,
            questions=(SeatQuestion("knocker", "Who knocked", needed=True),),
            seat_questions=(FlagQuestion("no_cards", "No cards left"),),
            entry=_carousel_entry,
            arrange=_sum_of(carousel.value),
            jokers=lambda players, settings: carousel.jokers_for(players),
            hint=lambda number: "The cards each player still holds; a joker counts 25.",
        ),
        HandGame(
            rules=three_thirteen,
            questions=(SeatQuestion("went_out", "Who went out", needed=True),),
            entry=_three_thirteen_entry,
            arrange=lambda cards, number, game: three_thirteen.arrange(cards, number),
            lowest_wins=True,
            hint=_three_thirteen_hint,
            max_cards=three_thirteen.hand_size(three_thirteen.HANDS),
            last_hand=three_thirteen.HANDS,
        ),
        HandGame(
            rules=rummy,
            questions=(
                SeatQuestion("winner", "Who went out", needed=True),
                FlagQuestion("went_rummy", "Went rummy (all at once: double)"),
            ),
            entry=_rummy_entry,
            arrange=_sum_of(rummy.value),
            settings=("target_score", "max_hands"),
            hint=lambda number: "The cards left in each loser's hand.",
        ),
        HandGame(
            rules=indian_rummy,
            questions=(
                SeatQuestion("winner", "Who declared", needed=True),
                ChoiceQuestion(
                    "wild_rank",
                    "Wild rank turned up (house rule)",
                    options=tuple((rank, f"{rank}s") for rank in RANKS),
                ),
            ),
            entry=_indian_rummy_entry,
            arrange=_indian_rummy_arrange,
            settings=("decks", "jokers", "target_score", "max_deals"),
            jokers=_indian_rummy_jokers,
            hint=lambda number: "13 cards each; the declarer's may be left out.",
            max_cards=indian_rummy.HAND_SIZE,
        ),
    )
}


# ---------------------------------------------------------------------------
# Standings


@dataclass(frozen=True)
class HandRow:
    """One hand on the scoreboard: each seat's score and running total, and why."""

    number: int
    dealer: str
    scores: tuple[int, ...]
    running: tuple[int, ...]
    explanation: str
    pot: int | None = None  # Tong-Its: the chips left in the pot after the hand
    label: str = ""  # what the row is when not a numbered hand (a paper game's meld)


@dataclass(frozen=True)
class HandStandings:
    """A rummy-family game so far: its hands, totals, leaders and, once over, winners.

    `complete` is the game's own end (150 in Carousel, the eleventh hand of Three
    Thirteen, a target or a number of hands); `winners` is set once the game is complete
    or the table has ended it.
    """

    players: tuple[str, ...]
    rows: tuple[HandRow, ...]
    totals: tuple[int, ...]
    leaders: tuple[str, ...]
    complete: bool
    winners: tuple[str, ...] | None
    next_dealer: str
    notes: tuple[str, ...]

    @property
    def seat_totals(self) -> tuple[int, ...]:
        """The totals in seat order, as Indian Chief's standings name them."""
        return self.totals


def paper_standings(
    players: Sequence[str], rows: Sequence[Sequence[int]], labels: Sequence[str], *, lowest: bool
) -> HandStandings:
    """A game entered afterwards from a paper sheet: typed scores a row, no cards.

    The scores are taken as written; the winners are whoever has the best total by the
    game's rule (`lowest` in Three Thirteen). Such a game is finished by definition.
    """
    players = tuple(players)
    running = running_totals(rows, len(players))
    totals = running[-1] if running else (0,) * len(players)
    best = tuple(players[seat] for seat in leaders(totals, lowest=lowest))
    return HandStandings(
        players=players,
        rows=tuple(
            HandRow(
                number=number,
                dealer="",
                scores=tuple(scores),
                running=after,
                explanation="",
                label=label,
            )
            for number, (scores, after, label) in enumerate(
                zip(rows, running, labels, strict=True), start=1
            )
        ),
        totals=totals,
        leaders=best,
        complete=True,
        winners=best,
        next_dealer="",
        notes=("Entered from a paper sheet: the scores as written, without the cards.",),
    )


def name_seats(message: str, names: Sequence[str]) -> str:
    """The rules' "Seat 1's hand…" as "Ben's hand…": people at a table use names."""

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        return names[seat] if seat < len(names) else match.group(0)

    return re.sub(r"\b[Ss]eat (\d+)\b", name, message)


def score(
    game: HandGame,
    players: Sequence[str],
    hands: Sequence[tuple[Json, Sequence[str]]],
    settings: Json,
    *,
    ended: bool = False,
) -> HandStandings:
    """Score stored hands (each its details and the seats' card text) in play order.

    Raises the rules' RuleError, its message naming the hand and the player at fault.
    """
    players = tuple(players)
    entries = [
        game.entry(number, details, [text.split() or None for text in cards])
        for number, (details, cards) in enumerate(hands, start=1)
    ]
    try:
        result = play_game(READERS[game.slug], entries, settings) if entries else None
    except RuleError as error:
        raise type(error)(name_seats(error.message, players), error.player) from error
    scores = [tuple(getattr(hand, game.score_of)) for hand in result.hand_results] if result else []
    running = running_totals(scores, len(players))
    totals = tuple(result.totals) if result else (0,) * len(players)
    complete = bool(getattr(result, "game_over", False))
    dealers = _dealers(game, result, len(players), len(entries))
    rows = tuple(
        HandRow(
            number=number,
            dealer=players[dealers[number - 1]],
            scores=row_scores,
            running=row_running,
            explanation=name_seats(hand.explanation, players),
            pot=getattr(hand, "pot_after", None),
        )
        for number, (row_scores, row_running, hand) in enumerate(
            zip(scores, running, result.hand_results if result else (), strict=True), start=1
        )
    )
    lead = tuple(players[seat] for seat in leaders(totals, lowest=game.lowest_wins)) if rows else ()
    winners: tuple[str, ...] | None = None
    if complete and getattr(result, "winners", None) is not None:
        winners = tuple(players[seat] for seat in result.winners)
    elif ended:
        winners = lead
    return HandStandings(
        players=players,
        rows=rows,
        totals=totals,
        leaders=lead,
        complete=complete,
        winners=winners,
        next_dealer=players[dealers[-1]],
        notes=_notes(game, result, players),
    )


def _dealers(game: HandGame, result: Any, players: int, played: int) -> list[int]:
    """Who deals each hand played, and the next one (the last entry)."""
    if game.winner_deals and result is not None:
        return [0, *(hand.winner for hand in result.hand_results)]
    return [number % players for number in range(played + 1)]


def _notes(game: HandGame, result: Any, players: tuple[str, ...]) -> tuple[str, ...]:
    """What the game keeps beside the totals: the pot, hands won, final scores."""
    if result is None:
        return ()
    notes = []
    if getattr(result, "pot", None) is not None:
        notes.append(f"Pot: {result.pot} chips, taken by a player who wins two hands running.")
    if getattr(result, "final_scores", None) is not None:
        finals = ", ".join(
            f"{name} {final}" for name, final in zip(players, result.final_scores, strict=True)
        )
        notes.append(f"Final scores with 25 a hand won and 100 for the game: {finals}.")
    if getattr(result, "hands_won", None) is not None:
        won = ", ".join(
            f"{name} {count}" for name, count in zip(players, result.hands_won, strict=True)
        )
        notes.append(f"Hands won: {won}.")
    return tuple(notes)


def preview(game: HandGame, cards: Sequence[Card], number: int, context: Json) -> str:
    """One player's cards laid out for the table to check, as the hand is entered."""
    arrangement = game.arrange(cards, number, context)
    return describe(arrangement.melds, arrangement.unmatched, arrangement.deadwood)


def settings_words(settings: Json) -> list[str]:
    """A game's settings as the game page shows them: "to 500", "Ks wild"…"""
    words = {
        "target_score": "to {} points",
        "max_hands": "{} hands",
        "max_deals": "{} deals",
        "wild_rank": "{}s wild",
    }
    said = [words[key].format(value) for key, value in settings.items() if key in words]
    if settings.get("jokers") is False:
        said.append("no jokers")
    return said
