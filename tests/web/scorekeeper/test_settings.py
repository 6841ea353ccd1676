"""Settings come from the environment, with safe development defaults."""

import json
import os
import subprocess
import sys

import pytest


def import_settings(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Import the settings in a fresh interpreter with exactly these variables set."""
    script = (
        "import json, scorekeeper.settings as s; "
        "db = s.DATABASES['default']; "
        "print(json.dumps({'debug': s.DEBUG, 'hosts': s.ALLOWED_HOSTS, "
        "'key': s.SECRET_KEY, 'engine': db['ENGINE'], 'name': str(db['NAME']), "
        "'options': db.get('OPTIONS', {})}))"
    )
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DATABASE_"))}
    return subprocess.run(
        [sys.executable, "-c", script], env=clean | env, capture_output=True, text=True
    )


def settings_under(env: dict[str, str]) -> dict[str, object]:
    result = import_settings(env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


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
    settings = settings_under({"DJANGO_DEBUG": value, "DJANGO_SECRET_KEY": "a-production-key"})
    assert settings["debug"] is False


@pytest.mark.parametrize("key", [None, ""])
def test_production_refuses_to_start_without_its_own_secret_key(key):
    env = {"DJANGO_DEBUG": "false"} | ({} if key is None else {"DJANGO_SECRET_KEY": key})

    result = import_settings(env)

    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is false" in result.stderr


def test_development_runs_with_a_throwaway_key():
    assert settings_under({})["key"].startswith("django-insecure-")


def test_sqlite_through_database_url_keeps_the_waiting_writers():
    settings = settings_under({"DATABASE_URL": "sqlite:////tmp/scorekeeper-elsewhere.sqlite3"})

    assert settings["engine"] == "django.db.backends.sqlite3"
    assert settings["options"]["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in settings["options"]["init_command"]


def test_check_deploy_is_clean_under_production_settings(tmp_path):
    env = {key: value for key, value in os.environ.items() if not key.startswith("DJANGO_")}
    env |= {
        "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": "k" * 20 + "-a-long-random-production-secret-" + "z" * 20,
        "DJANGO_ALLOWED_HOSTS": "scores.example.org",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'deploy.sqlite3'}",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout
