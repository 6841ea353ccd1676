"""What the five rummy-family games share: their own errors, input checks and game loop.

The error classes carry the codes of `shared/api.md` §3.1 that only the rummy family uses
(the common ones — `invalid_input`, `invalid_card`, `duplicate_card`, `wrong_card_count` —
live in `errors.py`). The helpers below run the common steps of the validation order
(`shared/rules/rummy-family.md` §0.4) the same way in every game: seats and player counts,
card text per seat, copies per deck, the "Hand 3: …" prefix of a game's errors and the
running totals. In the rummy family `player` is always a seat index.
"""

from collections.abc import Callable, Iterable, Sequence

from games.rules.budget import within_budget
from games.rules.cards import Card, copies_over, decks_in_play, parse_cards, show
from games.rules.errors import DuplicateCard, InvalidInput, RuleError
from games.rules.text import gettext as _
from games.rules.text import ngettext, pgettext, together


class MissingHand(RuleError):
    code = "missing_hand"


class TongitWithCards(RuleError):
    code = "tongit_with_cards"


class NotOpened(RuleError):
    code = "not_opened"


class KnockNotAllowed(RuleError):
    code = "knock_not_allowed"


class WentOutWithDeadwood(RuleError):
    code = "went_out_with_deadwood"


class WinnerHasCards(RuleError):
    code = "winner_has_cards"


class InvalidDeclaration(RuleError):
    code = "invalid_declaration"


type Hand = tuple[Card, ...]
type Entered = Sequence[str] | None


def seat_name(seat: int) -> str:
    """A player by seat, "seat 2": the table says the player's name instead
    (`kind.name_seats`), where these words are found again in the language they are in."""
    # Translators: a player by seat number. Write "seat" with the same word in every
    # sentence that names a seat ("seat {seat}'s hand"): the table finds it there and
    # puts the player's name in its place.
    return _("seat {seat}").format(seat=seat)


def check_player_count(count: int, low: int, high: int, title: str) -> None:
    """`invalid_input` unless `low <= count <= high`."""
    if low <= count <= high:
        return
    if low == high:
        raise InvalidInput(
            _("{title} is for exactly {low} players, not {count}.").format(
                title=title, low=low, count=count
            )
        )
    raise InvalidInput(
        _("{title} is for {low} to {high} players, not {count}.").format(
            title=title, low=low, high=high, count=count
        )
    )


def check_count(value: object, what: str, player: int | None = None) -> int:
    """`invalid_input` unless `value` is a whole number ≥ 0.

    JSON true/false are not numbers, although Python's bool is an int.
    """
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidInput(
            # Translators: {what} names a count asked ("Seat 1's face-down fours"), {value}
            # what was given instead, as the request wrote it.
            _("{what} must be a whole number, 0 or more, not {value}.").format(
                what=what, value=repr(value)
            ),
            player,
        )
    return value


