"""Game kinds: every game the table plays, behind one interface.

A `GameKind` says all the app needs to know about a game: its name and limits, the
settings a new game asks for, what each round or hand asks the scorekeeper beyond the
cards (`questions`), how its scoreboard is laid out (`board`), its JSON endpoints, and
`score(...)`, which turns what was stored at the table into one `Standings` shape for
every game. Nothing above the rules asks which game it is: it asks the kind.

Each game's rules module defines its `KIND`; `games.rules.KINDS` lists them.

What the table stores for a round or hand (`Played`): each seat's card text, the answers
to the hand's questions by field name (`details`), and Indian Chief's steals by name. A
game entered from a paper sheet stores each row's typed scores as `details["scores"]`.
"""

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from games.rules.budget import check_hands
from games.rules.cards import Card, parse_cards
from games.rules.errors import DuplicateCard, InvalidPlayerCount, RuleError
from games.rules.melds import Arrangement
from games.rules.reading import Json, as_list, as_object, cards_of, fields_of, optional_object
from games.rules.rummy_common import (
    check_copies,
    describe,
    leaders,
    play_in_order,
    running_totals,
)

type Endpoint = Callable[[Json], Json]

# A score written on a paper sheet lies within ±this: no real row comes near it, and it
# keeps totals within what any page prints.
PAPER_SCORE = 100_000


# ---------------------------------------------------------------------------
# What was stored, and what scoring it gives


@dataclass(frozen=True)
class Played:
    """One round or hand as stored: each seat's card text ("7H 7C", "" for none), the
    answers about it by field name, and the steals after it as (thief, victim, card)
    names (no victim and no card: a take from the deck)."""

    cards: tuple[str, ...]
    details: Json = field(default_factory=dict)
    steals: tuple[tuple[str, str | None, str | None], ...] = ()


@dataclass(frozen=True)
class Row:
    """One round or hand on the scoreboard: each seat's score and running total.

    `result` is the rules' own result for the row (Indian Chief's `RoundScore`, with its
    melds and steals); `thieves` says steals are still to be taken after it; `pot` is
    what a pot game holds after the hand.
    """

    number: int
    label: str
    scores: tuple[int, ...]
    running: tuple[int, ...]
    explanation: str = ""
    dealer: str = ""
    pot: int | None = None
    thieves: bool = False
    result: Any = None


@dataclass(frozen=True)
class Standings:
    """A game so far, whatever the game: its rows, totals in seat order, leaders and,
    once over, winners.

    `complete` is the game's own end (seven rounds, 150 in Carousel, a target…);
    `winners` is set once the game is complete or the table has ended it. `extra` is what
    a kind keeps beside the rows (Indian Chief's meld grid, as its `GameScore`).
    """

    players: tuple[str, ...]
    rows: tuple[Row, ...]
    totals: tuple[int, ...]
    leaders: tuple[str, ...]
    complete: bool
    winners: tuple[str, ...] | None
    next_dealer: str = ""
    notes: tuple[str, ...] = ()
    extra: Any = None


@dataclass(frozen=True)
class ToMake:
    """A meld a player has still to make: its size, its name and its rules section."""

    size: int
    label: str
    anchor: str


@dataclass(frozen=True)
class SeatPreview:
    """One player's cards as the round is entered: what they make (`title`, with the
    rules page's `anchor`, and `score`) or how they lie (`text`), and any `problem`.
    `to_make` lists what the player has still to make, `repeats` warns of a meld made
    before; `complete_at` is how many cards make the player's whole entry, where the game
    says (the table then moves on to the next player by itself)."""

    text: str = ""
    problem: str = ""
    title: str = ""
    anchor: str = ""
    score: int | None = None
    to_make: tuple[ToMake, ...] = ()
    repeats: str = ""
    complete_at: int | None = None


def name_seats(message: str, names: Sequence[str]) -> str:
    """The rules' "Seat 1's hand…" as "Ben's hand…": people at a table use names."""

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        return names[seat] if seat < len(names) else match.group(0)

    return re.sub(r"\b[Ss]eat (\d+)\b", name, message)


def player_range(low: int, high: int) -> str:
    return f"exactly {low}" if low == high else f"{low} to {high}"


