"""Tong-Its at the table: how the hand ended and who called it or drew last, each opened
player's answer to a draw, and what only the winner is asked (aces in their melds, kings
too where kings pay, face-down fours); the winner deals next, and the pot carries over."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from games.rules.cards import Card
from games.rules.family import RUMMY_GAMES, HandKind, hands_won
from games.rules.kind import Table
from games.rules.melds import Arrangement
from games.rules.questions import (
    ChoiceQuestion,
    CountQuestion,
    FlagQuestion,
    Questions,
    RanksQuestion,
    SeatQuestion,
)
from games.rules.reading import Json
from games.rules.settings import BOOK, Choice, Preset, RuleSet, Settings
from games.rules.text import gettext as _
from games.rules.text import gettext_lazy, pgettext_lazy
from games.rules.tong_its import api, scoring
from games.rules.tong_its.hand import (
    CHALLENGE,
    DRAW,
    FOLD,
    MAX_HAND,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SLUG,
    STOCK_OUT,
    TITLE,
    TONGIT,
    GameResult,
    HandInput,
    HandResult,
    HouseRules,
    decks_for,
)

FOLD_PAYS = Choice(
    key="fold_pays",
    label=gettext_lazy("A folder pays"),
    explanation=gettext_lazy("What a player who folds a challenged draw pays as its base."),
    choices=(
        ("base", gettext_lazy("A folder pays 3")),
        ("one", gettext_lazy("A folder pays 1")),
    ),
    default="base",
)
POT_RULE = Choice(
    key="pot_rule",
    label=gettext_lazy("The pot"),
    explanation=gettext_lazy(
        "Who takes the pot of antes: a winner of two hands running, or every winner."
    ),
    choices=(
        ("hitter", gettext_lazy("Pot to a winner of two hands running")),
        ("every_hand", gettext_lazy("Pot to every winner")),
    ),
    default="hitter",
)
ACE_BONUS_RANKS = Choice(
    key="ace_bonus_ranks",
    label=gettext_lazy("The winner's bonus"),
    explanation=gettext_lazy("Each loser pays the winner 1 chip per such card."),
    choices=(
        ("A", gettext_lazy("Aces pay 1")),
        ("A_K", gettext_lazy("Aces and kings pay 1")),
    ),
    default="A",
)

# Asked of the winner beside the aces, where kings pay (H22, H90).
MELD_KINGS = CountQuestion("meld_kings", gettext_lazy("Kings in own exposed melds"), of_winner=True)


def _seats(answers: Json, key: str, players: int) -> list[Any]:
    """One per-player question's answers, in seat order."""
    return [answers.get(f"{key}_{seat}") for seat in range(players)]


@dataclass(frozen=True, kw_only=True)
class TongItsKind(HandKind[HandInput, HandResult, GameResult, HouseRules]):
    def default_decks(self, players: int) -> int:
        return decks_for(players)

    def read_hand(self, data: Json) -> HandInput:
        return api.read_hand(data)

    def read_game_hand(self, data: Json) -> HandInput:
        return api.read_game_hand(data)

    def asks(self, table: Table) -> Questions:
        """Where kings pay, the winner is also asked for the kings in their own exposed
        melds, just after the aces."""
        if not self.house_rules(table.settings).kings_pay:
            return self.questions
        seat = tuple(
            asked
            for question in self.questions.seat
            for asked in ((question, MELD_KINGS) if question.key == "meld_aces" else (question,))
        )
        return replace(self.questions, seat=seat)

    def score_hand(self, hand: HandInput, rules: RuleSet) -> HandResult:
        return scoring.score_hand(hand, self.house_of(rules))

    def score_game(self, hands: list[HandInput], settings: Json, rules: RuleSet) -> GameResult:
        return scoring.score_game(hands, self.house_of(rules))

    def deadwood(self, cards: tuple[str, ...], data: Json, rules: RuleSet) -> Arrangement:
        """No house rule changes a count: they change only who pays what."""
        return scoring.deadwood(cards)

    def bare(self, answers: Mapping[str, object]) -> frozenset[int]:
        """Who called a tongit has no cards left."""
        caller = answers.get("caller")
        if answers.get("end") == TONGIT and isinstance(caller, int):
            return frozenset({caller})
        return frozenset()

    def entry(self, number: int, answers: Json, hands: list[list[str] | None]) -> Json:
        """A player who has not opened must fold a draw: they are not asked (§1.4). Who
        called a tongit or a draw has opened, and is not asked that either."""
        players = len(hands)
        entry: Json = {"end": answers.get("end"), "caller": answers.get("caller")}
        entry["last_drawer"] = answers.get("last_drawer")
        called = entry["caller"] if entry["end"] in (TONGIT, DRAW) else None
        if answers.get("end") == DRAW:
            opened = _seats(answers, "opened", players)
            responses = _seats(answers, "response", players)
            entry["responses"] = [
                None
                if seat == entry["caller"]
                else responses[seat] or (None if opened[seat] else FOLD)
                for seat in range(players)
            ]
        entry["players"] = [
            {
                "opened": bool(answers.get(f"opened_{seat}")) or seat == called,
                "hand": hand,
                "meld_aces": answers.get(f"meld_aces_{seat}") or 0,
                "meld_kings": answers.get(f"meld_kings_{seat}") or 0,
                "face_down_quads": answers.get(f"face_down_quads_{seat}") or [],
            }
            for seat, hand in enumerate(hands)
        ]
        return entry

    def arrange(self, cards: Sequence[Card], number: int, game: Json) -> Arrangement:
        return scoring.arrange(cards)

    def hand_winner(self, hand: HandResult) -> int | None:
        return hand.winner

    def pot_after(self, hand: HandResult) -> int | None:
        return hand.pot_after

    def dealers(self, hands: Sequence[HandResult], players: int) -> list[int]:
        """The first seat deals the first hand; then each hand's winner deals the next."""
        return [0, *(hand.winner for hand in hands)]

    def notes(self, result: GameResult, players: Sequence[str]) -> tuple[str, ...]:
        if result.rules.pot_every_hand:
            # Translators: {pot} is the chips left in the pot.
            pot = _("Pot: {pot} chips, taken by every winner.")
        else:
            # Translators: {pot} is the chips left in the pot.
            pot = _("Pot: {pot} chips, taken by a player who wins two hands running.")
        return (pot.format(pot=result.pot), hands_won(players, result.hands_won))


