"""Indian Chief at the table: seven rounds, a meld each, Thieves' steals after a round,
and the scoreboard a grid of melds by players."""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.rules.board import Context, Grid, GridBoard, GridRow, Made, StealTurn, ToMake
from games.rules.cards import show
from games.rules.errors import RepeatedMeld, RuleError
from games.rules.indian_chief import api
from games.rules.indian_chief.figures import IndianChiefFigures, indian_chief_figures
from games.rules.indian_chief.house import MAX_PLAYERS_THREE_DECKS, SETTINGS, HouseRules
from games.rules.indian_chief.melds import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    POKER_POINTS,
    ROUNDS,
    RULE_REMINDERS,
    SLUG,
    TITLE,
    Meld,
    MeldScore,
    default_decks,
    score_single_meld,
    wrong_count,
)
from games.rules.indian_chief.scoring import (
    GameScore,
    Reveal,
    RoundEntry,
    RoundScore,
    Steal,
    preview_round,
    round_decks,
    score_game,
    score_round,
)
from games.rules.kind import (
    Checked,
    Endpoint,
    GameKind,
    Played,
    Row,
    SeatPreview,
    Standings,
    Table,
)
from games.rules.reading import Json
from games.rules.rummy_common import running_totals
from games.rules.settings import PRESET
from games.rules.text import gettext as _
from games.rules.text import ngettext, pgettext_lazy
from games.rules.words import ROUNDS as ROUND_WORDS


@dataclass(frozen=True)
class MeldBoard(GridBoard):
    """The grid of melds, whose blank sheet is followed by a page of the rules at a glance."""

    def reference_context(self) -> Context:
        return {
            "melds": [(meld, RULE_REMINDERS[meld]) for meld in Meld],
            "poker": [(hand.label, points) for hand, points in POKER_POINTS.items()],
        }


def _round_entry(players: Sequence[str], played: Played) -> RoundEntry:
    return RoundEntry(
        tuple(
            Reveal(name, tuple(text.split()))
            for name, text in zip(players, played.cards, strict=True)
        ),
        tuple(Steal(*steal) for steal in played.steals),
    )


def _made(players: Sequence[str], others: Mapping[int, Played]) -> dict[str, set[Meld]]:
    """The melds each player made in the other rounds, from the stored card counts rather
    than the scores, so that a round can still be entered or fixed when another stored
    round no longer passes the rules."""
    made: dict[str, set[Meld]] = {name: set() for name in players}
    for played in others.values():
        for name, text in zip(players, played.cards, strict=True):
            meld = Meld.of_size(len(text.split()))
            if meld is not None:
                made[name].add(meld)
    return made


def _shown(name: str, number: int, result: MeldScore) -> Made:
    """A meld as the board and the sheet show it: the sheet adds the split or the matches."""
    detail = ""
    if result.split is not None:
        # Translators: the Indian Chief's split on the sheet, such as "flush + baccarat A♥
        # 7♣": {hand} is the poker hand's name, {cards} the two baccarat cards.
        detail = _("{hand} + baccarat {cards}").format(
            hand=result.split.hand.label, cards=show(result.split.baccarat)
        )
    elif result.matches:
        # Translators: the opponents' cards a Beggar Man matched, such as "7♥ 7♣".
        detail = _("matches {cards}").format(cards=show(result.matches))
    return Made(
        player=name,
        label=result.meld.label,
        anchor=result.meld.value,
        number=number,
        score=result.score,
        cards=result.cards,
        explanation=result.explanation,
        detail=detail,
        hand=result.split.hand.value if result.split is not None else "",
        matches=len(result.matches),
    )


def _to_make(melds: Sequence[Meld]) -> tuple[ToMake, ...]:
    return tuple(ToMake(meld.size, meld.label, meld.value) for meld in melds)


