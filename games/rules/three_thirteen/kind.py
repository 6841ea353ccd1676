"""Three Thirteen at the table: eleven hands of 3 to 13 cards, each with its wild rank;
who went out, and the cards each player holds (printed jokers among them where the house
plays them)."""

from collections.abc import Sequence
from dataclasses import dataclass

from games.rules.cards import Card
from games.rules.family import RUMMY_GAMES, HandKind
from games.rules.kind import Table
from games.rules.melds import Arrangement
from games.rules.questions import Questions, SeatQuestion
from games.rules.reading import Json
from games.rules.settings import BOOK, Choice, Preset, RuleSet, Settings
from games.rules.text import gettext, gettext_lazy
from games.rules.three_thirteen import api, scoring

FACE_VALUES = Choice(
    key="face_values",
    label=gettext_lazy("J, Q and K count"),
    explanation=gettext_lazy("What a jack, queen or king left unmelded costs."),
    choices=(
        (10, gettext_lazy("J Q K count 10")),
        ("11_12_13", gettext_lazy("J Q K count 11 12 13")),
    ),
    default=10,
)
JOKERS = Choice(
    key="jokers",
    label=gettext_lazy("Jokers"),
    explanation=gettext_lazy("Two printed jokers a deck, always wild."),
    choices=(
        ("none", gettext_lazy("No jokers")),
        ("wild_20", gettext_lazy("Jokers wild, 20 unmelded")),
        ("wild_50", gettext_lazy("Jokers wild, 50 unmelded")),
    ),
    default="none",
)
WILD_UNMELDED = Choice(
    key="wild_unmelded",
    label=gettext_lazy("A wild card left unmelded"),
    explanation=gettext_lazy("What a card of the hand's wild rank costs when it is left unmelded."),
    choices=(
        ("face", gettext_lazy("Unmelded wild counts its face")),
        (20, gettext_lazy("Unmelded wild counts 20")),
    ),
    default="face",
)


@dataclass(frozen=True, kw_only=True)
class ThreeThirteenKind(
    HandKind[scoring.HandInput, scoring.HandResult, scoring.GameResult, scoring.HouseRules]
):
    def default_decks(self, players: int) -> int:
        return scoring.decks_for(players)

    def read_hand(self, data: Json) -> scoring.HandInput:
        return api.read_hand(data)

    def jokers(self, table: Table) -> int:
        """Two printed jokers a deck where the house plays them, none by the book."""
        return self.house_rules(table.settings).jokers_in_play(table.seats)

    def score_hand(self, hand: scoring.HandInput, rules: RuleSet) -> scoring.HandResult:
        return scoring.score_hand(hand, self.house_of(rules))

    def score_game(
        self, hands: list[scoring.HandInput], settings: Json, rules: RuleSet
    ) -> scoring.GameResult:
        return scoring.score_game(hands, rules=self.house_of(rules))

    def deadwood(self, cards: tuple[str, ...], data: Json, rules: RuleSet) -> Arrangement:
        return api.read_deadwood(cards, data, self.house_of(rules))

    def entry(self, number: int, answers: Json, hands: list[list[str] | None]) -> Json:
        return {"hand_number": number, "went_out": answers.get("went_out"), "hands": hands}

    def arrange(self, cards: Sequence[Card], number: int, game: Json) -> Arrangement:
        return scoring.arrange(cards, number, self.house_rules(game))

    def hand_size(self, number: int) -> int | None:
        return scoring.hand_size(number)

    def hint(self, number: int) -> str:
        # Translators: {count} is the cards dealt each player; {rank} the hand's wild rank
        # (3, 4, …, 10, J, Q, K): "5 cards each; 5s are wild."
        return gettext("{count} cards each; {rank}s are wild.").format(
            count=scoring.hand_size(number), rank=scoring.wild_rank(number)
        )


KIND = ThreeThirteenKind(
    house=scoring.HouseRules,
    slug=scoring.SLUG,
    title=scoring.TITLE,
    family=RUMMY_GAMES,
    min_players=scoring.MIN_PLAYERS,
    max_players=scoring.MAX_PLAYERS,
    rounds=scoring.HANDS,
    lowest_wins=True,
    max_cards=scoring.hand_size(scoring.HANDS),
    settings=Settings(
        house_rules=(FACE_VALUES, JOKERS, WILD_UNMELDED),
        presets=(
            BOOK,
            Preset("with_jokers", gettext_lazy("With jokers"), {"jokers": "wild_20"}),
            Preset(
                "five_crowns_values",
                # Translators: Five Crowns is another card game's name.
                gettext_lazy("Five Crowns values"),
                {"face_values": "11_12_13", "wild_unmelded": 20, "jokers": "wild_50"},
            ),
        ),
    ),
    questions=Questions(
        hand=(SeatQuestion("went_out", gettext_lazy("Who went out"), needed=True),)
    ),
)
