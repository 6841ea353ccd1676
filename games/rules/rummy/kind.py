"""Rummy at the table: who went out (and whether they went rummy), and the cards left in
each loser's hand."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.rules.cards import Card
from games.rules.family import MAX_HANDS, TARGET_SCORE, HandKind, held
from games.rules.kind import answered_seat
from games.rules.melds import Arrangement
from games.rules.questions import FlagQuestion, Questions, SeatQuestion
from games.rules.reading import Json
from games.rules.rummy import api, scoring
from games.rules.settings import Settings


@dataclass(frozen=True, kw_only=True)
class RummyKind(HandKind[scoring.HandInput, scoring.HandResult, scoring.GameResult]):
    def default_decks(self, players: int) -> int:
        return scoring.decks_for(players)

    def read_hand(self, data: Json) -> scoring.HandInput:
        return api.read_hand(data)

    def score_hand(self, hand: scoring.HandInput) -> scoring.HandResult:
        return scoring.score_hand(hand)

    def score_game(self, hands: list[scoring.HandInput], settings: Json) -> scoring.GameResult:
        return scoring.score_game(hands, scoring.Settings(**settings))

    def deadwood(self, cards: tuple[str, ...], data: Json) -> Arrangement:
        return scoring.deadwood(cards)

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
        return held(cards, scoring.value)

    def hint(self, number: int) -> str:
        return "The cards left in each loser's hand."


KIND = RummyKind(
    slug=scoring.SLUG,
    title=scoring.TITLE,
    min_players=scoring.MIN_PLAYERS,
    max_players=scoring.MAX_PLAYERS,
    settings=Settings((TARGET_SCORE, MAX_HANDS)),
    questions=Questions(
        hand=(
            SeatQuestion("winner", "Who went out", needed=True),
            FlagQuestion("went_rummy", "Went rummy (all at once: double)"),
        )
    ),
)
