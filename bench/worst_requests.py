"""The worst requests: what one request can cost, through the scoring API and through
every page and endpoint that runs the rules.

The API: builds the heaviest requests the limits allow for each kind of endpoint, then
hill-climbs them as an attacker would: change one card of one seat, keep the change when
the request is still accepted and costs more CPU. Also times the refusals an attacker
would try: oversized bodies, other content types, huge numbers, too many hands or seats,
deep nesting, every card the same.

Prints, for every case, the CPU time of one request through the real view (thread CPU
time, the best of three runs to see past the machine's noise) and its status, then the
worst accepted and the worst refused request. Goals (hardening issue): every accepted
request under 1 s of CPU, every request refused by the limits under 10 ms.

The pages (bench/worst_pages.py): the largest games the limits allow
(bench/largest_games.py), stored as an import stores them, then every request that runs
the rules, for two parties: a visitor without an account (an import of the heaviest file
the form takes, its own largest game, blank sheets, the calculator, new games, a shared
game's live board) and a signed-in owner (their largest game, their history). Prints a
table of party, request, CPU ms cold and warm, status and size, then the worst of each
party against its goal: 1 s without an account, 3 s for an owner's own largest game. A
request that fails is a line of the table, not the end of the run.

Runs on the production settings against a throw-away database: a file in a temporary
directory, or with DATABASE_URL a new database on that PostgreSQL server, dropped after.
`--quick` measures smaller games (20 deals, an import of a few games) to check the bench
itself. Run from the repository root:

    .venv/bin/python bench/worst_requests.py [--quick] [--only api|pages] [--climb N]
        [--seed S] [--patience SECONDS]
"""

import argparse
import json
import logging
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import django
from django.test import Client
from largest_games import NATURALS, compact, crowded, deal
from shared import prepare, production_env, throwaway_database

from games.rules import forget
from games.rules.cards import RANKS

LIMIT = 64 * 1024
type Body = dict[str, object]


def cost(client: Client, path: str, raw: str, content_type: str = "application/json") -> tuple:
    """(best CPU seconds of three runs, status) of one POST through the real view, each
    run cold: an attacker sends hands the solver has not seen."""
    best, status = float("inf"), 0
    for _ in range(3):
        forget()
        start = time.thread_time()
        status = client.post(path, raw, content_type=content_type).status_code
        best = min(best, time.thread_time() - start)
    return best, status


# ---------------------------------------------------------------------------
# The heaviest accepted requests: as many hands and seats as the limits allow, each hand
# crowded with what keeps the meld solver busiest (jokers, wild cards, near neighbours).


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


def api(client: Client, climbing: int, rng: random.Random) -> None:
    worst_accepted = worst_refused = 0.0
    print(f"Heaviest accepted requests, after {climbing} climbing steps (CPU ms, status):")
    for label, (path, body) in heavy(rng).items():
        seconds, status = cost(client, path, compact(body))
        hands = len(body["hands"]) if path.endswith("/game") else 1
        if status != 200:
            # Refused by the CPU budget, not by a limit: it costs what the budget allows.
            print(f"  {label:<46} {seconds * 1000:8.1f} ms  {status}  ({hands} hands)")
            body = accepted(client, path, body)
        seconds, status = climb(client, path, body, climbing, rng)
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


def pages(args: argparse.Namespace, rng: random.Random) -> None:
    from worst_pages import GOALS, measure, owner_cases, visitor_cases

    from games.transfer.forms import MAX_IMPORT_BYTES

    # Quick: games of 20 deals, an import of a few of them, a history of ten games.
    hands, most_bytes, past = (20, 60_000, 10) if args.quick else (200, MAX_IMPORT_BYTES, 100)
    owner, shared = owner_cases(rng, hands, past)
    cases = [*visitor_cases(rng, hands, most_bytes, shared), *owner]
    print(f"\nPages and endpoints that run the rules ({'quick' if args.quick else 'full'}):")
    print(
        f"  {'party':<10} {'request':<44} {'cold ms':>9} {'warm ms':>9} {'runs':>4}  status  size"
    )
    worst: dict[str, tuple[float, str]] = {}
    refused: dict[str, list[str]] = {party: [] for party in GOALS}
    for case in cases:
        figure = measure(case, args.patience)
        shown = [
            f"{ms:9.0f}" if ms is not None else f"{'–':>9}"
            for ms in (figure.cold_ms, figure.warm_ms)
        ]
        # 503: stopped by the request's CPU budget, and said so; anything else not 2xx or
        # 3xx is a failure.
        if figure.status == "503":
            refused[case.party].append(case.label)
        failed = figure.status[:1] not in "23" and figure.status != "503"
        status = f"{figure.status}{' FAILED' if failed else ''}"
        print(
            f"  {case.party:<10} {case.label:<44} {shown[0]} {shown[1]} {figure.runs:>4}  "
            f"{status:<6}  {figure.size / 1024:.0f} KB",
            flush=True,
        )
        most = max(ms for ms in (figure.cold_ms, figure.warm_ms, 0.0) if ms is not None)
        if most >= worst.get(case.party, (0.0, ""))[0]:
            worst[case.party] = (most, case.label)
    for party, goal in GOALS.items():
        most, label = worst.get(party, (0.0, "nothing"))
        verdict = "within" if most <= goal else "OVER"
        print(f"Worst, {party:<10}: {most:8.0f} ms  {label} ({verdict} the goal of {goal} ms)")
        if refused[party]:
            print(f"  of which refused as too costly (503): {', '.join(refused[party])}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="smaller games, to check the bench")
    parser.add_argument("--only", choices=["api", "pages"], help="one section only")
    parser.add_argument("--climb", type=int, help="hill-climbing steps per API case (10; quick 0)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--patience", type=float, default=3.0, help="CPU s before no rerun")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as place, throwaway_database(Path(place)) as url:
        env = production_env(Path(place)) | {"DATABASE_URL": url}
        prepare(env)
        os.environ.update(env)
        django.setup()
        from django.conf import settings
        from django.db import connections

        from games.api import throttle

        logging.getLogger("django.request").setLevel(logging.CRITICAL)  # each refusal logs
        # What one request costs is measured here, not how many one address may send.
        throttle.MOST_REQUESTS = settings.CPU_SECONDS_A_MINUTE = 10**9
        database = "PostgreSQL" if url.startswith("postgres") else "SQLite"
        print(f"Database: {database} (a throw-away one); production settings")
        try:
            if args.only != "pages":
                climbing = args.climb if args.climb is not None else (0 if args.quick else 10)
                from worst_pages import browser

                api(browser(), climbing, rng)
            if args.only != "api":
                pages(args, rng)
        finally:
            connections.close_all()  # before the database is dropped


if __name__ == "__main__":
    main()
