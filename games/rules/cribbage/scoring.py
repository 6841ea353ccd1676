"""Cribbage: the hand, and the game to 121 (or 61) that ends the moment a side
gets there; the show each hand counts is `show.py`'s.

Implements `shared/rules/cribbage.md` (decisions CR1–CR9) and the Cribbage parts of
`shared/api.md` §6 (its JSON is read in `api.py`, the game at the table is `kind.py`),
with the house rules of its §7 (`HouseRules`: the target and the crib's four-card flush).

Pegging depends on the order of play, which the cards do not show, so it is entered, never
computed (CR3); the shows and his heels are always computed from the cards.

Card text is parsed here, so every caller gets the spec's validation order (§8):
`invalid_input`, `invalid_card`, `duplicate_card`, `wrong_card_count`, `missing_hand`,
`pegging_out_of_range`, then (a game only) `pegging_conflict`; each step runs over the
whole hand before the next, the hands in seat order, then the crib, then the starter (the
order the table enters them in).

Decisions where the spec is silent:
- A `/show` whose `cards` are null is `invalid_input` (a required field left out), not
  `missing_hand`; a `/hand` without a `crib` field at all is `invalid_input`, a null crib
  `missing_hand` (§8.5).
- `first_dealer` is checked wherever it is given: a whole number, and in a hand or a game
  a seat of the table (§8.1).
- A game's hands are checked in play order, each with the full `/hand` checks; a hand
  played after the game ended is still checked for its own errors, and the game then
  refuses it (`invalid_input`), as the other games do (`shared/api.md` §3.4).
- `pegging_conflict` is a question about the pegging that is counted: a game that ends on
  his heels, at the cut, never plays its pegging, so nothing about it conflicts.
- In the partnership game the hand's scores stay each seat's own (the dealer's crib and
  heels are the dealer's); the side's total is the sum of its two seats (§4).
"""

from collections.abc import Sequence
from dataclasses import dataclass

from games.rules.budget import within_budget
from games.rules.cards import Card, copies_over, parse_cards
from games.rules.cribbage.show import Show, count_show
from games.rules.errors import DuplicateCard, InvalidInput, RuleError, WrongCardCount
from games.rules.rummy_common import Entered, MissingHand, check_seat
from games.rules.text import gettext as _
from games.rules.text import gettext_lazy, ngettext, together

# Translators: a game's name: keep it as it is, in Latin script.
TITLE = gettext_lazy("Cribbage")
SLUG = "cribbage"
MIN_PLAYERS = 2
MAX_PLAYERS = 4
SHOWN = 4  # cards in every hand and in the crib (CR1)
HEELS = 2
GAME = 121
ONCE_AROUND = 61
# The most a player can peg in one hand, by players (CR4).
PEGGING_MOST = {2: 30, 3: 37, 4: 60}

# Where the game can end within a hand, in counting order (CR6).
HIS_HEELS = "his_heels"
PEGGING = "pegging"
SHOW = "show"
CRIB = "crib"

NONE = "none"
SKUNK = "skunk"
DOUBLE_SKUNK = "double_skunk"


class PeggingOutOfRange(RuleError):
    code = "pegging_out_of_range"


class PeggingConflict(RuleError):
    code = "pegging_conflict"


@dataclass(frozen=True)
class HouseRules:
    """Cribbage's house rules (§7), the book's values by default: the game is to
    `target` (121, or 61 "once around", CR5); `crib_four_flush` lets a crib of four cards
    of one suit score 4 as a hand does (CR2)."""

    target: int = GAME
    crib_four_flush: bool = False

    def skunk(self, total: int) -> str:
        """A losing side's lurch (CR8): at 121 below 91 is a skunk and below 61 a double
        skunk; at 61 below 31 is a skunk and there is no double."""
        if self.target == GAME:
            if total < GAME - 60:
                return DOUBLE_SKUNK
            return SKUNK if total < GAME - 30 else NONE
        return SKUNK if total < self.target - 30 else NONE


BOOK = HouseRules()


# ---------------------------------------------------------------------------
# Checking what was entered (§8)

# Where a card lies: a seat's hand, the crib or the starter.
type Place = int | str
CRIB_PLACE = "crib"
STARTER_PLACE = "starter"
CARDS_PLACE = "cards"


# What is said of a place, each a whole sentence for each kind of place (a language words
# "seat 0's hand" and "the crib" each its own way). Keep “Seat {seat}” as written in every
# language: the table shows the player's name in its place.


