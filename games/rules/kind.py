"""Game kinds: every game the table plays, behind one interface.

A `GameKind` says all the app needs to know about a game: its title and limits, its
settings and presets, what each round or hand asks beside the cards (`questions`), how
its scoreboard and sheets are laid out (`board`), its phrases (`words`), its JSON
endpoints, and `score`, which turns what was stored at the table into one `Standings`
shape for every game. Nothing above the rules asks which game it is: it asks the kind.

Each game is a package under `games/rules/` whose `kind.py` defines `KIND`, an instance
of its own subclass; `games.rules.KINDS` lists them.

What the table stores for a round or hand (`Played`): each seat's card text, the answers
to the hand's questions by field name (`details`), and Indian Chief's steals by name. A
game entered from a paper sheet stores each row's typed scores as `details["scores"]`.
"""

import functools
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from games.rules.board import Board, Grid, Made, StealTurn, ToMake
from games.rules.budget import check_hands
from games.rules.errors import InvalidInput, InvalidPlayerCount, RuleError
from games.rules.figures import Figures
from games.rules.questions import Questions
from games.rules.reading import Json
from games.rules.rummy_common import leaders, running_totals
from games.rules.settings import Settings
from games.rules.text import gettext as _
from games.rules.text import gettext_lazy, pgettext_lazy
from games.rules.words import HANDS, Words

type Endpoint = Callable[[Json], Json]

# Where the home page lists the games that are neither Indian Chief nor rummy.
CLASSICS = gettext_lazy("Classic card games")

# A score written on a paper sheet lies within ±this: no real row comes near it, and it
# keeps totals within what any page prints.
PAPER_SCORE = 100_000


# ---------------------------------------------------------------------------
# What was stored, and what scoring it gives


@dataclass(frozen=True)
class Table:
    """The table a game is played at: the players in seat order, the decks in play and
    the game's settings as stored."""

    players: tuple[str, ...]
    decks: int
    settings: Json = field(default_factory=dict)

    @property
    def seats(self) -> int:
        return len(self.players)


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

    `winner` is the seat that won it, where a hand has a winner; `made` what each player
    made in it, where the game has melds to make (in seat order); `steals` the Thieves'
    turn after it, where the game has one, and `thieves` whether steals are still to be
    taken after it; `pot` what a pot game holds after the hand; `outcomes` what a seat's
    cell says beside its score, in seat order, where the hand says ("first drop 20").
    """

    number: int
    label: str
    scores: tuple[int, ...]
    running: tuple[int, ...]
    explanation: str = ""
    dealer: str = ""
    pot: int | None = None
    winner: int | None = None
    made: tuple[Made, ...] = ()
    steals: StealTurn | None = None
    thieves: bool = False
    outcomes: tuple[str, ...] = ()

    @property
    def cells(self) -> list[tuple[int, str]]:
        """Each seat's score with what its cell says beside it ("" for nothing)."""
        return [
            (score, self.outcomes[seat] if seat < len(self.outcomes) else "")
            for seat, score in enumerate(self.scores)
        ]


@dataclass(frozen=True)
class Column:
    """A player's column on the board: whether they lead, and the hand after which they
    went out of the game (a pool's), or None while they are in."""

    name: str
    leads: bool
    out_after: int | None = None


