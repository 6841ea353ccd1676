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
from games.rules.text import gettext as _
from games.rules.text import gettext_lazy
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

# Seat numbers: "Seat {seat}" (in a translation, the words of "seat {seat}") is how the
# rules name a player; the table puts the player's name in its place (`kind.name_seats`),
# the JSON API keeps the seat number.

# Too many cards of a bonus rank, as the duplicate check says it.
_TOO_MANY = {
    "A": gettext_lazy(
        # Translators: say “Seat {seat}” with the words of “seat {seat}”: the table puts the
        # player's name there. {count} is 5 or more; the deck has {most}.
        "Seat {seat} brings the aces entered to {count} (in hands, in own exposed melds and "
        "in face-down fours); the deck has {most}."
    ),
    "K": gettext_lazy(
        # Translators: say “Seat {seat}” with the words of “seat {seat}”: the table puts the
        # player's name there. {count} is 5 or more; the deck has {most}.
        "Seat {seat} brings the kings entered to {count} (in hands, in own exposed melds and "
        "in face-down fours); the deck has {most}."
    ),
}


def check_hand_size(cards: Sequence[object], player: int | None = None) -> None:
    if len(cards) > MAX_HAND:
        if player is None:
            # Translators: {count} is 14 or more.
            message = _("A hand has {count} cards; a hand holds at most 13.")
        else:
            # Translators: say “Seat {seat}” with the words of “seat {seat}”: the table puts
            # the player's name there. {count} is 14 or more.
            message = _("Seat {seat}'s hand has {count} cards; a hand holds at most 13.")
        raise InvalidInput(message.format(seat=player, count=len(cards)), player)


def check_input(hand: HandInput, rules: HouseRules) -> None:
    """Step 1, `invalid_input`, in the request's field order. `meld_kings` is read only
    where kings pay (H22): under the book it is ignored, whatever it holds. Under
    `pot_rule` "every_hand" the previous winner is not read (H21), so it is not checked
    either."""
    check_player_count(len(hand.players), MIN_PLAYERS, MAX_PLAYERS, TITLE)
    if hand.end not in ENDINGS:
        raise InvalidInput(
            # Translators: “end” and its values tongit, draw, stock_out are the API's words,
            # kept as they are; {value} is what was sent.
            _("“end” must be tongit, draw or stock_out, not {value}.").format(value=repr(hand.end))
        )
    if hand.end in (TONGIT, DRAW):
        check_seat(hand.caller, 3, "“caller”")
    else:
        check_seat(hand.last_drawer, 3, "“last_drawer”")
    if hand.end == DRAW:
        responses = hand.responses
        if responses is None or isinstance(responses, str) or len(responses) != 3:
            # Translators: “responses” is the API's field name, kept as it is.
            raise InvalidInput(_("A draw needs “responses”: one entry per seat."))
        for seat, response in enumerate(responses):
            if seat == hand.caller and response is not None:
                raise InvalidInput(
                    # Translators: null is the API's word; {value} is what was sent.
                    _("The caller's response must be null, not {value}.").format(
                        value=repr(response)
                    ),
                    seat,
                )
            if seat != hand.caller and response not in (FOLD, CHALLENGE):
                raise InvalidInput(
                    # Translators: say “Seat {seat}” with the words of “seat {seat}”: the
                    # table puts the player's name there. {value} is what was sent.
                    _("Seat {seat} must fold or challenge the draw, not {value}.").format(
                        seat=seat, value=repr(response)
                    ),
                    seat,
                )
    for seat, player in enumerate(hand.players):
        if not isinstance(player.opened, bool):
            raise InvalidInput(
                # Translators: say “Seat {seat}” with the words of “seat {seat}”: the table
                # puts the player's name there. “opened” is the API's field.
                _("Seat {seat}'s “opened” must be true or false.").format(seat=seat),
                seat,
            )
        # Translators: names a field in an error such as "… must be a whole number, 0 or
        # more"; say “Seat {seat}” with the words of “seat {seat}”: the table puts the
        # player's name there. “meld_aces” is the API's field.
        check_count(player.meld_aces, _("Seat {seat}'s “meld_aces”").format(seat=seat), seat)
        if rules.kings_pay:
            # Translators: names a field in an error such as "… must be a whole number, 0 or
            # more"; say “Seat {seat}” with the words of “seat {seat}”: the table puts the
            # player's name there. “meld_kings” is the API's field.
            what = _("Seat {seat}'s “meld_kings”").format(seat=seat)
            check_count(player.meld_kings, what, seat)
        if player.face_down_quads and not player.opened:
            raise InvalidInput(
                # Translators: say “Seat {seat}” with the words of “seat {seat}”: the table
                # puts the player's name there.
                _("Seat {seat} laid a four-of-a-kind face down, so they have opened.").format(
                    seat=seat
                ),
                seat,
            )
        # Translators: names a field in an error such as "… must be a list of cards"; say
        # “Seat {seat}” with the words of “seat {seat}”: the table puts the player's name
        # there.
        check_card_list(player.hand, _("Seat {seat}'s hand").format(seat=seat), seat)
        # Translators: names a field in an error such as "… must be a list of cards"; say
        # “Seat {seat}” with the words of “seat {seat}”: the table puts the player's name
        # there. “face_down_quads” is the API's field.
        quads = _("Seat {seat}'s “face_down_quads”").format(seat=seat)
        check_card_list(player.face_down_quads, quads, seat)
        if player.hand is not None:
            check_hand_size(player.hand, seat)
    # Translators: names a field in an error such as "… must be a whole number, 0 or more".
    check_count(hand.state_before.pot, _("The pot"))
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
                    _TOO_MANY[rank].format(seat=seat, count=counted, most=OF_A_RANK), seat
                )


def check_rules(hand: HandInput, hands: Sequence[tuple[Card, ...] | None]) -> None:
    """Step 4: `tongit_with_cards`, then `not_opened` (the draw caller, then each
    challenger in seat order); `missing_hand` follows once the compared seats are known."""
    if hand.end == TONGIT and hand.caller is not None and hands[hand.caller]:
        raise TongitWithCards(
            # Translators: say “Seat {seat}” with the words of “seat {seat}”: the table puts
            # the player's name there.
            _("Seat {seat} called tongit but still holds cards: a tongit empties the hand.").format(
                seat=hand.caller
            ),
            hand.caller,
        )
    if hand.end == DRAW and hand.caller is not None and hand.responses is not None:
        if not hand.players[hand.caller].opened:
            raise NotOpened(
                # Translators: say “Seat {seat}” with the words of “seat {seat}”: the table
                # puts the player's name there.
                _(
                    "Seat {seat} called draw without having opened; only an opened player may "
                    "call draw."
                ).format(seat=hand.caller),
                hand.caller,
            )
        for seat, response in enumerate(hand.responses):
            if response == CHALLENGE and not hand.players[seat].opened:
                raise NotOpened(
                    # Translators: say “Seat {seat}” with the words of “seat {seat}”: the
                    # table puts the player's name there.
                    _(
                        "Seat {seat} challenged without having opened; a player who has not "
                        "opened must fold."
                    ).format(seat=seat),
                    seat,
                )
