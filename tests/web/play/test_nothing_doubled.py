"""Nothing doubled, nothing lost: a double tap on Save records one round, and a save, an
edit, an undo, a steal or a reopen over another phone's change is told so, with the newer
game shown and the phone's own cards kept."""

import re
from html import unescape

import pytest
from django.urls import reverse

from games import web
from games.models import Change, Steal
from games.play import saving
from tests.factories import (
    TRIO,
    TRIO_NEXT,
    TRIO_NEXT_SCORES,
    TRIO_ROUND,
    TRIO_SCORES,
    WIN_ROUNDS,
    fresh,
    play,
    round_scores,
    start,
)
from tests.web.pages import (
    HEADERS,
    HTMX,
    Table,
    assert_goes_to,
    follow,
    meanwhile_on,
    messages_on,
    read_form,
    round_edit,
    round_new,
    round_scores_on,
    steals_url,
    text,
    totals_on,
)

pytestmark = pytest.mark.django_db


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
    landed_round = saving._landed_round
    checks = []

    def too_early(game, data):
        checks.append(data)
        return None if len(checks) == 1 else landed_round(game, data)

    monkeypatch.setattr(saving, "_landed_round", too_early)
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
