"""The installable app's manifest and service worker, and what a save kept on the phone
offline is told when it is sent again (static/games/queue.js reads `X-Round-Saved`)."""

import struct
from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse

from games.offline.views import PRECACHED
from tests.factories import TRIO_NEXT, TRIO_ROUND, fresh
from tests.web.offline.static import new_stylesheet
from tests.web.pages import HTMX, Table, round_edit, round_new, text

pytestmark = pytest.mark.django_db


def png_size(name: str) -> tuple[int, int]:
    path = finders.find(name)
    assert isinstance(path, str)
    header = Path(path).read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", header[16:24])
    return width, height


def test_the_manifest_names_the_app_and_its_icons(client):
    response = client.get("/manifest.webmanifest")

    assert response["Content-Type"] == "application/manifest+json"
    manifest = response.json()
    assert manifest["name"] == manifest["short_name"] == "Scorekeeper"
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == (
        "/",
        "/",
        "standalone",
    )
    assert manifest["theme_color"] and manifest["background_color"]
    icons = {(icon["sizes"], icon.get("purpose", "any")): icon["src"] for icon in manifest["icons"]}
    assert set(icons) == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    for (sizes, _), src in icons.items():
        width, height = png_size(src.removeprefix("/static/"))
        assert f"{width}x{height}" == sizes


def test_every_page_links_the_manifest_the_worker_and_both_theme_colours(client):
    html = text(client.get(reverse("rules")))

    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert 'data-service-worker="/sw.js"' in html
    assert 'name="theme-color" content="#fbfaf7" media="(prefers-color-scheme: light)"' in html
    assert 'name="theme-color" content="#141417" media="(prefers-color-scheme: dark)"' in html


def test_the_service_worker_comes_from_the_root_never_from_a_cache(client):
    response = client.get("/sw.js")

    assert response["Content-Type"].startswith("text/javascript")
    assert "no-cache" in response["Cache-Control"]
    # The pages' Content Security Policy stays on; the worker needs no inline script.
    assert "script-src 'self'" in response["Content-Security-Policy"]
    worker = text(response)
    for name in PRECACHED:
        assert f'"/static/{name}"' in worker


def test_the_service_worker_keeps_every_module_of_the_pages_script():
    # table.js imports the others: one missing offline would stop the whole script.
    scripts = {path.name for path in Path(finders.find("games/table.js")).parent.glob("*.js")}
    assert scripts <= {name.removeprefix("games/") for name in PRECACHED}


def test_a_changed_static_file_is_a_new_service_worker_version(client, settings, tmp_path):
    before = text(client.get("/sw.js"))
    new_stylesheet(settings, tmp_path, ".new { color: inherit; }")

    after = text(client.get("/sw.js"))

    old, new = (
        next(line for line in worker.splitlines() if line.startswith("const VERSION"))
        for worker in (before, after)
    )
    assert old != new
    assert after.replace(new, old) == before


def test_a_save_that_lands_says_so_whatever_page_follows(client, trio):
    table = Table(client, round_new(trio), HTMX).fill(*TRIO_ROUND)

    saved = table.save()
    resent = table.save()

    assert saved["X-Round-Saved"] == resent["X-Round-Saved"] == "1"
    assert trio.rounds.count() == 1


def test_an_edit_that_lands_says_so(client, trio):
    Table(client, round_new(trio), HTMX).fill(*TRIO_ROUND).save()

    edited = Table(client, round_edit(trio, 1), HTMX).fill(*TRIO_NEXT).save()

    assert edited["X-Round-Saved"] == "1"


def test_a_save_refused_as_stale_does_not_say_it_landed(client, trio):
    mine = Table(client, round_new(trio), HTMX).fill(*TRIO_NEXT)
    Table(client, round_new(trio), HTMX).fill(*TRIO_ROUND).save()

    refused = mine.save()

    assert "X-Round-Saved" not in refused
    assert "Round 1 was saved on another phone" in text(refused)
    assert [played.number for played in trio.rounds.all()] == [1]


def test_a_round_entered_after_one_never_sent_is_not_saved_in_its_place(client, trio):
    """Offline, the phone enters round 2 on the version round 1 would make. When round 1
    never landed and another change made that version come true, round 2 is refused as
    stale, not saved as round 1."""
    table = Table(client, round_new(trio), HTMX).fill(*TRIO_NEXT)
    # Meanwhile another phone saves a round 1 and takes it back: two changes, no round.
    Table(client, round_new(trio), HTMX).fill(*TRIO_ROUND).save()
    fresh(trio).undo_last_round(fresh(trio).version)
    table.form.fields |= {"number": "2", "version": str(fresh(trio).version)}

    refused = table.save()

    assert "X-Round-Saved" not in refused
    assert "Another device changed this game" in text(refused)
    assert trio.rounds.count() == 0
