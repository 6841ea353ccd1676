"""A player's figures across the games a visitor may see: games, wins, totals and, for
Indian Chief, what only the cards entered round by round can tell.

Pure functions over what the rules already worked out: each finished game's result from
the player's seat (`Played`, from `Game.outcome()`), and each Indian Chief game's scored
rounds (`GameScore`). The views gather the games; nothing here touches the database.

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

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from statistics import fmean
from typing import ClassVar

from games.rules import KINDS
from games.rules.indian_chief import GameScore, Meld, PokerHand

# The Indian Chief hand classes from weakest to strongest: a class's rank is its place
# here counted from 1, so high card is 1 and five of a kind 10 (the order of their points).
HAND_CLASSES = tuple(reversed(PokerHand))


@dataclass(frozen=True)
class Played:
    """One finished game from one player's seat: when it started, its kind, the player's
    total and whether they won."""

    kind: str
    started: datetime
    total: int
    won: bool


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
    `played` is oldest first, as the chart draws it."""
    games: dict[str, list[Played]] = defaultdict(list)
    for game in played:
        games[game.kind].append(game)
    figures = []
    for kind, rules in KINDS.items():
        if not games[kind]:
            continue
        totals = [game.total for game in games[kind]]
        figures.append(
            KindFigures(
                kind=kind,
                title=rules.title,
                unit=rules.unit,
                lowest_wins=rules.lowest_wins,
                record=record(games[kind]),
                average_total=fmean(totals),
                best_total=min(totals) if rules.lowest_wins else max(totals),
                chart=chart(games[kind]),
            )
        )
    return figures


# ---------------------------------------------------------------------------
# Indian Chief, from the cards


@dataclass(frozen=True)
class MeldFigures:
    """How one meld went for the player: its average score, and the average round it was
    made in (1–7)."""

    meld: Meld
    average_score: float
    average_round: float


@dataclass(frozen=True)
class IndianChiefFigures:
    """What only card-level entry can tell about a player's Indian Chief.

    - `melds`: each meld made at least once, by the average round it was made in,
      earliest first (ties in meld order): the order the player tends to follow.
    - `lawyer_hits`: Lawyers that added up to exactly 25, out of Lawyers made.
    - `doctor_qualifies`: Doctors that met all three conditions (six ranks, a heart, an
      ace), out of Doctors made. A qualifying Doctor always scores 20–60 and any other 0,
      so a score above 0 is the test.
    - `matches_per_beggar`: opponents' cards matched per Beggar Man made.
    - `hand_counts`: how often the best split's poker hand was each class, strongest first.
    - `usual_hand`: the most frequent class; on a tie, the stronger one.
    - `average_hand_rank`: the average rank of the class, from high card (1) to five of a
      kind (10), as HAND_CLASSES orders them.
    """

    games: int
    melds: tuple[MeldFigures, ...]
    lawyer_hits: Rate
    doctor_qualifies: Rate
    matches_per_beggar: float | None
    hand_counts: tuple[tuple[PokerHand, int], ...]
    usual_hand: PokerHand | None
    average_hand_rank: float | None


def indian_chief_figures(name: str, games: Sequence[GameScore]) -> IndianChiefFigures:
    """The player `name`'s card-level figures over these scored games, in each of which
    they sat. Every round played counts; the caller chooses the games."""
    scores: dict[Meld, list[int]] = defaultdict(list)
    rounds: dict[Meld, list[int]] = defaultdict(list)
    matches = 0
    hands: Counter[PokerHand] = Counter()
    for game in games:
        for number, round_score in enumerate(game.rounds, start=1):
            result = round_score.player(name).result
            scores[result.meld].append(result.score)
            rounds[result.meld].append(number)
            matches += len(result.matches)
            if result.split is not None:
                hands[result.split.hand] += 1
    melds = sorted(
        (MeldFigures(meld, fmean(scores[meld]), fmean(rounds[meld])) for meld in scores),
        key=lambda figures: (figures.average_round, figures.meld.size),
    )
    beggars = len(scores[Meld.BEGGAR_MAN])
    ranks = [HAND_CLASSES.index(hand) + 1 for hand in hands.elements()]
    return IndianChiefFigures(
        games=len(games),
        melds=tuple(melds),
        lawyer_hits=Rate(scores[Meld.LAWYER].count(25), len(scores[Meld.LAWYER])),
        doctor_qualifies=Rate(
            sum(score > 0 for score in scores[Meld.DOCTOR]), len(scores[Meld.DOCTOR])
        ),
        matches_per_beggar=matches / beggars if beggars else None,
        hand_counts=tuple((hand, hands[hand]) for hand in PokerHand if hands[hand]),
        usual_hand=max(hands, key=lambda hand: (hands[hand], HAND_CLASSES.index(hand)))
        if hands
        else None,
        average_hand_rank=fmean(ranks) if ranks else None,
    )
