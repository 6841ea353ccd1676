"""Tong-Its: three players, chips, antes and a pot, and the three ways a hand ends.

Implements `shared/rules/rummy-family.md` §1 and the `tong-its` parts of `shared/api.md` §3,
with the house rules of `shared/rules/house-rules.md` §2 (`HouseRules`: what a folder
pays, who takes the pot, whether kings pay as aces do). Melds kept concealed still count,
so a compared hand's deadwood is the minimum over all arrangements
(`solver.best_arrangement`, aces low only).

Card text is parsed here, so every caller gets the spec's validation order (§0.4, api.md
§3.3 Tong-Its): `invalid_input`, `invalid_card`, `duplicate_card`, then
`tongit_with_cards`, `not_opened` and `missing_hand`; each step runs over the whole hand
before the next.

Not checkable from end-of-hand data, and so trusted: the draw-call restrictions (§1.9) and
which aces a winner held in melds (`meld_aces` is entered by the scorekeeper, §7 A5).
"""

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from games.rules.cards import Card, parse_cards
from games.rules.melds import Arrangement, tong_its_melds
from games.rules.rummy_common import (
    MissingHand,
    check_copies,
    check_same_players,
    describe,
    play_in_order,
)
from games.rules.solver import best_arrangement
from games.rules.text import gettext as _
from games.rules.text import gettext_lazy, ngettext
from games.rules.tong_its.checks import (
    bonus_cards,
    check_duplicates,
    check_hand_size,
    check_input,
    check_rules,
    parse,
)
from games.rules.tong_its.hand import (
    ANTE,
    BASE_CHALLENGED,
    BASE_OTHER,
    BASE_TONGIT,
    BOOK,
    CHALLENGE,
    CHALLENGED_DRAW,
    DRAW,
    FOLD,
    NOT_OPENED_PENALTY,
    QUAD_BONUS,
    STOCK_OUT,
    TONGIT,
    GameResult,
    HandInput,
    HandResult,
    HouseRules,
    StateBefore,
    value,
)


def arrange(cards: Sequence[Card]) -> Arrangement:
    """The minimum-deadwood arrangement; concealed melds count, aces are low only (§1.1)."""
    return best_arrangement(cards, tong_its_melds(), value)


def deadwood(cards: Sequence[str]) -> Arrangement:
    """api.md §3.2 for Tong-Its: the minimum deadwood and one arrangement reaching it.

    Order: `invalid_input` (more than 13 cards), `invalid_card` (no jokers),
    `duplicate_card` (one deck).
    """
    check_hand_size(cards)
    parsed = parse_cards(cards)
    check_copies([(None, parsed)], 1)
    return arrange(parsed)


def _first_lowest(order: Sequence[int], dead: dict[int, int]) -> int:
    """The first seat in `order` with the lowest deadwood (the spec's tie walk)."""
    lowest = min(dead.values())
    return next(seat for seat in order if seat in dead and dead[seat] == lowest)


def _need(hands: Sequence[tuple[Card, ...] | None], seats: Sequence[int]) -> list[tuple[Card, ...]]:
    """`missing_hand` for the first of `seats` (seat order) whose hand was not entered."""
    for seat in sorted(seats):
        if hands[seat] is None:
            raise MissingHand(
                # Translators: say “Seat {seat}” with the words of “seat {seat}”: the table
                # puts the player's name there.
                _("Seat {seat}'s hand is needed: enter the cards they hold.").format(seat=seat),
                seat,
            )
    return [hands[seat] or () for seat in seats]


