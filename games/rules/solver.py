"""The rummy family's deadwood solver, shared by every game that needs one.

Implements `shared/rules/rummy-family.md`: the minimum deadwood of a
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

import functools
from collections.abc import Callable, Iterator, Sequence
from itertools import combinations, pairwise

from games.rules.candidates import Candidates
from games.rules.cards import RANKS, SUITS, Card
from games.rules.errors import InvalidInput
from games.rules.melds import (
    _CAP,
    _HIGH_ACE,
    _INFINITY,
    _LOW_ACE,
    LONG,
    LONGEST_RUN,
    MAX_CARDS,
    MIN_MELD,
    PURE,
    SEQUENCE,
    Arrangement,
    MeldRules,
    meld_kind,
)
from games.rules.text import gettext

# Hands remembered by this process (`_remembered`): a 200-deal game of eight seats is
# 1,600 of them, each a few hundred bytes.
REMEMBERED = 16_384


def best_arrangement(
    cards: Sequence[Card],
    rules: MeldRules,
    value: Callable[[Card], int],
    *,
    need_pure_sequence: bool = False,
    need_second_sequence: bool = False,
) -> Arrangement:
    """Minimum deadwood over all arrangements of disjoint melds (cards by position, so
    duplicates from several decks work). need_pure_sequence: Indian Rummy's life rule for a
    non-winner (§5.4) — if no arrangement contains a pure sequence, melds=() and every card
    is unmatched.

    With the life rule, only arrangements holding a pure sequence count, and every other
    set or sequence in them counts too, no second sequence needed (§7 E1–E3).
    need_second_sequence is the stricter life rule of house-rules.md H64 (E1's alternative
    (b)): only arrangements holding a second sequence as well count, a run of 6+ counting
    as two (§7 E4); with none, every card is unmatched. Among arrangements of equal
    deadwood the one leaving the fewest cards unmatched is returned
    (a joker worth 0 is shown in a meld rather than as deadwood); beyond that which one comes
    back is not specified (api.md §3.2).

    A hand solved before in this process is not solved again (`_remembered`): scoring a
    game scores every hand of it, so a game saved, edited or looked at again would
    otherwise solve each of its earlier hands once more every time.
    """
    _check_size(cards)
    values = tuple(value(card) for card in cards)
    return _remembered(tuple(cards), rules, values, need_pure_sequence, need_second_sequence)


@functools.lru_cache(maxsize=REMEMBERED)
def _remembered(
    cards: tuple[Card, ...],
    rules: MeldRules,
    values: tuple[int, ...],
    need_pure_sequence: bool,
    need_second_sequence: bool,
) -> Arrangement:
    """`best_arrangement` of cards whose values are `values`: what it returns depends on
    nothing else, and is immutable, so one answer serves every caller."""
    value = dict(zip(cards, values, strict=True)).__getitem__
    hand = Hand(cards, rules, merge_wilds=not need_pure_sequence, value=value)
    if need_pure_sequence and not hand.has_pure_sequence():
        return Arrangement((), tuple(cards), sum(value(card) for card in cards))
    sequences = 2 if need_second_sequence else 0
    cost, path = hand.minimum(need_pure_sequence, sequences)
    if cost >= _INFINITY // 2:
        return Arrangement((), tuple(cards), sum(value(card) for card in cards))
    melds, unmatched = hand.lay_out(path, need_pure_sequence)
    return Arrangement(melds, unmatched, sum(value(card) for card in unmatched))


def forget() -> None:
    """Forget every hand solved, as a new process starts (the tests and benchmarks)."""
    _remembered.cache_clear()


def can_declare(cards: Sequence[Card], rules: MeldRules) -> bool:
    """Indian Rummy: every card melded, with ≥ 2 sequences of which ≥ 1 is pure (§5.2).

    A run of 6 or more may count as two sequences (§7 E4): the solver considers its halves
    as melds of their own, and a longer meld it keeps whole counts as two."""
    _check_size(cards)
    return Hand(cards, rules, merge_wilds=False, value=None).declarable()


def _check_size(cards: Sequence[Card]) -> None:
    if len(cards) > MAX_CARDS:
        raise InvalidInput(
            gettext("The meld solver takes at most {most} cards, not {count}.").format(
                most=MAX_CARDS, count=len(cards)
            )
        )


_Move = tuple[int, int]  # (the cards left after laying this meld, its kind)


def _sequences(kind: int) -> int:
    """How many sequences a meld of this kind counts as: a run of 6+ may count as two
    (§7 E4)."""
    if not kind & SEQUENCE:
        return 0
    return 2 if kind & LONG else 1


# What an arrangement still needs, in the minimum DP's key: a pure sequence (bit 0) and
# how many more sequences, 0 to 2 (bits 1–2); and what it needs after laying a meld of each
# kind, looked up rather than worked out in the DP's inner loop.
_NEED_BITS = 3
_NEED_MASK = (1 << _NEED_BITS) - 1
_STILL_NEEDED = [
    [
        int(need & 1 == 1 and not kind & PURE) | max(0, (need >> 1) - _sequences(kind)) << 1
        for kind in range(2 * LONG)
    ]
    for need in range(1 << _NEED_BITS)
]
_Wilds = tuple[int, int, bool]  # (the wilds taken, how many printed jokers, any wild-rank card)


class Hand(Candidates):
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
                    yield (state - one - taken, SEQUENCE | (LONG if size >= 2 * MIN_MELD else 0))

    # The two DPs.

    def minimum(self, need_pure: bool, sequences: int = 0) -> tuple[int, list[int]]:
        """The least cost and the states on its path, over arrangements holding a pure
        sequence when `need_pure` and at least `sequences` sequences (0 to 2). Cost =
        deadwood × (cards + 1) + cards unmatched, so that ties go to the arrangement with
        fewer unmatched cards.

        What an arrangement still needs rides in the key's low 3 bits beside the cards
        left: a pure sequence (bit 0) and how many more sequences (bits 1–2)."""
        scale = self.size + 1
        owner, unit, values = self.owner, self.unit, self.values
        moves = self.moves
        # With nothing left, an arrangement that still needs something is no arrangement.
        memo: dict[int, tuple[int, int]] = {
            need: (0 if need == 0 else _INFINITY, -1) for need in range(1 << _NEED_BITS)
        }
        # With no negative card values nothing beats 0 (every card left melded), so a state
        # that reaches it need not look further.
        floor = 0 if min(values, default=0) >= 0 else -_INFINITY

        def solve(key: int) -> int:
            hit = memo.get(key)
            if hit is not None:
                return hit[0]
            state, need = key >> _NEED_BITS, key & _NEED_MASK
            best, best_next = _INFINITY * 2, -1
            for after, kind in moves(state):
                following = after << _NEED_BITS | _STILL_NEEDED[need][kind]
                cost = solve(following)
                if cost < best:
                    best, best_next = cost, following
                    if cost == floor:
                        memo[key] = (best, best_next)
                        return best
            first = owner[(state & -state).bit_length() - 1]
            following = (state - unit[first]) << _NEED_BITS | need
            cost = values[first] * scale + 1 + solve(following)
            if cost < best:
                best, best_next = cost, following
            memo[key] = (best, best_next)
            return best

        start = self.full << _NEED_BITS | int(need_pure) | sequences << 1
        cost = solve(start)
        path = [start]
        while path[-1] >> _NEED_BITS:
            path.append(memo[path[-1]][1])
        return cost, [key >> _NEED_BITS for key in path]

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
                more = min(2, sequences + _sequences(kind))
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
