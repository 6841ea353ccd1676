"""A new game from its page: the players seated in order, the decks their count gives,
the names a visitor has seated before, and a rematch of the same table."""

import re

import pytest
from django.urls import reverse

from games.models import Game, Player
from tests.factories import WIN_ROUNDS, start
from tests.web.pages import (
    HEADERS,
    assert_goes_to,
    follow,
    is_whole_page,
    read_form,
    round_new,
    seat_errors,
    text,
)

pytestmark = pytest.mark.django_db


# ---------------------------------------------------------------------------
# New game


def post_new_game(client, *names, headers=None, **extra):
    """Post the new-game form as a browser does: every seat, blank or not, decks and note."""
    data = {f"player_{seat}": "" for seat in range(8)} | {"decks": "", "note": ""}
    data |= {f"player_{seat}": name for seat, name in enumerate(names)} | extra
    return client.post(reverse("game-new"), data, headers=headers or {})


@HEADERS
def test_enter_in_a_name_box_goes_to_the_next_seat_and_starts_nothing(client, headers):
    # Enter posts the form with its default button, "next": two names typed of four.
    response = post_new_game(client, "Ann", "Ben", headers=headers, next="1")

    assert response.status_code == 200
    assert Game.objects.count() == 0
    page = text(response)
    form = read_form(page, reverse("game-new"))
    assert [form.fields[f"player_{seat}"] for seat in range(3)] == ["Ann", "Ben", ""]
    # The cursor waits in seat 3, and only there.
    assert re.findall(r"<input[^>]*autofocus[^>]*>", page) == re.findall(
        r'<input[^>]*name="player_2"[^>]*>', page
    )
    # The form's first button, the one Enter presses, is that one again, not Start.
    assert (form.buttons[0].name, form.buttons[0].value) == ("next", "1")


@HEADERS
@pytest.mark.parametrize(
    ("names", "decks"),
    [
        (["Ann", "Ben"], 1),
        (["Ann", "Ben", "Cleo"], 1),
        (["Ann", "Ben", "Cleo", "Dan"], 2),
        (["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hal"], 2),
    ],
    ids=["2", "3", "4", "8"],
)
def test_a_new_game_seats_the_players_and_derives_the_decks(client, headers, names, decks):
    response = post_new_game(client, *names, headers=headers, note="Cabin")

    game = Game.objects.get()
    assert_goes_to(response, headers, round_new(game))
    assert game.player_names() == names
    assert (game.decks, game.note, game.version) == (decks, "Cabin", 0)
    assert "Round 1 of 7" in follow(client, response)


def test_a_longest_name_that_folds_longer_still_seats_its_player(client):
    # "ﬃ" folds to "ffi": a name of 40 of them is 120 characters as the roster's key.
    longest = "ﬃ" * 40

    response = post_new_game(client, longest, "Ann")

    game = Game.objects.get()
    assert response.url == round_new(game)
    assert game.player_names() == [longest, "Ann"]
    assert Player.objects.get(name=longest).key == "ffi" * 40


def test_no_character_folds_to_more_than_three():
    # Why a key has room for three times the longest name.
    assert max(len(chr(point).casefold()) for point in range(0x110000)) == 3


def test_blank_seats_are_skipped(client):
    post_new_game(client, "", "Ann", "", "  ", "Ben", "")

    assert Game.objects.get().player_names() == ["Ann", "Ben"]


@HEADERS
def test_a_name_seated_twice_is_refused_next_to_the_seat(client, headers):
    response = post_new_game(client, "Ann", "Ben", "Cleo", "ben", headers=headers)

    assert response.status_code == 200
    html = text(response)
    assert is_whole_page(html) is not bool(headers)
    assert seat_errors(html) == {3: "ben is already seated."}
    # Everything typed is still there.
    form = read_form(html, reverse("game-new"))
    assert [form.fields[f"player_{seat}"] for seat in range(4)] == ["Ann", "Ben", "Cleo", "ben"]
    assert not Game.objects.exists()