# ---------------------------------------------------------------------------
# Questions: what a hand asks beside the cards; one form field each, answers stored by
# field name


@dataclass(frozen=True)
class Question:
    """Something the scorekeeper says about a hand: `key` names its answer.

    `when` = (key, answers): asked only when that question of the hand was answered with
    one of these (Tong-Its asks for the caller only after a tongit or a draw). For a
    question asked of every player, `skip` names the hand question whose seat is not
    asked (the caller) and `if_seat` a box the player must have ticked (opened);
    `of_winner`: only the hand's winner's answer counts, so only the winner is asked, once
    the cards and answers say who won (Tong-Its's aces and face-down fours). `needed`: a
    hand that asks it cannot be saved without an answer.
    """

    key: str
    label: str
    needed: bool = False
    when: tuple[str, tuple[str, ...]] | None = None
    skip: str = ""
    if_seat: str = ""
    of_winner: bool = False

    def stored(self, value: Any) -> Any:
        """The form's cleaned value as it is stored (and as the entry functions read it)."""
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
        return dict(self.options).get(value, "") if value else ""


@dataclass(frozen=True)
class FlagQuestion(Question):
    def stored(self, value: Any) -> Any:
        return bool(value)

    def said(self, value: Any, names: Sequence[str]) -> str:
        return self.label if value else ""


@dataclass(frozen=True)
class CountQuestion(Question):
    """A small count, 0 to `most`."""

    most: int = 4

    def stored(self, value: Any) -> Any:
        return value or 0


@dataclass(frozen=True)
class RanksQuestion(Question):
    """Ranks typed with spaces between them (`K 7`); the rules check each one."""

    def stored(self, value: Any) -> Any:
        return (value or "").upper().split()

    def shown(self, value: Any) -> Any:
        return " ".join(value or ())


type Field = tuple[str, Question, int | None]


# ---------------------------------------------------------------------------
# The interface