def score_hand(hand: HandInput, rules: HouseRules = BOOK) -> HandResult:
    """Score one hand: who wins, what each loser pays, the antes and the pot.

    Validation order:
    1. `invalid_input`: exactly 3 players; `end` one of the three; `caller` (tongit, draw)
       or `last_drawer` (stock_out) a seat; for a draw, `responses` of 3 with None for the
       caller and fold/challenge for the others; `opened` a boolean; `meld_aces` ≥ 0 (and
       `meld_kings` where kings pay); no `face_down_quads` for a player who has not
       opened; no hand of more than 13 cards; `state_before.pot` ≥ 0 and
       `previous_winner` None or a seat (not read, so not checked, where every winner
       takes the pot);
    2. `invalid_card`: any card or rank text, seat by seat (hand, then face-down ranks);
       any `JK`;
    3. `duplicate_card`: see `checks.check_duplicates`;
    4. `tongit_with_cards`, then `not_opened` (draw caller, then challengers in seat
       order), then `missing_hand` (a compared seat, or the winner of a draw both opponents
       folded, whose hand was not entered; the first in seat order).

    How it ends (§1.4): a tongit wins with base 3; a draw both opponents fold wins with
    base 1; a challenged draw compares the caller and the challengers, base 3, walking
    seats caller+1, caller+2, caller and taking the first with the lowest deadwood (a
    challenger beats the caller on a tie, the one nearer the caller's left beats the
    other); at stock-out the opened players compare, base 1, walking last_drawer, +1, +2 —
    and if nobody has opened all three compare ([TI-stockout-none-opened], §7 A4).

    Each loser pays (§1.5): the base — a folder in a challenged draw pays the full 3 too
    ([TI-folder-pays-full], §7 A1) — + 3 per concealed four-of-a-kind of the winner (the
    face-down quads plus every rank whose four cards the winner holds, even if the
    deadwood-optimal arrangement splits them, [TI-quad-possession], §7 A3) + 1 if this
    loser has not opened + 1 per winner ace (in hand, `meld_aces`, 4 per face-down quad of
    aces). Under `fold_pays` "one" a folder's base is 1 and everything else it pays is
    unchanged (H20, H82); under `ace_bonus_ranks` "A_K" kings pay as aces do, so a
    face-down four of kings pays both its 3 and its 4 kings (H22, H82).

    Pot (§1.6): everyone antes 2 (pot + 6); a winner who also won the previous hand takes
    the whole pot, this hand's antes included, and the streak is not reset by taking it
    ([TI-pot-streak], §7 A2). Under `pot_rule` "every_hand" every winner takes it (H21).
    """
    check_input(hand, rules)
    hands, quads = parse(hand)
    check_duplicates(hand, hands, quads, rules)
    check_rules(hand, hands)

    dead: dict[int, int] = {}
    arrangements: dict[int, Arrangement] = {}
    caller = hand.caller if hand.caller is not None else 0
    if hand.end == TONGIT:
        winner, win_type, base = caller, TONGIT, BASE_TONGIT
        # Translators: say “Seat {seat}” with the words of “seat {seat}”: the table puts the
        # player's name there.
        story = _("Seat {seat} called tongit.").format(seat=winner)
    elif hand.end == DRAW:
        responses = hand.responses or ()
        challengers = [seat for seat, r in enumerate(responses) if r == CHALLENGE]
        if not challengers:
            _need(hands, [caller])
            winner, win_type, base = caller, DRAW, BASE_OTHER
            # Translators: say “Seat {seat}” with the words of “seat {seat}”: the table puts
            # the player's name there.
            story = _("Seat {seat} called draw and both opponents folded.").format(seat=caller)
        else:
            compared = [caller, *challengers]
            for seat, cards in zip(compared, _need(hands, compared), strict=True):
                arrangements[seat] = arrange(cards)
                dead[seat] = arrangements[seat].deadwood
            winner = _first_lowest([(caller + 1) % 3, (caller + 2) % 3, caller], dead)
            win_type, base = CHALLENGED_DRAW, BASE_CHALLENGED
            story = _compare_story(winner, caller, dead)
    else:
        drawer = hand.last_drawer if hand.last_drawer is not None else 0
        opened = [seat for seat, player in enumerate(hand.players) if player.opened]
        compared = opened or [0, 1, 2]
        for seat, cards in zip(compared, _need(hands, compared), strict=True):
            arrangements[seat] = arrange(cards)
            dead[seat] = arrangements[seat].deadwood
        winner = _first_lowest([drawer, (drawer + 1) % 3, (drawer + 2) % 3], dead)
        win_type, base = STOCK_OUT, BASE_OTHER
        story = _stock_out_story(drawer, bool(opened), winner, dead)

    winner_hand = hands[winner] or ()
    held = Counter(card.rank for card in winner_hand)
    concealed = len(quads[winner]) + sum(count == 4 for count in held.values())
    bonus = {
        rank: bonus_cards(rank, hand.players[winner], winner_hand, quads[winner])
        for rank in rules.bonus_ranks
    }
    bases = tuple(
        rules.fold_base(base)
        if win_type == CHALLENGED_DRAW and (hand.responses or ())[seat] == FOLD
        else base
        for seat in range(3)
    )
    payments = tuple(
        0
        if seat == winner
        else bases[seat]
        + QUAD_BONUS * concealed
        + (0 if player.opened else NOT_OPENED_PENALTY)
        + sum(bonus.values())
        for seat, player in enumerate(hand.players)
    )
    pot = hand.state_before.pot + 3 * ANTE
    # Where every winner takes the pot the previous winner is not read (H21).
    streak = not rules.pot_every_hand and hand.state_before.previous_winner == winner
    taken = rules.pot_every_hand or streak
    pot_awarded = pot if taken else 0
    chip_delta = tuple(
        -ANTE + (sum(payments) + pot_awarded if seat == winner else -payments[seat])
        for seat in range(3)
    )
    explanation = " ".join(
        [
            story,
            _payment_story(hand, winner, bases, concealed, bonus),
            *(_pot_story(winner, pot, streak) if taken else []),
            *(
                # Translators: {arrangement} is how a hand's cards meld, such as "melded: 5♠
                # 6♠ 7♠ — deadwood: 9♣ 2♥ = 11"; say “Seat {seat}” with the words of “seat
                # {seat}”: the table puts the player's name there.
                _("Seat {seat}: {arrangement}.").format(
                    seat=seat, arrangement=describe(a.melds, a.unmatched, a.deadwood)
                )
                for seat, a in sorted(arrangements.items())
            ),
        ]
    )
    return HandResult(
        winner=winner,
        win_type=win_type,
        deadwood=tuple(dead.get(seat) for seat in range(3)),
        payments=payments,
        chip_delta=chip_delta,
        pot_after=0 if taken else pot,
        pot_awarded=pot_awarded,
        explanation=explanation,
    )


