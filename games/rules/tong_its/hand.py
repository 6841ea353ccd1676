"""Tong-Its: what a hand is, as the rules take and answer it (`shared/api.md` §3.3), with
the game's constants (`shared/rules/rummy-family.md` §1) and its house rules
(`shared/rules/house-rules.md` §2)."""

from dataclasses import dataclass

from games.rules.cards import Card
from games.rules.text import gettext_lazy

TITLE = gettext_lazy("Tong-Its")
SLUG = "tong-its"
MIN_PLAYERS = 3
MAX_PLAYERS = 3
MAX_HAND = 13

ANTE = 2
BASE_TONGIT = 3
BASE_CHALLENGED = 3
BASE_OTHER = 1
QUAD_BONUS = 3
NOT_OPENED_PENALTY = 1
FOLD_BASE_ONE = 1  # "fold … pay less" (H20)
OF_A_RANK = 4  # the cards of one rank in the one deck

TONGIT = "tongit"
DRAW = "draw"
STOCK_OUT = "stock_out"
CHALLENGED_DRAW = "challenged_draw"
ENDINGS = (TONGIT, DRAW, STOCK_OUT)
FOLD = "fold"
CHALLENGE = "challenge"


def decks_for(players: int = 3) -> int:
    """One 52-card deck, no jokers."""
    return 1


default_decks = decks_for


def value(card: Card) -> int:
    """A = 1, 2–10 their pips, J Q K = 10 (§0.5)."""
    return card.face_value


@dataclass(frozen=True)
class PlayerInput:
    """One seat at the end of a hand (api.md §3.3, Tong-Its `players[i]`), card text as
    entered.

    `hand` is the cards still held (None when not entered; needed only for the compared
    players and the winner); `meld_aces` the aces in melds this player exposed themselves,
    `meld_kings` the kings (read only where kings pay, H22); `face_down_quads` the ranks of
    concealed four-of-a-kinds laid face down.
    """

    opened: bool
    hand: tuple[str, ...] | None = None
    meld_aces: int = 0
    face_down_quads: tuple[str, ...] = ()
    meld_kings: int = 0


@dataclass(frozen=True)
class HouseRules:
    """Tong-Its's house rules (house-rules.md §2), the book's values by default.

    `fold_pays` "one": a folder in a challenged draw pays a base of 1, not 3 (H20);
    `pot_rule` "every_hand": every winner takes the whole pot, this hand's antes included,
    whoever won the hand before (H21); `ace_bonus_ranks` "A_K": the winner's bonus counts
    kings as well as aces (H22)."""

    fold_pays: str = "base"
    pot_rule: str = "hitter"
    ace_bonus_ranks: str = "A"

    @property
    def bonus_ranks(self) -> tuple[str, ...]:
        """The ranks of which each card the winner holds or melded pays 1 (§1.5, H22)."""
        return ("A", "K") if self.ace_bonus_ranks == "A_K" else ("A",)

    @property
    def kings_pay(self) -> bool:
        return "K" in self.bonus_ranks

    @property
    def pot_every_hand(self) -> bool:
        return self.pot_rule == "every_hand"

    def fold_base(self, base: int) -> int:
        """What a folder in a challenged draw pays as its base: the 3 everyone pays
        ([TI-folder-pays-full], §7 A1), or 1 (H20)."""
        return FOLD_BASE_ONE if self.fold_pays == "one" else base


BOOK = HouseRules()


@dataclass(frozen=True)
class StateBefore:
    """The game state a hand starts from: the pot before this hand's antes and the seat
    that won the previous hand (None for none)."""

    pot: int = 0
    previous_winner: int | None = None


@dataclass(frozen=True)
class HandInput:
    """One hand as entered (api.md §3.3, Tong-Its).

    `end` is "tongit", "draw" or "stock_out"; `caller` is used for tongit and draw,
    `last_drawer` for stock_out, `responses` (3 entries: None for the caller, "fold" or
    "challenge" for the others) for a draw only. Fields the end type does not use are
    ignored.
    """

    end: str
    players: tuple[PlayerInput, ...]
    caller: int | None = None
    last_drawer: int | None = None
    responses: tuple[str | None, ...] | None = None
    state_before: StateBefore = StateBefore()


@dataclass(frozen=True)
class HandResult:
    """api.md §3.3 Tong-Its output. `deadwood[seat]` is None for a seat not compared."""

    winner: int
    win_type: str
    deadwood: tuple[int | None, ...]
    payments: tuple[int, ...]
    chip_delta: tuple[int, ...]
    pot_after: int
    pot_awarded: int
    explanation: str

    @property
    def next_dealer(self) -> int:
        """The winner deals the next hand (§1.7)."""
        return self.winner

    @property
    def hand_scores(self) -> tuple[int, ...]:
        """The hand's score per seat, as every rummy-family game answers it: chips."""
        return self.chip_delta


@dataclass(frozen=True)
class GameResult:
    """api.md §3.4 for Tong-Its: net chips per seat, the pot left and hands won.

    Play is open-ended (§1.8): there is no last hand and no game winner; chips left in the
    pot stay unawarded. `hand_results` holds each hand's result in play order for the
    scoreboard, and `rules` the house rules it was scored by (the table says who takes
    the pot); neither is part of the API response.
    """

    totals: tuple[int, ...]
    pot: int
    hands_won: tuple[int, ...]
    hand_results: tuple[HandResult, ...] = ()
    rules: HouseRules = BOOK

    @property
    def game_over(self) -> bool:
        return False

    @property
    def winners(self) -> tuple[int, ...] | None:
        return None

    @property
    def previous_winner(self) -> int | None:
        return self.hand_results[-1].winner if self.hand_results else None