KIND = TongItsKind(
    house=HouseRules,
    slug=SLUG,
    title=TITLE,
    family=RUMMY_GAMES,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    unit=gettext_lazy("chips"),
    max_cards=MAX_HAND,
    has_pot=True,
    settings=Settings(
        house_rules=(FOLD_PAYS, POT_RULE, ACE_BONUS_RANKS),
        presets=(
            BOOK,
            Preset("every_hand_pot", gettext_lazy("Pot every hand"), {"pot_rule": "every_hand"}),
            Preset(
                "online",
                gettext_lazy("Online style, in chips"),
                {"fold_pays": "one", "pot_rule": "every_hand", "ace_bonus_ranks": "A_K"},
            ),
        ),
    ),
    questions=Questions(
        hand=(
            ChoiceQuestion(
                "end",
                gettext_lazy("How the hand ended"),
                needed=True,
                options=(
                    (TONGIT, gettext_lazy("Tongit (no cards left)")),
                    # Translators: a Tong-Its hand ended by a player calling “draw”.
                    (DRAW, gettext_lazy("Draw called")),
                    (STOCK_OUT, gettext_lazy("Stock ran out")),
                ),
            ),
            SeatQuestion(
                "caller",
                gettext_lazy("Who called it"),
                needed=True,
                when=("end", (TONGIT, DRAW)),
            ),
            SeatQuestion(
                "last_drawer",
                gettext_lazy("Who drew the last card"),
                needed=True,
                when=("end", (STOCK_OUT,)),
            ),
        ),
        seat=(
            # Who called a tongit or a draw has opened (§1.4): only the others are asked.
            # Translators: a Tong-Its player who has laid down a meld (a bahay) of their own.
            FlagQuestion("opened", pgettext_lazy("Tong-Its", "Opened"), skip="caller"),
            ChoiceQuestion(
                "response",
                gettext_lazy("Answer to the draw"),
                needed=True,
                when=("end", (DRAW,)),
                skip="caller",
                if_seat="opened",
                options=(
                    (FOLD, pgettext_lazy("Tong-Its", "Fold")),
                    # Translators: to challenge (fight) a Tong-Its draw: compare the cards.
                    (CHALLENGE, pgettext_lazy("Tong-Its", "Challenge")),
                ),
            ),
            CountQuestion("meld_aces", gettext_lazy("Aces in own exposed melds"), of_winner=True),
            RanksQuestion(
                "face_down_quads", gettext_lazy("Face-down fours (ranks)"), of_winner=True
            ),
        ),
    ),
    hand_fields=(
        "winner",
        "win_type",
        "deadwood",
        "payments",
        "chip_delta",
        "pot_after",
        "pot_awarded",
    ),
    game_fields=("totals", "pot", "hands_won"),
)