def check_seat(seat: object, players: int, what: str) -> int:
    """`invalid_input` unless `seat` is a seat index 0..players−1."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise InvalidInput(
            # Translators: {what} names a seat asked for ("“winner”"), {value} what was given.
            _("{what} must be a seat from 0 to {last}, not {value}.").format(
                what=what, last=players - 1, value=repr(seat)
            )
        )
    return seat


def check_positive(value: object, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise InvalidInput(
            # Translators: {what} names a number asked ("“target_score”"), {value} what was
            # given.
            _("{what} must be a positive whole number, not {value}.").format(
                what=what, value=repr(value)
            )
        )


def check_same_players(sizes: Sequence[int], players: int | None) -> int:
    """Every hand of a game has the same number of players (and `players`, when given).

    `sizes` holds each hand's player count in play order; returns the common count (0 for
    a game with no hands and no `players`).
    """
    counts = {players} if players is not None else set()
    for number, size in enumerate(sizes, start=1):
        counts.add(size)
        if len(counts) > 1:
            raise InvalidInput(
                ngettext(
                    "Hand {number} has {count} player; every hand of a game needs the same "
                    "players.",
                    "Hand {number} has {count} players; every hand of a game needs the same "
                    "players.",
                    size,
                ).format(number=number, count=size)
            )
    return counts.pop() if counts else 0


def check_card_list(cards: object, what: str, player: int | None = None) -> None:
    """`invalid_input` for a single string where a list of card texts belongs ("KS 4D")."""
    if isinstance(cards, str):
        raise InvalidInput(
            # Translators: {what} names a list of cards asked ("Seat 1's hand").
            _("{what} must be a list of cards, not one text.").format(what=what),
            player,
        )


def parse_hands(hands: Sequence[Entered], *, jokers: bool) -> tuple[Hand | None, ...]:
    """Each seat's card text parsed in seat order; `invalid_card` names the seat at fault.

    A hand given as one string instead of a list is `invalid_input`, checked over every
    seat first.
    """
    for seat, hand in enumerate(hands):
        if isinstance(hand, str):
            # Translators: a player's hand by seat, "Seat 1's hand"; say "seat" as in
            # "seat {seat}".
            check_card_list(hand, _("Seat {seat}'s hand").format(seat=seat), seat)
    return tuple(
        None if hand is None else parse_cards(hand, jokers=jokers, player=seat)
        for seat, hand in enumerate(hands)
    )


def check_copies(
    entries: Iterable[tuple[int | None, Iterable[Card]]], decks: int, jokers: int = 0
) -> None:
    """`duplicate_card` when a natural card shows up more than `decks` times, or a joker
    more than `jokers` times (the total jokers in play), over everything entered.

    `entries` pairs each seat (or None when no seat is involved) with its cards in request
    order; the seat whose card goes over the limit first is the one at fault.
    """
    problems = copy_problems(entries, decks, jokers)
    if problems:
        raise problems[0]


def copy_problems(
    entries: Iterable[tuple[int | None, Iterable[Card]]], decks: int, jokers: int = 0
) -> list[DuplicateCard]:
    """Every seat's first card beyond the copies in play (`decks` of a natural card,
    `jokers` of a joker), in request order (the first is the one `check_copies` raises),
    so that a table sees them all at once."""
    return [
        _too_many(card, seat, earlier, decks, jokers)
        for seat, card, earlier in copies_over(
            entries, lambda card: jokers if card.is_joker else decks
        )
    ]


def _too_many(
    card: Card, seat: int | None, earlier: list[int | None], decks: int, jokers: int
) -> DuplicateCard:
    if card.is_joker:
        in_play = ngettext(
            "only {count} joker is in play", "only {count} jokers are in play", jokers
        ).format(count=jokers)
        # Translators: the joker, where a card's name stands ("joker appears 3 times").
        what = pgettext("a card", "joker")
    else:
        in_play = decks_in_play(decks)
        what = card.symbol
    if seat is None or None in earlier:
        count = len(earlier) + 1
        problem = ngettext(
            "{card} appears {count} time", "{card} appears {count} times", count
        ).format(card=what, count=count)
    else:
        holders = sorted({who for who in earlier if who is not None})
        where = together(
            [
                pgettext("whose", "their own")
                if who == seat
                # Translators: whose cards, by seat: "seat 1's"; say "seat" as in
                # "seat {seat}".
                else pgettext("whose", "seat {seat}'s").format(seat=who)
                for who in holders
            ]
        )
        if len(earlier) == 1:
            # Translators: {card} is a card (7♥) or the word for a joker; {where} whose
            # cards ("seat 0's", "their own").
            problem = _("Seat {seat}'s {card} is already in {where} cards").format(
                seat=seat, card=what, where=where
            )
        else:
            # Translators: {card} is a card (7♥) or the word for a joker; {where} whose
            # cards ("seat 0's and seat 2's"); {count} how many of it they hold.
            problem = _(
                "Seat {seat}'s {card} is one too many: {where} cards already hold {count}"
            ).format(seat=seat, card=what, where=where, count=len(earlier))
    # Translators: {problem} is a sentence such as "Seat 1's 7♥ is already in seat 0's
    # cards", {in_play} one such as "only one deck is in play".
    return DuplicateCard(_("{problem}; {in_play}.").format(problem=problem, in_play=in_play), seat)


def describe(melds: Sequence[Sequence[Card]], unmatched: Sequence[Card], deadwood: int) -> str:
    """The arrangement for the table to check, as
    "melded: 5♠ 6♠ 7♠ · J♦ J♣ J♥ — deadwood: 9♣ 2♥ = 11"."""
    laid = " · ".join(show(_in_rank_order(meld)) for meld in melds)
    left = show(unmatched)
    if melds and unmatched:
        # Translators: {melds} are melds of cards ("5♠ 6♠ 7♠ · J♦ J♣ J♥"), {cards} the
        # cards left over ("9♣ 2♥"), {deadwood} their points.
        return _("melded: {melds} — deadwood: {cards} = {deadwood}").format(
            melds=laid, cards=left, deadwood=deadwood
        )
    if melds:
        # Translators: {melds} are melds of cards ("5♠ 6♠ 7♠ · J♦ J♣ J♥").
        return _("melded: {melds} — no deadwood").format(melds=laid)
    if unmatched:
        # Translators: {cards} are the cards left over ("9♣ 2♥"), {deadwood} their points.
        return _("deadwood: {cards} = {deadwood}").format(cards=left, deadwood=deadwood)
    return _("no deadwood")


def _in_rank_order(meld: Sequence[Card]) -> list[Card]:
    """A meld as people lay it out: by rank (the ace high beside a king), jokers last."""
    ace_high = any(card.rank == "K" for card in meld)

    def place(card: Card) -> tuple[int, int]:
        if card.is_joker:
            return (1, 0)
        return (0, 14 if ace_high and card.rank == "A" else card.index)

    return sorted(meld, key=place)


def leaders(totals: Sequence[int], *, lowest: bool = False) -> tuple[int, ...]:
    """Every seat with the best total, in seat order: a tie is a joint win ([R-tie])."""
    if not totals:
        return ()
    best = min(totals) if lowest else max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


def play_in_order[H, R](hands: Sequence[H], score: Callable[[int, H], R]) -> list[R]:
    """Score hands in play order; an error stops the game and names the hand (1-based).

    Between hands the request's CPU budget is checked (see `budget`)."""
    results = []
    for number, hand in enumerate(hands, start=1):
        within_budget()
        try:
            results.append(score(number, hand))
        except RuleError as error:
            # Translators: an error in one hand of a game; {message} says what is wrong.
            told = _("Hand {number}: {message}").format(number=number, message=error.message)
            raise type(error)(told, error.player) from error
    return results


def running_totals(hand_scores: Sequence[Sequence[int]], players: int) -> list[tuple[int, ...]]:
    """Each seat's total after every hand, from zero; the last entry is the game's totals."""
    totals = (0,) * players
    running = []
    for scores in hand_scores:
        totals = tuple(map(sum, zip(totals, scores, strict=True)))
        running.append(totals)
    return running


def check_no_hand_after_end(ended_with: int | None, played: int) -> None:
    """`invalid_input` for a hand entered after the game is over (api.md §3.4 step 3).

    Runs after every hand has passed its own checks: "each step in that order is run over
    the whole request before the next step".
    """
    if ended_with is not None and played > ended_with:
        raise InvalidInput(
            _("Hand {number} was entered after the game ended with hand {last}.").format(
                number=ended_with + 1, last=ended_with
            )
        )
