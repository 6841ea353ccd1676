"""The game pages at the table: every view, as a plain page and as an htmx fragment.

The tests use the pages as a phone without JavaScript does: they read the form that was
served, tap one of its buttons (submitting every field with the button's name and value) and
read the answer. Every score is worked out by hand in the comments.
"""

import re
from html import unescape

import pytest
from django.urls import reverse

from games.models import Game
from tests.factories import FOUR, THIEVES_ROUND, TRIO, TRIO_ROUND, WIN_ROUNDS, fresh, start
from tests.web.pages import (
    HEADERS,
    HTMX,
    Table,
    assert_goes_to,
    is_whole_page,
    round_edit,
    round_new,
    steals_url,
    text,
)

pytestmark = pytest.mark.django_db


# ---------------------------------------------------------------------------
# Every view: the whole page, or with HX-Request only its fragment


PAGES = {
    "game-new": (lambda game: reverse("game-new"), "new-game"),
    "calculator": (lambda game: reverse("calculator"), "calculator"),
    "game-detail": (lambda game: game.get_absolute_url(), "scoreboard"),
    "round-new": (lambda game: round_new(game), "round-entry"),
    "round-edit": (lambda game: round_edit(game, 1), "round-entry"),
    "steals": (lambda game: steals_url(game, 1), "steals"),
}


@pytest.mark.parametrize("page", PAGES)
def test_a_page_is_served_whole_without_htmx(client, after_thieves, page):
    url, fragment = PAGES[page]

    response = client.get(url(after_thieves))

    assert response.status_code == 200
    html = text(response)
    assert is_whole_page(html)
    assert f'id="{fragment}"' in html
    assert "<h1" in html


@pytest.mark.parametrize("page", PAGES)
def test_htmx_gets_only_the_fragment(client, after_thieves, page):
    url, fragment = PAGES[page]

    response = client.get(url(after_thieves), headers=HTMX)

    assert response.status_code == 200
    html = text(response)
    assert not is_whole_page(html)
    # The answer is the fragment's element itself, ready to be swapped in.
    assert re.match(rf'\s*<(form|section|div) id="{fragment}"', html), html[:200]
    if fragment != "round-entry":  # the round's heading names the round: it is swapped too
        assert "<h1" not in html


@HEADERS
@pytest.mark.parametrize("url", ["/", "/rules/"], ids=["home", "rules"])
def test_pages_without_a_fragment_are_served_whole_either_way(client, headers, url):
    html = text(client.get(url, headers=headers))

    assert is_whole_page(html)
    assert "<h1" in html


@HEADERS
def test_the_calculator_scores_one_meld(client, headers):
    # Indian Chief 3♥ 6♥ 8♥ J♥ Q♥ A♥ 7♣: six hearts, so a flush (30) whatever the split;
    # the best baccarat leaves A♥ 7♣ out of it, 1 + 7 = 8: 38.
    response = client.post(
        reverse("calculator"),
        {"cards": "3H 6H 8H JH QH AH 7C", "table": "", "decks": "1"},
        headers=headers,
    )

    html = text(response)
    assert response.status_code == 200
    assert is_whole_page(html) is not bool(headers)
    assert "<h2>Indian Chief: 38</h2>" in html


def test_the_calculator_reads_cards_typed_in_the_tables_words(client):
    # The same seven cards as above, as a Hindi and a Filipino table type them, a rank
    # and its suit apart: 38 as before.
    typed = "3 पान 6 पान 8 पान ग़ुलाम पान बेगम पान इक्का पान, 7 chidi"
    response = client.post(reverse("calculator"), {"cards": typed, "table": "", "decks": "1"})
    assert "<h2>Indian Chief: 38</h2>" in text(response)
    typed = "3 puso 6 puso 8 puso sota puso reyna puso alas ng puso 7 trebol"
    response = client.post(reverse("calculator"), {"cards": typed, "table": "", "decks": "1"})
    assert "<h2>Indian Chief: 38</h2>" in text(response)


@HEADERS
def test_the_calculator_counts_a_beggar_mans_matches_on_the_table(client, headers):
    # Beggar Man 9♠ 9♥ against 9♦ 9♣ 4♠: two nines, 2 × 2 = 4.
    html = text(
        client.post(
            reverse("calculator"),
            {"cards": "9S 9H", "table": "9D 9C 4S", "decks": "1"},
            headers=headers,
        )
    )

    assert "<h2>Beggar Man: 4</h2>" in html


@HEADERS
def test_the_calculator_says_what_is_wrong(client, headers):
    html = text(
        client.post(reverse("calculator"), {"cards": "9S 9S", "decks": "1"}, headers=headers)
    )

    assert "9♠ appears 2 times; only one deck is in play." in unescape(html)
    assert "<h2>" not in html.split('id="calculator"')[1]


def _new_game(client, game, headers):
    response = client.post(
        reverse("game-new"), {"player_0": "Zoe", "player_1": "Yan"}, headers=headers
    )
    return response, round_new(Game.objects.get(note="", players__name="Zoe"))


