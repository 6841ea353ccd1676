"""Many tables at once, and people following them: what one machine holds.

Starts the app under gunicorn on loopback (production settings, a fresh SQLite file by
default, PostgreSQL with DATABASE_URL, Redis with REDIS_URL), then for `--seconds`:

* `--tables` tables, each a browser playing Indian Chief games of four through the real
  pages: the new-game form, every card tapped on the round-entry page as the phone's
  script sends it (the previews only), one save a round, each Thief taking from the deck
  on the steals page, the game page after each round; each table shares its scoreboard;
* `--viewers` phones following those scoreboards through the share links, polling every
  3–5 s as the live page does.

Paced (the default), a table taps a card every 1–2 s, as people do, and the tables sit
down and the viewers come at random moments of the first `--arrivals` seconds (20), as
people arrive, not all in one second. `--unpaced` drops the pauses and starts everyone at
once, to find what the machine gives at full stretch: 4 tables, then twice as many each
`--seconds`, up to `--tables`, until a tap's or a save's p99 passes 1 s; the busiest
step before that is the saturation point. `--only saves`: each round's cards are typed and
saved at once, as without JavaScript (no taps); `--only taps`: each round is tapped in
and never saved, the table tapping on (no saves or pages): either alone, measured.

Prints per request kind (tap, save, page, poll) the count, p50, p99, throughput (also
per core the server used: the machine's busy time less the load generator's) and
errors; then checks the database: every round a table was told was saved is there once
(none lost, none doubled). Run from the repository root:

    .venv/bin/python bench/load.py [--tables N] [--viewers N] [--seconds S]
        [--unpaced] [--only taps|saves] [--arrivals S]

The load generator runs on the same machine as the server: on 2 cores, both share them.
"""

import argparse
import http.client
import itertools
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path
from urllib.parse import urlencode

from shared import HOST, MELDS, ROOT, production_env, serve

PLAYERS = ["Ann", "Ben", "Cleo", "Dan"]
# Each of the four makes MELDS[(seat + round) % 7]; the round's Thief takes from the deck.
DIGESTS = re.compile(r'id="preview-(\d+)" data-digest="([^"]+)"')


class Browser:
    """One phone behind the TLS-ending proxy: its cookies, its forms posted with CSRF."""

    addresses = itertools.count(1)

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.cookies: dict[str, str] = {}
        # Each phone its own address, as the proxy in front would say.
        number = next(Browser.addresses)
        self.address = f"10.{number >> 16 & 255}.{number >> 8 & 255}.{number & 255}"

    def request(self, method: str, path: str, body: str = "", **headers: str):
        sent = {"Host": HOST, "X-Forwarded-Proto": "https", "X-Forwarded-For": self.address}
        sent |= headers
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if body:
            sent |= {
                "Content-Type": "application/x-www-form-urlencoded",
                "Referer": f"https://{HOST}{path}",
                "Origin": f"https://{HOST}",
            }
        try:
            self.connection.request(method, path, body=body.encode(), headers=sent)
            response = self.connection.getresponse()
            content = response.read().decode(errors="replace")
        except (OSError, http.client.HTTPException):
            self.connection.close()  # a fresh connection for the next request
            raise
        for cookie in response.headers.get_all("Set-Cookie") or []:
            name, value = cookie.split(";", 1)[0].split("=", 1)
            self.cookies[name] = value
        return response.status, response.headers, content

    def post(self, path: str, page: str, fields: dict[str, str], **headers: str):
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
        body = urlencode({"csrfmiddlewaretoken": token} | fields)
        return self.request("POST", path, body, **headers)