def _whose_card(place: Place, card: Card) -> str:
    """ "Seat 0's 7♥", "The crib's 7♥", "The starter 7♥": a card where it was entered."""
    if isinstance(place, int):
        # Translators: a card in a seat's hand ({card}: 7♥), the subject of a sentence.
        return _("Seat {seat}'s {card}").format(seat=place, card=card.symbol)
    if place == CARDS_PLACE:
        return _("The hand's {card}").format(card=card.symbol)
    if place == STARTER_PLACE:
        # Translators: the starter card ({card}: 7♥), the subject of a sentence.
        return _("The starter {card}").format(card=card.symbol)
    return _("The crib's {card}").format(card=card.symbol)


def _already_in(place: Place, whose: str) -> str:
    """A card already entered in `place`."""
    if isinstance(place, int):
        # Translators: {whose} is a card where it was entered again ("Seat 1's 7♥", "The crib's
        # 7♥").
        said = _("{whose} is already in seat {seat}'s hand: one deck is in play.")
    elif place == CARDS_PLACE:
        # Translators: {whose} is a card where it was entered again ("Seat 1's 7♥", "The crib's
        # 7♥").
        said = _("{whose} is already in the hand: one deck is in play.")
    elif place == STARTER_PLACE:
        # Translators: {whose} is a card where it was entered again ("Seat 1's 7♥", "The crib's
        # 7♥").
        said = _("{whose} is already in the starter: one deck is in play.")
    else:
        # Translators: {whose} is a card where it was entered again ("Seat 1's 7♥", "The crib's
        # 7♥").
        said = _("{whose} is already in the crib: one deck is in play.")
    return said.format(whose=whose, seat=place)


def duplicates(
    entries: Sequence[tuple[Place, Sequence[Card]]],
) -> list[tuple[Place, DuplicateCard]]:
    """Each place's first card already in an earlier place (one deck, §8.3), in the order
    given, with the place at fault; a seat's is that seat's (`player`), the crib's and the
    starter's no one's."""
    problems = []
    for place, card, earlier in copies_over(entries, lambda card: 1):
        message = _already_in(earlier[0], _whose_card(place, card))
        problems.append((place, DuplicateCard(message, _player(place))))
    return problems


def check_duplicates(entries: Sequence[tuple[Place, Sequence[Card]]]) -> None:
    for _place, problem in duplicates(entries)[:1]:
        raise problem


def _player(place: Place) -> int | None:
    return place if isinstance(place, int) else None


def parse_place(texts: Sequence[str], place: Place) -> tuple[Card, ...]:
    """One place's card text; `invalid_card` names the seat at fault."""
    try:
        return parse_cards(texts, player=_player(place))
    except RuleError as error:
        if isinstance(place, int):
            # Translators: {message} is what is wrong with a card ("“7X” is not a card…").
            said = _("In seat {seat}'s hand: {message}")
        elif place == CARDS_PLACE:
            # Translators: {message} is what is wrong with a card ("“7X” is not a card…").
            said = _("In the hand: {message}")
        elif place == STARTER_PLACE:
            # Translators: {message} is what is wrong with a card ("“7X” is not a card…").
            said = _("In the starter: {message}")
        else:
            # Translators: {message} is what is wrong with a card ("“7X” is not a card…").
            said = _("In the crib: {message}")
        raise type(error)(said.format(seat=place, message=error.message), error.player) from error


def too_many(cards: Sequence[Card], place: Place, size: int = SHOWN) -> str:
    """What is wrong with a place of the wrong number of cards."""
    held = len(cards)
    if isinstance(place, int):
        said = ngettext(
            # Translators: {count} cards were entered where {size} belong.
            "Seat {seat}'s hand holds {count} card; it is exactly {size}.",
            "Seat {seat}'s hand holds {count} cards; it is exactly {size}.",
            held,
        )
    elif place == CARDS_PLACE:
        said = ngettext(
            # Translators: {count} cards were entered where {size} belong.
            "The hand holds {count} card; it is exactly {size}.",
            "The hand holds {count} cards; it is exactly {size}.",
            held,
        )
    elif place == STARTER_PLACE:
        said = ngettext(
            # Translators: {count} cards were entered where {size} belong.
            "The starter holds {count} card; it is exactly {size}.",
            "The starter holds {count} cards; it is exactly {size}.",
            held,
        )
    else:
        said = ngettext(
            # Translators: {count} cards were entered where {size} belong.
            "The crib holds {count} card; it is exactly {size}.",
            "The crib holds {count} cards; it is exactly {size}.",
            held,
        )
    return said.format(seat=place, count=held, size=size)


