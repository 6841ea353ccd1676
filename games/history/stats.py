"""A player's figures across the games a visitor may see: games, wins and totals (what
only the cards can tell is each kind's own `figures`).

Pure functions over what the rules already worked out: each finished game's result from
the player's seat (`Played`, from `scores.outcome`). The views gather the games; nothing
here touches the database.

Decisions:
- Only finished games count. A game in progress has no winner yet, and its total so far
  cannot be compared with whole games.
- A shared win is a win for everyone who shares it.
- Totals of different games are not comparable (Indian Chief points, Tong-Its chips,
  Three Thirteen, where the lowest total wins), so averages, best totals and the chart are
  given per kind of game; only games, wins and the win rate are counted across kinds.
- Games entered from paper scores hold no cards: they count towards games, wins and
  totals as far as their outcome can be worked out, never towards the card-level figures.
- Percentages are rounded to the nearest whole number, halves up.
"""

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from statistics import fmean
from typing import ClassVar

from django.utils.translation import gettext as _

from games.rules import KINDS
from games.rules.figures import Rate


@dataclass(frozen=True)
class Played:
    """One finished game from one player's seat: when it started, its kind, the player's
    total and whether they won; and whether its lowest total won (by its kind, or its
    house rules: penalty Rummy, a pool)."""

    kind: str
    started: datetime
    total: int
    won: bool
    lowest_wins: bool = False


def record(played: Iterable[Played]) -> Rate:
    """Wins out of games played."""
    games = list(played)
    return Rate(sum(game.won for game in games), len(games))


# ---------------------------------------------------------------------------
# Totals over time, per kind of game


@dataclass(frozen=True)
class ChartPoint:
    x: float
    y: float
    started: datetime
    total: int


@dataclass(frozen=True)
class Chart:
    """A line of totals in the order the games were played, one point per game.

    The drawing box is in SVG user units: totals are plotted between LEFT and RIGHT across
    and between TOP and BOTTOM down, and the highest and lowest totals are written in the
    left margin. Games are spaced evenly rather than by date, so that a month without games
    does not squeeze the others together. Higher totals are drawn higher whichever way the
    game is won, and the scale runs from the player's lowest total to their highest.
    """

    WIDTH: ClassVar[int] = 320
    HEIGHT: ClassVar[int] = 120
    LEFT: ClassVar[int] = 40
    RIGHT: ClassVar[int] = 310
    TOP: ClassVar[int] = 12
    BOTTOM: ClassVar[int] = 108

    points: tuple[ChartPoint, ...]
    highest: int
    lowest: int

    @property
    def line(self) -> str:
        """The points as an SVG polyline's `points` attribute."""
        return " ".join(f"{point.x},{point.y}" for point in self.points)


def chart(played: Sequence[Played]) -> Chart:
    """Place each game's total in the chart's box, in the order given (oldest first).

    A single game sits in the middle across; totals that are all equal sit in the middle
    from top to bottom.
    """
    totals = [game.total for game in played]
    highest, lowest = max(totals), min(totals)
    points = []
    for number, game in enumerate(played):
        share = number / (len(played) - 1) if len(played) > 1 else 0.5
        height = (game.total - lowest) / (highest - lowest) if highest > lowest else 0.5
        x = Chart.LEFT + share * (Chart.RIGHT - Chart.LEFT)
        y = Chart.TOP + (1 - height) * (Chart.BOTTOM - Chart.TOP)
        points.append(ChartPoint(round(x, 1), round(y, 1), game.started, game.total))
    return Chart(tuple(points), highest, lowest)


@dataclass(frozen=True)
class KindFigures:
    """A player's figures in one kind of game. `best_total` is the lowest total where the
    lowest wins (Three Thirteen), otherwise the highest."""

    kind: str
    title: str
    unit: str
    lowest_wins: bool
    record: Rate
    average_total: float
    best_total: int
    chart: Chart


def by_kind(played: Sequence[Played]) -> list[KindFigures]:
    """The figures of each kind the player has played, in the order of the game registry;
    `played` is oldest first, as the chart draws it. Games of a kind won the other way
    by their house rules (the lowest total under penalty Rummy) have figures of their
    own, after the kind's: their totals do not compare."""
    games: dict[tuple[str, bool], list[Played]] = defaultdict(list)
    for game in played:
        games[game.kind, game.lowest_wins].append(game)
    figures = []
    for kind, rules in KINDS.items():
        for lowest in (rules.lowest_wins, not rules.lowest_wins):
            group = games[kind, lowest]
            if not group:
                continue
            turned = lowest != rules.lowest_wins
            totals = [game.total for game in group]
            figures.append(
                KindFigures(
                    kind=f"{kind}-lowest-wins" if turned else kind,  # English: a slug
                    # Translators: {title} is a game's name: "Rummy, lowest total wins".
                    title=_("{title}, lowest total wins").format(title=rules.title)
                    if turned
                    else rules.title,
                    unit=rules.unit,
                    lowest_wins=lowest,
                    record=record(group),
                    average_total=fmean(totals),
                    best_total=min(totals) if lowest else max(totals),
                    chart=chart(group),
                )
            )
    return figures
