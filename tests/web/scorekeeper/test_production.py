"""The production configuration, run for real: gunicorn with four workers, DJANGO_DEBUG off,
static files from WhiteNoise, the shared caches in Redis, or in the database without it.

The deployment is prepared once (database, static files); a server is started for each
cache from its own copy of that database, and the tests talk to it over HTTP as a browser
behind a TLS-ending proxy would (X-Forwarded-Proto: https). Redis must run on this machine
(CI starts it); elsewhere its half is skipped.
"""

import gzip
import http.client
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from tests.environment import missing

ROOT = Path(__file__).resolve().parents[3]
HOST = "scores.example.org"
PASSWORD = "a long production password"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def redis_url() -> str:
    """Redis on this machine's standard port, which CI starts."""
    try:
        socket.create_connection(("127.0.0.1", 6379), timeout=0.5).close()
    except OSError:
        missing("Redis is not running on 127.0.0.1:6379", ci_must="run the production tests")
    return "redis://127.0.0.1:6379/15"


class Server:
    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, body: str = "", **headers: str):
        """One request as the proxy forwards it; returns (status, headers, body bytes)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        sent = {"Host": HOST, "X-Forwarded-Proto": "https"} | headers
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        connection.request(method, path, body=body.encode(), headers=sent)
        response = connection.getresponse()
        content = response.read()
        for cookie in response.headers.get_all("Set-Cookie") or []:
            name, value = cookie.split(";", 1)[0].split("=", 1)
            self.cookies[name] = value
        connection.close()
        return response.status, response.headers, content


def environment(place: Path, static: Path) -> dict[str, str]:
    """The production settings, with the database in `place` and the static files in
    `static`, and no Redis (the caches in the database) unless REDIS_URL is added."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")}
    env.pop("REDIS_URL", None)
    return env | {
        "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": "a-production-secret-" + "k" * 40,
        "DJANGO_ALLOWED_HOSTS": HOST,
        "DATABASE_URL": f"sqlite:///{place / 'db.sqlite3'}",
        "DJANGO_STATIC_ROOT": str(static),
        "DJANGO_SUPERUSER_PASSWORD": PASSWORD,
        "WEB_CONCURRENCY": "4",
    }


# What a deployment does once, as the README's production command does it, in one
# process: the database migrated with its cache tables and Ann's account, and the static
# files collected (compressed, with Brotli too, which is the slow part).
PREPARE = """
from django.core.management import call_command
call_command("migrate", interactive=False, verbosity=0)
call_command("createcachetable")
call_command("collectstatic", interactive=False, verbosity=0)
call_command("createsuperuser", interactive=False, username="ann", email="ann@example.org")
"""


@pytest.fixture(scope="module")
def prepared(tmp_path_factory) -> Path:
    """A deployment's database and static files, made once for both servers: each server
    starts from its own copy of the database and serves the same static files."""
    place = tmp_path_factory.mktemp("prepared")
    env = environment(place, place / "static")
    command = [sys.executable, "manage.py", "shell", "-c", PREPARE]
    subprocess.run(command, cwd=ROOT, env=env, check=True, capture_output=True)
    return place


@pytest.fixture(scope="module", params=["redis", "database"])
def production(request, prepared, tmp_path_factory) -> Iterator[Server]:
    place = tmp_path_factory.mktemp("production")
    shutil.copy(prepared / "db.sqlite3", place / "db.sqlite3")
    env = environment(place, prepared / "static")
    if request.param == "redis":
        env["REDIS_URL"] = redis_url()
        # The shared cache as a new deployment finds it (the copied database's cache
        # tables are empty already).
        redis.Redis.from_url(env["REDIS_URL"]).flushdb()
    port = free_port()
    env["GUNICORN_BIND"] = f"127.0.0.1:{port}"
    # Its log into a file, not a pipe nobody reads: a full pipe would stop it mid-write.
    with (place / "gunicorn.log").open("wb") as log:
        server = subprocess.Popen(
            [str(Path(sys.executable).parent / "gunicorn")],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=log,
        )
    try:
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
                break
            except OSError:
                time.sleep(0.05)
        yield Server(port)
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_a_page_and_its_static_files_load_compressed_with_production_headers(production):
    status, headers, page = production.request("GET", "/", **{"Accept-Encoding": "br, gzip"})

    assert status == 200
    assert headers["Strict-Transport-Security"].startswith("max-age=31536000")
    assert "default-src 'self'" in headers["Content-Security-Policy"]
    # The page itself gzipped (its padding of random length keeps its secrets' sizes
    # unreadable), and less than half its size.
    assert headers["Content-Encoding"] == "gzip"
    html = gzip.decompress(page)
    assert len(page) * 2 < len(html)
    files = re.findall(r'(?:href|src)="(/static/[^"]+)"', html.decode())
    assert any(name.endswith(".css") for name in files)
    assert any(name.endswith(".js") for name in files)
    for name in files:
        # Hashed names, kept for good, sent in Brotli to a browser that takes it.
        assert re.search(r"\.[0-9a-f]{12}\.\w+$", name), name
        status, headers, _ = production.request("GET", name, **{"Accept-Encoding": "br"})
        assert status == 200, name
        assert "immutable" in headers["Cache-Control"], name
        if not name.endswith((".png", ".ico")):
            assert headers["Content-Encoding"] == "br", name
    # The page's script imports its modules by their hashed names too, and so does every
    # module it reaches: one plain name would be a file the phone's copy does not hold.
    script = next(name for name in files if "/games/table." in name)
    folder = script.rsplit("/", 1)[0]
    waiting, seen = [script], set()
    while waiting:
        module = waiting.pop()
        seen.add(module)
        _, _, body = production.request("GET", module)
        imports = re.findall(r'(?:import|from)\s*"\./([^"]+)"', body.decode())
        for name in imports:
            assert re.search(r"\.[0-9a-f]{12}\.js$", name), (module, name)
            if f"{folder}/{name}" not in seen:
                waiting.append(f"{folder}/{name}")
    assert len(seen) > 5, seen


def test_plain_http_is_sent_to_https(production):
    status, headers, _ = production.request("GET", "/", **{"X-Forwarded-Proto": "http"})

    assert status == 301
    assert headers["Location"] == f"https://{HOST}/"


def test_the_failed_login_limit_holds_across_four_workers(production):
    from games.accounts.forms import LOGIN_ATTEMPTS

    def log_in(password: str) -> tuple[int, str]:
        production.cookies.clear()
        _, _, page = production.request("GET", "/accounts/login/")
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.decode()).group(1)
        status, _, body = production.request(
            "POST",
            "/accounts/login/",
            f"csrfmiddlewaretoken={token}&username=ann&password={password.replace(' ', '+')}",
            **{
                "Content-Type": "application/x-www-form-urlencoded",
                "Referer": f"https://{HOST}/accounts/login/",
                "Origin": f"https://{HOST}",
            },
        )
        return status, body.decode()

    # Each attempt lands on whichever worker is free: had every worker its own count,
    # four times as many guesses would get through.
    for _ in range(LOGIN_ATTEMPTS):
        status, page = log_in("wrong")
        assert status == 200 and "Please enter a correct username and password" in page

    status, page = log_in(PASSWORD)

    assert status == 200
    assert "Too many failed attempts" in page
