"""The data model stores what was entered at the table; scores come from the rules."""

import threading
import time

import pytest
from django.db import IntegrityError, connection, connections, transaction
from django.utils import translation

from games.models import Game, Player, Round, Steal, scores
from tests.factories import add_round, make_game, named_rounds, round_scores, totals_by_name

pytestmark = pytest.mark.django_db

# Seven rounds for Ann and Ben, each meld once, with the scores worked out by hand.
SEVEN_ROUNDS = [
    # Ann: Thief K♣ = 10.          Ben: Rich Man −(1 + 2 + 3 + 1 + 4) = −11.
    ({"Ann": "KC", "Ben": "AS 2H 3C AD 4S"}, {"Ann": 10, "Ben": -11}),
    # Ann: Beggar Man 7♥ 7♣ against Ben's 7♠ = 2.   Ben: Poor Man 7♠ 5♠ = 12, 3♦ no spade.
    ({"Ann": "7H 7C", "Ben": "7S 5S 3D"}, {"Ann": 2, "Ben": 12}),
    # Ann: Poor Man Q♠ 10♠ = 20.   Ben: Thief 9♦ = 9.
    ({"Ann": "QS 10S 3H", "Ben": "9D"}, {"Ann": 20, "Ben": 9}),
    # Ann: Lawyer 10 + 8 + 6 + 1 = 25.   Ben: Beggar Man 2♣ 4♦ matches nothing = 0.
    ({"Ann": "QD 8H 6C AC", "Ben": "2C 4D"}, {"Ann": 25, "Ben": 0}),
    # Ann: Rich Man −(10 + 10 + 10 + 10 + 9) = −49.   Ben: Lawyer 10 + 9 + 2 + 1 = 22 → 0.
    ({"Ann": "KH KD QH JS 9C", "Ben": "KS 9S 2D AH"}, {"Ann": -49, "Ben": 0}),
    # Ann: Doctor, six ranks with A♥, three hearts = 30.
    # Ben: Doctor without an ace = 0.
    ({"Ann": "AH 3H 5H 7S 9D JC", "Ben": "2H 4S 6D 8C 10H QC"}, {"Ann": 30, "Ben": 0}),
    # Ann: Indian Chief, straight 5–9 (25) + baccarat K♣ 7♥ = 7 → 32.
    # Ben: Indian Chief, flush of spades 2 3 4 6 J (30) + baccarat 9♦ K♦ = 9 → 39.
    ({"Ann": "5S 6H 7D 8C 9H KC 7H", "Ben": "2S 3S 4S 6S JS 9D KD"}, {"Ann": 32, "Ben": 39}),
]


def test_standings_are_derived_from_the_cards_through_the_rules():
    game = make_game(["Ann", "Ben"])
    for cards, _ in SEVEN_ROUNDS:
        add_round(game, cards)

    standings = game.standings()

    assert round_scores(standings) == [scores for _, scores in SEVEN_ROUNDS]
    assert totals_by_name(standings) == {"Ann": 70, "Ben": 49}
    assert standings.complete
    assert standings.winners == ("Ann",)


def test_changing_the_entered_cards_rescores_the_game():
    game = make_game(["Ann", "Ben"])
    played = add_round(game, {"Ann": "KC", "Ben": "AS 2H 3C AD 4S"})
    assert totals_by_name(game.standings()) == {"Ann": 10, "Ben": -11}

    # The scorekeeper fixes a mistyped card: no stored score needs updating.
    hand = played.hands.get(seat__player__name="Ann")
    hand.cards = "3D"
    hand.save()

    assert totals_by_name(game.standings()) == {"Ann": 3, "Ben": -11}


def test_players_keep_their_seat_order():
    game = make_game(["Cleo", "Ann", "Ben"])

    assert game.player_names() == ["Cleo", "Ann", "Ben"]
    assert game.standings().players == ("Cleo", "Ann", "Ben")


def test_stored_steals_are_replayed_and_leave_scores_alone():
    game = make_game(["Mia", "Noor", "Omar", "Pia"])
    add_round(
        game,
        {"Mia": "9D", "Noor": "3S", "Omar": "9C QH", "Pia": "QS 8H 5C 2D"},
        steals=[("Noor", "Pia", "QS"), ("Mia", "Pia", "3S")],
    )

    (played,) = named_rounds(game.standings())

    assert played.scores == {"Mia": 9, "Noor": 3, "Omar": 4, "Pia": 25}
    assert {thief: str(card) for thief, card in played.steals.taken.items()} == {
        "Noor": "QS",
        "Mia": "3S",
    }
    assert [str(card) for card in played.steals.melds_after["Pia"]] == ["9D", "8H", "5C", "2D"]


def test_a_stored_pass_is_a_steal_without_victim_or_card():
    game = make_game(["Ann", "Ben"])
    add_round(game, {"Ann": "4C", "Ben": "KS KD"}, steals=[("Ann", None, "")])

    (played,) = named_rounds(game.standings())

    assert played.steals.taken == {}
    assert played.scores == {"Ann": 4, "Ben": 0}


