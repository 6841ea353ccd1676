"""Each account and each browser keeps its own roster of players."""

import importlib

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.models import Game, Player, Seat

pytestmark = pytest.mark.django_db

split_rosters = importlib.import_module("games.migrations.0005_split_rosters").split_rosters


def test_the_migration_gives_every_owner_its_own_player_and_loses_no_seat():
    # As the shared roster was: one Ann seated by an account, a browser and an open game;
    # one Ben at the account's game only; Zoe at no game.
    user = User.objects.create_user("keeper")
    shared = Player.objects.create(name="Ann")
    ben = Player.objects.create(name="Ben")
    Player.objects.create(name="Zoe")
    games = {
        "account": Game.objects.create(decks=1, owner=user),
        "browser": Game.objects.create(decks=1, browser="b" * 32),
        "open": Game.objects.create(decks=1),
    }
    for game in games.values():
        Seat.objects.create(game=game, player=shared, position=0)
    Seat.objects.create(game=games["account"], player=ben, position=1)
    seated = {key: game.player_names() for key, game in games.items()}

    split_rosters(apps, None)

    # Every game still seats the same names, each from its own owner's roster.
    for key, game in games.items():
        fresh = Game.objects.get(pk=game.pk)
        assert fresh.player_names() == seated[key]
    assert Player.objects.of(user, "").get(key="ann").seats.get().game == games["account"]
    assert Player.objects.of(user, "").get(key="ben") == ben
    assert Player.objects.of(None, "b" * 32).get(key="ann").seats.get().game == games["browser"]
    assert Player.objects.of(None, "").get(key="ann").seats.get().game == games["open"]
    # Zoe, seated nowhere, stays nobody's.
    assert Player.objects.of(None, "").filter(key="zoe").exists()
    assert Player.objects.filter(key="ann").count() == 3


def test_two_accounts_can_each_have_an_ann():
    first, second = User.objects.create_user("one"), User.objects.create_user("two")

    Game.objects.start(["Ann", "Ben"], 1, owner=first)
    Game.objects.start(["ANN", "Ben"], 1, owner=second)
    Game.objects.start(["ann", "Cleo"], 1, owner=first)

    assert Player.objects.of(first, "").get(key="ann").name == "Ann"
    assert Player.objects.of(second, "").get(key="ann").name == "ANN"
    assert Player.objects.of(first, "").get(key="ann").seats.count() == 2


def test_logging_in_brings_the_browsers_roster_into_the_accounts():
    user = User.objects.create_user("keeper", password="a long enough password")
    Game.objects.start(["Ann", "Dan"], 1, owner=user)
    phone = Client()
    phone.get(reverse("game-new"))  # the browser's key comes with the form
    key = phone.session["browser"]
    Game.objects.start(["ANN", "Ben"], 1, browser=key)

    phone.post(reverse("login"), {"username": "keeper", "password": "a long enough password"})

    # The account's Ann is the browser's Ann now: one player, at both games.
    assert not Player.objects.filter(browser=key).exists()
    roster = Player.objects.of(user, "")
    assert sorted(roster.values_list("name", flat=True)) == ["Ann", "Ben", "Dan"]
    assert roster.get(key="ann").seats.count() == 2
