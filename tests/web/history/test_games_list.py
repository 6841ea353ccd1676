"""The list of games: each visitor's own, newest first, 20 a page, with totals and
winners, filtered by player and by game."""

import re

import pytest
from django.urls import reverse

from games.models import Game
from tests.web.accounts.visitors import logged_in, save_hand, start
from tests.web.pages import HTMX, text, words_of

pytestmark = pytest.mark.django_db


def test_the_list_of_games_pages_and_filters():
    client = logged_in("ann")
    for number in range(23):
        names = ("Ann", "Ben") if number % 2 else ("Cleo", "Dan")
        start(client, names, kind="rummy" if number % 3 else "carousel")
    newest = Game.objects.latest("pk")
    save_hand(client, Game.objects.filter(kind="rummy").latest("pk"))
    page = text(client.get(reverse("game-list")))
    assert page.count('class="game-row"') == 20
    assert "Page 1 of 2" in page
    # Newest first.
    assert page.index(newest.get_absolute_url()) < page.index(f"/games/{newest.pk - 1}/")
    assert text(client.get(reverse("game-list") + "?page=2")).count('class="game-row"') == 3

    ann = newest.seats.model.objects.filter(player__name="Ann").first().player
    by_player = text(client.get(reverse("game-list") + f"?player={ann.pk}"))
    assert by_player.count('class="game-row"') == 11  # the odd numbers below 23
    both = text(client.get(reverse("game-list") + f"?player={ann.pk}&kind=carousel"))
    # Odd numbers that are multiples of 3: 3, 9, 15, 21.
    assert both.count('class="game-row"') == 4
    # The filtered list keeps its filter when it pages, and htmx gets only the list.
    fragment = text(client.get(reverse("game-list") + f"?player={ann.pk}&kind=", headers=HTMX))
    assert fragment.strip().startswith('<section id="games"')
    assert fragment.count('class="game-row"') == 11 and "page=2" not in fragment
    paged = text(client.get(reverse("game-list") + "?kind=", headers=HTMX))
    assert "kind=&amp;page=2" in paged


def test_the_list_shows_totals_and_winners():
    client = logged_in("ann")
    game = start(client, ("Ann", "Ben"))
    save_hand(client, game)
    game.refresh_from_db()
    client.post(reverse("game-finish", args=[game.pk]), {"version": game.version})
    row = re.search(r'<a class="game-row".*?</a>', text(client.get(reverse("game-list"))), re.S)
    words = words_of(row.group(0))
    # Ann went out; Ben held K♠ = 10.
    assert "Rummy" in words and "Ann 10 · Ben 0" in words and "Ann won" in words


def test_a_filter_that_does_not_read_leaves_the_other_one_working():
    client = logged_in("ann")
    start(client, ("Ann", "Ben"), kind="rummy")
    start(client, ("Ann", "Ben"), kind="carousel")
    page = text(client.get(reverse("game-list") + "?player=junk&kind=carousel"))
    assert page.count('class="game-row"') == 1 and "Carousel" in page