# The sentences of a hand's explanation name players as "Seat 2" or "seat 2" (in a
# translation, the words of "seat {seat}"): the table puts the player's name in their
# place (`kind.name_seats`), the JSON API keeps the seat.

# At stock-out (the opened players, or all three where nobody opened), by how many compare.
_STOCK_OUT = {
    (True, 1): gettext_lazy(
        # Translators: say “seat {drawer}” and “seat {winner}” with the words of “seat
        # {seat}”: the table puts the players' names there. {deadwood} is the winner's
        # deadwood count.
        "The stock ran out (seat {drawer} drew last); the opened players compare: only seat "
        "{winner} ({deadwood}) compares and wins."
    ),
    (True, 2): gettext_lazy(
        # Translators: say “seat {…}” with the words of “seat {seat}”: the table puts the
        # players' names there. The numbers in brackets are their deadwood counts.
        "The stock ran out (seat {drawer} drew last); the opened players compare: seat "
        "{winner} ({deadwood}) beats seat {other} ({other_deadwood})."
    ),
    (True, 3): gettext_lazy(
        # Translators: say “seat {…}” with the words of “seat {seat}”: the table puts the
        # players' names there. The numbers in brackets are their deadwood counts.
        "The stock ran out (seat {drawer} drew last); the opened players compare: seat "
        "{winner} ({deadwood}) beats seat {other} ({other_deadwood}) and seat {third} "
        "({third_deadwood})."
    ),
    (False, 3): gettext_lazy(
        # Translators: say “seat {…}” with the words of “seat {seat}”: the table puts the
        # players' names there. The numbers in brackets are their deadwood counts.
        "The stock ran out (seat {drawer} drew last); nobody had opened, so all three "
        "compare: seat {winner} ({deadwood}) beats seat {other} ({other_deadwood}) and seat "
        "{third} ({third_deadwood})."
    ),
}


def _stock_out_story(drawer: int, opened: bool, winner: int, dead: dict[int, int]) -> str:
    """Who drew last, who compares, and who beats whom (the others in seat order)."""
    others = [seat for seat in dead if seat != winner]
    values: dict[str, int] = {"drawer": drawer, "winner": winner, "deadwood": dead[winner]}
    for (seat_key, count_key), seat in zip(
        (("other", "other_deadwood"), ("third", "third_deadwood")), others, strict=False
    ):
        values |= {seat_key: seat, count_key: dead[seat]}
    return _STOCK_OUT[opened, len(dead)].format(**values)


