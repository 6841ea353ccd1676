"""Indian Rummy at the table: who declared, the wild rank turned up at each deal (a house
rule), and the 13 cards each player shows; and its house rules (`shared/rules/house-rules.md`
§6): the format, drops, wrong shows, the full count and the life rule, with the presets
of H69."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from games.rules.cards import RANKS, Card
from games.rules.family import MAX_DEALS, RUMMY_GAMES, TARGET_SCORE, HandKind
from games.rules.indian_rummy import api, house, scoring
from games.rules.kind import Table, answered_seat
from games.rules.melds import Arrangement
from games.rules.questions import ChoiceQuestion, Questions, SeatQuestion
from games.rules.reading import Json
from games.rules.settings import BOOK, Choice, Decks, Flag, Preset, RuleSet, Settings
from games.rules.text import Lazy, gettext, gettext_lazy, pgettext_lazy

JOKERS = Flag(
    key="jokers",
    label=gettext_lazy("Printed jokers"),
    explanation=gettext_lazy("Two per deck."),
    default=True,
    said=gettext_lazy("no jokers"),
)
# Translators: Indian Rummy's formats, as online tables name them ("Points Rummy",
# "Pool Rummy", "Deals Rummy").
DEALS_FORMAT = pgettext_lazy("Indian Rummy format", "Deals")
POINTS_FORMAT = pgettext_lazy("Indian Rummy format", "Points")
POOL_101 = gettext_lazy("Pool 101")
POOL_201 = gettext_lazy("Pool 201")
FORMAT = Choice(
    key="format",
    label=gettext_lazy("Format"),
    explanation=gettext_lazy("How deals add up and the game ends."),
    choices=(
        (house.DEALS, DEALS_FORMAT),
        (house.POINTS, POINTS_FORMAT),
        ("pool_101", gettext_lazy("Pool 101: out at 101")),
        ("pool_201", gettext_lazy("Pool 201: out at 201")),
    ),
    default=house.DEALS,
)
FIRST_DROP = Choice(
    key=house.FIRST_DROP,
    label=gettext_lazy("Dropping before the first draw"),
    explanation=gettext_lazy(
        "What a player who gives up the deal before drawing a card is charged."
    ),
    choices=(
        (house.NONE, gettext_lazy("No first drop")),
        (20, gettext_lazy("First drop 20")),
        (25, gettext_lazy("First drop 25")),
    ),
    default=house.NONE,
)
MIDDLE_DROP = Choice(
    key=house.MIDDLE_DROP,
    label=gettext_lazy("Dropping later"),
    explanation=gettext_lazy("What a player who gives up the deal after drawing is charged."),
    choices=(
        (house.NONE, gettext_lazy("No middle drop")),
        (40, gettext_lazy("Middle drop 40")),
        (50, gettext_lazy("Middle drop 50")),
    ),
    default=house.NONE,
)
FULL_COUNT = Choice(
    key="full_count",
    label=gettext_lazy("Most a hand shown is charged"),
    explanation=gettext_lazy(
        "The most points a player who showed their cards is charged, whatever they count."
    ),
    choices=((house.NONE, gettext_lazy("No full count")), (80, gettext_lazy("Full count 80"))),
    default=house.NONE,
)
WRONG_SHOW = Choice(
    key=house.WRONG_SHOW,
    label=gettext_lazy("A declaration that was not valid"),
    explanation=gettext_lazy(
        "What a player who declared cards that do not make a declaration is charged."
    ),
    choices=(
        (house.NONE, gettext_lazy("Wrong show refused")),
        (80, gettext_lazy("Wrong show 80")),
    ),
    default=house.NONE,
)
LIFE_RULE = Choice(
    key="life_rule",
    label=gettext_lazy("A loser's melds count"),
    explanation=gettext_lazy(
        "Which of a loser's melds take cards off their count: with a pure sequence, or "
        "only with two sequences."
    ),
    choices=(
        (house.PURE_SEQUENCE, gettext_lazy("Melds count with a pure sequence")),
        (house.TWO_SEQUENCES, gettext_lazy("Melds count with two sequences")),
    ),
    default=house.PURE_SEQUENCE,
)
# H69: points and pools as online tables play them; the pools differ only in the limit
# and, for 201, the drops.
ONLINE = {
    house.FIRST_DROP: 20,
    house.MIDDLE_DROP: 40,
    "full_count": 80,
    house.WRONG_SHOW: 80,
    "life_rule": house.TWO_SEQUENCES,
}
PRESETS = (
    BOOK,
    Preset("points", POINTS_FORMAT, {"format": house.POINTS, **ONLINE}),
    Preset("pool_101", POOL_101, {"format": "pool_101", **ONLINE}),
    Preset(
        "pool_201",
        POOL_201,
        {"format": "pool_201", **ONLINE, house.FIRST_DROP: 25, house.MIDDLE_DROP: 50},
    ),
)


# H63: asked of every player but the declarer, where the rules have any outcome.
OUTCOME = "outcome"
HOW_IT_ENDED = gettext_lazy("How the deal ended")
# Translators: how an Indian Rummy deal ended for a player who neither dropped nor made a
# wrong show: they showed their cards.
SHOWED = gettext_lazy("Showed")


def outcome_question(rules: house.HouseRules) -> ChoiceQuestion | None:
    """Each player's choice of how their deal ended, the outcomes these rules have with
    what each charges ("First drop (20)"), or None where they have none (the book)."""
    allowed = [
        (outcome, house.PICKED[outcome].format(points=points))
        for outcome in house.OUTCOMES
        if (points := rules.points_for(outcome)) is not None
    ]
    if not allowed:
        return None
    # "Showed" is no outcome: stored as none, and the form's choice until another is made.
    return ChoiceQuestion(
        OUTCOME,
        HOW_IT_ENDED,
        skip="winner",
        docked=True,
        options=(("", SHOWED), *allowed),
    )


class RankCards(Lazy):
    """The cards of one rank as a wild rank is named ("7s", "Ks"), shown in the language of
    the moment: a lazy sentence with the rank filled in."""

    rank: str

    def __new__(cls, rank: str) -> "RankCards":
        made = super().__new__(cls, f"{rank}s")  # English: the value it compares as
        made.rank = rank
        return made

    def __str__(self) -> str:
        # Translators: the cards of one rank, as the wild rank turned up is named: "7s",
        # "Ks"; {rank} is A, 2…10, J, Q or K.
        return gettext("{rank}s").format(rank=self.rank)

    def __reduce__(self) -> tuple[type["RankCards"], tuple[str]]:
        return (RankCards, (self.rank,))


@dataclass(frozen=True, kw_only=True)
class IndianRummyKind(
    HandKind[scoring.HandInput, scoring.HandResult, scoring.GameResult, house.HouseRules]
):
    def default_decks(self, players: int) -> int:
        return scoring.default_decks(players)

    def jokers(self, table: Table) -> int:
        if not table.settings.get("jokers", True):
            return 0
        return scoring.JOKERS_PER_DECK * scoring.decks_for(table.seats, table.settings.get("decks"))

    def lowest_wins_at(self, table: Table) -> bool:
        """In a pool the lowest score wins (H66)."""
        return self.house_rules(table.settings).pool_limit is not None

    def asks(self, table: Table) -> Questions:
        """Where the rules have drops or wrong shows, each player but the declarer is
        also asked which, if any, was theirs (H63)."""
        question = outcome_question(self.house_rules(table.settings))
        if question is None:
            return self.questions
        return replace(self.questions, seat=(*self.questions.seat, question))

    def read_hand(self, data: Json) -> scoring.HandInput:
        return api.read_hand(data)

    def score_hand(self, hand: scoring.HandInput, rules: RuleSet) -> scoring.HandResult:
        return scoring.score_hand(hand, self.house_of(rules))

    def score_game(
        self, hands: list[scoring.HandInput], settings: Json, rules: RuleSet
    ) -> scoring.GameResult:
        return scoring.score_game(
            hands, scoring.GameSettings(**settings), rules=self.house_of(rules)
        )

    def game_fields_under(self, rules: RuleSet) -> tuple[str, ...]:
        """A pool's answer also says who is out and who deals next (api.md §4.3)."""
        if self.house_of(rules).pool_limit is None:
            return self.game_fields
        return (*self.game_fields, "eliminated", "next_dealer")

    def settings_of(self, given: Json) -> Json:
        """A game's settings may also name a wild rank for every deal."""
        return api.with_wild_rank(given, *self.settings.keys)

    def deadwood(self, cards: tuple[str, ...], data: Json, rules: RuleSet) -> Arrangement:
        return api.read_deadwood(cards, data, self.house_of(rules))

    def dealers(self, hands: Sequence[scoring.HandResult], players: int) -> list[int]:
        """The deal passes left, over the seats out of a pool (H66)."""
        return house.dealers([hand.out_after for hand in hands], players)

    def out_after(self, hand: scoring.HandResult) -> frozenset[int]:
        return hand.out_after

    def outcomes(self, hand: scoring.HandResult) -> tuple[str, ...]:
        return hand.outcomes

    def notes(self, result: scoring.GameResult, players: Sequence[str]) -> tuple[str, ...]:
        """A pool's board says where a player goes out (H90)."""
        if result.pool_limit is None:
            return ()
        # Translators: a pool's note on the board; {limit} is 101 or 201.
        return (gettext("Out at {limit}: the lowest total wins.").format(limit=result.pool_limit),)

    def bare(self, answers: Mapping[str, object]) -> frozenset[int]:
        """Who declared shows no cards, nor does a player who dropped or made a wrong
        show (H61: their cards are not scored)."""
        dropped = frozenset(
            seat
            for seat in range(scoring.MAX_PLAYERS)
            if answers.get(f"{OUTCOME}_{seat}") is not None
        )
        return answered_seat(answers, "winner") | dropped

    def entry(self, number: int, answers: Json, hands: list[list[str] | None]) -> Json:
        """The house wild rank is turned up at each deal: each deal asks for it, and it is
        that deal's own setting. The players' outcomes go with the deal only when some
        player has one: a deal without any reads as the book's (H63)."""
        wild = answers.get("wild_rank")
        entry: Json = {"winner": answers.get("winner"), "hands": hands}
        if wild:
            entry["settings"] = {"wild_rank": wild}
        outcomes = [answers.get(f"{OUTCOME}_{seat}") for seat in range(len(hands))]
        if any(outcomes):
            entry["outcomes"] = outcomes
        return entry

    def arrange(self, cards: Sequence[Card], number: int, game: Json) -> Arrangement:
        return scoring.arrange(
            cards,
            game.get("jokers", True),
            game.get("wild_rank") or None,
            self.house_rules(game),
        )

    def hand_size(self, number: int) -> int | None:
        """Every hand shown holds the 13 cards dealt: the next cards are the next player's."""
        return scoring.HAND_SIZE

    def hint(self, number: int) -> str:
        return gettext("13 cards each; the declarer's may be left out.")


KIND = IndianRummyKind(
    house=house.HouseRules,
    slug=scoring.SLUG,
    title=scoring.TITLE,
    family=RUMMY_GAMES,
    min_players=scoring.MIN_PLAYERS,
    max_players=scoring.MAX_PLAYERS,
    max_cards=scoring.HAND_SIZE,
    deal_keys=("decks", "jokers", "wild_rank"),
    settings=Settings(
        (
            Decks(most=scoring.MAX_DECKS, explanation=scoring.DECKS_RULE),
            JOKERS,
            TARGET_SCORE,
            MAX_DEALS,
        ),
        house_rules=(FORMAT, FIRST_DROP, MIDDLE_DROP, FULL_COUNT, WRONG_SHOW, LIFE_RULE),
        presets=PRESETS,
    ),
    questions=Questions(
        hand=(
            SeatQuestion("winner", gettext_lazy("Who declared"), needed=True),
            ChoiceQuestion(
                "wild_rank",
                gettext_lazy("Wild rank turned up (house rule)"),
                options=tuple((rank, RankCards(rank)) for rank in RANKS),
            ),
        )
    ),
)
