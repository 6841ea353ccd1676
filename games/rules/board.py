"""How a kind's scoreboard and sheets are laid out, and what a grid of melds holds.

A `Board` names the templates that draw a kind's scoreboard (`games/boards/<layout>.html`)
and its sheet (`sheets/boards/<layout>.html`), the heading and width of its first column,
the quick-reference page printed after a blank sheet, and the rows of its sheets, blank
and filled. Two layouts exist: a row per hand (`Board`), and a grid of melds by players
(`GridBoard`, Indian Chief's). A new kind of board is a subclass and two templates;
nothing else asks which board a game has.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from games.rules.cards import Card
from games.rules.text import pgettext_lazy

if TYPE_CHECKING:
    from games.rules.kind import GameKind, Standings


@dataclass(frozen=True)
class Made:
    """What a player made in a round where the game has melds to make: the meld (`label`,
    its rules page `anchor`), the round, its score, cards and explanation. `detail` is
    what the sheet adds after the cards ("flush + baccarat A♥ 7♣"); `hand` the poker hand
    of the best split and `matches` the opponents' cards matched, for the figures."""

    player: str
    label: str
    anchor: str
    number: int
    score: int
    cards: tuple[Card, ...]
    explanation: str
    detail: str = ""
    hand: str = ""
    matches: int = 0


@dataclass(frozen=True)
class GridRow:
    """A row of a grid of melds: the meld, its size and a reminder of its rule for a blank
    sheet, and each player's cell in seat order (None: still to make; none at all on a
    blank sheet)."""

    label: str
    anchor: str
    size: int
    reminder: str = ""
    cells: tuple[Made | None, ...] = ()


@dataclass(frozen=True)
class ToMake:
    """A meld a player has still to make: its size, its name and its rules section."""

    size: int
    label: str
    anchor: str


@dataclass(frozen=True)
class Grid:
    """A game's melds by players: its rows, and what each player (in seat order) has
    still to make."""

    rows: tuple[GridRow, ...]
    to_make: tuple[tuple[ToMake, ...], ...]

    def made_by(self, seat: int) -> list[Made]:
        """The melds a player made, in the grid's order."""
        return [cell for row in self.rows if (cell := row.cells[seat]) is not None]


@dataclass(frozen=True)
class StealTurn:
    """The Thieves' steals after a round as they stand: the Thieves in steal order (tied
    ones together), each Thief's own card, the card each Thief has taken so far, what each
    player's meld holds now, and what has happened, in words."""

    order: tuple[tuple[str, ...], ...]
    thief_cards: Mapping[str, Card]
    taken: Mapping[str, Card]
    melds_after: Mapping[str, tuple[Card, ...]]
    events: tuple[str, ...]

    def next_thief(self, acted: set[str]) -> tuple[str | None, tuple[str, ...]]:
        """The first Thief in steal order without a turn taken, and their tie group."""
        for group in self.order:
            for name in group:
                if name not in acted:
                    return name, group
        return None, ()

    def to_steal(self, acted: set[str]) -> list[str]:
        """Every Thief without a turn taken, in steal order."""
        return [name for group in self.order for name in group if name not in acted]


type Context = dict[str, object]


@dataclass(frozen=True)
class Board:
    """A row per hand: the hand's number (and what it deals, in a game of fixed length),
    then each player's score and running total. A blank sheet of a game without a fixed
    number of hands has `blank_hands` rows."""

    layout: str = "hands"
    # Translators: the heading of the sheet's column of numbered hands.
    row_heading: str = pgettext_lazy("numbered deal", "Hand")
    first_column_mm: int = 22
    reference: str = ""
    blank_hands: int = 16

    @property
    def scoreboard(self) -> str:
        """The template that draws the scoreboard on the pages."""
        return f"games/boards/{self.layout}.html"

    @property
    def sheet(self) -> str:
        """The template that draws the printed sheet."""
        return f"sheets/boards/{self.layout}.html"

    def reference_context(self) -> Context:
        """What the quick-reference page shows (when the board has one)."""
        return {}

    def blank(self, kind: "GameKind") -> Context:
        """A blank sheet's rows: only a game of fixed length says what each hand deals
        (Three Thirteen's cards and wild rank); the others' rows are alike."""
        count = kind.rounds or self.blank_hands
        return {
            "rows": [
                {"number": number, "hint": kind.hint(number)} for number in range(1, count + 1)
            ]
        }

    def filled(self, standings: "Standings") -> Context:
        """A filled sheet's rows: each hand's scores, with what a cell says beside its
        score (a pool's "first drop 20"), beside the running totals.

        A sheet holds as many hands as a blank one (`blank_hands`): a longer game prints
        its latest hands, and the hands before them `carried` forward in one row of
        running totals, as a table starting a fresh paper sheet writes them at its top.
        The latest hands are the ones a table checks on paper; every hand is on the
        game's page (the sheet's QR code) and in its CSV. A sheet's cost grows with its
        cells (a 200-hand game for eight was twenty pages and seconds of layout), so it
        stays a page or two whatever the game's length."""
        shown = standings.rows[-self.blank_hands :]
        earlier = standings.rows[: len(standings.rows) - len(shown)]
        return {
            "rows": [
                {"hand": row, "cells": list(zip(row.cells, row.running, strict=True))}
                for row in shown
            ],
            "carried": earlier[-1] if earlier else None,
        }


@dataclass(frozen=True)
class GridBoard(Board):
    """A grid of melds by players (`rows`, with their reminders for a blank sheet); the
    filled sheet lists under it the cards behind each score."""

    layout: str = "melds"
    rows: Sequence[GridRow] = ()

    def blank(self, kind: "GameKind") -> Context:
        return {"rows": list(self.rows)}

    def filled(self, standings: "Standings") -> Context:
        grid = standings.grid
        if grid is None:
            raise ValueError("A grid board needs standings with a grid.")  # English: a bug
        return {
            "rows": grid.rows,
            "cards": [(name, grid.made_by(seat)) for seat, name in enumerate(standings.players)],
        }