@dataclass(frozen=True, kw_only=True)
class GameKind:
    """One game as the whole app sees it.

    `rounds` is the game's fixed length, if it has one; `round_word` what the table calls
    a round ("round" or "hand"); `unit` what totals count; `lowest_wins` which way wins;
    `max_cards` the most cards one seat shows; `settings` what a new game may set
    ("decks", "jokers", "target_score"…); `board` how the scoreboard is laid out
    ("melds": a row per meld, or "hands": a row per hand); `has_steals`, `has_pot` and
    `ends_early` (the table may end it when it likes) what the pages offer.
    """

    slug: str
    title: str
    min_players: int
    max_players: int
    max_decks: int = 1
    decks_rule: str = ""
    rounds: int | None = None
    round_word: str = "hand"
    unit: str = "points"
    lowest_wins: bool = False
    max_cards: int = 52
    settings: tuple[str, ...] = ()
    questions: tuple[Question, ...] = ()
    seat_questions: tuple[Question, ...] = ()
    board: str = "hands"
    has_steals: bool = False
    has_pot: bool = False
    ends_early: bool = True

    # -- what every kind defines

    def default_decks(self, players: int) -> int:
        raise NotImplementedError

    def start(self, players: int, chosen: Json) -> tuple[int, Json]:
        """The decks and the stored settings of a new game from what the table chose;
        raises the rules' error for a game that cannot be played so."""
        raise NotImplementedError

    def score(
        self, players: Sequence[str], played: Sequence[Played], settings: Json, decks: int
    ) -> Standings:
        """Score every round or hand stored so far, in play order; raises the rules'
        RuleError, its message naming the round and the player at fault."""
        raise NotImplementedError

    def check(
        self,
        players: Sequence[str],
        number: int,
        entry: Played,
        others: Mapping[int, Played],
        settings: Json,
        decks: int,
    ) -> tuple[Standings | None, list[RuleError]]:
        """Round `number` as entered, given the game's other stored rounds by number: the
        game scored up to it (the rounds before it, then it: its row is the last), or
        what is wrong with it (each problem names its player where it has one). For the
        next round that is the whole game as it will stand, so saving scores nothing
        again."""
        raise NotImplementedError

    def preview(
        self,
        players: Sequence[str],
        number: int,
        entry: Played,
        others: Mapping[int, Played],
        settings: Json,
        decks: int,
    ) -> list[SeatPreview]:
        """Each player's cards as they come in, for the table to check: what they make,
        or what is wrong with them (a card more often than the `decks` in play hold)."""
        raise NotImplementedError

    @property
    def endpoints(self) -> Mapping[str, Endpoint]:
        """The kind's JSON scoring endpoints by name: request body in, answer out."""
        raise NotImplementedError

    # -- what kinds share

    def jokers(self, players: int, settings: Json) -> int:
        """How many printed jokers are in play."""
        return 0

    def row_label(self, number: int) -> str:
        """What a row of the paper sheet is: "Hand 3", or a meld."""
        return f"{self.round_word.capitalize()} {number}"

    def hint(self, number: int) -> str:
        """What hand `number` deals, when the game says ("" otherwise)."""
        return ""

    def winner(self, row: Row) -> int | None:
        """The seat that won a scored round or hand (None in a game whose rounds have no
        winner)."""
        return None

    def for_winner(self, answers: Json, players: int, winner: int | None) -> Json:
        """The answers as stored: a question only the winner is asked (`of_winner`) keeps
        the winner's answer alone."""
        return {
            name: question.stored(None)
            if question.of_winner and seat is not None and seat != winner
            else answers[name]
            for name, question, seat in self.fields(players)
        }

    def check_players(self, count: int) -> None:
        if not self.min_players <= count <= self.max_players:
            raise InvalidPlayerCount(
                f"{self.title} is for {player_range(self.min_players, self.max_players)} "
                f"players, not {count}."
            )

    def standings(
        self,
        players: Sequence[str],
        played: Sequence[Played],
        settings: Json,
        decks: int,
        *,
        ended: bool = False,
        paper: bool = False,
    ) -> Standings:
        """The game so far: scored from its cards, or as written on a paper sheet. A game
        the table `ended` early (where it may) is won by whoever leads."""
        if paper:
            return self.paper_standings(players, [row.details["scores"] for row in played])
        return self.ended(self.score(players, played, settings, decks), ended)

    def ended(self, standings: Standings, ended: bool) -> Standings:
        """The standings of a game as scored, or, where the table `ended` it early (where
        it may) with nobody the winner by its rule, won by whoever leads."""
        if ended and self.ends_early and standings.winners is None:
            return replace(standings, winners=standings.leaders)
        return standings

    def paper_standings(self, players: Sequence[str], rows: Sequence[Sequence[int]]) -> Standings:
        """A game entered afterwards from a paper sheet: typed scores a row, no cards.

        The scores are taken as written; the winners are whoever has the best total by the
        game's rule. Such a game is finished by definition.
        """
        names = tuple(players)
        running = running_totals(rows, len(names))
        totals = running[-1] if running else (0,) * len(names)
        best = tuple(names[seat] for seat in leaders(totals, lowest=self.lowest_wins))
        return Standings(
            players=names,
            rows=tuple(
                Row(
                    number=number, label=self.row_label(number), scores=tuple(scores), running=after
                )
                for number, (scores, after) in enumerate(zip(rows, running, strict=True), start=1)
            ),
            totals=totals,
            leaders=best,
            complete=True,
            winners=best,
            notes=("Entered from a paper sheet: the scores as written, without the cards.",),
        )

    # -- the questions a hand asks

    def fields(self, players: int) -> list[Field]:
        """Every question's form field name, with its question and seat (None: the hand's)."""
        fields: list[Field] = [(question.key, question, None) for question in self.questions]
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
        if self.seat_questions:
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


# ---------------------------------------------------------------------------
# The rummy family: a hand at a time, scored through the game's own reader


type Entry = Callable[[int, Json, list[list[str] | None]], Json]
type Arrange = Callable[[Sequence[Card], int, Json], Arrangement]


