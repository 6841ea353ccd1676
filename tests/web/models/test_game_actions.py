"""The game's actions: what a save, an edit, an undo or a steal does to a game.

Every score here is worked out by hand from `shared/rules/indian-chief.md`. The actions take
the version the device saw: a stale version is refused with StaleGame, a finished game with
GameFinished, and a retried save (same token) finds the round it already recorded.
"""

import threading
import uuid

import pytest
from django.db import connection, connections
from django.test.utils import CaptureQueriesContext

from games.models import Change, Game, GameFinished, Player, Round, StaleGame, Steal, scores
from games.models.games import FINISHED_AGAIN
from games.rules import KINDS
from games.rules.errors import (
    CannotStealFromSelf,
    CardNotInMeld,
    DuplicateCard,
    InvalidCard,
    NotAThief,
    RepeatedMeld,
    StealError,
    ThiefTieConflict,
    WrongCardCount,
)
from tests.factories import (
    FOUR,
    THIEVES_ROUND,
    THIEVES_SCORES,
    TIE_ROUNDS,
    TIE_TOTAL,
    TIED_THIEVES_ROUND,
    TIED_THIEVES_SCORES,
    WIN_ROUNDS,
    WIN_TOTALS,
    fresh,
    named_rounds,
    play,
    round_scores,
    seat,
    totals_by_name,
)

pytestmark = pytest.mark.django_db


# ---------------------------------------------------------------------------
# Starting a game


def test_start_seats_the_players_in_order_and_opens_the_history():
    game = Game.objects.start(["Cleo", "Ann", "Ben"], 1, "Kitchen table")

    assert game.player_names() == ["Cleo", "Ann", "Ben"]
    assert (game.decks, game.note, game.version) == (1, "Kitchen table", 0)
    assert not game.is_finished
    (started,) = game.changes.all()
    assert started.action == Change.Action.STARTED
    assert started.after == [["players", "Cleo, Ann, Ben"]]


def test_start_adds_new_names_to_the_roster_and_reuses_known_ones_in_any_case():
    ann = Player.objects.create(name="Ann")

    game = Game.objects.start(["ANN", "Zoe"], 1)

    # "ANN" is Ann from the roster; Zoe is new.
    assert list(Player.objects.values_list("name", flat=True)) == ["Ann", "Zoe"]
    assert game.seats.get(position=0).player == ann
    assert game.player_names() == ["Ann", "Zoe"]


# ---------------------------------------------------------------------------
# Saving a round


def test_a_saved_round_is_numbered_scored_and_kept_in_the_history():
    game = Game.objects.start(["Ann", "Ben"], 1)

    played = game.record_round(WIN_ROUNDS[0][0], uuid.uuid4(), 0)

    assert played.number == 1
    assert fresh(game).version == 1
    assert round_scores(game.standings()) == [{"Ann": 2, "Ben": 12}]
    added = game.changes.get(action=Change.Action.ROUND_ADDED)
    assert (added.round_number, added.before) == (1, None)
    assert added.after == [["Ann", "7♥ 7♣"], ["Ben", "7♠ 5♠ 3♦"]]


def test_cards_are_stored_as_given_and_the_next_round_gets_the_next_number():
    game = Game.objects.start(["Ann", "Ben"], 1)
    play(game, WIN_ROUNDS[0][0])

    second = play(game, WIN_ROUNDS[1][0])

    assert second.number == 2
    assert second.snapshot() == {"Ann": "QS 10S 3H", "Ben": "9D"}
    assert fresh(game).version == 2


def test_a_retried_save_with_the_same_token_returns_the_round_it_already_recorded():
    game = Game.objects.start(["Ann", "Ben"], 1)
    token = uuid.uuid4()
    first = game.record_round(WIN_ROUNDS[0][0], token, 0)

    # The phone never saw the answer and sends the very same save again.
    again = fresh(game).record_round(WIN_ROUNDS[0][0], token, 0)

    assert again.pk == first.pk
    assert game.rounds.count() == 1
    assert fresh(game).version == 1
    assert game.changes.filter(action=Change.Action.ROUND_ADDED).count() == 1


