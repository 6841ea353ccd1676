"""Entering a round one tap at a time, as a phone without JavaScript does, and saving it:
the round is scored on the game page, or refused with each error next to the player at
fault and nothing typed lost. Every score is worked out by hand in the comments."""

import re
import uuid
from html import unescape

import pytest

from games.models import Game, Round
from games.models import scores as read_model
from tests.factories import (
    FOUR,
    THIEVES_ROUND,
    THIEVES_SCORES,
    TRIO,
    TRIO_ROUND,
    TRIO_SCORES,
    WIN_ROUNDS,
    WIN_TOTALS,
    fresh,
    start,
)
from tests.web.pages import (
    HEADERS,
    Table,
    assert_goes_to,
    follow,
    is_whole_page,
    messages_on,
    round_new,
    round_scores_on,
    steals_page,
    steals_url,
    text,
    totals_on,
    words_of,
)

pytestmark = pytest.mark.django_db


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
        seat: words_of(found.group(1))
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


def test_the_dock_counts_each_players_cards_and_marks_a_meld_made_or_a_problem(client, trio):
    table = Table(client, round_new(trio))
    assert [table.count(seat) for seat in range(3)] == [(0, ""), (0, ""), (0, "")]

    # Ann's K♣ is a Thief; Ben's two cards are a Beggar Man; with one deck Cleo's K♣
    # cannot be, and her count says so before Save.
    table.enter("Ann", "K♣").enter("Ben", "2♠", "3♠")
    table.form.fields["cards_2"] = "KC"
    table.tap(table.form.button(name="refresh"))

    assert [table.count(seat) for seat in range(3)] == [(1, "made"), (2, "made"), (1, "problem")]


def test_long_names_that_start_alike_keep_their_ends_on_the_dock(client):
    names = ["Alexander", "Alexandra", "Bo", "Christopher"]
    game = start(names)
    table = Table(client, round_new(game))

    assert [table.label(seat) for seat in range(4)] == ["Ale…der", "Ale…dra", "Bo", names[3]]
    # Each button is still named for its player in full, for a screen reader.
    button = re.search(r'<button [^>]*name="select" value="1".*?</button>', table.html)
    assert button and re.search(
        r'<span class="dock-label" aria-hidden="true">Ale…dra</span>'
        r'<span class="visually-hidden">Alexandra</span> <span class="dock-count"',
        button.group(0),
    )
    assert table.select("Alexandra").active() == 1


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
