"""The contract every game kind keeps with the pages, checked over the whole registry:
every question and setting it declares goes through its form field and back, a new game
starts from its form, and a game entered from a paper sheet comes back through export
and import as it was written."""

import uuid
from datetime import UTC, datetime
from html import unescape

import pytest
from django import forms
from django.urls import reverse

from games.models import Game
from games.models import scores as read_model
from games.play.forms import NewGameForm
from games.questions import question_field, setting_field
from games.rules import KINDS
from games.rules.questions import (
    ChoiceQuestion,
    CountQuestion,
    FlagQuestion,
    Question,
    RanksQuestion,
    SeatQuestion,
)
from games.rules.settings import Choice, Decks, Flag, Number, Setting
from games.transfer.exporting import games_json
from games.transfer.reading import read_games
from tests.rules.kind_examples import EXAMPLES
from tests.web.pages import game_page, text
from tests.web.play.hands import start

every_kind = pytest.mark.parametrize("kind", KINDS.values(), ids=list(KINDS))


def answers_to(question: Question, names: list[str]) -> list[object]:
    """Every kind of answer a question takes, as stored."""
    match question:
        case SeatQuestion():
            return [0, len(names) - 1]
        case ChoiceQuestion():
            return [value for value, _ in question.options]
        case FlagQuestion():
            return [True, False]
        case CountQuestion():
            return [0, question.most]
        case RanksQuestion():
            return [["K", "7"], []]
    raise AssertionError(f"No answers for a {type(question).__name__}")


@every_kind
def test_every_question_goes_through_its_form_field_and_back(kind):
    names = [f"P{seat}" for seat in range(kind.max_players)]
    fields = kind.questions.fields(len(names))
    assert len(fields) == len(kind.questions.hand) + len(names) * len(kind.questions.seat)
    for _, question, _ in fields:
        field = question_field(question, names)
        for stored in answers_to(question, names):
            assert question.stored(field.clean(question.shown(stored))) == stored


def check_setting_field(setting: Setting) -> None:
    """`setting` through its new-game form field and back, and into the game page's words."""
    field = setting_field(setting)
    assert field.label == setting.label and field.help_text == setting.explanation
    match setting:
        case Decks():
            assert field.clean("") is None
            assert field.clean(str(setting.most)) == setting.most
            with pytest.raises(forms.ValidationError):
                field.clean(str(setting.most + 1))
        case Choice():
            assert field.initial == setting.default and field.clean("") is None
            assert [field.clean(value) for value, _ in setting.choices] == [
                value for value, _ in setting.choices
            ]
            with pytest.raises(forms.ValidationError):
                field.clean("none of these")
            for value, label in setting.choices:
                said = setting.words(value)
                assert said == (
                    "" if value == setting.default else setting.said.format(value=label)
                )
        case Flag():
            assert field.initial == setting.default
            assert field.clean("") is False and field.clean("on") is True
            assert setting.words(not setting.default) == setting.said
        case Number():
            assert field.clean("") is None and field.clean("500") == 500
            with pytest.raises(forms.ValidationError):
                field.clean(str(setting.least - 1))
            assert "500" in setting.words(500)
        case _:
            raise AssertionError(f"No form field for a {type(setting).__name__}")


@every_kind
def test_every_setting_goes_through_its_form_field(kind):
    for setting in kind.settings:
        check_setting_field(setting)


def test_a_choice_goes_through_its_form_field():
    # As house-rules.md words Indian Rummy's cap on a count (H62), which no game offers yet.
    check_setting_field(
        Choice(
            key="full_count",
            label="Full count",
            choices=(("none", "No cap"), ("80", "80")),
            default="none",
            said="a count charged at most {value}",
        )
    )


@every_kind
def test_a_new_game_of_every_kind_starts_from_its_form_by_the_book(kind):
    data = {f"player_{seat}": f"P{seat}" for seat in range(kind.min_players)}
    # The boxes ticked at first stay ticked (a browser sends nothing for an unticked one).
    data |= {flag.key: "on" for flag in kind.settings if isinstance(flag, Flag) and flag.default}
    form = NewGameForm(data, kind=kind.slug)

    assert form.is_valid(), form.errors
    assert [bound.name for bound in form.setting_fields()] == list(kind.settings.keys)
    # Whatever the form stores is the book's value, and the game page says nothing of it
    # but the rules line; a kind with house rules stores the book's in full (H91).
    stored = form.cleaned_data["settings"]
    book = kind.settings.rules({"preset": "book"}).stored() if kind.settings.house_rules else {}
    assert (
        stored
        == {setting.key: setting.default for setting in kind.settings if setting.key in stored}
        | book
    )
    assert kind.settings.words(stored) == []
    assert kind.settings.line(stored) == "Rules: Book"
    assert form.cleaned_data["decks"] == kind.default_decks(kind.min_players)


@every_kind
def test_a_paper_game_of_every_kind_comes_back_as_written(kind, db):
    names = [f"P{seat}" for seat in range(kind.min_players)]
    rows = [
        [10 * number - seat for seat in range(len(names))] for number in range(kind.rounds or 2)
    ]
    game = Game.objects.from_paper(kind.slug, names, rows, datetime(2026, 3, 1, tzinfo=UTC))

    assert read_model.outcome(game).totals == tuple(map(sum, zip(*rows, strict=True)))
    (entry,) = read_games(games_json([game]))
    assert entry.kind == kind.slug and entry.paper and entry.players == tuple(names)
    assert [row.details["scores"] for row in entry.rounds] == rows


@every_kind
def test_every_kind_fits_the_column_that_stores_it(kind):
    # The choices are the registry's, worked out when asked, so no migration would
    # notice a slug too long for the column.
    assert len(kind.slug) <= Game._meta.get_field("kind").max_length
    assert (kind.slug, kind.title) in Game._meta.get_field("kind").choices


@every_kind
def test_every_page_of_a_finished_game_of_every_kind_shows_it(kind, client, db):
    # The contract test's example hand of the kind, saved at the table; the table ends the
    # game (or its rule already has). Every page the game is on shows its players, with
    # no error: the game page, its entry of hand 1, its sheet, the games list, the players
    # and each player's page with their figures, and the rules page.
    names, cards, details = EXAMPLES[kind.slug]
    game = start(client, kind.slug, names)
    game.record_round(list(cards), uuid.uuid4(), game.version, details)
    game.refresh_from_db()
    if game.is_open and not read_model.outcome(game).winners:
        game.finish(game.version)
    game.refresh_from_db()
    assert not game.is_open

    pages = [
        game.get_absolute_url(),
        reverse("round-edit", args=[game.pk, 1]),
        reverse("game-list"),
        reverse("player-list"),
        reverse("rules"),
    ]
    for url in pages:
        response = client.get(url, follow=True)
        assert response.status_code == 200, url
    page = unescape(game_page(client, game))
    assert all(name in page for name in names)
    for player in game.seats.select_related("player"):
        figures = client.get(reverse("player-detail", args=[player.player.pk]))
        assert figures.status_code == 200 and kind.title in unescape(text(figures))
    sheet = client.get(reverse("game-sheet", args=[game.pk]))
    assert sheet.status_code == 200 and sheet["Content-Type"] == "application/pdf"
