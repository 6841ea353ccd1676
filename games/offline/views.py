"""The installable app: its manifest, and the service worker that opens it offline.

The service worker is served from the site's root, so that its scope is the whole app,
and names the static files it keeps with a version made of their contents: a new static
version is a new service worker, which replaces the old caches (templates/offline/sw.js).
"""

import hashlib
import json

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import get_language, get_language_bidi
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

# What every page loads: kept by the service worker so that a page opens offline. The
# table's modules are all here: table.js imports the others, and a module that cannot be
# fetched stops the whole script.
PRECACHED = (
    "games/site.css",
    "games/queue.js",
    "games/table.js",
    "games/connection.js",
    "games/dock.js",
    "games/drafts.js",
    "games/kept.js",
    "games/offline.js",
    "games/picker.js",
    "games/share.js",
    "games/taps.js",
    "games/wake.js",
    "games/words.js",
    "games/icon.svg",
    "django_htmx/htmx-2.min.js",
    "django_htmx/django-htmx.js",
)

# The page colour of site.css (base.html's theme-color has its dark one too).
PAPER = "#fbfaf7"


@require_GET
def manifest(request: HttpRequest) -> JsonResponse:
    """The app as a phone installs it, described in the language of the request (the
    phone asks with its own)."""
    icons = [
        {"src": static("games/icon-192.png"), "sizes": "192x192", "type": "image/png"},
        {"src": static("games/icon-512.png"), "sizes": "512x512", "type": "image/png"},
        {
            "src": static("games/icon-maskable-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
    ]
    return JsonResponse(
        {
            "id": reverse("home"),
            "name": "Scorekeeper",  # English: the app's name, in every language
            "short_name": "Scorekeeper",  # English: the app's name, in every language
            "description": _("Keeps score for card games played at a real table."),
            "lang": get_language(),
            "dir": "rtl" if get_language_bidi() else "ltr",
            "start_url": reverse("home"),
            "scope": reverse("home"),
            "display": "standalone",
            "background_color": PAPER,
            "theme_color": PAPER,
            "icons": icons,
        },
        content_type="application/manifest+json",
    )


def static_version() -> str:
    """A digest of the kept files' contents: it changes whenever one of them does."""
    digest = hashlib.sha256()
    for name in PRECACHED:
        path = finders.find(name)
        digest.update(name.encode())
        if isinstance(path, str):
            with open(path, "rb") as file:
                digest.update(file.read())
    return digest.hexdigest()[:16]


def _not_kept_page() -> dict[str, str]:
    """The words of the page the worker offers for a page it did not keep, in the
    language of the request for the worker, as HTML text."""
    return {
        "lang": get_language(),
        "heading": escape(_("No connection")),
        "text": escape(
            _(
                "This page was not kept on this phone. The games opened here, their rounds "
                "and the rules open without a connection."
            )
        ),
        "home": escape(_("Home")),
    }


# Browsers look for a new service worker on every visit: it must not sit in any cache.
@require_GET
@cache_control(no_cache=True, max_age=0)
def service_worker(request: HttpRequest) -> HttpResponse:
    context = {
        "version": static_version(),
        "files": json.dumps({name: static(name) for name in PRECACHED}),
        # Django puts the script prefix before it: "/static/".
        "static_url": settings.STATIC_URL,
        "not_kept": json.dumps(_not_kept_page()),
    }
    return render(request, "offline/sw.js", context, content_type="text/javascript")