def _save_plain_round(client, game, headers):
    game = start(TRIO)
    table = Table(client, round_new(game)).fill(*TRIO_ROUND)
    return client.post(
        table.url, table.form.data(table.form.button(name="save")), headers=headers
    ), (game.get_absolute_url())


def _save_round_with_thieves(client, game, headers):
    game = start(FOUR, 2)
    table = Table(client, round_new(game)).fill(*THIEVES_ROUND)
    response = client.post(
        table.url, table.form.data(table.form.button(name="save")), headers=headers
    )
    return response, steals_url(game, 1)


def _save_edit(client, game, headers):
    table = Table(client, round_edit(game, 1))
    data = table.form.data(table.form.button(name="save"), cards_2="KS 4H")
    return client.post(table.url, data, headers=headers), game.get_absolute_url()


def _steal(client, game, headers):
    data = {"version": str(game.version), "deck": "1"}
    return client.post(steals_url(game, 1), data, headers=headers), steals_url(game, 1)


def _undo(client, game, headers):
    data = {"version": str(game.version)}
    return client.post(reverse("round-undo", args=[game.pk]), data, headers=headers), (
        game.get_absolute_url()
    )


def _reopen(client, game, headers):
    game = start(["Ann", "Ben"], 1, [cards for cards, _ in WIN_ROUNDS])
    data = {"version": str(game.version)}
    return client.post(reverse("game-reopen", args=[game.pk]), data, headers=headers), (
        game.get_absolute_url()
    )


def _finished_round_new(client, game, headers):
    game = start(["Ann", "Ben"], 1, [cards for cards, _ in WIN_ROUNDS])
    return client.get(round_new(game), headers=headers), game.get_absolute_url()


REDIRECTS = {
    "game-new": _new_game,
    "round-new-save": _save_plain_round,
    "round-new-save-with-thieves": _save_round_with_thieves,
    "round-edit-save": _save_edit,
    "steals": _steal,
    "round-undo": _undo,
    "game-reopen": _reopen,
    "round-new-when-finished": _finished_round_new,
}


@HEADERS
@pytest.mark.parametrize("action", REDIRECTS)
def test_a_done_action_redirects_or_tells_htmx_where_to_go(client, after_thieves, headers, action):
    response, url = REDIRECTS[action](client, after_thieves, headers)

    assert_goes_to(response, headers, url)


NOT_ALLOWED = [
    ("post", lambda game: "/"),
    ("post", lambda game: reverse("rules")),
    ("post", lambda game: game.get_absolute_url()),
    ("put", lambda game: reverse("calculator")),
    ("delete", lambda game: reverse("game-new")),
    ("put", lambda game: round_new(game)),
    ("delete", lambda game: round_edit(game, 1)),
    ("put", lambda game: steals_url(game, 1)),
    ("get", lambda game: reverse("round-undo", args=[game.pk])),
    ("get", lambda game: reverse("game-reopen", args=[game.pk])),
]


@HEADERS
@pytest.mark.parametrize(
    ("method", "url"),
    NOT_ALLOWED,
    ids=[
        "post-home",
        "post-rules",
        "post-game-detail",
        "put-calculator",
        "delete-game-new",
        "put-round-new",
        "delete-round-edit",
        "put-steals",
        "get-round-undo",
        "get-game-reopen",
    ],
)
def test_other_methods_are_not_allowed(client, after_thieves, headers, method, url):
    response = getattr(client, method)(url(after_thieves), headers=headers)

    assert response.status_code == 405
    assert after_thieves.rounds.count() == 1
    assert fresh(after_thieves).version == after_thieves.version


@pytest.mark.parametrize(
    "url",
    [
        lambda game: reverse("game-detail", args=[game.pk + 1]),
        lambda game: reverse("round-new", args=[game.pk + 1]),
        lambda game: round_edit(game, 2),
        lambda game: steals_url(game, 2),
    ],
    ids=["game", "round-new", "round-edit", "steals"],
)
def test_a_game_or_round_that_does_not_exist_is_not_found(client, after_thieves, url):
    assert client.get(url(after_thieves)).status_code == 404


def test_the_boards_melds_to_make_are_counted_and_named(client):
    # After one round Ann has made her Beggar Man, Ben his Poor Man, Cleo her Lawyer.
    game = start(TRIO, rounds=[TRIO_ROUND])
    html = unescape(text(client.get(game.get_absolute_url())))
    row = re.search(r'<tr class="remaining">.*?</tr>', html, re.S)
    assert row
    ann = re.search(r"<td>(.*?)</td>", row.group(0))
    assert ann
    # The sizes, as the rows above count them, each with its meld's name for a reader.
    chips = re.findall(r'<span class="chip" title="([^"]+)">(\d)<', ann.group(1))
    assert chips == [
        ("Thief", "1"),
        ("Poor Man", "3"),
        ("Lawyer", "4"),
        ("Rich Man", "5"),
        ("Doctor", "6"),
        ("Indian Chief", "7"),
    ]
    assert '<span class="visually-hidden"> Poor Man</span>' in ann.group(1)
