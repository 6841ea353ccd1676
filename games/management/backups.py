"""Backing the database up while the app runs, and restoring it, on SQLite and PostgreSQL.

SQLite is copied through its online backup API (Python's `sqlite3.Connection.backup`,
no other tool): the copy is one consistent moment of the database, taken beside the
running app (WAL lets it write meanwhile), never a copy of a file a writer may be half-way
through. A restore writes the backup back through the same API, under SQLite's locks.
PostgreSQL uses its own tools, `pg_dump -Fc` and `pg_restore --clean` (the
`postgresql-client` package, of the server's major version or newer), given the app's
connection settings; the restore is one transaction, so a failed one changes nothing.

Nothing is done to the caches: everything they keep of a game is named by a revision that
no other timeline of the game has (`games.models.scores`), so what was cached before the
restore is never served for the game restored and played on.
"""

import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

from django.core.management.base import CommandError
from django.db import connection


def back_up(file: Path) -> None:
    """Write a backup of the app's database to `file` (replaced if it exists)."""
    if connection.vendor == "sqlite":
        connection.ensure_connection()
        copy = sqlite3.connect(file)
        try:
            connection.connection.backup(copy)
        finally:
            copy.close()
    elif connection.vendor == "postgresql":
        _run("pg_dump", file, "--format=custom", "--file")
    else:
        raise CommandError(f"No backup is set up for {connection.vendor}.")


def restore(file: Path) -> None:
    """Put the app's database back as it was when `back_up` wrote `file`."""
    if not file.is_file():
        raise CommandError(f"There is no backup at {file}.")
    if connection.vendor == "sqlite":
        backup = sqlite3.connect(f"{file.resolve().as_uri()}?mode=ro", uri=True)
        try:
            # Any file opens as a database, an empty one as an empty database: one that
            # holds no games would wipe the app's out.
            games = "SELECT count(*) FROM sqlite_master WHERE name = 'games_game'"
            if backup.execute(games).fetchone() != (1,):
                raise sqlite3.DatabaseError("it holds no games")
        except sqlite3.DatabaseError as error:
            backup.close()
            raise CommandError(
                f"{file} is not a backup of this app's database: {error}."
            ) from error
        connection.ensure_connection()
        try:
            backup.backup(connection.connection)
        finally:
            backup.close()
    elif connection.vendor == "postgresql":
        # The restore drops and recreates every table: this connection must hold none.
        connection.close()
        _run(
            "pg_restore",
            file,
            "--clean",
            "--if-exists",
            "--no-owner",
            "--single-transaction",
            f"--dbname={connection.settings_dict['NAME']}",
        )
    else:
        raise CommandError(f"No restore is set up for {connection.vendor}.")


def _run(tool: str, file: Path, *options: str) -> None:
    """One of PostgreSQL's tools, run with `options` and then `file` on the app's
    database, as the app connects to it."""
    if shutil.which(tool) is None:
        raise CommandError(
            f"{tool} is not installed (on Debian: apt-get install postgresql-client)."
        )
    settings = connection.settings_dict
    given = {
        "PGHOST": settings["HOST"],
        "PGPORT": str(settings["PORT"] or ""),
        "PGUSER": settings["USER"],
        "PGPASSWORD": settings["PASSWORD"],
        "PGDATABASE": settings["NAME"],
    }
    env = os.environ | {name: value for name, value in given.items() if value}
    done = subprocess.run([tool, *options, str(file)], env=env, capture_output=True, text=True)
    if done.returncode:
        raise CommandError(f"{tool} could not use {file}: {done.stderr.strip()}")
