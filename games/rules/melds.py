"""The rummy family's meld/deadwood solver, shared by every game that needs one.

Implements `shared/rules/rummy-family.md`: the meld rules of each game (§1.1 Tong-Its, §2.1
Carousel, §3.2 Three Thirteen, §4.1 Rummy, §5.2 Indian Rummy), the minimum deadwood of a
revealed hand (§1.2, §3.3, §5.4) and Indian Rummy's declaration check (§5.2, §5.3). The
algorithm is the exact subset DP of §6.3; card values are the caller's business (§0.5), so
every entry point that needs them takes a `value` function.

How it works (§6.3, with two of its optional speed-ups):

* Cards are handled by position (§0.3): copies of one card from several decks are several
  cards. Identical cards are interchangeable, so the DP's state is the multiset of cards
  still to place, packed into one integer with a small bit field per distinct card (§6.3.5,
  "memoise per canonical multiset"). Wilds that can only ever act as wilds count as one
  kind of card per value: Three Thirteen's (all-wild melds count, so a wild never needs to
  act as itself, §3.2), and Indian Rummy's wild-rank cards that no pure sequence of the
  hand could hold as themselves (§7 E10).
* Melds are generated from the hand rather than tested subset by subset: sets per rank,
  runs per suit from the windows their naturals fit, each with every way of taking the
  missing cards from the wilds in hand, then pure sequences that use a wild-rank card as
  itself (§7 E10).
* f(cards left) = the smaller of: the first card left is deadwood, or it is in one of the
  melds whose first card it is (§6.3.2); with no negative card values a state that reaches
  0 stops looking. The argmin is kept so the arrangement comes back
  (§6.3.7). Indian Rummy's life rule adds one state bit, "still needs a pure sequence"
  (§5.4, §6.3.3); the declaration check is a boolean DP over (cards left, sequences so far
  up to 2, has a pure one) that must cover every card (§5.2, §6.3.3).
* Meld size is capped at 5 (§6.3.5) only where that provably changes nothing: a longer meld
  holding at most two printed jokers splits into consecutive parts of 3–5 cards, each a valid
  meld with a natural card (a part of 3 or more cards cannot be all jokers), every part of a
  pure sequence is pure and every part of a sequence is a sequence. Longer melds with three
  or more jokers are kept, as they may not split (5C with five jokers). In a game where
  all-wild melds count (Three Thirteen) every long meld splits.
"""

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise, product

from games.rules.cards import RANKS, SUITS, Card, parse_rank
from games.rules.errors import InvalidCard, InvalidInput

MIN_MELD = 3
"""Every meld of every game has at least three cards (§1.1, §2.1, §3.2, §4.1, §5.2)."""

LONGEST_RUN = 13
"""A run fits in a window of ranks inside A..K, or 2..A where the ace may be high (§5.2)."""

MAX_CARDS = 20
"""The largest hand the solver takes; every game here deals at most 13 (§3.1, §5)."""

_CAP = 5  # the §6.3.5 meld-size cap, applied as the module docstring explains
_LOW_ACE, _HIGH_ACE = 1, 14

# What a meld can count as. A pure sequence is also a sequence.
SET, SEQUENCE, PURE = 1, 2, 4

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
            raise InvalidCard(f"“{self.wild_rank}” is not a rank: use A, 2–10, J, Q or K.")
        if self.set_max is not None and self.set_max < MIN_MELD:
            raise InvalidInput(f"A set has at least {MIN_MELD} cards.")

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


