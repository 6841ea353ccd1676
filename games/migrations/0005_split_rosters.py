"""Each account's and each browser's own roster, from the one roster everybody shared.

A player seated at the games of several owners (accounts, or browsers without one)
becomes one player per owner, with the same name, and each game's seats point to its
owner's; a player seated nowhere stays as it is, nobody's. Nothing is lost: every game
keeps its players and their names. (Going back would merge the rosters again, which the
old one-name-for-everybody rule cannot hold once two owners have their own "Ann": it is
not offered.)
"""

from django.db import migrations
from django.db.models import Q


def split_rosters(apps, schema_editor):
    Player = apps.get_model("games", "Player")
    Seat = apps.get_model("games", "Seat")
    for player in Player.objects.filter(seats__isnull=False).distinct():
        owners = sorted(
            {
                (seat.game.owner_id, "" if seat.game.owner_id else seat.game.browser)
                for seat in Seat.objects.filter(player=player).select_related("game")
            },
            key=lambda owner: (owner[0] or 0, owner[1]),
        )
        (owner, browser), *others = owners
        player.owner_id, player.browser = owner, browser
        player.save(update_fields=["owner", "browser"])
        for owner, browser in others:
            theirs = Player.objects.create(
                name=player.name, key=player.key, owner_id=owner, browser=browser
            )
            games = Q(game__owner_id=owner) if owner else Q(game__owner=None, game__browser=browser)
            Seat.objects.filter(games, player=player).update(player=theirs)


class Migration(migrations.Migration):
    dependencies = [("games", "0004_player_owners")]

    operations = [migrations.RunPython(split_rosters, migrations.RunPython.noop, elidable=False)]