def test_a_retry_still_finds_its_round_after_another_device_saved_the_next_one():
    game = Game.objects.start(["Ann", "Ben"], 1)
    token = uuid.uuid4()
    first = game.record_round(WIN_ROUNDS[0][0], token, 0)
    play(game, WIN_ROUNDS[1][0])  # another phone saves round 2: version 2

    # The first phone's retry carries the version it saw (0): it is no conflict, it landed.
    again = fresh(game).record_round(WIN_ROUNDS[0][0], token, 0)

    assert again.pk == first.pk
    assert sorted(game.rounds.values_list("number", flat=True)) == [1, 2]


def test_a_save_against_an_older_version_is_refused_with_the_newer_game():
    game = Game.objects.start(["Ann", "Ben"], 1)
    play(game, WIN_ROUNDS[0][0])

    # A second phone loaded the game at version 0 and saves different cards as round 1.
    with pytest.raises(StaleGame) as stale:
        fresh(game).record_round(WIN_ROUNDS[1][0], uuid.uuid4(), 0)

    assert stale.value.game.version == 1
    assert stale.value.game.rounds.count() == 1
    assert fresh(game).version == 1
    # Saved again knowingly, with the version it was shown, it becomes round 2.
    second = fresh(game).record_round(WIN_ROUNDS[1][0], uuid.uuid4(), 1)
    assert second.number == 2


@pytest.mark.parametrize(
    ("cards", "error", "player"),
    [
        # "ZZ" is not a card.
        (["7H ZZ", "7S 5S 3D"], InvalidCard, "Ann"),
        # Eight cards make no meld.
        (["7H", "AS 2S 3S 4S 5S 6S 7S 8S"], WrongCardCount, "Ben"),
        # Nobody revealed nothing.
        (["7H", ""], WrongCardCount, "Ben"),
        # With one deck there is one 7♥, and Ann already has it.
        (["7H 7C", "7H 5S 3D"], DuplicateCard, "Ben"),
    ],
    ids=["invalid-card", "eight-cards", "no-cards", "duplicate-card"],
)
def test_cards_the_rules_refuse_are_not_saved(cards, error, player):
    game = Game.objects.start(["Ann", "Ben"], 1)

    with pytest.raises(error) as raised:
        game.record_round(cards, uuid.uuid4(), 0)

    assert raised.value.player == player
    assert game.rounds.count() == 0
    assert fresh(game).version == 0
    assert not game.changes.filter(action=Change.Action.ROUND_ADDED).exists()


def test_a_meld_made_twice_is_refused():
    game = Game.objects.start(["Ann", "Ben"], 1)
    play(game, WIN_ROUNDS[1][0])  # Ben makes his Thief (9♦)

    # Ben reveals one card again: a second Thief.
    with pytest.raises(RepeatedMeld, match="Ben already made Thief in round 1"):
        play(game, ["7H 7C", "QD"])

    assert game.rounds.count() == 1


def test_the_seventh_round_finishes_the_game_with_the_winner_in_the_history():
    game = Game.objects.start(["Ann", "Ben"], 1)
    for cards, _ in WIN_ROUNDS[:6]:
        play(game, cards)
    assert not fresh(game).is_finished

    play(game, WIN_ROUNDS[6][0])

    game = fresh(game)
    assert game.is_finished
    standings = game.standings()
    assert round_scores(standings) == [scores for _, scores in WIN_ROUNDS]
    assert totals_by_name(standings) == WIN_TOTALS
    assert standings.winners == ("Ann",)
    finished = game.changes.get(action=Change.Action.FINISHED)
    assert finished.after == [["winners", "Ann"]]
    assert game.version == 7


