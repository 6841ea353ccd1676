"""Every endpoint and every form, fed what a fuzzer sends: an answer, never a 500.

Hypothesis builds the inputs from each target's own vocabulary (the API's field names,
each page's form fields scraped from its HTML) and values meant to break things: NUL and
other control characters, numbers thousands of digits long, dates at the calendar's
edge, card-like text, nesting. Each property runs a few dozen examples (a game's nine
forms fewer), so the whole module takes seconds.
"""

import json

import pytest
from django.contrib.auth.models import User
from django.test import Client
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from games.rules import KINDS
from tests.factories import add_round, make_game
from tests.properties import tries
from tests.web.pages import fields_on
from tests.web.transfer.files import upload

pytestmark = pytest.mark.django_db

FUZZ = tries(25, health_checks=(HealthCheck.function_scoped_fixture,))
# A game's pages post nine forms an example: fewer examples, as many requests.
FUZZ_PAGES = tries(8, health_checks=(HealthCheck.function_scoped_fixture,))

# Values that have broken parsers and databases before.
NASTY_TEXT = st.sampled_from(
    [
        "",
        "\x00",
        "Ann\x00",
        "\u202eevil",
        "9" * 4300,
        "-" + "9" * 4300,
        "1e999",
        "NaN",
        "0001-01-01T00:00:00+14:00",
        "9999-12-31T23:59:59-14:00",
        "10H 10H 10H",
        "JK",
        "K♠ A♥",
        "<script>",
        " " * 300,
        "🂡" * 50,
    ]
)
TEXT = st.one_of(NASTY_TEXT, st.text(max_size=40))
NUMBER = st.one_of(
    st.integers(min_value=-3, max_value=20),
    st.integers(),
    st.sampled_from([2**63, -(2**63), 10**30]),
)
SCALAR = st.one_of(st.none(), st.booleans(), NUMBER, st.floats(), TEXT)

API_FIELDS = [
    "cards", "meld", "decks", "table", "players", "name", "steals", "thief", "victim",
    "card", "rounds", "hands", "hand", "settings", "context", "hand_number", "went_out",
    "winner", "knocker", "end", "caller", "responses", "opened", "meld_aces",
    "face_down_quads", "state_before", "pot", "previous_winner", "target_score",
    "max_hands", "max_deals", "jokers", "wild_rank", "went_rummy",
]  # fmt: skip
JSON = st.recursive(
    SCALAR,
    lambda inner: st.one_of(
        st.lists(inner, max_size=6),
        st.dictionaries(st.one_of(st.sampled_from(API_FIELDS), st.text(max_size=8)), inner),
    ),
    max_leaves=30,
)
API_PATHS = [f"/api/{slug}/{name}" for slug, kind in KINDS.items() for name in kind.endpoints]


@pytest.mark.parametrize("path", API_PATHS)
@FUZZ
@given(body=st.dictionaries(st.sampled_from(API_FIELDS), JSON, max_size=6))
def test_the_api_answers_any_json_object_with_a_sentence(path, body):
    response = Client().post(path, json.dumps(body), content_type="application/json")

    assert response.status_code in {200, 400}, response.content
    if response.status_code == 400:
        assert response.json()["error"]["message"]


# ---------------------------------------------------------------------------
# The pages' forms, as their owner posts them


@pytest.fixture
def owner():
    user = User.objects.create_user("keeper", password="pw")
    client = Client()
    client.force_login(user)
    return user, client


def game_of(slug, user):
    """A game of this kind with three players (and an Indian Chief round in)."""
    game = make_game(["Ann", "Ben", "Cleo"], kind=slug, owner=user, decks=1)
    if slug == "indian-chief":
        add_round(game, {"Ann": "KC", "Ben": "9D 9H", "Cleo": "2S 3S 4S"})
    return game


def fuzzed_form(fields: list[str]):
    values = st.one_of(TEXT, NUMBER.map(str), st.lists(TEXT, max_size=3))
    return st.dictionaries(st.sampled_from(fields), values, max_size=len(fields))


def page_urls(game) -> list[str]:
    return [
        f"/games/{game.pk}/rounds/new/",
        f"/games/{game.pk}/rounds/1/",
        f"/games/{game.pk}/rounds/1/steals/",
        f"/games/{game.pk}/undo/",
        f"/games/{game.pk}/finish/",
        f"/games/{game.pk}/reopen/",
        f"/games/{game.pk}/share/",
        f"/games/{game.pk}/scorekeepers/",
        f"/games/{game.pk}/leave/",
    ]


@pytest.mark.parametrize("slug", list(KINDS))
@FUZZ_PAGES
@given(data=st.data())
def test_every_form_of_a_game_answers_without_a_500(owner, slug, data):
    user, client = owner
    game = game_of(slug, user)
    for url in page_urls(game):
        page = client.get(url)
        assert page.status_code < 500, url
        fields = fields_on(page.content.decode()) or ["token", "version", "save"]
        form = data.draw(fuzzed_form(fields), label=url)

        response = client.post(url, form)

        assert response.status_code < 500, (url, form)


@pytest.mark.parametrize(
    "url", ["/games/new/", "/games/paper/", "/calculator/", "/accounts/signup/"]
)
@FUZZ
@given(data=st.data())
def test_every_standalone_form_answers_without_a_500(owner, url, data):
    _, client = owner
    fields = fields_on(client.get(url).content.decode())
    form = data.draw(fuzzed_form(fields))

    for method in (client.get, client.post):
        assert method(url, form).status_code < 500, form


@FUZZ
@given(query=fuzzed_form(["kind", "players", "paper", "names", "q", "player", "page", "state"]))
def test_lists_and_sheets_answer_any_query_without_a_500(query):
    client = Client()
    for url in ["/games/", "/players/", "/sheets/blank.pdf", "/sheets/rummy/blank.pdf"]:
        assert client.get(url, query).status_code < 500, (url, query)


@FUZZ
@given(content=st.one_of(st.binary(max_size=200), JSON.map(lambda value: str(value).encode())))
def test_import_answers_any_file_without_a_500(owner, content):
    _, client = owner
    assert upload(client, content).status_code < 500


@FUZZ
@given(name=TEXT, when=NASTY_TEXT, total=st.one_of(NUMBER, st.just(10**4299)))
def test_import_answers_hostile_values_in_an_export_without_a_500(owner, name, when, total):
    _, client = owner
    game = {
        "kind": "rummy",
        "players": [name, "Ben"],
        "settings": {},
        "decks": 1,
        "note": "",
        "created_at": when,
        "finished": True,
        "finished_at": when,
        "paper": True,
        "rounds": [
            {"number": 1, "cards": [[], []], "details": {"scores": [total, 0]}, "steals": []}
        ],
    }
    content = json.dumps({"format": "scorekeeper-games", "version": 1, "games": [game]}).encode()
    response = upload(client, content)

    assert response.status_code < 500
    client.get("/games/")  # the list shows whatever was imported
    assert client.get("/games/").status_code == 200
    assert client.get("/games/export.json").status_code == 200
    assert client.get("/players/").status_code == 200
