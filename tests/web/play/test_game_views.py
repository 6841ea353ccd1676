"""The game pages at the table: every view, as a plain page and as an htmx fragment.

The tests use the pages as a phone without JavaScript does: they read the form that was
served, tap one of its buttons (submitting every field with the button's name and value) and
read the answer. Every score is worked out by hand in the comments.
"""

import re
import uuid
from html import unescape

import pytest
from django.urls import reverse

from games import web
from games.models import Change, Game, Player, Round, Steal
from games.models import scores as read_model
from games.play import entry
from tests.factories import (
    FOUR,
    THIEVES_ROUND,
    THIEVES_SCORES,
    TIE_ROUNDS,
    TIE_TOTAL,
    TIED_THIEVES_ROUND,
    TIED_THIEVES_SCORES,
    TRIO,
    TRIO_NEXT,
    TRIO_NEXT_SCORES,
    TRIO_ROUND,
    TRIO_SCORES,
    WIN_ROUNDS,
    WIN_TOTALS,
    fresh,
    play,
    round_scores,
    start,
    totals_by_name,
)
from tests.web.pages import (
    HEADERS,
    HTMX,
    Table,
    assert_goes_to,
    error_on,
    events_on,
    follow,
    history_on,
    is_whole_page,
    meanwhile_on,
    messages_on,
    read_form,
    round_edit,
    round_new,
    round_scores_on,
    seat_errors,
    steals_page,
    steals_url,
    text,
    thief_order_on,
    totals_on,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def after_thieves() -> Game:
    """Four players, two decks; round 1 had Ann's and Ben's Thieves."""
    return start(FOUR, 2, [THIEVES_ROUND])


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


# ---------------------------------------------------------------------------
# New game


def post_new_game(client, *names, headers=None, **extra):
    """Post the new-game form as a browser does: every seat, blank or not, decks and note."""
    data = {f"player_{seat}": "" for seat in range(8)} | {"decks": "", "note": ""}
    data |= {f"player_{seat}": name for seat, name in enumerate(names)} | extra
    return client.post(reverse("game-new"), data, headers=headers or {})


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


def test_the_form_offers_eight_seats(client):
    form = read_form(text(client.get(reverse("game-new"))), reverse("game-new"))

    assert [name for name in form.fields if name.startswith("player_")] == [
        f"player_{seat}" for seat in range(8)
    ]


def test_one_deck_for_four_players_is_refused(client):
    response = post_new_game(client, "Ann", "Ben", "Cleo", "Dan", decks="1")

    assert "4 players need 2 decks: one deck has too few cards." in text(response)
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
# Round entry: one tap at a time


@HEADERS
def test_the_screen_opens_on_the_first_player_with_every_card_free(client, trio, headers):
    table = Table(client, round_new(trio), headers)

    assert table.active() == 0
    assert len([b for b in table.form.buttons if b.name == "add"]) == 52
    assert table.taken() == set()
    assert [table.cards(seat) for seat in range(3)] == ["", "", ""]
    assert uuid.UUID(table.form.fields["token"])
    assert table.form.fields["version"] == "0"


@HEADERS
def test_selecting_a_player_and_tapping_cards_builds_their_meld(client, trio, headers):
    table = Table(client, round_new(trio), headers)

    # Ben gets K♠: a Thief, face value 10.
    table.select("Ben")
    assert table.active() == 1
    table.pick("K♠")

    assert table.cards(1) == "KS"
    assert table.preview(1) == ("Thief", 10)
    assert "Thief K♠: face value 10." in table.player(1)
    # Then 9♠ and 2♦: three cards make a Poor Man, the spades K♠ 9♠ = 10 + 9 = 19.
    table.pick("9♠", "2♦")
    assert table.cards(1) == "KS 9S 2D"
    assert table.preview(1) == ("Poor Man", 19)
    assert "Spades K♠ 9♠: 10 + 9 = 19." in table.player(1)
    assert [table.cards(0), table.cards(2)] == ["", ""]


def test_the_active_player_sees_the_melds_still_to_make(client):
    game = start(TRIO, rounds=[TRIO_ROUND])

    table = Table(client, round_new(game))

    # Ann made her Beggar Man in round 1: it is not offered again.
    remaining = re.search(r'<p class="remaining">(.*?)</p>', table.section(0), re.S).group(1)
    assert "Beggar Man" not in remaining
    # Plain chips, not links: a tap there must not leave the round for the rules page.
    assert re.findall(r'<span class="chip">([^<]+)</span>', remaining) == [
        "1 Thief",
        "3 Poor Man",
        "4 Lawyer",
        "5 Rich Man",
        "6 Doctor",
        "7 Indian Chief",
    ]
    assert "<a " not in remaining


def test_a_meld_already_made_is_flagged_while_entering(client):
    game = start(TRIO, rounds=[TRIO_ROUND])
    table = Table(client, round_new(game))

    # Ann taps two cards: a second Beggar Man.
    table.enter("Ann", "5♣", "9♦")

    assert "Ann already made Beggar Man." in table.player(0)


def test_a_typed_card_the_deck_cannot_hold_is_flagged_while_entering(client, trio):
    # One deck: Ann types K♠ twice, Cleo four A♠; Ben's 7♥ is fine.
    table = Table(client, round_new(trio)).type("KS KS", "7H", "AS AS AS AS 2C")

    assert "Ann's K♠ is already in their own meld; only one deck is in play." in table.player(0)
    assert "Cleo's A♠ is already in their own meld; only one deck is in play." in table.player(2)
    assert table.preview(1) == ("Thief", 7)


def test_a_save_shows_every_players_problem_at_once(client):
    game = start(TRIO, rounds=[TRIO_ROUND])
    # Ann's K♠ twice in one deck; Ben's Poor Man again (he made it in round 1); Cleo's
    # eight cards make no meld.
    table = Table(client, round_new(game)).fill("KS KS", "QS 8S 3S", "AH 2H 3H 4H 5H 6H 7H 8H")

    table.show(table.save())

    errors = {
        seat: " ".join(unescape(re.sub(r"<[^>]+>", " ", found.group(1))).split())
        for seat in range(3)
        if (
            found := re.search(
                r'<div class="errors" role="alert">(.*?)</div>', table.section(seat), re.S
            )
        )
    }
    assert errors == {
        0: "Ann's K♠ is already in their own meld; only one deck is in play.",
        1: "Ben already made Poor Man: 3 cards would make it again.",
        2: "Cleo's meld has 8 cards; a meld has 1 to 7 cards.",
    }
    assert game.rounds.count() == 1


def test_a_player_with_one_meld_left_moves_entry_on_when_it_is_complete(client):
    # Six rounds in: Ann has only her Thief left, Ben only his Rich Man (five cards).
    game = start(["Ann", "Ben"], rounds=[cards for cards, _ in WIN_ROUNDS[:6]])
    table = Table(client, round_new(game)).select("Ann")

    table.pick("K♣")

    assert table.active() == 1
    assert table.cards(0) == "KC"
    table.pick("A♠", "2♥", "3♣", "A♦", "4♠")
    assert table.active() == 1


def test_a_player_with_melds_to_choose_from_keeps_the_entry(client, trio):
    table = Table(client, round_new(trio)).select("Ann").pick("K♣")

    assert table.active() == 0


def test_a_tapped_card_is_removed_with_one_tap(client, trio):
    table = Table(client, round_new(trio)).enter("Ann", "K♥", "K♣", "5♦")

    table.unpick(0, "K♣")

    assert table.cards(0) == "KH 5D"
    assert table.active() == 0
    # Removing one of Ben's cards while Ann is active makes Ben the one receiving cards.
    table.enter("Ben", "2♠", "3♠").select("Ann")
    table.unpick(1, "2♠")
    assert table.cards(1) == "3S"
    assert table.active() == 1


def test_a_meld_takes_at_most_seven_cards(client, trio):
    table = Table(client, round_new(trio)).enter("Ann", "A♠", "2♠", "3♠", "4♠", "5♠", "6♠", "7♠")
    # Straight flush 2♠–6♠ (45) + baccarat A♠ 7♠ = 1 + 7 = 8: 53, the best of the 21 splits
    # (A–5 or 3–7 leave 6 + 7 or A + 2: 3).
    assert table.preview(0) == ("Indian Chief", 53)

    assert '<div class="picker" role="group" aria-label="Cards for Ann">' in table.html
    assert re.search(r'<p class="tap-note" role="alert" hidden></p>', table.html)

    table.pick("8♠")

    assert table.cards(0) == "AS 2S 3S 4S 5S 6S 7S"
    assert table.preview(0) == ("Indian Chief", 53)
    # The tap was not lost in silence: the picker says why.
    note = re.search(r'<p class="tap-note" role="alert">([^<]+)</p>', table.html)
    assert note and unescape(note.group(1)) == (
        "Ann already has 7 cards, the most one player shows: tap one of them to take it out."
    )
    # The next tap clears it.
    table.select("Ben")
    assert "already has 7 cards" not in table.html


def test_a_beggar_mans_matches_follow_the_other_players_cards(client, trio):
    table = Table(client, round_new(trio))

    # Ann's K♥ alone is a Thief; with K♣ it is a Beggar Man with nothing to match yet.
    table.enter("Ann", "K♥")
    assert table.preview(0) == ("Thief", 10)
    table.pick("K♣")
    assert table.preview(0) == ("Beggar Man", 0)
    assert "No opponent revealed a card of rank K: 0." in table.player(0)

    # Ben's K♠ is one match: 2.
    table.enter("Ben", "K♠")
    assert table.preview(0) == ("Beggar Man", 2)
    # Cleo's K♦ is another: 4; the explanation names whose cards they are.
    table.enter("Cleo", "K♦")
    assert table.preview(0) == ("Beggar Man", 4)
    assert "Opponents' cards of rank K: K♠ (Ben), K♦ (Cleo). 2 cards × 2 points = 4." in (
        table.player(0)
    )
    # Ben's king taken back: 2 again.
    table.unpick(1, "K♠")
    assert table.preview(0) == ("Beggar Man", 2)
    assert table.preview(1) is None


def test_with_one_deck_a_card_entered_for_anyone_is_taken(client, trio):
    table = Table(client, round_new(trio)).enter("Ann", "K♥")

    table.select("Ben")

    assert table.taken() == {"KH"}
    assert table.form.button(name="add", value="KH").label == "K♥ taken"
    assert not table.form.button(name="add", value="KS").disabled


def test_with_two_decks_a_card_is_taken_after_its_second_copy(client):
    game = start(FOUR, 2)
    table = Table(client, round_new(game)).enter("Ann", "K♥")

    table.select("Ben")
    assert table.taken() == set()

    table.pick("K♥")
    assert table.cards(1) == "KH"
    assert table.taken() == {"KH"}


@HEADERS
def test_typed_cards_refresh_the_preview(client, trio, headers):
    table = Table(client, round_new(trio), headers)

    # Friendly spellings count: lower case and suit symbols.
    table.type("kh k♣", "ks 9s 2d", "Q♦ 8♥ 6♣ A♣")

    for seat, name in enumerate(TRIO):
        assert table.preview(seat) == TRIO_SCORES[name]
    assert table.taken() == {"KH", "KC", "KS", "9S", "2D", "QD", "8H", "6C", "AC"}


JUNK_TAPS = {
    "add-not-a-card": {"add": "ZZ"},
    "add-joker": {"add": "JK"},
    "add-one-for-ace": {"add": "1C"},
    "add-empty": {"add": ""},
    "add-long": {"add": "K" * 500},
    "select-missing-seat": {"select": "3"},
    "select-negative": {"select": "-1"},
    "select-name": {"select": "Ben"},
    "drop-missing-seat": {"drop": "7:0"},
    "drop-missing-card": {"drop": "0:5"},
    "drop-letters": {"drop": "x:y"},
    "drop-no-position": {"drop": "0"},
    "drop-colon": {"drop": ":"},
    "active-letters-and-add": {"active": "abc"},
    "active-negative": {"active": "-2"},
    "active-missing-seat-and-add": {"active": "99", "add": "QD"},
    "active-huge": {"active": "9" * 40, "add": "QD"},
    "version-letters": {"version": "abc"},
    "token-not-a-uuid": {"token": "nope"},
}


@HEADERS
@pytest.mark.parametrize("junk", JUNK_TAPS)
def test_junk_taps_are_ignored_without_an_error(client, trio, headers, junk):
    table = Table(client, round_new(trio), headers).type("KH", "KS", "")

    response = client.post(table.url, table.form.fields | JUNK_TAPS[junk], headers=headers)

    assert response.status_code == 200
    table.show(response)
    assert [table.cards(seat) for seat in range(3)] == ["KH", "KS", ""]
    assert not Round.objects.exists()


SUPERSCRIPT_TAPS = {
    "select": {"select": "²"},
    "active": {"active": "²"},
    "drop": {"drop": "²:0"},
    "save-with-active": {"active": "²", "save": "1"},
}


@pytest.mark.parametrize("junk", SUPERSCRIPT_TAPS)
def test_a_superscript_digit_in_a_tap_is_ignored_without_an_error(client, trio, junk):
    table = Table(client, round_new(trio)).type("KH", "KS", "")
    client.raise_request_exception = False  # a crash is a 500 answer, as a phone sees it

    response = client.post(table.url, table.form.fields | SUPERSCRIPT_TAPS[junk])

    assert response.status_code == 200


# ---------------------------------------------------------------------------
# Saving a round


@HEADERS
def test_a_round_tapped_in_and_saved_is_scored_on_the_game_page(client, trio, headers):
    table = Table(client, round_new(trio), headers)
    table.enter("Ann", "K♥", "K♣").enter("Ben", "K♠", "9♠", "2♦")
    table.enter("Cleo", "Q♦", "8♥", "6♣", "A♣")

    response = table.save()

    assert_goes_to(response, headers, trio.get_absolute_url())
    page = follow(client, response)
    assert "Round 1 saved." in messages_on(page)
    assert round_scores_on(page, 1) == TRIO_SCORES
    assert totals_on(page) == [2, 19, 25]
    assert Round.objects.get().snapshot() == dict(zip(TRIO, TRIO_ROUND, strict=True))


def test_a_round_with_thieves_goes_on_to_the_steals(client):
    game = start(FOUR, 2)
    table = Table(client, round_new(game)).type(*THIEVES_ROUND)
    assert [table.preview(seat)[1] for seat in range(4)] == list(THIEVES_SCORES.values())

    response = table.save()

    assert_goes_to(response, {}, steals_url(game, 1))
    assert "Ann (3♣) steals" in follow(client, response)


def test_a_change_is_scored_once_and_the_pages_after_it_fetch_no_round(
    client, monkeypatch, django_capture_on_commit_callbacks
):
    # A save keeps the scores its check worked out, and a steal those its replay worked
    # out, with the rounds they make, under the version they make: the steals page, the
    # game page and the next round's entry page read them.
    worked = []
    fetched, standings = Game.fetched_rounds, Game.standings
    monkeypatch.setattr(
        Game, "fetched_rounds", lambda self: worked.append("fetched") or fetched(self)
    )
    monkeypatch.setattr(
        Game,
        "standings",
        lambda self, *args: worked.append("scored") or standings(self, *args),
    )
    game = start(FOUR, 2)
    table = Table(client, round_new(game)).fill(*THIEVES_ROUND)
    worked.clear()

    with django_capture_on_commit_callbacks(execute=True):
        assert_goes_to(table.save(), {}, steals_url(game, 1))
    assert worked == []  # the form's check scored it: Save scores nothing again
    for thief in ("Ann", "Ben"):
        html, form = steals_page(client, game)
        assert f"<h2>{thief} (" in html
        with django_capture_on_commit_callbacks(execute=True):
            client.post(form.action, form.data(form.button(name="deck")))
        assert worked == ["scored"]  # the steal's own replay
        worked.clear()
    page = text(client.get(game.get_absolute_url()))
    client.get(round_new(game))

    assert worked == []
    assert totals_on(page) == list(THIEVES_SCORES.values())
    kept = fresh(game)
    assert kept.version == 3
    assert read_model.played(kept) == fetched(kept)
    assert read_model.standings(kept) == standings(kept)


def test_a_save_whose_scores_cannot_be_kept_is_saved_all_the_same(
    client, monkeypatch, django_capture_on_commit_callbacks
):
    # The cache fails once the round is in: the scorekeeper is told it is saved, and the
    # pages after it work the scores out themselves.
    def down(values):
        raise ConnectionError("the cache is down")

    monkeypatch.setattr(read_model, "kept", down)
    game = start(FOUR, 2)
    table = Table(client, round_new(game)).fill(*THIEVES_ROUND)

    with django_capture_on_commit_callbacks(execute=True):
        response = table.save()

    assert_goes_to(response, {}, steals_url(game, 1))
    assert "Ann (3♣) steals" in follow(client, response)
    assert fresh(game).rounds.count() == 1


def test_the_seventh_round_goes_to_the_winner_even_with_a_thief(client):
    # Round 7 of WIN_ROUNDS is Ann's Thief K♣: nothing is dealt after it, so no steals.
    game = start(["Ann", "Ben"], 1, [cards for cards, _ in WIN_ROUNDS[:6]])
    table = Table(client, round_new(game)).type(*WIN_ROUNDS[6][0])

    response = table.save()

    assert_goes_to(response, {}, game.get_absolute_url())
    page = follow(client, response)
    assert "Ann wins" in page
    assert totals_on(page) == list(WIN_TOTALS.values())
    assert fresh(game).is_finished


INVALID_ROUNDS = {
    # "ZZ" is no card: the error is next to Ann, the others are fine.
    "invalid-card": (["KH ZZ", "KS 9S 2D", "QD 8H 6C AC"], 0, "“ZZ” is not a card"),
    # Eight cards typed for Ben: no meld has eight.
    "eight-cards": (
        ["KH KC", "AS 2S 3S 4S 5S 6S 7S 8S", "QD 8H 6C AC"],
        1,
        "Ben's meld has 8 cards; a meld has 1 to 7 cards.",
    ),
    # One deck, and Ben's K♥ is already Ann's.
    "duplicate-card": (
        ["KH KC", "KH 9S 2D", "QD 8H 6C AC"],
        1,
        "Ben's K♥ is already in Ann's meld; only one deck is in play.",
    ),
    # Cleo revealed nothing.
    "no-cards": (["KH KC", "KS 9S 2D", ""], 2, "Cleo's meld has 0 cards"),
}


@HEADERS
@pytest.mark.parametrize("case", INVALID_ROUNDS)
def test_an_invalid_round_shows_the_error_next_to_the_player_and_keeps_everything(
    client, trio, headers, case
):
    cards, at_fault, message = INVALID_ROUNDS[case]
    table = Table(client, round_new(trio), headers).fill(*cards)
    token = table.form.fields["token"]

    response = table.save()

    assert response.status_code == 200
    table.show(response)
    assert is_whole_page(table.html) is not bool(headers)
    for seat in range(3):
        section = table.section(seat)
        if seat == at_fault:
            assert "has-error" in section
            assert message in unescape(
                re.search(r'<div class="errors".*?</div>', section, re.S).group(0)
            )
        else:
            assert 'class="errors"' not in section, seat
    # Every card entered is still there, and the same save can be sent again once fixed.
    assert [table.cards(seat) for seat in range(3)] == cards
    assert table.form.fields["token"] == token
    assert not Round.objects.exists()


def test_a_meld_made_again_is_refused_next_to_the_player(client):
    game = start(TRIO, rounds=[TRIO_ROUND])
    # Round 2: Cleo reveals four cards again, a second Lawyer.
    table = Table(client, round_new(game)).fill("QS 8S 3S", "7H 7C", "KD 9D 5S AH")

    table.show(table.save())

    assert "Cleo already made Lawyer: 4 cards would make it again." in table.player(2)
    assert "has-error" not in table.section(0) + table.section(1)
    assert [table.cards(seat) for seat in range(3)] == ["QS 8S 3S", "7H 7C", "KD 9D 5S AH"]
    assert game.rounds.count() == 1


def test_a_second_thief_is_refused_in_good_english(client):
    game = start(TRIO, rounds=[["KD", "KS 9S 2D", "QD 8H 6C AC"]])
    # Round 2: Ann reveals one card again, a second Thief.
    table = Table(client, round_new(game)).fill("5C", "7H 7C", "AH 3H 5H 7S 9D JC")

    table.show(table.save())

    assert "Ann already made Thief: 1 card would make it again." in table.player(0)


GARBAGE_SAVES = {
    "no-token": {"token": None},
    "token-not-a-uuid": {"token": "12345"},
    "no-version": {"version": None},
    "version-letters": {"version": "seven"},
    "version-huge": {"version": "9" * 30},
    "active-letters": {"active": "x"},
    "active-negative": {"active": "-1"},
    "cards-missing": {"cards_0": None, "cards_1": None, "cards_2": None},
    "cards-too-long": {"cards_0": "KH " * 100},
    "cards-markup": {"cards_0": "<script>KH</script>"},
    "cards-of-a-seat-not-at-the-table": {"cards_3": "AS"},
}


@HEADERS
@pytest.mark.parametrize("garbage", GARBAGE_SAVES)
def test_garbage_in_a_save_is_never_a_server_error(client, trio, headers, garbage):
    table = Table(client, round_new(trio), headers).fill(*TRIO_ROUND)
    data = table.form.data(table.form.button(name="save"))
    for key, value in GARBAGE_SAVES[garbage].items():
        if value is None:
            data.pop(key)
        else:
            data[key] = value

    response = client.post(table.url, data, headers=headers)

    if garbage == "cards-of-a-seat-not-at-the-table":
        # A stray field is ignored: the round itself is fine.
        assert_goes_to(response, headers, trio.get_absolute_url())
        assert Round.objects.get().snapshot() == dict(zip(TRIO, TRIO_ROUND, strict=True))
    else:
        assert response.status_code == 200
        assert "<script>KH" not in text(response)
        assert not Round.objects.exists()


@HEADERS
def test_an_empty_post_is_never_a_server_error(client, trio, headers):
    for data in ({}, {"save": "1"}):
        response = client.post(round_new(trio), data, headers=headers)
        assert response.status_code == 200
        assert 'id="round-entry"' in text(response)
    assert not Round.objects.exists()


# ---------------------------------------------------------------------------
# Nothing doubled, nothing lost


@HEADERS
def test_a_double_tap_on_save_records_one_round(client, trio, headers):
    table = Table(client, round_new(trio), headers).fill(*TRIO_ROUND)
    data = table.form.data(table.form.button(name="save"))

    first = client.post(table.url, data, headers=headers)
    again = client.post(table.url, data, headers=headers)

    assert_goes_to(first, headers, trio.get_absolute_url())
    assert_goes_to(again, headers, trio.get_absolute_url())
    assert trio.rounds.count() == 1
    assert fresh(trio).version == 1
    assert trio.changes.filter(action=Change.Action.ROUND_ADDED).count() == 1


@HEADERS
def test_a_save_racing_its_own_twin_is_told_it_was_saved(client, trio, headers, monkeypatch):
    # Two posts of one form at once: the second is checked for a landed twin before the
    # first lands, then finds the game moved on. It must say "saved", not "already made".
    table = Table(client, round_new(trio), headers).fill(*TRIO_ROUND)
    data = table.form.data(table.form.button(name="save"))
    landed_round = entry._landed_round
    checks = []

    def too_early(game, request):
        checks.append(request)
        return None if len(checks) == 1 else landed_round(game, request)

    monkeypatch.setattr(entry, "_landed_round", too_early)
    client.post(table.url, data, headers=headers)
    assert not checks  # a save at the game's version cannot have landed: not looked for

    again = client.post(table.url, data, headers=headers)

    assert len(checks) == 2  # the early check missed the twin; the later one found it
    assert_goes_to(again, headers, trio.get_absolute_url())
    page = follow(client, again)
    assert "Round 1 saved." in messages_on(page)
    assert "already made" not in page
    assert trio.rounds.count() == 1


@HEADERS
def test_a_save_that_loaded_the_game_before_its_twin_landed_is_told_it_was_saved(
    client, trio, headers, monkeypatch
):
    # The second post loaded the game while the first was landing: at its own version, so
    # nothing has landed as far as it can see, and its check passes. The game's lock
    # finds the twin.
    table = Table(client, round_new(trio), headers).fill(*TRIO_ROUND)
    data = table.form.data(table.form.button(name="save"))
    loaded = fresh(trio)
    loaded.player_names()
    client.post(table.url, data, headers=headers)
    monkeypatch.setattr(web, "get_object_or_404", lambda model, pk: loaded)

    again = client.post(table.url, data, headers=headers)
    monkeypatch.undo()

    assert_goes_to(again, headers, trio.get_absolute_url())
    page = follow(client, again)
    assert "Round 1 saved." in messages_on(page)
    assert "already made" not in page
    assert trio.rounds.count() == 1
    assert fresh(trio).version == 1


@HEADERS
def test_a_second_phone_saving_the_same_round_is_shown_both_and_saves_nothing(
    client, trio, headers
):
    phone_a = Table(client, round_new(trio), headers)
    phone_b = Table(client, round_new(trio), headers)
    assert phone_a.form.fields["token"] != phone_b.form.fields["token"]
    phone_a.fill(*TRIO_ROUND)
    phone_b.fill(*TRIO_NEXT)

    assert_goes_to(phone_a.save(), headers, trio.get_absolute_url())
    response = phone_b.save()

    # Phone B saw version 0, and round 1 is in: nothing is overwritten, nothing is saved
    # a second time, and there is no Save button that would record round 1 again as 2.
    assert response.status_code == 200
    html = text(response)
    assert "Round 1 was saved on another phone" in unescape(html)
    notice = meanwhile_on(html)
    assert "Ann Beggar Man 2 · Ben Poor Man 19 · Cleo Lawyer 25" in notice
    assert (
        "Your cards, not saved: Ann Q♠ 8♠ 3♠ not as saved Ben 7♥ 7♣ not as saved "
        "Cleo A♥ 3♥ 5♥ 7♠ 9♦ J♣ not as saved"
    ) in notice
    assert 'name="save"' not in html
    assert trio.rounds.count() == 1
    if not headers:
        # The whole page shows the newer scoreboard: phone A's round.
        assert totals_on(html) == [2, 19, 25]

    # Phone B's cards were round 2's: entered as round 2, they are shown once more, then saved.
    choice = read_form(html, round_new(trio))
    phone_b.show(
        client.post(
            round_new(trio),
            choice.data(choice.button(text="Enter yours as round 2")),
            headers=headers,
        )
    )
    assert "Round 2 of 7" in phone_b.html
    assert [phone_b.cards(seat) for seat in range(3)] == TRIO_NEXT
    assert phone_b.form.fields["version"] == "1"
    assert trio.rounds.count() == 1
    response = phone_b.save()
    assert_goes_to(response, headers, trio.get_absolute_url())
    page = follow(client, response)
    assert round_scores_on(page, 1) == TRIO_SCORES
    assert round_scores_on(page, 2) == TRIO_NEXT_SCORES
    assert totals_on(page) == [2 + 21, 19 + 2, 25 + 30]


@HEADERS
def test_a_second_phone_may_put_its_cards_in_the_round_just_saved(client, trio, headers):
    phone_a = Table(client, round_new(trio), headers).fill(*TRIO_ROUND)
    # Phone B entered the same real round, with Ben's 2♦ right as the 2♠.
    phone_b = Table(client, round_new(trio), headers).fill("KH KC", "KS 9S 2S", "QD 8H 6C AC")
    phone_a.save()
    html = text(phone_b.save())

    # Only Ben's cards differ from what phone A saved.
    assert (
        "Your cards, not saved: Ann K♥ K♣ Ben K♠ 9♠ 2♠ not as saved Cleo Q♦ 8♥ 6♣ A♣ Put"
    ) in meanwhile_on(html)
    edit = round_edit(trio, 1)
    choice = read_form(html, edit)
    phone_b.url = edit
    phone_b.show(
        client.post(
            edit, choice.data(choice.button(text="Put yours in round 1 instead")), headers=headers
        )
    )
    assert "Edit round 1" in phone_b.html
    assert phone_b.cards(1) == "KS 9S 2S"
    assert trio.rounds.get().snapshot()["Ben"] == "KS 9S 2D"
    response = phone_b.save()

    assert_goes_to(response, headers, trio.get_absolute_url())
    assert trio.rounds.count() == 1
    # Ben's Poor Man is 10 + 9 + 2 = 21 now.
    assert round_scores_on(follow(client, response), 1)["Ben"] == ("Poor Man", 21)


def test_keeping_the_round_another_phone_saved_leaves_it_as_it_is(client, trio):
    phone_a = Table(client, round_new(trio)).fill(*TRIO_ROUND)
    phone_b = Table(client, round_new(trio)).fill(*TRIO_NEXT)
    phone_a.save()
    html = text(phone_b.save())

    assert re.search(
        rf'<a class="button" href="{trio.get_absolute_url()}">Keep round 1 as it was saved</a>',
        html,
    )
    assert trio.rounds.count() == 1


@HEADERS
def test_a_second_phone_with_the_same_cards_is_told_the_round_is_in_once(client, trio, headers):
    phone_a = Table(client, round_new(trio), headers).fill(*TRIO_ROUND)
    # The same cards, typed in another order and case.
    phone_b = Table(client, round_new(trio), headers).fill("kc kh", "2D 9S KS", "AC 6C 8H QD")
    phone_a.save()

    response = phone_b.save()

    assert_goes_to(response, headers, trio.get_absolute_url())
    # Both phones share this client's session, so phone A's message comes first.
    assert messages_on(follow(client, response)) == [
        "Round 1 saved.",
        "Round 1 was saved on another phone with the same cards: it is recorded once.",
    ]
    assert trio.rounds.count() == 1


def test_the_last_round_saved_meanwhile_keeps_the_cards_of_the_finished_game(client):
    game = start(["Ann", "Ben"], rounds=[cards for cards, _ in WIN_ROUNDS[:6]])
    phone_a = Table(client, round_new(game)).fill(*WIN_ROUNDS[6][0])
    # Phone B has Ann's Thief as the K♦.
    phone_b = Table(client, round_new(game)).fill("KD", "AS 2H 3C AD 4S")
    phone_a.save()

    html = text(phone_b.save())

    # Round 7 finished the game: phone B's cards are shown, with how to change round 7.
    assert "Round 7 was saved on another phone" in unescape(html)
    assert (
        "Your cards, not saved: Ann K♦ not as saved Ben A♠ 2♥ 3♣ A♦ 4♠ This game"
    ) in meanwhile_on(html)
    assert "This game is finished. Reopen it to change it." in meanwhile_on(html)
    assert "Enter yours as" not in html and "Put yours in" not in html
    assert game.rounds.count() == 7


def test_under_htmx_the_stale_notice_comes_with_the_newer_scores(client, trio):
    phone_a = Table(client, round_new(trio), HTMX).fill(*TRIO_ROUND)
    phone_b = Table(client, round_new(trio), HTMX).fill(*TRIO_NEXT)
    phone_a.save()

    html = text(phone_b.save())

    assert "Round 1 was saved on another phone" in html
    assert totals_on(html) == [2, 19, 25]


@HEADERS
def test_a_save_after_another_phone_changed_an_earlier_round_keeps_its_cards(client, trio, headers):
    # Phone A edits round 1 while phone B enters round 2: round 2 is still next, so
    # saving it again, knowingly, records it once.
    play(trio, TRIO_ROUND)
    phone_b = Table(client, round_new(trio), headers).fill(*TRIO_NEXT)
    fresh(trio).edit_round(1, ["KH KC", "KS 9S 2S", "QD 8H 6C AC"], 1)

    response = phone_b.save()

    assert response.status_code == 200
    phone_b.show(response)
    assert "Another device changed this game while you were entering." in unescape(phone_b.html)
    assert [phone_b.cards(seat) for seat in range(3)] == TRIO_NEXT
    assert phone_b.form.fields["version"] == "2"
    assert 'value="1">Save round 2</button>' in phone_b.html
    assert_goes_to(phone_b.save(), headers, trio.get_absolute_url())
    assert trio.rounds.count() == 2


@HEADERS
def test_an_edit_over_another_phones_edit_is_told_and_keeps_its_cards(client, headers):
    game = start(TRIO, rounds=[TRIO_ROUND])
    phone_a = Table(client, round_edit(game, 1), headers)
    phone_b = Table(client, round_edit(game, 1), headers)
    assert [phone_b.cards(seat) for seat in range(3)] == TRIO_ROUND

    # Phone A: Ben's 2♦ was a 2♠: Poor Man 10 + 9 + 2 = 21.
    phone_a.fill("KH KC", "KS 9S 2S", "QD 8H 6C AC")
    assert_goes_to(phone_a.save(), headers, game.get_absolute_url())
    # Phone B, still at version 1: Cleo's 6♣ was a 5♣: 10 + 8 + 5 + 1 = 24, not 25: 0.
    phone_b.fill("KH KC", "KS 9S 2D", "QD 8H 5C AC")
    response = phone_b.save()

    assert response.status_code == 200
    phone_b.show(response)
    assert "Another device changed this game" in phone_b.html
    assert phone_b.cards(2) == "QD 8H 5C AC"
    assert game.rounds.get().snapshot() == {
        "Ann": "KH KC",
        "Ben": "KS 9S 2S",
        "Cleo": "QD 8H 6C AC",
    }

    # Saved again knowingly: phone B's cards are the round now.
    assert_goes_to(phone_b.save(), headers, game.get_absolute_url())
    assert round_scores(fresh(game).standings()) == [{"Ann": 2, "Ben": 19, "Cleo": 0}]


@HEADERS
def test_an_undo_over_another_phones_change_undoes_nothing(client, headers):
    game = start(TRIO, rounds=[TRIO_ROUND])
    seen = game.version
    play(game, TRIO_NEXT)  # another phone saved round 2

    response = client.post(
        reverse("round-undo", args=[game.pk]), {"version": seen}, headers=headers
    )

    assert_goes_to(response, headers, game.get_absolute_url())
    assert "Another device changed this game first; nothing undone." in messages_on(
        follow(client, response)
    )
    assert game.rounds.count() == 2


@HEADERS
def test_a_steal_over_another_phones_change_is_not_recorded(client, after_thieves, headers):
    seen = after_thieves.version
    after_thieves.record_steal(1, after_thieves.seats.get(position=0), None, "", seen)

    response = client.post(
        steals_url(after_thieves, 1), {"version": seen, "take": "3:QS"}, headers=headers
    )

    assert response.status_code == 200
    assert "This game changed since the page was shown" in text(response)
    assert list(Steal.objects.values_list("card", flat=True)) == [""]
    # The newer state: Ann took from the deck, so it is Ben's turn.
    assert "Ben (K♦) steals" in text(response)


@HEADERS
def test_a_reopen_over_another_phones_change_is_refused(client, headers):
    game = start(["Ann", "Ben"], 1, [cards for cards, _ in WIN_ROUNDS])

    response = client.post(
        reverse("game-reopen", args=[game.pk]), {"version": game.version - 1}, headers=headers
    )

    assert "Another device changed this game first." in messages_on(follow(client, response))
    assert fresh(game).is_finished


# ---------------------------------------------------------------------------
# Game end, reopen, undo, edit and the history


@pytest.fixture
def won() -> Game:
    return start(["Ann", "Ben"], 1, [cards for cards, _ in WIN_ROUNDS])


@HEADERS
def test_a_finished_game_shows_the_winner_and_is_read_only(client, won, headers):
    html = text(client.get(won.get_absolute_url()))

    assert "<h2>Ann wins</h2>" in html
    assert totals_on(html) == [70, 49]
    assert '<th scope="col" class="leader"><span aria-label="leads">★</span> Ann</th>' in html
    assert '<th scope="col">Ben</th>' in html
    for number, (_, scores) in enumerate(WIN_ROUNDS, start=1):
        assert {name: score for name, (_, score) in round_scores_on(html, number).items()} == scores
    assert "Reopen to change it" in html
    assert round_new(won) not in html
    assert round_edit(won, 1) not in html
    assert reverse("round-undo", args=[won.pk]) not in html


def test_a_tie_shares_the_win(client):
    game = start(["Ann", "Ben"], 1, [cards for cards, _ in TIE_ROUNDS])

    html = text(client.get(game.get_absolute_url()))

    assert "<h2>Shared win: Ann and Ben</h2>" in html
    assert totals_on(html) == [TIE_TOTAL, TIE_TOTAL]
    assert html.count('class="leader"') == 2


@HEADERS
@pytest.mark.parametrize("method", ["get", "post"])
@pytest.mark.parametrize("url", [round_new, lambda game: round_edit(game, 3)], ids=["new", "edit"])
def test_a_finished_game_sends_round_entry_back_to_the_game(client, won, headers, method, url):
    # A save posted from a screen loaded before the game ended: Thief K♠ and Thief Q♠.
    save = {"save": "1", "token": str(uuid.uuid4()), "version": won.version}
    data = {} if method == "get" else save | {"cards_0": "KS", "cards_1": "QS"}

    response = getattr(client, method)(url(won), data, headers=headers)

    assert_goes_to(response, headers, won.get_absolute_url())
    assert "This game is finished. Reopen it to change it." in messages_on(follow(client, response))
    assert won.rounds.count() == 7
    assert won.rounds.get(number=3).snapshot() == {"Ann": "QD 8H 6C AC", "Ben": "2C 4D"}


@HEADERS
def test_reopening_makes_the_game_editable_again(client, won, headers):
    response = client.post(
        reverse("game-reopen", args=[won.pk]), {"version": won.version}, headers=headers
    )

    assert_goes_to(response, headers, won.get_absolute_url())
    page = follow(client, response)
    assert "The game is open again: rounds can be changed." in messages_on(page)
    assert round_edit(won, 1) in page
    assert not fresh(won).is_finished
    # Round 3 edited: Ben's Beggar Man 2♣ 4♦ becomes 2♣ 8♦, matching Ann's 8♥: 2.
    table = Table(client, round_edit(won, 3)).fill("QD 8H 6C AC", "2C 8D")
    assert_goes_to(table.save(), {}, won.get_absolute_url())
    assert totals_by_name(fresh(won).standings()) == {"Ann": 70, "Ben": 51}


def test_a_reopened_seven_round_game_offers_no_eighth_round(client, won):
    won.reopen(won.version)

    page = text(client.get(won.get_absolute_url()))
    entry = client.get(round_new(won))

    assert "round 8" not in page.lower()
    assert entry.status_code == 302 or "Round 8" not in text(entry)


@HEADERS
def test_undo_removes_the_last_round_and_keeps_it_in_the_history(client, headers):
    game = start(TRIO, rounds=[TRIO_ROUND, TRIO_NEXT])
    page = text(client.get(game.get_absolute_url()))
    undo = read_form(page, reverse("round-undo", args=[game.pk]))

    response = client.post(
        undo.action, undo.data(undo.button(text="Yes, undo round 2")), headers=headers
    )

    assert_goes_to(response, headers, game.get_absolute_url())
    page = follow(client, response)
    assert "Round 2 undone. It is still in the history." in messages_on(page)
    assert list(game.rounds.values_list("number", flat=True)) == [1]
    assert totals_on(page) == [2, 19, 25]
    history = history_on(page)
    assert "Round undone (round 2) before: Ann Q♠ 8♠ 3♠ · Ben 7♥ 7♣ · Cleo A♥ 3♥ 5♥ 7♠ 9♦ J♣" in (
        history
    )
    # Newest first: the undo, then the round it undid, then round 1 and the start.
    assert re.findall(r"Game started|Round saved|Round undone", history) == [
        "Round undone",
        "Round saved",
        "Round saved",
        "Game started",
    ]


def test_a_finished_game_cannot_be_undone_before_it_is_reopened(client, won):
    response = client.post(reverse("round-undo", args=[won.pk]), {"version": won.version})

    assert "This game is finished. Reopen it to change it." in messages_on(follow(client, response))
    assert won.rounds.count() == 7


def test_undoing_the_seventh_round_unfinishes_the_game(client, won):
    won.reopen(won.version)
    response = client.post(reverse("round-undo", args=[won.pk]), {"version": fresh(won).version})

    page = follow(client, response)
    assert "Round 7 undone. It is still in the history." in messages_on(page)
    assert "wins" not in page
    assert "Enter round 7" in page
    assert not fresh(won).is_finished


def test_undo_without_a_round_says_so(client, trio):
    response = client.post(reverse("round-undo", args=[trio.pk]), {"version": trio.version})

    assert "There is no round to undo." in messages_on(follow(client, response))


@HEADERS
def test_undo_or_reopen_without_a_version_changes_nothing(client, won, headers):
    for name in ("round-undo", "game-reopen"):
        response = client.post(reverse(name, args=[won.pk]), {"version": "x"}, headers=headers)
        assert_goes_to(response, headers, won.get_absolute_url())

    assert won.rounds.count() == 7
    assert fresh(won).is_finished
    assert fresh(won).version == won.version


@HEADERS
def test_editing_a_past_round_warns_rescores_and_records_before_and_after(client, headers):
    game = start(TRIO, rounds=[TRIO_ROUND, TRIO_NEXT])
    table = Table(client, round_edit(game, 1), headers)
    if not headers:
        assert "Changing a past round changes the totals." in table.html
        assert "<h1>Edit round 1</h1>" in table.html
    assert [table.cards(seat) for seat in range(3)] == TRIO_ROUND

    # Ben's 2♦ was really 2♠: Poor Man K♠ 9♠ 2♠ = 10 + 9 + 2 = 21.
    table.unpick(1, "2♦").pick("2♠")
    assert table.preview(1) == ("Poor Man", 21)
    response = table.save()

    assert_goes_to(response, headers, game.get_absolute_url())
    page = follow(client, response)
    assert "Round 1 changed; the totals follow." in messages_on(page)
    assert round_scores_on(page, 1)["Ben"] == ("Poor Man", 21)
    assert totals_on(page) == [2 + 21, 21 + 2, 25 + 30]
    assert game.rounds.count() == 2
    assert (
        "Round edited (round 1) before: Ann K♥ K♣ · Ben K♠ 9♠ 2♦ · Cleo Q♦ 8♥ 6♣ A♣ "
        "after: Ann K♥ K♣ · Ben K♠ 9♠ 2♠ · Cleo Q♦ 8♥ 6♣ A♣"
    ) in history_on(page)


def test_an_edit_the_rules_refuse_shows_the_error_and_keeps_the_round(client):
    game = start(TRIO, rounds=[TRIO_ROUND, TRIO_NEXT])
    # Round 1: Ann's K♥ K♣ made into three cards, a Poor Man she makes in round 2.
    table = Table(client, round_edit(game, 1)).fill("KH KC 4S", *TRIO_ROUND[1:])

    table.show(table.save())

    assert "Ann already made Poor Man: 3 cards would make it again." in table.player(0)
    assert table.cards(0) == "KH KC 4S"
    assert game.rounds.get(number=1).snapshot()["Ann"] == "KH KC"


def test_an_edit_that_undoes_a_steal_says_so(client, after_thieves):
    after_thieves.record_steal(
        1,
        after_thieves.seats.get(position=0),
        after_thieves.seats.get(position=3),
        "QS",
        after_thieves.version,
    )
    # Dan's Q♠ was a J♠: still 10 + 8 + 3 = 21, but Ann's steal of Q♠ no longer fits.
    table = Table(client, round_edit(after_thieves, 1)).fill("3C", "KD", "KS 3H", "JS 8S 3S")

    page = follow(client, table.save())

    assert (
        "Steals of round 1 that no longer fit were removed: Ann took Q♠ from Dan."
        in messages_on(page)
    )
    assert not Steal.objects.exists()
    assert totals_on(page) == list(THIEVES_SCORES.values())


def test_the_history_lists_every_change_with_its_time(client, after_thieves):
    after_thieves.record_steal(
        1, after_thieves.seats.get(position=0), None, "", after_thieves.version
    )

    page = text(client.get(after_thieves.get_absolute_url()))

    # Newest first.
    history = history_on(page)
    assert "Game started players Ann, Ben, Cleo, Dan" in history
    assert "Steal (round 1) Ann took from the deck." in history
    assert history.index("Steal") < history.index("Round saved") < history.index("Game started")
    saved = re.search(r"Round saved \(round 1\) (.*?) \d+ \w+ \d\d:", history).group(1)
    assert sorted(saved.split(" · ")) == ["Ann 3♣", "Ben K♦", "Cleo K♠ 3♥", "Dan Q♠ 8♠ 3♠"]
    assert len(re.findall(r'<time datetime="\d{4}-\d\d-\d\dT', page)) == 3


def test_the_history_lists_the_players_in_seat_order(client, after_thieves):
    page = text(client.get(after_thieves.get_absolute_url()))

    assert "Round saved (round 1) Ann 3♣ · Ben K♦ · Cleo K♠ 3♥ · Dan Q♠ 8♠ 3♠" in history_on(page)


# ---------------------------------------------------------------------------
# Thief steals


def test_thieves_steal_from_the_lowest_card_and_the_ace_goes_first(client):
    # Ann: Thief K♦ = 10.  Ben: Thief A♣ = 1.
    # Cleo: Beggar Man K♠ 3♥ matches Ann's K♦ and Dan's 3♠: 2 × 2 = 4.
    # Dan: Poor Man Q♠ 8♠ 3♠ = 21.
    game = start(FOUR, 2, [["KD", "AC", "KS 3H", "QS 8S 3S"]])
    assert round_scores(fresh(game).standings()) == [{"Ann": 10, "Ben": 1, "Cleo": 4, "Dan": 21}]

    html, form = steals_page(client, game)

    assert thief_order_on(html) == ["Ben", "Ann"]
    assert "<h2>Ben (A♣) steals</h2>" in html
    # Ben may take any card of another player's meld, but none of his own.
    assert sorted(b.value for b in form.buttons if b.name == "take") == sorted(
        ["0:KD", "2:KS", "2:3H", "3:QS", "3:8S", "3:3S"]
    )


@HEADERS
def test_each_thief_in_turn_steals_and_the_scores_stay(client, after_thieves, headers):
    game = after_thieves
    html, form = steals_page(client, game, headers=headers)
    assert thief_order_on(html) == ["Ann", "Ben"]
    assert "<h2>Ann (3♣) steals</h2>" in html
    assert not [b for b in form.buttons if b.value.startswith("0:")]  # not from herself

    # Ann takes Dan's Q♠; her 3♣ goes into Dan's meld in its place.
    response = client.post(form.action, form.data(form.button(value="3:QS")), headers=headers)
    assert_goes_to(response, headers, steals_url(game, 1))
    html, form = steals_page(client, game, headers=headers)
    assert events_on(html) == ["Ann took Q♠ from Dan; Dan's meld now holds Ann's 3♣."]
    assert "<h2>Ben (K♦) steals</h2>" in html
    # Ben takes the 3♣ Ann just put there; his K♦ takes its place.
    client.post(form.action, form.data(form.button(value="3:3C", text="3♣")), headers=headers)

    html, form = steals_page(client, game, headers=headers)
    assert events_on(html) == [
        "Ann took Q♠ from Dan; Dan's meld now holds Ann's 3♣.",
        "Ben took 3♣ from Dan; Dan's meld now holds Ben's K♦.",
    ]
    assert form is None
    assert "Every Thief has had a turn." in html
    page = text(client.get(game.get_absolute_url()))
    assert totals_on(page) == list(THIEVES_SCORES.values())
    assert "Ben took 3♣ from Dan; Dan's meld now holds Ben's K♦." in history_on(page)


def test_a_thief_may_take_from_the_deck(client, after_thieves):
    html, form = steals_page(client, after_thieves)

    client.post(form.action, form.data(form.button(name="deck")))

    html, form = steals_page(client, after_thieves)
    assert events_on(html) == ["Ann took from the deck."]
    assert "<h2>Ben (K♦) steals</h2>" in html
    assert Steal.objects.get().victim is None


@pytest.mark.parametrize(
    ("take", "message"),
    [
        ("3:JH", "Round 1: Dan's meld does not hold J♥ when Ann steals."),
        ("0:3C", "Round 1: Ann cannot steal from their own meld."),
        ("3:ZZ", "“ZZ” is not a card"),
        ("x:QS", "Pick a card from another player's meld."),
        ("3:", "Pick a card from another player's meld."),
    ],
    ids=["card-not-there", "from-herself", "not-a-card", "no-seat", "no-card"],
)
def test_an_illegal_steal_shows_the_rules_message_and_records_nothing(
    client, after_thieves, take, message
):
    response = client.post(
        steals_url(after_thieves, 1), {"version": after_thieves.version, "take": take}
    )

    assert response.status_code == 200
    html = text(response)
    assert message in error_on(html)
    assert "<h2>Ann (3♣) steals</h2>" in html
    assert not Steal.objects.exists()
    assert fresh(after_thieves).version == after_thieves.version


@HEADERS
def test_a_steal_without_a_choice_records_nothing(client, after_thieves, headers):
    response = client.post(
        steals_url(after_thieves, 1), {"version": after_thieves.version}, headers=headers
    )

    assert response.status_code == 200
    assert "Pick a card to steal, or take from the deck." in error_on(text(response))
    assert not Steal.objects.exists()


@pytest.mark.parametrize("data", [{}, {"version": "x", "deck": "1"}], ids=["empty", "bad-version"])
def test_a_steal_post_without_a_version_records_nothing(client, after_thieves, data):
    response = client.post(steals_url(after_thieves, 1), data)

    assert response.status_code == 200
    assert not Steal.objects.exists()


@pytest.mark.parametrize("take", ["7:QS", "99999999999999999999:QS"], ids=["seat-7", "seat-huge"])
def test_a_steal_from_a_seat_not_at_the_table_is_refused(client, after_thieves, take):
    client.raise_request_exception = False  # a crash is a 500 answer, as a phone sees it

    response = client.post(
        steals_url(after_thieves, 1), {"version": after_thieves.version, "take": take}
    )

    assert response.status_code == 200
    assert not Steal.objects.exists()


def test_a_long_stolen_card_text_is_refused_with_the_rules_message(client, after_thieves):
    client.raise_request_exception = False  # a crash is a 500 answer, as a phone sees it

    response = client.post(
        steals_url(after_thieves, 1), {"version": after_thieves.version, "take": "3:10HH"}
    )

    assert response.status_code == 200
    assert "“10HH” is not a card" in error_on(text(response))
    assert not Steal.objects.exists()


def test_tied_thieves_who_want_the_same_card_steal_nothing(client):
    game = start(FOUR, 2, [TIED_THIEVES_ROUND])
    html, form = steals_page(client, game)
    assert thief_order_on(html) == ["Ann = Ben"]
    assert "(tied: different cards, or none of them steals)" in html

    # Ann takes Dan's K♦.
    client.post(form.action, form.data(form.button(value="3:KD")))
    html, form = steals_page(client, game)
    assert "<h2>Ben (7♠) steals</h2>" in html
    # Ben wants that K♦ too (his phone still shows it): the tie rule.
    response = client.post(form.action, form.data(take="3:KD"))
    assert error_on(text(response)) == (
        "Round 1: Ben and Ann are tied and both want Dan's K♦: tied Thieves must take "
        "different cards, or none of them steals."
    )
    assert Steal.objects.count() == 1

    # They cannot agree: none of them steals.
    html, form = steals_page(client, game)
    client.post(form.action, form.data(form.button(name="no_agreement")))

    html, form = steals_page(client, game)
    assert events_on(html) == ["Ann took from the deck.", "Ben took from the deck."]
    assert form is None
    page = text(client.get(game.get_absolute_url()))
    assert totals_on(page) == list(TIED_THIEVES_SCORES.values())
    assert "Ann and Ben could not agree: none of them steals." in history_on(page)


def test_tied_thieves_taking_different_cards_both_steal(client):
    game = start(FOUR, 2, [TIED_THIEVES_ROUND])
    html, form = steals_page(client, game)
    client.post(form.action, form.data(form.button(value="3:KD")))
    html, form = steals_page(client, game)

    client.post(form.action, form.data(form.button(value="3:9D")))

    html, _ = steals_page(client, game)
    assert events_on(html) == [
        "Ann took K♦ from Dan; Dan's meld now holds Ann's 7♥.",
        "Ben took 9♦ from Dan; Dan's meld now holds Ben's 7♠.",
    ]
    assert totals_on(text(client.get(game.get_absolute_url()))) == list(
        TIED_THIEVES_SCORES.values()
    )


def test_only_the_first_of_tied_thieves_has_no_cant_agree_button(client):
    game = start(FOUR, 2, [TIED_THIEVES_ROUND])

    _, form = steals_page(client, game)
    assert [b for b in form.buttons if b.name == "no_agreement"]
    # With one Thief, nobody to disagree with.
    _, form = steals_page(client, start(FOUR, 2, [THIEVES_ROUND]))
    assert not [b for b in form.buttons if b.name == "no_agreement"]


def test_nobody_steals_after_the_last_round(client, won):
    html, form = steals_page(client, won, 7)

    assert "Nothing is dealt after the last round, so nobody steals." in html
    assert form is None


def test_the_game_page_offers_steals_for_rounds_with_thieves(client):
    game = start(["Ann", "Ben"], 1, [cards for cards, _ in WIN_ROUNDS[:2]])

    page = text(client.get(game.get_absolute_url()))

    # Round 2 had Ben's Thief 9♦; round 1 none.
    assert steals_url(game, 2) in page
    assert steals_url(game, 1) not in page


def test_a_steal_in_a_finished_game_is_refused(client, won):
    # Round 2 had Ben's Thief, but the game is over.
    response = client.post(steals_url(won, 2), {"version": won.version, "deck": "1"})

    assert error_on(text(response)) == "This game is finished. Reopen it to change it."
    assert not Steal.objects.exists()


def test_a_steal_after_every_thief_had_a_turn_is_refused(client, after_thieves):
    for _ in range(2):
        client.post(
            steals_url(after_thieves, 1), {"version": fresh(after_thieves).version, "deck": "1"}
        )

    response = client.post(
        steals_url(after_thieves, 1), {"version": fresh(after_thieves).version, "deck": "1"}
    )

    assert error_on(text(response)) == "Every Thief has had a turn."
    assert Steal.objects.count() == 2
