"""What a server loads once as it starts, rather than within its first requests.

Every request runs within a CPU budget (`games/limits.py`). A process's first requests
would otherwise pay for imports and layouts that only a first request pays: the URLs and
every view behind them, WeasyPrint and the sheets' fonts. Loaded here, before gunicorn's
workers fork (`preload_app`), they are loaded once for all of them, and the first visitor
of a freshly started server gets what every later one gets.
"""

from django.urls import get_resolver


def ready_for_requests() -> None:
    from games.sheets.pdf import warm

    # The URLconf imports every feature's views as it is read.
    get_resolver().url_patterns  # noqa: B018
    warm()
