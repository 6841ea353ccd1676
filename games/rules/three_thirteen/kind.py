"""Three Thirteen at the table: eleven hands of 3 to 13 cards, each with its wild rank;
who went out, and the cards each player holds."""

from collections.abc import Sequence
from dataclasses import dataclass

from games.rules.cards import Card
from games.rules.family import HandKind
from games.rules.melds import Arrangement
from games.rules.questions import Questions, SeatQuestion
from games.rules.reading import Json
from games.rules.settings import RuleSet
from games.rules.three_thirteen import api, scoring


@dataclass(frozen=True, kw_only=True)
class ThreeThirteenKind(HandKind[scoring.HandInput, scoring.HandResult, scoring.GameResult]):
    def default_decks(self, players: int) -> int:
        return scoring.decks_for(players)

    def read_hand(self, data: Json) -> scoring.HandInput:
        return api.read_hand(data)

    def score_hand(self, hand: scoring.HandInput, rules: RuleSet) -> scoring.HandResult:
        return scoring.score_hand(hand)

    def score_game(
        self, hands: list[scoring.HandInput], settings: Json, rules: RuleSet
    ) -> scoring.GameResult:
        return scoring.score_game(hands)

    def deadwood(self, cards: tuple[str, ...], data: Json, rules: RuleSet) -> Arrangement:
        return api.read_deadwood(cards, data)

    def entry(self, number: int, answers: Json, hands: list[list[str] | None]) -> Json:
        return {"hand_number": number, "went_out": answers.get("went_out"), "hands": hands}

    def arrange(self, cards: Sequence[Card], number: int, game: Json) -> Arrangement:
        return scoring.arrange(cards, number)

    def hand_size(self, number: int) -> int | None:
        return scoring.hand_size(number)

    def hint(self, number: int) -> str:
        return f"{scoring.hand_size(number)} cards each; {scoring.wild_rank(number)}s are wild."


KIND = ThreeThirteenKind(
    slug=scoring.SLUG,
    title=scoring.TITLE,
    min_players=scoring.MIN_PLAYERS,
    max_players=scoring.MAX_PLAYERS,
    rounds=scoring.HANDS,
    lowest_wins=True,
    max_cards=scoring.hand_size(scoring.HANDS),
    questions=Questions(hand=(SeatQuestion("went_out", "Who went out", needed=True),)),
)
