"""The end of a game and the ways back: the winner, reopen, undo, editing a past round,
and the history that keeps every change."""

import re
import uuid

import pytest
from django.urls import reverse

from games.models import Steal
from tests.factories import (
    THIEVES_SCORES,
    TIE_ROUNDS,
    TIE_TOTAL,
    TRIO,
    TRIO_NEXT,
    TRIO_ROUND,
    WIN_ROUNDS,
    fresh,
    start,
    totals_by_name,
)
from tests.web.pages import (
    HEADERS,
    Table,
    assert_goes_to,
    follow,
    history_on,
    messages_on,
    read_form,
    round_edit,
    round_new,
    round_scores_on,
    text,
    totals_on,
)

pytestmark = pytest.mark.django_db


# ---------------------------------------------------------------------------
# Game end, reopen, undo, edit and the history


@HEADERS
def test_a_finished_game_shows_the_winner_and_is_read_only(client, won, headers):
    html = text(client.get(won.get_absolute_url()))

    assert "<h2>Ann wins with 70</h2>" in html
    assert totals_on(html) == [70, 49]
    # The leader's column is read out as "leads Ann"; each name is whole in its title too.
    assert (
        '<th scope="col" class="leader" aria-label="leads Ann">'
        '<span class="name"><span title="Ann">★ Ann</span></span></th>'
    ) in html
    assert '<th scope="col"><span class="name"><span title="Ben">Ben</span></span></th>' in html
    for number, (_, scores) in enumerate(WIN_ROUNDS, start=1):
        assert {name: score for name, (_, score) in round_scores_on(html, number).items()} == scores
    assert "Reopen to change it" in html
    assert round_new(won) not in html
    assert round_edit(won, 1) not in html
    assert reverse("round-undo", args=[won.pk]) not in html


def test_a_tie_shares_the_win(client):
    game = start(["Ann", "Ben"], 1, [cards for cards, _ in TIE_ROUNDS])

    html = text(client.get(game.get_absolute_url()))

    assert f"<h2>Shared win: Ann and Ben, with {TIE_TOTAL} each</h2>" in html
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
    saved = table.save()
    assert_goes_to(saved, {}, won.get_absolute_url())
    assert totals_by_name(fresh(won).standings()) == {"Ann": 70, "Ben": 51}
    # Every round is in: the edit finishes the game again, and says so.
    assert fresh(won).is_finished
    assert (
        "With this change the game is complete, so it is finished again: reopen it to "
        "change more." in messages_on(follow(client, saved))
    )


def test_a_reopened_seven_round_game_offers_no_eighth_round(client, won):
    won.reopen(won.version)

    page = text(client.get(won.get_absolute_url()))
    entry = client.get(round_new(won))

    assert "round 8" not in page.lower()
    # All seven rounds are in: the entry screen sends the table back to the game page.
    assert_goes_to(entry, {}, won.get_absolute_url())
    assert "All 7 rounds are in: edit one to change it." in messages_on(follow(client, entry))


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