def check_card_count(cards: Sequence[Card], place: Place) -> None:
    if len(cards) != SHOWN:
        raise WrongCardCount(too_many(cards, place), _player(place))


def check_starter(starter: object) -> str:
    if not isinstance(starter, str):
        raise InvalidInput(_("The starter is missing: enter the card cut for the starter."))
    return starter


def check_first_dealer(first_dealer: object, players: int = MAX_PLAYERS) -> int:
    return check_seat(first_dealer, players, "“first_dealer”")


def score_show(
    cards: Entered, starter: object, crib: object = False, rules: HouseRules = BOOK
) -> Show:
    """`/show` (api.md §6.1): four cards with the starter, a hand's or the crib's.
    `invalid_input` (cards not given, the starter not a text, `crib` not true or false),
    `invalid_card`, `duplicate_card`, `wrong_card_count`."""
    if cards is None:
        raise InvalidInput(_("“cards” must list the {count} cards shown.").format(count=SHOWN))
    text = check_starter(starter)
    if not isinstance(crib, bool):
        raise InvalidInput(_("“crib” must be true or false."))
    shown = parse_place(cards, CARDS_PLACE)
    cut = parse_place([text], STARTER_PLACE)
    check_duplicates([(CARDS_PLACE, shown), (STARTER_PLACE, cut)])
    check_card_count(shown, CARDS_PLACE)
    return count_show(shown, cut[0], crib=crib, crib_four_flush=rules.crib_four_flush)


# ---------------------------------------------------------------------------
# The hand (§3, §4)


@dataclass(frozen=True)
class HandInput:
    """One hand as entered (api.md §6.2), card text not parsed yet: each seat's four
    cards (None: not entered), the crib's, the starter, each seat's pegging (None: all 0)
    and the dealer (a game works it out instead, CR9)."""

    hands: tuple[Entered, ...]
    crib: Entered
    starter: object
    pegging: object = None
    dealer: object = None


@dataclass(frozen=True)
class Deal:
    """A hand checked: the dealer, the starter, each seat's cards, the crib and each
    seat's pegging."""

    dealer: int
    starter: Card
    hands: tuple[tuple[Card, ...], ...]
    crib: tuple[Card, ...]
    pegging: tuple[int, ...]

    @property
    def players(self) -> int:
        return len(self.hands)

    def show_order(self) -> list[int]:
        """The shows from the dealer's left round to the dealer (CR6)."""
        return [(self.dealer + step) % self.players for step in range(1, self.players + 1)]


@dataclass(frozen=True)
class HandResult:
    """A hand counted in full (§4): each seat's show, the crib's, his heels (the
    dealer's), and each seat's hand score."""

    deal: Deal
    shows: tuple[Show, ...]
    crib: Show
    heels: int

    @property
    def show_scores(self) -> tuple[int, ...]:
        return tuple(show.score for show in self.shows)

    @property
    def hand_scores(self) -> tuple[int, ...]:
        """Pegging + show; the dealer adds the crib and his heels."""
        deal = self.deal
        return tuple(
            deal.pegging[seat]
            + self.shows[seat].score
            + (self.crib.score + self.heels if seat == deal.dealer else 0)
            for seat in range(deal.players)
        )


def check_players(players: int) -> None:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise InvalidInput(
            _("{title} is for 2 or 3 players, or 4 as partners; not {count} hands.").format(
                title=TITLE, count=players
            )
        )


def _pegging(pegging: object, players: int) -> tuple[int, ...]:
    if pegging is None:
        return (0,) * players
    if not isinstance(pegging, list | tuple) or len(pegging) != players:
        raise InvalidInput(
            _("“pegging” must list one whole number per seat, {count} in all.").format(
                count=players
            )
        )
    for seat, points in enumerate(pegging):
        if type(points) is not int or points < 0:
            # Translators: keep “Seat {seat}” as written: the table shows the player's name
            # in its place.
            said = _("Seat {seat}'s pegging must be a whole number, 0 or more, not {value}.")
            raise InvalidInput(said.format(seat=seat, value=repr(points)), seat)
    return tuple(pegging)


