"""The melds a hand could lay, found from its cards for the deadwood solver (`solver`):
sets per rank, runs per suit from the windows their naturals fit, each with every number
of wilds that could fill it, and pure sequences that use a wild-rank card as itself
(`shared/rules/rummy-family.md` §6.3, §7 E10).
"""

from collections.abc import Callable, Sequence
from itertools import product

from games.rules.cards import SUITS, Card
from games.rules.melds import (
    _CAP,
    _HIGH_ACE,
    _LOW_ACE,
    LONG,
    MIN_MELD,
    PURE,
    SEQUENCE,
    SET,
    MeldRules,
)


class Candidates:
    """The meld generation of a hand prepared for the solver (`solver.Hand`, which sets
    the attributes below): each natural type's melds, by the type of their first card."""

    rules: MeldRules
    cards: list[Card]
    kinds: list[str]
    positions: list[list[int]]
    unit: list[int]
    owner: list[int]
    first_wild: int
    wild_count: int
    longest: int

    def _natural_parts(self) -> list[list[tuple[int, list[tuple[int, int, int]]]]]:
        """For each natural type: the natural parts of the melds whose first card it is,
        each with its options (wilds to add, kind, fewest printed jokers among them)."""
        found: dict[int, dict[tuple[int, int], int]] = {}

        def add(types: Sequence[int], wilds: int, kind: int) -> None:
            size = len(types) + wilds
            if size > self.longest:
                return
            jokers_needed = 0 if size <= _CAP else MIN_MELD
            if wilds < jokers_needed:
                return
            if kind & SEQUENCE and size >= 2 * MIN_MELD:
                kind |= LONG
            encoding = sum(self.unit[t] for t in types)
            options = found.setdefault(encoding, {})
            options[(wilds, jokers_needed)] = options.get((wilds, jokers_needed), 0) | kind

        naturals = [
            t for t in range(self.first_wild) if not self.cards[t].is_joker
        ]  # a joker that is not wild melds nowhere
        self._sets(naturals, add)
        self._runs(naturals, add)

        parts: list[list[tuple[int, list[tuple[int, int, int]]]]] = [
            [] for _ in range(self.first_wild)
        ]
        for encoding, options in found.items():
            low = self.owner[(encoding & -encoding).bit_length() - 1]
            parts[low].append(
                (
                    encoding,
                    sorted((wilds, kind, jokers) for (wilds, jokers), kind in options.items()),
                )
            )
        return parts

    def _sets(self, naturals: list[int], add: Callable[[Sequence[int], int, int], None]) -> None:
        rules = self.rules
        by_rank: dict[str, list[int]] = {}
        for t in naturals:
            by_rank.setdefault(self.cards[t].rank, []).append(t)
        for types in by_rank.values():
            # Different types of one rank differ in suit; copies of one card share it.
            most = [1 if rules.set_suits_differ else len(self.positions[t]) for t in types]
            for counts in product(*(range(top + 1) for top in most)):
                chosen = [t for t, count in zip(types, counts, strict=True) for _ in range(count)]
                if not chosen:
                    continue
                top = self.wild_count
                if rules.set_max is not None:
                    top = min(top, rules.set_max - len(chosen))
                for wilds in range(max(0, MIN_MELD - len(chosen)), top + 1):
                    add(chosen, wilds, SET)

    def _runs(self, naturals: list[int], add: Callable[[Sequence[int], int, int], None]) -> None:
        """Every choice of naturals of one suit (one copy per rank) that a window of at most
        `self.longest` ranks holds with the wilds in hand filling its gaps."""
        by_suit: dict[str, list[tuple[int, int]]] = {}
        for t in naturals:
            card = self.cards[t]
            by_suit.setdefault(card.suit, []).append((card.index, t))
            if self.rules.ace_high and card.index == _LOW_ACE:
                by_suit[card.suit].append((_HIGH_ACE, t))
        for slots in by_suit.values():
            slots.sort()
            for start in range(len(slots)):
                self._extend_run(slots, start, start, [slots[start][1]], 0, add)

    def _extend_run(
        self,
        slots: list[tuple[int, int]],
        start: int,
        last: int,
        chosen: list[int],
        gaps: int,
        add: Callable[[Sequence[int], int, int], None],
    ) -> None:
        """Add the run of the naturals `chosen` (slots `start`..`last`, `gaps` ranks missing
        between them) at every length, then every run that goes on from it."""
        first_rank, last_rank = slots[start][0], slots[last][0]
        span = last_rank - first_rank + 1
        for wilds in range(max(MIN_MELD, span) - len(chosen), self.wild_count + 1):
            if len(chosen) + wilds > self.longest:
                break
            add(chosen, wilds, SEQUENCE | (PURE if wilds == 0 else 0))
        for following in range(last + 1, len(slots)):
            rank, t = slots[following]
            more_gaps = gaps + rank - last_rank - 1
            if rank - first_rank + 1 > self.longest or more_gaps > self.wild_count:
                break
            if t in chosen:  # the ace, low and high
                continue
            chosen.append(t)
            self._extend_run(slots, start, following, chosen, more_gaps, add)
            chosen.pop()

    def _pure_with_wild_rank(self) -> list[list[int]]:
        """Pure sequences that use a wild-rank card as itself (§7 E10), 3 to 5 cards long
        (a longer one splits into pure parts), by their first type."""
        found: list[list[int]] = [[] for _ in range(self.first_wild)]
        if self.rules.wild_rank is None:
            return found
        at: dict[tuple[str, int], int] = {}
        for t, card in enumerate(self.cards):
            if self.kinds[t] in ("n", "r") and not card.is_joker:
                at[(card.suit, card.index)] = t
                if self.rules.ace_high and card.index == _LOW_ACE:
                    at[(card.suit, _HIGH_ACE)] = t
        seen: set[int] = set()
        for suit in SUITS:
            for low in range(_LOW_ACE, _HIGH_ACE - MIN_MELD + 2):
                types: list[int] = []
                for rank in range(low, min(low + _CAP, _HIGH_ACE + 1)):
                    found_type = at.get((suit, rank))
                    if found_type is None:
                        break
                    types.append(found_type)
                    if len(types) >= MIN_MELD and any(self.kinds[u] == "r" for u in types):
                        encoding = sum(self.unit[u] for u in types)
                        if encoding not in seen and len(set(types)) == len(types):
                            seen.add(encoding)
                            found[min(types)].append(encoding)
        return found
