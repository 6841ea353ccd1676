"""The rummy family played through its pages, as the scorekeeper would: a game started
from the new-game form, and each hand entered and saved from the hand form."""

from django.urls import reverse

from games.models import Game
from tests.web.pages import entry_url, errors_on, hand_form, text


def start(client, kind: str, names=("Ann", "Ben", "Cleo"), **settings) -> Game:
    """A game started through the new-game form, as the scorekeeper would."""
    data = {"kind": kind} | {f"player_{seat}": name for seat, name in enumerate(names)}
    response = post_new_game(client, data | {key: str(value) for key, value in settings.items()})
    assert response.status_code == 302, errors_on(text(response))
    return Game.objects.latest("pk")


def post_new_game(client, data):
    return client.post(reverse("game-new"), data | {"start": "1"})


def save_hand(
    client, game: Game, cards: list[str], number: int | None = None, headers=None, **answers
):
    """Enter a hand: each seat's cards and the hand's answers (`knocker=0`, …), then save."""
    data = hand_form(client, game, number) | {"save": "1"}
    data |= {f"cards_{seat}": text_ for seat, text_ in enumerate(cards)}
    data |= {key: str(value) for key, value in answers.items()}
    return client.post(entry_url(game, number), data, headers=headers or {})