class Figures:
    """Latencies and errors per kind of request, shared by every thread."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.seconds: dict[str, list[float]] = defaultdict(list)
        self.errors: dict[str, list[str]] = defaultdict(list)
        self.elapsed = 0.0
        # Cores busy on average: the whole machine's, and this load generator's share.
        self.busy = self.generator = 0.0

    def ms(self, kind: str) -> list[float]:
        return sorted(1000 * s for s in self.seconds[kind])

    def p99(self, kind: str) -> float:
        ms = self.ms(kind)
        return ms[min(len(ms) - 1, int(len(ms) * 0.99))] if ms else 0.0

    def rate(self, kind: str) -> float:
        return len(self.seconds[kind]) / self.elapsed

    def served(self) -> float:
        """Taps and saves a second, together."""
        return self.rate("tap") + self.rate("save")

    def server(self) -> float:
        """Cores the server took on average (the app, its database and cache: all
        the machine did but the load generator)."""
        return self.busy - self.generator

    def report(self) -> None:
        print(
            f"  cores busy {self.busy:.2f} of {os.cpu_count()}: the load generator "
            f"{self.generator:.2f}, the server {self.server():.2f}"
        )
        for kind in ("tap", "save", "page", "poll"):
            ms = self.ms(kind)
            if ms:
                print(
                    f"  {kind:<5} {len(ms):7} requests  {self.rate(kind):7.1f}/s  "
                    f"{self.rate(kind) / self.server():6.1f}/s a server core  "
                    f"p50 {statistics.median(ms):7.1f} ms  p99 {self.p99(kind):7.1f} ms  "
                    f"errors {len(self.errors[kind])}"
                )

    def timed(self, kind: str, expect: tuple[int, ...], call, *args, **kwargs):
        """`call(*args, **kwargs)`, one request, timed and counted under `kind`."""
        started = time.perf_counter()
        try:
            status, headers, content = call(*args, **kwargs)
        except (OSError, http.client.HTTPException) as error:
            with self.lock:
                self.errors[kind].append(type(error).__name__)
            return None
        took = time.perf_counter() - started
        with self.lock:
            self.seconds[kind].append(took)
            if status not in expect:
                self.errors[kind].append(str(status))
        return status, headers, content


def play(
    port: int,
    figures: Figures,
    pace: bool,
    only: str | None,
    stop: threading.Event,
    saved: dict,
    links: list,
    arrival: float,
):
    """One table, sitting down `arrival` seconds in: games of Indian Chief, round after
    round, until told to stop (then at once: the hand it was on is left unfinished)."""
    rng = random.Random()
    phone = Browser(port)

    def pause(low: float, high: float) -> bool:
        """Whether to go on, after the pause people make."""
        if pace:
            stop.wait(rng.uniform(low, high))
        return not stop.is_set()

    stop.wait(arrival)
    while not stop.is_set():
        _, _, page = phone.request("GET", "/games/new/")
        names = {f"player_{seat}": name for seat, name in enumerate(PLAYERS)}
        names |= {"start": "1"}
        started = figures.timed("save", (302,), phone.post, "/games/new/", page, names)
        if not started:
            return
        game_url = re.match(r"(/games/\d+/)", started[1]["Location"]).group(1)
        _, _, game_page = phone.request("GET", game_url)
        phone.post(f"{game_url}share/", game_page, {})
        _, _, game_page = phone.request("GET", game_url)
        link = re.search(r'class="share-link"><a href="https?://[^/]+(/live/[^"]+)"', game_page)
        if link:
            links.append(link.group(1))
        for number in range(7):
            if stop.is_set():
                return
            entry = f"{game_url}rounds/new/"
            _, _, form = phone.request("GET", entry)
            shown = dict(DIGESTS.findall(form))
            fields = {
                "token": re.search(r'name="token" value="([^"]+)"', form).group(1),
                "version": re.search(r'name="version" value="([^"]+)"', form).group(1),
            }
            entered = {seat: [] for seat in range(len(PLAYERS))}
            for seat in range(len(PLAYERS)):
                for card in MELDS[(seat + number) % 7].split():
                    if not pause(1.0, 2.0):
                        return
                    entered[seat].append(card)
                    if only == "saves":
                        continue
                    data = fields | {"taps": "applied", "active": str(seat)}
                    data |= {f"cards_{s}": " ".join(cards) for s, cards in entered.items()}
                    data |= {f"shown_{s}": digest for s, digest in shown.items()}
                    answer = figures.timed(
                        "tap", (200,), phone.post, entry, form, data, **{"HX-Request": "true"}
                    )
                    if answer:
                        shown |= dict(DIGESTS.findall(answer[2]))
            if not pause(1.0, 3.0):
                return
            if only == "taps":
                continue
            data = fields | {f"cards_{s}": " ".join(cards) for s, cards in entered.items()}
            answer = figures.timed("save", (302,), phone.post, entry, form, data | {"save": "1"})
            if not answer or answer[0] != 302:
                continue
            with figures.lock:
                saved[game_url] = saved.get(game_url, 0) + 1
            where = answer[1]["Location"]
            while "/steals/" in where:
                _, _, steals = phone.request("GET", where)
                if 'name="deck"' not in steals:
                    break
                version = re.search(r'name="version" value="(\d+)"', steals).group(1)
                deck = {"version": version, "deck": "1"}
                taken = figures.timed("save", (302,), phone.post, where, steals, deck)
                if not taken:
                    break
            figures.timed("page", (200,), phone.request, "GET", game_url)


def follow(
    port: int,
    figures: Figures,
    stop: threading.Event,
    links: list,
    rng: random.Random,
    arrival: float,
):
    """One viewer, arriving `arrival` seconds in: a share link's page, then a poll every
    3–5 s with the revision it shows."""
    stop.wait(arrival)
    while not links and not stop.is_set():
        stop.wait(0.5)
    if stop.is_set():
        return
    phone = Browser(port)
    link = rng.choice(links)
    answer = figures.timed("page", (200,), phone.request, "GET", link)
    seen = re.search(r"seen=(\w+)", answer[2]).group(1) if answer else "0"
    while not stop.wait(rng.uniform(3.0, 5.0)):
        answer = figures.timed(
            "poll",
            (200, 204),
            phone.request,
            "GET",
            f"{link}?seen={seen}",
            **{"HX-Request": "true"},
        )
        if answer and answer[0] == 200:
            found = re.search(r"seen=(\w+)", answer[2])
            seen = found.group(1) if found else seen


def check(env: dict[str, str], saved: dict[str, int]) -> tuple[int, int]:
    """Rounds lost and rounds doubled: what each table was told it saved, against the
    database."""
    script = (
        "import json, sys, django; django.setup();"
        "from games.models import Game;"
        "print(json.dumps({g.get_absolute_url(): g.rounds.count() for g in Game.objects.all()}))"
    )
    command = [sys.executable, "-c", script]
    output = subprocess.run(
        command, cwd=ROOT, env=env, check=True, capture_output=True, text=True
    ).stdout
    stored = json.loads(output)
    lost = sum(max(0, count - stored.get(url, 0)) for url, count in saved.items())
    doubled = sum(max(0, stored.get(url, 0) - count) for url, count in saved.items())
    return lost, doubled


def run(port: int, args: argparse.Namespace, tables: int, saved: dict[str, int]) -> Figures:
    """`tables` tables (and the viewers) for `--seconds`; what they measured."""
    figures, stop = Figures(), threading.Event()
    links: list[str] = []
    rng = random.Random(tables)
    # Paced, people come one by one, not all in the same second; unpaced, at once.
    window = 0.0 if args.unpaced else args.arrivals
    table = (port, figures, not args.unpaced, args.only, stop, saved, links)
    threads = [
        threading.Thread(target=play, args=(*table, rng.uniform(0, window))) for _ in range(tables)
    ] + [
        threading.Thread(
            target=follow,
            args=(port, figures, stop, links, random.Random(n), rng.uniform(0, window)),
        )
        for n in range(args.viewers)
    ]
    started, busy, generator = time.perf_counter(), machine_busy(), time.process_time()
    for thread in threads:
        thread.start()
    stop.wait(args.seconds)
    stop.set()
    for thread in threads:
        thread.join(timeout=90)
    figures.elapsed = time.perf_counter() - started
    figures.busy = (machine_busy() - busy) / figures.elapsed
    figures.generator = (time.process_time() - generator) / figures.elapsed
    return figures


def machine_busy() -> float:
    """CPU seconds the whole machine has spent busy since it started (/proc/stat: every
    core's time but idle and waiting on the disk)."""
    fields = [int(value) for value in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    idle = fields[3] + fields[4]
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--viewers", type=int, default=0)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--unpaced", action="store_true")
    parser.add_argument(
        "--only",
        choices=("taps", "saves"),
        help="taps alone (never saved) or saves alone (cards typed, no taps)",
    )
    parser.add_argument(
        "--arrivals",
        type=float,
        default=20,
        help="seconds over which the tables sit down and the viewers come (paced)",
    )
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as place:
        env = production_env(Path(place))
        server, port = serve(env)
        saved: dict[str, int] = {}
        database = "PostgreSQL" if env["DATABASE_URL"].startswith("postgres") else "SQLite"
        what = f"{args.viewers} viewers, {database}" + (f", {args.only} only" if args.only else "")
        if args.unpaced:
            # Twice the tables each step, until a p99 passes 1 s: the busiest step before
            # that is as much as the machine gives (past saturation, more tables only
            # queue longer).
            best = None
            tables = 4
            while tables <= args.tables:
                figures = run(port, args, tables, saved)
                print(f"unpaced, {tables} tables, {what}, {figures.elapsed:.0f} s:")
                figures.report()
                if max(figures.p99(kind) for kind in ("tap", "save")) > 1000:
                    break
                busiest = best is None or figures.served() > best[1].served()
                best = (tables, figures) if busiest else best
                tables *= 2
            if best:
                tables, figures = best
                rates = ", ".join(
                    f"{figures.rate(kind):.0f} {kind}s/s "
                    f"({figures.rate(kind) / figures.server():.0f} a server core)"
                    for kind in ("tap", "save")
                    if figures.rate(kind)
                )
                print(f"saturation: {rates} ({tables} tables, p99 under 1 s)")
        else:
            figures = run(port, args, args.tables, saved)
            print(f"paced, {args.tables} tables, {what}, {figures.elapsed:.0f} s:")
            figures.report()
        server.terminate()
        server.wait(timeout=30)
        lost, doubled = check(env, saved)
    print(f"rounds saved {sum(saved.values())}, lost {lost}, doubled {doubled}")


if __name__ == "__main__":
    main()
