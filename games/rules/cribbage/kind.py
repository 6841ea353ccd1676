"""Cribbage at the table: each player's four cards, the crib and the starter (the hand's
piles, kept in its details), and what each player pegged.

Decisions where the spec is silent:
- The first hand is dealt by the first player in seat order: the table enters the player
  who cut lowest first (CR9's `first_dealer` is the API's; a game at the table needs no
  setting for it). The deal then passes left every hand.
- With four players the columns are each player's own points (the crib and his heels
  are the dealer's); the notes give each partnership's total, which is what wins, and
  both partners win.
- The game ends the moment a side reaches the target (CR6), so a hand's row holds the
  points counted up to that moment; a table may still stop a game early, and then whoever
  leads wins.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from games.rules.cards import Card
from games.rules.cribbage import api, scoring
from games.rules.cribbage.scoring import (
    CRIB_PLACE,
    PEGGING_MOST,
    SHOWN,
    STARTER_PLACE,
    Place,
)
from games.rules.cribbage.show import count_show
from games.rules.errors import InvalidInput, RuleError, WrongCardCount
from games.rules.kind import (
    CLASSICS,
    Checked,
    Endpoint,
    GameKind,
    Pile,
    Played,
    Row,
    SeatPreview,
    Standings,
    Table,
    name_seats,
)
from games.rules.questions import CountQuestion, Questions
from games.rules.reading import Json
from games.rules.rummy_common import MissingHand, running_totals
from games.rules.settings import BOOK, Choice, Preset, Settings
from games.rules.text import gettext as _
from games.rules.text import gettext_lazy, ngettext, together

TARGET = Choice(
    key="target",
    # Translators: a setting's label: the total at which the game ends.
    label=gettext_lazy("Game to"),
    explanation=gettext_lazy("121 is twice around the board; 61 is once around."),
    choices=(
        (scoring.GAME, gettext_lazy("To 121")),
        (scoring.ONCE_AROUND, gettext_lazy("To 61 (once around)")),
    ),
    default=scoring.GAME,
)
CRIB_FOUR_FLUSH = Choice(
    key="crib_four_flush",
    label=gettext_lazy("A crib's flush"),
    explanation=gettext_lazy(
        "Whether four crib cards of one suit score 4 without the starter, as a hand's do."
    ),
    choices=(
        (False, gettext_lazy("Crib flush of 5 only")),
        (True, gettext_lazy("Crib flush of 4 counts")),
    ),
    default=False,
)

# Translators: the dealer's extra hand in Cribbage, made of the cards each player lays away.
CRIB = Pile(CRIB_PLACE, gettext_lazy("Crib"), SHOWN)
# Translators: Cribbage's starter: the card cut after the deal.
STARTER = Pile(STARTER_PLACE, gettext_lazy("Starter"), 1)
# Translators: the points a player pegged in a hand of Cribbage.
PEGGED = gettext_lazy("Pegged")


def pegging_question(most: int) -> CountQuestion:
    return CountQuestion("pegging", PEGGED, most=most)


@dataclass(frozen=True, kw_only=True)
class CribbageKind(GameKind):
    def default_decks(self, players: int) -> int:
        return 1

    def house(self, table: Table) -> scoring.HouseRules:
        return api.house_of(self.settings.rules(table.settings))

    def start(self, players: int, chosen: Json) -> tuple[int, Json]:
        self.check_players(players)
        settings = self.settings.chosen(chosen)
        self.settings.rules(settings)
        return self.default_decks(players), settings

    def asks(self, table: Table) -> Questions:
        """Each player's pegging, 0 up to the most anyone pegs at a table of this size
        (CR4: 30, 37 or 60)."""
        most = PEGGING_MOST.get(table.seats)
        return Questions(seat=(pegging_question(most),)) if most else self.questions

    def check(
        self, table: Table, number: int, entry: Played, others: Mapping[int, Played]
    ) -> Checked:
        """The hand as entered, scored up to it. A pile left empty, or of other than its
        size, is said first and at the pile: the rules' errors name no pile (in the API a
        `player` is a seat), and the table looks for the problem where it is."""
        for pile in self.piles:
            held = len(str(entry.details.get(pile.key) or "").split())
            if held == pile.size:
                continue
            if not held:
                # The rules' codes: a starter not given is `invalid_input`, a crib
                # `missing_hand` (§8).
                missing: RuleError
                if pile == STARTER:
                    missing = InvalidInput(_("The starter is missing: tap its cards."), pile.key)
                else:
                    missing = MissingHand(_("The crib is missing: tap its cards."), pile.key)
                return None, [missing]
            if pile == STARTER:
                said = ngettext(
                    # Translators: {count} cards were entered where {size} belong.
                    "The starter holds {count} card: it is {size}.",
                    "The starter holds {count} cards: it is {size}.",
                    held,
                )
            else:
                said = ngettext(
                    # Translators: {count} cards were entered where {size} belong.
                    "The crib holds {count} card: it is {size}.",
                    "The crib holds {count} cards: it is {size}.",
                    held,
                )
            return None, [WrongCardCount(said.format(count=held, size=pile.size), pile.key)]
        return super().check(table, number, entry, others)

    def hint(self, number: int) -> str:
        return _("Each player's four cards and what they pegged, then the crib and the starter.")

    # -- the game

    def hand_input(self, row: Played, seats: int) -> scoring.HandInput:
        """A stored hand as the rules read it: a seat, the crib or the starter left blank
        is not entered."""
        crib = str(row.details.get(CRIB.key) or "").split()
        starter = str(row.details.get(STARTER.key) or "").split()
        return scoring.HandInput(
            hands=tuple(tuple(text.split()) or None for text in row.cards),
            crib=tuple(crib) or None,
            starter=starter[0] if len(starter) == 1 else (" ".join(starter) or None),
            pegging=[row.details.get(f"pegging_{seat}") or 0 for seat in range(seats)],
        )

    def score(self, table: Table, played: Sequence[Played]) -> Standings:
        names = table.players
        if not played:
            zero = (0,) * len(names)
            return Standings(names, (), zero, (), False, None, next_dealer=names[0])
        hands = [self.hand_input(row, table.seats) for row in played]
        try:
            result = scoring.score_game(hands, self.house(table))
        except RuleError as error:
            raise type(error)(name_seats(error.message, names), error.player) from error
        counted = result.hands
        scores = [hand.scores for hand in counted]
        running = running_totals(scores, len(names))
        rows = tuple(
            Row(
                number=number,
                label=self.row_label(number),
                scores=hand.scores,
                running=after,
                explanation=name_seats(hand.explanation, names),
                dealer=names[hand.result.deal.dealer],
            )
            for number, (hand, after) in enumerate(zip(counted, running, strict=True), start=1)
        )
        best = max(result.totals)
        lead = tuple(
            name
            for seat, name in enumerate(names)
            if result.totals[scoring.side_of(seat, len(names))] == best
        )
        winners = None
        if result.winner is not None:
            winners = tuple(names[seat] for seat in scoring.side_seats(result.winner, len(names)))
        return Standings(
            players=names,
            rows=rows,
            totals=running[-1],
            leaders=lead,
            complete=result.game_over,
            winners=winners,
            next_dealer="" if result.next_dealer is None else names[result.next_dealer],
            notes=self.notes(result, names, self.house(table)),
            to_go=self.to_go(result, len(names), self.house(table)),
        )

    def to_go(
        self, result: scoring.GameResult, players: int, rules: scoring.HouseRules
    ) -> tuple[int, ...]:
        """How far each player's side has to go to the target, as a pegboard shows it,
        while the game is on."""
        if result.winner is not None:
            return ()
        return tuple(
            max(rules.target - result.totals[scoring.side_of(seat, players)], 0)
            for seat in range(players)
        )

    def notes(
        self, result: scoring.GameResult, names: Sequence[str], rules: scoring.HouseRules
    ) -> tuple[str, ...]:
        """The partnerships' pegboard (each side's total and how far it has to go: the
        board's row "To go" says it of each player); once over, who won and each losing
        side's skunk (CR8)."""
        players = len(names)

        def side(number: int) -> str:
            return together([names[seat] for seat in scoring.side_seats(number, players)])

        # How many players make a side (two partners, or one), for the words' number.
        each = 2 if players == 4 else 1
        notes = []
        if players == 4:
            said = _(
                # Translators: {first} and {second} are the two partnerships ("Ann and Cy").
                "Partners: {first} against {second}. Each column is a player's own points; a "
                "side's total is the two added."
            )
            notes.append(said.format(first=side(0), second=side(1)))
        if (result.winner is None or result.skunks is None) and players == 4:
            board = ", ".join(
                # Translators: a side on the pegboard: its names ("Ann and Cy"), its total and how
                # far it has to go to the target.
                _("{side} {total} ({to_go} to go)").format(
                    side=side(number), total=total, to_go=rules.target - total
                )
                for number, total in enumerate(result.totals)
            )
            # Translators: {board} is each side's total and how far it has to go ("Ann and Cy
            # 97 (24 to go), Ben and Di 88 (33 to go)").
            notes.append(_("On the board: {board}.").format(board=board))
        if result.winner is None or result.skunks is None:
            return tuple(notes)
        won = ngettext(
            # Translators: {side} is one name, or two partners ("Ann and Cy"); {total} their total,
            # {target} the total that ends the game.
            "{side} wins at {total} (the game is to {target}).",
            "{side} win at {total} (the game is to {target}).",
            each,
        )
        notes.append(
            won.format(
                side=side(result.winner), total=result.totals[result.winner], target=rules.target
            )
        )
        for number, skunk in enumerate(result.skunks):
            if skunk is None:
                continue
            if skunk == scoring.NONE:
                said = ngettext(
                    # Translators: a losing side's skunk (a lurch): {side} is one name or two
                    # partners, {total} their total.
                    "{side} is not skunked, at {total}.",
                    "{side} are not skunked, at {total}.",
                    each,
                )
            elif skunk == scoring.DOUBLE_SKUNK:
                said = ngettext(
                    # Translators: a losing side's skunk (a lurch): {side} is one name or two
                    # partners, {total} their total.
                    "{side} is double skunked, at {total}.",
                    "{side} are double skunked, at {total}.",
                    each,
                )
            else:
                said = ngettext(
                    # Translators: a losing side's skunk (a lurch): {side} is one name or two
                    # partners, {total} their total.
                    "{side} is skunked, at {total}.",
                    "{side} are skunked, at {total}.",
                    each,
                )
            notes.append(said.format(side=side(number), total=result.totals[number]))
        return tuple(notes)

    def preview(
        self, table: Table, number: int, entry: Played, others: Mapping[int, Played]
    ) -> list[SeatPreview]:
        """Each player's hand, then the crib and the starter: once the starter is in,
        each hand and the crib counted as players count aloud; a card that is not one, a
        pile of too many cards or a card already elsewhere is a problem of the seat or
        pile at fault."""
        names = table.players
        seats = table.seats
        dealer = (number - 1) % seats if seats else 0
        places: list[tuple[Place, str, int]] = [
            *((seat, text, SHOWN) for seat, text in enumerate(entry.cards)),
            *((pile.key, str(entry.details.get(pile.key) or ""), pile.size) for pile in self.piles),
        ]
        parsed: dict[Place, tuple[Card, ...]] = {}
        problems: dict[Place, str] = {}
        for place, text, size in places:
            try:
                cards = scoring.parse_place(text.split(), place)
            except RuleError as error:
                problems[place] = name_seats(error.message, names)
                continue
            parsed[place] = cards
            if len(cards) > size:
                problems[place] = name_seats(scoring.too_many(cards, place, size), names)
        for place, problem in scoring.duplicates(list(parsed.items())):
            problems.setdefault(place, name_seats(problem.message, names))
        cut = parsed.get(STARTER_PLACE, ())
        starter = cut[0] if len(cut) == 1 and STARTER_PLACE not in problems else None
        rules = self.house(table)
        shown = []
        for place, _text, size in places:
            if place in problems:
                shown.append(SeatPreview(problem=problems[place], complete_at=size))
            elif place == STARTER_PLACE and starter is not None and starter.rank == "J":
                # Translators: the dealer's 2 points when the starter is a jack; {name} is
                # the dealer's.
                heels = _("His heels: {points} to {name}, who deals.").format(
                    points=scoring.HEELS, name=names[dealer]
                )
                shown.append(SeatPreview(text=heels, complete_at=size))
            elif place != STARTER_PLACE and starter and len(parsed[place]) == SHOWN:
                show = count_show(
                    parsed[place],
                    starter,
                    crib=place == CRIB_PLACE,
                    crib_four_flush=rules.crib_four_flush,
                )
                shown.append(SeatPreview(text=show.aloud(), score=show.score, complete_at=size))
            else:
                shown.append(SeatPreview(complete_at=size))
        return shown

    @property
    def endpoints(self) -> Mapping[str, Endpoint]:
        takes = (api.FIRST_DEALER,)

        def show(data: Json) -> Json:
            """Count one hand or the crib with the starter."""
            rules, given = self.settings.read(data.get("settings"), self.title, takes)
            api.check_settings_dealer(given)
            cards, starter, crib = api.read_show(data)
            counted = scoring.score_show(cards, starter, crib, api.house_of(rules))
            return rules.echoed(api.show_answer(counted))

        def hand(data: Json) -> Json:
            """Score one hand: the shows, the crib, his heels and each seat's hand score."""
            rules, given = self.settings.read(data.get("settings"), self.title, takes)
            result = scoring.score_hand(
                api.read_hand(data), api.house_of(rules), given.get(api.FIRST_DEALER)
            )
            return rules.echoed(api.hand_answer(result))

        def game(data: Json) -> Json:
            """Score a game's hands in counting order, to the moment a side goes out."""
            rules, given = self.settings.read(data.get("settings"), self.title, takes)
            hands = api.read_game(data)
            result = scoring.score_game(hands, api.house_of(rules), api.first_dealer_of(given))
            return rules.echoed(api.game_answer(result))

        return {"show": show, "hand": hand, "game": game}


KIND = CribbageKind(
    slug=scoring.SLUG,
    title=scoring.TITLE,
    family=CLASSICS,
    min_players=scoring.MIN_PLAYERS,
    max_players=scoring.MAX_PLAYERS,
    max_cards=SHOWN,
    settings=Settings(
        house_rules=(TARGET, CRIB_FOUR_FLUSH),
        presets=(
            BOOK,
            Preset(
                "once_around",
                gettext_lazy("Once around (61)"),
                {"target": scoring.ONCE_AROUND},
            ),
        ),
    ),
    questions=Questions(seat=(pegging_question(max(PEGGING_MOST.values())),)),
    piles=(CRIB, STARTER),
)
