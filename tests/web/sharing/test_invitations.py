"""Keeping score on someone else's game is asked, and answered: invite, accept or decline,
take back, and leave."""

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.models import Game, Invitation
from games.models.invitations import MOST_FROM_ONE_OWNER, MOST_SHOWN
from games.sharing.views import NAMES_AN_HOUR
from tests.web.accounts.visitors import accept_invitation, account, logged_in, save_hand, start
from tests.web.pages import messages_on, text

pytestmark = pytest.mark.django_db


def invite(owner: Client, game, username: str) -> list[str]:
    owner.post(reverse("game-scorekeepers", args=[game.pk]), {"username": username})
    return messages_on(text(owner.get(game.get_absolute_url())))


def answer(client: Client, invitation: Invitation, choice: str):
    return client.post(reverse("invitation-answer", args=[invitation.pk]), {"answer": choice})


@pytest.fixture
def table():
    """Ann's game, and Ben with an account of his own."""
    owner = logged_in("ann")
    return owner, start(owner), logged_in("ben")


def test_an_invitation_waits_on_the_invited_accounts_pages(table):
    owner, game, ben = table

    invite(owner, game, "ben")

    # Ben sees it on his home page and his games list, and cannot keep score yet.
    for page in ("home", "game-list"):
        html = text(ben.get(reverse(page)))
        assert "ann asks you to keep score on Rummy: Ann, Ben" in html
        assert 'value="accept"' in html and 'value="decline"' in html
    assert save_hand(ben, game) == 403
    assert not game.scorekeepers.exists()
    # The owner sees him among those invited, not among the scorekeepers.
    owned = text(owner.get(game.get_absolute_url()))
    assert "Invited, keeping score once they accept:" in owned
    assert "Only you keep score." in owned


def test_accepting_makes_a_co_scorekeeper(table):
    owner, game, ben = table
    invite(owner, game, "ben")

    response = answer(ben, Invitation.objects.get(), "accept")

    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    assert list(game.scorekeepers.values_list("username", flat=True)) == ["ben"]
    assert not Invitation.objects.exists()
    assert save_hand(ben, game) == 302
    assert "asks you to keep score" not in text(ben.get(reverse("home")))


def test_declining_leaves_the_game_alone(table):
    owner, game, ben = table
    invite(owner, game, "ben")

    answer(ben, Invitation.objects.get(), "decline")

    assert "Invitation declined." in messages_on(text(ben.get(reverse("home"))))
    assert not game.scorekeepers.exists() and not Invitation.objects.exists()
    assert save_hand(ben, game) == 403


@pytest.mark.parametrize("stranger", ["cleo", "anonymous", "owner"])
def test_only_the_invited_account_may_answer(table, stranger):
    owner, game, _ = table
    invite(owner, game, "ben")
    invitation = Invitation.objects.get()
    client = {"cleo": logged_in("cleo"), "anonymous": Client(), "owner": owner}[stranger]

    response = answer(client, invitation, "accept")

    assert response.status_code == 404
    assert Invitation.objects.filter(pk=invitation.pk).exists()
    assert not game.scorekeepers.exists()


def test_the_owner_takes_an_invitation_back(table):
    owner, game, ben = table
    invite(owner, game, "ben")
    invitation = Invitation.objects.get()

    owner.post(reverse("game-scorekeepers", args=[game.pk]), {"withdraw": str(invitation.pk)})

    assert not Invitation.objects.exists()
    assert answer(ben, invitation, "accept").status_code == 404
    assert save_hand(ben, game) == 403


def test_inviting_twice_or_a_co_scorekeeper_says_so(table):
    owner, game, ben = table
    invite(owner, game, "ben")

    assert "ben is invited already: they keep score once they accept." in invite(owner, game, "BEN")
    assert Invitation.objects.count() == 1
    accept_invitation(ben)
    assert "ben keeps score on this game already." in invite(owner, game, "ben")
    assert not Invitation.objects.exists()


