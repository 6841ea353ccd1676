"""An import is bounded and all or nothing: a file that takes more than the request's CPU
budget is refused before anything is written, saying how far the checks came; and a
server killed while it writes leaves nothing behind (a real kill -9 of a real process,
on the test database itself)."""

import itertools
import json
import os
import random
import re
import signal
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from django.db import connection
from django.urls import reverse

from games import limits
from games.models import Game, Hand, Player, Round
from games.rules.budget import TooCostly
from games.rules.cards import RANKS, SUITS
from games.transfer import importing
from tests.web.pages import file_errors, text
from tests.web.transfer.files import upload

ROOT = Path(__file__).resolve().parents[3]
DECK = [rank + suit for rank in RANKS for suit in SUITS]
EVENING = datetime(2026, 11, 1, 19, tzinfo=UTC)


def rummy_file(games: int, hands: int) -> bytes:
    """`games` games of Rummy for three, started a minute apart, each the same `hands`
    hands: Dora going out every time, Eli and Fay left with seven cards each."""
    deal = random.Random(7)
    rounds = []
    for number in range(1, hands + 1):
        left = deal.sample(DECK, 14)
        rounds.append({"number": number, "cards": [[], left[:7], left[7:]], "steals": []})
    game = {
        "kind": "rummy",
        "players": ["Dora", "Eli", "Fay"],
        "settings": {},
        "decks": 1,
        "note": "",
        "finished": False,
        "finished_at": None,
        "paper": False,
        "rounds": [played | {"details": {"winner": 0}} for played in rounds],
    }
    starts = [(EVENING + timedelta(minutes=number)).isoformat() for number in range(games)]
    document = {"format": "scorekeeper-games", "version": 1}
    return json.dumps(document | {"games": [game | {"created_at": at} for at in starts]}).encode()


@pytest.mark.django_db
def test_the_writing_counts_in_the_budget_and_stopped_leaves_nothing(client, monkeypatch):
    """A file whose checks just fit the budget cannot make the request cost several times
    as much in writes: the budget runs out while the rows are made, and the transaction
    undoes what was written."""
    checks = itertools.count()

    def spent_at_the_third_game() -> None:
        if next(checks) == 2:
            raise TooCostly

    monkeypatch.setattr(importing, "within_budget", spent_at_the_third_game)
    client.get(reverse("games-import"))

    [error] = file_errors(text(upload(client, rummy_file(5, 2))))

    assert error == (
        "This file is more work than one import may do: every game was checked, then the "
        "writing was stopped part way, and nothing was imported. Import it in parts, a "
        "smaller file at a time."
    )
    assert not Game.objects.exists() and not Player.objects.exists()
    assert not Round.objects.exists() and not Hand.objects.exists()


@pytest.mark.django_db
def test_a_file_too_costly_is_refused_before_anything_is_written(client, monkeypatch):
    # A budget of 20 ms stands in for the second: 40 games of 50 hands take far more.
    monkeypatch.setattr(limits, "VISITOR_SECONDS", 0.02)
    client.get(reverse("games-import"))

    response = upload(client, rummy_file(40, 50))

    assert response.status_code == 200
    [error] = file_errors(text(response))
    # Where the budget ran out depends on the machine: each place says how far it came.
    came = (
        r"\d+ of its 40 games were read when the checks were stopped",
        r"its 40 games were read and \d+ scored when the checks were stopped",
        r"every game was checked, then the writing was stopped part way",
    )
    assert re.fullmatch(
        rf"This file is more work than one import may do: ({'|'.join(came)}), and nothing "
        r"was imported\. Import it in parts, a smaller file at a time\.",
        error,
    )
    assert not Game.objects.exists() and not Player.objects.exists()
    # The same file in parts, each within the budget, comes in.
    monkeypatch.setattr(limits, "VISITOR_SECONDS", 30)
    assert upload(client, rummy_file(2, 50)).status_code == 302
    assert Game.objects.count() == 2


@pytest.mark.django_db
def test_the_import_page_gives_the_browser_its_key_before_the_file_is_sent(client):
    client.get(reverse("games-import"))
    key = client.session["browser"]

    assert upload(client, rummy_file(1, 2)).status_code == 302

    assert Game.objects.get().browser == key == client.session["browser"]


def database_url() -> str:
    """The test database, for another process to reach."""
    settings = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{settings['NAME']}"
    user = settings["USER"] + (f":{settings['PASSWORD']}" if settings["PASSWORD"] else "")
    return f"postgres://{user}@{settings['HOST']}:{settings['PORT']}/{settings['NAME']}"


# Run by `manage.py shell`: the file read and checked, then written by the import itself,
# which says when it is well into its writing (every game, round and hand inserted, the
# transaction not yet committed) and waits there.
IMPORTER = """
import os, time
from pathlib import Path
from games.models import Game, Hand
from games.transfer.importing import import_games
from games.transfer.reading import read_file

entries = read_file(Path(os.environ["IMPORT_FILE"]).read_bytes())
write = Hand.objects.bulk_create

def stall(*args, **kwargs):
    written = write(*args, **kwargs)
    if Game.objects.count() >= 10:
        print("writing", flush=True)
        time.sleep(120)
    return written

Hand.objects.bulk_create = stall
import_games(entries, None, "k" * 32, "evening.json")
"""


@pytest.mark.django_db(transaction=True)
def test_an_import_killed_midway_leaves_nothing(tmp_path):
    (tmp_path / "evening.json").write_bytes(rummy_file(30, 8))
    env = {key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")}
    env |= {
        "DATABASE_URL": database_url(),
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
        "IMPORT_FILE": str(tmp_path / "evening.json"),
    }
    # Its complaints go to a file: a pipe nobody reads could fill and stall it.
    complaints = (tmp_path / "stderr.txt").open("w")
    importer = subprocess.Popen(
        [sys.executable, "manage.py", "shell", "--no-imports", "-c", IMPORTER],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=complaints,
        text=True,
    )
    try:
        # The import is midway: games, their rounds and hands written.
        said = importer.stdout.readline()
        assert said == "writing\n", (tmp_path / "stderr.txt").read_text()
        importer.send_signal(signal.SIGKILL)
    finally:
        importer.kill()
        importer.wait(timeout=30)
        complaints.close()

    assert importer.returncode == -signal.SIGKILL
    assert not Game.objects.exists()
    assert not Round.objects.exists() and not Hand.objects.exists()
    assert not Player.objects.exists()
