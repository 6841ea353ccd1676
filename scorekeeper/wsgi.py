import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "scorekeeper.settings")
application = get_wsgi_application()

# WeasyPrint and the sheets' fonts loaded before the first request (before gunicorn's
# workers fork, with `preload_app`, so once for all of them), not within it.
from games.sheets.pdf import warm  # noqa: E402

warm()
