"""The rules core under games/rules/ is pure Python: it must never import Django."""

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "games" / "rules"
RULE_FILES = sorted(RULES.rglob("*.py"))


def django_imports(source: str) -> list[str]:
    """Every `import django…` / `from django… import …` in the source, at any depth."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        found += [name for name in names if name == "django" or name.startswith("django.")]
    return found


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("import django", ["django"]),
        ("import os, django.conf", ["django.conf"]),
        ("from django.db import models", ["django.db"]),
        ("def f():\n    from django import forms\n", ["django"]),
        ("import djangoish\nfrom .django import x\nimport os", []),
    ],
)
def test_the_checker_itself_finds_django_imports(source, expected):
    assert django_imports(source) == expected


def test_rules_package_has_modules():
    names = {path.relative_to(RULES).as_posix() for path in RULE_FILES}
    assert {"__init__.py", "cards.py", "errors.py", "indian_chief/kind.py"} <= names


@pytest.mark.parametrize("path", RULE_FILES, ids=lambda path: str(path.relative_to(ROOT)))
def test_no_rules_module_imports_django(path):
    assert django_imports(path.read_text(encoding="utf-8")) == []


def test_importing_the_rules_package_loads_no_django():
    script = (
        "import importlib, pkgutil, sys\n"
        "import games.rules\n"
        "for module in pkgutil.walk_packages(games.rules.__path__, 'games.rules.'):\n"
        "    importlib.import_module(module.name)\n"
        "loaded = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "print(len([m for m in sys.modules if m.startswith('games.rules')]))\n"
        "print(','.join(loaded))\n"
    )
    env = {key: value for key, value in os.environ.items() if key != "DJANGO_SETTINGS_MODULE"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    count, loaded = done.stdout.splitlines()
    assert int(count) >= 4  # games.rules and its cards, errors and indian_chief.kind modules
    assert loaded == ""
