"""Cribbage's show (`shared/rules/cribbage.md` §2): four cards with the starter counted,
fifteens, pairs, runs, a flush and nobs, and said the way players count aloud ("fifteen
two, fifteen four, a pair is six…"). The hand and the game that take the shows in their
counting order are `scoring.py`'s."""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise

from games.rules.cards import Card
from games.rules.text import gettext as _
from games.rules.text import ngettext, pgettext_lazy, together

# Each count as players say it aloud while counting a show, up to twenty-nine (the most a
# show makes): whole words, since a language says each its own way.
_NUMBERS = (
    pgettext_lazy("counted aloud", "nothing"),
    pgettext_lazy("counted aloud", "one"),
    pgettext_lazy("counted aloud", "two"),
    pgettext_lazy("counted aloud", "three"),
    pgettext_lazy("counted aloud", "four"),
    pgettext_lazy("counted aloud", "five"),
    pgettext_lazy("counted aloud", "six"),
    pgettext_lazy("counted aloud", "seven"),
    pgettext_lazy("counted aloud", "eight"),
    pgettext_lazy("counted aloud", "nine"),
    pgettext_lazy("counted aloud", "ten"),
    pgettext_lazy("counted aloud", "eleven"),
    pgettext_lazy("counted aloud", "twelve"),
    pgettext_lazy("counted aloud", "thirteen"),
    pgettext_lazy("counted aloud", "fourteen"),
    pgettext_lazy("counted aloud", "fifteen"),
    pgettext_lazy("counted aloud", "sixteen"),
    pgettext_lazy("counted aloud", "seventeen"),
    pgettext_lazy("counted aloud", "eighteen"),
    pgettext_lazy("counted aloud", "nineteen"),
    pgettext_lazy("counted aloud", "twenty"),
    pgettext_lazy("counted aloud", "twenty-one"),
    pgettext_lazy("counted aloud", "twenty-two"),
    pgettext_lazy("counted aloud", "twenty-three"),
    pgettext_lazy("counted aloud", "twenty-four"),
    pgettext_lazy("counted aloud", "twenty-five"),
    pgettext_lazy("counted aloud", "twenty-six"),
    pgettext_lazy("counted aloud", "twenty-seven"),
    pgettext_lazy("counted aloud", "twenty-eight"),
    pgettext_lazy("counted aloud", "twenty-nine"),
)


def number_word(number: int) -> str:
    """A count as it is said aloud, up to twenty-nine (the most a show makes)."""
    return str(_NUMBERS[number])


# Cards of one rank, as people say them ("a pair of jacks"); a number rank is "5s".
_RANKS_SAID = {
    "A": pgettext_lazy("cards of one rank", "aces"),
    "J": pgettext_lazy("cards of one rank", "jacks"),
    "Q": pgettext_lazy("cards of one rank", "queens"),
    "K": pgettext_lazy("cards of one rank", "kings"),
}


def ranks_said(rank: str) -> str:
    """ "5s", "aces", "jacks": cards of one rank, as people say them."""
    named = _RANKS_SAID.get(rank)
    if named is not None:
        return str(named)
    # Translators: cards of one number rank, as in "a pair of 5s" ({rank} is 2 to 10).
    return _("{rank}s").format(rank=rank)


