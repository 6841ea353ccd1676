"""Cribbage's show (`shared/rules/cribbage.md` §2): four cards with the starter counted,
fifteens, pairs, runs, a flush and nobs, and said the way players count aloud ("fifteen
two, fifteen four, a pair is six…"). The hand and the game that take the shows in their
counting order are `scoring.py`'s."""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise

from games.rules.cards import SUIT_NAMES, Card

_NUMBERS = (
    *("nothing", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"),
    *("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen"),
    *("eighteen", "nineteen", "twenty"),
)


def number_word(number: int) -> str:
    """A count as it is said aloud, up to twenty-nine (the most a show makes)."""
    if number <= 20:
        return _NUMBERS[number]
    return f"twenty-{_NUMBERS[number - 20]}"


def ranks_said(rank: str) -> str:
    """ "5s", "aces", "jacks": cards of one rank, as people say them."""
    named = {"A": "aces", "J": "jacks", "Q": "queens", "K": "kings"}
    return named.get(rank, f"{rank}s")


def suit_said(suit: str) -> str:
    """ "a diamond": the singular of the suit's name."""
    return SUIT_NAMES[suit].removesuffix("s")


@dataclass(frozen=True)
class Show:
    """One hand or the crib counted with the starter: each part's points, and what made
    them (the fifteens' `ways`, each rank held more than once with its count, the runs'
    length and number, the flush's size, the nobs jack). `crib_four` is a crib's four-card
    flush that the book does not count."""

    cards: tuple[Card, ...]
    starter: Card
    fifteens: int
    pairs: int
    runs: int
    flush: int
    nobs: int
    ways: int = 0
    sets: tuple[tuple[str, int], ...] = ()
    run_length: int = 0
    run_count: int = 0
    crib_four: bool = False

    @property
    def score(self) -> int:
        return self.fifteens + self.pairs + self.runs + self.flush + self.nobs

    @property
    def nobs_jack(self) -> Card | None:
        return next((card for card in self.cards if _is_nobs(card, self.starter)), None)

    def explanation(self) -> str:
        """Each part with what made it, then the score: "Fifteens 16 (eight ways), pairs 12
        (four 5s), nobs 1 (J♦ with a diamond starter): 29."."""
        parts = []
        if self.fifteens:
            ways = "one way" if self.ways == 1 else f"{number_word(self.ways)} ways"
            parts.append(f"fifteens {self.fifteens} ({ways})")
        if self.pairs:
            parts.append(f"pairs {self.pairs} ({_sets_said(self.sets)})")
        if self.runs:
            parts.append(f"runs {self.runs} ({_runs_said(self.run_count, self.run_length)})")
        if self.flush:
            suit = SUIT_NAMES[self.cards[0].suit]
            parts.append(f"flush {self.flush} ({number_word(self.flush)} {suit})")
        if self.nobs and (jack := self.nobs_jack):
            parts.append(f"nobs 1 ({jack.symbol} with {_a(suit_said(jack.suit))} starter)")
        said = ", ".join(parts) or "no fifteen, pair, run, flush or nobs"
        if self.crib_four:
            said += "; a crib's four-card flush does not count"
        return f"{said[:1].upper()}{said[1:]}: {self.score}."

    def aloud(self) -> str:
        """The show counted the way players count it aloud, each total as it grows:
        "fifteen two, fifteen four, a pair is six, a run of three is nine and nobs ten"."""
        said: list[str] = []
        total = 0

        def say(points: int, words: str) -> None:
            nonlocal total
            total += points
            said.append(words.format(total=number_word(total)))

        for _ in range(self.ways):
            say(2, "fifteen {total}")
        for _, count in self.sets:
            kind = {2: "a pair is", 3: "three of a kind is", 4: "four of a kind is"}[count]
            say(count * (count - 1), f"{kind} {{total}}")
        if self.runs:
            verb = "is" if self.run_count == 1 else "are"
            runs = _runs_said(self.run_count, self.run_length, spoken=True)
            say(self.runs, f"{runs} {verb} {{total}}")
        if self.flush:
            say(self.flush, f"a flush of {number_word(self.flush)} is {{total}}")
        if self.nobs:
            say(1, "nobs {total}")
        if not said:
            return "nineteen: nothing"
        if len(said) > 1:
            said[-2:] = [f"{said[-2]} and {said[-1]}"]
        return ", ".join(said)


def _a(word: str) -> str:
    return f"an {word}" if word[:1] in "aeiou" else f"a {word}"


def _sets_said(sets: Sequence[tuple[str, int]]) -> str:
    def one(rank: str, count: int) -> str:
        return (
            f"a pair of {ranks_said(rank)}"
            if count == 2
            else f"{_NUMBERS[count]} {ranks_said(rank)}"
        )

    return " and ".join(one(rank, count) for rank, count in sets)


def _runs_said(count: int, length: int, spoken: bool = False) -> str:
    size = number_word(length) if spoken else str(length)
    return f"a run of {size}" if count == 1 else f"{number_word(count)} runs of {size}"


def _is_nobs(card: Card, starter: Card) -> bool:
    return card.rank == "J" and card.suit == starter.suit


def _is_run(cards: Sequence[Card]) -> bool:
    ranks = sorted(card.index for card in cards)
    return all(high - low == 1 for low, high in pairwise(ranks))


def count_show(
    cards: Sequence[Card], starter: Card, *, crib: bool = False, crib_four_flush: bool = False
) -> Show:
    """Count four cards with the starter (§2): every combination of cards making 15 is 2;
    every pair 2; the longest run, every combination of cards that forms it, its length
    each; a flush of the four cards 4 (5 with the starter), but a crib's only with the
    starter (CR2, unless the house rule `crib_four_flush`); the jack of the starter's suit among the
    four, 1. His heels is never part of a show (§2.2)."""
    five = (*cards, starter)
    ways = sum(
        1
        for size in range(2, len(five) + 1)
        for combo in combinations(five, size)
        if sum(card.face_value for card in combo) == 15
    )
    held = Counter(card.rank for card in five)
    sets = tuple(
        (rank, held[rank])
        for rank in sorted(held, key=lambda rank: Card(rank, "S").index)
        if held[rank] > 1
    )
    run_length, run_count = 0, 0
    for length in range(len(five), 2, -1):
        run_count = sum(1 for combo in combinations(five, length) if _is_run(combo))
        if run_count:
            run_length = length
            break
    four_of_a_suit = len({card.suit for card in cards}) == 1
    with_starter = four_of_a_suit and starter.suit == cards[0].suit
    if with_starter:
        flush = len(five)
    elif four_of_a_suit and (not crib or crib_four_flush):
        flush = len(cards)
    else:
        flush = 0
    return Show(
        cards=tuple(cards),
        starter=starter,
        fifteens=2 * ways,
        pairs=sum(count * (count - 1) for _, count in sets),
        runs=run_length * run_count,
        flush=flush,
        nobs=1 if any(_is_nobs(card, starter) for card in cards) else 0,
        ways=ways,
        sets=sets,
        run_length=run_length,
        run_count=run_count,
        crib_four=crib and four_of_a_suit and not with_starter and not flush,
    )