def check_hand(hand: HandInput, dealer: int | None = None, first_dealer: object = None) -> Deal:
    """The checks of §8 in order, over the whole hand before the next; a game gives the
    `dealer` (CR9), which a lone hand takes from its input."""
    players = len(hand.hands)
    check_players(players)
    if dealer is None:
        dealer = check_seat(hand.dealer, players, "“dealer”")
    if first_dealer is not None:
        check_first_dealer(first_dealer, players)
    starter_text = check_starter(hand.starter)
    pegging = _pegging(hand.pegging, players)

    entered: list[tuple[Place, Entered]] = [*enumerate(hand.hands), (CRIB_PLACE, hand.crib)]
    parsed = [(place, parse_place(texts, place)) for place, texts in entered if texts is not None]
    starter = parse_place([starter_text], STARTER_PLACE)
    check_duplicates([*parsed, (STARTER_PLACE, starter)])
    for place, held in parsed:
        check_card_count(held, place)
    for place, texts in entered:
        if texts is None:
            if isinstance(place, int):
                said = _("Seat {seat}'s hand is missing: enter its {count} cards.")
            else:
                said = _("The crib is missing: enter its {count} cards.")
            raise MissingHand(said.format(seat=place, count=SHOWN), _player(place))
    most = PEGGING_MOST[players]
    for seat, points in enumerate(pegging):
        if points > most:
            said = _(
                "Seat {seat} pegged {points}; with {players} players nobody can peg more than "
                "{most} in one hand."
            )
            raise PeggingOutOfRange(
                said.format(seat=seat, points=points, players=players, most=most), seat
            )
    placed = dict(parsed)
    return Deal(
        dealer=dealer,
        starter=starter[0],
        hands=tuple(placed[seat] for seat in range(players)),
        crib=placed[CRIB_PLACE],
        pegging=pegging,
    )


def count_hand(deal: Deal, rules: HouseRules = BOOK) -> HandResult:
    return HandResult(
        deal=deal,
        shows=tuple(count_show(cards, deal.starter) for cards in deal.hands),
        crib=count_show(deal.crib, deal.starter, crib=True, crib_four_flush=rules.crib_four_flush),
        heels=HEELS if deal.starter.rank == "J" else 0,
    )


def score_hand(
    hand: HandInput, rules: HouseRules = BOOK, first_dealer: object = None
) -> HandResult:
    """`/hand` (api.md §6.2): check the hand (§8) and count it in full (§4)."""
    return count_hand(check_hand(hand, first_dealer=first_dealer), rules)


# ---------------------------------------------------------------------------
# The game (§5, §6)


def side_of(seat: int, players: int) -> int:
    """Each player is a side, but four play as partners: seats 0 + 2 against 1 + 3 (CR1)."""
    return seat % 2 if players == 4 else seat


def sides_for(players: int) -> int:
    return 2 if players == 4 else players


def side_seats(side: int, players: int) -> tuple[int, ...]:
    return tuple(seat for seat in range(players) if side_of(seat, players) == side)


def seats_said(seats: Sequence[int], start: bool = True) -> str:
    """ "Seat 0 and seat 2" (at the start of a sentence), "seat 0 and seat 2"."""
    said: list[str] = []
    for seat in seats:
        if start and not said:
            # Translators: keep “Seat {seat}” as written: the table shows the player's name
            # in its place.
            said.append(_("Seat {seat}").format(seat=seat))
        else:
            # Translators: keep “seat {seat}” as written: the table shows the player's name
            # in its place.
            said.append(_("seat {seat}").format(seat=seat))
    return together(said)


def side_said(side: int, players: int) -> str:
    """ "Seat 1", or "Seat 0 and seat 2" for a partnership."""
    return seats_said(side_seats(side, players))


@dataclass(frozen=True)
class Ended:
    """Where the game ended: the hand (1-based) and the stage of it (CR6)."""

    hand: int
    stage: str


@dataclass(frozen=True)
class Counted:
    """A hand as the game counted it: in full (`result`), each seat's points counted up
    to the moment the game ended (`scores`), where it ended in this hand (`stage`, None
    when it went on) and the counting in words."""

    result: HandResult
    scores: tuple[int, ...]
    stage: str | None
    explanation: str


@dataclass(frozen=True)
class GameResult:
    """api.md §6.3's answer: each side's `totals`, whether the game is over, the winning
    side, where it ended, each side's skunk and who deals next; `hands` holds each hand as
    counted, for the scoreboard (never sent by the API)."""

    players: int
    totals: tuple[int, ...]
    game_over: bool
    winner: int | None
    ended_at: Ended | None
    skunks: tuple[str | None, ...] | None
    next_dealer: int | None
    hands: tuple[Counted, ...] = ()


