"""Gin Rummy: knocks, undercuts, gin and big gin, and the game to 100 with its bonuses.

Implements `shared/rules/gin-rummy.md` (decisions G1–G14) and `shared/api.md` §5, with the
house rules of its §7 (`HouseRules`). Nothing but the cards is entered: the knocker's
spread, the defender's melds and every lay-off are worked out from them (`spread`).

Card text is parsed here, so every caller gets the spec's validation order (§8):
`invalid_input`, `invalid_card`, `duplicate_card`, `wrong_card_count`, then
`knock_not_allowed` or `not_gin`; each step runs over the whole hand before the next.

Where the spec is silent:

* Among spreads and lay-offs that reach the same counts, the ones reported are the first
  found; the fewest cards are laid off (a lay-off that does not pay is not made, §3.7).
* `knocker_melds` and `layoffs` are answered when the knocker wins (`result` "knock"), as
  api.md §5.2's examples have them; an undercut and gin answer the counts alone.
* `shutout` in a `/game` answer says whether the loser won no hand, whatever the `shutout`
  house rule does with it (under `none` nothing is added, but the fact stands).
* A hand won for 0 points (an undercut with equal counts and an undercut bonus of 0) is
  still a hand won: it counts for a box, and the loser who won it is not shut out.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from games.rules.cards import RANKS, Card, parse_cards, show
from games.rules.errors import InvalidInput, RuleError, WrongCardCount
from games.rules.gin_rummy import spread
from games.rules.melds import Arrangement
from games.rules.rummy_common import (
    Entered,
    KnockNotAllowed,
    check_copies,
    check_no_hand_after_end,
    check_seat,
    parse_hands,
    play_in_order,
    running_totals,
)
from games.rules.text import gettext as _
from games.rules.text import gettext_lazy, ngettext, pgettext, pgettext_lazy, together

# Translators: a game's name: keep it as it is, in Latin script.
TITLE = gettext_lazy("Gin Rummy")
SLUG = "gin-rummy"
PLAYERS = 2
HAND_SIZE = 10
BIG_GIN_SIZE = 11
MOST_CARDS = 11  # a `/deadwood` request: a hand after the draw, before the discard
KNOCK_LIMIT = 10  # G3
GAME_BONUS = 100  # §5.2, every source

KNOCK, GIN, BIG_GIN, DEAD = "knock", "gin", "big_gin", "dead"
ENDS = (KNOCK, GIN, BIG_GIN, DEAD)
UNDERCUT = "undercut"

DOUBLE, SECOND_GAME_BONUS, NO_SHUTOUT = "double", "game_bonus", "none"

# A set of one rank on the table, as a lay-off goes on it ("J♠ on the queens").
RANK_PLURALS = dict(
    zip(
        RANKS,
        (
            pgettext_lazy("a set laid off on", "the aces"),
            pgettext_lazy("a set laid off on", "the twos"),
            pgettext_lazy("a set laid off on", "the threes"),
            pgettext_lazy("a set laid off on", "the fours"),
            pgettext_lazy("a set laid off on", "the fives"),
            pgettext_lazy("a set laid off on", "the sixes"),
            pgettext_lazy("a set laid off on", "the sevens"),
            pgettext_lazy("a set laid off on", "the eights"),
            pgettext_lazy("a set laid off on", "the nines"),
            pgettext_lazy("a set laid off on", "the tens"),
            pgettext_lazy("a set laid off on", "the jacks"),
            pgettext_lazy("a set laid off on", "the queens"),
            pgettext_lazy("a set laid off on", "the kings"),
        ),
        strict=True,
    )
)


class NotGin(RuleError):
    code = "not_gin"


class InvalidMeld(RuleError):
    code = "invalid_meld"


@dataclass(frozen=True)
class HouseRules:
    """The amounts of §4 and §5.2 and what a shutout does (§7), the book's by default: gin
    25, undercut 25, big gin 31 (G10), a box 25 a hand won (G12), the game to 100 (G11),
    and a shutout doubling the winner's final score (G13)."""

    gin_bonus: int = 25
    undercut_bonus: int = 25
    big_gin_bonus: int = 31
    box_bonus: int = 25
    target: int = 100
    shutout: str = DOUBLE


