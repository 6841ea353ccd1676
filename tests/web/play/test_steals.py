"""Thief steals, one at a time: the order from the lowest card, what each Thief may take,
the tie rule, and every illegal steal refused with the rules' message."""

import re

import pytest
from django.urls import reverse

from games.models import Steal
from tests.factories import (
    FOUR,
    THIEVES_ROUND,
    THIEVES_SCORES,
    TIED_THIEVES_ROUND,
    TIED_THIEVES_SCORES,
    WIN_ROUNDS,
    fresh,
    round_scores,
    start,
)
from tests.web.pages import (
    HEADERS,
    assert_goes_to,
    error_on,
    events_on,
    history_on,
    steals_page,
    steals_url,
    text,
    thief_order_on,
    totals_on,
)

pytestmark = pytest.mark.django_db


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


def test_thieves_still_to_steal_are_named_on_the_game_and_entry_pages_until_they_have(client):
    # Round 1 saved without its steals page (from the phone's queue, or the table went
    # on): Ann's 3♣ steals first, then Ben's K♦.
    game = start(FOUR, 2, [THIEVES_ROUND])
    reminder = "Still to steal after round 1: Ann and Ben."
    pages = (game.get_absolute_url(), reverse("round-new", args=[game.pk]))
    for url in pages:
        html = text(client.get(url))
        assert reminder in html
        assert f'<a href="{steals_url(game, 1)}">Go to the steals</a>' in html

    # Ann takes from the deck: Ben is still to steal.
    fresh(game).record_steal(1, game.seats.get(position=0), None, "", fresh(game).version)
    assert "Still to steal after round 1: Ben." in text(client.get(pages[0]))
    fresh(game).record_steal(1, game.seats.get(position=1), None, "", fresh(game).version)
    for url in pages:
        assert "Still to steal" not in text(client.get(url))


def test_a_closed_game_asks_for_no_steals():
    from games.play import thieves

    game = start(FOUR, 2, [THIEVES_ROUND])
    assert thieves.waiting(game, game.standings())
    fresh(game).finish(game.version)
    finished = fresh(game)
    assert thieves.waiting(finished, finished.standings()) == []


def test_the_steals_page_shows_the_rounds_scores(client):
    game = start(FOUR, 2, [THIEVES_ROUND])

    html, _ = steals_page(client, game)

    line = re.search(r'<p class="round-scores">(.*?)</p>', html, re.S).group(1)
    assert re.sub(r"<[^>]+>", "", line) == " · ".join(
        f"{name} {meld} {THIEVES_SCORES[name]}"
        for name, meld in zip(FOUR, ["Thief", "Thief", "Beggar Man", "Poor Man"], strict=True)
    )
