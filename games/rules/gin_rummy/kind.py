"""Gin Rummy at the table: how the hand ended and who ended it, and both players' cards;
the melds, lay-offs, undercuts and bonuses are worked out from them. The winner of a hand
deals the next (G14).

The JSON API's `settings` also hold `first_dealer` (§6), which is no house rule. At the
table the first player seated deals first: the table seats its first dealer first."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from games.rules.budget import check_hands
from games.rules.cards import Card
from games.rules.family import RUMMY_GAMES, HandKind
from games.rules.gin_rummy import api, scoring
from games.rules.kind import Endpoint, Played, SeatPreview, Table
from games.rules.melds import Arrangement
from games.rules.questions import ChoiceQuestion, Questions, SeatQuestion
from games.rules.reading import Json, as_list, as_object, fields_of
from games.rules.settings import BOOK, Amount, Choice, Preset, RuleSet, Settings
from games.rules.text import gettext as _
from games.rules.text import gettext_lazy, ngettext, pgettext_lazy

FIRST_DEALER = "first_dealer"


def amount(
    key: str,
    label: str,
    explanation: str,
    usual: tuple[tuple[int, str], ...],
    other: str,
    least: int = 0,
) -> Amount:
    """A house rule that is a whole number (§7): the book's first among the usual ones the
    new-game page offers, each said as "Gin 25", and any other as `other` says it."""
    return Amount(
        key=key,
        label=label,
        explanation=explanation,
        choices=usual,
        default=usual[0][0],
        least=least,
        other=other,
    )


GIN_BONUS = amount(
    "gin_bonus",
    gettext_lazy("Gin bonus"),
    gettext_lazy("What going gin scores on top of the other player's deadwood."),
    # Translators: the amounts this house rule offers, as the new-game page says them.
    ((25, gettext_lazy("Gin 25")), (20, gettext_lazy("Gin 20"))),
    # Translators: an amount the new-game page does not offer ({value} is a number).
    gettext_lazy("Gin {value}"),
)
UNDERCUT_BONUS = amount(
    "undercut_bonus",
    gettext_lazy("Undercut bonus"),
    gettext_lazy("What undercutting a knock scores on top of the difference in counts."),
    ((25, gettext_lazy("Undercut 25")), (10, gettext_lazy("Undercut 10"))),
    gettext_lazy("Undercut {value}"),
)
BIG_GIN_BONUS = amount(
    "big_gin_bonus",
    gettext_lazy("Big gin bonus"),
    gettext_lazy("What melding all 11 cards after the draw scores on top of the other's deadwood."),
    (
        (31, gettext_lazy("Big gin 31")),
        (20, gettext_lazy("Big gin 20")),
        (50, gettext_lazy("Big gin 50")),
    ),
    gettext_lazy("Big gin {value}"),
)
BOX_BONUS = amount(
    "box_bonus",
    # Translators: a box is the bonus each hand won adds at the end of a game of Gin Rummy.
    gettext_lazy("Box bonus"),
    gettext_lazy("What each hand won adds to its winner's score once the game is over."),
    ((25, gettext_lazy("Box 25")), (20, gettext_lazy("Box 20"))),
    gettext_lazy("Box {value}"),
)
TARGET = amount(
    "target",
    # Translators: a setting's label: the total at which the game ends.
    gettext_lazy("Game to"),
    gettext_lazy("The game ends after the hand in which a player's total reaches it."),
    (
        (100, gettext_lazy("Game to 100")),
        (150, gettext_lazy("Game to 150")),
        (250, gettext_lazy("Game to 250")),
    ),
    # Translators: the game ends when a total reaches {value} points.
    gettext_lazy("Game to {value}"),
    least=1,
)
SHUTOUT = Choice(
    key="shutout",
    # Translators: a game in which the loser won no hand.
    label=gettext_lazy("Shutout"),
    explanation=gettext_lazy("What the winner gets when the loser won no hand."),
    choices=(
        (scoring.DOUBLE, gettext_lazy("Shutout doubles")),
        (scoring.SECOND_GAME_BONUS, gettext_lazy("Shutout: a second game bonus")),
        (scoring.NO_SHUTOUT, gettext_lazy("No shutout bonus")),
    ),
    default=scoring.DOUBLE,
)
CLASSIC = Preset(
    "classic",
    # Translators: a preset of house rules: Gin Rummy's older, classic amounts.
    pgettext_lazy("house rules", "Classic"),
    {
        "gin_bonus": 20,
        "undercut_bonus": 10,
        "big_gin_bonus": 20,
        "box_bonus": 20,
        "shutout": scoring.SECOND_GAME_BONUS,
    },
)

# How the hand ended, as the table answers it.
END_OPTIONS = (
    (scoring.KNOCK, pgettext_lazy("how a hand ended", "Knock")),
    (scoring.GIN, pgettext_lazy("how a hand ended", "Gin")),
    (scoring.BIG_GIN, gettext_lazy("Big gin (all 11 cards)")),
    (scoring.DEAD, gettext_lazy("Dead hand (no knock)")),
)
# How the hand was won, under the winner's score on the board.
OUTCOMES = {
    scoring.KNOCK: pgettext_lazy("hand outcome", "knock"),
    scoring.UNDERCUT: pgettext_lazy("hand outcome", "undercut"),
    scoring.GIN: pgettext_lazy("hand outcome", "gin"),
    scoring.BIG_GIN: pgettext_lazy("hand outcome", "big gin"),
}
# Under both scores on the board: nobody won the hand.
DEAD_HAND = pgettext_lazy("hand outcome", "dead hand")


@dataclass(frozen=True, kw_only=True)
class GinRummyKind(
    HandKind[scoring.HandInput, scoring.HandResult, scoring.GameResult, scoring.HouseRules]
):
    def score_game(
        self, hands: list[scoring.HandInput], settings: Json, rules: RuleSet
    ) -> scoring.GameResult:
        return scoring.score_game(hands, self.house_of(rules), settings.get(FIRST_DEALER, 0))

    def deadwood(self, cards: tuple[str, ...], data: Json, rules: RuleSet) -> Arrangement:
        """No house rule changes a count."""
        result = scoring.deadwood(cards, None)
        return Arrangement(result.melds, result.unmatched, result.deadwood)

    def bare(self, answers: Mapping[str, object]) -> frozenset[int]:
        """A dead hand shows no cards."""
        return (
            frozenset(range(scoring.PLAYERS)) if answers.get("end") == scoring.DEAD else frozenset()
        )

    def entry(self, number: int, answers: Json, hands: list[list[str] | None]) -> Json:
        if answers.get("end") == scoring.DEAD:
            return {"end": scoring.DEAD}
        return {"end": answers.get("end"), "player": answers.get("player"), "hands": hands}

    def read_hand(self, data: Json) -> scoring.HandInput:
        return api.read_hand(data)

    def arrange(self, cards: Sequence[Card], number: int, game: Json) -> Arrangement:
        return scoring.arrange(cards)

    def default_decks(self, players: int) -> int:
        return 1

    def preview(
        self, table: Table, number: int, entry: Played, others: Mapping[int, Played]
    ) -> list[SeatPreview]:
        """Each player's melds and deadwood as the cards come in; a hand is whole at 10
        cards, or 11 for the player of a big gin."""
        big = entry.details.get("end") == scoring.BIG_GIN
        player = entry.details.get("player")
        return [
            replace(
                shown,
                complete_at=scoring.BIG_GIN_SIZE if big and seat == player else scoring.HAND_SIZE,
            )
            for seat, shown in enumerate(super().preview(table, number, entry, others))
        ]

    def hint(self, number: int) -> str:
        return _("10 cards each, 11 for a big gin; none for a dead hand.")

    def score_hand(self, hand: scoring.HandInput, rules: RuleSet) -> scoring.HandResult:
        return scoring.score_hand(hand, self.house_of(rules))

    def hand_winner(self, hand: scoring.HandResult) -> int | None:
        return hand.winner

    def outcomes(self, hand: scoring.HandResult) -> tuple[str, ...]:
        """The winner's cell says how the hand was won; a dead hand says so in both."""
        if hand.winner is None:
            return (str(DEAD_HAND),) * scoring.PLAYERS
        return tuple(
            str(OUTCOMES[hand.result]) if seat == hand.winner else ""
            for seat in range(scoring.PLAYERS)
        )

    def dealers(self, hands: Sequence[scoring.HandResult], players: int) -> list[int]:
        """The first player seated deals first; the winner of a hand deals the next, and
        after a dead hand the same dealer deals again (G14)."""
        return list(scoring.dealers([hand.winner for hand in hands]))

    def final(self, result: scoring.GameResult) -> tuple[int, ...]:
        """Once the game is over, the totals with the game bonus, the boxes and a
        shutout (the board's "Final" row, and the winner's score)."""
        return tuple(result.final_scores or ())

    def notes(self, result: scoring.GameResult, players: Sequence[str]) -> tuple[str, ...]:
        """Hands won (each a box at the end); once the game is over, how its bonuses make
        the final scores (which the board's "Final" row shows)."""
        rules = result.rules
        won = ", ".join(
            f"{name} {count}" for name, count in zip(players, result.hands_won, strict=True)
        )
        # Translators: a box is the bonus each hand won adds at the end; {won} is each
        # player's name and hands won ("Ann 3, Ben 2").
        said = _("Hands won (a box of {box} each at the end): {won}.")
        notes = [said.format(box=rules.box_bonus, won=won)]
        if result.final_scores is None or result.winner is None:
            return tuple(notes)
        winner, loser = result.winner, 1 - result.winner
        sums = []
        for seat, name in enumerate(players):
            terms = [str(result.totals[seat])]
            if seat == winner:
                # Translators: a term of a final score's sum ("112 + 100 game bonus + …").
                terms.append(_("{bonus} game bonus").format(bonus=scoring.GAME_BONUS))
            boxes = result.hands_won[seat]
            # Translators: a term of a final score's sum: {count} hands won, a box of {box}
            # points each ("3 boxes × 25").
            box = ngettext("{count} box × {box}", "{count} boxes × {box}", boxes)
            terms.append(box.format(count=boxes, box=rules.box_bonus))
            sums.append(f"{name} {' + '.join(terms)}")
        # Translators: {sums} are each player's final score as a sum ("Ann 112 + 100 game
        # bonus + 3 boxes × 25; Ben 40 + 2 boxes × 25").
        said = _("Game over at {target}: {sums}.")
        notes.append(said.format(target=rules.target, sums="; ".join(sums)))
        if result.shutout and rules.shutout == scoring.DOUBLE:
            said = _("Shutout: {loser} won no hand, so {winner}'s score is doubled.")
            notes.append(said.format(loser=players[loser], winner=players[winner]))
        elif result.shutout and rules.shutout == scoring.SECOND_GAME_BONUS:
            said = _(
                "Shutout: {loser} won no hand, so {winner} takes a second game bonus of {bonus}."
            )
            notes.append(
                said.format(loser=players[loser], winner=players[winner], bonus=scoring.GAME_BONUS)
            )
        return tuple(notes)

    @property
    def endpoints(self) -> Mapping[str, Endpoint]:
        """api.md §5: every endpoint's `settings` may also hold `first_dealer`, which only
        `/game` uses, and which is checked with the settings, before anything else."""

        def read(data: Json) -> tuple[RuleSet, int]:
            rules, given = self.settings.read(data.get("settings"), self.title, (FIRST_DEALER,))
            return rules, scoring.check_first_dealer(given.get(FIRST_DEALER, 0))

        def deadwood(data: Json) -> Json:
            """The least deadwood of some cards, after the best lay-offs when given."""
            rules, _first = read(data)
            result = scoring.deadwood(*api.read_deadwood(data))
            names = ("deadwood", "melds", "unmatched")
            return rules.echoed(
                fields_of(result, names if result.layoffs is None else (*names, "layoffs"))
            )

        def hand(data: Json) -> Json:
            """Score one hand."""
            rules, _first = read(data)
            result = self.score_hand(self.read_hand(data), rules)
            names: tuple[str, ...] = ("result", "winner", "deadwood", "hand_scores")
            if result.result == scoring.KNOCK:
                names += ("knocker_melds", "layoffs")
            return rules.echoed(fields_of(result, (*names, "explanation")))

        def game(data: Json) -> Json:
            """Score a game's hands in play order from zero totals."""
            rules, first = read(data)
            listed = as_list(data.get("hands"), "“hands”")
            check_hands(len(listed))
            entries = [
                as_object(entry, _("Hand {number}").format(number=number))
                for number, entry in enumerate(listed, start=1)
            ]
            result = self.play(entries, {FIRST_DEALER: first}, rules)
            return rules.echoed(fields_of(result, self.game_fields))

        return {"deadwood": deadwood, "hand": hand, "game": game}


KIND = GinRummyKind(
    house=scoring.HouseRules,
    slug=scoring.SLUG,
    title=scoring.TITLE,
    family=RUMMY_GAMES,
    min_players=scoring.PLAYERS,
    max_players=scoring.PLAYERS,
    max_cards=scoring.BIG_GIN_SIZE,
    settings=Settings(
        house_rules=(GIN_BONUS, UNDERCUT_BONUS, BIG_GIN_BONUS, BOX_BONUS, TARGET, SHUTOUT),
        presets=(BOOK, CLASSIC),
    ),
    questions=Questions(
        hand=(
            ChoiceQuestion(
                "end", gettext_lazy("How the hand ended"), needed=True, options=END_OPTIONS
            ),
            SeatQuestion(
                "player",
                gettext_lazy("Who knocked or went gin"),
                needed=True,
                when=("end", (scoring.KNOCK, scoring.GIN, scoring.BIG_GIN)),
            ),
        )
    ),
    hand_fields=("result", "winner", "deadwood", "hand_scores"),
    game_fields=(
        "totals",
        "hands_won",
        "game_over",
        "winner",
        "final_scores",
        "shutout",
        "next_dealer",
    ),
)
