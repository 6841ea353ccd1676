"""What one card tap costs the server on the round-entry page.

With JavaScript the phone applies a tap to the form itself and posts the form for the
previews (`taps=applied`, as htmx). This plays that through the real view, in process, on
a throwaway SQLite database: a 4-player Indian Chief game with two rounds saved, then a
third round entered card by card (each player's meld, switching player between melds),
and prints per tap the median and p95 of the server's time (from Django taking the
request to its answer, without the test client's work), the answer's size in bytes and
the number of queries. Goal (production issue): 3 ms and 2 KB a tap. Run from the
repository root:

    .venv/bin/python bench/taps.py [--rounds N]
"""

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")

import django

PLAYERS = ["Ann", "Ben", "Cleo", "Dan"]
# Round 3's melds, one a player: a Lawyer, a Rich Man, a Doctor, an Indian Chief.
ROUND = ["QD 8H 6C AC", "KH KD JH JS 9C", "AH 3H 5H 7S 9D JC", "5S 6H 7D 8C 9H KC 7H"]
SAVED = [
    ["2C", "3C 3D", "QS 10S 4H", "4D 4S 5C 5D"],
    ["3S 3H", "2D", "10D 10C 2H 5S", "8S 8D 9S"],
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=20, help="rounds entered, tap by tap")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as place:
        os.environ["DATABASE_URL"] = f"sqlite:///{place}/bench.sqlite3"
        django.setup()
        from django.core.management import call_command
        from django.core.signals import request_finished, request_started
        from django.db import connection
        from django.test import Client
        from django.test.utils import CaptureQueriesContext

        from games.models import Game

        call_command("migrate", verbosity=0)
        client = Client(SERVER_NAME="localhost")
        # The server's own time: from Django taking the request to the answer being sent,
        # without the test client's work on either side.
        served: list[list[float]] = []
        request_started.connect(lambda **kwargs: served.append([time.perf_counter()]), weak=False)
        request_finished.connect(
            lambda **kwargs: served[-1].append(time.perf_counter()), weak=False
        )
        game = _started(client, Game)
        url = f"/games/{game.pk}/rounds/new/"
        times, sizes, queries = [], [], []
        for _ in range(args.rounds):
            page = client.get(url).content.decode()
            fields = {
                "token": re.search(r'name="token" value="([^"]+)"', page).group(1),
                "version": re.search(r'name="version" value="([^"]+)"', page).group(1),
                "taps": "applied",
            }
            entered = {seat: [] for seat in range(len(PLAYERS))}
            # What the phone shows: each preview's digest, as the last answers left it.
            shown = dict(enumerate(re.findall(r'data-digest="([^"]+)"', page)))
            for seat, meld in enumerate(ROUND):
                for card in meld.split():
                    entered[seat].append(card)
                    data = fields | {"active": str(seat)}
                    data |= {f"cards_{s}": " ".join(cards) for s, cards in entered.items()}
                    data |= {f"shown_{s}": shown.get(s, "") for s in entered}
                    with CaptureQueriesContext(connection) as captured:
                        response = client.post(
                            url,
                            urlencode(data),
                            content_type="application/x-www-form-urlencoded",
                            headers={"HX-Request": "true"},
                        )
                    times.append(served[-1][1] - served[-1][0])
                    assert response.status_code == 200, response.status_code
                    sizes.append(len(response.content))
                    answer = response.content.decode()
                    for shown_seat, digest in re.findall(
                        r'id="preview-(\d+)" data-digest="([^"]+)"', answer
                    ):
                        shown[int(shown_seat)] = digest
                    queries.append(len(captured))
        ms = sorted(1000 * t for t in times)
        print(f"{len(ms)} taps of a 4-player Indian Chief round:")
        p95 = ms[int(len(ms) * 0.95)]
        print(f"  server time  p50 {statistics.median(ms):6.2f} ms  p95 {p95:6.2f} ms")
        print(f"  answer size  p50 {statistics.median(sizes):6.0f} B   max {max(sizes):6.0f} B")
        print(f"  queries      p50 {statistics.median(queries):6.0f}     max {max(queries):6.0f}")


def _started(client, game_model):
    """A game of four started through the page, with two rounds saved through it."""
    page = client.get("/games/new/").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    data = {f"player_{seat}": name for seat, name in enumerate(PLAYERS)} | {"start": "1"}
    if token:
        data["csrfmiddlewaretoken"] = token.group(1)
    client.post("/games/new/", data)
    game = game_model.objects.latest("pk")
    for cards in SAVED:
        url = f"/games/{game.pk}/rounds/new/"
        page = client.get(url).content.decode()
        data = {
            "token": re.search(r'name="token" value="([^"]+)"', page).group(1),
            "version": re.search(r'name="version" value="([^"]+)"', page).group(1),
            "save": "1",
        } | {f"cards_{seat}": text for seat, text in enumerate(cards)}
        assert client.post(url, data).status_code == 302
    return game


if __name__ == "__main__":
    main()
