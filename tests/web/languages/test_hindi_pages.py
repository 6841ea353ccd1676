"""A Hindi page holds no English: every game's page and its hand's entry, with a hand of
each kind played, read in Hindi show only Devanagari words, but for names.

Hindi writes even the players' loanwords (सीक्वेंस, डेडवुड, जोकर) in Devanagari, so a
word in Latin letters on a Hindi page is English a page or the rules forgot to translate:
a sentence joined with `", ".join` from lazy phrases, a label written as it was stored.
Names are the exceptions: the players', the games' titles, the site's, the languages'
own and the formats a file or a sheet is in. (Filipino mixes in English words as its
tables do, so only the catalogue check speaks for it.)
"""

import re

import pytest

from games.rules import KINDS
from tests.factories import add_round, new_game
from tests.rules.kind_examples import EXAMPLES
from tests.web.pages import round_new, said_on, text

pytestmark = pytest.mark.django_db

NAMES = {
    *(name for names, _, _ in EXAMPLES.values() for name in names),
    *(word for kind in KINDS.values() for word in re.findall(r"[A-Za-z]+", str(kind.title))),
    *("Scorekeeper", "English", "Filipino", "PDF", "CSV", "JSON", "Letter", "A4"),
    # A joker in the cards' notation, which stays the same in every language.
    "JK",
}
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def english_on(html: str) -> set[str]:
    return {
        word for said in said_on(html) for word in LATIN_WORD.findall(said) if word not in NAMES
    }


@pytest.mark.parametrize("kind", list(KINDS))
def test_a_game_and_its_next_hand_in_hindi_show_no_english(client, kind):
    names, cards, details = EXAMPLES[kind]
    game = new_game(kind, names)
    add_round(game, dict(zip(names, cards, strict=True)), details=details)

    for url in (game.get_absolute_url(), round_new(game)):
        response = client.get(url, headers={"accept-language": "hi"})
        assert response.status_code == 200
        assert not english_on(text(response)), f"{kind} {url}"


def test_a_page_not_found_says_so_in_hindi(client):
    response = client.get("/no-such-page/", headers={"accept-language": "hi"})
    assert response.status_code == 404
    html = text(response)
    assert '<html lang="hi"' in html
    assert not english_on(html)
