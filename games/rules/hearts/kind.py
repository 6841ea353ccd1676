"""Hearts at the table: each player's taken cards are the whole entry, with no questions
beside them.

The scorekeeper enters the penalty cards each player took (or whole trick piles: other
cards count 0 but are checked); the picker does not offer the cards `removed` for the
player count, and offers the `counted` cards nobody has yet to the player receiving cards
in one tap.
The deal passes left each hand; the dealer changes no score (§5), so the board names them
only to help the table.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.rules.cards import Card, parse_cards
from games.rules.errors import InvalidInput, RuleError
from games.rules.family import HandGame
from games.rules.hearts import api, scoring
from games.rules.kind import CLASSICS, Played, SeatPreview, Table, name_seats
from games.rules.reading import Json
from games.rules.rummy_common import copy_problems
from games.rules.settings import BOOK, Amount, Choice, Preset, RuleSet, Settings
from games.rules.text import gettext as _
from games.rules.text import gettext_lazy, ngettext, pgettext, together

MOON = Choice(
    key="moon",
    label=gettext_lazy("Shooting the moon"),
    explanation=gettext_lazy(
        "Whoever takes every heart and Q♠ scores nothing and everyone else the hand's "
        "points, or takes the hand's points off their own score."
    ),
    choices=(
        (scoring.ADD, gettext_lazy("Moon adds to the others")),
        (scoring.SUBTRACT, gettext_lazy("Moon subtracts")),
    ),
    default=scoring.ADD,
)
JACK_OF_DIAMONDS = Choice(
    key="jack_of_diamonds",
    label=gettext_lazy("Jack of diamonds"),
    explanation=gettext_lazy("Whether J♦ takes 10 off the score of whoever wins it in a trick."),
    choices=((False, gettext_lazy("No J♦")), (True, gettext_lazy("J♦ minus 10"))),
    default=False,
)
TARGET = Amount(
    key="target",
    # Translators: a setting's label: the total at which the game ends.
    label=gettext_lazy("Game to"),
    explanation=gettext_lazy(
        "The game ends after the hand in which someone reaches it; lowest wins."
    ),
    choices=((100, gettext_lazy("Game to 100")), (50, gettext_lazy("Game to 50"))),
    default=100,
    least=1,
    # Translators: the game ends when a total reaches {value} points.
    other=gettext_lazy("Game to {value}"),
)


@dataclass(frozen=True, kw_only=True)
class HeartsKind(
    HandGame[scoring.HandInput, scoring.HandResult, scoring.GameResult, scoring.HouseRules]
):
    def default_decks(self, players: int) -> int:
        """One deck at any table, less the deuces `removed` for the count (HT1, HT2)."""
        return 1

    def score_hand(self, hand: scoring.HandInput, rules: RuleSet) -> scoring.HandResult:
        """One hand: the points taken, then the moon under the rules in force (§3, §6)."""
        return scoring.score_hand(hand, self.house_of(rules))

    def score_game(
        self, hands: list[scoring.HandInput], settings: Json, rules: RuleSet
    ) -> scoring.GameResult:
        """Hearts declares no settings beside its house rules: the target is one (§6)."""
        return scoring.score_game(hands, self.house_of(rules))

    def removed(self, table: Table) -> frozenset[str]:
        """The deuces out of the deck for 3, 5 or 6 players (HT2)."""
        return frozenset(str(card) for card in scoring.removed(table.seats))

    def counted(self, table: Table) -> tuple[str, ...]:
        """The hearts in play, Q♠, and J♦ under the option (HT3)."""
        rules = self.house_rules(table.settings)
        return tuple(str(card) for card in scoring.penalty_cards(table.seats, rules))

    def play(self, entries: Sequence[Json], settings: Json, rules: RuleSet) -> scoring.GameResult:
        """A game is at least one hand (api.md §7.2); an empty list is `invalid_input`
        once the settings have been checked."""
        if not entries:
            self.score_game([], settings, rules)
            raise InvalidInput(_("“hands” must hold at least one hand."))
        return super().play(entries, settings, rules)

    def read_hand(self, data: Json) -> scoring.HandInput:
        return api.read_hand(data)

    def entry(self, number: int, answers: Json, hands: list[list[str] | None]) -> Json:
        """A seat left blank took no penalty card: every trick is someone's, so the cards
        that must be entered are checked over the hand as a whole."""
        return {"taken": [hand or [] for hand in hands]}

    def hint(self, number: int) -> str:
        return _("The hearts and Q♠ each player took in tricks (and J♦ when it counts).")

    def outcomes(self, hand: scoring.HandResult) -> tuple[str, ...]:
        """The shooter's cell says "moon"."""
        if hand.moon is None:
            return ()
        # Translators: under a hand's score on the board: this player shot the moon.
        moon = pgettext("hand outcome", "moon")
        return tuple(moon if seat == hand.moon else "" for seat in range(len(hand.points)))

    def notes(self, result: scoring.GameResult, players: Sequence[str]) -> tuple[str, ...]:
        """Who shot the moon in the game, and once it is over who reached the target."""
        notes = []
        moons = [hand.moon for hand in result.hand_results if hand.moon is not None]
        if moons:
            counts = ", ".join(
                f"{name} {moons.count(seat)}" for seat, name in enumerate(players) if seat in moons
            )
            # Translators: {counts} is each shooter's name and count: "Ann 2, Ben 1".
            notes.append(_("Moons shot: {counts}.").format(counts=counts))
        if result.game_over:
            over = [
                name
                for name, total in zip(players, result.totals, strict=True)
                if total >= result.target
            ]
            said = ngettext(
                # Translators: {players} are one or more names ("Ann and Ben"), {target} the total
                # that ends the game.
                "{players} reached {target}: the game is over and the lowest total wins.",
                "{players} reached {target}: the game is over and the lowest total wins.",
                len(over),
            )
            notes.append(said.format(players=together(over), target=result.target))
        return tuple(notes)

    def preview(
        self, table: Table, number: int, entry: Played, others: Mapping[int, Played]
    ) -> list[SeatPreview]:
        """Each player's points as the cards come in ("3 hearts and Q♠: 16"), the moon
        once someone has every heart in play and Q♠, or the problem: a card that is none,
        one out of the deck for this many players, or one already entered."""
        rules = self.house_rules(table.settings)
        out = scoring.removed(table.seats)
        hands: list[tuple[int, Sequence[Card]]] = []
        shown = []
        for seat, text in enumerate(entry.cards):
            try:
                cards = parse_cards(text.split(), player=seat)
                gone = next((card for card in cards if card in out), None)
                if gone is not None:
                    message = scoring.removed_message(seat, gone, table.seats)
                    raise scoring.RemovedCard(name_seats(message, table.players), seat)
                hands.append((seat, cards))
                shown.append(self.seat_preview(cards, table.seats, rules))
            except RuleError as error:
                shown.append(SeatPreview(problem=error.message))
        for duplicate in copy_problems(hands, table.decks):
            if isinstance(duplicate.player, int):
                problem = name_seats(duplicate.message, table.players)
                shown[duplicate.player] = SeatPreview(problem=problem)
        return shown

    def seat_preview(
        self, cards: Sequence[Card], players: int, rules: scoring.HouseRules
    ) -> SeatPreview:
        if not cards:
            return SeatPreview()
        points = scoring.points(cards, rules)
        if scoring.shot_the_moon(cards, players):
            if rules.moon == scoring.ADD:
                # Translators: {cards} is what the player took ("13 hearts and Q♠"), {points} the
                # hand's full points (26).
                said = _("{cards}: shot the moon (everyone else scores {points})")
            else:
                # Translators: {cards} is what the player took ("13 hearts and Q♠"), {points} the
                # hand's full points (26).
                said = _("{cards}: shot the moon (minus {points})")
            full = scoring.full_points(players)
            return SeatPreview(
                text=said.format(cards=scoring.took(cards, rules), points=full), score=points
            )
        said = f"{scoring.took(cards, rules)}: {scoring.signed(points)}"
        return SeatPreview(text=said, score=points)


KIND = HeartsKind(
    slug=scoring.SLUG,
    title=scoring.TITLE,
    family=CLASSICS,
    lowest_wins=True,
    # Every card that scores, 15 at most, with room for others tapped by mistake; 25
    # cards of text ("10H " each) fit the 100 characters a seat's cards are stored in.
    max_cards=25,
    min_players=scoring.MIN_PLAYERS,
    max_players=scoring.MAX_PLAYERS,
    hand_fields=("points", "moon", "hand_scores"),
    house=scoring.HouseRules,
    settings=Settings(
        house_rules=(MOON, JACK_OF_DIAMONDS, TARGET),
        presets=(
            BOOK,
            Preset("omnibus", gettext_lazy("Omnibus Hearts"), {"jack_of_diamonds": True}),
        ),
    ),
)
