"""Every model is registered in the admin, and its pages open."""

import pytest
from django.contrib import admin
from django.urls import reverse

from games.models import Change, Game, Hand, Player, Round, Seat, Steal
from tests.factories import add_round, make_game

pytestmark = pytest.mark.django_db

MODELS = [Player, Game, Seat, Round, Hand, Steal, Change]


def test_every_model_is_registered():
    assert all(admin.site.is_registered(model) for model in MODELS)


@pytest.mark.parametrize("model", MODELS, ids=lambda model: model.__name__)
def test_the_list_and_an_object_open_for_staff(admin_client, model):
    game = make_game(["Mia", "Noor", "Omar", "Pia"])
    add_round(
        game,
        {"Mia": "9D", "Noor": "3S", "Omar": "9C QH", "Pia": "QS 8H 5C 2D"},
        steals=[("Noor", "Pia", "QS")],
    )
    Change.objects.create(game=game, action=Change.Action.STARTED, after=[["players", "Mia"]])
    meta = model._meta

    listing = admin_client.get(reverse(f"admin:{meta.app_label}_{meta.model_name}_changelist"))
    change = admin_client.get(
        reverse(f"admin:{meta.app_label}_{meta.model_name}_change", args=[model.objects.first().pk])
    )

    assert listing.status_code == 200
    assert change.status_code == 200


def test_renaming_a_player_in_the_admin_gives_their_games_a_new_version(admin_client, client):
    game = make_game(["Ann", "Ben"])
    add_round(game, {"Ann": "KC", "Ben": "AS 2H 3C AD 4S"})
    sheet = client.get(f"/games/{game.pk}/sheet.pdf")
    ann = Player.objects.get(name="Ann")

    response = admin_client.post(
        reverse("admin:games_player_change", args=[ann.pk]), {"name": "Annabelle"}
    )

    assert response.status_code == 302
    game.refresh_from_db()
    assert game.version == 1
    again = client.get(f"/games/{game.pk}/sheet.pdf", headers={"If-None-Match": sheet["ETag"]})
    assert again.status_code == 200  # not 304: the sheet now says Annabelle


def test_deleting_selected_rounds_in_the_admin_gives_their_games_a_new_version(admin_client):
    game = make_game(["Ann", "Ben"])
    add_round(game, {"Ann": "KC", "Ben": "AS 2H 3C AD 4S"})
    played = Round.objects.get(game=game)

    response = admin_client.post(
        reverse("admin:games_round_changelist"),
        {"action": "delete_selected", "_selected_action": [played.pk], "post": "yes"},
    )

    assert response.status_code == 302
    assert not Round.objects.filter(pk=played.pk).exists()
    game.refresh_from_db()
    assert game.version == 1


def test_the_admin_cannot_write_a_games_version_back(admin_client):
    # A form loaded before a change would otherwise set an older version again, under
    # which the pages keep what they worked out from the game as it was.
    game = make_game(["Ann", "Ben"])

    page = admin_client.get(reverse("admin:games_game_change", args=[game.pk])).content.decode()

    assert 'name="decks"' in page  # the form is there, without the version
    assert 'name="version"' not in page