@HEADERS
@pytest.mark.parametrize(
    ("names", "message"),
    [
        ([], "Indian Chief is for 2 to 8 players, not 0."),
        (["Ann"], "Indian Chief is for 2 to 8 players, not 1."),
        (["", "", "Ann"], "Indian Chief is for 2 to 8 players, not 1."),
    ],
    ids=["nobody", "one", "one-after-blanks"],
)
def test_too_few_players_are_refused_with_a_clear_message(client, headers, names, message):
    response = post_new_game(client, *names, headers=headers)

    assert response.status_code == 200
    assert message in text(response)
    assert not Game.objects.exists()


def test_nine_players_are_refused_with_a_clear_message(client):
    nine = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hal", "Ivy"]

    response = post_new_game(client, *nine)

    assert not Game.objects.exists()
    assert "Indian Chief is for 2 to 8 players, not 9." in text(response)


def test_the_form_offers_ten_seats_eight_by_the_book(client):
    # Indian Chief seats 2 to 8 by the book, and up to 10 with three decks (H13).
    html = text(client.get(reverse("game-new")))
    form = read_form(html, reverse("game-new"))

    assert [name for name in form.fields if name.startswith("player_")] == [
        f"player_{seat}" for seat in range(10)
    ]
    assert "Type names in seat order (2 to 8 players, up to 10 by house rules)" in html


def test_ten_players_sit_down_with_three_decks_and_not_by_the_book(client):
    names = [f"P{seat}" for seat in range(10)]

    refused = post_new_game(client, *names)
    post_new_game(client, *names, decks="3")

    assert "Indian Chief is for 2 to 8 players, not 10." in text(refused)
    game = Game.objects.get()
    assert (len(game.player_names()), game.decks) == (10, 3)


def test_one_deck_for_four_players_is_refused(client):
    # The decks are asked as a house rule: by table size (2 for four), 2 or 3.
    response = post_new_game(client, "Ann", "Ben", "Cleo", "Dan", decks="1")

    assert "1 is not one of the available choices." in text(response)
    assert not Game.objects.exists()


def test_two_decks_for_three_players_is_the_variant(client):
    post_new_game(client, "Ann", "Ben", "Cleo", decks="2")

    assert Game.objects.get().decks == 2


def test_new_names_join_the_roster_and_known_names_are_reused_in_any_case(client):
    # Ann joins this browser's roster with its first game; Zoe sits at another browser's
    # game only, so only Ann is suggested.
    post_new_game(client, "Ann", "Cleo")
    ann = Game.objects.latest("pk").seats.get(position=0).player
    Game.objects.start(["Zoe", "Cleo"], 1, browser="another-browser")
    page = text(client.get(reverse("game-new")))
    assert '<option value="Ann">' in page  # suggested while typing
    assert '<option value="Zoe">' not in page

    post_new_game(client, "aNN", "Ben")

    roster = Player.objects.of(None, ann.browser).values_list("name", flat=True)
    assert list(roster) == ["Ann", "Ben", "Cleo"]
    assert Game.objects.latest("pk").seats.get(position=0).player == ann
    assert '<option value="Ben">' in text(client.get(reverse("game-new")))


def test_each_table_keeps_its_own_spelling_of_a_name(client, django_user_model):
    # Another account seated "ANN" first; this visitor's "ann" is their own player.
    other = django_user_model.objects.create_user("other")
    Game.objects.start(["ANN", "Ben"], 1, owner=other)

    post_new_game(client, "ann", "Ben")

    game = Game.objects.latest("pk")
    assert game.player_names() == ["ann", "Ben"]
    assert Player.objects.filter(key="ann").count() == 2
    assert '<option value="ANN">' not in text(client.get(reverse("game-new")))


@HEADERS
def test_a_rematch_seats_the_same_players_in_the_same_order(client, headers):
    old = Game.objects.start(["Cleo", "Ann", "Ben"], 1, "Friday")

    html = text(client.get(f"{reverse('game-new')}?rematch={old.pk}", headers=headers))

    form = read_form(html, reverse("game-new"))
    seats = [form.fields[f"player_{seat}"] for seat in range(8)]
    assert seats == ["Cleo", "Ann", "Ben", "", "", "", "", ""]
    assert form.fields["note"] == "Friday"


