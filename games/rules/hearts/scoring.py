"""Hearts (the Black Lady game): the penalty cards each player took, the moon, and a game
to a target where the lowest total wins.

Implements `shared/rules/hearts.md` (decisions HT1–HT7, options §6, validation §7) and the
Hearts parts of `shared/api.md` §7 (its JSON is read in `api.py`, the game at the table is
`kind.py`). A hand is a sum over the cards taken: no optimiser is needed. What matters is
the deck (the deuces removed for 3, 5 or 6 players), that every penalty card in play is
entered exactly once, and the moon test, made against the hearts *in play* (12 with six
players).

Card text is parsed here, so every caller gets the spec's validation order (§7):
`invalid_input`, `invalid_card`, `removed_card`, `duplicate_card`, `missing_point_cards`;
each step runs over the whole hand, seat by seat, before the next.

Decisions where the spec is silent:
- A seat's `taken` left out as `null` took nothing, as `[]` does: every trick is won by
  someone, so a seat with no cards simply took no trick worth entering.
- `missing_point_cards` names every penalty card nobody took, in deck order (hearts from
  the 2 up, then Q♠, then J♦), and blames no seat: the card may be anyone's.
- A card removed for the player count blames the seat that entered it, as a duplicate
  blames the seat whose copy is one too many.
- Cards that carry no points may be entered (a whole trick pile) and are validated like
  the rest, but never change a score nor the moon.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from games.rules.cards import RANKS, Card
from games.rules.errors import InvalidInput, RuleError
from games.rules.rummy_common import (
    Entered,
    check_copies,
    check_no_hand_after_end,
    check_player_count,
    check_same_players,
    leaders,
    parse_hands,
    play_in_order,
    running_totals,
)
from games.rules.text import gettext as _
from games.rules.text import ngettext, pgettext_lazy, together

# The game's name, told apart from the suit.
# Translators: a game's name: keep it as it is, in Latin script.
TITLE = pgettext_lazy("game title", "Hearts")
SLUG = "hearts"
MIN_PLAYERS = 3
MAX_PLAYERS = 6

QUEEN = Card("Q", "S")
JACK = Card("J", "D")
HEART_POINTS = 1
QUEEN_POINTS = 13
JACK_POINTS = -10

# HT2: the cards taken out so that the deck deals evenly (B for 3 and 5, F for 6).
REMOVED: dict[int, tuple[Card, ...]] = {
    3: (Card("2", "D"),),
    4: (),
    5: (Card("2", "D"), Card("2", "C")),
    6: (Card("2", "C"), Card("2", "D"), Card("2", "S"), Card("2", "H")),
}

ADD = "add"
SUBTRACT = "subtract"


class RemovedCard(RuleError):
    code = "removed_card"


class MissingPointCards(RuleError):
    code = "missing_point_cards"


@dataclass(frozen=True)
class HouseRules:
    """Hearts' options (§6), the book's values by default: the moon adds the hand's full
    points to everyone else or takes them off the shooter (`moon`); J♦ scores −10 to
    whoever took it (`jack_of_diamonds`); the game ends after the hand at whose end some
    total is `target` or more (HT6)."""

    moon: str = ADD
    jack_of_diamonds: bool = False
    target: int = 100


BOOK = HouseRules()


def removed(players: int) -> tuple[Card, ...]:
    """The cards out of the deck for this many players (HT2); none for a count Hearts
    is not played by."""
    return REMOVED.get(players, ())


def hearts_in_play(players: int) -> tuple[Card, ...]:
    """Every heart not removed, from the 2 up to the ace: 13, or 12 with six players."""
    out = set(removed(players))
    ranks = (*RANKS[1:], RANKS[0])
    return tuple(card for rank in ranks if (card := Card(rank, "H")) not in out)


def penalty_cards(players: int, rules: HouseRules = BOOK) -> tuple[Card, ...]:
    """The cards every hand must account for, each once (HT3): the hearts in play, Q♠,
    and J♦ under the option."""
    return (*hearts_in_play(players), QUEEN, *((JACK,) if rules.jack_of_diamonds else ()))


def full_points(players: int) -> int:
    """A hand's points: every heart in play and Q♠ (26; 25 with six players, HT2)."""
    return len(hearts_in_play(players)) * HEART_POINTS + QUEEN_POINTS


def value(card: Card, rules: HouseRules = BOOK) -> int:
    """A heart 1, Q♠ 13, J♦ −10 under the option, any other card 0 (§3.1)."""
    if card.suit == "H":
        return HEART_POINTS
    if card == QUEEN:
        return QUEEN_POINTS
    if card == JACK and rules.jack_of_diamonds:
        return JACK_POINTS
    return 0


def points(cards: Sequence[Card], rules: HouseRules = BOOK) -> int:
    return sum(value(card, rules) for card in cards)


