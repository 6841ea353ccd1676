"""Indian Rummy at the table: who declared, the wild rank turned up at each deal (a house
rule), and the 13 cards each player shows."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.rules.cards import RANKS, Card
from games.rules.family import MAX_DEALS, TARGET_SCORE, HandKind
from games.rules.indian_rummy import api, scoring
from games.rules.kind import Table, answered_seat
from games.rules.melds import Arrangement
from games.rules.questions import ChoiceQuestion, Questions, SeatQuestion
from games.rules.reading import Json
from games.rules.settings import Decks, Flag, RuleSet, Settings

JOKERS = Flag(
    key="jokers",
    label="Printed jokers",
    explanation="Two per deck.",
    default=True,
    said="no jokers",
)


@dataclass(frozen=True, kw_only=True)
class IndianRummyKind(HandKind[scoring.HandInput, scoring.HandResult, scoring.GameResult]):
    def default_decks(self, players: int) -> int:
        return scoring.default_decks(players)

    def jokers(self, table: Table) -> int:
        if not table.settings.get("jokers", True):
            return 0
        return scoring.JOKERS_PER_DECK * scoring.decks_for(table.seats, table.settings.get("decks"))

    def read_hand(self, data: Json) -> scoring.HandInput:
        return api.read_hand(data)

    def score_hand(self, hand: scoring.HandInput, rules: RuleSet) -> scoring.HandResult:
        return scoring.score_hand(hand)

    def score_game(
        self, hands: list[scoring.HandInput], settings: Json, rules: RuleSet
    ) -> scoring.GameResult:
        return scoring.score_game(hands, scoring.GameSettings(**settings))

    def settings_of(self, given: Json) -> Json:
        """A game's settings may also name a wild rank for every deal."""
        return api.with_wild_rank(given, *self.settings.keys)

    def deadwood(self, cards: tuple[str, ...], data: Json, rules: RuleSet) -> Arrangement:
        return api.read_deadwood(cards, data)

    def bare(self, answers: Mapping[str, object]) -> frozenset[int]:
        """Who declared shows no cards."""
        return answered_seat(answers, "winner")

    def entry(self, number: int, answers: Json, hands: list[list[str] | None]) -> Json:
        """The house wild rank is turned up at each deal: each deal asks for it, and it is
        that deal's own setting."""
        wild = answers.get("wild_rank")
        entry: Json = {"winner": answers.get("winner"), "hands": hands}
        if wild:
            entry["settings"] = {"wild_rank": wild}
        return entry

    def arrange(self, cards: Sequence[Card], number: int, game: Json) -> Arrangement:
        return scoring.arrange(cards, game.get("jokers", True), game.get("wild_rank") or None)

    def hand_size(self, number: int) -> int | None:
        """Every hand shown holds the 13 cards dealt: the next cards are the next player's."""
        return scoring.HAND_SIZE

    def hint(self, number: int) -> str:
        return "13 cards each; the declarer's may be left out."


KIND = IndianRummyKind(
    slug=scoring.SLUG,
    title=scoring.TITLE,
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
        )
    ),
    questions=Questions(
        hand=(
            SeatQuestion("winner", "Who declared", needed=True),
            ChoiceQuestion(
                "wild_rank",
                "Wild rank turned up (house rule)",
                options=tuple((rank, f"{rank}s") for rank in RANKS),
            ),
        )
    ),
)
