from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games.management.backups import back_up


class Command(BaseCommand):
    help = "Back the database up to a file while the app runs (README: Backups)."
    # What is done with the file, and what is said once it is done (`restore` does the other).
    action: Callable[[Path], None] = staticmethod(back_up)
    done = "Backed up to"

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)

    def handle(self, *args: Any, file: Path, **options: Any) -> None:
        self.action(file)
        self.stdout.write(f"{self.done} {file}.")
