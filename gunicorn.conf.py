"""Gunicorn in production: `.venv/bin/gunicorn` from the repository root reads this file.

Workers are processes, so scoring (pure Python) uses every core: two per core plus one,
as gunicorn advises, unless WEB_CONCURRENCY says otherwise. The app is loaded once before
the workers fork (`preload_app`), so WeasyPrint, its fonts and the rules are in memory
once and shared. Anything several workers must agree on (failed logins, API limits,
cached sheets) lives in Redis or the database, never in one worker's memory.
"""

import multiprocessing
import os

wsgi_app = "scorekeeper.wsgi:application"
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))
preload_app = True
# A page takes well under a second, a printed sheet a few; the largest import allowed
# (500 games, 5 MB) about half a minute on SQLite, where it leaves the database free
# between games for the tables saving meanwhile. Anything slower than two minutes is
# stuck: the worker is replaced.
timeout = 120
graceful_timeout = 30
# Behind the proxy that ends TLS; it says so in X-Forwarded-Proto (see the settings).
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
accesslog = "-"
errorlog = "-"
