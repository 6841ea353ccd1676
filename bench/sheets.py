"""Printable sheets: how long a PDF takes, cold and from the cache.

Prints the median (p50) and p95 in milliseconds of, through the real views:
a cold blank sheet (parameters never asked for before), a repeated blank sheet (served
from the cache), a filled 8-player sheet of a finished game (cold: the game just
changed), and a repeated filled sheet. Run from the repository root:

    .venv/bin/python bench/sheets.py [--runs N]

It uses a throwaway SQLite database, so it never touches db.sqlite3.
"""

import argparse
import os
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

import django

# Seven rounds for eight players with two decks: each player makes each meld once.
EIGHT = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hal"]
# Seven melds with no card in common, so a round holds at most two copies of any card.
MELDS = [
    "2C",
    "3C 3D",
    "QS 10S 4H",
    "QD 8H 6C AC",
    "KH KD JH JS 9C",
    "AH 3H 5H 7S 9D JC",
    "5S 6H 7D 8C 9H KC 7H",
]


def rounds_for_eight() -> list[list[str]]:
    """Round r: player p makes meld (p + r) mod 7; at most two copies of a card per round."""
    return [[MELDS[(p + r) % 7] for p in range(len(EIGHT))] for r in range(7)]


def measure(label: str, runs: int, prepare, request) -> None:
    times = []
    for i in range(runs):
        prepare(i)
        start = time.perf_counter()
        response = request(i)
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, response.status_code
    p50 = statistics.median(times)
    p95 = statistics.quantiles(times, n=20)[18] if len(times) >= 2 else times[0]
    print(f"{label:<28} p50 {p50:8.2f} ms   p95 {p95:8.2f} ms   ({runs} runs)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    runs = parser.parse_args().runs

    with tempfile.TemporaryDirectory() as folder:
        os.environ.pop("DATABASE_URL", None)
        django.setup()
        from django.conf import settings

        settings.DATABASES["default"]["NAME"] = Path(folder) / "bench.sqlite3"
        settings.ALLOWED_HOSTS.append("testserver")
        from django.core.management import call_command
        from django.test import Client

        from games.models import Game

        call_command("migrate", verbosity=0)
        client = Client()
        game = Game.start(EIGHT, 2)
        for cards in rounds_for_eight():
            game.refresh_from_db()
            game.record_round(cards, uuid.uuid4(), game.version)
        game.refresh_from_db()
        assert game.is_finished

        # Warm the process once (imports, fonts), as a running server would be.
        client.get("/sheets/indian-chief/blank.pdf?players=5&paper=letter")

        names = [f"P{n}" for n in range(runs)]
        measure(
            "blank sheet, cold",
            runs,
            lambda i: None,
            lambda i: client.get(f"/sheets/indian-chief/blank.pdf?players=4&names={names[i]}"),
        )
        measure(
            "blank sheet, repeated",
            runs,
            lambda i: None,
            lambda i: client.get("/sheets/indian-chief/blank.pdf?players=4&names=P0"),
        )

        def change_game(i: int) -> None:
            # A new version of the game, as after an edit: the cached sheet no longer fits.
            Game.objects.filter(pk=game.pk).update(version=game.version + 1 + i)

        measure(
            "filled 8-player, cold",
            runs,
            change_game,
            lambda i: client.get(f"/games/{game.pk}/sheet.pdf"),
        )
        measure(
            "filled 8-player, repeated",
            runs,
            lambda i: None,
            lambda i: client.get(f"/games/{game.pk}/sheet.pdf"),
        )


if __name__ == "__main__":
    main()
