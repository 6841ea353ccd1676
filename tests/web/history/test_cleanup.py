"""Games that can be cleaned up: an owner deletes a game (and can restore it for 30 days),
and a table abandons a game it will not finish. Nothing entered is lost by either."""

import re
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from games.models import Change, Game, Hand, Round
from tests.factories import WIN_ROUNDS, fresh, play
from tests.web.accounts.visitors import accept_invitation, logged_in, save_hand
from tests.web.pages import messages_on, text

pytestmark = pytest.mark.django_db


def owned_game(client: Client, rounds: int = 2) -> Game:
    """Ann and Ben's Indian Chief game, its first `rounds` rounds of WIN_ROUNDS played."""
    owner = User.objects.get(username="ann")
    game = Game.objects.start(["Ann", "Ben"], 1, owner=owner)
    for cards, _ in WIN_ROUNDS[:rounds]:
        play(game, cards)
    return fresh(game)


@pytest.fixture
def ann() -> Client:
    return logged_in("ann")


def delete(client: Client, game: Game):
    return client.post(reverse("game-delete", args=[game.pk]))


def snapshot(game: Game) -> list[dict[str, str]]:
    return [played.snapshot() for played in Round.objects.filter(game_id=game.pk)]


# ---------------------------------------------------------------------------
# Delete and restore


def test_deleting_asks_first_and_says_how_long_it_can_be_restored(ann):
    game = owned_game(ann)

    page = text(ann.get(game.get_absolute_url()))
    assert f'href="{reverse("game-delete", args=[game.pk])}"' in page
    confirm = text(ann.get(reverse("game-delete", args=[game.pk])))

    assert "Delete this game?" in confirm
    assert "Ann, Ben, 2 rounds entered" in confirm
    assert "for 30 days" in confirm
    # Asking deleted nothing.
    assert Game.objects.filter(pk=game.pk).exists()


def test_a_deleted_game_is_gone_from_every_page_until_restored(ann):
    game = owned_game(ann)
    cards = snapshot(game)
    share = reverse("shared-game", args=[game.share()])

    response = delete(ann, game)

    assert response.status_code == 302 and response["Location"] == reverse("games-deleted")
    trash = text(ann.get(reverse("games-deleted")))
    deleted = f"Indian Chief #{game.pk} deleted. You can restore it here for 30 days."
    assert deleted in messages_on(trash)
    assert "Ann · Ben" in trash
    until = (timezone.now() + timedelta(days=30)).strftime("%-d %b %Y")
    assert f"restorable until {until}" in trash
    # Gone from the lists, the player's figures, exports, its own page and its share link.
    assert "Ann · Ben" not in text(ann.get(reverse("game-list")))
    assert f"/games/{game.pk}/" not in text(ann.get(reverse("home")))
    assert ann.get(game.get_absolute_url()).status_code == 404
    assert ann.get(reverse("round-new", args=[game.pk])).status_code == 404
    assert Client().get(share).status_code == 404
    assert '"games": []' in text(ann.get(reverse("games-export-json")))
    assert ann.get(reverse("player-list")).context["rows"] == []

    restore = ann.post(reverse("game-restore", args=[game.pk]))

    assert restore["Location"] == game.get_absolute_url()
    page = text(ann.get(game.get_absolute_url()))
    assert f"Indian Chief #{game.pk} is back." in messages_on(page)
    assert snapshot(game) == cards
    assert Client().get(share).status_code == 200
    assert [change.action for change in fresh(game).changes.order_by("pk")][-2:] == [
        Change.Action.DELETED,
        Change.Action.RESTORED,
    ]
    assert "No deleted games." in text(ann.get(reverse("games-deleted")))


def test_a_phone_saving_into_a_deleted_game_saves_nothing(ann):
    game = Game.objects.start(
        ["Ann", "Ben"], 1, kind="rummy", owner=User.objects.get(username="ann")
    )
    html = text(ann.get(reverse("round-new", args=[game.pk])))
    token = re.search(r'name="token" value="([^"]+)"', html).group(1)
    delete(ann, game)

    response = ann.post(
        reverse("round-new", args=[game.pk]),
        {"token": token, "version": game.version, "save": "1", "winner": "0", "cards_1": "KS"},
    )

    assert response.status_code == 404
    assert not Round.objects.filter(game_id=game.pk).exists()


def fresh_deleted(game: Game) -> Game:
    return Game.deleted.get(pk=game.pk)


def test_only_the_owner_deletes_and_restores(ann):
    game = owned_game(ann)
    ben = logged_in("ben")
    ann.post(reverse("game-scorekeepers", args=[game.pk]), {"username": "ben"})
    accept_invitation(ben)

    # Ben keeps score, but the game is Ann's: he is told so, and it stays.
    refused = ben.post(reverse("game-delete", args=[game.pk]))
    assert "Only the game's owner can delete it." in messages_on(text(ben.get(refused["Location"])))
    assert "Delete the game" not in text(ben.get(game.get_absolute_url()))
    assert Game.objects.filter(pk=game.pk).exists()

    delete(ann, game)
    # Deleted, it is gone for Ben too, and nobody else can bring it back.
    assert ben.get(game.get_absolute_url()).status_code == 404
    assert "No deleted games." in text(ben.get(reverse("games-deleted")))
    assert ben.post(reverse("game-restore", args=[game.pk])).status_code == 404
    assert Client().post(reverse("game-restore", args=[game.pk])).status_code == 404
    assert fresh_deleted(game).deleted_at is not None


