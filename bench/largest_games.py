"""The largest games the limits allow, of each kind where its scoring and its pages are
heaviest, as games of an export file (the format is in games/transfer/exporting.py).

Every game is in progress, so that its owner can go on saving hands. Built from a seeded
random generator: the same seed gives the same games.
"""

import json
import random
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from shared import MELDS

from games.rules import KINDS
from games.rules.budget import MAX_HANDS
from games.rules.cards import RANKS, SUITS
from games.rules.kind import Played, Table
from games.rules.settings import BOOK, PRESET

NATURALS = [rank + suit for rank in RANKS for suit in SUITS]
EVENING = datetime(2026, 11, 1, 19, tzinfo=UTC)
type Game = dict[str, object]
type Round = tuple[list[list[str]], dict[str, object]]


def compact(body: object) -> str:
    return json.dumps(body, separators=(",", ":"))


def crowded(rng: random.Random, seats: int, size: int, decks: int, wild: str, jokers: int) -> list:
    """One hand's seats, `size` cards each, within `decks` decks: seat 0 out (None). Each
    hand is crowded with what keeps the meld solver busiest: jokers, wild cards and near
    neighbours of one suit."""
    left = Counter({card: decks for card in NATURALS if not card.startswith(wild)})
    wilds = [wild + suit for suit in SUITS] * decks
    rng.shuffle(wilds)
    hands: list = [None]
    for seat in range(1, seats):
        suit = SUITS[seat % 4]
        low = rng.randint(0, len(RANKS) - 7)
        near = [rank + suit for rank in RANKS[low : low + 7] if rank != wild]
        hand = ["JK"] * jokers + [wilds.pop() for _ in range(min(2, len(wilds)))]
        while len(hand) < size:
            pool = [card for card in near if left[card]] or [c for c in left if left[c]]
            card = rng.choice(pool)
            left[card] -= 1
            hand.append(card)
        hands.append(hand)
    return hands


def deal(rng: random.Random, seats: int, size: int) -> list[list[str]]:
    """`size` cards to each of `seats` seats from one shuffled deck."""
    dealt = rng.sample(NATURALS, seats * size)
    return [dealt[seat * size : (seat + 1) * size] for seat in range(seats)]


def game(kind: str, players: int, rounds: list[Round], settings: dict | None = None) -> Game:
    """A game of the export format, in progress, with the decks and the settings stored
    for the `settings` chosen at its start."""
    names = [f"Player {seat + 1}" for seat in range(players)]
    decks, stored = KINDS[kind].start(players, settings or {})
    return {
        "kind": kind,
        "decks": decks,
        "settings": stored,
        "note": "",
        "created_at": EVENING.isoformat(),
        "finished": False,
        "finished_at": None,
        "abandoned_at": None,
        "paper": False,
        "players": names,
        "rounds": [
            {"number": number, "cards": cards, "details": details, "steals": []}
            for number, (cards, details) in enumerate(rounds, start=1)
        ],
    }


def indian_rummy(rng: random.Random, hands: int) -> Game:
    """Eight seats, four decks, every deal crowded with jokers and wild cards."""
    wild = "7"
    rounds = [
        ([seat or [] for seat in crowded(rng, 8, 13, 4, wild, 1)], {"winner": 0, "wild_rank": wild})
        for _ in range(hands)
    ]
    return game("indian-rummy", 8, rounds, {"decks": 4})


def three_thirteen(rng: random.Random, hands: int) -> Game:
    """Eight seats (the most a table seats), four decks, every hand crowded in its wild rank."""
    rounds = [
        (
            [seat or [] for seat in crowded(rng, 8, number + 2, 4, RANKS[number + 1], 0)],
            {"went_out": 0},
        )
        for number in range(1, min(hands, KINDS["three-thirteen"].rounds or hands) + 1)
    ]
    return game("three-thirteen", 8, rounds)


def tong_its(rng: random.Random, hands: int) -> Game:
    """Three seats, every hand a draw that both others challenge."""
    answers = {"end": "draw", "caller": 0} | {
        f"{question}_{seat}": answer
        for seat in (1, 2)
        for question, answer in (("opened", True), ("response", "challenge"))
    }
    return game("tong-its", 3, [(deal(rng, 3, 12), answers) for _ in range(hands)])


def rummy(rng: random.Random, hands: int) -> Game:
    """Six seats, the winner out, each other seat holding seven cards."""
    return game("rummy", 6, [([[], *deal(rng, 5, 7)], {"winner": 0}) for _ in range(hands)])


def indian_chief(rng: random.Random, hands: int) -> Game:
    """Ten players on three decks, all seven rounds: each makes each meld once."""
    rounds = [
        ([MELDS[(seat + number) % 7].split() for seat in range(10)], {})
        for number in range(min(hands, KINDS["indian-chief"].rounds or hands))
    ]
    return game("indian-chief", 10, rounds, {PRESET: BOOK.key, "decks": 3})


def hearts(rng: random.Random, hands: int) -> Game:
    """Six seats playing to a score nobody reaches: the penalty cards of each hand shared
    out among them at random (never all to one, which would shoot the moon)."""
    table = Table(tuple(f"P{seat}" for seat in range(6)), 1, {})
    counted = KINDS["hearts"].counted(table)
    rounds = []
    for _ in range(hands):
        taken: list[list[str]] = [[] for _ in range(6)]
        for card in counted:
            taken[rng.randrange(6)].append(card)
        if max(map(len, taken)) == len(counted):
            taken[(taken.index(max(taken, key=len)) + 1) % 6].append(taken[0].pop())
        rounds.append((taken, {}))
    return game("hearts", 6, rounds, {"target": 999_999_999})


def cribbage(rng: random.Random, hands: int) -> Game:
    """Two seats to 121 (the fewest points a hand), as long as such a game lasts: each
    hand the deal that scores least of a few random ones (no pegging), until the next
    would end the game."""
    table = Table(("P1", "P2"), 1, {})
    rules = KINDS["cribbage"]

    def points(hand: Played) -> int:
        # What a hand scores in all does not depend on who deals it.
        return sum(rules.standings(table, [hand], ended=False).totals)

    rounds: list[Round] = []
    played: list[Played] = []
    while len(rounds) < hands:
        deals = [rng.sample(NATURALS, 13) for _ in range(40)]
        candidates = [
            Played(
                (" ".join(dealt[:4]), " ".join(dealt[4:8])),
                {"crib": " ".join(dealt[8:12]), "starter": dealt[12]},
                (),
            )
            for dealt in deals
        ]
        best = min(candidates, key=points)
        if rules.standings(table, [*played, best], ended=False).winners is not None:
            break
        played.append(best)
        rounds.append(([cards.split() for cards in best.cards], dict(best.details)))
    return game("cribbage", 2, rounds)


# Each kind's heaviest game, by its number of hands at most.
LARGEST: dict[str, Callable[[random.Random, int], Game]] = {
    "indian-rummy": indian_rummy,
    "three-thirteen": three_thirteen,
    "tong-its": tong_its,
    "rummy": rummy,
    "indian-chief": indian_chief,
    "hearts": hearts,
    "cribbage": cribbage,
}


def largest(kind: str, rng: random.Random, hands: int = MAX_HANDS) -> Game:
    return LARGEST[kind](rng, hands)


def document(games: list[Game]) -> dict[str, object]:
    """An export file of these games, each started a minute after the one before, so that
    none is taken for another's copy."""
    return {
        "format": "scorekeeper-games",
        "version": 1,
        "games": [
            one | {"created_at": (EVENING + timedelta(minutes=number)).isoformat()}
            for number, one in enumerate(games)
        ],
    }