def test_a_steal_must_name_both_victim_and_card_or_neither():
    game = make_game(["Ann", "Ben"])
    played = add_round(game, {"Ann": "4C", "Ben": "KS KD"})
    ann = game.seats.get(player__name="Ann")

    with pytest.raises(IntegrityError), transaction.atomic():
        Steal.objects.create(round=played, order=0, thief=ann, victim=None, card="KS")


def test_a_round_number_is_recorded_once_per_game():
    game = make_game(["Ann", "Ben"])
    Round.objects.create(game=game, number=1)

    with pytest.raises(IntegrityError), transaction.atomic():
        Round.objects.create(game=game, number=1)


def test_roster_names_are_unique_ignoring_case():
    Player.objects.create(name="Ann")

    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(name="ann")


def test_a_player_sits_once_per_game():
    game = make_game(["Ann", "Ben"])

    with pytest.raises(IntegrityError), transaction.atomic():
        game.seats.create(player=Player.objects.get(name="Ann"), position=2)


def test_in_progress_and_finished_games():
    running = make_game(["Ann", "Ben"])
    done = make_game(["Ann", "Ben"], finished_at="2026-11-01T20:00:00Z")

    assert list(Game.objects.in_progress()) == [running]
    assert list(Game.objects.finished()) == [done]


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's own locking")
def test_sqlite_runs_in_wal_mode():
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone()[0] == "wal"


@pytest.mark.django_db(transaction=True)
def test_concurrent_writers_wait_for_each_other_instead_of_failing():
    """Two phones saving the next round at once: the second waits, then numbers it 2.

    Each save reads before it writes. On SQLite only an IMMEDIATE transaction makes the
    second writer wait before its read; a deferred one reads a stale count and then fails
    with "database is locked". On PostgreSQL the row lock on the game does the same.
    """
    game = make_game(["Ann", "Ben"])
    first_has_lock = threading.Event()
    errors: list[Exception] = []

    def save_next_round(hold: float) -> None:
        try:
            with transaction.atomic():
                locked = Game.objects.select_for_update().get(pk=game.pk)
                Round.objects.create(game=locked, number=locked.rounds.count() + 1)
                first_has_lock.set()
                time.sleep(hold)
        except Exception as error:  # collected so the main thread's assertion shows it
            errors.append(error)
        finally:
            connections.close_all()

    first = threading.Thread(target=save_next_round, args=(0.5,))
    first.start()
    assert first_has_lock.wait(5)
    second = threading.Thread(target=save_next_round, args=(0,))
    second.start()
    first.join()
    second.join()

    assert errors == []
    assert sorted(game.rounds.values_list("number", flat=True)) == [1, 2]


def test_an_edit_keeps_the_steals_that_still_fit():
    game = make_game(["Mia", "Noor", "Omar", "Pia"])
    add_round(
        game,
        {"Mia": "9D", "Noor": "3S", "Omar": "9C QH", "Pia": "QS 8H 5C 2D"},
        steals=[("Noor", "Pia", "QS"), ("Mia", "Pia", "3S")],
    )

    # Mia revealed two cards, not one: a Beggar Man, so she had no steal to make.
    notes = game.edit_round(1, ["9D 2C", "3S", "9C QH", "QS 8H 5C 2D"], game.version)

    assert notes == ["Steals of round 1 that no longer fit were removed: Mia took 3♠ from Pia."]
    (played,) = named_rounds(game.standings())
    assert {thief: str(card) for thief, card in played.steals.taken.items()} == {"Noor": "QS"}


def test_roster_names_are_one_player_whatever_the_case_of_their_letters():
    Player.objects.create(name="José")

    with pytest.raises(IntegrityError), transaction.atomic():
        Player.objects.create(name="JOSÉ")

    game = Game.objects.start(["josé", "Ärne"], 1)
    assert Player.objects.count() == 2
    assert game.player_names() == ["José", "Ärne"]


def test_a_long_text_is_kept_in_the_shared_cache_only():
    """A long game's export or scoreboard is hundreds of KB: a process keeps the short
    values in its own memory, and reads the long ones from the shared cache."""
    short, long = "s" * 100, "l" * (scores.MOST_REMEMBERED_CHARACTERS + 1)

    assert scores.versioned("test:short", lambda: short) == short
    assert scores.versioned("test:long", lambda: long) == long

    assert "test:short" in scores._recent and "test:long" not in scores._recent
    assert scores.cache.get("test:long") == long
    assert scores.versioned("test:long", lambda: "worked out again") == long


def test_what_is_kept_of_a_game_is_kept_per_language_and_per_catalogue(monkeypatch):
    # The same game's scores, asked in Hindi, in Filipino and after a corrected
    # translation, are three things kept: each carries its own explanations.
    game = make_game()
    with translation.override("hi"):
        hindi = scores.key(game, "standings")
    with translation.override("fil"):
        filipino = scores.key(game, "standings")
    monkeypatch.setattr(scores, "WORDING", "corrected")
    with translation.override("hi"):
        corrected = scores.key(game, "standings")
    assert len({hindi, filipino, corrected}) == 3
