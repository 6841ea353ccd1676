"""What only card-level entry can tell about a player's Indian Chief: the order they make
the melds in, how often the Lawyer hits 25 and the Doctor qualifies, the Beggar Man's
matches and the Indian Chief's poker hands. Worked out from the grids of finished games
scored from their cards (the kind's `figures` hook).
"""

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from statistics import fmean

from games.rules.figures import Fact, Figures, FigureTable, Rate
from games.rules.indian_chief.melds import Meld, PokerHand
from games.rules.kind import Standings
from games.rules.text import gettext as _
from games.rules.text import pgettext

# The hand classes from weakest to strongest: a class's rank is its place here counted
# from 1, so high card is 1 and five of a kind 10 (the order of their points).
HAND_CLASSES = tuple(reversed(PokerHand))


@dataclass(frozen=True)
class MeldFigures:
    """How one meld went for the player: its average score, and the average round it was
    made in (1–7)."""

    meld: Meld
    average_score: float
    average_round: float


@dataclass(frozen=True)
class IndianChiefFigures(Figures):
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

    name: str
    melds: tuple[MeldFigures, ...]
    lawyer_hits: Rate
    doctor_qualifies: Rate
    matches_per_beggar: float | None
    hand_counts: tuple[tuple[PokerHand, int], ...]
    usual_hand: PokerHand | None
    average_hand_rank: float | None

    @property
    def heading(self) -> str:
        return _("Indian Chief, card by card")

    @property
    def table(self) -> FigureTable:
        return FigureTable(
            # Translators: {name} is a player's name.
            caption=_("The melds in the order {name} usually makes them").format(name=self.name),
            columns=(
                pgettext("Indian Chief", "Meld"),
                _("Average score"),
                _("Average round"),
            ),
            rows=tuple(
                (str(meld.meld.label), _number(meld.average_score), _number(meld.average_round))
                for meld in self.melds
            ),
        )

    @property
    def facts(self) -> tuple[Fact, ...]:
        facts = []
        for term, rate in (
            (_("Lawyer adds up to exactly 25"), self.lawyer_hits),
            (_("Doctor qualifies (six ranks, a heart, an ace)"), self.doctor_qualifies),
        ):
            if rate.out_of:
                # Translators: such as "5 of 8 (63%)": Lawyers that hit 25 out of Lawyers
                # made.
                says = _("{count} of {out_of} ({percent}%)").format(
                    count=rate.count, out_of=rate.out_of, percent=rate.percent
                )
                facts.append(Fact(term, says))
        if self.matches_per_beggar is not None:
            facts.append(
                Fact(
                    _("Beggar Man matches"),
                    # Translators: {average} is a number such as "2.5" or "3".
                    _("{average} opponents' cards per Beggar Man").format(
                        average=_number(self.matches_per_beggar)
                    ),
                )
            )
        if self.usual_hand is not None and self.average_hand_rank is not None:
            counts = " · ".join(
                f"{_capitalized(str(hand.label))} {count}" for hand, count in self.hand_counts
            )
            facts.append(
                Fact(
                    _("Indian Chief poker hand"),
                    # Translators: {hand} is a poker hand's name ("two pair"), {average} a
                    # number such as "3.5".
                    _(
                        "Most often {hand}; average class {average} from high card (1) to "
                        "five of a kind (10)."
                    ).format(hand=self.usual_hand.label, average=_number(self.average_hand_rank)),
                    counts,
                )
            )
        return tuple(facts)


def _capitalized(name: str) -> str:
    """A name with its first letter capitalized, as a list starts it: "Two pair"."""
    return f"{name[:1].upper()}{name[1:]}"


def _number(value: float) -> str:
    """A figure as the page shows it: one decimal, a half rounded up; none for a whole
    number."""
    exact = Decimal(repr(value))
    if exact == exact.to_integral_value():
        return str(int(exact))
    return str(exact.quantize(Decimal("0.1"), ROUND_HALF_UP))


def indian_chief_figures(name: str, games: Sequence[Standings]) -> IndianChiefFigures:
    """The player `name`'s card-level figures over these scored games, in each of which
    they sat. Every round played counts; the caller chooses the games."""
    scores: dict[Meld, list[int]] = defaultdict(list)
    rounds: dict[Meld, list[int]] = defaultdict(list)
    matches = 0
    hands: Counter[PokerHand] = Counter()
    for game in games:
        if game.grid is None:
            continue
        for made in game.grid.made_by(game.players.index(name)):
            meld = Meld(made.anchor)
            scores[meld].append(made.score)
            rounds[meld].append(made.number)
            matches += made.matches
            if made.hand:
                hands[PokerHand(made.hand)] += 1
    melds = sorted(
        (MeldFigures(meld, fmean(scores[meld]), fmean(rounds[meld])) for meld in scores),
        key=lambda figures: (figures.average_round, figures.meld.size),
    )
    beggars = len(scores[Meld.BEGGAR_MAN])
    ranks = [HAND_CLASSES.index(hand) + 1 for hand in hands.elements()]
    return IndianChiefFigures(
        games=len(games),
        name=name,
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
