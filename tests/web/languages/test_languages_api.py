"""The scoring API in the language a request asks for (`Accept-Language`): an error's
`code` is the contract and stays the same in every language; its `message` is said in the
request's language, and so is every sentence of an answer, those the rules keep in
English until they are shown (`games.rules.text`) included, which JSON would otherwise
write in English.

The Filipino and Hindi sentences come from the project's compiled catalogue
(`locale/<language>/LC_MESSAGES/django.mo`). How an answer's lazy sentences reach JSON
translated is checked here without any catalogue too, with a stand-in translation.
"""

import json
import re

import pytest
from django.utils import translation

from games.api.views import error_response, scoring_endpoint
from games.rules import text
from games.rules.errors import InvalidInput
from tests.web.languages import TRANSLATED

MELD = "/api/indian-chief/meld"
NOT_AN_OBJECT = "The request body must be a JSON object."


# Bad requests to a scoring endpoint: content type, body, status and the error's code.
BAD_REQUESTS = {
    "not-an-object": ("application/json", "[]", 400, "invalid_input"),
    "not-json": ("text/plain", json.dumps({"cards": ["KS"]}), 415, "invalid_input"),
    "not-a-card": ("application/json", json.dumps({"cards": ["KS", "ZZ"]}), 400, "invalid_card"),
}


def ask(client, bad, language):
    content_type, body, _, _ = BAD_REQUESTS[bad]
    return client.post(MELD, body, content_type=content_type, headers={"accept-language": language})


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("bad", ["not-an-object", "not-json"])
def test_an_errors_code_stays_and_its_message_is_said_in_the_requests_language(
    client, bad, language
):
    # The same bad request, asked in English and then in the table's language.
    _, _, status, code = BAD_REQUESTS[bad]
    english = ask(client, bad, "en")
    said = ask(client, bad, language)

    # The status and the code are the contract: the same in every language.
    assert english.status_code == said.status_code == status
    assert english.json()["error"]["code"] == said.json()["error"]["code"] == code
    # The sentence is another: the language's own, as the response says it is.
    message = said.json()["error"]["message"]
    assert message.strip() and message != english.json()["error"]["message"]
    assert said["Content-Language"] == language
    if language == "hi":
        assert re.search("[\u0900-\u097f]", message), message


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_rules_error_keeps_its_code_and_player_in_every_language(client, language):
    # A card the rules cannot read: the rules' own sentence, said through the app's
    # translation (the rules core knows nothing of Django).
    english = ask(client, "not-a-card", "en").json()["error"]
    said = ask(client, "not-a-card", language).json()["error"]

    assert said["code"] == english["code"] == "invalid_card"
    assert said.get("player") == english.get("player")
    assert "ZZ" in said["message"] and said["message"] != english["message"]


def test_english_is_asked_for_and_said(client):
    error = ask(client, "not-an-object", "en").json()["error"]

    assert error == {"code": "invalid_input", "message": NOT_AN_OBJECT}


def test_an_answers_lazy_sentences_are_written_as_shown_not_as_kept(rf, monkeypatch):
    # A stand-in translation marks what went through it, with no catalogue needed.
    monkeypatch.setattr(text, "_gettext", lambda message: f"«{message}»")
    sentence = text.gettext_lazy(NOT_AN_OBJECT)
    view = scoring_endpoint(lambda body: {"said": sentence, "rows": [{"why": sentence}]})

    answer = json.loads(view(rf.post(MELD, "{}", content_type="application/json")).content)
    refused = json.loads(error_response(InvalidInput(sentence)).content)

    shown = f"«{NOT_AN_OBJECT}»"
    assert answer == {"said": shown, "rows": [{"why": shown}]}
    assert refused == {"error": {"code": "invalid_input", "message": shown}}


@pytest.mark.parametrize("language", TRANSLATED)
def test_an_answers_lazy_sentences_are_written_in_the_language_of_the_request(rf, language):
    sentence = text.gettext_lazy(NOT_AN_OBJECT)
    view = scoring_endpoint(lambda body: {"said": sentence})

    with translation.override(language):
        answer = json.loads(view(rf.post(MELD, "{}", content_type="application/json")).content)
        translated = translation.gettext(NOT_AN_OBJECT)

    assert translated != NOT_AN_OBJECT
    assert answer == {"said": translated}