BOOK = HouseRules()


@dataclass(frozen=True)
class HandInput:
    """One hand as entered (api.md §5.2): how it ended, who ended it, and each seat's card
    text (not parsed yet; not read for a dead hand)."""

    end: str
    player: int | None = None
    hands: tuple[Entered, ...] = ()


@dataclass(frozen=True)
class HandResult:
    """api.md §5.2's answer. `deadwood` is None per seat for a dead hand; `knocker_melds`
    and `layoffs` are the knock's (empty otherwise)."""

    result: str
    winner: int | None
    deadwood: tuple[int | None, ...]
    hand_scores: tuple[int, ...]
    explanation: str
    knocker_melds: tuple[tuple[Card, ...], ...] = ()
    layoffs: tuple[Card, ...] = ()


@dataclass(frozen=True)
class GameResult:
    """api.md §5.3's answer; `hand_results` (each hand's result, for the scoreboard),
    `dealers` (who dealt each hand, then who deals next, G14) and `rules` are not sent."""

    totals: tuple[int, ...]
    hands_won: tuple[int, ...]
    game_over: bool
    winner: int | None
    final_scores: tuple[int, ...] | None
    shutout: bool | None
    next_dealer: int | None
    hand_results: tuple[HandResult, ...] = ()
    dealers: tuple[int, ...] = ()
    rules: HouseRules = BOOK

    @property
    def winners(self) -> tuple[int, ...] | None:
        return None if self.winner is None else (self.winner,)


# ---------------------------------------------------------------------------
# Laying out cards


def arrange(cards: Sequence[Card]) -> Arrangement:
    """One least-deadwood arrangement of some cards (§1.5)."""
    least = spread.Deadwood()
    mask = spread.mask_of(cards)
    melds = least.melds(mask)
    kept = mask
    for meld in melds:
        kept &= ~meld
    return Arrangement(
        tuple(spread.in_order(meld, cards) for meld in _hand_order(melds, cards)),
        spread.in_order(kept, cards),
        least(mask),
    )


def _hand_order(melds: Sequence[int], hand: Sequence[Card]) -> list[int]:
    """Melds in the order of their first card in the hand."""
    position = {spread.INDEX[card]: at for at, card in enumerate(hand)}
    return sorted(melds, key=lambda meld: min(position[i] for i in spread.indexes(meld)))


@dataclass(frozen=True)
class Deadwood:
    """api.md §5.1's answer: the count, the cards' own melds, what is left, and the cards
    laid off (None when nothing was offered to lay off on)."""

    deadwood: int
    melds: tuple[tuple[Card, ...], ...]
    unmatched: tuple[Card, ...]
    layoffs: tuple[Card, ...] | None


def deadwood(cards: Sequence[str], lay_off_onto: Sequence[Sequence[str]] | None) -> Deadwood:
    """api.md §5.1: the least deadwood of 0–11 cards, after the best lay-offs onto the
    melds on the table when given (G6).

    Order: `invalid_input` (more than 11 cards), `invalid_card` (the cards, then each
    meld; no jokers), `duplicate_card` (the cards and every meld together, one deck),
    `invalid_meld` (a meld on the table that is no set or run, the first in the list).
    """
    if len(cards) > MOST_CARDS:
        said = _("“cards” holds {count} cards; a Gin hand has at most {most}.")
        raise InvalidInput(said.format(count=len(cards), most=MOST_CARDS))
    held = _parse(cards)
    onto = [_parse(meld) for meld in lay_off_onto or ()]
    check_copies([(None, held), *((None, meld) for meld in onto)], 1)
    for number, meld in enumerate(onto, start=1):
        if not spread.is_meld(spread.mask_of(meld)):
            said = _(
                # Translators: {cards} are the meld's cards ("7♠ 8♥ 9♠"), or "no cards".
                "Meld {number} to lay off on ({cards}) is no set of 3 or 4 of a rank and no run "
                "of 3 or more of a suit (ace low)."
            )
            # Translators: a meld to lay off on that holds no card.
            raise InvalidMeld(said.format(number=number, cards=show(meld) or _("no cards")))
    if lay_off_onto is None:
        laid = arrange(held)
        return Deadwood(laid.deadwood, laid.melds, laid.unmatched, None)
    least = spread.Deadwood()
    mask = spread.mask_of(held)
    layoffs = spread.best_layoffs([spread.mask_of(meld) for meld in onto], mask, least)
    kept = arrange(spread.in_order(mask & ~layoffs.cards, held))
    return Deadwood(
        layoffs.deadwood, kept.melds, kept.unmatched, spread.in_order(layoffs.cards, held)
    )