# A challenged draw, by the roles of the players the winner beats (in the order they
# compare: the caller, then the challengers) and whether a tie decided it. Only a
# challenger wins a tie (the walk starts left of the caller), so a tie is said only where
# the caller is beaten.
_CHALLENGED = {
    (("caller",), False): gettext_lazy(
        # Translators: say “Seat {…}”/“seat {…}” with the words of “seat {seat}”: the table
        # puts the players' names there. The numbers in brackets are their deadwood counts.
        "Seat {winner} ({deadwood}) beats caller seat {other} ({other_deadwood})."
    ),
    (("caller",), True): gettext_lazy(
        # Translators: say “Seat {…}”/“seat {…}” with the words of “seat {seat}”: the table
        # puts the players' names there. The numbers in brackets are their deadwood counts.
        "Seat {winner} ({deadwood}) beats caller seat {other} ({other_deadwood}) (a tie "
        "goes to the challenger, between challengers to the one nearer the caller's left)."
    ),
    (("challenger",), False): gettext_lazy(
        # Translators: say “Seat {…}”/“seat {…}” with the words of “seat {seat}”: the table
        # puts the players' names there. The numbers in brackets are their deadwood counts.
        "Seat {winner} ({deadwood}) beats challenger seat {other} ({other_deadwood})."
    ),
    (("caller", "challenger"), False): gettext_lazy(
        # Translators: say “Seat {…}”/“seat {…}” with the words of “seat {seat}”: the table
        # puts the players' names there. The numbers in brackets are their deadwood counts.
        "Seat {winner} ({deadwood}) beats caller seat {other} ({other_deadwood}) and "
        "challenger seat {third} ({third_deadwood})."
    ),
    (("caller", "challenger"), True): gettext_lazy(
        # Translators: say “Seat {…}”/“seat {…}” with the words of “seat {seat}”: the table
        # puts the players' names there. The numbers in brackets are their deadwood counts.
        "Seat {winner} ({deadwood}) beats caller seat {other} ({other_deadwood}) and "
        "challenger seat {third} ({third_deadwood}) (a tie goes to the challenger, between "
        "challengers to the one nearer the caller's left)."
    ),
    (("challenger", "challenger"), False): gettext_lazy(
        # Translators: say “Seat {…}”/“seat {…}” with the words of “seat {seat}”: the table
        # puts the players' names there. The numbers in brackets are their deadwood counts.
        "Seat {winner} ({deadwood}) beats challenger seat {other} ({other_deadwood}) and "
        "challenger seat {third} ({third_deadwood})."
    ),
}


def _compare_story(winner: int, caller: int, dead: dict[int, int]) -> str:
    """For example "Seat 2 (9) beats challenger seat 0 (26).", naming who called and who
    challenged."""
    others = [seat for seat in dead if seat != winner]
    roles = tuple("caller" if seat == caller else "challenger" for seat in others)
    tie = any(dead[seat] == dead[winner] for seat in others)
    values: dict[str, int] = {"winner": winner, "deadwood": dead[winner]}
    for (seat_key, count_key), seat in zip(
        (("other", "other_deadwood"), ("third", "third_deadwood")), others, strict=False
    ):
        values |= {seat_key: seat, count_key: dead[seat]}
    story = _CHALLENGED.get((roles, tie)) or _CHALLENGED[roles, False]
    return story.format(**values)


# What each loser pays, by whether a folder pays another base and how many losers pay for
# not opening.
_PAYS = {
    (False, 0): gettext_lazy(
        # Translators: {amount} is what each loser pays, such as "3 + 2 aces".
        "Each loser pays {amount}."
    ),
    (False, 1): gettext_lazy(
        # Translators: {amount} is what each loser pays, such as "3 + 2 aces"; say “seat
        # {seat}” with the words of “seat {seat}”: the table puts the player's name there.
        "Each loser pays {amount}; seat {seat} also pays 1 for not opening."
    ),
    (False, 2): gettext_lazy(
        # Translators: {amount} is what each loser pays, such as "3 + 2 aces"; say “seat
        # {seat}” and “seat {other}” with the words of “seat {seat}”: the table puts the
        # players' names there.
        "Each loser pays {amount}; seat {seat} and seat {other} also pay 1 for not opening."
    ),
    (True, 0): gettext_lazy(
        # Translators: {amount} is what each loser pays, such as "3 + 2 aces", and
        # {folder_amount} what the one who folded pays instead ("1 + 2 aces"); say “seat
        # {folder}” with the words of “seat {seat}”: the table puts the player's name there.
        "Each loser pays {amount}, seat {folder}, who folded, {folder_amount}."
    ),
    (True, 1): gettext_lazy(
        # Translators: {amount} is what each loser pays, such as "3 + 2 aces", and
        # {folder_amount} what the one who folded pays instead ("1 + 2 aces"); say “seat
        # {…}” with the words of “seat {seat}”: the table puts the players' names there.
        "Each loser pays {amount}, seat {folder}, who folded, {folder_amount}; seat {seat} "
        "also pays 1 for not opening."
    ),
    (True, 2): gettext_lazy(
        # Translators: {amount} is what each loser pays, such as "3 + 2 aces", and
        # {folder_amount} what the one who folded pays instead ("1 + 2 aces"); say “seat
        # {…}” with the words of “seat {seat}”: the table puts the players' names there.
        "Each loser pays {amount}, seat {folder}, who folded, {folder_amount}; seat {seat} "
        "and seat {other} also pay 1 for not opening."
    ),
}


