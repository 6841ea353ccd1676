"""The largest games the app takes: what each of their pages costs an owner, cold.

Builds the largest valid games (every seat taken; 200 hands where a game has no end of
its own, each Indian Rummy hand crowded with jokers and wild cards as
`bench/worst_requests.py` crowds the API's; Three Thirteen's eleven hands for eight; a
Tong-Its table of 200 hands), then times, in CPU of this process (the median of several
runs, each with every cache emptied first, as after a change or a restart): the game page,
the filled sheet, the game's CSV and JSON export, the export of all the owner's games, and
an edit of hand 1 (saved from its form, as the scorekeeper does; the edit form's own page
is served first, as it is at the table). Run from the repository root:

    .venv/bin/python bench/large_games.py [--runs N]

and on PostgreSQL with DATABASE_URL set (postgres://postgres@127.0.0.1:5432/scorekeeper).

It works in a database of its own (`bench_large_games`, a file on SQLite), made for the
run and dropped after it, so it never touches the app's or the tests' databases.
"""

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

import django
from worst_requests import NATURALS, crowded

from games.rules.cards import RANKS

SEATS = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hal"]


def indian_rummy(rng: random.Random) -> tuple[str, int, dict, list[tuple[list[str], dict]]]:
    """Eight seats, four decks, 200 deals: seat 0 declares, the others show 13 crowded
    cards each, with a joker and the deal's wild rank."""
    hands = []
    for _ in range(200):
        wild = rng.choice("3456789")
        cards = crowded(rng, 8, 13, 4, wild, 1)
        shown = ["", *(" ".join(seat) for seat in cards[1:])]
        hands.append((shown, {"winner": 0, "wild_rank": wild}))
    return "indian-rummy", 8, {"decks": 4}, hands


def three_thirteen(rng: random.Random) -> tuple[str, int, dict, list[tuple[list[str], dict]]]:
    """Eight seats, eleven hands of 3 to 13 cards, crowded with the hand's wild rank
    within two decks."""
    hands = []
    for number in range(1, 12):
        cards = crowded(rng, 8, number + 2, 2, RANKS[number + 1], 0)
        hands.append((["", *(" ".join(seat) for seat in cards[1:])], {"went_out": 0}))
    return "three-thirteen", 8, {}, hands


def tong_its(rng: random.Random) -> tuple[str, int, dict, list[tuple[list[str], dict]]]:
    """Three seats, 200 hands ended by a draw and challenged, 12 cards each."""
    hands = []
    for _ in range(200):
        dealt = rng.sample(NATURALS, 36)
        cards = [" ".join(dealt[seat * 12 : (seat + 1) * 12]) for seat in range(3)]
        answers = {
            "end": "draw",
            "caller": 0,
            **{f"opened_{seat}": True for seat in range(3)},
            **{f"response_{seat}": "challenge" for seat in (1, 2)},
        }
        hands.append((cards, answers))
    return "tong-its", 3, {}, hands


GAMES = (indian_rummy, three_thirteen, tong_its)


def cpu_runs(runs: int, prepare, request) -> float:
    """The median CPU milliseconds of `request()`, each run after `prepare()`."""
    spent = []
    for _ in range(runs):
        prepare()
        start = time.process_time()
        response = request()
        spent.append((time.process_time() - start) * 1000)
        assert response.status_code in (200, 302), response.status_code
    return statistics.median(spent)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs

    django.setup()
    from django.conf import settings
    from django.db import connection

    test = settings.DATABASES["default"].setdefault("TEST", {})
    if connection.vendor == "sqlite":
        test["NAME"] = str(Path(tempfile.gettempdir()) / "bench_large_games.sqlite3")
    else:
        test["NAME"] = "bench_large_games"
    settings.ALLOWED_HOSTS.append("testserver")
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        measure_all(runs, connection.vendor)
    finally:
        connection.creation.destroy_test_db(test["NAME"], verbosity=0)


def build(make, owner, rng: random.Random):
    from games.models import Game, Hand, Round
    from games.rules import KINDS

    kind, seats, chosen, hands = make(rng)
    decks, game_settings = KINDS[kind].start(seats, chosen)
    game = Game.objects.start(SEATS[:seats], decks, kind=kind, settings=game_settings, owner=owner)
    places = list(game.seats.order_by("position"))
    rounds = Round.objects.bulk_create(
        Round(game=game, number=number, details=details)
        for number, (_, details) in enumerate(hands, start=1)
    )
    Hand.objects.bulk_create(
        Hand(round=played, seat=seat, cards=text)
        for played, (cards, _) in zip(rounds, hands, strict=True)
        for seat, text in zip(places, cards, strict=True)
    )
    Game.objects.filter(pk=game.pk).update(version=1)
    game.refresh_from_db()
    game.standings()  # every hand passes the rules
    return game


def cold() -> None:
    """Every cache emptied, this process's memory of scores too."""
    from django.core.cache import cache

    from games.models import scores

    cache.clear()
    scores.forget()


def measure_game(client, pk: int, runs: int) -> dict[str, float]:
    from django.urls import reverse

    from games.models import Game
    from games.play.round_forms import RoundForm

    def get(name: str):
        return lambda: client.get(reverse(name, args=[pk]))

    figures = {
        "game page": cpu_runs(runs, cold, get("game-detail")),
        "sheet": cpu_runs(runs, cold, get("game-sheet")),
        "CSV": cpu_runs(runs, cold, get("game-export-csv")),
        "JSON": cpu_runs(runs, cold, get("game-export-json")),
    }
    edit = reverse("round-edit", args=[pk, 1])
    form: dict[str, str] = {}

    def edit_form() -> None:
        # The edit page, served as at the table; its hand 1 with seats 1 and 2 swapped:
        # a real change every time, as valid as the hand was.
        cold()
        client.get(edit)
        game = Game.objects.get(pk=pk)
        played = game.rounds.get(number=1)
        cards = played.card_texts()
        cards[1], cards[2] = cards[2], cards[1]
        initial = RoundForm.initial_for(game, cards, played.details)
        form.clear()
        form.update({key: "" if value is None else str(value) for key, value in initial.items()})
        form["save"] = "1"

    before = Game.objects.get(pk=pk).version
    spent = cpu_runs(runs, edit_form, lambda: client.post(edit, form))
    saved = Game.objects.get(pk=pk).version - before
    # An edit the form refuses (its answer 200, not 302) costs what its check costs.
    figures[f"edit hand 1 ({saved} of {runs} saved)"] = spent
    return figures


def measure_all(runs: int, vendor: str) -> None:
    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.urls import reverse

    rng = random.Random(25)
    owner = get_user_model().objects.create_user("owner", password="-")
    client = Client()
    client.force_login(owner)
    games = [build(make, owner, rng) for make in GAMES]

    client.get(reverse("blank-sheet-of", args=["rummy"]) + "?players=3")  # fonts loaded
    print(f"{vendor}: CPU ms a request, median of {runs} cold runs")
    for game in games:
        figures = measure_game(client, game.pk, runs)
        said = "  ".join(f"{name} {ms:6.0f}" for name, ms in figures.items())
        hands = game.rounds.count()
        print(f"{game.kind:<15} {len(game.player_names())} seats {hands:3} hands  {said}")
    every = {
        "all games CSV": cpu_runs(runs, cold, lambda: client.get(reverse("games-export-csv"))),
        "all games JSON": cpu_runs(runs, cold, lambda: client.get(reverse("games-export-json"))),
    }
    print("  ".join(f"{name} {ms:6.0f}" for name, ms in every.items()))


if __name__ == "__main__":
    main()
