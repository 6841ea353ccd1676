"""Settings for Scorekeeper: one flat file, configured from the environment.

The defaults are for development on one machine: debug on, a throwaway secret key and
SQLite next to manage.py. Production sets DJANGO_DEBUG=false, DJANGO_SECRET_KEY,
DJANGO_ALLOWED_HOSTS and usually DATABASE_URL.
"""

import os
import tempfile
from pathlib import Path
from typing import Any

import dj_database_url
from django.conf.locale import LANG_INFO
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = os.environ.get("DJANGO_DEBUG", "true").lower() in {"1", "true", "yes", "on"}
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    # A public key would let anyone forge sessions and password-reset links: production
    # refuses to start without its own, development gets a throwaway one.
    if not DEBUG:
        raise ImproperlyConfigured(
            "DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is false: "
            "a long random secret that only this site knows."
        )
    SECRET_KEY = "django-insecure-development-key-do-not-use-in-production"
ALLOWED_HOSTS = [
    host.strip()
    for host in os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost").split(",")
    if host.strip()
]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "games",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Pages and fragments compressed for the phone's connection (to about a third of
    # its size). Django's gzip pads each answer by a random length, so the secrets in a
    # page (the CSRF token, itself masked anew each time) cannot be guessed from sizes.
    "django.middleware.gzip.GZipMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # The language of each page: the one chosen on this browser (its cookie), else the
    # browser's Accept-Language.
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # A CPU budget for every request and an allowance a minute for every address.
    "games.limits.VisitorLimits",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

ROOT_URLCONF = "scorekeeper.urls"
WSGI_APPLICATION = "scorekeeper.wsgi.application"
ASGI_APPLICATION = "scorekeeper.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.csp",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# SQLite is the zero-set-up default. Several phones at one table may save at once, so
# writers queue instead of failing with "database is locked": WAL lets readers run
# beside the writer, IMMEDIATE takes the write lock when a transaction starts (no
# deadlocking upgrade from a read lock), and the timeout is how long a writer waits.
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
}

# Tests on SQLite use a file too: an in-memory database cannot use WAL, and its shared
# cache fails at once where a file waits for the lock. One file per test run, outside
# the tree, so that two runs never share it.
SQLITE_TEST = {"NAME": Path(tempfile.gettempdir()) / f"scorekeeper-test-{os.getpid()}.sqlite3"}

if os.environ.get("DATABASE_URL"):
    DATABASES = {"default": dj_database_url.parse(os.environ["DATABASE_URL"], conn_max_age=60)}
    if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
        DATABASES["default"]["OPTIONS"] = SQLITE_OPTIONS
        DATABASES["default"]["TEST"] = SQLITE_TEST
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(BASE_DIR / "db.sqlite3"),
            "OPTIONS": SQLITE_OPTIONS,
            "TEST": SQLITE_TEST,
        }
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Argon2 for new passwords; the others still read hashes made before.
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.ScryptPasswordHasher",
]
LOGIN_URL = "login"
# A browser's games are found through its session: keep it for a year, not two weeks.
SESSION_COOKIE_AGE = 365 * 24 * 60 * 60
# Every request reads its session: from the cache (Redis in production), the database
# only when the cache has lost it.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
# Two caches: "default" for rendered sheets and game results, "limits" for what is
# counted against people (failed logins, API calls), kept apart so that sheets never push
# the counts out. Every server process must see the same counts: with REDIS_URL both live
# in Redis; in production without it, in the database (`manage.py createcachetable`);
# a single development process keeps them in its memory.
CACHES: dict[str, dict[str, Any]]
if os.environ.get("REDIS_URL"):
    CACHES = {
        alias: {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": os.environ["REDIS_URL"],
            "KEY_PREFIX": alias,
        }
        for alias in ("default", "limits")
    }
elif not DEBUG:
    CACHES = {
        alias: {
            "BACKEND": "django.core.cache.backends.db.DatabaseCache",
            "LOCATION": f"scorekeeper_cache_{alias}",
            "OPTIONS": {"MAX_ENTRIES": 20_000},
        }
        for alias in ("default", "limits")
    }
else:
    CACHES = {
        alias: {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": alias,
            "OPTIONS": {"MAX_ENTRIES": 5000},
        }
        for alias in ("default", "limits")
    }
# How many proxies in front of the app add themselves to X-Forwarded-For: the address
# limits count is the one the outermost of them saw (0: the connection's own address).
PROXIES = int(os.environ.get("DJANGO_PROXIES", "0"))
# The CPU time one address may use a minute, every request counted (games/limits.py).
CPU_SECONDS_A_MINUTE = 10
LOGIN_REDIRECT_URL = "game-list"
# Password-reset mail: printed on the console in development, sent through the local
# mail server (SMTP on localhost) in production, unless DJANGO_EMAIL_BACKEND says otherwise.
MAILERS = {
    "default": {
        "BACKEND": os.environ.get(
            "DJANGO_EMAIL_BACKEND",
            "django.core.mail.backends.console.EmailBackend"
            if DEBUG
            else "django.core.mail.backends.smtp.EmailBackend",
        )
    }
}
DEFAULT_FROM_EMAIL = os.environ.get("DJANGO_DEFAULT_FROM_EMAIL", "scorekeeper@localhost")

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
TIME_ZONE = "UTC"
USE_I18N = True

# The table's languages: English, Filipino (Tong-Its's tables) and Hindi (Indian
# Rummy's). Django knows no Filipino: its name and formats are ours
# (scorekeeper/formats/fil), and Tagalog ("tl", as many phones still ask for it) is
# answered in Filipino.
LANGUAGES = [("en", "English"), ("fil", "Filipino"), ("hi", "Hindi")]
LANG_INFO["fil"] = {"bidi": False, "code": "fil", "name": "Filipino", "name_local": "Filipino"}
LANG_INFO["tl"] = LANG_INFO["tl-ph"] = {"fallback": ["fil"]}
# The switcher names each language in its own: Hindi as it is most often written.
LANG_INFO["hi"] = LANG_INFO["hi"] | {"name_local": "हिन्दी"}
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["scorekeeper.formats"]
# A year, as a choice the browser keeps.
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "staticfiles"))
# In production WhiteNoise serves the files `collectstatic` gathered: names carry a hash
# of the content, so browsers keep them for good (Cache-Control: immutable), each also
# stored gzipped and in Brotli. Development serves the files as they are.
if not DEBUG:
    # Static files straight after the HTTPS redirect: no session, no database.
    MIDDLEWARE.insert(1, "whitenoise.middleware.WhiteNoiseMiddleware")
    STORAGES = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "scorekeeper.storage.StaticFiles"},
    }

# No inline scripts or styles anywhere: everything the pages run or wear is a file
# served from our own origin, htmx included.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "connect-src": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "object-src": [CSP.NONE],
}

# In production: HTTPS only, cookies that never travel in the clear, and HSTS. Behind a
# proxy that ends TLS, it must set X-Forwarded-Proto.
if not DEBUG:
    SECURE_SSL_REDIRECT = True
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = 31_536_000
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
