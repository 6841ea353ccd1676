"""Carousel at the table: who knocked, and the cards each player still holds."""

from collections.abc import Sequence
from dataclasses import dataclass

from games.rules.cards import Card
from games.rules.carousel import api, scoring
from games.rules.errors import RuleError
from games.rules.family import RUMMY_GAMES, HandKind, hands_won, held
from games.rules.kind import Table
from games.rules.melds import Arrangement
from games.rules.questions import FlagQuestion, Questions, SeatQuestion
from games.rules.reading import Json
from games.rules.rummy_common import MissingHand
from games.rules.settings import BOOK, Choice, Preset, RuleSet, Settings
from games.rules.text import gettext, gettext_lazy

NO_CARDS = FlagQuestion("no_cards", gettext_lazy("No cards left"))

KNOCK_MAX = Choice(
    key="knock_max",
    label=gettext_lazy("Knock with"),
    explanation=gettext_lazy("The most deadwood a player may knock with."),
    choices=(
        (scoring.KNOCK_LIMIT, gettext_lazy("Knock with 4 or less")),
        (5, gettext_lazy("Knock with 5 or less")),
    ),
    default=scoring.KNOCK_LIMIT,
)


@dataclass(frozen=True, kw_only=True)
class CarouselKind(
    HandKind[scoring.HandInput, scoring.HandResult, scoring.GameResult, scoring.HouseRules]
):
    def default_decks(self, players: int) -> int:
        return scoring.decks_for(players)

    def jokers(self, table: Table) -> int:
        return scoring.jokers_for(table.seats)

    def read_hand(self, data: Json) -> scoring.HandInput:
        return api.read_hand(data)

    def score_hand(self, hand: scoring.HandInput, rules: RuleSet) -> scoring.HandResult:
        return scoring.score_hand(hand, self.house_of(rules))

    def score_game(
        self, hands: list[scoring.HandInput], settings: Json, rules: RuleSet
    ) -> scoring.GameResult:
        return scoring.score_game(hands, rules=self.house_of(rules))

    def deadwood(self, cards: tuple[str, ...], data: Json, rules: RuleSet) -> Arrangement:
        """The knock limit changes no count: every card held is deadwood under any rules."""
        return api.read_deadwood(cards, data)

    def entry(self, number: int, answers: Json, hands: list[list[str] | None]) -> Json:
        """A blank seat with "no cards left" ticked holds nothing; otherwise it is missing:
        when the knock ends the hand a player may really hold nothing, and the box says so."""
        return {
            "knocker": answers.get("knocker"),
            "hands": [
                hand if hand is not None else ([] if answers.get(f"no_cards_{seat}") else None)
                for seat, hand in enumerate(hands)
            ],
        }

    def arrange(self, cards: Sequence[Card], number: int, game: Json) -> Arrangement:
        return held(cards, scoring.value)

    def told(self, error: RuleError) -> str:
        """A missing hand is a blank seat whose box is not ticked: the table is told of
        the box, where the API speaks of an empty list."""
        if isinstance(error, MissingHand):
            return gettext(
                # Translators: {box} is the box's label, “No cards left”.
                "Seat {seat}'s cards are missing: enter what they hold, or tick “{box}” if "
                "they hold none."
            ).format(seat=error.player, box=NO_CARDS.label)
        return error.message

    def hint(self, number: int) -> str:
        return gettext("The cards each player still holds; a joker counts 25.")

    def notes(self, result: scoring.GameResult, players: Sequence[str]) -> tuple[str, ...]:
        """The final scores once the game is over, with its end bonuses; hands won."""
        notes = []
        if result.final_scores is not None:
            finals = ", ".join(
                f"{name} {final}" for name, final in zip(players, result.final_scores, strict=True)
            )
            notes.append(
                gettext(
                    # Translators: {box} is the bonus for each hand won, {game} the bonus
                    # for winning the game; {finals} lists names and scores ("Ann 212, Ben
                    # 160").
                    "Final scores with {box} a hand won and {game} for the game: {finals}."
                ).format(box=scoring.BOX_BONUS, game=scoring.GAME_BONUS, finals=finals)
            )
        notes.append(hands_won(players, result.hands_won))
        return tuple(notes)


KIND = CarouselKind(
    house=scoring.HouseRules,
    slug=scoring.SLUG,
    title=scoring.TITLE,
    family=RUMMY_GAMES,
    min_players=scoring.MIN_PLAYERS,
    max_players=scoring.MAX_PLAYERS,
    settings=Settings(
        house_rules=(KNOCK_MAX,),
        presets=(BOOK, Preset("knock_five", gettext_lazy("Knock with 5"), {"knock_max": 5})),
    ),
    questions=Questions(
        hand=(SeatQuestion("knocker", gettext_lazy("Who knocked"), needed=True),),
        seat=(NO_CARDS,),
    ),
    hand_fields=("deadwood", "winners", "hand_scores"),
    game_fields=("totals", "hands_won", "game_over", "winners", "final_scores"),
)