def test_a_tie_after_seven_rounds_shares_the_win():
    game = Game.objects.start(["Ann", "Ben"], 1)
    for cards, _ in TIE_ROUNDS:
        play(game, cards)

    standings = fresh(game).standings()

    assert round_scores(standings) == [scores for _, scores in TIE_ROUNDS]
    assert totals_by_name(standings) == {"Ann": TIE_TOTAL, "Ben": TIE_TOTAL}
    assert standings.winners == ("Ann", "Ben")
    assert game.changes.get(action=Change.Action.FINISHED).after == [["winners", "Ann and Ben"]]


@pytest.fixture
def finished_game() -> Game:
    game = Game.objects.start(["Ann", "Ben"], 1)
    for cards, _ in WIN_ROUNDS:
        play(game, cards)
    return fresh(game)


def test_a_finished_game_is_read_only(finished_game):
    version = finished_game.version

    with pytest.raises(GameFinished):
        finished_game.record_round(["KC", "QS"], uuid.uuid4(), version)
    with pytest.raises(GameFinished):
        finished_game.edit_round(1, ["7H 7D", "7S 5S 3D"], version)
    # Round 2 had Ben's Thief: a late steal is refused too.
    with pytest.raises(GameFinished):
        finished_game.record_steal(2, seat(finished_game, "Ben"), None, "", version)

    assert fresh(finished_game).version == version
    assert finished_game.rounds.count() == 7


def test_reopening_makes_a_finished_game_editable_again(finished_game):
    finished_game.reopen(finished_game.version)

    game = fresh(finished_game)
    assert not game.is_finished
    assert game.changes.order_by("pk").last().action == Change.Action.REOPENED
    # Ann's Beggar Man 7♥ 7♣ becomes 7♥ 7♦: still one opposing 7 (Ben's 7♠), still 2.
    # No steal goes; every round is in, so the edit finishes the game again, saying so.
    assert game.edit_round(1, ["7H 7D", "7S 5S 3D"], game.version) == [FINISHED_AGAIN]
    assert totals_by_name(fresh(game).standings()) == WIN_TOTALS
    assert fresh(game).is_finished


# ---------------------------------------------------------------------------
# Undo


def test_undo_removes_the_last_round_and_keeps_it_in_the_history():
    game = Game.objects.start(["Ann", "Ben"], 1)
    play(game, WIN_ROUNDS[0][0])
    play(game, WIN_ROUNDS[1][0])

    assert fresh(game).undo_last_round(2) == 2

    assert list(game.rounds.values_list("number", flat=True)) == [1]
    assert totals_by_name(fresh(game).standings()) == {"Ann": 2, "Ben": 12}
    undone = game.changes.get(action=Change.Action.ROUND_UNDONE)
    assert undone.round_number == 2
    assert undone.before == [["Ann", "Q♠ 10♠ 3♥"], ["Ben", "9♦"]]
    # The history still shows the round's saving, before its undoing.
    assert [c.action for c in game.changes.order_by("pk")] == [
        Change.Action.STARTED,
        Change.Action.ROUND_ADDED,
        Change.Action.ROUND_ADDED,
        Change.Action.ROUND_UNDONE,
    ]


def test_a_finished_game_must_be_reopened_before_an_undo(finished_game):
    with pytest.raises(GameFinished):
        finished_game.undo_last_round(finished_game.version)

    assert fresh(finished_game).rounds.count() == 7


def test_undoing_the_seventh_round_unfinishes_the_game(finished_game):
    finished_game.reopen(finished_game.version)
    finished_game = fresh(finished_game)
    assert finished_game.undo_last_round(finished_game.version) == 7

    game = fresh(finished_game)
    assert not game.is_finished
    assert game.standings().winners is None
    # Round 7 can be saved again, and the game finishes again.
    play(game, WIN_ROUNDS[6][0])
    assert fresh(game).is_finished


def test_undo_without_a_round_says_so():
    game = Game.objects.start(["Ann", "Ben"], 1)

    with pytest.raises(Round.DoesNotExist):
        game.undo_last_round(0)

    assert fresh(game).version == 0


# ---------------------------------------------------------------------------
# Edit


