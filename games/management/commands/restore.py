from games.management.backups import restore
from games.management.commands import backup


class Command(backup.Command):
    help = "Put the database back as a backup holds it, the app stopped (README: Backups)."
    action = staticmethod(restore)
    done = "Restored from"
