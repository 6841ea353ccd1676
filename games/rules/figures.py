"""A player's card figures, as a kind tells them: what only the cards entered round by
round can say (a kind's `figures` hook). The player's page shows any kind's `Figures`
the same way: a heading, a table and a list of facts.
"""

from abc import ABC, abstractmethod
from dataclasses import dataclass


@dataclass(frozen=True)
class Rate:
    """`count` out of `out_of` (wins out of games, Lawyers that hit 25 out of Lawyers…)."""

    count: int
    out_of: int

    @property
    def percent(self) -> int | None:
        """To the nearest whole percent, a half rounded up (5 of 8 is 63%, where Python's
        round() would give 62); None when there was nothing to count."""
        if not self.out_of:
            return None
        return (200 * self.count + self.out_of) // (2 * self.out_of)


@dataclass(frozen=True)
class FigureTable:
    """A table of figures: its caption, column headings, and rows of cells (the first
    cell of a row heads it)."""

    caption: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class Fact:
    """A fact of the figures: its term, what it says, and a detail in smaller type after it
    (counts that back it up)."""

    term: str
    says: str
    detail: str = ""


@dataclass(frozen=True)
class Figures(ABC):
    """What a kind's figures show: a heading, the number of games they come from, a
    table, and facts. A kind subclasses it with the
    figures themselves, and says them here."""

    games: int

    @property
    @abstractmethod
    def heading(self) -> str:
        """What the figures are of ("Indian Chief, card by card")."""

    @property
    def table(self) -> FigureTable | None:
        return None

    @property
    def facts(self) -> tuple[Fact, ...]:
        return ()