@dataclass(frozen=True)
class Reader:
    """How a rummy-family game's JSON is read and its results answered (`shared/api.md`
    §3).

    `deadwood(cards, body)` scores a `/deadwood` request (the body holds the `context`);
    `hand(body)` reads one hand as `/hand` takes it and `score_hand` scores it;
    `game_hand(body)`, when set, reads one entry of a game's `hands` instead of `hand`;
    `score_game(hands, settings)` scores a game. `hand_fields` (plus `explanation`) and
    `game_fields` are the answer's fields, in the spec's order (a result's internal
    `hand_results` is never sent).
    """

    deadwood: Callable[[tuple[str, ...], Json], Arrangement]
    hand: Callable[[Json], Any]
    score_hand: Callable[[Any], Any]
    score_game: Callable[[list[Any], Json], Any]
    hand_fields: tuple[str, ...]
    game_fields: tuple[str, ...]
    game_hand: Callable[[Json], Any] | None = None

    def play(self, entries: Sequence[Json], settings: Json) -> Any:
        """Read a game's hand entries in play order (an error names its hand) and score
        the game from zero totals: the `/game` endpoint's work, and the table's."""
        read = self.game_hand or self.hand
        return self.score_game(play_in_order(entries, lambda number, entry: read(entry)), settings)


def sum_of(value: Callable[[Card], int]) -> Arrange:
    """Carousel and Rummy: every card still held is deadwood, melds or not."""

    def arrange(cards: Sequence[Card], number: int, game: Json) -> Arrangement:
        return Arrangement(melds=(), unmatched=tuple(cards), deadwood=sum(map(value, cards)))

    return arrange