def _parse(texts: Sequence[str]) -> tuple[Card, ...]:
    return parse_cards(texts, jokers=False)


# ---------------------------------------------------------------------------
# One hand


def score_hand(hand: HandInput, rules: HouseRules = BOOK) -> HandResult:
    """Score one hand (§4), after §8's checks in order:

    1. `invalid_input`: `end` one of the four; then, unless the hand is dead, `player` a
       seat (0 or 1) and `hands` two lists of card text;
    2. `invalid_card`: any card text, seat by seat (`JK` too: no jokers);
    3. `duplicate_card`: a card entered twice over both hands (one deck);
    4. `wrong_card_count`: 10 cards each, 11 for the player of a big gin;
    5. `knock_not_allowed`: a knock with more than 10 deadwood (G3); `not_gin`: a gin or
       big gin whose cards do not all meld.

    A knock with no deadwood is gin (G4). Only the hand's winner scores.
    """
    if hand.end not in ENDS:
        ends = ", ".join(f"“{end}”" for end in ENDS)
        # Translators: {ends} are the values “end” takes (“knock”, “gin”…), kept as written.
        said = _("“end” must be one of {ends}, not {value}.")
        raise InvalidInput(said.format(ends=ends, value=repr(hand.end)))
    if hand.end == DEAD:
        return HandResult(
            DEAD,
            None,
            (None, None),
            (0, 0),
            _(
                "Dead hand: the stock ran down to two cards without a knock. Nobody scores, "
                "and the same dealer deals again."
            ),
        )
    player = check_seat(hand.player, PLAYERS, "“player”")
    cards = _cards(hand)
    _check_counts(hand.end, player, cards)
    least = spread.Deadwood()
    own = spread.mask_of(cards[player])
    count = least(own)
    if hand.end == KNOCK and count > KNOCK_LIMIT:
        # Translators: keep “Seat {seat}” as written, here and in every sentence below: the
        # table shows the player's name in its place.
        said = _("Seat {seat} knocked with {count} deadwood; a knock needs {limit} or less.")
        raise KnockNotAllowed(said.format(seat=player, count=count, limit=KNOCK_LIMIT), player)
    if hand.end != KNOCK and count:
        raise NotGin(_not_gin(hand.end, player, cards[player], least), player)
    if count == 0:
        return _gin(hand.end, player, cards, rules)
    return _knock(player, cards, rules)


def _cards(hand: HandInput) -> tuple[tuple[Card, ...], ...]:
    """Both hands parsed, after the shape of `hands` is checked."""
    if len(hand.hands) != PLAYERS:
        said = _("“hands” must hold the two players' cards, not {count}.")
        raise InvalidInput(said.format(count=len(hand.hands)))
    for seat, cards in enumerate(hand.hands):
        if cards is None:
            # Translators: {end} is how the hand ended: “knock”, “gin” or “big gin”.
            said = _("Seat {seat}'s cards are missing: a {end} shows both hands.")
            raise InvalidInput(said.format(seat=seat, end=_said(hand.end)), seat)
    parsed = parse_hands(hand.hands, jokers=False)
    held = tuple(cards or () for cards in parsed)
    check_copies(enumerate(held), 1)
    return held


