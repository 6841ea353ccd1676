"""The visitors a game meets, and what they do through its pages: accounts and browsers
starting a game, saving a hand, sharing it and accepting an invitation to keep score."""

import re

from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from games.models import Game
from tests.web.pages import text

PASSWORD = "a quite long pass phrase"


def start(client: Client, names=("Ann", "Ben"), kind="rummy") -> Game:
    data = {"kind": kind, "start": "1"} | {f"player_{n}": name for n, name in enumerate(names)}
    response = client.post(reverse("game-new"), data)
    assert response.status_code == 302
    return Game.objects.latest("pk")


def account(name: str = "ann") -> User:
    return User.objects.create_user(name, f"{name}@example.org", PASSWORD)


def logged_in(name: str = "ann") -> Client:
    client = Client()
    user = User.objects.filter(username=name).first() or account(name)
    client.force_login(user)
    return client


def as_browser(client: Client, key: str) -> Client:
    """The test client as the browser whose session holds this key."""
    session = client.session
    session["browser"] = key
    session.save()
    return client


def accept_invitation(client: Client) -> None:
    """Accept the invitation the home page shows, as its account would."""
    home = text(client.get(reverse("home")))
    action = re.search(r'<form class="answer" method="post" action="([^"]+)"', home).group(1)
    assert client.post(action, {"answer": "accept"}).status_code == 302


def shared_link(owner: Client, game: Game) -> str:
    """Share the game as its owner does; its live page's address (`game` is refreshed)."""
    owner.post(reverse("game-share", args=[game.pk]))
    game.refresh_from_db()
    return reverse("shared-game", args=[game.share_token])


def save_hand(client: Client, game: Game) -> int:
    """Save a Rummy hand (Ann goes out, Ben holds K♠); returns the response's status."""
    html = text(client.get(reverse("round-new", args=[game.pk])))
    token = re.search(r'name="token" value="([^"]+)"', html)
    if token is None:
        return client.get(reverse("round-new", args=[game.pk])).status_code
    game.refresh_from_db()
    data = {"token": token.group(1), "version": game.version, "save": "1"}
    data |= {"winner": "0", "cards_1": "KS"}
    return client.post(reverse("round-new", args=[game.pk]), data).status_code
