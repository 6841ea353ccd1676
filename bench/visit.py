"""What a phone downloads: a first visit, and a visit after it.

Starts the app as in production (gunicorn on loopback, DJANGO_DEBUG off, WhiteNoise),
behind a relay standing for the proxy that ends TLS (it adds `X-Forwarded-Proto: https`
and counts every byte the server sends back), and opens it in Chromium as a phone: the
home page, until the service worker has installed and nothing is left loading (that is a
first visit, the worker's own downloads included); then, in the same browser, the home
page again and a new game's page (a repeat visit). Prints the bytes transferred and the
static files fetched from the server by each. Goals (production issue): a first visit
50 KB at most, and a repeat visit fetches no static file. Run from the repository root:

    .venv/bin/python bench/visit.py
"""

import re
import socket
import sys
import tempfile
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright
from shared import HOST, ROOT, production_env, serve

sys.path.insert(0, str(ROOT))
from tests.conftest import CHROMIUM, CHROMIUM_ARGS

STATIC = re.compile(rb"GET /static/\S+")


class Proxy:
    """Forwards connections to the app, marking them HTTPS as the TLS-ending proxy does,
    and counts what goes each way."""

    def __init__(self, upstream: int) -> None:
        self.upstream = upstream
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.lock = threading.Lock()
        self.sent = 0
        self.static: list[bytes] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def reset(self) -> None:
        with self.lock:
            self.sent, self.static = 0, []

    def _accept(self) -> None:
        while True:
            browser, _ = self.listener.accept()
            app = socket.create_connection(("127.0.0.1", self.upstream))
            threading.Thread(target=self._pump, args=(browser, app, True), daemon=True).start()
            threading.Thread(target=self._pump, args=(app, browser, False), daemon=True).start()

    def _pump(self, source: socket.socket, target: socket.socket, asked: bool) -> None:
        try:
            while data := source.recv(65536):
                if asked:
                    # Each request's headers come in one piece, the Host header first.
                    data = data.replace(b"\r\nHost: ", b"\r\nX-Forwarded-Proto: https\r\nHost: ")
                    with self.lock:
                        self.static += STATIC.findall(data)
                else:
                    with self.lock:
                        self.sent += len(data)
                target.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, target):
                end.close()


def settle(page) -> None:
    """Until the service worker has the page and nothing is left loading."""
    for _ in range(100):
        if page.evaluate("navigator.serviceWorker.controller !== null"):
            break
        page.wait_for_timeout(100)
    else:
        raise SystemExit("the service worker never took the page")
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(1000)


def report(visit: str, proxy: Proxy) -> None:
    print(f"{visit:<13} {proxy.sent / 1024:6.1f} KB, {len(proxy.static)} static files fetched")
    for request in proxy.static:
        print("   ", request.decode())
    proxy.reset()


def main() -> None:
    with tempfile.TemporaryDirectory() as place:
        env = production_env(Path(place))
        server, port = serve(env)
        proxy = Proxy(port)
        site = f"http://{HOST}"
        args = [
            *CHROMIUM_ARGS,
            f"--host-resolver-rules=MAP {HOST} 127.0.0.1:{proxy.port}",
            # Plain HTTP to the relay stands for HTTPS: the browser treats it as secure.
            f"--unsafely-treat-insecure-origin-as-secure={site}",
        ]
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=args)
                phone = browser.new_context(viewport={"width": 390, "height": 844})
                page = phone.new_page()
                page.goto(f"{site}/")
                settle(page)
                report("first visit", proxy)
                page.goto(f"{site}/")
                page.get_by_role("link", name=re.compile("New game")).first.click()
                page.wait_for_load_state("networkidle")
                report("repeat visit", proxy)
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
