"""The table's pages in the request's language, for what the app says itself (the
templates' own text aside): names joined by the language's own "and", never an English
word glued between them; the card picker's words; the table's messages.

English stays as it was. The Filipino and Hindi sentences come from the project's
compiled catalogue (`locale/<language>/LC_MESSAGES/django.mo`).
"""

import re

import pytest
from django.contrib.messages import get_messages
from django.template import Context, Template
from django.urls import reverse
from django.utils import translation

from games.rules.text import together
from tests.factories import make_game
from tests.web.languages import TRANSLATED

DEVANAGARI = re.compile("[\u0900-\u097f]")


@pytest.mark.parametrize(
    ("names", "said"),
    [
        ([], ""),
        (["Ann"], "Ann"),
        (["Ann", "Ben"], "Ann and Ben"),
        (["Ann", "Ben", "Cleo", "Dev"], "Ann, Ben, Cleo and Dev"),
    ],
)
def test_names_said_together_in_english(names, said):
    assert together(names) == said


def test_the_together_filter_joins_names_and_escapes_them():
    template = Template("{% load phrases %}{{ names|together }}")

    shown = template.render(Context({"names": ["<b>Ann</b>", "Ben"]}))

    assert shown == "&lt;b&gt;Ann&lt;/b&gt; and Ben"


@pytest.mark.parametrize(
    ("language", "joined"),
    [("hi", "Ann, Ben और Cleo"), ("fil", "Ann, Ben at Cleo")],
)
def test_names_said_together_in_the_language(language, joined):
    with translation.override(language):
        assert together(["Ann", "Ben", "Cleo"]) == joined


@pytest.mark.django_db
@pytest.mark.parametrize("language", TRANSLATED)
def test_a_message_of_the_table_is_said_in_the_requests_language(client, language):
    # The table abandons a game, its phone set to the language.
    game = make_game()
    url = reverse("game-abandon", args=[game.pk])

    response = client.post(url, {"version": game.version}, headers={"accept-language": language})

    # What the page says next is said in that language.
    said = [str(message) for message in get_messages(response.wsgi_request)]
    assert len(said) == 1
    assert said[0] != "Game abandoned: it stays in the history and counts for nobody."
    if language == "hi":
        assert DEVANAGARI.search(said[0]), said


@pytest.mark.django_db
@pytest.mark.parametrize("language", TRANSLATED)
def test_the_card_pickers_words_are_in_the_pages_language(client, language):
    game = make_game()

    page = client.get(reverse("round-new", args=[game.pk]), headers={"accept-language": language})

    # The phone's script reads the picker's words from the page: the language's own,
    # with their placeholders as they were.
    text = page.content.decode()
    tap_cards = re.search(r'data-tap-cards="([^"]*)"', text)[1]
    tap_name = re.search(r'data-tap-name="([^"]*)"', text)[1]
    assert tap_cards != "Tap the cards below."
    assert "{name}" in tap_name and tap_name != "Tap {name} below to enter cards."
    if language == "hi":
        assert DEVANAGARI.search(tap_cards)