def three_thirteen_melds(wild_rank: str) -> MeldRules:
    """§3.2: sets of 3 or more cards whose naturals share a rank, suits may repeat and there
    is no maximum (§7 C2); runs of 3+ of one suit, ace low, no wrap; the hand's wild rank is
    wild, with no limit to the wilds in a meld, and melds of wilds alone count."""
    return MeldRules(
        set_max=None,
        set_suits_differ=False,
        ace_high=False,
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


# The solver.


def best_arrangement(
    cards: Sequence[Card],
    rules: MeldRules,
    value: Callable[[Card], int],
    *,
    need_pure_sequence: bool = False,
) -> Arrangement:
    """Minimum deadwood over all arrangements of disjoint melds (cards by position, so
    duplicates from several decks work). need_pure_sequence: Indian Rummy's life rule for a
    non-winner (§5.4) — if no arrangement contains a pure sequence, melds=() and every card
    is unmatched.

    With the life rule, only arrangements holding a pure sequence count, and every other
    set or sequence in them counts too, no second sequence needed (§7 E1–E3). Among
    arrangements of equal deadwood the one leaving the fewest cards unmatched is returned
    (a joker worth 0 is shown in a meld rather than as deadwood); beyond that which one comes
    back is not specified (api.md §3.2).
    """
    _check_size(cards)
    hand = _Hand(cards, rules, merge_wilds=not need_pure_sequence, value=value)
    if need_pure_sequence and not hand.has_pure_sequence():
        return Arrangement((), tuple(cards), sum(value(card) for card in cards))
    cost, path = hand.minimum(need_pure_sequence)
    if cost >= _INFINITY // 2:
        return Arrangement((), tuple(cards), sum(value(card) for card in cards))
    melds, unmatched = hand.lay_out(path, need_pure_sequence)
    return Arrangement(melds, unmatched, sum(value(card) for card in unmatched))


def can_declare(cards: Sequence[Card], rules: MeldRules) -> bool:
    """Indian Rummy: every card melded, with ≥ 2 sequences of which ≥ 1 is pure (§5.2).

    A run of 6 or more may count as two sequences (§7 E4): the solver considers its halves
    as melds of their own."""
    _check_size(cards)
    return _Hand(cards, rules, merge_wilds=False, value=None).declarable()


def _check_size(cards: Sequence[Card]) -> None:
    if len(cards) > MAX_CARDS:
        raise InvalidInput(f"The meld solver takes at most {MAX_CARDS} cards, not {len(cards)}.")


_Move = tuple[int, int]  # (the cards left after laying this meld, its kind)
_Wilds = tuple[int, int, bool]  # (the wilds taken, how many printed jokers, any wild-rank card)


class _Hand:
    """One hand prepared for the DP.

    Each distinct kind of card (a card identity, or for merged wilds one value) is a "type"
    with a bit field in the state wide enough for its count plus a guard bit, so that "does
    meld M fit in state S" is one subtraction: no field borrows iff the guard bits survive.
    Naturals come first and wilds last, so the first card left is a wild only when nothing
    but wilds is left.
    """

    def __init__(
        self,
        cards: Sequence[Card],
        rules: MeldRules,
        *,
        merge_wilds: bool,
        value: Callable[[Card], int] | None,
    ) -> None:
        self.rules = rules
        self.hand = list(cards)
        self.size = len(cards)
        # Group the positions by type. Key: ("n", card) a natural, or a joker that is not
        # wild; ("r", card) a wild-rank card that may act as itself in a pure sequence;
        # ("a", value) wild-rank cards of one value that can join no pure sequence here, so
        # that they only ever act as wilds or as a meld's lone natural, where the suit does
        # not matter; ("j", card) a printed joker; ("w", value) Three Thirteen's wilds of one
        # value, which never need to act as themselves (§6.3.5: interchangeable wilds).
        in_pure = _wild_rank_cards_in_pure_runs(cards, rules)
        groups: dict[tuple[str, object], list[int]] = {}
        for position, card in enumerate(cards):
            key: tuple[str, object]
            if not rules.is_wild(card):
                key = ("n", card)
            elif merge_wilds and rules.all_wild_melds and value is not None:
                key = ("w", value(card))
            elif card.is_joker:
                key = ("j", card)
            elif card in in_pure:
                key = ("r", card)
            else:
                key = ("a", None if value is None else value(card))
            groups.setdefault(key, []).append(position)
        order = {"n": 0, "r": 1, "a": 2, "j": 3, "w": 3}
        keys = sorted(groups, key=lambda key: (order[key[0]], _sort_key(key, cards, groups)))
        self.positions = [groups[key] for key in keys]
        self.cards = [cards[groups[key][0]] for key in keys]
        self.kinds = [key[0] for key in keys]
        self.values = [0 if value is None else value(card) for card in self.cards]
        self.first_wild = sum(1 for kind in self.kinds if kind == "n")

        self.shift: list[int] = []
        self.unit: list[int] = []
        self.count_mask: list[int] = []  # a field's count bits, below its guard bit
        self.owner: list[int] = []  # bit position -> type
        self.guard = 0
        self.full = 0
        offset = 0
        for index, positions in enumerate(self.positions):
            width = len(positions).bit_length() + 1
            self.shift.append(offset)
            self.unit.append(1 << offset)
            self.count_mask.append((1 << (width - 1)) - 1)
            self.owner.extend([index] * width)
            self.guard |= 1 << (offset + width - 1)
            self.full += len(positions) << offset
            offset += width
        self.wild_shift = self.shift[self.first_wild] if self.first_wild < len(keys) else offset
        self.wild_types = list(range(self.first_wild, len(keys)))
        self.wild_count = sum(len(self.positions[t]) for t in self.wild_types)
        self.joker_count = sum(len(self.positions[t]) for t in self.wild_types if self._joker(t))
        # A meld longer than the cap is only needed with 3+ jokers and no all-wild melds.
        self.longest = (
            LONGEST_RUN if not rules.all_wild_melds and self.joker_count >= MIN_MELD else _CAP
        )
        self.parts = self._natural_parts()
        self.pure_with_wild_rank = self._pure_with_wild_rank()
        self._subsets: dict[tuple[int, int, int], list[_Wilds]] = {}
        self._moves: dict[int, list[_Move]] = {}
        self._wild_totals: dict[int, int] = {}

    def _joker(self, index: int) -> bool:
        return self.kinds[index] == "j" or (self.kinds[index] == "w" and self.cards[index].is_joker)

    # Meld generation.

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

    def _wild_subsets(self, wilds_left: int, count: int, jokers_needed: int) -> list[_Wilds]:
        """Every way of taking `count` wilds out of the wild part of the state."""
        key = (wilds_left, count, jokers_needed)
        cached = self._subsets.get(key)
        if cached is not None:
            return cached
        base = self.wild_shift
        types = [
            (
                (wilds_left >> (self.shift[t] - base)) & self.count_mask[t],
                self.unit[t],
                self._joker(t),
                self.kinds[t] in ("r", "a"),
            )
            for t in self.wild_types
        ]
        types = [entry for entry in types if entry[0]]
        found: list[_Wilds] = []

        def take(index: int, left: int, encoding: int, jokers: int, acting: bool) -> None:
            if left == 0:
                if jokers >= jokers_needed:
                    found.append((encoding, jokers, acting))
                return
            if index == len(types):
                return
            available, unit, joker, rank_card = types[index]
            for taken in range(min(available, left), -1, -1):
                take(
                    index + 1,
                    left - taken,
                    encoding + taken * unit,
                    jokers + (taken if joker else 0),
                    acting or (rank_card and taken > 0),
                )

        take(0, count, 0, 0, False)
        self._subsets[key] = found
        return found

    def moves(self, state: int) -> list[_Move]:
        """Every meld holding the first card left that fits in `state`, as (state after,
        kind). Cached, as the life rule visits a state with and without its flag."""
        cached = self._moves.get(state)
        if cached is not None:
            return cached
        first = self.owner[(state & -state).bit_length() - 1]
        guard = self.guard
        probe = state | guard
        wilds_left = state >> self.wild_shift
        found: list[_Move] = []
        if first < self.first_wild:
            available = self._wilds_in(wilds_left)
            subsets = self._subsets
            for encoding, options in self.parts[first]:
                if (probe - encoding) & guard != guard:
                    continue
                after = state - encoding
                for wilds, kind, jokers in options:  # fewest wilds first
                    if wilds == 0:
                        found.append((after, kind))
                        continue
                    if wilds > available:
                        break
                    taken = subsets.get((wilds_left, wilds, jokers))
                    if taken is None:
                        taken = self._wild_subsets(wilds_left, wilds, jokers)
                    found.extend([(after - wild, kind) for wild, _, _ in taken])
            for encoding in self.pure_with_wild_rank[first]:
                if (probe - encoding) & guard == guard:
                    found.append((state - encoding, SEQUENCE | PURE))
        else:
            found.extend(self._wild_melds(state, first))
        self._moves[state] = found
        return found

    def _wilds_in(self, wilds_left: int) -> int:
        """How many wild cards the wild part of a state holds."""
        count = self._wild_totals.get(wilds_left)
        if count is None:
            base = self.wild_shift
            count = sum(
                (wilds_left >> (self.shift[t] - base)) & self.count_mask[t] for t in self.wild_types
            )
            self._wild_totals[wilds_left] = count
        return count

    def _wild_melds(self, state: int, first: int) -> Iterator[_Move]:
        """Melds of wilds alone: Three Thirteen's (§3.2), or elsewhere one wild-rank card
        acting as itself with wilds around it (§5.2)."""
        rules = self.rules
        one = self.unit[first]
        rest = (state - one) >> self.wild_shift
        first_acts = self.kinds[first] in ("r", "a")
        first_joker = 1 if self._joker(first) else 0
        left = self._wilds_in(state >> self.wild_shift)
        for size in range(MIN_MELD, min(left, self.longest) + 1):
            needed = 0 if size <= _CAP else MIN_MELD - first_joker
            for taken, _, acting in self._wild_subsets(rest, size - 1, max(0, needed)):
                if rules.all_wild_melds or first_acts or acting:
                    yield (state - one - taken, SEQUENCE)

    # The two DPs.

    def minimum(self, need_pure: bool) -> tuple[int, list[int]]:
        """The least cost and the states on its path. Cost = deadwood × (cards + 1) + cards
        unmatched, so that ties go to the arrangement with fewer unmatched cards."""
        scale = self.size + 1
        owner, unit, values = self.owner, self.unit, self.values
        moves = self.moves
        memo: dict[int, tuple[int, int]] = {0: (0, -1), 1: (_INFINITY, -1)}
        # With no negative card values nothing beats 0 (every card left melded), so a state
        # that reaches it need not look further.
        floor = 0 if min(values, default=0) >= 0 else -_INFINITY

        def solve(key: int) -> int:
            hit = memo.get(key)
            if hit is not None:
                return hit[0]
            state, need = key >> 1, key & 1
            best, best_next = _INFINITY * 2, -1
            for after, kind in moves(state):
                following = after << 1 | (0 if kind & PURE else need)
                cost = solve(following)
                if cost < best:
                    best, best_next = cost, following
                    if cost == floor:
                        memo[key] = (best, best_next)
                        return best
            first = owner[(state & -state).bit_length() - 1]
            following = (state - unit[first]) << 1 | need
            cost = values[first] * scale + 1 + solve(following)
            if cost < best:
                best, best_next = cost, following
            memo[key] = (best, best_next)
            return best

        start = self.full << 1 | int(need_pure)
        cost = solve(start)
        path = [start]
        while path[-1] > 1:
            path.append(memo[path[-1]][1])
        return cost, [key >> 1 for key in path]

    def has_pure_sequence(self) -> bool:
        """Whether any pure sequence can be formed from these cards at all."""
        return any(self.pure_with_wild_rank) or any(
            kind & PURE for parts in self.parts for _, options in parts for _, kind, _ in options
        )

    def declarable(self) -> bool:
        """Whether melds can cover every card with 2 sequences, one of them pure."""
        if not self.has_pure_sequence():
            return False
        moves = self.moves
        memo: dict[int, bool] = {}

        def cover(state: int, sequences: int, pure: int) -> bool:
            if state == 0:
                return sequences >= 2 and pure == 1
            key = state << 3 | sequences << 1 | pure
            hit = memo.get(key)
            if hit is not None:
                return hit
            result = False
            for after, kind in moves(state):
                more = min(2, sequences + (1 if kind & SEQUENCE else 0))
                if cover(after, more, 1 if kind & PURE else pure):
                    result = True
                    break
            memo[key] = result
            return result

        return cover(self.full, 0, 0)

    def lay_out(
        self, path: list[int], need_pure: bool
    ) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
        """Turn the DP's path back into cards: each step lays a meld or one unmatched card;
        copies of a type are handed out in hand order. Melds that the size cap split are
        joined again, so that people see one run A-8 rather than A-3 and 4-8."""
        handed = [0] * len(self.positions)
        melds: list[list[int]] = []
        unmatched: list[int] = []
        for before, after in pairwise(path):
            taken: list[int] = []
            for t, positions in enumerate(self.positions):
                count = ((before - after) >> self.shift[t]) & self.count_mask[t]
                taken.extend(positions[handed[t] : handed[t] + count])
                handed[t] += count
            if len(taken) == 1:
                unmatched.extend(taken)
            else:
                melds.append(sorted(taken))
        hand = self.hand
        melds = self._joined(melds, need_pure)
        laid = tuple(tuple(hand[p] for p in meld) for meld in sorted(melds))
        return laid, tuple(hand[p] for p in sorted(unmatched))

    def _joined(self, melds: list[list[int]], need_pure: bool) -> list[list[int]]:
        """Join two melds while together they make one, keeping a pure sequence if the life
        rule needs one. The deadwood stays the same."""
        hand, rules = self.hand, self.rules
        kinds = [meld_kind([hand[p] for p in meld], rules) for meld in melds]
        joined = True
        while joined:
            joined = False
            for i, j in combinations(range(len(melds)), 2):
                union = sorted(melds[i] + melds[j])
                kind = meld_kind([hand[p] for p in union], rules)
                if not kind:
                    continue
                others = [k for n, k in enumerate(kinds) if n not in (i, j)]
                if need_pure and not (kind & PURE or any(k & PURE for k in others)):
                    continue
                melds = [m for n, m in enumerate(melds) if n not in (i, j)] + [union]
                kinds = [*others, kind]
                joined = True
                break
        return melds


def _sort_key(
    key: tuple[str, object], cards: Sequence[Card], groups: dict[tuple[str, object], list[int]]
) -> tuple[int, int, int]:
    """Naturals by suit then rank, so a run's cards sit near each other; ties by position."""
    card = cards[groups[key][0]]
    suit = SUITS.index(card.suit) if card.suit in SUITS else len(SUITS)
    rank = RANKS.index(card.rank) if card.rank in RANKS else len(RANKS)
    return (suit, rank, groups[key][0])


def _wild_rank_cards_in_pure_runs(cards: Sequence[Card], rules: MeldRules) -> set[Card]:
    """The wild-rank cards that could act as themselves in a pure sequence of this hand:
    the two other cards of some 3-rank window around them are naturals in hand (every
    longer pure sequence holds such a window)."""
    if rules.wild_rank is None:
        return set()
    naturals = {card for card in cards if not rules.is_wild(card) and not card.is_joker}
    rank = RANKS.index(rules.wild_rank) + 1
    numbers = [rank, _HIGH_ACE] if rules.ace_high and rank == _LOW_ACE else [rank]
    found = set()
    for suit in SUITS:
        for number in numbers:
            for low in range(number - 2, number + 1):
                others = [n for n in range(low, low + 3) if n != number]
                if (
                    low >= _LOW_ACE
                    and low + 2 <= (_HIGH_ACE if rules.ace_high else 13)
                    and all(Card(RANKS[(n - 1) % 13], suit) in naturals for n in others)
                ):
                    found.add(Card(rules.wild_rank, suit))
    return found