def _check_counts(end: str, player: int, cards: Sequence[Sequence[Card]]) -> None:
    for seat, held in enumerate(cards):
        size = BIG_GIN_SIZE if end == BIG_GIN and seat == player else HAND_SIZE
        if len(held) != size:
            if end == BIG_GIN:
                said = ngettext(
                    "Seat {seat} shows {count} card; a big gin shows {big} for its player and "
                    "{size} for the other.",
                    "Seat {seat} shows {count} cards; a big gin shows {big} for its player and "
                    "{size} for the other.",
                    len(held),
                )
            else:
                said = ngettext(
                    # Translators: {end} is how the hand ended: “knock” or “gin”.
                    "Seat {seat} shows {count} card; a {end} shows {size} each.",
                    "Seat {seat} shows {count} cards; a {end} shows {size} each.",
                    len(held),
                )
            message = said.format(
                seat=seat, count=len(held), end=_said(end), big=BIG_GIN_SIZE, size=HAND_SIZE
            )
            raise WrongCardCount(message, seat)


def _said(end: str) -> str:
    """How a hand ended, as a sentence names it ("a knock shows both hands")."""
    if end == KNOCK:
        return pgettext("how a hand ended", "knock")
    if end == GIN:
        return pgettext("how a hand ended", "gin")
    if end == BIG_GIN:
        return pgettext("how a hand ended", "big gin")
    return pgettext("how a hand ended", "hand")


def _not_gin(end: str, player: int, cards: Sequence[Card], least: spread.Deadwood) -> str:
    """“Seat 0 cannot go gin: 4♥ (4) is unmatched; enter the hand as a knock.”"""
    mask = spread.mask_of(cards)
    kept = mask
    for meld in least.melds(mask):
        kept &= ~meld
    left = spread.in_order(kept, cards)
    if end == BIG_GIN:
        said = ngettext(
            # Translators: {cards} are the cards left unmatched ("4♥ 9♣"), {deadwood} what they
            # count.
            "Seat {seat} cannot go big gin: {cards} ({deadwood}) is unmatched; a big gin melds "
            "all {big} cards.",
            "Seat {seat} cannot go big gin: {cards} ({deadwood}) are unmatched; a big gin melds "
            "all {big} cards.",
            len(left),
        )
    elif least(mask) > KNOCK_LIMIT:
        said = ngettext(
            # Translators: {cards} are the cards left unmatched ("4♥ 9♣"), {deadwood} what they
            # count.
            "Seat {seat} cannot go gin: {cards} ({deadwood}) is unmatched, too many to knock "
            "with (a knock needs {limit} or less).",
            "Seat {seat} cannot go gin: {cards} ({deadwood}) are unmatched, too many to knock "
            "with (a knock needs {limit} or less).",
            len(left),
        )
    else:
        said = ngettext(
            # Translators: {cards} are the cards left unmatched ("4♥ 9♣"), {deadwood} what they
            # count.
            "Seat {seat} cannot go gin: {cards} ({deadwood}) is unmatched; enter the hand as a "
            "knock.",
            "Seat {seat} cannot go gin: {cards} ({deadwood}) are unmatched; enter the hand as a "
            "knock.",
            len(left),
        )
    return said.format(
        seat=player, cards=show(left), deadwood=least(mask), big=BIG_GIN_SIZE, limit=KNOCK_LIMIT
    )