def _bonus(rank: str, count: int) -> str:
    """What the winner's cards of a bonus rank add to a payment: "2 aces"."""
    if rank == "K":
        # Translators: part of a payment such as "3 + 1 king".
        return ngettext("{count} king", "{count} kings", count).format(count=count)
    # Translators: part of a payment such as "3 + 2 aces".
    return ngettext("{count} ace", "{count} aces", count).format(count=count)


def _payment_story(
    hand: HandInput,
    winner: int,
    bases: Sequence[int],
    concealed: int,
    bonus: dict[str, int],
) -> str:
    """For example "Each loser pays 3 + 3 aces; seat 1 also pays 1 for not opening.", or,
    where a folder pays a base of 1, "Each loser pays 3 + 1 king, seat 2, who folded,
    1 + 1 king."."""
    extras = []
    if concealed:
        extras.append(
            ngettext(
                # Translators: part of a payment such as "3 + 3 for 1 concealed
                # four-of-a-kind": {points} chips for {count} fours the winner kept hidden.
                "{points} for {count} concealed four-of-a-kind",
                "{points} for {count} concealed four-of-a-kind",
                concealed,
            ).format(points=QUAD_BONUS * concealed, count=concealed)
        )
    extras += [_bonus(rank, count) for rank, count in bonus.items() if count]
    losers = [seat for seat in range(3) if seat != winner]
    base = max(bases[seat] for seat in losers)
    folded = [seat for seat in losers if bases[seat] != base]
    unopened = [
        seat for seat, player in enumerate(hand.players) if seat != winner and not player.opened
    ]
    values: dict[str, object] = {"amount": " + ".join([str(base), *extras])}
    if folded:
        values |= {
            "folder": folded[0],
            "folder_amount": " + ".join([str(bases[folded[0]]), *extras]),
        }
    values |= dict(zip(("seat", "other"), unopened, strict=False))
    return _PAYS[bool(folded), len(unopened)].format(**values)


def _pot_story(winner: int, pot: int, streak: bool) -> list[str]:
    if streak:
        return [
            # Translators: say “Seat {seat}” with the words of “seat {seat}”: the table puts
            # the player's name there. {pot} is the chips in the pot.
            _("Seat {seat} also won the previous hand and takes the pot of {pot}.").format(
                seat=winner, pot=pot
            )
        ]
    # Translators: say “Seat {seat}” with the words of “seat {seat}”: the table puts the
    # player's name there. {pot} is the chips in the pot.
    return [_("Seat {seat} takes the pot of {pot}.").format(seat=winner, pot=pot)]


def score_game(hands: Sequence[HandInput], rules: HouseRules = BOOK) -> GameResult:
    """Score hands in play order from a pot of 0 and no previous winner.

    Each hand's `state_before` is ignored: the pot and the previous winner carry over from
    the hand before. Play is open-ended (§1.8).

    Validation (api.md §3.4): first `invalid_input` unless every hand has the same number
    of players; then hand by hand with the full `score_hand` checks, the first error
    naming its hand ("Hand 2: …").
    """
    check_same_players([len(hand.players) for hand in hands], None)
    state = StateBefore()
    totals = [0, 0, 0]
    won = [0, 0, 0]

    def play(number: int, hand: HandInput) -> HandResult:
        nonlocal state
        result = score_hand(replace(hand, state_before=state), rules)
        state = StateBefore(result.pot_after, result.winner)
        return result

    results = play_in_order(hands, play)
    for result in results:
        for seat in range(3):
            totals[seat] += result.chip_delta[seat]
        won[result.winner] += 1
    return GameResult(tuple(totals), state.pot, tuple(won), tuple(results), rules)