def shot_the_moon(cards: Sequence[Card], players: int) -> bool:
    """HT4: the player took every heart in play and Q♠ (J♦ is not needed, HT5)."""
    return set(hearts_in_play(players)) | {QUEEN} <= set(cards)


def took(cards: Sequence[Card], rules: HouseRules = BOOK) -> str:
    """The penalty cards a player took, in words: "3 hearts and Q♠", "1 heart, Q♠ and
    J♦", "no points"."""
    hearts = sum(card.suit == "H" for card in cards)
    parts = (
        [ngettext("{count} heart", "{count} hearts", hearts).format(count=hearts)] if hearts else []
    )
    parts += [card.symbol for card in (QUEEN, JACK) if card in cards and value(card, rules)]
    # Translators: what a player took in tricks, when it was no heart, Q♠ nor J♦.
    return together(parts) if parts else _("no points")


@dataclass(frozen=True)
class HandInput:
    """One hand as entered (api.md §7.1): `taken[seat]` is the card text that seat took in
    tricks, not parsed yet (None: nothing)."""

    taken: tuple[Entered, ...]


@dataclass(frozen=True)
class HandResult:
    """`points` per seat (what their cards are worth), `moon` (the seat that shot it, or
    None) and `hand_scores` per seat (after the moon rule)."""

    points: tuple[int, ...]
    moon: int | None
    hand_scores: tuple[int, ...]
    explanation: str


@dataclass(frozen=True)
class GameResult:
    """api.md §7.2's `totals`, `game_over` and `winners` (the lowest totals once the game
    is over, else None). `hand_results` holds each hand's result in play order and
    `target` the total that ends the game, for the scoreboard; neither is part of the API
    answer."""

    totals: tuple[int, ...]
    game_over: bool
    winners: tuple[int, ...] | None
    hand_results: tuple[HandResult, ...] = ()
    target: int = BOOK.target


def parse_taken(taken: Sequence[Entered]) -> tuple[tuple[Card, ...], ...]:
    """Steps 2–4 of §7 over the whole hand: `invalid_card`, then `removed_card`, then
    `duplicate_card`, each seat by seat."""
    hands = tuple(cards or () for cards in parse_hands(taken, jokers=False))
    out = removed(len(hands))
    for seat, cards in enumerate(hands):
        for card in cards:
            if card in out:
                raise RemovedCard(removed_message(seat, card, len(hands)), seat)
    check_copies(list(enumerate(hands)), decks=1)
    return hands


def removed_message(seat: int, card: Card, players: int) -> str:
    """ "Seat 1's 2♦ is not in the deck: with 5 players 2♦ and 2♣ are taken out."."""
    out = removed(players)
    return ngettext(
        # Translators: keep “Seat {seat}” as written: the table shows the player's name in its
        # place. {card} is a card (2♦), {removed} the cards taken out ("2♦ and 2♣").
        "Seat {seat}'s {card} is not in the deck: with {players} players {removed} is taken out.",
        "Seat {seat}'s {card} is not in the deck: with {players} players {removed} are taken out.",
        len(out),
    ).format(
        seat=seat,
        card=card.symbol,
        players=players,
        removed=together([card.symbol for card in out]),
    )


def signed(number: int) -> str:
    """A score as people write it, with a true minus sign: "−10"."""
    return f"−{-number}" if number < 0 else str(number)


def check_every_penalty_card(hands: Sequence[Sequence[Card]], rules: HouseRules) -> None:
    """HT3: every penalty card in play was taken by someone (duplicates are caught
    before)."""
    entered = {card for cards in hands for card in cards}
    missing = [card for card in penalty_cards(len(hands), rules) if card not in entered]
    if missing:
        counted = together(
            [
                _("each heart in play"),
                *(card.symbol for card in (QUEEN, JACK) if value(card, rules)),
            ]
        )
        raise MissingPointCards(
            _(
                # Translators: {missing} are cards ("7♥ and Q♠"); {counted} is "each heart in play
                # and Q♠" (with J♦ when it counts).
                "Nobody took {missing}: every trick is won by someone, so {counted} must be "
                "entered once."
            ).format(missing=together([card.symbol for card in missing]), counted=counted)
        )


