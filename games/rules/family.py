"""The rummy family at the table: a hand at a time, each seat's cards and the hand's
answers, scored through the game's own JSON reading so that the table and the API cannot
score a hand differently.

Each rummy-family game subclasses `HandKind` once, saying how its JSON is read
(`read_hand`, `read_game_hand`, `settings_of`), how a hand and a game are scored under
the house rules in force (`score_hand`, `score_game`, `deadwood`, each given the
`RuleSet`), how the table's answers make a hand entry
(`entry`), how one player's cards are laid out (`arrange`), and what the game keeps
beside the totals (`notes`). A game played a hand at a time without melds to lay out
(Hearts: no deadwood, no `/deadwood`) subclasses `HandGame`, which is all of that but
the melds: it lays out each player's cards in its own `preview`. Every game's results
answer the same few things (`HandScored`, `GameScored`): each hand's scores and
explanation, the totals, whether the game is over and who won.

Decisions where the specs are silent: the first hand is dealt by the first player in seat
order; a seat left without cards is "not entered", so a forgotten hand is an error, not
an empty hand; a table may end any game when it stops playing, and whoever leads by the
game's rule wins, without Carousel's end-of-game bonuses.
"""

from abc import abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from games.rules.budget import check_hands
from games.rules.cards import Card, parse_cards
from games.rules.errors import InvalidInput, RuleError
from games.rules.kind import (
    Endpoint,
    GameKind,
    Played,
    Row,
    SeatPreview,
    Standings,
    Table,
    name_seats,
)
from games.rules.melds import Arrangement
from games.rules.reading import Json, as_list, as_object, cards_of, fields_of, optional_object
from games.rules.rummy_common import (
    copy_problems,
    describe,
    leaders,
    play_in_order,
    running_totals,
)
from games.rules.settings import Number, RuleSet
from games.rules.text import gettext as _
from games.rules.text import gettext_lazy

# Where the home page lists the rummy family.
RUMMY_GAMES = gettext_lazy("Rummy games")

# The ways a rummy-family game may be set to end, of which a game takes at most one.
TARGET_SCORE = Number(
    key="target_score",
    label=gettext_lazy("Play to a score"),
    explanation=gettext_lazy("The game ends after the hand in which someone reaches it."),
    # Translators: how the game page says the target score chosen, {value} a number.
    said=gettext_lazy("to {value} points"),
    # Translators: a way to end the game, in "Play to a score or to a number of hands,
    # not both."
    ends=gettext_lazy("to a score"),
)
MAX_HANDS = Number(
    key="max_hands",
    label=gettext_lazy("Or a number of hands"),
    explanation=gettext_lazy("Leave both empty to stop when you like."),
    # Translators: how the game page says the number of hands chosen, {value} a number.
    said=gettext_lazy("{value} hands"),
    # Translators: a way to end the game, in "Play to a score or to a number of hands,
    # not both."
    ends=gettext_lazy("to a number of hands"),
)
MAX_DEALS = Number(
    key="max_deals",
    label=gettext_lazy("Or a number of deals"),
    explanation=gettext_lazy("Often 12 or 16. Leave both empty to stop when you like."),
    # Translators: how the game page says the number of deals chosen, {value} a number.
    said=gettext_lazy("{value} deals"),
    # Translators: a way to end the game, in "Play to a score or to a number of deals,
    # not both."
    ends=gettext_lazy("to a number of deals"),
)


class HandScored(Protocol):
    """What every rummy-family game answers for a hand."""

    @property
    def hand_scores(self) -> tuple[int, ...]: ...

    @property
    def explanation(self) -> str: ...


class GameScored[R: HandScored](Protocol):
    """What every rummy-family game answers for a game: `hand_results` holds each hand's
    result in play order (for the scoreboard; never sent by the API)."""

    @property
    def totals(self) -> tuple[int, ...]: ...

    @property
    def game_over(self) -> bool: ...

    @property
    def winners(self) -> tuple[int, ...] | None: ...

    @property
    def hand_results(self) -> tuple[R, ...]: ...