@dataclass(frozen=True)
class Step:
    """One moment of a hand's counting (CR6): its stage, the points each seat takes, what
    is said of it, and what it is called when the game ended before it ("seat 1's
    hand")."""

    stage: str
    points: tuple[tuple[int, int], ...]
    said: str
    called: str


def counting_steps(result: HandResult) -> list[Step]:
    """A hand's points in counting order (CR6): his heels (when the starter is a jack),
    the pegging, the shows from the dealer's left round to the dealer, the crib."""
    deal = result.deal
    steps = []
    # Keep “Seat {seat}” and “seat {seat}” as written, here and below: the
    # table shows the player's name in its place.
    if result.heels:
        # Translators: the dealer's 2 points when the starter is a jack.
        said = _("His heels: {points} to seat {seat}.").format(
            points=result.heels, seat=deal.dealer
        )
        # Translators: what is not counted when the game ends before it ("his heels and the
        # crib are not counted").
        steps.append(Step(HIS_HEELS, ((deal.dealer, result.heels),), said, _("his heels")))
    pegged = ", ".join(
        # Translators: a seat and what it pegged, in a list ("seat 0 3, seat 1 5").
        _("seat {seat} {points}").format(seat=seat, points=points)
        for seat, points in enumerate(deal.pegging)
    )
    steps.append(
        Step(
            PEGGING,
            tuple(enumerate(deal.pegging)),
            # Translators: {pegged} is each seat and what it pegged ("seat 0 3, seat 1 5").
            _("Pegging: {pegged}.").format(pegged=pegged),
            _("the pegging"),
        )
    )
    for seat in deal.show_order():
        show = result.shows[seat]
        # Translators: {aloud} is the show counted aloud ("fifteen two, a pair is four").
        said = _("Seat {seat} shows {score} ({aloud}).").format(
            seat=seat, score=show.score, aloud=show.aloud()
        )
        called = _("seat {seat}'s hand").format(seat=seat)
        steps.append(Step(SHOW, ((seat, show.score),), said, called))
    crib = result.crib
    said = _("The crib: {score} ({aloud}).").format(score=crib.score, aloud=crib.aloud())
    steps.append(Step(CRIB, ((deal.dealer, crib.score),), said, _("the crib")))
    return steps


def count_into_game(
    steps: Sequence[Step], players: int, totals: list[int], rules: HouseRules
) -> tuple[tuple[int, ...], int | None]:
    """Take a hand's points into the sides' `totals` step by step, stopping at the first
    moment a side reaches the target (CR6). Returns each seat's points counted and the
    step the game ended at (None: it goes on). Two sides pegging out is
    `pegging_conflict` (CR7): play stops the moment one does."""
    scores = [0] * players
    for index, step in enumerate(steps):
        gained = [0] * len(totals)
        for seat, points in step.points:
            gained[side_of(seat, players)] += points
        out = [
            side
            for side, total in enumerate(totals)
            if gained[side] and total + gained[side] >= rules.target
        ]
        if len(out) > 1:
            both = seats_said([seat for side in out for seat in side_seats(side, players)], False)
            said = _(
                # Translators: {sides} are the seats ("seat 0 and seat 1"), {target} the total that
                # ends the game.
                "The pegging entered takes {sides} to {target}, but play stops the moment one "
                "side pegs out: check the pegging."
            )
            raise PeggingConflict(said.format(sides=both, target=rules.target))
        for seat, points in step.points:
            scores[seat] += points
        for side, points in enumerate(gained):
            totals[side] += points
        if out:
            return tuple(scores), index
    return tuple(scores), None


# Where in a hand a side pegged out ("Seat 0 pegs out at 123 in the shows").
WHERE = {
    HIS_HEELS: gettext_lazy("on his heels, at the cut"),
    PEGGING: gettext_lazy("in the pegging"),
    SHOW: gettext_lazy("in the shows"),
    CRIB: gettext_lazy("on the crib"),
}


