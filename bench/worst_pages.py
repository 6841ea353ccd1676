"""The pages and endpoints that run the rules, on the largest games the limits allow:
what one request costs a visitor without an account and the owner of a game.

Each request goes through the real view (`django.test.Client`, the production settings),
timed as this thread's CPU time: the best of up to three runs (fewer when the runs so far
took more than `patience` seconds: a request of many seconds is measured once). Cold, the
caches are emptied before each run (every `django.core.cache` cache and the read model's
memory in this process, `scores.forget`, the solved hands included); warm, what a page
view before it leaves there is kept: for a page, the same page asked once more; for a
post, the page it is posted from. With PostgreSQL the database server's own CPU is not counted.
"""

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from html.parser import HTMLParser
from typing import Any

from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.core.files.uploadedfile import SimpleUploadedFile
from django.http import HttpResponse
from django.test import Client
from largest_games import LARGEST, compact, crowded, document, largest
from shared import HOST, MELDS

from games.models import Game, scores
from games.rules import KINDS
from games.transfer.importing import import_games
from games.transfer.reading import MAX_GAMES, read_games

VISITOR, OWNER = "no account", "owner"
GOALS = {VISITOR: 1000, OWNER: 3000}  # CPU ms (hardening issue #25)
RUNS = 3
# The owner's largest game, the one every request of a game is sent to.
HEAVIEST = "indian-rummy"
WILD = "7"


def browser() -> Client:
    """A browser behind the TLS-ending proxy; a view's exception comes back as its 500."""
    return Client(HTTP_HOST=HOST, HTTP_X_FORWARDED_PROTO="https", raise_request_exception=False)


def cold() -> None:
    for cache in caches.all():
        cache.clear()
    scores.forget()


type Request = Callable[[], HttpResponse]


@dataclass
class Case:
    """One request. `ready` (untimed) brings back the state the request starts from,
    reads the form it is posted from as a browser would, and returns the request to time.
    A page (`page`) is warm once it was asked for: it is timed again straight after its
    cold run. A post is warm after `ready`, which viewed the page it is posted from.
    `warm` False: no warm figure (each run is a new browser)."""

    party: str
    label: str
    ready: Callable[[], Request]
    page: bool = False
    warm: bool = True


def page(party: str, label: str, send: Request, reset: Callable[[], object] = lambda: None) -> Case:
    def ready() -> Request:
        reset()
        return send

    return Case(party, label, ready, page=True)


@dataclass
class Figure:
    cold_ms: float | None
    warm_ms: float | None
    status: str
    size: int
    runs: int


def timed(send: Request) -> tuple[float, str, int]:
    """(CPU ms, status, size) of one request; a request that raises is reported as such."""
    started = time.thread_time()
    try:
        response = send()
    except Exception as error:  # a failed request is a figure, not the end
        return (time.thread_time() - started) * 1000, f"error {type(error).__name__}", 0
    took = (time.thread_time() - started) * 1000
    size = len(b"".join(response)) if response.streaming else len(response.content)
    return took, str(response.status_code), size


def measure(case: Case, patience: float) -> Figure:
    """The best cold and warm figures of up to `RUNS` runs each, or fewer once the runs
    of one took more than `patience` seconds."""
    best: dict[str, list[float]] = {"cold": [], "warm": []}
    status, size = "", 0
    for temperature in ("cold", "warm") if case.warm and not case.page else ("cold",):
        for _ in range(RUNS):
            try:
                send = case.ready()
            except Exception as error:  # said in the table
                return Figure(None, None, f"setup {type(error).__name__}: {error}", 0, 0)
            if temperature == "cold":
                cold()
            took, status, size = timed(send)
            best[temperature].append(took)
            if case.page and case.warm:
                best["warm"].append(timed(send)[0])
            if status.startswith(("5", "error")) or sum(best[temperature]) > patience * 1000:
                break
    runs = len(best["cold"])
    return Figure(
        min(best["cold"], default=None), min(best["warm"], default=None), status, size, runs
    )


# ---------------------------------------------------------------------------
# Forms as the pages serve them


