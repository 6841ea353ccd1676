"""The scoring API's worst inputs: what one anonymous request can cost.

Builds the heaviest requests the limits allow for each kind of endpoint, then
hill-climbs them as an attacker would: change one card of one seat, keep the change when
the request is still accepted and costs more CPU. Also times the refusals an attacker
would try: oversized bodies, other content types, huge numbers, too many hands or seats,
deep nesting, every card the same.

Prints, for every case, the CPU time of one request through the real view (thread CPU
time, the best of three runs to see past the machine's noise) and its status, then the
worst accepted and the worst refused request. Goals (hardening issue): every accepted
request under 1 s of CPU, every request refused by the limits under 10 ms. Run from the
repository root:

    .venv/bin/python bench/worst_requests.py [--climb N] [--seed S]
"""

import argparse
import json
import logging
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

import django
from django.test import Client

from games.api import throttle
from games.rules.cards import RANKS, SUITS

LIMIT = 64 * 1024
NATURALS = [rank + suit for rank in RANKS for suit in SUITS]
type Body = dict[str, object]


def compact(body: object) -> str:
    return json.dumps(body, separators=(",", ":"))


def cost(client: Client, path: str, raw: str, content_type: str = "application/json") -> tuple:
    """(best CPU seconds of three runs, status) of one POST through the real view."""
    best, status = float("inf"), 0
    for _ in range(3):
        start = time.thread_time()
        status = client.post(path, raw, content_type=content_type).status_code
        best = min(best, time.thread_time() - start)
    return best, status


# ---------------------------------------------------------------------------
# The heaviest accepted requests: as many hands and seats as the limits allow, each hand
# crowded with what keeps the meld solver busiest (jokers, wild cards, near neighbours).


def crowded(rng: random.Random, seats: int, size: int, decks: int, wild: str, jokers: int) -> list:
    """One hand's seats, `size` cards each, within `decks` decks: seat 0 out (None)."""
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


def fill(make_hand: Callable[[], Body], wrap: Callable[[list], Body], most: int = 200) -> Body:
    """As many hands as fit in the body limit (and the 200-hand limit)."""
    hands: list = []
    while len(hands) < most and len(compact(wrap([*hands, make_hand()]))) <= LIMIT:
        hands.append(make_hand())
    return wrap(hands)


def heavy(rng: random.Random) -> dict[str, tuple[str, Body]]:
    wild = "7"
    return {
        "indian-rummy game, 8 seats, jokers and wilds": (
            "/api/indian-rummy/game",
            fill(
                lambda: {
                    "winner": 0,
                    "hands": crowded(rng, 8, 13, 4, wild, 1),
                    "settings": {"wild_rank": wild},
                },
                lambda hands: {"settings": {"decks": 4}, "hands": hands},
            ),
        ),
        "three-thirteen game, 16 seats, one suit": (
            "/api/three-thirteen/game",
            {
                "hands": [
                    {
                        "hand_number": number,
                        "went_out": 0,
                        "hands": crowded(rng, 16, number + 2, 8, RANKS[number + 1], 0),
                    }
                    for number in range(1, 12)
                ]
            },
        ),
        "tong-its game, 200 hands": (
            "/api/tong-its/game",
            fill(
                lambda: {
                    "end": "draw",
                    "caller": 0,
                    "responses": [None, "challenge", "challenge"],
                    "players": [{"opened": True, "hand": hand} for hand in deal(rng, 3, 12)],
                },
                lambda hands: {"hands": hands},
            ),
        ),
        "rummy game, 6 seats, 200 hands": (
            "/api/rummy/game",
            fill(
                lambda: {"winner": 0, "hands": [[], *deal(rng, 5, 7)]},
                lambda hands: {"hands": hands},
            ),
        ),
        "indian-rummy hand, 8 seats": (
            "/api/indian-rummy/hand",
            {"winner": 0, "hands": crowded(rng, 8, 13, 4, wild, 1), "settings": {"decks": 4}},
        ),
    }