@dataclass(frozen=True)
class Standings:
    """A game so far, whatever the game: its rows, totals in seat order, leaders and,
    once over, winners.

    `complete` is the game's own end (seven rounds, 150 in Carousel, a target…);
    `winners` is set once the game is complete or the table has ended it. `grid` is the
    board's grid where the kind has one (Indian Chief's melds by players). `out_after`
    holds, in seat order, the hand after which each player went out of the game, or None
    (empty where nobody goes out: only a pool puts players out). `to_go` holds, in seat
    order, how far each player has still to go to the game's target, where the board is
    read like a pegboard (Cribbage's); empty elsewhere. `final` holds each player's final
    score once the game is over, where the game adds end bonuses to the totals (Gin
    Rummy's game bonus, boxes and shutout): the winner is said with it.
    """

    players: tuple[str, ...]
    rows: tuple[Row, ...]
    totals: tuple[int, ...]
    leaders: tuple[str, ...]
    complete: bool
    winners: tuple[str, ...] | None
    next_dealer: str = ""
    notes: tuple[str, ...] = ()
    grid: Grid | None = None
    out_after: tuple[int | None, ...] = ()
    to_go: tuple[int, ...] = ()
    final: tuple[int, ...] = ()

    @property
    def columns(self) -> list[Column]:
        """The board's player columns, in seat order."""
        return [
            Column(
                name,
                name in self.leaders,
                self.out_after[seat] if seat < len(self.out_after) else None,
            )
            for seat, name in enumerate(self.players)
        ]

    def out_before(self, number: int) -> dict[int, int]:
        """The seats out of the game before hand `number`, each with the hand after which
        it went out: they sit hand `number` out."""
        return {
            seat: after
            for seat, after in enumerate(self.out_after)
            if after is not None and after < number
        }

    @property
    def winning_total(self) -> int | None:
        """The winners' total (their final score, where the game has end bonuses), when
        the game has winners who all have it (a shared win by a rule other than the totals
        may join players of different totals: then none)."""
        if not self.winners:
            return None
        scores = self.final or self.totals
        totals = {scores[self.players.index(name)] for name in self.winners}
        return totals.pop() if len(totals) == 1 else None


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


@dataclass(frozen=True)
class Pile:
    """Cards of a hand that are no player's (Cribbage's starter and crib): the picker
    takes them like a player's, after the players, and the hand stores them in its
    details under `key` as card text. `size` is how many cards make the pile."""

    key: str
    label: str
    size: int


type Checked = tuple[Standings | None, list[RuleError]]


def name_seats(message: str, names: Sequence[str]) -> str:
    """The rules' "Seat 1's hand…" as "Ben's hand…": people at a table use names. The
    rules say a seat as "seat {seat}" says it in the language of the moment (sentences
    said in English say "seat 1" or "Seat 1")."""

    def name(match: re.Match[str]) -> str:
        seat = int(next(number for number in match.groups() if number is not None))
        return names[seat] if seat < len(names) else match.group(0)

    return _seats_said(_("seat {seat}")).sub(name, message)


@functools.cache
def _seats_said(seat: str) -> re.Pattern[str]:
    """Where a message names a seat: in English, and in the words `seat` (the language's
    "seat {seat}") in any letter case."""
    patterns = [r"\b[Ss]eat (\d+)\b"]  # English: the English sentences' seats
    before, brace, after = seat.partition("{seat}")
    if brace and seat != "seat {seat}":
        start = r"\b" if before[:1].isalnum() else ""
        patterns.append(f"(?i:{start}{re.escape(before)}(\\d+)(?!\\d){re.escape(after)})")
    return re.compile("|".join(patterns))


# ---------------------------------------------------------------------------
# The interface


