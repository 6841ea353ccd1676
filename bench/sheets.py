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
from shared import MELDS

# Seven rounds for eight players with two decks: each player makes each meld once.
EIGHT = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hal"]


def rounds_for_eight() -> list[list[str]]:
    """Round r: player p makes meld (p + r) mod 7; at most two copies of a card per round."""
    return [[MELDS[(p + r) % 7] for p in range(len(EIGHT))] for r in range(7)]


def cpu_steal() -> tuple[int, int]:
    """(steal, total) jiffies of all CPUs so far: on a shared virtual machine the host may
    run someone else on our CPU, which stretches wall-clock figures."""
    fields = [int(n) for n in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    return fields[7], sum(fields)


def measure(label: str, runs: int, prepare, request) -> None:
    wall, cpu = [], []
    steal_before, total_before = cpu_steal()
    for i in range(runs):
        prepare(i)
        start, start_cpu = time.perf_counter(), time.process_time()
        response = request(i)
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
        assert response.status_code == 200, response.status_code
    steal_after, total_after = cpu_steal()
    stolen = 100 * (steal_after - steal_before) / max(1, total_after - total_before)
    p50 = statistics.median(wall)
    p95 = statistics.quantiles(wall, n=20)[18] if len(wall) >= 2 else wall[0]
    print(
        f"{label:<26} p50 {p50:7.2f} ms  p95 {p95:7.2f} ms  "
        f"CPU p50 {statistics.median(cpu):7.2f} ms  steal {stolen:4.1f}%  ({runs} runs)"
    )


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
        game = Game.objects.start(EIGHT, 2)
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
