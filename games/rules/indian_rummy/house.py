"""Indian Rummy's house rules (`shared/rules/house-rules.md` §6): how deals add up (deals,
points or a pool), the outcomes a seat may have instead of showing (drops and a wrong
show) and what each charges, the full count, and the life rule; how a deal's outcomes are
read, and who deals next in a pool. The scoring (`scoring.py`) reads them as
`HouseRules`."""

import json
from collections.abc import Sequence
from dataclasses import dataclass

from games.rules.errors import InvalidInput
from games.rules.text import gettext as _
from games.rules.text import gettext_lazy

DEALS, POINTS = "deals", "points"
POOL_LIMITS = {"pool_101": 101, "pool_201": 201}
PURE_SEQUENCE, TWO_SEQUENCES = "pure_sequence", "two_sequences"
NONE = "none"  # an outcome the rules do not have, or no full count
FIRST_DROP, MIDDLE_DROP, WRONG_SHOW = "first_drop", "middle_drop", "wrong_show"
OUTCOMES = (FIRST_DROP, MIDDLE_DROP, WRONG_SHOW)
# Each outcome as its row says it ("first drop 20", H90), as a player picks it ("First
# drop (20)") and refused where the rules do not have it, each a whole phrase.
ROW = {
    # Translators: an Indian Rummy player's outcome as their row on the board says it;
    # {points} is what it charges.
    FIRST_DROP: gettext_lazy("first drop {points}"),
    # Translators: as "first drop {points}".
    MIDDLE_DROP: gettext_lazy("middle drop {points}"),
    # Translators: as "first drop {points}".
    WRONG_SHOW: gettext_lazy("wrong show {points}"),
}
PICKED = {
    # Translators: how an Indian Rummy deal ended for a player, as they pick it; {points}
    # is what it charges.
    FIRST_DROP: gettext_lazy("First drop ({points})"),
    # Translators: as "First drop ({points})".
    MIDDLE_DROP: gettext_lazy("Middle drop ({points})"),
    # Translators: as "First drop ({points})".
    WRONG_SHOW: gettext_lazy("Wrong show ({points})"),
}
REFUSED = {
    FIRST_DROP: gettext_lazy("Seat {seat} cannot first-drop: these rules have no first drop."),
    MIDDLE_DROP: gettext_lazy("Seat {seat} cannot middle-drop: these rules have no middle drop."),
    WRONG_SHOW: gettext_lazy(
        "Seat {seat} cannot make a wrong show: these rules have no wrong show."
    ),
}


@dataclass(frozen=True)
class HouseRules:
    """Indian Rummy's house rules (house-rules.md §6), the book's values by default.

    `format` (H60): "deals" and "points" settle each deal, the winner collecting what the
    others are charged; a pool ("pool_101", "pool_201") adds each charge to that seat's pool
    score, and a seat at or over the limit is out (H66). `first_drop`, `middle_drop` and
    `wrong_show` are what those outcomes charge, "none" where the rules have no such
    outcome (H61); `full_count` caps what a seat that showed is charged (H62);
    `life_rule` "two_sequences" counts a loser's melds only beside a second sequence (H64).
    """

    format: str = DEALS
    first_drop: int | str = NONE
    middle_drop: int | str = NONE
    full_count: int | str = NONE
    wrong_show: int | str = NONE
    life_rule: str = PURE_SEQUENCE

    @property
    def pool_limit(self) -> int | None:
        """The pool score that puts a seat out, or None for deals and points."""
        return POOL_LIMITS.get(self.format)

    @property
    def second_sequence(self) -> bool:
        return self.life_rule == TWO_SEQUENCES

    def points_for(self, outcome: str) -> int | None:
        """What an outcome charges, or None where these rules have no such outcome."""
        charge = getattr(self, outcome)
        return charge if isinstance(charge, int) else None

    def charged(self, count: int) -> int:
        """What a seat that showed is charged: its count, at most the full count (H62)."""
        return min(count, self.full_count) if isinstance(self.full_count, int) else count


BOOK = HouseRules()


def read_outcomes(
    given: object, players: int, winner: int, rules: HouseRules
) -> tuple[str | None, ...]:
    """Each seat's outcome (H61, H63): None for the winner and every seat that showed.

    Each check runs over every seat before the next: the list's length, each entry's
    name, the outcomes these rules have, then the winner, who has none (the last player
    standing cannot drop, and a deal in which everyone dropped has no winner, H65)."""
    if given is None:
        return (None,) * players
    names = ", ".join(json.dumps(name) for name in OUTCOMES)
    if not isinstance(given, list | tuple) or len(given) != players:
        raise InvalidInput(
            _(
                # Translators: “outcomes” is the JSON field's name; {players} is how many
                # seats play; {names} lists the outcomes' JSON names ("first_drop", …).
                "“outcomes” must list one entry per seat ({players}), each null or one of {names}."
            ).format(players=players, names=names)
        )
    for seat, outcome in enumerate(given):
        if outcome is not None and outcome not in OUTCOMES:
            raise InvalidInput(
                # Translators: {names} lists the outcomes' JSON names ("first_drop", …);
                # {given} is the value sent instead, as JSON.
                _("Seat {seat}'s outcome must be null or one of {names}, not {given}.").format(
                    seat=seat, names=names, given=json.dumps(outcome, default=str)
                ),
                seat,
            )
    for seat, outcome in enumerate(given):
        if outcome is not None and rules.points_for(outcome) is None:
            raise InvalidInput(REFUSED[outcome].format(seat=seat), seat)
    if given[winner] is not None:
        if all(outcome is not None for outcome in given):
            raise InvalidInput(
                _(
                    "Every seat dropped or made a wrong show: the last player left wins the "
                    "deal, and has no outcome."
                ),
                winner,
            )
        raise InvalidInput(
            _(
                "Seat {seat} won the deal, so it has no outcome: a drop or a wrong show is "
                "entered for the seat that made it."
            ).format(seat=winner),
            winner,
        )
    return tuple(given)


def dealers(outs: Sequence[frozenset[int]], players: int) -> list[int]:
    """Who deals each deal, and the next (the last entry), given the seats out after each
    deal: seat 0 deals first, then the deal passes left to the first seat still in (H66).
    The winner of a deal is never out after it, so some seat is always still in."""
    dealt = [0]
    for out in outs:
        seat = (dealt[-1] + 1) % players
        while seat in out:
            seat = (seat + 1) % players
        dealt.append(seat)
    return dealt
