"""Settings come from the environment, with safe development defaults."""

import json
import os
import subprocess
import sys

import pytest


def settings_under(env: dict[str, str]) -> dict[str, object]:
    """Import the settings in a fresh interpreter with exactly these variables set."""
    script = (
        "import json, scorekeeper.settings as s; "
        "db = s.DATABASES['default']; "
        "print(json.dumps({'debug': s.DEBUG, 'hosts': s.ALLOWED_HOSTS, "
        "'key': s.SECRET_KEY, 'engine': db['ENGINE'], 'name': str(db['NAME']), "
        "'options': db.get('OPTIONS', {})}))"
    )
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_"))}
    output = subprocess.run(
        [sys.executable, "-c", script],
        env=clean | env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return json.loads(output)


def test_development_defaults_use_sqlite_with_waiting_writers():
    settings = settings_under({})

    assert settings["debug"] is True
    assert settings["hosts"] == ["127.0.0.1", "localhost"]
    assert settings["engine"] == "django.db.backends.sqlite3"
    assert settings["options"]["transaction_mode"] == "IMMEDIATE"
    assert settings["options"]["timeout"] > 0
    assert "journal_mode=WAL" in settings["options"]["init_command"]


def test_production_values_come_from_the_environment():
    settings = settings_under(
        {
            "DJANGO_DEBUG": "false",
            "DJANGO_SECRET_KEY": "a-long-random-production-key",
            "DJANGO_ALLOWED_HOSTS": "scores.example.org, www.scores.example.org",
            "DATABASE_URL": "postgres://keeper@db.example.org:5432/scores",
        }
    )

    assert settings["debug"] is False
    assert settings["key"] == "a-long-random-production-key"
    assert settings["hosts"] == ["scores.example.org", "www.scores.example.org"]
    assert settings["engine"] == "django.db.backends.postgresql"
    assert settings["name"] == "scores"


@pytest.mark.parametrize("value", ["0", "false", "False", "no", "off"])
def test_debug_can_be_switched_off(value):
    assert settings_under({"DJANGO_DEBUG": value})["debug"] is False


def test_sqlite_through_database_url_keeps_the_waiting_writers():
    settings = settings_under({"DATABASE_URL": "sqlite:////tmp/scorekeeper-elsewhere.sqlite3"})

    assert settings["engine"] == "django.db.backends.sqlite3"
    assert settings["options"]["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in settings["options"]["init_command"]