class _Fields(HTMLParser):
    """The fields of the form posting to `action`, as a browser would send them."""

    def __init__(self, action: str) -> None:
        super().__init__()
        self.action, self.inside, self.select = action, False, ""
        self.fields: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = {key: value or "" for key, value in attrs}
        if tag == "form":
            self.inside = attr.get("action") == self.action
        elif self.inside and tag == "input" and attr.get("name"):
            if attr.get("type") not in ("checkbox", "radio") or "checked" in attr:
                self.fields[attr["name"]] = attr.get("value", "")
        elif self.inside and tag == "select":
            self.select = attr.get("name", "")
        elif (
            self.inside
            and tag == "option"
            and self.select
            and ("selected" in attr or self.select not in self.fields)
        ):
            self.fields[self.select] = attr.get("value", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        elif tag == "select":
            self.select = ""


def form_on(client: Client, page: str, action: str | None = None) -> dict[str, str]:
    """The fields of the form on `page` that posts to `action` (the page itself)."""
    reader = _Fields(action or page.split("?")[0])
    reader.feed(client.get(page).content.decode())
    reader.fields.pop("csrfmiddlewaretoken", None)
    return reader.fields


# ---------------------------------------------------------------------------
# The games, stored as an import stores them (field checks, then the writes: the scoring
# an import does first is what the import request measures).


def store(games: list[dict], owner: Any = None, browser_key: str = "") -> list[Game]:
    stored, _ = import_games(read_games(document(games)), owner, browser_key, "bench.json")
    return stored


def history(rng: random.Random, count: int) -> list[dict]:
    """Finished Indian Chief games, four of the same ten players at each, for a player's
    figures."""
    games = []
    for _ in range(count):
        one = largest("indian-chief", rng)
        seated = rng.sample(range(10), 4)
        one["players"] = [one["players"][seat] for seat in sorted(seated)]
        one["rounds"] = [
            row | {"cards": [MELDS[(seat + number) % 7].split() for seat in range(4)]}
            for number, row in enumerate(one["rounds"])
        ]
        one["settings"], one["decks"] = {}, 2
        games.append(one | {"finished": True, "finished_at": one["created_at"]})
    return games


# ---------------------------------------------------------------------------
# The requests of one game, for whoever keeps it


def next_hand(rng: random.Random, seats: int) -> dict[str, str]:
    """A crowded Indian Rummy deal as the entry form posts it: who declared, the wild rank
    and each seat's cards."""
    cards = crowded(rng, seats, 13, 4, WILD, 1)
    typed = {f"cards_{seat}": " ".join(hand or []) for seat, hand in enumerate(cards)}
    return typed | {"winner": "0", "wild_rank": WILD}


def game_pages(party: str, client: Client, game: Game) -> list[Case]:
    """Every page of a game that runs the rules, and the visitor's lists and exports."""
    url = f"/games/{game.pk}/"

    def get(path: str, **headers: str) -> Request:
        return lambda: client.get(path, **headers)

    return [
        page(party, "game page", get(url)),
        page(party, "game page's scoreboard (htmx)", get(url, HTTP_HX_REQUEST="true")),
        page(party, "round entry page", get(f"{url}rounds/new/")),
        page(party, "filled sheet (PDF)", get(f"{url}sheet.pdf")),
        page(party, "game as CSV", get(f"{url}export.csv")),
        page(party, "game as JSON", get(f"{url}export.json")),
        page(party, "all games as CSV", get("/games/export.csv")),
        page(party, "all games as JSON", get("/games/export.json")),
        page(party, "games list", get("/games/")),
    ]


def game_changes(party: str, client: Client, game: Game, rng: random.Random) -> list[Case]:
    """Every change of a game, each posted from the form of the page that offers it."""
    url, new = f"/games/{game.pk}/", f"/games/{game.pk}/rounds/new/"
    edit = f"/games/{game.pk}/rounds/1/"
    hand = next_hand(rng, len(game.player_names()))
    full = game.rounds.count()

    def fresh() -> Game:
        return Game.objects.get(pk=game.pk)

    def unsaved() -> None:
        if fresh().rounds.count() > full:
            fresh().undo_last_round(fresh().version)

    def save() -> Request:
        unsaved()
        fields = form_on(client, new) | hand | {"save": "1"}
        return lambda: client.post(new, fields)

    def tap() -> Request:
        # Every seat but one full, and the thirteenth card tapped for it: every preview.
        unsaved()
        fields = form_on(client, new) | hand
        last = fields["cards_1"].split()
        fields |= {"cards_1": " ".join(last[:-1]), "active": "1", "add": last[-1]}
        return lambda: client.post(f"{new}taps/", fields, HTTP_HX_REQUEST="true")

    def swap() -> Request:
        # Two seats' cards of the first hand change places: a real change, every time.
        fields = form_on(client, edit)
        fields["cards_1"], fields["cards_2"] = fields["cards_2"], fields["cards_1"]
        return lambda: client.post(edit, fields | {"save": "1"})

    def undo() -> Request:
        if fresh().rounds.count() == full:
            save()()
        fields = form_on(client, url, f"{url}undo/")
        return lambda: client.post(f"{url}undo/", fields)

    def other_rules() -> Request:
        fields = form_on(client, url, f"{url}rules/")
        fields["preset"] = "points" if fields.get("preset") == "book" else "book"
        return lambda: client.post(f"{url}rules/", fields)

    return [
        Case(party, "card tap preview", tap),
        Case(party, "save a hand", save),
        Case(party, "edit the first hand", swap),
        Case(party, "undo the last hand", undo),
        Case(party, "change the house rules", other_rules),
    ]


# ---------------------------------------------------------------------------
# The two parties


def import_file(rng: random.Random, hands: int, most_bytes: int) -> tuple[bytes, int]:
    """As many of the heaviest games as the import form takes (within its size, at most
    its number of games), and how many."""
    one = len(compact(document([largest(HEAVIEST, random.Random(0), hands)])))
    count = min(MAX_GAMES, most_bytes // one)
    games = [largest(HEAVIEST, rng, hands) for _ in range(count)]
    return compact(document(games)).encode(), count


def visitor_cases(rng: random.Random, hands: int, most_bytes: int, shared: Game) -> list[Case]:
    """What a visitor without an account can send: an import, its own largest game,
    blank sheets, the calculator, new games, and the live board of a shared game."""
    content, games = import_file(rng, hands, most_bytes)
    too_many = compact(document([largest("indian-chief", rng, 1)] * (MAX_GAMES + 1))).encode()

    def upload(data: bytes) -> Callable[[], Request]:
        # A new browser and a new file each time: its games are new, never already there,
        # and a file read by one request is at its end for the next.
        def send() -> HttpResponse:
            file = SimpleUploadedFile("games.json", data, "application/json")
            return browser().post("/games/import/", {"file": file})

        return lambda: send

    def posted(path: str, fields: dict[str, str], form: str) -> Callable[[], Request]:
        return lambda: lambda: client.post(path, form_on(client, form, path) | fields)

    client = browser()
    client.get("/games/new/")  # the browser's key, which owns its games
    game = store([largest(HEAVIEST, rng, hands)], browser_key=client.session["browser"])[0]
    cases = [
        Case(
            VISITOR,
            f"import {games} games × {hands} deals ({len(content) / 2**20:.1f} MB)",
            upload(content),
            warm=False,
        ),
        Case(VISITOR, f"import refused: {MAX_GAMES + 1} games", upload(too_many), warm=False),
        *game_pages(VISITOR, client, game),
    ]
    for kind, rules in KINDS.items():
        query = {"players": rules.seats, "names": ",".join(f"N{n}" for n in range(rules.seats))}
        cases.append(
            page(
                VISITOR,
                f"blank sheet: {kind}, {rules.seats} players",
                lambda kind=kind, query=query: client.get(f"/sheets/{kind}/blank.pdf", query),
            )
        )
    meld = {"cards": "5S 6H 7D 8C 9H KC 7H", "table": " ".join(["7S"] * 60), "decks": "2"}
    paper = {"played": "2026-11-01", "rows": "60"} | {
        f"score_{row}_{seat}": str(row * seat) for row in range(60) for seat in range(6)
    }
    paper |= {f"player_{seat}": f"Paper {seat}" for seat in range(6)}
    chief = {"decks": "3", "start": "1"} | {f"player_{seat}": f"Chief {seat}" for seat in range(10)}
    live = f"/live/{shared.share_token}/"
    cases += [
        page(VISITOR, "calculator page", lambda: client.get("/calculator/")),
        Case(VISITOR, "calculator, a Beggar Man", posted("/calculator/", meld, "/calculator/")),
        Case(
            VISITOR,
            "new game: Indian Chief, 10 players",
            posted("/games/new/", chief, "/games/new/?kind=indian-chief"),
        ),
        Case(
            VISITOR,
            "paper game: Rummy, 6 players × 60 rows",
            posted("/games/paper/", paper, "/games/paper/?kind=rummy"),
        ),
        page(VISITOR, "live board of a shared largest game", lambda: browser().get(live)),
        page(
            VISITOR,
            "live board, a poll after a change (htmx)",
            lambda: browser().get(live, {"seen": "-1"}, HTTP_HX_REQUEST="true"),
        ),
    ]
    return cases


def owner_cases(rng: random.Random, hands: int, past: int) -> tuple[list[Case], Game]:
    """The signed-in owner of the largest game of every kind, and of `past` finished
    games: their largest game's requests, and their history's pages."""
    owner = get_user_model().objects.create_user("owner")
    client = browser()
    client.force_login(owner)
    heaviest = largest(HEAVIEST, rng, hands - 1)  # room for one more deal
    others = [largest(kind, rng, hands) for kind in LARGEST if kind != HEAVIEST]
    stored = store([*history(rng, past), *others, heaviest], owner=owner)
    game = stored[-1]
    game.share()
    figured = stored[0].seats.get(position=0).player
    cases = [
        *game_pages(OWNER, client, game),
        *game_changes(OWNER, client, game, rng),
        page(OWNER, "players list", lambda: client.get("/players/")),
        page(
            OWNER,
            f"a player's page, figures over {past} games",
            lambda: client.get(f"/players/{figured.pk}/"),
        ),
    ]
    return cases, game
