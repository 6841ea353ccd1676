"""Printable sheets: how long a PDF takes, cold and from the cache, and in Hindi.

Prints the median (p50) and p95 in milliseconds of, through the real views:
a cold blank sheet (parameters never asked for before), a repeated blank sheet (served
from the cache), a filled 8-player sheet of a finished game (cold: the game just
changed), and a repeated filled sheet.

Then the same game's sheets in English and in Hindi, side by side: a cold blank Indian
Rummy sheet for 4 players and the cold filled sheet of a 4-player Indian Rummy game of 16
hands (a full page; a cold one scores the game again too, as its scores, which carry
sentences, are kept per language), each language asked for in turn, run after run, so
that both meet the same load. It prints each one's median wall-clock and CPU time and the
ratio of Hindi's to English's; the target is 1.2 at most (Devanagari is shaped by
HarfBuzz and set in a second font, Noto Sans Devanagari). Hindi is measured as translated
only with its catalogue compiled (locale/hi/LC_MESSAGES/django.mo); without it the script
says so. Run from the repository root:

    .venv/bin/python bench/sheets.py [--runs N]

It uses a throwaway SQLite database, so it never touches db.sqlite3.
"""

import argparse
import os
import random
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


LANGUAGES = ("en", "hi")
FOUR = ["Ann", "Ben", "Cleo", "Dan"]


def indian_rummy_hands(hands: int) -> list[tuple[list[str], dict[str, object]]]:
    """Four seats' hands of Indian Rummy, two decks: each hand, one player declares
    (their seat left empty) and the others show 13 cards dealt from a shuffled pair of
    decks, always the same ones."""
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    decks = [rank + suit for rank in ranks for suit in "CDHS"] * 2
    rng = random.Random(26)
    played = []
    for number in range(hands):
        rng.shuffle(decks)
        winner = number % len(FOUR)
        dealt = iter(range(0, 13 * len(FOUR), 13))
        cards = ["" if seat == winner else " ".join(decks[next(dealt) :][:13]) for seat in range(4)]
        played.append((cards, {"winner": winner}))
    return played


def visitor(i: int, language: str) -> str:
    """An address of its own for each request of the side-by-side runs, as phones at
    different tables have: they would spend one address's CPU allowance (games/limits.py)
    within the minute."""
    return f"10.26.{i}.{LANGUAGES.index(language) + 1}"


def side_by_side(label: str, runs: int, prepare, request) -> None:
    """English and Hindi in turn, run after run (which goes first alternates): each
    one's median wall-clock and CPU time, and Hindi's over English's. On a shared machine
    the CPU time is the steadier of the two."""
    wall: dict[str, list[float]] = {language: [] for language in LANGUAGES}
    cpu: dict[str, list[float]] = {language: [] for language in LANGUAGES}
    for i in range(runs):
        for language in LANGUAGES if i % 2 == 0 else reversed(LANGUAGES):
            prepare(i, language)
            start, start_cpu = time.perf_counter(), time.process_time()
            response = request(i, language)
            wall[language].append((time.perf_counter() - start) * 1000)
            cpu[language].append((time.process_time() - start_cpu) * 1000)
            assert response.status_code == 200, response.status_code
    for what, times in (("wall", wall), ("CPU", cpu)):
        english, hindi = (statistics.median(times[language]) for language in LANGUAGES)
        print(
            f"{label + ', ' + what:<32} English p50 {english:7.2f} ms  Hindi p50 {hindi:7.2f} ms"
            f"  Hindi/English {hindi / english:4.2f}  ({runs} runs each)"
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

        # The same game in English and in Hindi.
        from django.utils import translation

        from games.rules import KINDS

        with translation.override("hi"):
            translated = translation.gettext("How each hand was scored") != (
                "How each hand was scored"
            )
        if not translated:
            print("No compiled Hindi catalogue: the Hindi sheets below come out in English.")
        decks, settings_ = KINDS["indian-rummy"].start(len(FOUR), {})
        rummy = Game.objects.start(FOUR, decks, kind="indian-rummy", settings=settings_)
        for cards, details in indian_rummy_hands(16):
            rummy.refresh_from_db()
            rummy.record_round(cards, uuid.uuid4(), rummy.version, details)
        rummy.refresh_from_db()
        for language in LANGUAGES:  # warm each language once, as a running server would be
            client.get("/sheets/indian-rummy/blank.pdf?players=5", HTTP_ACCEPT_LANGUAGE=language)
        side_by_side(
            "Indian Rummy blank, cold",
            runs,
            lambda i, language: None,
            lambda i, language: client.get(
                f"/sheets/indian-rummy/blank.pdf?players=4&names={names[i]}",
                HTTP_ACCEPT_LANGUAGE=language,
                REMOTE_ADDR=visitor(i, language),
            ),
        )
        versions = iter(range(rummy.version + 1, rummy.version + 1 + 2 * runs))

        def change_rummy(i: int, language: str) -> None:
            Game.objects.filter(pk=rummy.pk).update(version=next(versions))

        side_by_side(
            "Indian Rummy filled, cold",
            runs,
            change_rummy,
            lambda i, language: client.get(
                f"/games/{rummy.pk}/sheet.pdf",
                HTTP_ACCEPT_LANGUAGE=language,
                REMOTE_ADDR=visitor(i, language),
            ),
        )


if __name__ == "__main__":
    main()