def _grid(game: GameScore) -> Grid:
    """The paper score sheet: a row per meld, each player's meld in seat order, or None
    where the meld is still to be made; and what each player has still to make."""
    return Grid(
        rows=tuple(
            GridRow(
                label=row.meld.label,
                anchor=row.meld.value,
                size=row.meld.size,
                cells=tuple(
                    None if cell is None else _shown(name, *cell)
                    for name, cell in zip(game.players, row.cells, strict=True)
                ),
            )
            for row in game.sheet()
        ),
        to_make=tuple(_to_make(melds) for melds in game.remaining),
    )


def _row(
    number: int, players: Sequence[str], round_score: RoundScore, running: tuple[int, ...]
) -> Row:
    """Round `number` on the scoreboard; Thieves steal after any round but the last."""
    steals = round_score.steals
    return Row(
        number=number,
        label=ROUND_WORDS.row(number),
        scores=tuple(round_score.scores[name] for name in players),
        running=running,
        made=tuple(_shown(player.name, number, player.result) for player in round_score.players),
        steals=StealTurn(
            order=steals.thief_order,
            thief_cards={
                name: round_score.player(name).result.cards[0]
                for group in steals.thief_order
                for name in group
            },
            taken=steals.taken,
            melds_after=steals.melds_after,
            events=steals.events,
        ),
        thieves=bool(steals.thief_order) and number < ROUNDS,
    )