def test_an_anonymous_browser_deletes_and_restores_its_own_game(client):
    client.get(reverse("game-new"))
    client.post(
        reverse("game-new"), {"kind": "rummy", "start": "1", "player_0": "Ann", "player_1": "Ben"}
    )
    game = Game.objects.get()
    other = Client()

    assert other.post(reverse("game-delete", args=[game.pk])).status_code == 403
    delete(client, game)
    assert other.post(reverse("game-restore", args=[game.pk])).status_code == 404
    client.post(reverse("game-restore", args=[game.pk]))

    assert Game.objects.filter(pk=game.pk).exists()


@pytest.mark.parametrize(("days", "kept"), [(29, True), (31, False)])
def test_a_deleted_game_is_gone_for_good_after_30_days(ann, days, kept):
    game = owned_game(ann)
    delete(ann, game)
    Game.deleted.filter(pk=game.pk).update(deleted_at=timezone.now() - timedelta(days=days))

    trash = text(ann.get(reverse("games-deleted")))

    assert ("Ann · Ben" in trash) is kept
    assert Game.deleted.filter(pk=game.pk).exists() is kept
    assert Hand.objects.filter(round__game_id=game.pk).exists() is kept


# ---------------------------------------------------------------------------
# Abandon and resume


def test_an_abandoned_game_stays_in_the_history_and_counts_for_nobody(ann):
    game = owned_game(ann, rounds=3)
    record_before = {
        row["player"].name: row["record"] for row in ann.get(reverse("player-list")).context["rows"]
    }

    response = ann.post(reverse("game-abandon", args=[game.pk]), {"version": game.version})

    page = text(ann.get(response["Location"]))
    assert "Game abandoned: it stays in the history and counts for nobody." in messages_on(page)
    assert "<h2>Abandoned</h2>" in page
    assert "Resume the game" in page
    assert "Enter round 4" not in page
    listed = text(ann.get(reverse("game-list")))
    assert "Indian Chief · abandoned" in listed
    assert "Abandoned: counts for nobody" in listed
    # Not a result for anybody: no game played, none won.
    rows = ann.get(reverse("player-list")).context["rows"]
    assert {row["player"].name: row["record"] for row in rows} == record_before
    assert all(row["record"].out_of == 0 for row in rows)
    # Read-only: the entry screen sends the table back to the game.
    entry = ann.get(reverse("round-new", args=[game.pk]))
    assert "This game was abandoned. Resume it to go on." in messages_on(
        text(ann.get(entry["Location"]))
    )
    assert ann.get(reverse("round-edit", args=[game.pk, 1]))["Location"] == (
        game.get_absolute_url()
    )
    assert fresh(game).rounds.count() == 3


def test_a_resumed_game_goes_on_where_it_stopped(ann):
    game = owned_game(ann, rounds=3)
    ann.post(reverse("game-abandon", args=[game.pk]), {"version": game.version})

    ann.post(reverse("game-reopen", args=[game.pk]), {"version": fresh(game).version})

    resumed = fresh(game)
    assert resumed.is_open and not resumed.is_finished
    assert "Enter round 4" in text(ann.get(game.get_absolute_url()))
    for cards, _ in WIN_ROUNDS[3:]:
        play(resumed, cards)
    assert fresh(game).is_finished
    assert fresh(game).standings().winners == ("Ann",)


def test_abandoning_a_stale_or_finished_game_changes_nothing(ann):
    game = owned_game(ann, rounds=1)

    stale = ann.post(reverse("game-abandon", args=[game.pk]), {"version": game.version - 1})
    assert "Another device changed this game first; nothing changed." in messages_on(
        text(ann.get(stale["Location"]))
    )
    assert fresh(game).is_open

    for cards, _ in WIN_ROUNDS[1:]:
        play(game, cards)
    over = fresh(game)
    refused = ann.post(reverse("game-abandon", args=[game.pk]), {"version": over.version})
    assert "This game is already over." in messages_on(text(ann.get(refused["Location"])))
    assert not fresh(game).is_abandoned and fresh(game).is_finished


def test_a_hand_game_can_be_abandoned_too(ann):
    game = Game.objects.start(
        ["Ann", "Ben"], 1, kind="rummy", owner=User.objects.get(username="ann")
    )
    assert save_hand(ann, game) == 302

    ann.post(reverse("game-abandon", args=[game.pk]), {"version": fresh(game).version})

    assert fresh(game).is_abandoned
    # The entry screen is closed to it: a second hand is not taken.
    assert save_hand(ann, game) == 302
    assert fresh(game).rounds.count() == 1