def _gin(end: str, player: int, cards: Sequence[tuple[Card, ...]], rules: HouseRules) -> HandResult:
    """Gin or big gin: the bonus and the other's own deadwood; nothing is laid off, and
    gin is never undercut (G9)."""
    other = 1 - player
    big = end == BIG_GIN
    bonus = rules.big_gin_bonus if big else rules.gin_bonus
    theirs = arrange(cards[other])
    score = bonus + theirs.deadwood
    scores = tuple(score if seat == player else 0 for seat in range(PLAYERS))
    dead = tuple(0 if seat == player else theirs.deadwood for seat in range(PLAYERS))
    mine = arrange(cards[player])
    if big:
        # Translators: {melds} are the melds laid out ("7♠ 7♥ 7♦ · 8♠ 9♠ 10♠").
        opening = _("Seat {seat} goes big gin, all {big} cards melded: {melds}.")
    elif end == KNOCK:
        # Translators: {melds} are the melds laid out ("7♠ 7♥ 7♦ · 8♠ 9♠ 10♠").
        opening = _("Seat {seat} knocks with 0, which is gin: {melds}.")
    else:
        # Translators: {melds} are the melds laid out ("7♠ 7♥ 7♦ · 8♠ 9♠ 10♠").
        opening = _("Seat {seat} goes gin: {melds}.")
    if big:
        closing = _(
            # Translators: {defence} is what the other player makes of their cards ("Seat 1 melds J♠
            # J♦ J♣: 9 left (9♣)"), {bonus} the bonus, {deadwood} the other's deadwood.
            "{defence}; nothing is laid off on big gin. Seat {seat} scores {bonus} big gin "
            "bonus + {deadwood} = {score}."
        )
    else:
        closing = _(
            # Translators: {defence} is what the other player makes of their cards ("Seat 1 melds J♠
            # J♦ J♣: 9 left (9♣)"), {bonus} the bonus, {deadwood} the other's deadwood.
            "{defence}; nothing is laid off on gin. Seat {seat} scores {bonus} gin bonus + "
            "{deadwood} = {score}."
        )
    said = opening.format(seat=player, big=BIG_GIN_SIZE, melds=_melds(mine.melds))
    closed = closing.format(
        defence=_defence(other, theirs, ""),
        seat=player,
        bonus=bonus,
        deadwood=theirs.deadwood,
        score=score,
    )
    return HandResult(BIG_GIN if big else GIN, player, dead, scores, f"{said} {closed}")


def _knock(player: int, cards: Sequence[tuple[Card, ...]], rules: HouseRules) -> HandResult:
    """A knock with some deadwood K: the defender lays off onto the knocker's spread (G6,
    G7) down to D; K < D wins D − K, else the defender undercuts (G8)."""
    other = 1 - player
    knocker, defender = cards[player], cards[other]
    shown = spread.knock(spread.mask_of(knocker), spread.mask_of(defender))
    knocked = shown.knocker_deadwood
    left = shown.layoffs.deadwood
    # The knocker's melds in the order of their first card in hand, each with what the
    # defender laid off on it.
    position = {meld: at for at, meld in enumerate(_hand_order(shown.spread, knocker))}
    spread_laid = sorted(
        zip(shown.spread, shown.layoffs.laid, strict=True), key=lambda pair: position[pair[0]]
    )
    spread_cards = tuple(spread.in_order(meld, knocker) for meld, _ in spread_laid)
    melded = 0
    for meld in shown.spread:
        melded |= meld
    knocker_left = spread.in_order(spread.mask_of(knocker) & ~melded, knocker)
    laid = spread.in_order(shown.layoffs.cards, defender)
    kept = arrange(spread.in_order(spread.mask_of(defender) & ~shown.layoffs.cards, defender))
    onto = [
        (spread.in_order(laid_on, defender), meld)
        for (_, laid_on), meld in zip(spread_laid, spread_cards, strict=True)
        if laid_on
    ]
    if spread_cards:
        # Translators: {count} is the knocker's deadwood, {melds} the melds laid out ("7♠ 7♥ 7♦ · 8♠
        # 9♠ 10♠"), {cards} the deadwood's cards.
        opening = _("Seat {seat} knocks with {count}; melds {melds}, deadwood {cards}.")
    else:
        # Translators: {count} is the knocker's deadwood, {melds} the melds laid out ("7♠ 7♥ 7♦ · 8♠
        # 9♠ 10♠"), {cards} the deadwood's cards.
        opening = _("Seat {seat} knocks with {count}; melds nothing, deadwood {cards}.")
    opening = opening.format(
        seat=player, count=knocked, melds=_melds(spread_cards), cards=show(knocker_left)
    )
    defence = _defence(other, kept, _layoffs(onto))
    dead = tuple(knocked if seat == player else left for seat in range(PLAYERS))
    if knocked < left:
        score, winner, result = left - knocked, player, KNOCK
        # Translators: the knocker scores the difference: the other's count {left} less
        # the knocker's {knocked}.
        tally = _("Seat {seat} scores {left} − {knocked} = {score}.").format(
            seat=player, left=left, knocked=knocked, score=score
        )
    else:
        score, winner, result = knocked - left + rules.undercut_bonus, other, UNDERCUT
        if knocked == left:
            tally = _(
                # Translators: the other player undercuts the knocker: the knocker's count {knocked}
                # less their own {left}, with the bonus.
                "Seat {seat} undercuts, and equal counts undercut: {knocked} − {left} + {bonus} "
                "undercut bonus = {score}."
            )
        else:
            tally = _(
                # Translators: the other player undercuts the knocker: the knocker's count {knocked}
                # less their own {left}, with the bonus.
                "Seat {seat} undercuts: {knocked} − {left} + {bonus} undercut bonus = {score}."
            )
        tally = tally.format(
            seat=other, knocked=knocked, left=left, bonus=rules.undercut_bonus, score=score
        )
    scores = tuple(score if seat == winner else 0 for seat in range(PLAYERS))
    # Translators: a knock explained: {opening} is the knocker's sentence, {defence} what
    # the other player makes of their cards (a clause: "Seat 1 melds J♠ J♦ J♣: 9 left
    # (9♣)"), {tally} the score's sentence.
    explanation = _("{opening} {defence}. {tally}").format(
        opening=opening, defence=defence, tally=tally
    )
    if result == UNDERCUT:
        return HandResult(result, winner, dead, scores, explanation)
    return HandResult(result, winner, dead, scores, explanation, spread_cards, laid)