@dataclass(frozen=True, kw_only=True)
class HandGame[H, R: HandScored, G: GameScored[Any], HR](GameKind):
    """A game played a hand at a time and scored through its own JSON reading, with a
    `/hand` and a `/game` endpoint. `hand_fields` (plus `explanation`) and `game_fields`
    are its API answers' fields, in the spec's order (`shared/api.md` §3); `deal_keys`
    what one deal's own `settings` may set (Indian Rummy's decks, jokers and wild rank,
    H5). `house` makes the game's own house rules (its scoring's `HouseRules`) from the
    values of a rule set."""

    house: Callable[..., HR]
    hand_fields: tuple[str, ...] = ("deadwood", "hand_scores")
    game_fields: tuple[str, ...] = ("totals", "game_over", "winners")
    deal_keys: tuple[str, ...] = ()

    def house_of(self, rules: RuleSet) -> HR:
        """The game's house rules of a rule set in force."""
        return self.house(**rules.options)

    def house_rules(self, settings: Json) -> HR:
        """The house rules a stored game's settings hold (the book's when none)."""
        return self.house_of(self.settings.rules(settings))

    # -- what each game says

    @abstractmethod
    def read_hand(self, data: Json) -> H:
        """One hand as `/hand` takes it (`shared/api.md` §3.3)."""

    def read_game_hand(self, data: Json) -> H:
        """One entry of a `/game` request's `hands`: a hand, unless the game says."""
        return self.read_hand(data)

    @abstractmethod
    def score_hand(self, hand: H, rules: RuleSet) -> R: ...

    @abstractmethod
    def score_game(self, hands: list[H], settings: Json, rules: RuleSet) -> G:
        """Score a game's hands from zero totals under its settings (the declared ones,
        read from the request or as stored) and its house rules."""

    @abstractmethod
    def entry(self, number: int, answers: Json, hands: list[list[str] | None]) -> Json:
        """The API's hand entry (`shared/api.md` §3.3) from the stored answers and each
        seat's cards (a list, or None when not entered)."""

    def game_fields_under(self, rules: RuleSet) -> tuple[str, ...]:
        """The `/game` answer's fields under these house rules: `game_fields`, unless a
        house rule adds some (a pool's eliminations and next dealer)."""
        return self.game_fields

    def told(self, error: RuleError) -> str:
        """A rules error as the table hears it: the API's words speak of its fields, where
        the table has boxes (the table's `entry` made those fields from them)."""
        return error.message

    def settings_of(self, given: Json) -> Json:
        """A `/game` request's `settings` beside its house rules: the game's declared
        settings given there."""
        return self.settings.given(given)

    def notes(self, result: G, players: Sequence[str]) -> tuple[str, ...]:
        """What the game keeps beside the totals (the pot, hands won, final scores)."""
        return ()

    def final(self, result: G) -> tuple[int, ...]:
        """Each player's final score once the game is over, where end bonuses make it
        differ from the totals; empty otherwise."""
        return ()

    def hand_winner(self, hand: R) -> int | None:
        """The seat that won a hand, where the game's answer says (and a question only
        the winner is asked needs it)."""
        return None

    def pot_after(self, hand: R) -> int | None:
        return None

    def out_after(self, hand: R) -> frozenset[int]:
        """The seats out of the game once this hand is scored (a pool's)."""
        return frozenset()

    def outcomes(self, hand: R) -> tuple[str, ...]:
        """What each seat's cell says beside its score, where the hand says ("first drop
        20"); empty for nothing."""
        return ()

    def dealers(self, hands: Sequence[R], players: int) -> list[int]:
        """Who deals each hand played, and the next one (the last entry): the deal passes
        left from the first seat."""
        return [number % players for number in range(len(hands) + 1)]

    # -- the table

    def play(self, entries: Sequence[Json], settings: Json, rules: RuleSet) -> G:
        """Read a game's hand entries in play order (an error names its hand) and score
        the game from zero totals: the `/game` endpoint's work, and the table's. The
        settings belong to the request as a whole, so they are checked before any hand is
        read (`shared/api.md` §3.4, step 1): scoring no hands checks them alone."""
        self.score_game([], settings, rules)
        return self.score_game(
            play_in_order(entries, lambda number, entry: self.read_game_hand(self.dealt(entry))),
            settings,
            rules,
        )

    def dealt(self, entry: Json) -> Json:
        """A game's hand, whose own `settings` may hold only what one deal sets on its own:
        the house rules are the game's, given once (H5)."""
        # Translators: the `settings` field of one hand in a request (kept in English).
        own = optional_object(entry.get("settings"), _("A hand's “settings”"))
        for key in own:
            if key in self.deal_keys:
                continue
            if not self.deal_keys:
                raise InvalidInput(
                    # Translators: {key} is a field's name in a request, kept in English.
                    _(
                        "A hand's “settings” cannot set “{key}”: the game's settings hold it "
                        "for every hand (a hand may set nothing)."
                    ).format(key=key)
                )
            raise InvalidInput(
                # Translators: {key} is a field's name in a request, {allowed} the names a
                # hand may set ("decks, jokers"), all kept in English.
                _(
                    "A hand's “settings” cannot set “{key}”: the game's settings hold it "
                    "for every hand (a hand may set {allowed})."
                ).format(key=key, allowed=", ".join(self.deal_keys))
            )
        return entry

    def decks(self, players: int, settings: Json) -> int:
        if settings.get("decks"):
            return int(settings["decks"])
        return self.default_decks(players)

    def start(self, players: int, chosen: Json) -> tuple[int, Json]:
        self.check_players(players)
        settings = self.settings.chosen(chosen)
        self.score_game([], self.settings.given(settings), self.settings.rules(settings))
        return self.decks(players, settings), settings

    def _play(self, table: Table, played: Sequence[Played]) -> G:
        """The game's result from its stored hands; errors name the players."""
        entries = [
            self.entry(number, row.details, [list(text.split()) or None for text in row.cards])
            for number, row in enumerate(played, start=1)
        ]
        try:
            return self.play(
                entries, self.settings.given(table.settings), self.settings.rules(table.settings)
            )
        except RuleError as error:
            told = name_seats(self.told(error), table.players)
            raise type(error)(told, error.player) from error

    def score(self, table: Table, played: Sequence[Played]) -> Standings:
        names = table.players
        result = self._play(table, played) if played else None
        hands = result.hand_results if result else ()
        scores = [tuple(hand.hand_scores) for hand in hands]
        running = running_totals(scores, len(names))
        totals = tuple(result.totals) if result else (0,) * len(names)
        dealers = self.dealers(hands, len(names))
        out_after: list[int | None] = [None] * len(names)
        for number, hand in enumerate(hands, start=1):
            for seat in self.out_after(hand):
                out_after[seat] = out_after[seat] or number
        rows = tuple(
            Row(
                number=number,
                label=self.row_label(number),
                scores=row_scores,
                running=row_running,
                explanation=name_seats(hand.explanation, names),
                dealer=names[dealers[number - 1]],
                pot=self.pot_after(hand),
                winner=self.hand_winner(hand),
                outcomes=self.outcomes(hand),
            )
            for number, (row_scores, row_running, hand) in enumerate(
                zip(scores, running, hands, strict=True), start=1
            )
        )
        lead = (
            tuple(names[seat] for seat in leaders(totals, lowest=self.lowest_wins_at(table)))
            if rows
            else ()
        )
        complete = bool(result and result.game_over)
        winners: tuple[str, ...] | None = None
        if result is not None and complete and result.winners is not None:
            winners = tuple(names[seat] for seat in result.winners)
        return Standings(
            players=names,
            rows=rows,
            totals=totals,
            leaders=lead,
            complete=complete,
            winners=winners,
            next_dealer=names[dealers[-1]],
            notes=self.notes(result, names) if result else (),
            final=self.final(result) if result else (),
            out_after=tuple(out_after),
        )

    @property
    def endpoints(self) -> Mapping[str, Endpoint]:
        def hand(data: Json) -> Json:
            """Score one hand."""
            rules, _ = self.settings.read(data.get("settings"), self.title, self.deal_keys)
            result = self.score_hand(self.read_hand(data), rules)
            return rules.echoed(fields_of(result, (*self.hand_fields, "explanation")))

        def game(data: Json) -> Json:
            """Score a game's hands in play order from zero totals."""
            rules, given = self.settings.read(
                data.get("settings"), self.title, (*self.settings.keys, *self.deal_keys)
            )
            settings = self.settings_of(given)
            listed = as_list(data.get("hands"), "“hands”")  # English: a field's name
            check_hands(len(listed))
            entries = [
                entry
                if isinstance(entry, dict)
                else as_object(entry, _("Hand {number}").format(number=number))
                for number, entry in enumerate(listed, start=1)
            ]
            result = self.play(entries, settings, rules)
            return rules.echoed(fields_of(result, self.game_fields_under(rules)))

        return {"hand": hand, "game": game}