# Translators: counting a show aloud: each fifteen makes 2 more ("fifteen two, fifteen
# four"); {total} is the points so far, as a word.
_FIFTEEN = pgettext_lazy("counted aloud", "fifteen {total}")
# Counting aloud the cards of a rank held more than once, by how many ({total}: the points
# so far, as a word).
_KINDS_ALOUD = {
    # Translators: counting a show aloud: "a pair is six" ({total}: the points so far, a
    # word).
    2: pgettext_lazy("counted aloud", "a pair is {total}"),
    # Translators: counting a show aloud: "three of a kind is eight".
    3: pgettext_lazy("counted aloud", "three of a kind is {total}"),
    # Translators: counting a show aloud: "four of a kind is twelve".
    4: pgettext_lazy("counted aloud", "four of a kind is {total}"),
}


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
            ways = ngettext(
                # Translators: a part of a show's explanation: the points for fifteens and in how
                # many ways the cards make 15 ({ways} a word: "eight").
                "fifteens {points} (one way)",
                "fifteens {points} ({ways} ways)",
                self.ways,
            )
            parts.append(ways.format(points=self.fifteens, ways=number_word(self.ways)))
        if self.pairs:
            parts.append(
                # Translators: {sets} is "a pair of 5s", "three jacks", "four 5s"…
                _("pairs {points} ({sets})").format(points=self.pairs, sets=_sets_said(self.sets))
            )
        if self.runs:
            parts.append(
                # Translators: {runs} is "a run of 4" or "two runs of 3".
                _("runs {points} ({runs})").format(
                    points=self.runs, runs=_runs_said(self.run_count, self.run_length)
                )
            )
        if self.flush:
            parts.append(_flush_said(self.cards[0].suit, self.flush))
        if self.nobs and (jack := self.nobs_jack):
            parts.append(_nobs_said(jack))
        # Translators: a show that scores nothing at all.
        said = ", ".join(parts) or _("no fifteen, pair, run, flush or nobs")
        if self.crib_four:
            # Translators: {parts} is what the crib scores ("fifteens 4 (two ways)"),
            # {score} its points.
            said = _("{parts}; a crib's four-card flush does not count: {score}.").format(
                parts=said, score=self.score
            )
        else:
            # Translators: {parts} is what the show scores ("fifteens 16 (eight ways), pairs
            # 12 (four 5s)"), {score} its points.
            said = _("{parts}: {score}.").format(parts=said, score=self.score)
        return f"{said[:1].upper()}{said[1:]}"

    def aloud(self) -> str:
        """The show counted the way players count it aloud, each total as it grows:
        "fifteen two, fifteen four, a pair is six, a run of three is nine and nobs ten"."""
        said: list[str] = []
        total = 0

        def say(points: int, words: str, **values: object) -> None:
            """One count aloud: `words` with the total so far (`{total}`, as a word)."""
            nonlocal total
            total += points
            said.append(words.format(total=number_word(total), **values))

        for _way in range(self.ways):
            say(2, _FIFTEEN)
        for _rank, count in self.sets:
            say(count * (count - 1), _KINDS_ALOUD[count])
        if self.runs:
            runs = ngettext(
                # Translators: counting a show aloud: "a run of three is nine", "two runs of four
                # are sixteen" ({count}, {length} and {total}, the points so far, are words).
                "a run of {length} is {total}",
                "{count} runs of {length} are {total}",
                self.run_count,
            )
            say(
                self.runs,
                runs,
                count=number_word(self.run_count),
                length=number_word(self.run_length),
            )
        if self.flush:
            # Translators: counting a show aloud: "a flush of four is twelve" ({count} and
            # {total}, the points so far, are words).
            say(self.flush, _("a flush of {count} is {total}"), count=number_word(self.flush))
        if self.nobs:
            # Translators: counting a show aloud: the jack of the starter's suit, one more
            # ({total}: the points so far, a word).
            say(1, _("nobs {total}"))
        if not said:
            # Translators: a show that scores nothing, as players say it (no show makes 19).
            return _("nineteen: nothing")
        return together(said)


def _sets_said(sets: Sequence[tuple[str, int]]) -> str:
    """ "a pair of 5s", "three jacks and a pair of 4s"."""

    def one(rank: str, count: int) -> str:
        ranks = ranks_said(rank)
        if count == 2:
            # Translators: {ranks} is "5s", "jacks"…
            return _("a pair of {ranks}").format(ranks=ranks)
        if count == 3:
            return _("three {ranks}").format(ranks=ranks)
        return _("four {ranks}").format(ranks=ranks)

    return together([one(rank, count) for rank, count in sets])


def _runs_said(count: int, length: int) -> str:
    """ "a run of 4", "two runs of 3"."""
    # Translators: {length} is a number (3, 4 or 5), {count} a word ("two").
    runs = ngettext("a run of {length}", "{count} runs of {length}", count)
    return runs.format(count=number_word(count), length=length)


def _flush_said(suit: str, points: int) -> str:
    """ "flush 5 (five hearts)"."""
    said = {
        # Translators: a part of a show's explanation: {count} cards of one suit (a word: "four",
        # "five"), {points} what they score.
        "S": _("flush {points} ({count} spades)"),
        # Translators: a part of a show's explanation: {count} cards of one suit (a word: "four",
        # "five"), {points} what they score.
        "H": _("flush {points} ({count} hearts)"),
        # Translators: a part of a show's explanation: {count} cards of one suit (a word: "four",
        # "five"), {points} what they score.
        "D": _("flush {points} ({count} diamonds)"),
        # Translators: a part of a show's explanation: {count} cards of one suit (a word: "four",
        # "five"), {points} what they score.
        "C": _("flush {points} ({count} clubs)"),
    }[suit]
    return said.format(points=points, count=number_word(points))


def _nobs_said(jack: Card) -> str:
    """ "nobs 1 (J♦ with a diamond starter)"."""
    said = {
        # Translators: a part of a show's explanation: the jack of the starter's suit ({jack} is J♠,
        # J♥…) scores 1.
        "S": _("nobs 1 ({jack} with a spade starter)"),
        # Translators: a part of a show's explanation: the jack of the starter's suit ({jack} is J♠,
        # J♥…) scores 1.
        "H": _("nobs 1 ({jack} with a heart starter)"),
        # Translators: a part of a show's explanation: the jack of the starter's suit ({jack} is J♠,
        # J♥…) scores 1.
        "D": _("nobs 1 ({jack} with a diamond starter)"),
        # Translators: a part of a show's explanation: the jack of the starter's suit ({jack} is J♠,
        # J♥…) scores 1.
        "C": _("nobs 1 ({jack} with a club starter)"),
    }[jack.suit]
    return said.format(jack=jack.symbol)


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