@dataclass(frozen=True, kw_only=True)
class GameKind(ABC):
    """One game as the whole app sees it; each game subclasses it once.

    `max_players` is the most the book seats, and `most_seats` (where more) the most any
    house rules seat: the new-game page and the blank sheets offer that many, and the
    rules in force check the count (`players_said` words both).
    `piles` are the cards of a hand that are no player's, entered after the players'.
    `family` is the group the home page and the sheets' menu list the game in, so that a
    newcomer finds theirs among the others ("Rummy games").
    `rounds` is the game's fixed length, if it has one; `words` its phrases about rounds
    or hands; `unit` what totals count; `lowest_wins` which way wins; `max_cards` the most
    cards one seat shows; `settings` what a new game may set, with its presets; `board`
    how the scoreboard and sheets are laid out; `has_steals`, `has_pot`, `has_figures`
    (a player's card figures) and `ends_early` (the table may end it when it likes) what
    the pages offer.
    """

    slug: str
    title: str
    family: str
    min_players: int
    max_players: int
    most_seats: int | None = None
    rounds: int | None = None
    words: Words = HANDS
    # Translators: what a game's totals count, as the sheet heads a player's column.
    unit: str = pgettext_lazy("what totals count", "points")
    lowest_wins: bool = False
    max_cards: int = 52
    settings: Settings = field(default_factory=Settings)
    questions: Questions = field(default_factory=Questions)
    board: Board = field(default_factory=Board)
    has_steals: bool = False
    has_pot: bool = False
    has_figures: bool = False
    ends_early: bool = True
    piles: tuple[Pile, ...] = ()

    # -- what every kind defines

    @abstractmethod
    def default_decks(self, players: int) -> int:
        """The decks in play when the table chooses none."""

    @abstractmethod
    def start(self, players: int, chosen: Json) -> tuple[int, Json]:
        """The decks and the stored settings of a new game from what the table chose;
        raises the rules' error for a game that cannot be played so."""

    @abstractmethod
    def score(self, table: Table, played: Sequence[Played]) -> Standings:
        """Score every round or hand stored so far, in play order; raises the rules'
        RuleError, its message naming the round and the player at fault."""

    def check(
        self, table: Table, number: int, entry: Played, others: Mapping[int, Played]
    ) -> Checked:
        """Round `number` as entered, given the game's other stored rounds by number: the
        game scored up to it (the rounds before it, then it: its row is the last), or
        what is wrong with it (each problem names its player where it has one). For the
        next round that is the whole game as it will stand, so saving scores nothing
        again. A game scored from all its hands at once is checked by scoring it up to
        this one; a kind that can say more overrides this."""
        before = [others[earlier] for earlier in sorted(others) if earlier < number]
        try:
            check_hands(number)
            return self.score(table, [*before, entry]), []
        except RuleError as error:
            return None, [error]

    @abstractmethod
    def preview(
        self, table: Table, number: int, entry: Played, others: Mapping[int, Played]
    ) -> list[SeatPreview]:
        """Each player's cards as they come in, for the table to check: what they make,
        or what is wrong with them (a card more often than the decks in play hold); then
        each of the kind's `piles`, read from the entry's details."""

    @property
    @abstractmethod
    def endpoints(self) -> Mapping[str, Endpoint]:
        """The kind's JSON scoring endpoints by name: request body in, answer out."""

    # -- what kinds share, and may say their own way

    def asks(self, table: Table) -> Questions:
        """What a round or hand of this table asks beside the cards: the kind's
        `questions`, which a kind whose settings add or change a question (a house rule's
        per-seat outcome) works out here instead."""
        return self.questions

    def jokers(self, table: Table) -> int:
        """How many printed jokers are in play."""
        return 0

    def most_held(self, players: int) -> tuple[int, ...]:
        """The most cards each seat shows (`max_cards`), then each of the kind's piles
        holds: the picker's limit for every place it fills."""
        return (self.max_cards,) * players + tuple(pile.size for pile in self.piles)

    def removed(self, table: Table) -> frozenset[str]:
        """The cards (as card text, "2D") taken out of this table's deck (Hearts' deuces
        for 3, 5 or 6 players): the picker does not offer them."""
        return frozenset()

    def counted(self, table: Table) -> tuple[str, ...]:
        """The cards every hand must account for, each once (Hearts' penalty cards): the
        picker gives the ones nobody has yet to the player it is on in one tap (the
        rest). Empty for a game without such cards."""
        return ()

    def rule_set(self, table: Table) -> Json:
        """The settings a stored game is played by, with its rule set in full: a game
        stored before house rules is played by the book's."""
        return {**table.settings, **self.settings.rules(table.settings).stored()}

    def lowest_wins_at(self, table: Table) -> bool:
        """Which way wins at this table: the kind's `lowest_wins`, unless a house rule in
        its settings turns it (penalty Rummy)."""
        return self.lowest_wins

    @property
    def seats(self) -> int:
        """The most players any rules of this kind seat."""
        return self.most_seats or self.max_players

    @property
    def players_said(self) -> str:
        """How many play: "2 to 8 players", and how many more the house rules may seat."""
        low, high, most = self.min_players, self.max_players, self.seats
        if most == high:
            if low == high:
                return _("exactly {low} players").format(low=low)
            return _("{low} to {high} players").format(low=low, high=high)
        if low == high:
            return _("exactly {low} players, up to {most} by house rules").format(
                low=low, most=most
            )
        return _("{low} to {high} players, up to {most} by house rules").format(
            low=low, high=high, most=most
        )

    def bare(self, answers: Mapping[str, object]) -> frozenset[int]:
        """The seats that show no cards, by the hand's answers so far (who went out in
        Rummy): the cards are entered for the others."""
        return frozenset()

    def row_label(self, number: int) -> str:
        """What a row of the paper sheet is: "Hand 3", or a meld."""
        return self.words.row(number)

    def hint(self, number: int) -> str:
        """What hand `number` deals, when the game says ("" otherwise)."""
        return ""

    def calculate(self, cards: Sequence[str], others: Sequence[str], decks: int) -> SeatPreview:
        """One meld scored without a game, for the calculator: `others` are the other
        players' cards on the table. A game without melds to make has no calculator."""
        raise InvalidInput(_("{title} scores no meld on its own.").format(title=self.title))

    def figures(self, name: str, games: Sequence[Standings]) -> Figures | None:
        """What only the cards can tell of player `name` over these finished games of
        this kind, scored from their cards (None: the kind has no such figures, and does
        not say `has_figures`)."""
        return None

    def check_players(self, count: int) -> None:
        """A count no rules of this kind seat is refused (the rules in force check the
        rest when the game starts)."""
        if not self.min_players <= count <= self.seats:
            raise InvalidPlayerCount(
                # Translators: {players} says how many play ("2 to 8 players"), {count} how
                # many were given.
                _("{title} is for {players}, not {count}.").format(
                    title=self.title, players=self.players_said, count=count
                )
            )

    def board_of(self, paper: bool) -> Board:
        """The board a game of this kind is drawn on: a game entered from a paper sheet
        is rows of scores, whatever its kind, headed as the kind heads its rows."""
        return Board(row_heading=self.board.row_heading) if paper else self.board

    def standings(
        self, table: Table, played: Sequence[Played], *, ended: bool = False, paper: bool = False
    ) -> Standings:
        """The game so far: scored from its cards, or as written on a paper sheet. A game
        the table `ended` early (where it may) is won by whoever leads."""
        if paper:
            rows = [row.details["scores"] for row in played]
            return self.paper_standings(table.players, rows, lowest=self.lowest_wins_at(table))
        return self.ended(self.score(table, played), ended)

    def ended(self, standings: Standings, ended: bool) -> Standings:
        """The standings of a game as scored, or, where the table `ended` it early (where
        it may) with nobody the winner by its rule, won by whoever leads."""
        if ended and self.ends_early and standings.winners is None:
            # Over: nobody has anything still to go.
            return replace(standings, winners=standings.leaders, to_go=())
        return standings

    def paper_standings(
        self, players: Sequence[str], rows: Sequence[Sequence[int]], *, lowest: bool
    ) -> Standings:
        """A game entered afterwards from a paper sheet: typed scores a row, no cards.

        The scores are taken as written; the winners are whoever has the best total by the
        rules it was played by (`lowest`: the lowest total wins). Such a game is finished
        by definition.
        """
        names = tuple(players)
        running = running_totals(rows, len(names))
        totals = running[-1] if running else (0,) * len(names)
        best = tuple(names[seat] for seat in leaders(totals, lowest=lowest))
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
            notes=(_("Entered from a paper sheet: the scores as written, without the cards."),),
        )


def answered_seat(answers: Mapping[str, object], key: str) -> frozenset[int]:
    """The seat a question of the hand names so far (who went out), or none: what a kind
    whose winner shows no cards gives as `bare`."""
    seat = answers.get(key)
    return frozenset({seat}) if isinstance(seat, int) else frozenset()