def _melds(melds: Sequence[Sequence[Card]]) -> str:
    """Melds as people lay them out, each by rank: "7♠ 7♥ 7♦ 7♣ · 8♠ 9♠ 10♠"."""
    laid = [show(sorted(meld, key=lambda card: spread.INDEX[card] % 13)) for meld in melds]
    # Translators: no meld at all.
    return " · ".join(laid) if laid else pgettext("no melds", "nothing")


def _layoffs(onto: Sequence[tuple[Sequence[Card], Sequence[Card]]]) -> str:
    """“6♠ on 7♠ 8♠ 9♠ and J♠ on the queens”."""
    said = []
    for cards, meld in onto:
        if len({card.rank for card in meld}) == 1:
            target = str(RANK_PLURALS[meld[0].rank])
        else:
            target = _melds([meld])
        said.append(
            # Translators: cards laid off on a meld: "6♠ on 7♠ 8♠ 9♠", "J♠ on the queens".
            _("{cards} on {meld}").format(
                cards=show(sorted(cards, key=spread.INDEX.__getitem__)), meld=target
            )
        )
    return together(said)


def _defence(seat: int, kept: Arrangement, layoffs: str) -> str:
    """What the other player makes of their cards: “Seat 1 melds J♠ J♦ J♣ and lays off 4♥
    on 5♥ 6♥ 7♥: 9 left (9♣)”."""
    if kept.melds and layoffs:
        # Translators: what the other player does with their cards after a knock or gin; {melds} are
        # their melds ("J♠ J♦ J♣ · 4♥ 5♥ 6♥"), {layoffs} the cards laid off on the knocker's ("4♥ on
        # 5♥ 6♥ 7♥").
        doing = _("melds {melds} and lays off {layoffs}")
    elif kept.melds:
        # Translators: what the other player does with their cards after a knock or gin; {melds} are
        # their melds ("J♠ J♦ J♣ · 4♥ 5♥ 6♥"), {layoffs} the cards laid off on the knocker's ("4♥ on
        # 5♥ 6♥ 7♥").
        doing = _("melds {melds}")
    elif layoffs:
        # Translators: what the other player does with their cards after a knock or gin; {melds} are
        # their melds ("J♠ J♦ J♣ · 4♥ 5♥ 6♥"), {layoffs} the cards laid off on the knocker's ("4♥ on
        # 5♥ 6♥ 7♥").
        doing = _("lays off {layoffs}")
    else:
        # Translators: what the other player does with their cards after a knock or gin; {melds} are
        # their melds ("J♠ J♦ J♣ · 4♥ 5♥ 6♥"), {layoffs} the cards laid off on the knocker's ("4♥ on
        # 5♥ 6♥ 7♥").
        doing = _("melds nothing")
    said = doing.format(melds=_melds(kept.melds), layoffs=layoffs)
    if kept.unmatched:
        # Translators: a clause (no full stop): {doing} is what the player does ("melds J♠ J♦ J♣"),
        # {count} their deadwood left and {cards} its cards ("9♣").
        clause = _("Seat {seat} {doing}: {count} left ({cards})")
    else:
        # Translators: a clause (no full stop): {doing} is what the player does ("melds J♠ J♦ J♣"),
        # {count} their deadwood left and {cards} its cards ("9♣").
        clause = _("Seat {seat} {doing}: {count} left")
    return clause.format(seat=seat, doing=said, count=kept.deadwood, cards=show(kept.unmatched))


