"""Tong-Its: the checks of a hand before it is scored, in the spec's validation order
(`shared/api.md` §3.3 Tong-Its): `invalid_input`, `invalid_card`, `duplicate_card`, then
`tongit_with_cards` and `not_opened`; each step runs over the whole hand before the next.
Where kings pay (`ace_bonus_ranks` "A_K", H22) `meld_kings` is checked beside
`meld_aces`, and the kings accounted for after the aces (`shared/api.md` §4.2).
"""

from collections.abc import Sequence

from games.rules.cards import SUITS, Card, parse_cards, parse_rank
from games.rules.errors import DuplicateCard, InvalidCard, InvalidInput
from games.rules.rummy_common import (
    NotOpened,
    TongitWithCards,
    check_card_list,
    check_copies,
    check_count,
    check_player_count,
    check_seat,
)
from games.rules.tong_its.hand import (
    CHALLENGE,
    DRAW,
    ENDINGS,
    FOLD,
    MAX_HAND,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OF_A_RANK,
    TITLE,
    TONGIT,
    HandInput,
    HouseRules,
    PlayerInput,
)

# The words of each bonus rank, as the duplicate check names them.
_PLURAL = {"A": "aces", "K": "kings"}


def check_hand_size(cards: Sequence[object], player: int | None = None) -> None:
    if len(cards) > MAX_HAND:
        whose = "A hand" if player is None else f"Seat {player}'s hand"
        raise InvalidInput(f"{whose} has {len(cards)} cards; a hand holds at most 13.", player)


def check_input(hand: HandInput, rules: HouseRules) -> None:
    """Step 1, `invalid_input`, in the request's field order. `meld_kings` is read only
    where kings pay (H22): under the book it is ignored, whatever it holds. Under
    `pot_rule` "every_hand" the previous winner is not read (H21), so it is not checked
    either."""
    check_player_count(len(hand.players), MIN_PLAYERS, MAX_PLAYERS, TITLE)
    if hand.end not in ENDINGS:
        raise InvalidInput(f"“end” must be tongit, draw or stock_out, not {hand.end!r}.")
    if hand.end in (TONGIT, DRAW):
        check_seat(hand.caller, 3, "“caller”")
    else:
        check_seat(hand.last_drawer, 3, "“last_drawer”")
    if hand.end == DRAW:
        responses = hand.responses
        if responses is None or isinstance(responses, str) or len(responses) != 3:
            raise InvalidInput("A draw needs “responses”: one entry per seat.")
        for seat, response in enumerate(responses):
            if seat == hand.caller and response is not None:
                raise InvalidInput(f"The caller's response must be null, not {response!r}.", seat)
            if seat != hand.caller and response not in (FOLD, CHALLENGE):
                raise InvalidInput(
                    f"Seat {seat} must fold or challenge the draw, not {response!r}.", seat
                )
    for seat, player in enumerate(hand.players):
        if not isinstance(player.opened, bool):
            raise InvalidInput(f"Seat {seat}'s “opened” must be true or false.", seat)
        check_count(player.meld_aces, f"Seat {seat}'s “meld_aces”", seat)
        if rules.kings_pay:
            check_count(player.meld_kings, f"Seat {seat}'s “meld_kings”", seat)
        if player.face_down_quads and not player.opened:
            raise InvalidInput(
                f"Seat {seat} laid a four-of-a-kind face down, so they have opened.", seat
            )
        check_card_list(player.hand, f"Seat {seat}'s hand", seat)
        check_card_list(player.face_down_quads, f"Seat {seat}'s “face_down_quads”", seat)
        if player.hand is not None:
            check_hand_size(player.hand, seat)
    check_count(hand.state_before.pot, "The pot")
    if hand.state_before.previous_winner is not None and not rules.pot_every_hand:
        check_seat(hand.state_before.previous_winner, 3, "“previous_winner”")


def parse(hand: HandInput) -> tuple[list[tuple[Card, ...] | None], list[tuple[str, ...]]]:
    """Step 2, `invalid_card`: each seat's hand, then its face-down ranks (no jokers)."""
    hands: list[tuple[Card, ...] | None] = []
    quads: list[tuple[str, ...]] = []
    for seat, player in enumerate(hand.players):
        hands.append(None if player.hand is None else parse_cards(player.hand, player=seat))
        ranks = []
        for text in player.face_down_quads:
            try:
                ranks.append(parse_rank(text))
            except InvalidCard as error:
                raise InvalidCard(error.message, seat) from error
        quads.append(tuple(ranks))
    return hands, quads


def bonus_cards(
    rank: str, player: PlayerInput, cards: Sequence[Card] | None, quads: Sequence[str]
) -> int:
    """Cards of a bonus rank (A, or K where kings pay) accounted for by one seat: in the
    hand, in its own exposed melds (`meld_aces`, `meld_kings`), 4 per face-down quad."""
    melded = player.meld_kings if rank == "K" else player.meld_aces
    held = sum(card.rank == rank for card in cards or ())
    return held + melded + OF_A_RANK * quads.count(rank)


def check_duplicates(
    hand: HandInput,
    hands: Sequence[tuple[Card, ...] | None],
    quads: Sequence[tuple[str, ...]],
    rules: HouseRules,
) -> None:
    """Step 3, `duplicate_card`: a card entered twice, a card of a rank someone laid face
    down (a face-down quad is all four cards of its rank), the same rank face down twice;
    then more than 4 aces accounted for in all, then (where kings pay) more than 4
    kings."""
    entries: list[tuple[int | None, Sequence[Card]]] = []
    for seat, (cards, ranks) in enumerate(zip(hands, quads, strict=True)):
        entries.append((seat, cards or ()))
        entries.append((seat, [Card(rank, suit) for rank in ranks for suit in SUITS]))
    check_copies(entries, 1)
    for rank in rules.bonus_ranks:
        counted = 0
        for seat, player in enumerate(hand.players):
            counted += bonus_cards(rank, player, hands[seat], quads[seat])
            if counted > OF_A_RANK:
                raise DuplicateCard(
                    f"Seat {seat} brings the {_PLURAL[rank]} entered to {counted} (in hands, "
                    f"in own exposed melds and in face-down fours); the deck has {OF_A_RANK}.",
                    seat,
                )


def check_rules(hand: HandInput, hands: Sequence[tuple[Card, ...] | None]) -> None:
    """Step 4: `tongit_with_cards`, then `not_opened` (the draw caller, then each
    challenger in seat order); `missing_hand` follows once the compared seats are known."""
    if hand.end == TONGIT and hand.caller is not None and hands[hand.caller]:
        raise TongitWithCards(
            f"Seat {hand.caller} called tongit but still holds cards: a tongit empties the hand.",
            hand.caller,
        )
    if hand.end == DRAW and hand.caller is not None and hand.responses is not None:
        if not hand.players[hand.caller].opened:
            raise NotOpened(
                f"Seat {hand.caller} called draw without having opened; only an opened "
                "player may call draw.",
                hand.caller,
            )
        for seat, response in enumerate(hand.responses):
            if response == CHALLENGE and not hand.players[seat].opened:
                raise NotOpened(
                    f"Seat {seat} challenged without having opened; a player who has not "
                    "opened must fold.",
                    seat,
                )
