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
from games.rules.cards import Card, copies_over, parse_cards, show
from games.rules.errors import DuplicateCard, InvalidInput, RuleError


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
    return f"seat {seat}"


def check_player_count(count: int, low: int, high: int, title: str) -> None:
    """`invalid_input` unless `low <= count <= high`."""
    if not low <= count <= high:
        allowed = f"exactly {low}" if low == high else f"{low} to {high}"
        raise InvalidInput(f"{title} is for {allowed} players, not {count}.")


def check_count(value: object, what: str, player: int | None = None) -> int:
    """`invalid_input` unless `value` is a whole number ≥ 0.

    JSON true/false are not numbers, although Python's bool is an int.
    """
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidInput(f"{what} must be a whole number, 0 or more, not {value!r}.", player)
    return value


def check_seat(seat: object, players: int, what: str) -> int:
    """`invalid_input` unless `seat` is a seat index 0..players−1."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise InvalidInput(f"{what} must be a seat from 0 to {players - 1}, not {seat!r}.")
    return seat


def check_positive(value: object, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise InvalidInput(f"{what} must be a positive whole number, not {value!r}.")


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
                f"Hand {number} has {size} players; every hand of a game needs the same players."
            )
    return counts.pop() if counts else 0


def check_card_list(cards: object, what: str, player: int | None = None) -> None:
    """`invalid_input` for a single string where a list of card texts belongs ("KS 4D")."""
    if isinstance(cards, str):
        raise InvalidInput(f"{what} must be a list of cards, not one text.", player)


def parse_hands(hands: Sequence[Entered], *, jokers: bool) -> tuple[Hand | None, ...]:
    """Each seat's card text parsed in seat order; `invalid_card` names the seat at fault.

    A hand given as one string instead of a list is `invalid_input`, checked over every
    seat first.
    """
    for seat, hand in enumerate(hands):
        check_card_list(hand, f"Seat {seat}'s hand", seat)
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
        in_play = f"only {jokers} {'joker is' if jokers == 1 else 'jokers are'} in play"
        what = "joker"
    else:
        in_play = f"only {'one deck is' if decks == 1 else f'{decks} decks are'} in play"
        what = card.symbol
    if seat is None or None in earlier:
        message = f"{what} appears {len(earlier) + 1} times; {in_play}."
    else:
        holders = sorted({who for who in earlier if who is not None})
        where = " and ".join("their own" if who == seat else f"seat {who}'s" for who in holders)
        message = f"Seat {seat}'s {what} is one too many: {where} cards already hold "
        message += f"{len(earlier)}; {in_play}."
        if len(earlier) == 1:
            message = f"Seat {seat}'s {what} is already in {where} cards; {in_play}."
    return DuplicateCard(message, seat)


def describe(melds: Sequence[Sequence[Card]], unmatched: Sequence[Card], deadwood: int) -> str:
    """The arrangement for the table to check, as
    "melded: 5♠ 6♠ 7♠ · J♦ J♣ J♥ — deadwood: 9♣ 2♥ = 11"."""
    parts = []
    if melds:
        parts.append("melded: " + " · ".join(show(_in_rank_order(meld)) for meld in melds))
    if unmatched:
        parts.append(f"deadwood: {show(unmatched)} = {deadwood}")
    else:
        parts.append("no deadwood")
    return " — ".join(parts)


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
            raise type(error)(f"Hand {number}: {error.message}", error.player) from error
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
            f"Hand {ended_with + 1} was entered after the game ended with hand {ended_with}."
        )
