"""Tiny hand-written factories for saved games, and the Indian Chief games the tests of
every folder play: each round's cards with its scores, worked out by hand from
`shared/rules/indian-chief.md`.
"""

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.models import Game, Hand, Player, Round, Seat, Steal
from games.rules.board import StealTurn
from games.rules.kind import Standings


def make_game(names: Sequence[str] = ("Ann", "Ben", "Cleo"), **kwargs: Any) -> Game:
    """A game with these players seated in order (joining its owner's roster as needed)."""
    kwargs.setdefault("decks", 1 if len(names) <= 3 else 2)
    game = Game.objects.create(**kwargs)
    for position, name in enumerate(names):
        player = Player.objects.seat(name, game.owner, game.browser)
        Seat.objects.create(game=game, player=player, position=position)
    return game


def add_round(
    game: Game,
    cards: dict[str, str],
    steals: Sequence[tuple[str, str | None, str]] = (),
    details: dict[str, Any] | None = None,
) -> Round:
    """Record a round: each player's cards as space-separated text, then the steals in order.

    A steal is (thief, victim, card); a victim of None with an empty card is a pass.
    `details` is what a rummy-family hand says beside the cards (who went out…).
    """
    seats = {seat.player.name: seat for seat in game.seats.select_related("player")}
    played = Round.objects.create(game=game, number=game.rounds.count() + 1, details=details or {})
    for name, text in cards.items():
        Hand.objects.create(round=played, seat=seats[name], cards=text)
    for order, (thief, victim, card) in enumerate(steals):
        Steal.objects.create(
            round=played,
            order=order,
            thief=seats[thief],
            victim=None if victim is None else seats[victim],
            card=card,
        )
    return played


def round_scores(standings: Standings) -> list[dict[str, int]]:
    """Each round's scores by player name."""
    return [dict(zip(standings.players, row.scores, strict=True)) for row in standings.rows]


def totals_by_name(standings: Standings) -> dict[str, int]:
    return dict(zip(standings.players, standings.totals, strict=True))


@dataclass(frozen=True)
class NamedRound:
    """A scored round as the tests read it: scores by name, and the steals after it."""

    scores: dict[str, int]
    steals: StealTurn | None


def named_rounds(standings: Standings) -> list[NamedRound]:
    return [
        NamedRound(dict(zip(standings.players, row.scores, strict=True)), row.steals)
        for row in standings.rows
    ]


# Ann and Ben, one deck, seven rounds: each makes each meld once. Ann wins 70 to 49.
WIN_ROUNDS = [
    # Ann: Beggar Man 7♥ 7♣ against Ben's 7♠ = 1 × 2 = 2.  Ben: Poor Man 7♠ 5♠ = 12.
    (["7H 7C", "7S 5S 3D"], {"Ann": 2, "Ben": 12}),
    # Ann: Poor Man Q♠ 10♠ = 20 (3♥ is no spade).  Ben: Thief 9♦ = 9.
    (["QS 10S 3H", "9D"], {"Ann": 20, "Ben": 9}),
    # Ann: Lawyer 10 + 8 + 6 + 1 = 25.  Ben: Beggar Man 2♣ 4♦, no 2 or 4 on the table = 0.
    (["QD 8H 6C AC", "2C 4D"], {"Ann": 25, "Ben": 0}),
    # Ann: Rich Man −(10 + 10 + 10 + 10 + 9) = −49.  Ben: Lawyer 10 + 9 + 2 + 1 = 22 → 0.
    (["KH KD QH JS 9C", "KS 9S 2D AH"], {"Ann": -49, "Ben": 0}),
    # Ann: Doctor, six ranks with A♥, three hearts = 30.  Ben: Doctor without an ace = 0.
    (["AH 3H 5H 7S 9D JC", "2H 4S 6D 8C 10H QC"], {"Ann": 30, "Ben": 0}),
    # Ann: straight 5–9 (25) + baccarat K♣ 7♥ = 17 → 7: 32.
    # Ben: spade flush 2 3 4 6 J (30) + baccarat 9♦ K♦ = 19 → 9: 39.
    (["5S 6H 7D 8C 9H KC 7H", "2S 3S 4S 6S JS 9D KD"], {"Ann": 32, "Ben": 39}),
    # Ann: Thief K♣ = 10.  Ben: Rich Man −(1 + 2 + 3 + 1 + 4) = −11.
    (["KC", "AS 2H 3C AD 4S"], {"Ann": 10, "Ben": -11}),
]
WIN_TOTALS = {"Ann": 70, "Ben": 49}