def test_editing_a_past_round_rescores_it_and_records_before_and_after():
    game = Game.objects.start(["Ann", "Ben"], 1)
    play(game, WIN_ROUNDS[0][0])
    play(game, WIN_ROUNDS[1][0])
    assert totals_by_name(fresh(game).standings()) == {"Ann": 22, "Ben": 21}

    # Round 1 was mistyped: Ben really had 7♠ 5♠ 3♠ (Poor Man 7 + 5 + 3 = 15).
    notes = fresh(game).edit_round(1, ["7H 7C", "7S 5S 3S"], 2)

    assert notes == []
    assert round_scores(fresh(game).standings()) == [
        {"Ann": 2, "Ben": 15},
        {"Ann": 20, "Ben": 9},
    ]
    edited = game.changes.get(action=Change.Action.ROUND_EDITED)
    assert edited.round_number == 1
    assert edited.before == [["Ann", "7♥ 7♣"], ["Ben", "7♠ 5♠ 3♦"]]
    assert edited.after == [["Ann", "7♥ 7♣"], ["Ben", "7♠ 5♠ 3♠"]]
    assert fresh(game).version == 3


def test_an_edit_the_rules_refuse_changes_nothing():
    game = Game.objects.start(["Ann", "Ben"], 1)
    play(game, WIN_ROUNDS[0][0])
    play(game, WIN_ROUNDS[1][0])

    # Making round 1 Ann's Poor Man too would repeat the meld she made in round 2.
    with pytest.raises(RepeatedMeld):
        fresh(game).edit_round(1, ["JS 10H 3C", "7S 5S 3D"], 2)

    assert game.rounds.get(number=1).snapshot() == {"Ann": "7H 7C", "Ben": "7S 5S 3D"}
    assert fresh(game).version == 2


@pytest.fixture
def scored_where(monkeypatch) -> list[bool]:
    """Whether each scoring of a game ran inside a transaction (where the game is locked,
    and SQLite's one writer waits for it)."""
    where: list[bool] = []
    kind = type(KINDS["indian-chief"])
    real = kind.score

    def score(self, table, played):
        where.append(connection.in_atomic_block)
        return real(self, table, played)

    monkeypatch.setattr(kind, "score", score)
    return where


# A real transaction: the test's own would wrap everything.
@pytest.mark.django_db(transaction=True)
def test_an_edit_scores_the_game_before_locking_it_and_keeps_its_scores(scored_where):
    game = Game.objects.start(["Ann", "Ben"], 1)
    play(game, WIN_ROUNDS[0][0])
    play(game, WIN_ROUNDS[1][0])
    scored_where.clear()

    with CaptureQueriesContext(connection) as queries:
        fresh(game).edit_round(1, ["7H 7C", "7S 5S 3S"], 2)

    # Scored once, before the transaction; the transaction only reads and writes.
    assert scored_where == [False]
    statements = [query["sql"].split()[0].upper() for query in queries.captured_queries]
    assert {"UPDATE", "INSERT", "DELETE"} & set(statements)
    # The edit's scores are the new version's: the page after it scores nothing again.
    assert totals_by_name(scores.standings(fresh(game))) == {"Ann": 22, "Ben": 15 + 9}
    assert scored_where == [False]


# A real transaction: the test's own would wrap everything.
@pytest.mark.django_db(transaction=True)
def test_a_change_of_rules_scores_the_game_before_locking_it(scored_where):
    game = Game.objects.start(["Ann", "Ben"], 1)
    play(game, WIN_ROUNDS[0][0])
    scored_where.clear()

    fresh(game).change_rules({"preset": "bga"}, 1, "Ann")
    fresh(game).undo_rules(fresh(game).last_rules_change().pk, 2, "Ann")

    assert scored_where and not any(scored_where)
    assert fresh(game).settings == game.settings


@pytest.fixture
def thieves_game() -> Game:
    game = Game.objects.start(FOUR, 2)
    play(game, THIEVES_ROUND)
    return fresh(game)


