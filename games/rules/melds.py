"""The rummy family's melds: what counts as a meld in each game, and checking one meld.

Implements `shared/rules/rummy-family.md`: the meld rules of each game (§1.1 Tong-Its, §2.1
Carousel, §3.2 Three Thirteen, §4.1 Rummy, §5.2 Indian Rummy). The minimum deadwood of a
revealed hand and Indian Rummy's declaration check are `solver`'s.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from games.rules.cards import RANKS, Card, parse_rank
from games.rules.errors import InvalidCard, InvalidInput
from games.rules.text import gettext as _

MIN_MELD = 3
"""Every meld of every game has at least three cards (§1.1, §2.1, §3.2, §4.1, §5.2)."""

LONGEST_RUN = 13
"""A run fits in a window of ranks inside A..K, or 2..A where the ace may be high (§5.2)."""

MAX_CARDS = 20
"""The largest hand the solver takes; every game here deals at most 13 (§3.1, §5)."""

_CAP = 5  # the §6.3.5 meld-size cap, applied as the module docstring explains
_LOW_ACE, _HIGH_ACE = 1, 14

# What a meld can count as. A pure sequence is also a sequence; a sequence of 6+ cards
# (LONG) may count as two (§7 E4).
SET, SEQUENCE, PURE, LONG = 1, 2, 4, 8

_INFINITY = 1 << 62  # "no arrangement": no pure sequence where the life rule needs one


@dataclass(frozen=True)
class MeldRules:
    """What counts as a meld in one game.

    Every meld has at least 3 cards. A set's natural cards share a rank; a run's (a
    sequence's) natural cards share a suit, have different ranks and fit a window of as many
    consecutive ranks as the run has cards, with wild cards filling the gaps or extending the
    ends. The ace is always low (A-2-3) and, with `ace_high`, may instead be high (Q-K-A),
    never both in one run, so runs never wrap (K-A-2) and have at most 13 cards.

    * `set_max`: the largest set, or None for no limit (Three Thirteen, §7 C2).
    * `set_suits_differ`: a set's naturals have pairwise different suits (Indian Rummy's
      `KH KH KS` is no set, §7 E6; Carousel's "different suits", §2.1).
    * `ace_high`: Q-K-A is a run too (Carousel §2.1, Indian Rummy §5.2, §7 E7).
    * `jokers`: printed jokers (`JK`) are wild. Where they are not, a joker melds nowhere.
    * `wild_rank`: every card of this rank is wild (Three Thirteen's rank of the hand, §3.1;
      Indian Rummy's house rule 2, §5.0). A wild-rank card may also act as itself, which
      keeps a sequence pure (§7 E10).
    * `all_wild_melds`: a meld made only of wild cards counts (Three Thirteen, §3.2).
      Otherwise every meld needs a natural card (Indian Rummy §5.2, §7 E5), where a
      wild-rank card acting as itself is one.
    """

    set_max: int | None = 4
    set_suits_differ: bool = True
    ace_high: bool = False
    jokers: bool = False
    wild_rank: str | None = None
    all_wild_melds: bool = False

    def __post_init__(self) -> None:
        if self.wild_rank is not None and self.wild_rank not in RANKS:
            raise InvalidCard(
                _("“{rank}” is not a rank: use A, 2–10, J, Q or K.").format(rank=self.wild_rank)
            )
        if self.set_max is not None and self.set_max < MIN_MELD:
            raise InvalidInput(_("A set has at least {count} cards.").format(count=MIN_MELD))

    def is_wild(self, card: Card) -> bool:
        """A printed joker where jokers are wild, or a card of the wild rank."""
        return (card.is_joker and self.jokers) or card.rank == self.wild_rank


@dataclass(frozen=True)
class Arrangement:
    """One way of laying out a hand: its melds and the deadwood left over.

    Cards keep the hand's order inside each meld and in `unmatched`; melds come in the order
    of their first card in the hand. Jokers and wild cards appear as themselves.
    """

    melds: tuple[tuple[Card, ...], ...]
    unmatched: tuple[Card, ...]
    deadwood: int


# One constructor per game, with the meld rules of the spec.


def tong_its_melds() -> MeldRules:
    """§1.1: sets of 3–4 of a rank, runs of 3+ of one suit, ace low only (`A23`, never `QKA`
    or `KA2`); one deck and no jokers."""
    return MeldRules(set_max=4, ace_high=False)


def carousel_melds() -> MeldRules:
    """§2.1: sets of 3–4 of a rank in different suits, runs of 3+ of one suit with the ace at
    either end (`A23`, `JQKA`, never `KA2`), printed jokers wild.

    Scoring never uses them (§2.3, §7 B1); they are here for completeness. The spec does not
    say whether jokers alone make a meld; they do not here, which is moot, since a Carousel
    game has at most two jokers (§0.3)."""
    return MeldRules(set_max=4, ace_high=True, jokers=True)


def three_thirteen_melds(wild_rank: str, jokers: bool = False) -> MeldRules:
    """§3.2: sets of 3 or more cards whose naturals share a rank, suits may repeat and there
    is no maximum (§7 C2); runs of 3+ of one suit, ace low, no wrap; the hand's wild rank is
    wild, with no limit to the wilds in a meld, and melds of wilds alone count. `jokers`:
    the house plays printed jokers, wild as the wild rank is (H41)."""
    return MeldRules(
        set_max=None,
        set_suits_differ=False,
        ace_high=False,
        jokers=jokers,
        wild_rank=parse_rank(wild_rank),
        all_wild_melds=True,
    )


def rummy_melds() -> MeldRules:
    """§4.1: sets of 3–4 of a kind, runs of 3+ of one suit, ace low, no wrap.

    Scoring never uses them (§4.3, §7 D1); they are here for completeness."""
    return MeldRules(set_max=4, ace_high=False)


def indian_rummy_melds(jokers: bool = True, wild_rank: str | None = None) -> MeldRules:
    """§5.2: sequences of 3+ of one suit with the ace low or high but not both (`A23`, `QKA`,
    never `KA2`, §7 E7), pure when no card acts as a joker; sets of 3–4 of a rank in
    different suits (§7 E6); every meld needs a natural card (§7 E5). `jokers`: printed
    jokers are in play (house rule 1 turns them off); `wild_rank`: house rule 2 (§7 E10)."""
    return MeldRules(
        set_max=4,
        set_suits_differ=True,
        ace_high=True,
        jokers=jokers,
        wild_rank=None if wild_rank is None else parse_rank(wild_rank),
        all_wild_melds=False,
    )


# Checking one meld.


def meld_kind(cards: Sequence[Card], rules: MeldRules) -> int:
    """What these cards can count as together: a combination of SET, SEQUENCE and PURE (a
    pure sequence, §5.2), or 0 when they are no meld at all."""
    size = len(cards)
    if size < MIN_MELD:
        return 0
    naturals: list[Card] = []
    acting: list[Card] = []  # wild-rank cards, which may act as themselves (§7 E10)
    jokers = 0
    for card in cards:
        if card.is_joker:
            if not rules.jokers:
                return 0
            jokers += 1
        elif card.rank == rules.wild_rank:
            acting.append(card)
        else:
            naturals.append(card)
    kind = 0
    if naturals:
        # A wild can take any place, its own included, so every wild acts as a wild here.
        if _is_set(naturals, size, rules):
            kind |= SET
        if _fits_run(naturals, size, rules):
            kind |= SEQUENCE
    elif rules.all_wild_melds or acting:
        # Wilds alone (§3.2), or one wild-rank card acting as itself with the rest as wilds.
        if rules.set_max is None or size <= rules.set_max:
            kind |= SET
        if size <= LONGEST_RUN:
            kind |= SEQUENCE
    if kind & SEQUENCE and not jokers and _is_pure_run(cards, rules):
        kind |= PURE
    return kind


def is_meld(cards: Sequence[Card], rules: MeldRules) -> bool:
    """Whether these cards form one valid set or run under the game's rules."""
    return meld_kind(cards, rules) != 0


def is_sequence(cards: Sequence[Card], rules: MeldRules) -> bool:
    """Whether these cards form a run (a sequence), pure or not (§5.2)."""
    return bool(meld_kind(cards, rules) & SEQUENCE)


def is_pure_sequence(cards: Sequence[Card], rules: MeldRules) -> bool:
    """Whether these cards form a sequence with no card acting as a joker (§5.2, §7 E10)."""
    return bool(meld_kind(cards, rules) & PURE)


def _is_set(naturals: Sequence[Card], size: int, rules: MeldRules) -> bool:
    if rules.set_max is not None and size > rules.set_max:
        return False
    if len({card.rank for card in naturals}) != 1:
        return False
    return not rules.set_suits_differ or len({card.suit for card in naturals}) == len(naturals)


def _fits_run(naturals: Sequence[Card], size: int, rules: MeldRules) -> bool:
    """Naturals of one suit, different ranks, inside a window of `size` ranks."""
    if size > LONGEST_RUN or len({card.suit for card in naturals}) != 1:
        return False
    ranks = [card.index for card in naturals]
    if len(set(ranks)) != len(ranks):
        return False
    if max(ranks) - min(ranks) < size:
        return True
    if rules.ace_high and _LOW_ACE in ranks:
        high = [_HIGH_ACE if rank == _LOW_ACE else rank for rank in ranks]
        return max(high) - min(high) < size
    return False


def _is_pure_run(cards: Sequence[Card], rules: MeldRules) -> bool:
    """Every card as itself: one suit, consecutive different ranks (§5.2)."""
    if any(card.is_joker for card in cards) or len({card.suit for card in cards}) != 1:
        return False
    ranks = sorted(card.index for card in cards)
    if ranks == list(range(ranks[0], ranks[0] + len(ranks))):
        return True
    if rules.ace_high and ranks[0] == _LOW_ACE:
        high = [*ranks[1:], _HIGH_ACE]
        return high == list(range(high[0], high[0] + len(high)))
    return False