def test_a_co_scorekeeper_leaves_and_may_be_invited_again(table):
    owner, game, ben = table
    invite(owner, game, "ben")
    accept_invitation(ben)
    assert "Leave this game" in text(ben.get(game.get_absolute_url()))

    response = ben.post(reverse("game-leave", args=[game.pk]))

    assert response.status_code == 302 and response["Location"] == reverse("home")
    assert not game.scorekeepers.exists()
    assert ben.get(game.get_absolute_url()).status_code == 403
    assert game.get_absolute_url() not in text(ben.get(reverse("game-list")))
    invite(owner, game, "ben")
    accept_invitation(ben)
    assert save_hand(ben, game) == 302


def test_the_owner_cannot_leave_their_own_game(table):
    owner, game, _ = table

    owner.post(reverse("game-leave", args=[game.pk]))

    assert "Only a co-scorekeeper can leave a game; it is its owner's." in messages_on(
        text(owner.get(game.get_absolute_url()))
    )
    assert owner.get(game.get_absolute_url()).status_code == 200


def test_a_stranger_cannot_leave_a_game_they_do_not_keep(table):
    _, game, _ = table
    account("cleo")

    assert logged_in("cleo").post(reverse("game-leave", args=[game.pk])).status_code == 403


def test_one_owner_has_at_most_ten_invitations_waiting_for_an_account(table):
    owner, first, ben = table
    games = [first, *(start(owner) for _ in range(MOST_FROM_ONE_OWNER))]
    for game in games[:MOST_FROM_ONE_OWNER]:
        assert invite(owner, game, "ben") == ["ben is invited: they keep score once they accept."]

    refused = invite(owner, games[-1], "ben")

    assert refused == [
        "ben has 10 of your invitations to answer already: they can be asked again once "
        "they have answered some."
    ]
    assert Invitation.objects.count() == MOST_FROM_ONE_OWNER
    # Asking again for a game he is invited to says so, as before.
    assert invite(owner, games[0], "ben") == [
        "ben is invited already: they keep score once they accept."
    ]
    # Another owner's invitations are their own count.
    cat = logged_in("cat")
    assert invite(cat, start(cat), "ben") == ["ben is invited: they keep score once they accept."]
    # Once Ben answers one, Ann may ask again.
    answer(ben, Invitation.objects.filter(game__owner__username="ann").first(), "decline")
    assert invite(owner, games[-1], "ben") == ["ben is invited: they keep score once they accept."]


@pytest.mark.parametrize("waiting", [MOST_SHOWN, MOST_SHOWN + 1, MOST_SHOWN + 7])
def test_an_accounts_pages_show_the_newest_twenty_invitations_and_count_the_rest(table, waiting):
    _, _, ben = table
    ann, invited = User.objects.get(username="ann"), User.objects.get(username="ben")
    games = [Game.objects.start(["Ann", f"P{n}"], 1, owner=ann) for n in range(waiting)]
    Invitation.objects.bulk_create(Invitation(game=game, user=invited) for game in games)

    for page in ("home", "game-list"):
        html = text(ben.get(reverse(page)))
        # The newest first: the games' second players name them.
        shown = [f"P{n}" for n in range(waiting - 1, waiting - 1 - MOST_SHOWN, -1)]
        assert re.findall(r"ann asks you to keep score on [^<\n]+", html) == [
            f"ann asks you to keep score on Indian Chief: Ann, {name}" for name in shown
        ]
        more = waiting - MOST_SHOWN
        if more:
            noun = "invitation waits" if more == 1 else "invitations wait"
            assert f"{more} older {noun}: they show here as you answer these." in html
        else:
            assert "older invitation" not in html


def test_an_owner_asks_for_twenty_names_an_hour(table):
    """ "Nobody has that name" tells which accounts exist: an owner may ask for twenty
    names an hour, far more than a table invites, and then nothing more is said."""
    owner, game, _ = table
    for number in range(NAMES_AN_HOUR):
        assert f"Nobody has the user name “guess{number}”." in invite(owner, game, f"guess{number}")

    said = invite(owner, game, "ben")

    assert said == ["Too many names asked for in an hour: try again later."]
    assert not Invitation.objects.exists()