def test_an_edit_keeps_steals_that_still_fit(thieves_game):
    game = thieves_game
    game.record_steal(1, seat(game, "Ann"), seat(game, "Dan"), "QS", game.version)
    game = fresh(game)

    # Cleo really had K♠ 4♥: only Ben's K♦ matches now, 1 × 2 = 2. Dan still holds the Q♠.
    notes = game.edit_round(1, ["3C", "KD", "KS 4H", "QS 8S 3S"], game.version)

    assert notes == []
    assert game.rounds.get(number=1).steals.count() == 1
    assert round_scores(fresh(game).standings()) == [THIEVES_SCORES | {"Cleo": 2}]


def test_an_edit_drops_only_the_steals_that_no_longer_fit(thieves_game):
    game = thieves_game
    game.record_steal(1, seat(game, "Ann"), seat(game, "Dan"), "QS", game.version)
    game = fresh(game)
    game.record_steal(1, seat(game, "Ben"), seat(game, "Cleo"), "3H", game.version)
    game = fresh(game)

    # Dan's queen was a jack: Ann's steal goes, Ben's 3♥ from Cleo still fits and stays.
    notes = game.edit_round(1, ["3C", "KD", "KS 3H", "JS 8S 3S"], game.version)

    assert notes == ["Steals of round 1 that no longer fit were removed: Ann took Q♠ from Dan."]
    assert list(Steal.objects.values_list("thief__player__name", flat=True)) == ["Ben"]
    turn = fresh(game).standings().rows[0].steals
    assert turn is not None and turn.next_thief({"Ben"})[0] == "Ann"
    # Ann steals again, before Ben in the Thieves' order.
    fresh(game).record_steal(1, seat(game, "Ann"), seat(game, "Dan"), "JS", fresh(game).version)
    assert list(Steal.objects.values_list("thief__player__name", flat=True)) == ["Ann", "Ben"]


def test_an_edit_drops_the_steals_that_no_longer_fit_and_says_so(thieves_game):
    game = thieves_game
    game.record_steal(1, seat(game, "Ann"), seat(game, "Dan"), "QS", game.version)
    game = fresh(game)

    # Dan's queen was a jack: J♠ 8♠ 3♠ is still 10 + 8 + 3 = 21, but no Q♠ to steal.
    notes = game.edit_round(1, ["3C", "KD", "KS 3H", "JS 8S 3S"], game.version)

    assert notes == ["Steals of round 1 that no longer fit were removed: Ann took Q♠ from Dan."]
    assert not Steal.objects.exists()
    edited = game.changes.get(action=Change.Action.ROUND_EDITED)
    assert edited.after[-1] == ["steals removed", "Ann took Q♠ from Dan"]
    assert round_scores(fresh(game).standings()) == [THIEVES_SCORES]


# ---------------------------------------------------------------------------
# Steals


def test_steals_replay_in_order_and_never_change_a_score(thieves_game):
    game = thieves_game

    # Ann (3♣) goes first and takes Dan's Q♠; her 3♣ takes its place in Dan's meld.
    first = game.record_steal(1, seat(game, "Ann"), seat(game, "Dan"), "QS", game.version)
    # Ben (K♦) then takes that 3♣ from Dan, leaving his K♦ there.
    second = fresh(game).record_steal(
        1, seat(game, "Ben"), seat(game, "Dan"), "3C", fresh(game).version
    )

    assert first == "Ann took Q♠ from Dan; Dan's meld now holds Ann's 3♣."
    assert second == "Ben took 3♣ from Dan; Dan's meld now holds Ben's K♦."
    (played,) = named_rounds(fresh(game).standings())
    assert played.scores == THIEVES_SCORES
    assert [str(card) for card in played.steals.melds_after["Dan"]] == ["KD", "8S", "3S"]
    assert [c.after for c in game.changes.filter(action=Change.Action.STEAL)] == [
        [["", first]],
        [["", second]],
    ]
    assert fresh(game).version == 3


