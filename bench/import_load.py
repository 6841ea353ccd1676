"""A table saving hands while someone imports a large history file.

Starts the app under gunicorn (production settings, SQLite by default, PostgreSQL with
DATABASE_URL) from a fresh database, then:

1. a table plays Rummy through the real pages (CSRF, one-time tokens), saving a hand
   every 50 ms, to measure a save's latency undisturbed;
2. while the table goes on saving, another browser imports a file of `--games` games
   of `--hands` hands each (by default 500 games of six hands, a Rummy game to 100: the
   most games a file may hold, each an ordinary one; a file far longer than that is
   refused as more work than one request may do), through the import page;
3. prints the import's duration and the saves' latency before and during it (p50, p99,
   worst) and every save that failed.

Goal (hardening issue): while a maximal import runs, the table's saves keep their usual
latency. Run from the repository root:

    .venv/bin/python bench/import_load.py [--games N] [--hands N] [--baseline N]
"""

import argparse
import http.client
import json
import random
import re
import statistics
import tempfile
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from shared import HOST, production_env, serve

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
DECK = [rank + suit for rank in RANKS for suit in "SHDC"]
EVENING = datetime(2026, 11, 1, 19, tzinfo=UTC)


class Browser:
    """One browser behind the TLS-ending proxy: its cookies, and forms posted with CSRF."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, body: bytes = b"", **headers: str):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=600)
        sent = {"Host": HOST, "X-Forwarded-Proto": "https"} | headers
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        connection.request(method, path, body=body, headers=sent)
        response = connection.getresponse()
        content = response.read().decode(errors="replace")
        for cookie in response.headers.get_all("Set-Cookie") or []:
            name, value = cookie.split(";", 1)[0].split("=", 1)
            self.cookies[name] = value
        connection.close()
        return response.status, response.headers, content

    def post(self, path: str, page: str, fields: dict[str, str]):
        """Post a form found on `page` with these fields and its CSRF token."""
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        body = "&".join(
            f"{key}={value}" for key, value in ({"csrfmiddlewaretoken": token} | fields).items()
        )
        return self.request("POST", path, body.encode(), **self._form_headers(path))

    def upload(self, path: str, page: str, name: str, content: bytes):
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        boundary = "scorekeeper-bench-boundary"
        body = (
            (
                f"--{boundary}\r\n"
                'Content-Disposition: form-data; name="csrfmiddlewaretoken"\r\n\r\n'
                f"{token}\r\n--{boundary}\r\n"
                f'Content-Disposition: form-data; name="file"; filename="{name}"\r\n'
                "Content-Type: application/json\r\n\r\n"
            ).encode()
            + content
            + f"\r\n--{boundary}--\r\n".encode()
        )
        headers = self._form_headers(path) | {
            "Content-Type": f"multipart/form-data; boundary={boundary}"
        }
        return self.request("POST", path, body, **headers)

    def _form_headers(self, path: str) -> dict[str, str]:
        return {
            "Content-Type": "application/x-www-form-urlencoded",
            "Referer": f"https://{HOST}{path}",
            "Origin": f"https://{HOST}",
        }


def new_rummy_game(table: Browser) -> str:
    _, _, page = table.request("GET", "/games/new/?kind=rummy")
    fields = {"kind": "rummy", "player_0": "Ann", "player_1": "Ben", "player_2": "Cleo"}
    status, headers, _ = table.post("/games/new/?kind=rummy", page, fields | {"start": "1"})
    assert status == 302, status
    return headers["Location"]


def save_hands(table: Browser, latencies: list[float], errors: list[str], stop) -> None:
    """Save one hand every 50 ms until `stop()`, a new game every 150 hands."""
    rng = random.Random(1)
    url, saved = new_rummy_game(table), 0
    while not stop():
        _, _, page = table.request("GET", url)
        fields = {
            "token": re.search(r'name="token" value="([^"]+)"', page).group(1),
            "version": re.search(r'name="version" value="([^"]+)"', page).group(1),
            "cards_0": "",
            "cards_1": "+".join(rng.sample(DECK, 3)),
            "cards_2": "",
            "winner": "0",
            "save": "1",
        }
        fields["cards_2"] = "+".join(
            rng.sample([c for c in DECK if c not in fields["cards_1"].split("+")], 3)
        )
        started = time.perf_counter()
        status, _, _ = table.post(url, page, fields)
        latencies.append(time.perf_counter() - started)
        if status != 302:
            errors.append(f"save answered {status}")
        saved += 1
        if saved % 150 == 0:
            url = new_rummy_game(table)
        time.sleep(0.05)


def export_file(games: int, hands: int) -> bytes:
    rng = random.Random(2)

    def hand(number: int) -> dict:
        dealt = rng.sample(DECK, 14)
        return {
            "number": number,
            "cards": [[], dealt[:7], dealt[7:]],
            "details": {"winner": 0},
            "steals": [],
        }

    return json.dumps(
        {
            "format": "scorekeeper-games",
            "version": 1,
            "games": [
                {
                    "kind": "rummy",
                    "players": ["Dora", "Eli", "Fay"],
                    "settings": {},
                    "decks": 1,
                    "note": f"imported {number}",
                    # A game a minute: distinct games, none taken for another's copy.
                    "created_at": (EVENING + timedelta(minutes=number)).isoformat(),
                    "finished": False,
                    "finished_at": None,
                    "paper": False,
                    "rounds": [hand(n) for n in range(1, hands + 1)],
                }
                for number in range(games)
            ],
        },
        separators=(",", ":"),
    ).encode()


def summary(label: str, seconds: list[float]) -> None:
    if not seconds:
        print(f"  {label:<28} no saves")
        return
    ms = sorted(1000 * s for s in seconds)
    p99 = ms[min(len(ms) - 1, int(len(ms) * 0.99))]
    print(
        f"  {label:<28} {len(ms):4} saves  p50 {statistics.median(ms):7.1f}  "
        f"p99 {p99:7.1f}  worst {ms[-1]:7.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--hands", type=int, default=6)
    parser.add_argument("--baseline", type=int, default=60, help="saves before the import")
    args = parser.parse_args()
    content = export_file(args.games, args.hands)
    print(f"Import file: {args.games} games of {args.hands} hands, {len(content) / 2**20:.2f} MB")

    with tempfile.TemporaryDirectory() as place:
        server, port = serve(production_env(Path(place)) | {"WEB_CONCURRENCY": "4"})
        try:
            table, importer = Browser(port), Browser(port)
            before: list[float] = []
            errors: list[str] = []
            save_hands(table, before, errors, lambda: len(before) >= args.baseline)

            during: list[float] = []
            importing = threading.Event()
            importing.set()
            saver = threading.Thread(
                target=save_hands, args=(table, during, errors, lambda: not importing.is_set())
            )
            saver.start()
            _, _, page = importer.request("GET", "/games/import/")
            started = time.perf_counter()
            status, _, answer = importer.upload("/games/import/", page, "games.json", content)
            took = time.perf_counter() - started
            importing.clear()
            saver.join()
        finally:
            server.terminate()
            server.wait(timeout=30)

    imported = "imported" if status == 302 else f"answered {status}"
    print(f"Import: {imported} in {took:.1f} s")
    if status != 302:
        print("  " + " ".join(re.findall(r'class="errorlist[^>]*>\s*<li>(.*?)</li>', answer)))
    print("Table saves (ms):")
    summary("before the import", before)
    summary("during the import", during)
    print(f"Failed saves: {len(errors)}" + (f" ({errors[0]})" if errors else ""))


if __name__ == "__main__":
    main()
