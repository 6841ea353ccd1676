"""The play screens' forms, on their own: a new game's seats and decks, a round's cards,
a Thief's steal and the version a device saw.

Every score here is worked out by hand from `shared/rules/indian-chief.md`.
"""

import uuid

import pytest

from games.models import Game
from games.play.forms import NewGameForm, VersionForm
from games.play.round_forms import RoundForm, StealForm
from games.rules import KINDS
from tests.factories import WIN_ROUNDS, fresh, play

pytestmark = pytest.mark.django_db


# ---------------------------------------------------------------------------
# Forms


def new_game_form(*names, **extra):
    data = {f"player_{seat}": name for seat, name in enumerate(names)}
    return NewGameForm(data | extra)


@pytest.mark.parametrize(
    ("names", "decks"),
    [
        (["Ann", "Ben"], 1),
        (["Ann", "Ben", "Cleo"], 1),
        (["Ann", "Ben", "Cleo", "Dan"], 2),
        (["Ann", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hal"], 2),
    ],
    ids=["2-players", "3-players", "4-players", "8-players"],
)
def test_new_game_derives_the_decks_from_the_player_count(names, decks):
    form = new_game_form(*names)

    assert form.is_valid(), form.errors
    assert form.cleaned_data["names"] == names
    assert form.cleaned_data["decks"] == decks


def test_new_game_skips_blank_seats_and_tidies_spaces():
    form = new_game_form("  Ann   Lee ", "", "   ", "Ben", note="Cabin")

    assert form.is_valid(), form.errors
    assert form.cleaned_data["names"] == ["Ann Lee", "Ben"]
    assert form.cleaned_data["note"] == "Cabin"


def test_new_game_refuses_a_name_seated_twice_ignoring_case_next_to_the_seat():
    form = new_game_form("Ann", "Ben", "ANN")

    assert not form.is_valid()
    assert form.errors == {"player_2": ["ANN is already seated."]}


@pytest.mark.parametrize(
    ("names", "message"),
    [
        ([], "Indian Chief is for 2 to 8 players, not 0."),
        (["Ann"], "Indian Chief is for 2 to 8 players, not 1."),
    ],
    ids=["nobody", "one-player"],
)
def test_new_game_needs_two_to_eight_players(names, message):
    form = new_game_form(*names)

    assert not form.is_valid()
    assert form.non_field_errors() == [message]


def test_new_game_offers_ten_seats_only():
    assert [field.name for field in NewGameForm().seat_fields()] == [
        f"player_{seat}" for seat in range(10)
    ]


def test_new_game_offers_no_single_deck_beside_the_table_size():
    # The decks are one house rule (H13): by table size, 2 or 3. One deck is what the
    # table size gives 2–3 players; four players cannot ask for it.
    form = new_game_form("Ann", "Ben", "Cleo", "Dan", decks="1")

    assert not form.is_valid()
    assert form.errors["decks"] == ["Select a valid choice. 1 is not one of the available choices."]


def test_new_game_decks_by_table_size_by_default():
    form = new_game_form("Ann", "Ben", "Cleo", "Dan")

    assert form.is_valid(), form.errors
    assert form.cleaned_data["decks"] == 2
    assert form.cleaned_data["settings"]["decks"] == "auto"


def test_new_game_allows_two_decks_for_three_players_as_a_variant():
    form = new_game_form("Ann", "Ben", "Cleo", decks="2")

    assert form.is_valid(), form.errors
    assert form.cleaned_data["decks"] == 2
    assert form.cleaned_data["settings"]["decks"] == 2


def test_new_game_takes_three_decks_as_a_house_rule():
    form = new_game_form("Ann", "Ben", decks="3")

    assert form.is_valid(), form.errors
    assert form.cleaned_data["decks"] == 3
    assert KINDS["indian-chief"].settings.line(form.cleaned_data["settings"]) == (
        "Rules: Book; 3 decks, up to 10 players"
    )


def round_form(game, number, *cards, version=None, token=None):
    data = {"token": str(token or uuid.uuid4()), "version": str(game.version)}
    if version is not None:
        data["version"] = version
    data |= {f"cards_{seat}": text for seat, text in enumerate(cards)}
    return RoundForm(game, number, data)


def test_round_form_reads_friendly_card_text_and_scores_the_round():
    game = Game.objects.start(["Ann", "Ben"], 1)

    # Lower case, T for ten and suit symbols are the same cards.
    form = round_form(game, 1, "7♥ 7c", "7s 5♠ 3D")

    assert form.is_valid(), form.errors
    assert form.cleaned_data["cards"] == ["7H 7C", "7S 5S 3D"]
    assert dict(zip(form.names, form.row.scores, strict=True)) == {"Ann": 2, "Ben": 12}


@pytest.mark.parametrize(
    ("cards", "field", "message"),
    [
        (["7H ZZ", "7S 5S 3D"], "cards_0", "“ZZ” is not a card"),
        (["7H", "AS 2S 3S 4S 5S 6S 7S 8S"], "cards_1", "Ben's meld has 8 cards"),
        (["7H 7C", "7H 5S 3D"], "cards_1", "Ben's 7♥ is already in Ann's meld"),
        (["", "7S"], "cards_0", "Ann's meld has 0 cards"),
    ],
    ids=["invalid-card", "eight-cards", "duplicate-card", "no-cards"],
)
def test_round_form_puts_each_error_on_the_player_at_fault(cards, field, message):
    game = Game.objects.start(["Ann", "Ben"], 1)

    form = round_form(game, 1, *cards)

    assert not form.is_valid()
    assert list(form.errors) == [field]
    assert message in form.errors[field][0]


def test_round_form_refuses_a_meld_made_in_another_round_but_not_in_the_round_edited():
    game = Game.objects.start(["Ann", "Ben"], 1)
    play(game, WIN_ROUNDS[0][0])
    game = fresh(game)

    # Round 2: Ann reveals two cards again, a second Beggar Man.
    again = round_form(game, 2, "KH KC", "9D")
    assert not again.is_valid()
    assert list(again.errors) == ["cards_0"]
    assert "Ann already made Beggar Man" in again.errors["cards_0"][0]

    # Editing round 1 itself, two cards are her Beggar Man once.
    edit = round_form(game, 1, "KH KC", "7S 5S 3D")
    assert edit.is_valid(), edit.errors


@pytest.mark.parametrize(
    ("data", "valid"),
    [
        ({"version": "3", "take": "1:KS"}, True),
        ({"version": "3", "deck": "1"}, True),
        ({"version": "3", "no_agreement": "1"}, True),
        ({"version": "3"}, False),
        ({"version": "3", "take": "x:KS"}, False),
        ({"version": "3", "take": "1:"}, False),
        ({"take": "1:KS"}, False),
    ],
    ids=["take", "deck", "no-agreement", "nothing", "bad-seat", "no-card", "no-version"],
)
def test_steal_form_needs_a_version_and_a_choice(data, valid):
    assert StealForm(data).is_valid() is valid


def test_steal_form_splits_the_tapped_card_into_victim_seat_and_card():
    form = StealForm({"version": "3", "take": "1:KS"})

    assert form.is_valid()
    assert (form.cleaned_data["victim_seat"], form.cleaned_data["card"]) == (1, "KS")


@pytest.mark.parametrize(("version", "valid"), [("4", True), ("", False), ("four", False)])
def test_version_form(version, valid):
    assert VersionForm({"version": version}).is_valid() is valid