def test_a_thief_may_take_from_the_deck(thieves_game):
    game = thieves_game

    event = game.record_steal(1, seat(game, "Ann"), None, "", game.version)

    assert event == "Ann took from the deck."
    assert Steal.objects.get().victim is None


@pytest.mark.parametrize(
    ("thief", "victim", "card", "error", "message"),
    [
        ("Ann", "Ann", "3C", CannotStealFromSelf, "Ann cannot steal from their own meld."),
        ("Ann", "Dan", "JH", CardNotInMeld, "Dan's meld does not hold J♥ when Ann steals."),
        ("Cleo", "Dan", "QS", NotAThief, "Cleo did not meld a Thief this round."),
        ("Ann", "Dan", "ZZ", InvalidCard, "“ZZ” is not a card"),
    ],
    ids=["from-self", "card-not-there", "not-a-thief", "not-a-card"],
)
def test_an_illegal_steal_is_refused_and_nothing_is_saved(
    thieves_game, thief, victim, card, error, message
):
    game = thieves_game

    with pytest.raises(error, match=message):
        game.record_steal(1, seat(game, thief), seat(game, victim), card, game.version)

    assert not Steal.objects.exists()
    assert fresh(game).version == game.version


def test_a_lower_thiefs_steal_recorded_late_goes_before_the_higher_ones(thieves_game):
    game = thieves_game
    # Ben (K♦) has stolen Dan's Q♠ with no turn recorded for Ann (3♣): an edit dropped
    # her steal. Hers goes first in the Thieves' order, and his still replays after it.
    game.record_steal(1, seat(game, "Ben"), seat(game, "Dan"), "QS", game.version)

    event = fresh(game).record_steal(
        1, seat(game, "Ann"), seat(game, "Dan"), "8S", fresh(game).version
    )

    assert event == "Ann took 8♠ from Dan; Dan's meld now holds Ann's 3♣."
    assert list(Steal.objects.values_list("thief__player__name", flat=True)) == ["Ann", "Ben"]
    (played,) = named_rounds(fresh(game).standings())
    assert {thief: str(card) for thief, card in played.steals.taken.items()} == {
        "Ann": "8S",
        "Ben": "QS",
    }


def test_a_late_steal_that_would_undo_a_higher_thiefs_is_refused(thieves_game):
    game = thieves_game
    game.record_steal(1, seat(game, "Ben"), seat(game, "Dan"), "QS", game.version)

    # Ann taking the Q♠ first would leave none for Ben's steal, made already.
    with pytest.raises(StealError, match=r"^Ann cannot take that: Ben has stolen already"):
        fresh(game).record_steal(1, seat(game, "Ann"), seat(game, "Dan"), "QS", fresh(game).version)

    assert list(Steal.objects.values_list("thief__player__name", flat=True)) == ["Ben"]


def test_tied_thieves_wanting_the_same_card_get_the_tie_rule():
    game = Game.objects.start(FOUR, 2)
    play(game, TIED_THIEVES_ROUND)
    game = fresh(game)
    assert game.standings().rows[0].steals.order == (("Ann", "Ben"),)
    game.record_steal(1, seat(game, "Ann"), seat(game, "Dan"), "KD", game.version)

    with pytest.raises(ThiefTieConflict, match="tied Thieves must take different cards"):
        fresh(game).record_steal(1, seat(game, "Ben"), seat(game, "Dan"), "KD", fresh(game).version)

    # They cannot agree: none of them steals; Ann's steal is taken back.
    fresh(game).cancel_steals(1, [seat(game, "Ann"), seat(game, "Ben")], fresh(game).version)

    (played,) = named_rounds(fresh(game).standings())
    assert played.steals.events == ("Ann took from the deck.", "Ben took from the deck.")
    assert played.steals.taken == {}
    assert played.scores == TIED_THIEVES_SCORES
    last = game.changes.order_by("pk").last()
    assert last.after == [["", "Ann and Ben could not agree: none of them steals."]]


# ---------------------------------------------------------------------------
# Versions: every action refuses a stale version and changes nothing


