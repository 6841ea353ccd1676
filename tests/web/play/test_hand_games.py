"""The rummy family at the table: new games, hand entry, the game page, edit, undo, end.

Each game is played through its pages as a phone without JavaScript does. Every score is
worked out by hand in the comments, from `shared/rules/rummy-family.md`.
"""

import re
from html import unescape

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.models import Change, Game
from games.models import scores as read_model
from games.rules import KINDS
from games.rules.cards import RANKS
from games.rules.family import HandKind
from tests.web.pages import (
    HEADERS,
    HTMX,
    Table,
    entry_url,
    errors_on,
    game_page,
    hand_form,
    history_on,
    is_whole_page,
    meanwhile_on,
    messages_on,
    read_form,
    scoreboard_rows,
    text,
    totals_on,
    typed_cards,
)
from tests.web.play.hands import post_new_game, save_hand, start

pytestmark = pytest.mark.django_db

# The rummy family: every game of the registry played a hand at a time.
FAMILY = [kind for kind in KINDS.values() if isinstance(kind, HandKind)]


# ---------------------------------------------------------------------------
# Starting a game


@pytest.mark.parametrize(
    ("kind", "names", "decks"),
    [
        ("tong-its", ["Ann", "Ben", "Cleo"], 1),
        ("carousel", ["Ann", "Ben"], 1),  # 2 players: 1 deck and 1 joker
        ("carousel", ["Ann", "Ben", "Cleo", "Dan", "Eve"], 2),
        ("three-thirteen", ["Ann", "Ben", "Cleo"], 2),  # ceil(3 / 2)
        ("three-thirteen", ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hal"], 4),
        ("rummy", ["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn"], 1),
        ("indian-rummy", ["Ann", "Ben", "Cleo", "Dan"], 2),
        ("indian-rummy", ["Ann", "Ben", "Cleo", "Dan", "Eve"], 3),
    ],
)
def test_a_new_game_seats_the_players_with_the_decks_its_rules_give(client, kind, names, decks):
    game = start(client, kind, names)
    assert (game.kind, game.player_names(), game.decks) == (kind, names, decks)
    assert game.changes.get().action == Change.Action.STARTED


@pytest.mark.parametrize(
    ("kind", "names", "message"),
    [
        ("tong-its", ["Ann", "Ben"], "Tong-Its is for exactly 3 players, not 2."),
        ("carousel", ["Ann"], "Carousel is for 2 to 5 players, not 1."),
        ("rummy", ["Ann"], "Rummy is for 2 to 6 players, not 1."),
    ],
)
def test_a_new_game_refuses_the_wrong_number_of_players(client, kind, names, message):
    data = {"kind": kind} | {f"player_{seat}": name for seat, name in enumerate(names)}
    response = post_new_game(client, data)
    assert response.status_code == 200
    assert message in errors_on(text(response))
    # What was typed is still there.
    assert all(f'value="{name}"' in text(response) for name in names)
    assert not Game.objects.exists()


def test_the_new_game_form_has_as_many_seats_as_the_game_allows(client):
    html = text(client.get(reverse("game-new") + "?kind=carousel"))
    assert "New game of Carousel" in html
    assert re.findall(r'name="player_(\d)"', html) == ["0", "1", "2", "3", "4"]
    # A crafted post with a sixth player is refused, not cut short.
    data = {"kind": "carousel"} | {f"player_{seat}": f"P{seat}" for seat in range(6)}
    assert "Carousel is for 2 to 5 players, not 6." in errors_on(text(post_new_game(client, data)))


BOOK_RUMMY = {
    "preset": "book",
    "ace_value": 1,
    "going_rummy": "double",
    "scoring": "winner_collects",
    "jokers": "none",
}


def test_rummy_plays_to_a_target_or_a_number_of_hands_not_both(client):
    game = start(client, "rummy", ["Ann", "Ben"], target_score=100)
    # The target, and the whole rule set the game is played by: the book's (H91).
    assert game.settings == {"target_score": 100} | BOOK_RUMMY
    response = post_new_game(
        client,
        {
            "kind": "rummy",
            "player_0": "Ann",
            "player_1": "Ben",
            "target_score": "100",
            "max_hands": "5",
        },
    )
    assert errors_on(text(response)) == ["Play to a score or to a number of hands, not both."]


def test_indian_rummy_takes_its_decks_and_jokers(client):
    game = start(client, "indian-rummy", ["Ann", "Ben"], decks=3, max_deals=12)
    # An unticked box is no jokers (a browser sends nothing for it); the house rules are
    # the book's, stored whole (H91).
    book = KINDS["indian-rummy"].settings.rules({"preset": "book"}).stored()
    assert game.settings == {"decks": 3, "jokers": False, "max_deals": 12} | book
    assert game.decks == 3
    # The game page says how the game ends first, then what else differs from the book.
    assert "Ann · Ben · 3 decks · 12 deals · no jokers" in text(client.get(game.get_absolute_url()))


def test_an_unknown_kind_falls_back_to_indian_chief(client):
    assert "New game of Indian Chief" in text(client.get(reverse("game-new") + "?kind=poker"))


def test_a_rematch_keeps_the_kind_the_players_and_the_settings(client):
    game = start(client, "rummy", ["Ann", "Ben"], target_score=250)
    html = text(client.get(reverse("game-new") + f"?rematch={game.pk}"))
    assert "New game of Rummy" in html
    assert 'name="player_1" value="Ben"' in html
    assert 'name="target_score" value="250"' in html


def test_the_home_page_offers_every_game_of_the_family(client):
    html = text(client.get(reverse("home")))
    assert FAMILY
    for kind in FAMILY:
        assert f'href="/games/new/?kind={kind.slug}">{kind.title}</a>' in html


# ---------------------------------------------------------------------------
# One hand of each game, scored from the cards


INDIAN_LOSER = "2H 3H 4H 5S 7D 9C JC QD KS AS 8C 6D 10S"


# One hand of each game: its cards and answers, each seat's score, what the board says.
HANDS = [
    # Carousel: Ann knocks with 2♥ = 2; Ben holds K♠ 4♦ = 14; Cleo holds nothing = 0 and
    # undercuts: (2 − 0) + (14 − 0) + 10 undercut + 25 all melded = 51.
    pytest.param(
        "carousel",
        ["Ann", "Ben", "Cleo"],
        ["2H", "KS 4D", ""],
        {"knocker": 0, "no_cards_2": "on"},
        [0, 0, 51],
        "Ann knocked with 2; Cleo undercuts with 0.",
        id="carousel",
    ),
    # Three Thirteen, hand 1 (3 cards, threes wild): Ann went out; Ben's K♠ Q♦ 2♣ melds
    # nothing: 10 + 10 + 2 = 22.
    pytest.param(
        "three-thirteen",
        ["Ann", "Ben"],
        ["", "KS QD 2C"],
        {"went_out": 0},
        [0, 22],
        "K♠ Q♦ 2♣ = 22",
        id="three-thirteen",
    ),
    # Rummy: Ann went out; Ben holds K♠ 4♦ = 14, doubled for going rummy: 28.
    pytest.param(
        "rummy",
        ["Ann", "Ben"],
        ["", "KS 4D"],
        {"winner": 0, "went_rummy": "on"},
        [28, 0],
        "",
        id="rummy",
    ),
    # Indian Rummy: Ann declared; Ben's pure 2♥ 3♥ 4♥ counts, the other ten cards
    # 5 + 7 + 9 + 10 + 10 + 10 + 10 (ace) + 8 + 6 + 10 = 85.
    pytest.param(
        "indian-rummy",
        ["Ann", "Ben"],
        ["", INDIAN_LOSER],
        {"winner": 0},
        [85, -85],
        "melded: 2♥ 3♥ 4♥",
        id="indian-rummy",
    ),
    # Tong-Its: Ann calls tongit with no cards left (base 3); Ben opened and pays 3,
    # Cleo did not and pays 3 + 1. Everyone antes 2: Ann −2 + 7 = 5, Ben −5, Cleo −6.
    pytest.param(
        "tong-its",
        ["Ann", "Ben", "Cleo"],
        ["", "KS", "2C"],
        {"end": "tongit", "caller": 0, "opened_0": "on", "opened_1": "on"},
        [5, -5, -6],
        "Ann called tongit.",
        id="tong-its",
    ),
    # Tong-Its, a challenged draw: Ben calls with 3♦ = 3, Ann challenges with 5♠ 5♥ = 10
    # and loses; Cleo folds. Each loser pays the base 3 (a folder too), Cleo 1 more for
    # not opening: Ben −2 + 7 = 5, Ann −5, Cleo −6. Cleo's answer counts for nothing
    # else, and Ben, the caller, is not asked.
    pytest.param(
        "tong-its",
        ["Ann", "Ben", "Cleo"],
        ["5S 5H", "3D", "KS QS 2C 3C"],
        {"end": "draw", "caller": 1, "response_0": "challenge", "response_1": "fold"}
        | {"response_2": "fold", "opened_0": "on", "opened_1": "on"},
        [-5, 5, -6],
        "Ben (3) beats challenger Ann (10).",
        id="tong-its-draw",
    ),
    # Gin Rummy (gin-rummy.md §3.6): Ann knocks with 3♠ = 3; Ben lays 4♥, 8♥ and 9♥ off on
    # her hearts and Q♥ on her queens: 10 + 10 + 5 + 6 + 9 + 10 = 50 left, 50 − 3 = 47.
    pytest.param(
        "gin-rummy",
        ["Ann", "Ben"],
        ["5H 6H 7H QS QD QC 2C 3C 4C 3S", "4H 8H 9H QH 10C JC 5D 6D 9S KD"],
        {"end": "knock", "player": 0},
        [47, 0],
        "Ben lays off 4♥ 8♥ 9♥ on 5♥ 6♥ 7♥ and Q♥ on the queens: 50 left",
        id="gin-rummy",
    ),
]


def test_every_game_of_the_family_has_a_hand_here():
    assert {hand.values[0] for hand in HANDS} == {kind.slug for kind in FAMILY}


@pytest.mark.parametrize(("kind", "names", "cards", "answers", "scores", "said"), HANDS)
@HEADERS
def test_a_hand_is_scored_from_the_cards(
    client, kind, names, cards, answers, scores, said, headers
):
    game = start(client, kind, names)
    response = save_hand(client, game, cards, headers=headers, **answers)
    if headers:
        assert response.status_code == 200 and response["HX-Redirect"] == game.get_absolute_url()
    else:
        assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    html = game_page(client, game)
    assert scoreboard_rows(html) == [scores]
    assert totals_on(html) == scores
    assert said in unescape(html)
    assert "Seat 0" not in html and "seat 1" not in html


@pytest.mark.parametrize(("kind", "names", "cards", "answers", "scores", "said"), HANDS)
def test_a_saved_hand_keeps_the_scores_its_check_worked_out(
    client,
    monkeypatch,
    django_capture_on_commit_callbacks,
    kind,
    names,
    cards,
    answers,
    scores,
    said,
):
    # What the save keeps for the version it makes is what fetching and scoring the
    # stored game afresh gives, answers and all: the pages read it instead.
    game = start(client, kind, names)
    with django_capture_on_commit_callbacks(execute=True):
        assert save_hand(client, game, cards, **answers).status_code == 302
    kept = Game.objects.get(pk=game.pk)
    rounds, standings = kept.fetched_rounds(), kept.standings()

    def afresh(*args):
        raise AssertionError("fetched or scored again")

    monkeypatch.setattr(Game, "fetched_rounds", afresh)
    monkeypatch.setattr(Game, "standings", afresh)

    assert read_model.played(kept) == rounds
    assert read_model.standings(kept) == standings
    assert read_model.standings(kept).rows[0].scores == tuple(scores)


def test_the_entry_screen_lays_out_each_players_cards_as_they_come_in(client):
    # Three Thirteen, hand 2: four cards, fours wild. Ben's 7♠ 8♠ 4♦ is a run with the
    # wild four; K♣ is left over.
    game = start(client, "three-thirteen", ["Ann", "Ben"])
    assert save_hand(client, game, ["", "KS QD 2C"], went_out=0).status_code == 302
    url = entry_url(game)
    data = hand_form(client, game) | {"cards_1": "7S 8S 4D KC", "refresh": "1"}
    html = unescape(text(client.post(url, data)))
    assert "Hand 2" in html and "4 cards each; 4s are wild." in html
    assert "melded: 4♦ 7♠ 8♠ — deadwood: K♣ = 10" in html


def test_a_tap_on_the_picker_adds_the_card_and_keeps_the_answers(client):
    game = start(client, "carousel", ["Ann", "Ben"])
    data = hand_form(client, game) | {"knocker": "1", "cards_0": "5H", "add": "JK"}
    html = text(client.post(entry_url(game), data))
    # The joker joined Ann's cards (the active seat) and Ben is still the knocker.
    assert typed_cards(html, 0) == "5H JK"
    assert re.search(
        r'value="1"[^>]*name="knocker"[^>]*checked|name="knocker" value="1"[^>]*checked', html
    )
    # Carousel's two players have one joker: it is now taken.
    assert 'aria-label="JK taken"' in html


@pytest.mark.parametrize(
    ("kind", "names", "cards", "answers", "field", "message"),
    [
        # Ann knocks with 3 + 2 = 5: a knock needs 4 or less.
        ("carousel", ["Ann", "Ben"], ["3H 2S", "KS"], {"knocker": 0}, None, "knock"),
        # Hand 1 deals three cards: Ben's two are one short.
        (
            "three-thirteen",
            ["Ann", "Ben"],
            ["", "KS QD"],
            {"went_out": 0},
            "cards_1",
            "Ben's hand has 2 cards",
        ),
        # One deck: the K♠ cannot be in two hands.
        ("rummy", ["Ann", "Ben", "Cleo"], ["", "KS", "KS"], {"winner": 0}, "cards_2", "K♠"),
        # The winner of Rummy has no cards left.
        ("rummy", ["Ann", "Ben"], ["2C", "KS"], {"winner": 0}, "cards_0", "Ann"),
        # Nobody said who knocked.
        ("carousel", ["Ann", "Ben"], ["2H", "KS"], {}, "knocker", "Needed for this hand."),
        # A draw: Cleo has opened, so she must fold or challenge, and said neither.
        (
            "tong-its",
            ["Ann", "Ben", "Cleo"],
            ["5S 5H", "3D", ""],
            {"end": "draw", "caller": 1, "response_0": "challenge"}
            | {"opened_0": "on", "opened_1": "on", "opened_2": "on"},
            "response_2",
            "Needed for this hand.",
        ),
        # Carousel: a seat left blank is forgotten, not empty, unless the box says so.
        (
            "carousel",
            ["Ann", "Ben", "Cleo"],
            ["2C", "", "KS QH"],
            {"knocker": 0},
            "cards_1",
            "Ben's cards are missing: enter what they hold, or tick “No cards left” if they "
            "hold none.",
        ),
        # Ann's four aces in melds and Ben's A♠ make five: the deck has four.
        (
            "tong-its",
            ["Ann", "Ben", "Cleo"],
            ["", "AS", "2C"],
            {"end": "tongit", "caller": 0, "opened_0": "on", "meld_aces_0": "4"},
            "cards_1",
            "Ben brings the aces entered to 5 (in hands, in own exposed melds and in "
            "face-down fours); the deck has 4.",
        ),
        # A tongit needs its caller.
        (
            "tong-its",
            ["Ann", "Ben", "Cleo"],
            ["", "KS", "2C"],
            {"end": "tongit"},
            "caller",
            "Needed",
        ),
        # Not a card.
        ("rummy", ["Ann", "Ben"], ["", "KS 1Z"], {"winner": 0}, "cards_1", "1Z"),
    ],
    ids=[
        "knock-too-high",
        "wrong-count",
        "duplicate",
        "winner-has-cards",
        "no-knocker",
        "no-answer-to-a-draw",
        "carousel-forgotten-hand",
        "five-aces",
        "no-caller",
        "junk",
    ],
)
def test_a_hand_that_breaks_the_rules_is_refused_next_to_the_cause(
    client, kind, names, cards, answers, field, message
):
    game = start(client, kind, names)
    response = save_hand(client, game, cards, **answers)
    assert response.status_code == 200
    html = unescape(text(response))
    assert "Not saved yet" in html
    assert any(message in error for error in errors_on(html)), errors_on(html)
    if field and field.startswith("cards_"):
        seat = field.removeprefix("cards_")
        section = re.search(
            rf'<section class="player[^"]*" id="player-{seat}".*?</section>', html, re.S
        )
        assert section and message in section.group(0)
    # Nothing is lost and nothing saved.
    assert [typed_cards(html, seat) for seat in range(len(cards))] == cards
    assert not game.rounds.exists()


# ---------------------------------------------------------------------------
# A game over several hands: dealer, edit, undo, history, the end


def test_the_deal_passes_to_the_left_and_a_tong_its_winner_deals_next(client):
    rummy = start(client, "rummy", ["Ann", "Ben", "Cleo"])
    assert "Next to deal: <strong>Ann</strong>" in game_page(client, rummy)
    save_hand(client, rummy, ["", "KS", "2C"], winner=0)
    assert "Next to deal: <strong>Ben</strong>" in game_page(client, rummy)

    tong_its = start(client, "tong-its", ["Dan", "Eve", "Finn"])
    # Finn calls tongit: he deals the next hand.
    save_hand(client, tong_its, ["KS", "2C", ""], end="tongit", caller=2, opened_2="on")
    assert "Next to deal: <strong>Finn</strong>" in game_page(client, tong_its)


def test_tong_its_shows_the_pot_and_pays_it_to_a_second_win_running(client):
    game = start(client, "tong-its", ["Ann", "Ben", "Cleo"])
    answers = {"end": "tongit", "caller": 0, "opened_0": "on", "opened_1": "on", "opened_2": "on"}
    save_hand(client, game, ["", "KS", "2C"], **answers)
    # Hand 1: each antes 2 (pot 6), Ben and Cleo pay Ann 3: Ann 4, Ben −5, Cleo −5.
    assert "Pot: 6 chips" in game_page(client, game)
    save_hand(client, game, ["", "KS", "2C"], **answers)
    # Hand 2: Ann wins again and takes the pot of 12: −2 + 6 + 12 = 16; totals 20, −10, −10.
    html = game_page(client, game)
    assert totals_on(html) == [20, -10, -10]
    assert "Pot: 0 chips" in html
    assert "Total (chips)" in html


def test_an_edited_hand_changes_the_totals_and_the_history_keeps_both(client):
    game = start(client, "carousel", ["Ann", "Ben"])
    save_hand(client, game, ["2H", "KS"], knocker=0)
    # Ann knocked with 2, Ben holds 10: Ann scores 10 − 2 = 8.
    assert totals_on(game_page(client, game)) == [8, 0]
    form = text(client.get(entry_url(game, 1)))
    assert 'name="cards_1" value="KS"' in form and "Edit hand 1" in form
    response = save_hand(client, game, ["AH", "KS QS"], number=1, knocker=0)
    assert response.status_code == 302
    html = game_page(client, game)
    # Ann knocked with 1, Ben holds 20: 20 − 1 = 19.
    assert totals_on(html) == [19, 0]
    assert "Hand 1 changed; the totals follow." in messages_on(html)
    history = history_on(html)
    assert "before: Ann 2♥ · Ben K♠ · Who knocked Ann" in history
    assert "after: Ann A♥ · Ben K♠ Q♠ · Who knocked Ann" in history


def test_undo_takes_the_last_hand_off(client):
    game = start(client, "rummy", ["Ann", "Ben"])
    save_hand(client, game, ["", "KS"], winner=0)
    save_hand(client, game, ["4D", ""], winner=1)
    game.refresh_from_db()
    client.post(reverse("round-undo", args=[game.pk]), {"version": game.version})
    html = game_page(client, game)
    assert scoreboard_rows(html) == [[10, 0]]
    assert "Hand undone (hand 2)" in history_on(html)


def test_a_resent_save_records_the_hand_once(client):
    game = start(client, "rummy", ["Ann", "Ben"])
    data = hand_form(client, game) | {"save": "1", "cards_1": "KS", "winner": "0"}
    client.post(entry_url(game), data)
    again = client.post(entry_url(game), data)
    assert again.status_code == 302
    assert game.rounds.count() == 1


def test_three_thirteen_ends_after_eleven_hands_and_the_lowest_total_wins(client):
    game = start(client, "three-thirteen", ["Ann", "Ben"])
    for number in range(1, 12):
        response = save_hand(client, game, ["", unmeldable(number)], went_out=0)
        assert response.status_code == 302, errors_on(unescape(text(response)))
    game.refresh_from_db()
    assert game.is_finished
    html = game_page(client, game)
    # Ann went out every hand (0); Ben never melded anything.
    assert totals_on(html)[0] == 0 and totals_on(html)[1] > 0
    assert "Ann wins" in html and "Enter hand" not in html
    # Finished: no twelfth hand.
    assert client.get(entry_url(game)).status_code == 302
    assert game.changes.filter(action=Change.Action.FINISHED).get().after == [["winners", "Ann"]]


# One deck's cards of which no three share a rank or make a run (no two neighbours in a
# suit): nothing melds unless a wild joins, so each hand leaves out its wild rank.
NOTHING_MELDS = ("AS 3S 5S 7S 9S JS KS", "2H 4H 6H 8H 10H QH", "2D 6D 10D")


def unmeldable(number: int) -> str:
    """Hand `number` of Three Thirteen: its n + 2 cards, none of them wild, none melding."""
    wild = RANKS[number + 1]  # hand 1: threes, … hand 11: kings
    cards = [card for suit in NOTHING_MELDS for card in suit.split() if card[:-1] != wild]
    return " ".join(cards[: number + 2])


def test_a_game_without_an_end_is_ended_by_the_table_and_the_leader_wins(client):
    game = start(client, "rummy", ["Ann", "Ben"])
    save_hand(client, game, ["", "KS"], winner=0)
    html = game_page(client, game)
    assert "End the game here" in html and "Ann wins on the totals so far" in html
    game.refresh_from_db()
    response = client.post(reverse("game-finish", args=[game.pk]), {"version": game.version})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.is_finished
    html = game_page(client, game)
    assert "Game over: Ann won." in messages_on(html)
    assert "Ann wins" in html and "Reopen to change it" in html


def test_rummy_ends_at_its_target(client):
    game = start(client, "rummy", ["Ann", "Ben"], target_score=20)
    save_hand(client, game, ["", "KS QS"], winner=0)
    game.refresh_from_db()
    assert game.is_finished
    assert "Ann wins" in game_page(client, game)


def test_only_the_rummy_family_can_be_ended_by_hand_and_steals_are_indian_chiefs(client):
    chief = Game.objects.start(["Ann", "Ben"], 1)
    assert client.post(reverse("game-finish", args=[chief.pk]), {"version": 0}).status_code == 404
    rummy = start(client, "rummy", ["Ann", "Ben"])
    save_hand(client, rummy, ["", "KS"], winner=0)
    assert client.get(reverse("steals", args=[rummy.pk, 1])).status_code == 404


def test_the_scoreboard_fragment_for_htmx(client):
    game = start(client, "carousel", ["Ann", "Ben"])
    save_hand(client, game, ["2H", "KS"], knocker=0)
    html = text(client.get(game.get_absolute_url(), headers=HTMX))
    assert not is_whole_page(html)
    assert html.strip().startswith('<section id="scoreboard"')
    assert scoreboard_rows(html) == [[8, 0]]


def test_a_hand_stores_its_answers_and_the_history_tells_them_in_words(client):
    game = start(client, "tong-its", ["Ann", "Ben", "Cleo"])
    answers = {"end": "draw", "caller": 1, "response_0": "challenge", "response_1": "fold"}
    answers |= {"response_2": "challenge", "opened_0": "on", "opened_1": "on"}
    answers |= {"meld_aces_1": "1", "face_down_quads_0": "q", "last_drawer": "2"}
    assert save_hand(client, game, ["5S 5H", "3D", "KS"], **answers).status_code == 302
    # What this hand does not ask is not kept: a draw has no last drawer, the caller
    # does not answer the draw nor say they opened (a caller has), Cleo, who has not
    # opened, must fold, and only the winner's aces and face-down fours count: Ben (3)
    # beats Ann (10), so Ann's fours go.
    details = game.rounds.get().details
    assert (details["last_drawer"], details["response_1"], details["response_2"]) == (
        None,
        None,
        None,
    )
    assert details["response_0"] == "challenge" and details["face_down_quads_0"] == []
    assert details["meld_aces_1"] == 1 and details["opened_2"] is False
    assert details["opened_1"] is False
    history = history_on(game_page(client, game))
    assert (
        "Hand saved (hand 1) Ann 5♠ 5♥ · Ben 3♦ · Cleo K♠ · How the hand ended Draw called · "
        "Who called it Ben · Ann Opened, Challenge · Ben Aces in own exposed melds: 1"
    ) in history
    # The edit screen shows the answers as they were saved, and asks only what applies:
    # no fold or challenge for Ben (the caller) or Cleo (not opened), no last drawer,
    # aces and face-down fours of Ben, the winner, only.
    form = text(client.get(entry_url(game, 1)))
    assert re.search(r'name="response_0" value="challenge"[^>]*checked', form)
    assert re.search(r'name="caller" value="1"[^>]*checked', form)
    assert re.search(r'name="meld_aces_1" value="1"', form)
    assert 'name="face_down_quads_1"' in form
    # A box that takes text shows how to fill it, and the box points at those words.
    assert re.search(
        r'name="face_down_quads_1"[^>]*aria-describedby="id_face_down_quads_1_helptext"', form
    )
    assert re.search(
        r'id="id_face_down_quads_1_helptext">Ranks with spaces between them, like K 7\.<', form
    )
    assert 'name="face_down_quads_0"' not in form and 'name="meld_aces_0"' not in form
    assert 'name="meld_aces_2"' not in form
    assert 'name="response_1"' not in form and 'name="response_2"' not in form
    assert 'name="last_drawer"' not in form
    assert 'name="opened_1"' not in form and 'name="opened_0"' in form


def test_a_caller_is_not_asked_whether_they_opened_and_scores_as_opened(client):
    # The same draw as below with no box ticked for Ben, the caller: a caller has opened.
    game = start(client, "tong-its", ["Ann", "Ben", "Cleo"])
    answers = {"end": "draw", "caller": 1, "response_0": "challenge", "opened_0": "on"}
    assert save_hand(client, game, ["4S", "3D", ""], **answers).status_code == 302
    assert totals_on(game_page(client, game)) == [-5, 5, -6]


def test_a_caller_left_over_from_another_end_skips_nobody(client):
    # The stock ran out: "Who called it" is not asked, so a caller still in the form does
    # not spare Ben the question; Ben, who has opened, compares and wins with 3.
    game = start(client, "tong-its", ["Ann", "Ben", "Cleo"])
    answers = {"end": "stock_out", "caller": 1, "last_drawer": 0, "opened_1": "on"}
    assert save_hand(client, game, ["4S", "3D", "2C"], **answers).status_code == 302
    assert game.rounds.get().details["opened_1"] is True
    assert totals_on(game_page(client, game))[1] > 0


def test_a_player_who_has_not_opened_folds_a_draw_without_being_asked(client):
    # Ben calls draw with 3♦ = 3; Ann has opened and challenges with 4♠ = 4 and loses;
    # Cleo has not opened and folds. Each loser pays 3, Cleo 1 more: Ben −2 + 7 = 5.
    game = start(client, "tong-its", ["Ann", "Ben", "Cleo"])
    answers = {"end": "draw", "caller": 1, "response_0": "challenge"}
    answers |= {"opened_0": "on", "opened_1": "on"}
    assert save_hand(client, game, ["4S", "3D", ""], **answers).status_code == 302
    assert totals_on(game_page(client, game)) == [-5, 5, -6]


def test_indian_rummy_asks_each_deal_for_its_wild_rank(client):
    # Kings are wild this deal: beside the pure 2♥ 3♥ 4♥, Ben's K♠ stands in for the 10♣
    # of 8♣ 9♣ 10♣ J♣. Left: 5♠ 7♦ Q♦ A♠ 6♦ 10♠ = 5 + 7 + 10 + 10 + 6 + 10 = 48 (without
    # the wild rank he counts 85, see above).
    game = start(client, "indian-rummy", ["Ann", "Ben"])
    response = save_hand(client, game, ["", INDIAN_LOSER], winner=0, wild_rank="K")
    assert response.status_code == 302
    assert totals_on(game_page(client, game)) == [48, -48]


def test_a_save_from_a_second_phone_is_told_the_game_changed(client):
    # Two phones open hand 2 of Three Thirteen; the first saves it. The second phone's
    # four cards are kept and it is told why, not that hand 3 deals five cards.
    game = start(client, "three-thirteen", ["Ann", "Ben"])
    save_hand(client, game, ["", "KS QD 2C"], went_out=0)
    second = hand_form(client, game) | {"save": "1", "went_out": "0", "cards_1": "KS QD 2C 6H"}
    assert save_hand(client, game, ["", "KS QD 2C 5H"], went_out=0).status_code == 302
    html = text(client.post(entry_url(game), second))
    assert "Hand 2 was saved on another phone" in unescape(html)
    assert "Ann no cards Ben K♠ Q♦ 2♣ 6♥ not as saved" in meanwhile_on(html)
    assert "deals 5" not in html
    assert game.rounds.count() == 2
    # Entered as hand 3, the four cards are kept, and who went out with them.
    choice = read_form(html, entry_url(game))
    html = text(
        client.post(entry_url(game), choice.data(choice.button(text="Enter yours as hand 3")))
    )
    assert "Hand 3" in html and typed_cards(html, 1) == "KS QD 2C 6H"
    assert re.search(r'<input type="radio" name="went_out" value="0"[^>]* checked', html)
    assert game.rounds.count() == 2


def test_a_typed_card_the_decks_cannot_hold_is_flagged_while_entering(client):
    # Rummy for two plays one deck: Ben's K♠ is Ann's already.
    game = start(client, "rummy", ["Ann", "Ben"])
    data = hand_form(client, game) | {"cards_0": "KS 2H", "cards_1": "KS 3D", "refresh": "1"}

    html = unescape(text(client.post(entry_url(game), data)))

    ben = re.search(r'<section [^>]*id="player-1".*?</section>', html, re.S)
    assert ben and "Ben's K♠ is already in Ann's cards; only one deck is in play." in ben.group(0)
    assert game.rounds.count() == 0


def test_a_complete_three_thirteen_hand_moves_entry_to_the_next_player(client):
    # Hand 1 deals three cards: Ann's third card completes her hand, and Ben is next.
    game = start(client, "three-thirteen", ["Ann", "Ben", "Cleo"])
    table = Table(client, entry_url(game)).select("Ann").pick("K♠", "Q♦")
    assert table.active() == 0

    table.pick("2♣")

    assert table.cards(0) == "KS QD 2C"
    assert table.active() == 1
    # The last player stays where they are.
    table.select("Cleo").pick("4♠", "5♠", "6♠")
    assert table.active() == 2


def test_an_indian_rummy_hand_of_thirteen_moves_entry_on_past_the_declarer(client):
    # Ben declared, so he shows no cards: Ann's thirteenth card completes her hand, and
    # the next cards are Cleo's.
    game = start(client, "indian-rummy", ["Ann", "Ben", "Cleo"])
    twelve = "2H 3H 4H 5S 7D 9C JC QD KS AS 8C 6D"
    data = hand_form(client, game) | {"winner": "1", "cards_0": twelve, "add": "10S"}

    html = text(client.post(entry_url(game), data))

    assert typed_cards(html, 0) == twelve + " 10S"
    assert re.findall(r'<section class="player active[^"]*" id="player-(\d+)"', html) == ["2"]
    assert re.search(r'class="dock-count made" id="count-0"[^>]*>13<', html)


def test_a_hand_asks_how_it_ended_first_in_the_dock_one_question_at_a_time(client):
    game = start(client, "tong-its", ["Ann", "Ben", "Cleo"])

    def dock(data=None) -> tuple[list[str], str]:
        """The questions in the dock, and the dock's tags for the picker and Save."""
        url = entry_url(game)
        html = text(client.post(url, data) if data else client.get(url))
        docked = html[html.index('<div class="dock">') :]
        legends = re.findall(r"<legend>([^<]+)</legend>", docked)
        shown = " ".join(
            re.findall(r'<div class="picker"[^>]*>|<button [^>]*name="save"[^>]*>', docked)
        )
        return legends, shown

    # How the hand ended comes first, alone; the picker and Save wait for it.
    legends, shown = dock()
    assert legends == ["How the hand ended"]
    assert shown.count("hidden") == 2
    # A draw: who called it comes next (a stock run out would ask who drew last).
    form = hand_form(client, game)
    legends, shown = dock(form | {"end": "draw", "refresh": "1"})
    assert legends == ["Who called it"] and shown.count("hidden") == 2
    # Answered: the cards come, with Save.
    legends, shown = dock(form | {"end": "draw", "caller": "1", "refresh": "1"})
    assert legends == [] and "hidden" not in shown


def test_a_carousel_hand_may_hold_more_than_thirteen_cards(client):
    game = start(client, "carousel", ["Ann", "Ben"])
    fourteen = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH"
    data = hand_form(client, game) | {"cards_1": fourteen, "active": "1", "add": "2H"}
    assert typed_cards(text(client.post(entry_url(game), data)), 1) == fourteen + " 2H"


def test_undo_reopen_and_the_last_hand_speak_of_hands(client):
    game = start(client, "three-thirteen", ["Ann", "Ben"])
    for number in range(1, 12):
        save_hand(client, game, ["", unmeldable(number)], went_out=0)
    game.refresh_from_db()
    response = client.post(reverse("game-reopen", args=[game.pk]), {"version": game.version})
    assert "The game is open again: hands can be changed." in messages_on(
        text(client.get(response["Location"]))
    )
    # Reopened after its eleventh hand, the game takes no twelfth.
    response = client.get(entry_url(game))
    assert response.status_code == 302
    assert "All 11 hands are in: edit one to change it." in messages_on(
        text(client.get(response["Location"]))
    )
    game.refresh_from_db()
    client.post(reverse("round-undo", args=[game.pk]), {"version": game.version})
    assert "Hand 11 undone. It is still in the history." in messages_on(game_page(client, game))


@HEADERS
def test_ending_a_game_needs_a_hand_and_the_version_seen(client, headers):
    game = start(client, "rummy", ["Ann", "Ben"])
    url = reverse("game-finish", args=[game.pk])
    response = client.post(url, {"version": game.version}, headers=headers)
    assert response.status_code == (200 if headers else 302)
    page = game_page(client, game)
    assert "No hand has been played yet: there is nothing to end." in messages_on(page)
    save_hand(client, game, ["", "KS"], winner=0)
    save_hand(client, game, ["KD", ""], winner=1)
    # A phone that saw the game before the second hand cannot end it.
    client.post(url, {"version": 1}, headers=headers)
    game.refresh_from_db()
    assert not game.is_finished
    assert "Another device changed this game first." in messages_on(game_page(client, game))
    # Tied at 10 each: a shared win.
    client.post(url, {"version": game.version}, headers=headers)
    assert "Game over: Ann and Ben share the win." in messages_on(game_page(client, game))
    game.refresh_from_db()
    assert game.is_finished
    client.post(url, {"version": game.version}, headers=headers)
    assert "This game is already finished." in messages_on(game_page(client, game))


def test_a_save_costs_the_same_queries_however_many_seats_and_hands(client):
    # Rummy hands where the first seat goes out and each other seat holds one card.
    def queries_of_a_save(names: tuple[str, ...], hands_before: int) -> int:
        game = start(client, "rummy", names)
        cards = ["", *(f"{rank}D" for rank in "23456789"[: len(names) - 1])]
        for _ in range(hands_before):
            assert save_hand(client, game, cards, winner=0).status_code == 302
        form = hand_form(client, game) | {"save": "1", "winner": "0"}
        form |= {f"cards_{seat}": text_ for seat, text_ in enumerate(cards)}
        with CaptureQueriesContext(connection) as captured:
            assert client.post(entry_url(game), form).status_code == 302
        return len(captured)

    two_seats = queries_of_a_save(("Ann", "Ben"), 1)

    assert queries_of_a_save(("Ann", "Ben", "Cleo", "Dan", "Eve", "Finn"), 1) == two_seats
    assert queries_of_a_save(("Ann", "Ben"), 6) == two_seats


def test_a_save_fetches_nothing_of_the_version_it_makes_before_it_commits(client):
    """The save keeps the table it was checked against for its new version: it reads no
    seats once the version has moved on (a read there would be one query more on every
    save, and would put the new version's table in the cache before the commit)."""
    game = start(client, "rummy", ("Ann", "Ben"))
    form = hand_form(client, game) | {"save": "1", "winner": "0", "cards_1": "2D"}
    with CaptureQueriesContext(connection) as captured:
        assert client.post(entry_url(game), form).status_code == 302
    sql = [query["sql"] for query in captured]
    moved_on = next(i for i, query in enumerate(sql) if query.startswith('UPDATE "games_game"'))
    assert not [query for query in sql[moved_on:] if '"games_seat"' in query]


def test_tong_its_asks_aces_and_face_down_fours_of_the_winner_only(client):
    game = start(client, "tong-its", ["Ann", "Ben", "Cleo"])
    url = entry_url(game)

    # Before anyone has won, nobody is asked, and the screen says when they will be.
    first = unescape(text(client.get(url)))
    assert "meld_aces_" not in first and "face_down_quads_" not in first
    waiting = "Asked of the winner once the cards show who won: Aces in own exposed melds, "
    assert waiting + "Face-down fours (ranks)." in first

    # Ann calls tongit: she wins, and she alone is asked.
    data = hand_form(client, game) | {"end": "tongit", "caller": "0", "opened_0": "on"}
    data |= {"cards_1": "KS", "cards_2": "2C", "refresh": "1"}
    html = unescape(text(client.post(url, data)))
    assert {name for name in re.findall(r'name="(meld_aces_\d|face_down_quads_\d)"', html)} == {
        "meld_aces_0",
        "face_down_quads_0",
    }
    assert waiting not in html


def test_a_tap_that_settles_the_winner_brings_their_questions(client):
    # A draw: Ben calls with 3♦; Ann challenges. Ann's hand is the last one in, by a tap.
    game = start(client, "tong-its", ["Ann", "Ben", "Cleo"])
    url = entry_url(game)
    data = hand_form(client, game) | {"end": "draw", "caller": "1", "response_0": "challenge"}
    data |= {"opened_0": "on", "opened_1": "on", "cards_1": "3D", "cards_2": "KS QS"}
    page = text(client.post(url, data | {"refresh": "1"}))
    assert "meld_aces_" not in page
    digests = dict(re.findall(r'id="preview-(\d+)" data-digest="([^"]+)"', page))

    tapped = data | {"active": "0", "cards_0": "5S 5H"}
    tapped |= {f"shown_{seat}": digest for seat, digest in digests.items()}
    answer = text(client.post(f"{url}taps/", tapped, headers={"HX-Request": "true"}))

    # Ben (3) beats Ann (10): Ben's questions come with the answer, out of band.
    ben = re.search(
        r'<div class="seat-questions" id="questions-1" hx-swap-oob="true">(.*?)</div>\s*</div>',
        answer,
        re.S,
    )
    assert ben and 'name="meld_aces_1"' in ben.group(1)
    assert "meld_aces_0" not in answer and "meld_aces_2" not in answer


@pytest.mark.parametrize(
    ("kind", "answers", "receiving"),
    [
        # Who went out, or declared, or called a tongit shows no cards: Ben's come next.
        ("rummy", {"winner": "0"}, "Ben"),
        ("indian-rummy", {"winner": "0"}, "Ben"),
        ("tong-its", {"end": "tongit", "caller": "0"}, "Ben"),
        # Who called a draw shows their cards, as does who went out in Three Thirteen.
        ("tong-its", {"end": "draw", "caller": "0"}, "Ann"),
        ("three-thirteen", {"went_out": "0"}, "Ann"),
    ],
)
def test_the_cards_go_past_a_player_the_answers_say_shows_none(client, kind, answers, receiving):
    game = start(client, kind)
    # The answer as the phone sends it on change: the whole form, the first seat active.
    data = hand_form(client, game) | {f"cards_{seat}": "" for seat in range(3)} | answers

    page = text(client.post(entry_url(game), data, headers={"HX-Request": "true"}))

    active = ["Ann", "Ben", "Cleo"].index(receiving)
    assert re.search(rf'name="active" value="{active}"', page)
    assert f'aria-label="Cards for {receiving}"' in page
