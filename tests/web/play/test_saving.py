"""Saving a round, called as a function: every way a save can end, with no request in
between (the pages' answers to each are in test_nothing_doubled.py and test_round_entry.py).
"""

import uuid

import pytest
from django.http import QueryDict

from games.models import Game
from games.play import saving
from tests.factories import (
    FOUR,
    THIEVES_ROUND,
    TRIO,
    TRIO_NEXT,
    TRIO_ROUND,
    fresh,
    new_game,
    play,
    start,
)

pytestmark = pytest.mark.django_db


def posted(game: Game, cards: list[str], number: int, token: uuid.UUID | None = None) -> QueryDict:
    """The entry form for round `number` as a phone that loaded `game` posts it on Save."""
    data = QueryDict(mutable=True)
    data.update({"token": str(token or uuid.uuid4()), "version": str(game.version)})
    data.update({"number": str(number), "save": ""})
    for seat, text in enumerate(cards):
        data[f"cards_{seat}"] = text
    return data


@pytest.mark.parametrize(
    ("names", "cards", "thieves"),
    [(TRIO, TRIO_ROUND, False), (FOUR, THIEVES_ROUND, True)],
    ids=["no-thief", "thieves"],
)
def test_a_new_round_is_saved_and_says_whether_thieves_steal_next(names, cards, thieves):
    game = start(names)

    outcome = saving.save(game, posted(game, cards, 1))

    assert outcome == saving.Saved(1, editing=False, thieves=thieves)
    assert [list(played.snapshot().values()) for played in fresh(game).rounds.all()] == [cards]


def test_the_same_save_sent_again_was_saved_once():
    game = start(TRIO)
    data = posted(game, TRIO_ROUND, 1)
    saving.save(game, data)

    outcome = saving.save(fresh(game), data)

    assert outcome == saving.AlreadySaved(1, editing=False)
    assert fresh(game).rounds.count() == 1


def test_the_same_cards_saved_first_by_another_phone_are_one_round():
    game = start(TRIO)
    mine = posted(game, TRIO_ROUND, 1)
    play(game, TRIO_ROUND)

    assert saving.save(fresh(game), mine) == saving.SameCards(1)
    assert fresh(game).rounds.count() == 1


def test_other_cards_for_a_round_another_phone_saved_first_are_kept_to_choose():
    game = start(TRIO)
    mine = posted(game, TRIO_NEXT, 1)
    play(game, TRIO_ROUND)

    outcome = saving.save(fresh(game), mine)

    assert isinstance(outcome, saving.TakenMeanwhile)
    assert outcome.number == 1
    assert outcome.mine.card_texts() == TRIO_NEXT
    assert outcome.data["version"] == str(fresh(game).version)
    assert fresh(game).rounds.count() == 1


def test_a_new_round_over_another_change_keeps_its_cards_at_the_newer_version():
    game = start(TRIO, rounds=[TRIO_ROUND])
    mine = posted(game, TRIO_NEXT, 2)
    # Meanwhile another phone corrects round 1 (the same melds, other cards).
    fresh(game).edit_round(1, ["KH KD", "KS 9S 2D", "QD 8H 6C AC"], game.version)

    outcome = saving.save(fresh(game), mine)

    assert isinstance(outcome, saving.Stale)
    assert outcome.form.number == 2
    assert outcome.form.card_texts() == TRIO_NEXT
    assert outcome.form["version"].value() == str(fresh(game).version)
    assert fresh(game).rounds.count() == 1


def test_a_rule_broken_is_invalid_next_to_the_player():
    game = start(TRIO)
    # One deck: the K♥ cannot be in two hands.
    outcome = saving.save(game, posted(game, ["KH KC", "KH 9S 2D", "QD 8H 6C AC"], 1))

    assert isinstance(outcome, saving.Invalid)
    assert outcome.form.errors.keys() == {"cards_1"}
    assert fresh(game).rounds.count() == 0


@pytest.mark.parametrize(
    ("close", "reason"),
    [
        (Game.finish, "This game is finished. Reopen it to change it."),
        (Game.abandon, "This game was abandoned. Resume it to go on."),
    ],
    ids=["finished", "abandoned"],
)
def test_a_closed_game_saves_nothing_and_says_why(close, reason):
    game = start(TRIO, rounds=[TRIO_ROUND])
    mine = posted(game, TRIO_NEXT, 2)
    close(fresh(game), game.version)

    assert saving.save(fresh(game), mine) == saving.Closed(reason)
    assert saving.save(fresh(game), posted(fresh(game), TRIO_ROUND, 1), 1) == saving.Closed(reason)
    assert fresh(game).rounds.count() == 1


def test_an_edit_is_saved_and_sent_again_is_saved_once():
    game = start(TRIO, rounds=[TRIO_ROUND])
    corrected = ["KH KD", "KS 9S 2D", "QD 8H 6C AC"]
    data = posted(game, corrected, 1)

    assert saving.save(game, data, 1) == saving.Saved(1, editing=True)
    assert saving.save(fresh(game), data, 1) == saving.AlreadySaved(1, editing=True)
    assert list(fresh(game).rounds.get().snapshot().values()) == corrected


@pytest.mark.parametrize(
    ("kind", "names", "cards", "at_fault"),
    [
        # Two players with no cards yet: both are told, not one after the other.
        ("indian-chief", FOUR, ["KS", "", "", "7D 8C 6H 4D"], {"cards_1", "cards_2"}),
        # One deck: Ann's second K♠ is one too many, and Ben has no meld.
        ("indian-chief", TRIO, ["KS KS", "", "QD 8H 6C AC"], {"cards_0", "cards_1"}),
        # Nobody said who went out, and two players each hold a card twice.
        ("rummy", ["Ann", "Ben", "Cat"], ["KS KS", "", "QS QS"], {"winner", "cards_0", "cards_2"}),
    ],
    ids=["two-empty-seats", "duplicate-beside-empty", "unanswered-beside-duplicates"],
)
def test_one_save_shows_every_problem_each_next_to_its_player(kind, names, cards, at_fault):
    game = new_game(kind, names)

    outcome = saving.save(game, posted(game, cards, 1))

    assert isinstance(outcome, saving.Invalid)
    assert outcome.form.errors.keys() == at_fault
    assert fresh(game).rounds.count() == 0