# ---------------------------------------------------------------------------
# The game


def check_first_dealer(first_dealer: object) -> int:
    """`first_dealer` is a seat, 0 or 1 (§6)."""
    return check_seat(first_dealer, PLAYERS, "“first_dealer”")


def dealers(winners: Sequence[int | None], first_dealer: int = 0) -> tuple[int, ...]:
    """Who deals each hand, then who deals the next (G14): the winner of a hand deals the
    next one; after a dead hand the same dealer deals again."""
    dealt = [first_dealer]
    for winner in winners:
        dealt.append(dealt[-1] if winner is None else winner)
    return tuple(dealt)


def score_game(
    hands: Sequence[HandInput], rules: HouseRules = BOOK, first_dealer: object = 0
) -> GameResult:
    """Score hands in play order from zero totals, to the hand after which a total reaches
    the target (G11), then the end bonuses (§5.2): 100 to the winner, a box a hand won to
    each player (G12) and the shutout (G13), none of which counts toward the target.

    Validation: `first_dealer` (the request as a whole), then hand by hand with the full
    `score_hand` checks, the first error naming its hand ("Hand 2: …"); then
    `invalid_input` for a hand entered after the game was over (§5.4).
    """
    first = check_first_dealer(first_dealer)
    results = play_in_order(hands, lambda number, hand: score_hand(hand, rules))
    running = running_totals([result.hand_scores for result in results], PLAYERS)
    ended = next(
        (number for number, after in enumerate(running, start=1) if max(after) >= rules.target),
        None,
    )
    check_no_hand_after_end(ended, len(results))
    totals = list(running[-1]) if running else [0] * PLAYERS
    won = [sum(1 for result in results if result.winner == seat) for seat in range(PLAYERS)]
    dealt = dealers([result.winner for result in results], first)
    if ended is None:
        return GameResult(
            tuple(totals),
            tuple(won),
            False,
            None,
            None,
            None,
            dealt[-1],
            tuple(results),
            dealt,
            rules,
        )
    winner = totals.index(max(totals))
    shutout = won[1 - winner] == 0
    finals = [total + rules.box_bonus * won[seat] for seat, total in enumerate(totals)]
    finals[winner] += GAME_BONUS
    if shutout and rules.shutout == DOUBLE:
        finals[winner] *= 2
    elif shutout and rules.shutout == SECOND_GAME_BONUS:
        finals[winner] += GAME_BONUS
    return GameResult(
        tuple(totals),
        tuple(won),
        True,
        winner,
        tuple(finals),
        shutout,
        None,
        tuple(results),
        dealt,
        rules,
    )
