"""Gunicorn in production: `.venv/bin/gunicorn` from the repository root reads this file.

Workers are processes, so scoring (pure Python) uses every core: one per core, plus one
to use the time a worker waits on the database, unless WEB_CONCURRENCY says otherwise.
The app's requests are short and spend their time on the CPU, not waiting: more workers
only take turns on the same cores. (Measured with bench/load.py on 2 cores, PostgreSQL,
saves at full stretch: 5 workers 57 saves a second, 4 workers 60, 3 workers 64.)

The app is loaded once before the workers fork (`preload_app`), so WeasyPrint, its fonts
and the rules are in memory once and shared. Anything several workers must agree on
(failed logins, API limits, cached sheets) lives in Redis or the database, never in one
worker's memory.
"""

import multiprocessing
import os

wsgi_app = "scorekeeper.wsgi:application"
bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() + 1))
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