@dataclass(frozen=True, kw_only=True)
class HandKind(GameKind):
    """A rummy-family game: a hand at a time, each seat's cards and the hand's answers.

    `entry(number, answers, cards)` makes the API's hand entry (`shared/api.md` §3.3) from
    the stored answers and each seat's cards (a list, or None when not entered), which
    the game's `reader` scores: the table and the API cannot score a hand differently.
    `score_of` names the result field holding each hand's scores; `arrange(cards, number,
    game)` lays out one player's cards (`game` holds `players`, the settings and the
    hand's answers); `deals(number)` what hand `number` deals, and `hand_size(number)`
    how many cards each player holds at its end, where the game fixes it; `winner_deals`:
    the winner of a hand deals the next (otherwise the deal passes left).

    Decisions where the specs are silent: the first hand is dealt by the first player in
    seat order; a seat left without cards is "not entered", so a forgotten hand is an
    error, not an empty hand; a table may end any game when it stops playing, and
    whoever leads by the game's rule wins, without Carousel's end-of-game bonuses.
    """

    reader: Reader
    entry: Entry
    arrange: Arrange
    default_decks_for: Callable[[int], int]
    score_of: str = "hand_scores"
    winner_deals: bool = False
    jokers_for: Callable[[int, Json], int] | None = None
    deals: Callable[[int], str] | None = None
    hand_size: Callable[[int], int] | None = None

    def default_decks(self, players: int) -> int:
        return self.default_decks_for(players)

    def decks(self, players: int, settings: Json) -> int:
        if settings.get("decks"):
            return int(settings["decks"])
        return self.default_decks(players)

    def start(self, players: int, chosen: Json) -> tuple[int, Json]:
        self.check_players(players)
        settings = {name: chosen[name] for name in self.settings if name in chosen}
        self.reader.score_game([], settings)
        return self.decks(players, settings), settings

    def jokers(self, players: int, settings: Json) -> int:
        return self.jokers_for(players, settings) if self.jokers_for else 0

    def hint(self, number: int) -> str:
        return self.deals(number) if self.deals else ""

    def _entries(self, played: Sequence[Played]) -> list[Json]:
        return [
            self.entry(number, row.details, [list(text.split()) or None for text in row.cards])
            for number, row in enumerate(played, start=1)
        ]

    def _play(self, players: Sequence[str], played: Sequence[Played], settings: Json) -> Any:
        """The game's result from its stored hands; errors name the players."""
        try:
            return self.reader.play(self._entries(played), settings)
        except RuleError as error:
            raise type(error)(name_seats(error.message, players), error.player) from error

    def score(
        self, players: Sequence[str], played: Sequence[Played], settings: Json, decks: int
    ) -> Standings:
        names = tuple(players)
        result = self._play(names, played, settings) if played else None
        hands = tuple(result.hand_results) if result else ()
        scores = [tuple(getattr(hand, self.score_of)) for hand in hands]
        running = running_totals(scores, len(names))
        totals = tuple(result.totals) if result else (0,) * len(names)
        dealers = self._dealers(hands, len(names))
        rows = tuple(
            Row(
                number=number,
                label=self.row_label(number),
                scores=row_scores,
                running=row_running,
                explanation=name_seats(hand.explanation, names),
                dealer=names[dealers[number - 1]],
                pot=getattr(hand, "pot_after", None),
                result=hand,
            )
            for number, (row_scores, row_running, hand) in enumerate(
                zip(scores, running, hands, strict=True), start=1
            )
        )
        lead = (
            tuple(names[seat] for seat in leaders(totals, lowest=self.lowest_wins)) if rows else ()
        )
        complete = bool(getattr(result, "game_over", False))
        winners: tuple[str, ...] | None = None
        if result is not None and complete and result.winners is not None:
            winners = tuple(names[seat] for seat in result.winners)
        return Standings(
            players=names,
            rows=rows,
            totals=totals,
            leaders=lead,
            complete=complete,
            winners=winners,
            next_dealer=names[dealers[-1]],
            notes=_notes(result, names),
        )

    def _dealers(self, hands: Sequence[Any], players: int) -> list[int]:
        """Who deals each hand played, and the next one (the last entry)."""
        if self.winner_deals:
            return [0, *(hand.winner for hand in hands)]
        return [number % players for number in range(len(hands) + 1)]

    def check(
        self,
        players: Sequence[str],
        number: int,
        entry: Played,
        others: Mapping[int, Played],
        settings: Json,
        decks: int,
    ) -> tuple[Standings | None, list[RuleError]]:
        """The hand is checked by scoring the game up to it: the hands before it, then it."""
        before = [others[earlier] for earlier in sorted(others) if earlier < number]
        try:
            check_hands(number)
            return self.score(players, [*before, entry], settings, decks), []
        except RuleError as error:
            return None, [error]

    def winner(self, row: Row) -> int | None:
        won = getattr(row.result, "winner", None)
        return won if isinstance(won, int) else None

    def preview(
        self,
        players: Sequence[str],
        number: int,
        entry: Played,
        others: Mapping[int, Played],
        settings: Json,
        decks: int,
    ) -> list[SeatPreview]:
        """Each hand as the rules lay it out, or its problem: a card more often than the
        decks (and jokers) in play hold is flagged on the first seat that goes over."""
        context = {"players": len(players), **settings, **entry.details}
        jokers = self.jokers(len(players), settings)
        size = self.hand_size(number) if self.hand_size else None
        hands: list[tuple[int, Sequence[Card]]] = []
        shown = []
        for seat, text in enumerate(entry.cards):
            try:
                cards = parse_cards(text.split(), jokers=jokers > 0, player=seat)
                hands.append((seat, cards))
                if not cards:
                    shown.append(SeatPreview(complete_at=size))
                    continue
                laid = self.arrange(cards, number, context)
                described = describe(laid.melds, laid.unmatched, laid.deadwood)
                shown.append(SeatPreview(text=described, complete_at=size))
            except RuleError as error:
                shown.append(SeatPreview(problem=error.message, complete_at=size))
        try:
            check_copies(hands, decks, jokers)
        except DuplicateCard as error:
            if isinstance(error.player, int):
                problem = name_seats(error.message, players)
                shown[error.player] = SeatPreview(problem=problem, complete_at=size)
        return shown

    @property
    def endpoints(self) -> Mapping[str, Endpoint]:
        reader = self.reader

        def deadwood(data: Json) -> Json:
            """The minimum deadwood of some cards, with one arrangement that reaches it."""
            laid = reader.deadwood(cards_of(data), data)
            return fields_of(laid, ("deadwood", "melds", "unmatched"))

        def hand(data: Json) -> Json:
            """Score one hand."""
            result = reader.score_hand(reader.hand(data))
            return fields_of(result, (*reader.hand_fields, "explanation"))

        def game(data: Json) -> Json:
            """Score a game's hands in play order from zero totals."""
            settings = optional_object(data.get("settings"), "“settings”")
            listed = as_list(data.get("hands"), "“hands”")
            check_hands(len(listed))
            entries = [
                as_object(entry, f"Hand {number}") for number, entry in enumerate(listed, start=1)
            ]
            return fields_of(reader.play(entries, settings), reader.game_fields)

        return {"deadwood": deadwood, "hand": hand, "game": game}


def _notes(result: Any, players: tuple[str, ...]) -> tuple[str, ...]:
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
