"""Rummy at the table: who went out (and whether they went rummy), and the cards left in
each loser's hand."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.rules.cards import Card
from games.rules.family import MAX_HANDS, RUMMY_GAMES, TARGET_SCORE, HandKind, held
from games.rules.kind import Table, answered_seat
from games.rules.melds import Arrangement
from games.rules.questions import FlagQuestion, Questions, SeatQuestion
from games.rules.reading import Json
from games.rules.rummy import api, scoring
from games.rules.settings import BOOK, Choice, Preset, RuleSet, Settings
from games.rules.text import gettext, gettext_lazy

ACE_VALUE = Choice(
    key="ace_value",
    label=gettext_lazy("An ace in hand counts"),
    explanation=gettext_lazy("What an ace left in a loser's hand costs."),
    choices=(
        (1, gettext_lazy("Aces count 1")),
        (11, gettext_lazy("Aces count 11")),
        (15, gettext_lazy("Aces count 15")),
    ),
    default=1,
)
GOING_RUMMY = Choice(
    key="going_rummy",
    label=gettext_lazy("Going rummy"),
    explanation=gettext_lazy(
        "Whether going out in one turn, melding every card at once, doubles the hand."
    ),
    choices=(
        ("double", gettext_lazy("Going rummy doubles")),
        ("off", gettext_lazy("Going rummy not doubled")),
    ),
    default="double",
)
SCORING = Choice(
    key="scoring",
    label=gettext_lazy("Scoring"),
    explanation=gettext_lazy(
        "The winner scores what the others hold, or each scores their own and the lowest "
        "total wins."
    ),
    choices=(
        ("winner_collects", gettext_lazy("Winner collects")),
        (scoring.PENALTY, gettext_lazy("Penalty: lowest total wins")),
    ),
    default="winner_collects",
)
JOKERS = Choice(
    key="jokers",
    label=gettext_lazy("Jokers"),
    explanation=gettext_lazy("Up to two printed jokers, wild in melds and 15 left in hand."),
    choices=(
        ("none", gettext_lazy("No jokers")),
        ("wild_15", gettext_lazy("Jokers 15 in hand")),
    ),
    default="none",
)


@dataclass(frozen=True, kw_only=True)
class RummyKind(
    HandKind[scoring.HandInput, scoring.HandResult, scoring.GameResult, scoring.HouseRules]
):
    def default_decks(self, players: int) -> int:
        return scoring.decks_for(players)

    def read_hand(self, data: Json) -> scoring.HandInput:
        return api.read_hand(data)

    def jokers(self, table: Table) -> int:
        return self.house_rules(table.settings).jokers_in_play

    def lowest_wins_at(self, table: Table) -> bool:
        """Under penalty scoring the lowest total wins (H52)."""
        return self.house_rules(table.settings).penalty

    def score_hand(self, hand: scoring.HandInput, rules: RuleSet) -> scoring.HandResult:
        return scoring.score_hand(hand, self.house_of(rules))

    def score_game(
        self, hands: list[scoring.HandInput], settings: Json, rules: RuleSet
    ) -> scoring.GameResult:
        return scoring.score_game(hands, scoring.Settings(**settings), rules=self.house_of(rules))

    def deadwood(self, cards: tuple[str, ...], data: Json, rules: RuleSet) -> Arrangement:
        return scoring.deadwood(cards, self.house_of(rules))

    def bare(self, answers: Mapping[str, object]) -> frozenset[int]:
        """Who went out shows no cards."""
        return answered_seat(answers, "winner")

    def entry(self, number: int, answers: Json, hands: list[list[str] | None]) -> Json:
        return {
            "winner": answers.get("winner"),
            "went_rummy": bool(answers.get("went_rummy")),
            "hands": hands,
        }

    def arrange(self, cards: Sequence[Card], number: int, game: Json) -> Arrangement:
        rules = self.house_rules(game)
        return held(cards, lambda card: scoring.value(card, rules))

    def hint(self, number: int) -> str:
        return gettext("The cards left in each loser's hand.")


KIND = RummyKind(
    house=scoring.HouseRules,
    slug=scoring.SLUG,
    title=scoring.TITLE,
    family=RUMMY_GAMES,
    min_players=scoring.MIN_PLAYERS,
    max_players=scoring.MAX_PLAYERS,
    settings=Settings(
        (TARGET_SCORE, MAX_HANDS),
        house_rules=(ACE_VALUE, GOING_RUMMY, SCORING, JOKERS),
        presets=(
            BOOK,
            Preset("penalty", gettext_lazy("Penalty Rummy"), {"scoring": scoring.PENALTY}),
        ),
    ),
    questions=Questions(
        hand=(
            SeatQuestion("winner", gettext_lazy("Who went out"), needed=True),
            FlagQuestion("went_rummy", gettext_lazy("Went rummy (all at once: double)")),
        )
    ),
)