def score_hand(hand: HandInput, rules: HouseRules = BOOK) -> HandResult:
    """Score one hand: each player's points, then the moon rule (HT4, HT5).

    Validation order (§7):
    1. `invalid_input`: 3–6 players;
    2. `invalid_card`: any card text, a joker included, seat by seat;
    3. `removed_card`: a card taken out of the deck for this player count (HT2);
    4. `duplicate_card`: a card entered twice (one deck);
    5. `missing_point_cards`: a penalty card in play nobody took (HT3).
    """
    players = len(hand.taken)
    check_player_count(players, MIN_PLAYERS, MAX_PLAYERS, TITLE)
    hands = parse_taken(hand.taken)
    check_every_penalty_card(hands, rules)

    taken_points = tuple(points(cards, rules) for cards in hands)
    moon = next((seat for seat, cards in enumerate(hands) if shot_the_moon(cards, players)), None)
    jack = next((seat for seat, cards in enumerate(hands) if JACK in cards), None)
    full = full_points(players)
    if moon is None:
        scores = taken_points
    else:
        if rules.moon == SUBTRACT:
            base = [-full if seat == moon else 0 for seat in range(players)]
        else:
            base = [0 if seat == moon else full for seat in range(players)]
        if rules.jack_of_diamonds and jack is not None:
            base[jack] += JACK_POINTS
        scores = tuple(base)
    explanation = explain(hands, taken_points, moon, scores, rules)
    return HandResult(taken_points, moon, scores, explanation)


def explain(
    hands: Sequence[Sequence[Card]],
    taken_points: Sequence[int],
    moon: int | None,
    scores: Sequence[int],
    rules: HouseRules,
) -> str:
    """Who took what, and the moon by name: "Seat 0 took 5 hearts: 5; seat 1 took 2 hearts
    and Q♠: 15; …", or "Seat 2 shot the moon: everyone else scores 26. Seat 0 took J♦:
    26 − 10 = 16."."""
    players = len(hands)
    if moon is None:
        # Translators: keep “Seat {seat}” as written, here and below: the table shows the
        # player's name in its place. {cards} is what they took ("2 hearts and Q♠"), {points}
        # what it scores. The first clause of a hand's explanation, the others follow it.
        first = _("Seat {seat} took {cards}: {points}")
        # Translators: a clause after the first of a hand's explanation ("…; seat 1 took 2
        # hearts and Q♠: 15").
        then = _("seat {seat} took {cards}: {points}")
        each = [
            (then if seat else first).format(
                seat=seat, cards=took(cards, rules), points=signed(taken_points[seat])
            )
            for seat, cards in enumerate(hands)
        ]
        # Translators: the end of a sentence made of clauses ("Seat 0 took 5 hearts: 5; seat
        # 1 took Q♠: 13").
        return _("{clauses}.").format(clauses="; ".join(each))
    full = full_points(players)
    hearts = len(hearts_in_play(players))
    if rules.moon == SUBTRACT:
        said = _(
            "Seat {seat} shot the moon (all {hearts} hearts and Q♠): {points} off their own score."
        )
    else:
        said = _(
            "Seat {seat} shot the moon (all {hearts} hearts and Q♠): everyone else scores {points}."
        )
    said = said.format(seat=moon, hearts=hearts, points=full)
    jack = next((seat for seat, cards in enumerate(hands) if JACK in cards), None)
    if not rules.jack_of_diamonds or jack is None:
        return said
    before = scores[jack] - JACK_POINTS
    # Translators: J♦ taking 10 off a score: "Seat 0 took J♦: 26 − 10 = 16."
    took_jack = _("Seat {seat} took J♦: {before} − {minus} = {after}.").format(
        seat=jack, before=before, minus=-JACK_POINTS, after=signed(scores[jack])
    )
    return f"{said} {took_jack}"


def hand_that_ends(running: Sequence[Sequence[int]], target: int) -> int | None:
    """HT6: the 1-based hand at whose end some total is `target` or more, or None."""
    return next(
        (number for number, totals in enumerate(running, start=1) if max(totals) >= target),
        None,
    )


def check_target(target: object) -> None:
    if isinstance(target, bool) or not isinstance(target, int) or target < 1:
        raise InvalidInput(
            _("“target” must be a whole number of at least 1, not {value}.").format(
                value=repr(target)
            )
        )


def score_game(hands: Sequence[HandInput], rules: HouseRules = BOOK) -> GameResult:
    """Score hands in play order from zero totals to the target; the lowest total wins and
    players tied for it are joint winners, in seat order (HT7).

    Validation (api.md §7.2, as §3.4): the request as a whole (`invalid_input`: the
    target, every hand with the same number of players); then hand by hand with the full
    `score_hand` checks, the first error naming its hand ("Hand 2: …"); then
    `invalid_input` for a hand entered after the game was over (§4.3).
    """
    check_target(rules.target)
    players = check_same_players([len(hand.taken) for hand in hands], None)
    results = play_in_order(hands, lambda number, hand: score_hand(hand, rules))
    running = running_totals([result.hand_scores for result in results], players)
    totals = running[-1] if running else (0,) * players
    ended = hand_that_ends(running, rules.target)
    check_no_hand_after_end(ended, len(results))
    winners = leaders(totals, lowest=True) if ended is not None else None
    return GameResult(totals, ended is not None, winners, tuple(results), rules.target)
