"""What the benchmarks share: seven melds that make a game, and the app served as in
production (gunicorn on loopback, DJANGO_DEBUG off, a fresh database) for those that go
through the real pages."""

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import psycopg

ROOT = Path(__file__).resolve().parent.parent
HOST = "scores.example.org"

# Seven melds with no card in common, so a round holds at most two copies of any card.
# In round r player p makes MELDS[(p + r) % 7]: each player makes each meld once.
MELDS = [
    "2C",
    "3C 3D",
    "QS 10S 4H",
    "QD 8H 6C AC",
    "KH KD JH JS 9C",
    "AH 3H 5H 7S 9D JC",
    "5S 6H 7D 8C 9H KC 7H",
]


def production_env(place: Path) -> dict[str, str]:
    """The production settings, a database in `place` (or DATABASE_URL's, emptied)."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")}
    env |= {
        "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": "bench-" + "k" * 50,
        "DJANGO_ALLOWED_HOSTS": HOST,
        # Behind the one proxy the production command declares: each phone of a load run
        # sends its own address in X-Forwarded-For, as the proxy would add it, and has
        # its own CPU allowance (games/limits.py), as people at different tables do.
        "DJANGO_PROXIES": "1",
        "DJANGO_STATIC_ROOT": str(place / "static"),
        "DJANGO_SETTINGS_MODULE": "scorekeeper.settings",
    }
    env.setdefault("DATABASE_URL", f"sqlite:///{place / 'db.sqlite3'}")
    return env


@contextmanager
def throwaway_database(place: Path) -> Iterator[str]:
    """The URL of a database for one run, removed after it: a file in `place`, or with
    DATABASE_URL a new database on that PostgreSQL server (named for this process, so that
    two runs never share it), dropped at the end."""
    given = os.environ.get("DATABASE_URL", "")
    if not given.startswith("postgres"):
        yield f"sqlite:///{place / 'db.sqlite3'}"
        return
    server = urlsplit(given)
    name = f"scorekeeper_bench_{os.getpid()}"
    with psycopg.connect(server._replace(path="/postgres").geturl(), autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
        try:
            yield server._replace(path=f"/{name}").geturl()
        finally:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def prepare(env: dict[str, str]) -> None:
    """The database of `env` migrated and emptied, its cache tables made and the static
    files gathered, as a fresh production install has them."""
    manage = [sys.executable, "manage.py"]
    if env["DATABASE_URL"].startswith("postgres"):
        subprocess.run([*manage, "flush", "--noinput"], cwd=ROOT, env=env, capture_output=True)
    for command in (["migrate", "--noinput"], ["createcachetable"], ["collectstatic", "--noinput"]):
        subprocess.run([*manage, *command], cwd=ROOT, env=env, check=True, capture_output=True)
    # A fresh database numbers its games from 1 again: what a cache kept under an earlier
    # run's game 1 must not be taken for this one's.
    clear = "from django.core.cache import caches\nfor cache in caches.all(): cache.clear()"
    subprocess.run(
        [*manage, "shell", "-c", clear], cwd=ROOT, env=env, check=True, capture_output=True
    )


def serve(env: dict[str, str]) -> tuple[subprocess.Popen, int]:
    """Gunicorn with `env` on a free loopback port, once its database is ready."""
    prepare(env)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [str(Path(sys.executable).parent / "gunicorn")],
        cwd=ROOT,
        env=env | {"GUNICORN_BIND": f"127.0.0.1:{port}"},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(200):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
            break
        except OSError:
            time.sleep(0.05)
    return server, port