@pytest.mark.parametrize("rematch", ["12345", "abc", "", "-1", "99999999999999999999999"])
def test_a_rematch_of_an_unknown_game_is_an_empty_form(client, rematch):
    Game.objects.start(["Cleo", "Ann"], 1)

    response = client.get(f"{reverse('game-new')}?rematch={rematch}")

    assert response.status_code == 200
    form = read_form(text(response), reverse("game-new"))
    assert all(form.fields[f"player_{seat}"] == "" for seat in range(8))


def test_a_rematch_with_a_superscript_digit_is_an_empty_form(client):
    client.raise_request_exception = False  # a crash is a 500 answer, as a phone sees it

    response = client.get(f"{reverse('game-new')}?rematch=²")

    assert response.status_code == 200


def test_a_finished_game_offers_a_rematch(client):
    game = start(["Ann", "Ben"], 1, [cards for cards, _ in WIN_ROUNDS])

    html = text(client.get(game.get_absolute_url()))

    assert f'href="/games/new/?rematch={game.pk}"' in html


# ---------------------------------------------------------------------------
# House rules (house-rules.md H90–H91)


def rules_line(html: str) -> str:
    found = re.search(r'<p class="rules-line" id="rules-line" role="status">([^<]*)</p>', html)
    assert found, "no rules line"
    return found.group(1)


def test_the_new_game_page_offers_the_presets_book_first_and_every_house_rule(client):
    html = text(client.get(reverse("game-new")))

    presets = re.findall(r'<input type="radio" name="preset" value="([^"]+)"', html)
    assert presets == ["book", "bga", "catsatcards"]
    assert re.search(r'name="preset" value="book"[^>]*checked', html)
    assert "<summary>Change house rules</summary>" in html
    # Each house rule, each value in the rules line's words, and what it is about.
    for rule in ["beggar_pair", "straight_ace", "thief_ace", "decks"]:
        assert f'<select name="{rule}"' in html
    assert '<option value="per_card">Beggar pair counts each match twice</option>' in html
    assert "Where a Thief of an ace steals in the Thieves' order" in html
    assert rules_line(html) == "Rules: Book"


def test_a_house_rule_changed_asks_for_the_rules_line_and_starts_nothing(client):
    response = post_new_game(
        client, "Ann", "Ben", preset="bga", straight_ace="high_only", update="1"
    )

    assert rules_line(text(response)) == "Rules: Board Game Arena; A-2-3-4-5 is no straight"
    assert not Game.objects.exists()


def test_a_game_stores_its_whole_rule_set_and_its_pages_show_it(client):
    response = post_new_game(client, "Ann", "Ben", "Cleo", preset="bga", beggar_pair="per_card")

    game = Game.objects.get()
    assert_goes_to(response, {}, round_new(game))
    assert game.settings == {
        "preset": "bga",
        "beggar_pair": "per_card",
        "straight_ace": "high_and_low",
        "thief_ace": "last",
        "decks": "auto",
    }
    line = "Rules: Board Game Arena; Beggar pair counts each match twice"
    assert line in text(client.get(game.get_absolute_url()))


def test_a_rematch_keeps_the_house_rules(client):
    post_new_game(client, "Ann", "Ben", kind="carousel", preset="knock_five")
    old = Game.objects.get()

    html = text(client.get(f"{reverse('game-new')}?rematch={old.pk}"))

    assert re.search(r'name="preset" value="knock_five"[^>]*checked', html)
    assert rules_line(html) == "Rules: Knock with 5"


def test_a_house_rule_the_game_does_not_offer_is_refused_next_to_it(client):
    response = post_new_game(client, "Ann", "Ben", kind="carousel", knock_max="6")

    assert "6 is not one of the available choices." in text(response)
    assert not Game.objects.exists()