def _edit(game, version):
    game.edit_round(1, ["3C", "KD", "KS 4H", "QS 8S 3S"], version)


def _undo(game, version):
    game.undo_last_round(version)


def _steal(game, version):
    game.record_steal(1, seat(game, "Ann"), seat(game, "Dan"), "QS", version)


def _cancel(game, version):
    game.cancel_steals(1, [seat(game, "Ann")], version)


def _reopen(game, version):
    game.reopen(version)


def _save(game, version):
    game.record_round(["AS", "2S", "4H 4C", "5C 5D 5H"], uuid.uuid4(), version)


@pytest.mark.parametrize(
    "action",
    [_edit, _undo, _steal, _cancel, _reopen, _save],
    ids=["edit", "undo", "steal", "cancel-steals", "reopen", "save"],
)
def test_every_action_refuses_a_stale_version(thieves_game, action):
    game = thieves_game
    seen = game.version
    # Another phone takes Ann's turn first (a pass), so the game moves on.
    game.record_steal(1, seat(game, "Ann"), None, "", seen)
    after_other = fresh(game)

    with pytest.raises(StaleGame) as stale:
        action(fresh(game), seen)

    assert stale.value.game.version == seen + 1
    assert fresh(game).version == seen + 1
    assert game.rounds.count() == 1
    assert game.rounds.get().snapshot() == dict(zip(FOUR, THIEVES_ROUND, strict=True))
    assert list(Steal.objects.values_list("thief__player__name", "card")) == [("Ann", "")]
    assert game.changes.count() == after_other.changes.count()


# ---------------------------------------------------------------------------
# Two phones saving at the same moment, on SQLite and PostgreSQL


def _race(game_pk: int, saves: list[tuple[list[str], uuid.UUID, int]]) -> list[object]:
    """Run each save in its own thread, all released at once; collect rounds or errors."""
    start = threading.Barrier(len(saves))
    results: list[object] = [None] * len(saves)

    def save(index: int, cards: list[str], token: uuid.UUID, version: int) -> None:
        try:
            game = Game.objects.get(pk=game_pk)
            start.wait(5)
            results[index] = game.record_round(cards, token, version).pk
        except Exception as error:  # collected so the main thread's assertion shows it
            results[index] = error
        finally:
            connections.close_all()

    threads = [
        threading.Thread(target=save, args=(index, *arguments))
        for index, arguments in enumerate(saves)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return results


@pytest.mark.django_db(transaction=True)
def test_two_phones_saving_different_rounds_at_once_one_wins_one_is_told():
    game = Game.objects.start(["Ann", "Ben"], 1)

    # Both phones saw version 0 and save round 1 with their own tokens and cards.
    results = _race(
        game.pk,
        [(WIN_ROUNDS[0][0], uuid.uuid4(), 0), (WIN_ROUNDS[1][0], uuid.uuid4(), 0)],
    )

    saved = [r for r in results if isinstance(r, int)]
    stale = [r for r in results if isinstance(r, StaleGame)]
    assert len(saved) == 1 and len(stale) == 1, results
    assert stale[0].game.version == 1
    (played,) = Round.objects.filter(game=game)
    assert played.pk == saved[0]
    assert played.number == 1
    assert fresh(game).version == 1
    assert game.changes.filter(action=Change.Action.ROUND_ADDED).count() == 1


@pytest.mark.django_db(transaction=True)
def test_the_same_save_sent_twice_at_once_records_one_round():
    game = Game.objects.start(["Ann", "Ben"], 1)
    token = uuid.uuid4()

    # A double tap: the same form, token and version, twice at the same moment.
    results = _race(game.pk, [(WIN_ROUNDS[0][0], token, 0), (WIN_ROUNDS[0][0], token, 0)])

    assert all(isinstance(r, int) for r in results), results
    (played,) = Round.objects.filter(game=game)
    assert results == [played.pk, played.pk]
    assert played.token == token
    assert fresh(game).version == 1
    assert game.changes.filter(action=Change.Action.ROUND_ADDED).count() == 1