@dataclass(frozen=True, kw_only=True)
class HandKind[H, R: HandScored, G: GameScored[Any], HR](HandGame[H, R, G, HR]):
    """A rummy-family game: a hand-at-a-time game whose players' cards are laid out in
    melds, with a `/deadwood` endpoint beside `/hand` and `/game`. `hand_size(number)`
    is how many cards each player holds at the end of hand `number`, where the game
    fixes it."""

    @abstractmethod
    def deadwood(self, cards: tuple[str, ...], data: Json, rules: RuleSet) -> Arrangement:
        """A `/deadwood` request: the least deadwood of the cards (the body holds the
        `context`)."""

    @abstractmethod
    def arrange(self, cards: Sequence[Card], number: int, game: Json) -> Arrangement:
        """One player's cards laid out (`game` holds `players`, the settings and the
        hand's answers)."""

    def hand_size(self, number: int) -> int | None:
        return None

    def preview(
        self, table: Table, number: int, entry: Played, others: Mapping[int, Played]
    ) -> list[SeatPreview]:
        """Each hand as the rules lay it out, or its problem: a card more often than the
        decks (and jokers) in play hold is flagged on every seat that goes over."""
        context = {"players": table.seats, **table.settings, **entry.details}
        jokers = self.jokers(table)
        size = self.hand_size(number)
        hands: list[tuple[int, Sequence[Card]]] = []
        shown = []
        for seat, text in enumerate(entry.cards):
            try:
                cards = parse_cards(text.split(), jokers=jokers > 0, player=seat)
                hands.append((seat, cards))
                if not cards:
                    shown.append(SeatPreview(complete_at=size))
                    continue
                laid = self.arrange(cards, number, context)
                described = describe(laid.melds, laid.unmatched, laid.deadwood)
                shown.append(SeatPreview(text=described, complete_at=size))
            except RuleError as error:
                shown.append(SeatPreview(problem=error.message, complete_at=size))
        for duplicate in copy_problems(hands, table.decks, jokers):
            if isinstance(duplicate.player, int):
                problem = name_seats(duplicate.message, table.players)
                shown[duplicate.player] = SeatPreview(problem=problem, complete_at=size)
        return shown

    @property
    def endpoints(self) -> Mapping[str, Endpoint]:
        def deadwood(data: Json) -> Json:
            """The minimum deadwood of some cards, with one arrangement that reaches it."""
            rules, _ = self.settings.read(data.get("settings"), self.title)
            laid = self.deadwood(cards_of(data), data, rules)
            return rules.echoed(fields_of(laid, ("deadwood", "melds", "unmatched")))

        return {"deadwood": deadwood, **super().endpoints}


def held(cards: Sequence[Card], value: Callable[[Card], int]) -> Arrangement:
    """Carousel and Rummy: every card still held is deadwood, melds or not."""
    return Arrangement(melds=(), unmatched=tuple(cards), deadwood=sum(map(value, cards)))


def hands_won(players: Sequence[str], counts: Sequence[int]) -> str:
    """The note of hands each player won (Carousel, Tong-Its)."""
    won = ", ".join(f"{name} {count}" for name, count in zip(players, counts, strict=True))
    # Translators: {won} lists each player with the hands they won: "Ann 3, Ben 1".
    return _("Hands won: {won}.").format(won=won)