@dataclass(frozen=True, kw_only=True)
class IndianChiefKind(GameKind):
    """Indian Chief: the table may choose two decks for two or three players (a variant);
    the game ends with its seventh round, never earlier."""

    def default_decks(self, players: int) -> int:
        return default_decks(players)

    def house_rules(self, table: Table) -> HouseRules:
        """The house rules a stored game's settings hold (the book's when none)."""
        return HouseRules(**self.settings.rules(table.settings).options)

    def start(self, players: int, chosen: Json) -> tuple[int, Json]:
        """The decks and the stored rule set. `decks` is two things in Indian Chief: the
        new-game page's deck count (1 or 2, today's choice, which the house rule `auto`
        keeps) and the house rule (`auto`, 2 or 3). A rule set is given whole, with its
        preset, as a game stores it (H1): its `decks` is then the house rule, and the
        count follows from it. Without a preset `decks` is the count, under `auto`. A
        game that names no house rule stores none, as before house rules."""
        named = PRESET in chosen
        rules = self.settings.rules(chosen if named else {**chosen, "decks": None})
        count = None if named else chosen.get("decks")
        decks = round_decks(players, count, HouseRules(**rules.options))
        return decks, rules.stored() if rules.named else {}

    def rule_set(self, table: Table) -> Json:
        """A game stored before house rules that chose two decks for 2–3 players played
        the book's two-deck variant: its house rule is 2 decks, not the table size."""
        rule_set = super().rule_set(table)
        if PRESET not in table.settings and table.decks != default_decks(len(table.players)):
            rule_set["decks"] = table.decks
        return rule_set

    def row_label(self, number: int) -> str:
        """A paper sheet's row is a meld: Thief, Beggar Man…"""
        return list(Meld)[number - 1].label

    def score(self, table: Table, played: Sequence[Played]) -> Standings:
        game = score_game(
            table.players,
            [_round_entry(table.players, row) for row in played],
            table.decks,
            self.house_rules(table),
        )
        scores = [
            tuple(round_score.scores[name] for name in game.players) for round_score in game.rounds
        ]
        rows = tuple(
            _row(number, game.players, round_score, running)
            for number, (running, round_score) in enumerate(
                zip(running_totals(scores, len(game.players)), game.rounds, strict=True),
                start=1,
            )
        )
        return Standings(
            players=game.players,
            rows=rows,
            totals=game.seat_totals,
            leaders=game.leaders,
            complete=game.complete,
            winners=game.winners,
            grid=_grid(game),
        )

    def check(
        self, table: Table, number: int, entry: Played, others: Mapping[int, Played]
    ) -> Checked:
        """Every player's problem at once, so that one save shows them all: their cards
        as the preview reads them (card text, copies beyond the decks in play, a count no
        meld has, none at all), then no meld a player made in another round; then the
        round as a whole; then the game up to it, whose problem can only be another
        round's."""
        reveals = _round_entry(table.players, entry).reveals
        made = _made(table.players, others)
        rules = self.house_rules(table)
        problems: list[RuleError] = []
        for name, result in preview_round(reveals, table.decks, rules).items():
            if result is None:
                # No cards yet: said with the others' problems, not once they are fixed.
                problems.append(wrong_count(0, name))
            elif isinstance(result, RuleError):
                problems.append(result)
            elif result is not None and result.meld in made[name]:
                count = len(result.cards)
                problems.append(
                    RepeatedMeld(
                        ngettext(
                            # Translators: {meld} is a meld's name ("Beggar Man").
                            "{name} already made {meld}: {count} card would make it again.",
                            "{name} already made {meld}: {count} cards would make it again.",
                            count,
                        ).format(name=name, meld=result.meld.label, count=count),
                        name,
                    )
                )
        if problems:
            return None, problems
        before = [others[earlier] for earlier in sorted(others) if earlier < number]
        try:
            # The round alone first: its own problem is said next to its player.
            score_round(reveals, table.decks, rules=rules)
        except RuleError as error:
            return None, [error]
        try:
            return self.score(table, [*before, entry]), []
        except RuleError as error:
            # Said above the form, not next to a player of this round.
            return None, [type(error)(error.message)]

    def preview(
        self, table: Table, number: int, entry: Played, others: Mapping[int, Played]
    ) -> list[SeatPreview]:
        """Each meld scored against the cards entered so far for the others, so a Beggar
        Man's matches grow as cards come in; and what each player has still to make."""
        preview = preview_round(
            _round_entry(table.players, entry).reveals, table.decks, self.house_rules(table)
        )
        made = _made(table.players, others)
        shown = []
        for name in table.players:
            result = preview[name]
            to_make = _to_make([meld for meld in Meld if meld not in made[name]])
            # With one meld left, its size is the player's whole entry.
            last = to_make[0].size if len(to_make) == 1 else None
            if isinstance(result, RuleError):
                shown.append(SeatPreview(problem=result.message, to_make=to_make, complete_at=last))
            elif result is None:
                shown.append(SeatPreview(to_make=to_make, complete_at=last))
            else:
                repeats = (
                    # Translators: {meld} is a meld's name ("Beggar Man").
                    _("{name} already made {meld}.").format(name=name, meld=result.meld.label)
                    if result.meld in made[name]
                    else ""
                )
                shown.append(
                    SeatPreview(
                        text=result.explanation,
                        title=result.meld.label,
                        anchor=result.meld.value,
                        score=result.score,
                        to_make=to_make,
                        repeats=repeats,
                        complete_at=last,
                    )
                )
        return shown

    def calculate(self, cards: Sequence[str], others: Sequence[str], decks: int) -> SeatPreview:
        """The meld the cards make, scored against the others' cards for a Beggar Man."""
        result = score_single_meld(cards, None, decks, others)
        return SeatPreview(
            text=result.explanation,
            title=result.meld.label,
            anchor=result.meld.value,
            score=result.score,
        )

    def figures(self, name: str, games: Sequence[Standings]) -> IndianChiefFigures:
        return indian_chief_figures(name, games)

    @property
    def endpoints(self) -> Mapping[str, Endpoint]:
        return {
            "meld": api.meld_endpoint,
            "round": api.round_endpoint,
            "game": api.game_endpoint,
        }


KIND = IndianChiefKind(
    slug=SLUG,
    title=TITLE,
    family=TITLE,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    # Three decks seat up to ten (H13).
    most_seats=MAX_PLAYERS_THREE_DECKS,
    rounds=ROUNDS,
    words=ROUND_WORDS,
    max_cards=len(Meld),
    settings=SETTINGS,
    board=MeldBoard(
        row_heading=pgettext_lazy("Indian Chief", "Meld"),
        first_column_mm=48,
        reference="sheets/indian_chief_reference.html",
        rows=tuple(
            GridRow(
                label=meld.label, anchor=meld.value, size=meld.size, reminder=RULE_REMINDERS[meld]
            )
            for meld in Meld
        ),
    ),
    has_steals=True,
    has_figures=True,
    ends_early=False,
)