# The same melds made with mirrored cards, so both end on 72: a shared win.
TIE_ROUNDS = [
    # Thief K♣ = 10 and Thief Q♠ = 10.
    (["KC", "QS"], {"Ann": 10, "Ben": 10}),
    # Each Beggar Man matches the other's two sevens: 2 × 2 = 4 each.
    (["7H 7C", "7S 7D"], {"Ann": 4, "Ben": 4}),
    # Poor Man Q♠ 10♠ = 20 and K♠ J♠ = 20.
    (["QS 10S 3H", "KS JS 2H"], {"Ann": 20, "Ben": 20}),
    # Lawyer 10 + 8 + 6 + 1 = 25, twice.
    (["QD 8H 6C AC", "KD 8S 6D AD"], {"Ann": 25, "Ben": 25}),
    # Rich Man −49 twice: K K Q J 9 and Q J 10 9 10.
    (["KH KD QH JS 9C", "QC JC 10C 9S 10D"], {"Ann": -49, "Ben": -49}),
    # Doctor with three hearts, twice: A♥ 3♥ 5♥ … and A♠ 2♥ 4♥ 6♥ … = 30 each.
    (["AH 3H 5H 7S 9D JC", "AS 2H 4H 6H 8C 10D"], {"Ann": 30, "Ben": 30}),
    # Indian Chief: straight 5–9 (25) + K and 7 (17 → 7) = 32, twice.
    (["5S 6H 7D 8C 9H KC 7H", "5C 6D 7S 8H 9D KS 7C"], {"Ann": 32, "Ben": 32}),
]
TIE_TOTAL = 72

# Four players, two decks: two Thieves, a Beggar Man who matches both and a Poor Man.
#   Ann: Thief 3♣ = 3.   Ben: Thief K♦ = 10.
#   Cleo: Beggar Man K♠ 3♥ matches 3♣ (Ann), K♦ (Ben) and 3♠ (Dan): 3 × 2 = 6.
#   Dan: Poor Man Q♠ 8♠ 3♠ = 10 + 8 + 3 = 21.
# Steal order: Ann (3) before Ben (K).
THIEVES_ROUND = ["3C", "KD", "KS 3H", "QS 8S 3S"]
THIEVES_SCORES = {"Ann": 3, "Ben": 10, "Cleo": 6, "Dan": 21}

# Two Thieves of the same rank: a tie.
#   Ann: Thief 7♥ = 7.   Ben: Thief 7♠ = 7.
#   Cleo: Beggar Man 7♣ 9♣ matches 7♥, 7♠ and Dan's 9♦: 3 × 2 = 6.
#   Dan: Lawyer 10 + 9 + 5 + 1 = 25.
TIED_THIEVES_ROUND = ["7H", "7S", "7C 9C", "KD 9D 5S AH"]
TIED_THIEVES_SCORES = {"Ann": 7, "Ben": 7, "Cleo": 6, "Dan": 25}

FOUR = ["Ann", "Ben", "Cleo", "Dan"]


# A three-player round without Thieves, one deck:
#   Ann: Beggar Man K♥ K♣ matches Ben's K♠: 1 × 2 = 2.
#   Ben: Poor Man K♠ 9♠ 2♦ = 10 + 9 = 19.
#   Cleo: Lawyer Q♦ 8♥ 6♣ A♣ = 10 + 8 + 6 + 1 = 25.
TRIO_ROUND = ["KH KC", "KS 9S 2D", "QD 8H 6C AC"]
TRIO_SCORES = {"Ann": ("Beggar Man", 2), "Ben": ("Poor Man", 19), "Cleo": ("Lawyer", 25)}
# Another round for the same three, with none of those melds again:
#   Ann: Poor Man Q♠ 8♠ 3♠ = 10 + 8 + 3 = 21.
#   Ben: Beggar Man 7♥ 7♣ matches Cleo's 7♠: 1 × 2 = 2.
#   Cleo: Doctor A♥ 3♥ 5♥ 7♠ 9♦ J♣, six ranks, a heart and an ace, three hearts = 30.
TRIO_NEXT = ["QS 8S 3S", "7H 7C", "AH 3H 5H 7S 9D JC"]
TRIO_NEXT_SCORES = {"Ann": ("Poor Man", 21), "Ben": ("Beggar Man", 2), "Cleo": ("Doctor", 30)}
TRIO = ["Ann", "Ben", "Cleo"]


def fresh(game: Game) -> Game:
    return Game.objects.get(pk=game.pk)


def play(game: Game, cards: list[str], token: uuid.UUID | None = None) -> Round:
    """Save the next round as a device that has seen the game's latest version."""
    return fresh(game).record_round(cards, token or uuid.uuid4(), fresh(game).version)


def new_game(kind: str, names: Sequence[str], chosen: dict[str, Any] | None = None) -> Game:
    """A new game of `kind` for these players, with the settings the rules give for what
    the table chose (`chosen`: house rules), or for nothing, as the new-game page's
    defaults do."""
    from games.rules import KINDS

    decks, settings = KINDS[kind].start(len(names), chosen or {})
    return Game.objects.start(list(names), decks, kind=kind, settings=settings)


def seat(game: Game, name: str) -> Seat:
    """The seat of the player called `name` (a steal's thief or victim)."""
    return game.seats.get(player__name=name)


def start(names, decks=None, rounds=()) -> Game:
    """An Indian Chief game for `names` (the decks their count gives), these rounds saved."""
    game = Game.objects.start(names, decks or (1 if len(names) <= 3 else 2))
    for cards in rounds:
        play(game, cards)
    return fresh(game)