def explain_hand(
    result: HandResult, steps: Sequence[Step], ended: int | None, totals: Sequence[int]
) -> str:
    """The counting in order, and where the game stopped: "Seat 1 deals; the starter is
    J♣. His heels: 2 to seat 1. Pegging: seat 0 3, seat 1 5. Seat 0 shows 14 (…)…", and
    "Seat 0 pegs out at 123 in the shows; seat 1's hand and the crib are not counted."."""
    deal = result.deal
    counted = steps if ended is None else steps[: ended + 1]
    said = [
        # Translators: keep “Seat {seat}” as written: the table shows the player's name in its
        # place. {card} is the starter card (J♣).
        _("Seat {seat} deals; the starter is {card}.").format(
            seat=deal.dealer, card=deal.starter.symbol
        )
    ]
    said += [step.said for step in counted]
    if ended is not None:
        winner = max(range(len(totals)), key=lambda side: totals[side])
        out = ngettext(
            # Translators: a side reaches the target: {side} is "Seat 0", or "Seat 0 and seat 2" for
            # partners; {total} its total, {where} where in the hand ("in the shows").
            "{side} pegs out at {total} {where}",
            "{side} peg out at {total} {where}",
            len(side_seats(winner, deal.players)),
        ).format(
            side=side_said(winner, deal.players),
            total=totals[winner],
            where=WHERE[steps[ended].stage],
        )
        left = [step.called for step in steps[ended + 1 :]]
        if left:
            end = ngettext(
                # Translators: {out} is "Seat 0 pegs out at 123 in the shows", {left} what is not
                # counted then ("seat 1's hand and the crib").
                "{out}; {left} is not counted.",
                "{out}; {left} are not counted.",
                len(left),
            ).format(out=out, left=together(left))
        else:
            # Translators: the end of a sentence ("Seat 0 pegs out at 121 in the pegging").
            end = _("{clauses}.").format(clauses=out)
        said.append(end)
    return " ".join(said)


def score_game(
    hands: Sequence[HandInput], rules: HouseRules = BOOK, first_dealer: object = 0
) -> GameResult:
    """`/game` (api.md §6.3): count hands in play order from zero, the game ending the
    moment a side reaches the target (CR6). Hand k is dealt by (first dealer + k − 1)
    mod n (CR9); a hand's own `dealer` is ignored.

    Validation: the request as a whole (`invalid_input`: at least one hand, every hand
    with the same number of seats, `first_dealer` a seat of them), then hand by hand in
    play order with the full `/hand` checks and the game's own `pegging_conflict`, an
    error naming its hand ("Hand 2: …"); then a hand played after the game ended is
    `invalid_input`.
    """
    if not hands:
        raise InvalidInput(_("“hands” must list at least one hand."))
    players = len(hands[0].hands)
    check_players(players)
    for number, hand in enumerate(hands, start=1):
        if len(hand.hands) != players:
            said = _(
                "Hand {number} has {count} seats; every hand of a game has the same {players}."
            )
            raise InvalidInput(said.format(number=number, count=len(hand.hands), players=players))
    first = check_first_dealer(first_dealer, players)
    return play(hands, players, rules, first)


def play(
    hands: Sequence[HandInput], players: int, rules: HouseRules, first_dealer: int
) -> GameResult:
    """The game's hands counted in order (checked as a whole already)."""
    totals = [0] * sides_for(players)
    counted: list[Counted] = []
    ended: Ended | None = None
    for number, hand in enumerate(hands, start=1):
        within_budget()
        dealer = (first_dealer + number - 1) % players
        try:
            deal = check_hand(hand, dealer=dealer)
            if ended is not None:
                continue
            result = count_hand(deal, rules)
            steps = counting_steps(result)
            scores, step = count_into_game(steps, players, totals, rules)
        except RuleError as error:
            # Translators: {message} is what is wrong with hand {number}.
            said = _("Hand {number}: {message}").format(number=number, message=error.message)
            raise type(error)(said, error.player) from error
        stage = None if step is None else steps[step].stage
        counted.append(Counted(result, scores, stage, explain_hand(result, steps, step, totals)))
        if stage is not None:
            ended = Ended(number, stage)
    if ended is not None and len(hands) > ended.hand:
        said = _("Hand {number} was entered after the game ended in hand {ended}.")
        raise InvalidInput(said.format(number=ended.hand + 1, ended=ended.hand))
    winner = max(range(len(totals)), key=lambda side: totals[side]) if ended else None
    return GameResult(
        players=players,
        totals=tuple(totals),
        game_over=ended is not None,
        winner=winner,
        ended_at=ended,
        skunks=(
            tuple(
                None if side == winner else rules.skunk(total) for side, total in enumerate(totals)
            )
            if ended
            else None
        ),
        next_dealer=None if ended else (first_dealer + len(hands)) % players,
        hands=tuple(counted),
    )
