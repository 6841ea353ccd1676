"""Gin Rummy's melds, worked on bit masks: a hand's least deadwood, every spread of it that
reaches that least, and the defender's best lay-offs onto the knocker's spread
(`shared/rules/gin-rummy.md` §1, §3, §9).

One deck and no jokers, so a hand is a set of cards: bit `13 × suit + rank` (suits in the
order S H D C, ranks A = 0 … K = 12) stands for one card. A meld is a mask too: a set of 3
or 4 cards of one rank (G2), or a run of 3 or more cards of one suit, ace low only (G1).

* The least deadwood of a mask is a DP over masks (rummy-family.md §6's optimiser, on bits):
  the lowest card left is deadwood, or it is the lowest card of one of the melds that fit.
  Every call keeps its own memo, which the knocker's spreads and every lay-off share.
* The knocker's spreads (G5, G7) are every packing of disjoint melds whose deadwood is that
  least, found by the same recursion pruned with the DP's bound.
* The defender's lay-offs (G6) onto one spread: each knocker meld takes nothing or, a
  3-card set, its fourth card; a run, a chain of the defender's cards below it and one above
  it (8♠ then 9♠ onto 5-6-7♠). Every choice over the melds that uses each card once is
  tried, and the defender's own least deadwood of the cards kept decides (§9). A choice that
  lays off more cards for the same count is not taken: a lay-off that does not pay is not
  made (§3.7).
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from games.rules.cards import RANKS, SUITS, Card

CARDS = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)
INDEX = {card: index for index, card in enumerate(CARDS)}
VALUES = tuple(card.face_value for card in CARDS)
_RANKS = len(RANKS)
_SETS_OF = tuple(
    sum(1 << (suit * _RANKS + rank) for suit in range(len(SUITS))) for rank in range(13)
)


def _every_meld() -> list[int]:
    melds = []
    for rank in range(_RANKS):
        bits = [1 << (suit * _RANKS + rank) for suit in range(len(SUITS))]
        melds += [sum(chosen) for size in (3, 4) for chosen in combinations(bits, size)]
    for suit in range(len(SUITS)):
        for low in range(_RANKS):
            for high in range(low + 2, _RANKS):
                melds.append(sum(1 << (suit * _RANKS + rank) for rank in range(low, high + 1)))
    return melds


def _by_lowest_card(melds: Iterable[int]) -> tuple[tuple[int, ...], ...]:
    found: list[list[int]] = [[] for _ in CARDS]
    for meld in melds:
        found[lowest(meld)].append(meld)
    return tuple(tuple(melds) for melds in found)


def lowest(mask: int) -> int:
    """The index of the lowest card of a non-empty mask."""
    return (mask & -mask).bit_length() - 1


# Every meld one deck holds (65 sets, 264 runs), by the index of its lowest card.
MELDS_FROM = _by_lowest_card(_every_meld())


def mask_of(cards: Iterable[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << INDEX[card]
    return mask


def indexes(mask: int) -> list[int]:
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def value(mask: int) -> int:
    return sum(VALUES[index] for index in indexes(mask))


def in_order(mask: int, hand: Sequence[Card]) -> tuple[Card, ...]:
    """The cards of `mask`, in the order the hand holds them."""
    return tuple(card for card in hand if mask >> INDEX[card] & 1)


def is_set(meld: int) -> bool:
    return meld & _SETS_OF[lowest(meld) % _RANKS] == meld


def is_meld(mask: int) -> bool:
    """Whether these cards are one set of 3–4 or one run of 3 or more (G1, G2)."""
    return mask in MELDS_FROM[lowest(mask)] if mask else False


class Deadwood:
    """The least deadwood of any cards (by mask), each answer kept for the next question."""

    def __init__(self) -> None:
        self.memo: dict[int, int] = {0: 0}

    def __call__(self, mask: int) -> int:
        found = self.memo.get(mask)
        if found is not None:
            return found
        first = lowest(mask)
        best = VALUES[first] + self(mask ^ (1 << first))
        for meld in MELDS_FROM[first]:
            if meld & mask == meld:
                left = self(mask ^ meld)
                if left < best:
                    best = left
                    if not best:
                        break
        self.memo[mask] = best
        return best

    def melds(self, mask: int) -> list[int]:
        """The melds of one arrangement reaching the least deadwood: as many cards melded
        as any such arrangement has, where two reach it (a meld, rather than its cards
        left over)."""
        melds = []
        while mask:
            target = self(mask)
            first = lowest(mask)
            meld = next(
                (m for m in MELDS_FROM[first] if m & mask == m and self(mask ^ m) == target),
                None,
            )
            if meld is None:
                mask ^= 1 << first
            else:
                melds.append(meld)
                mask ^= meld
        return melds

    def spreads(self, mask: int) -> list[tuple[int, ...]]:
        """Every packing of disjoint melds of these cards whose deadwood is the least (G5)."""
        target = self(mask)
        found: list[tuple[int, ...]] = []

        def walk(left: int, melds: tuple[int, ...], dead: int) -> None:
            if not left:
                found.append(melds)
                return
            first = lowest(left)
            alone = left ^ (1 << first)
            if dead + VALUES[first] + self(alone) <= target:
                walk(alone, melds, dead + VALUES[first])
            for meld in MELDS_FROM[first]:
                if meld & left == meld and dead + self(left ^ meld) <= target:
                    walk(left ^ meld, (*melds, meld), dead)

        walk(mask, (), 0)
        return found


def layoff_choices(meld: int, defender: int) -> list[int]:
    """What the defender may lay off on one knocker meld, each choice a mask (the first
    lays off nothing): a 3-card set's fourth card; a run's chain of cards below it and
    chain above it, each as long as the defender's cards go on (G6). Nothing goes on a
    4-card set."""
    if is_set(meld):
        fourth = _SETS_OF[lowest(meld) % _RANKS] & ~meld
        return [0, fourth] if fourth & defender else [0]
    first, last = lowest(meld), meld.bit_length() - 1
    suit_low = first - first % _RANKS
    downs, chain, below = [0], 0, first - 1
    while below >= suit_low and defender >> below & 1:
        chain |= 1 << below
        downs.append(chain)
        below -= 1
    ups, chain, above = [0], 0, last + 1
    while above < suit_low + _RANKS and defender >> above & 1:
        chain |= 1 << above
        ups.append(chain)
        above += 1
    return [down | up for down in downs for up in ups]


@dataclass(frozen=True)
class Layoffs:
    """The defender's best lay-offs onto one spread: the count left (D), and what went on
    each knocker meld (a mask a meld, in the spread's order)."""

    deadwood: int
    laid: tuple[int, ...]

    @property
    def cards(self) -> int:
        mask = 0
        for laid in self.laid:
            mask |= laid
        return mask


def best_layoffs(spread: Sequence[int], defender: int, least: Deadwood) -> Layoffs:
    """The least deadwood the defender can reach over every arrangement of their own melds
    and every choice of lay-offs onto the spread (G6), with the fewest cards laid off
    among those that reach it (§3.7)."""
    choices = [layoff_choices(meld, defender) for meld in spread]
    best = Layoffs(least(defender), (0,) * len(spread))
    fewest = 0
    laid: list[int] = []

    def walk(used: int) -> None:
        nonlocal best, fewest
        if len(laid) == len(choices):
            if used:
                count = least(defender & ~used)
                spent = used.bit_count()
                if count < best.deadwood or (count == best.deadwood and spent < fewest):
                    best, fewest = Layoffs(count, tuple(laid)), spent
            return
        for choice in choices[len(laid)]:
            if not choice & used:
                laid.append(choice)
                walk(used | choice)
                laid.pop()

    walk(0)
    return best


@dataclass(frozen=True)
class Show:
    """A knock laid out: the knocker's spread chosen (G7), their deadwood K and the
    defender's best lay-offs onto it."""

    spread: tuple[int, ...]
    knocker_deadwood: int
    layoffs: Layoffs


def knock(knocker: int, defender: int) -> Show:
    """The knocker's least-deadwood spread that leaves the defender the most (G5, G7), and
    the defender's best lay-offs onto it (G6). Spreads that offer the defender the same
    lay-offs (a long run kept whole or split) are weighed once."""
    least = Deadwood()
    knocked = least(knocker)
    best: Show | None = None
    weighed: set[tuple[tuple[int, ...], ...]] = set()
    for spread in least.spreads(knocker):
        offered = tuple(sorted(tuple(layoff_choices(meld, defender)) for meld in spread))
        if offered in weighed:
            continue
        weighed.add(offered)
        layoffs = best_layoffs(spread, defender, least)
        if best is None or layoffs.deadwood > best.layoffs.deadwood:
            best = Show(spread, knocked, layoffs)
    if best is None:  # no cards at all: nothing to lay off on
        return Show((), knocked, Layoffs(least(defender), ()))
    return best