def accepted(client: Client, path: str, body: Body) -> Body:
    """The longest run of the game's first hands that the CPU budget still accepts."""
    while "hands" in body and cost(client, path, compact(body))[1] != 200:
        body = body | {"hands": body["hands"][: len(body["hands"]) * 9 // 10]}
    return body


def climb(client: Client, path: str, body: Body, rounds: int, rng: random.Random) -> tuple:
    """Change one card at a time, keeping what is still accepted and costs more."""
    best_cost, status = cost(client, path, compact(body))
    for _ in range(rounds):
        trial = json.loads(json.dumps(body))
        hand = rng.choice(trial["hands"]) if path.endswith("/game") else trial
        seats = hand["hands"] if "hands" in hand else [p.get("hand") for p in hand["players"]]
        cards = rng.choice([seat for seat in seats if seat])
        cards[rng.randrange(len(cards))] = rng.choice([*NATURALS, "JK"])
        raw = compact(trial)
        if len(raw) > LIMIT:
            continue
        seconds, trial_status = cost(client, path, raw)
        if trial_status == 200 and seconds > best_cost:
            body, best_cost, status = trial, seconds, trial_status
    return best_cost, status


# ---------------------------------------------------------------------------
# Refusals: what an attacker sends to make the server work for nothing.


def refusals() -> dict[str, tuple[str, str, str]]:
    over = '{"cards":["KS"],"pad":"' + "x" * LIMIT + '"}'
    one_card = compact({"cards": ["KS"] * ((LIMIT - 20) // 5)})
    return {
        "2 MB body": ("/api/indian-chief/meld", "application/json", over * 30),
        "64 KB + 1 body": ("/api/indian-chief/meld", "application/json", over[: LIMIT + 1]),
        "text/plain body": ("/api/tong-its/hand", "text/plain", '{"players":[]}'),
        "4,300-digit pot": (
            "/api/tong-its/hand",
            "application/json",
            '{"state_before":{"pot":' + "9" * 4300 + "}}",
        ),
        "201 hands": ("/api/rummy/game", "application/json", compact({"hands": [{}] * 201})),
        "17 seats": (
            "/api/three-thirteen/hand",
            "application/json",
            compact({"hand_number": 1, "went_out": 0, "hands": [None] * 17}),
        ),
        "64 KB of one card (carousel)": (
            "/api/carousel/deadwood",
            "application/json",
            one_card[:-30] + '"],"context":{"players":5}}',
        ),
        "64 KB of one card (meld)": ("/api/indian-chief/meld", "application/json", one_card),
        "deep nesting": ("/api/rummy/game", "application/json", "[" * 30_000 + "]" * 30_000),
        "1,500 Indian Chief players": (
            "/api/indian-chief/round",
            "application/json",
            compact({"players": [{"name": f"P{i}", "cards": ["KS"]} for i in range(1500)]}),
        ),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--climb", type=int, default=40, help="hill-climbing steps per case")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    django.setup()
    logging.getLogger("django.request").setLevel(logging.CRITICAL)  # each refusal logs
    # What one request costs is measured here, not how many one address may send.
    throttle.MOST_REQUESTS = throttle.MOST_CPU_MS = 10**9
    client = Client(SERVER_NAME="localhost")

    worst_accepted = worst_refused = 0.0
    print(f"Heaviest accepted requests, after {args.climb} climbing steps (CPU ms, status):")
    for label, (path, body) in heavy(rng).items():
        seconds, status = cost(client, path, compact(body))
        hands = len(body["hands"]) if path.endswith("/game") else 1
        if status != 200:
            # Refused by the CPU budget, not by a limit: it costs what the budget allows.
            print(f"  {label:<46} {seconds * 1000:8.1f} ms  {status}  ({hands} hands)")
            body = accepted(client, path, body)
        seconds, status = climb(client, path, body, args.climb, rng)
        size = len(compact(body)) / 1024
        hands = len(body["hands"]) if path.endswith("/game") else 1
        shown = f"{hands} hands, " if path.endswith("/game") else ""
        print(f"  {label:<46} {seconds * 1000:8.1f} ms  {status}  ({shown}{size:.0f} KB)")
        worst_accepted = max(worst_accepted, seconds)
    print("Refused requests (CPU ms, status):")
    for label, (path, content_type, raw) in refusals().items():
        seconds, status = cost(client, path, raw, content_type)
        print(f"  {label:<46} {seconds * 1000:8.1f} ms  {status}")
        worst_refused = max(worst_refused, seconds)
    print(f"Worst accepted: {worst_accepted * 1000:.0f} ms (goal under 1000 ms)")
    print(f"Worst refused:  {worst_refused * 1000:.1f} ms (goal under 10 ms)")


if __name__ == "__main__":
    main()
