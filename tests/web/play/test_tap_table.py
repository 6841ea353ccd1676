"""One table of card picker taps (taps.json), run against the server's rule
(games/play/taps.py) and against the phone's (static/games/taps.js, in Node), so that the
two cannot drift apart. The phone is given what its page gives it: the most cards each
seat takes, each seat's complete entry and the refusal's words, read from the entry screen the
server draws for the hands before the tap."""

import json
import re
import shutil
import subprocess
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.http import QueryDict

from games.models import Game
from games.play import taps
from tests.environment import missing
from tests.factories import new_game, play
from tests.web.pages import entry_url, text, typed_cards

pytestmark = pytest.mark.django_db

CASES = json.loads((Path(__file__).parent / "taps.json").read_text())["cases"]
MODULES = Path(settings.BASE_DIR) / "static" / "games"

# The phone's tap as picker.js makes it: the rule, then the page's sentence for a refusal
# or for a card past where a player looked complete.
PHONE = """
import { applyTap } from "./taps.mjs";
import { fill } from "./words.mjs";
const { table, button, names, full, movedOn } = JSON.parse(process.argv[2]);
const after = applyTap(table, button);
let said = "";
if (after.refused !== null) {
  said = fill(full[after.refused], { name: names[after.refused], most: table.most[after.refused] });
}
if (after.noted !== null) {
  said = fill(movedOn, { name: names[after.noted.seat], count: after.noted.count });
}
console.log(JSON.stringify({
  hands: after.hands.map((cards) => cards.join(" ")), active: after.active, said, left: after.left,
}));
"""


def game_of(case: dict[str, Any]) -> Game:
    game = new_game(case["game"], case["players"])
    for cards in case["played"]:
        play(game, cards)
    game.refresh_from_db()
    return game


def fields(case: dict[str, Any], game: Game) -> dict[str, str]:
    """The entry form as it stands before the tap."""
    values = {"token": "", "version": str(game.version), "active": str(case["active"])}
    values |= {"left": case.get("left", "")}
    values |= case.get("answers", {})
    return values | {f"cards_{seat}": cards for seat, cards in enumerate(case["hands"])}


@pytest.fixture(scope="module")
def node(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder where Node runs the phone's modules: copied as .mjs, so that any Node
    takes them as modules without a package.json saying so."""
    if shutil.which("node") is None:
        missing("Node.js not found", ci_must="run the phone's tap rule")
    folder = tmp_path_factory.mktemp("phone")
    for name in ("taps", "words"):
        shutil.copy(MODULES / f"{name}.js", folder / f"{name}.mjs")
    (folder / "phone.mjs").write_text(PHONE)
    return folder


def expected(case: dict[str, Any]) -> dict[str, Any]:
    """The entry after the tap; the counts kept where the entry moved on, none unless said."""
    return {"left": ""} | case["then"]


@pytest.mark.parametrize("case", CASES, ids=[case["says"] for case in CASES])
def test_the_servers_tap(case):
    game = game_of(case)
    tap_name, value = case["tap"]
    data = QueryDict(mutable=True)
    data.update(fields(case, game) | {tap_name: value})

    tapped = taps.tapped(data, game, len(case["played"]) + 1)

    # The players, then the game's piles (Cribbage's crib and starter).
    seats = range(len(case["hands"]))
    assert {
        "hands": [tapped.values[f"cards_{seat}"] for seat in seats],
        "active": int(tapped.values["active"]),
        "said": tapped.said,
        "left": tapped.values["left"],
    } == expected(case)


@pytest.mark.parametrize("case", CASES, ids=[case["says"] for case in CASES])
def test_the_phones_tap(case, client, node):
    game = game_of(case)
    # The entry screen with the hands before the tap, as the phone has it.
    page = unescape(text(client.post(entry_url(game), fields(case, game))))
    assert [typed_cards(page, seat) for seat in range(len(case["hands"]))] == case["hands"]
    form = re.search(r'<form class="round-entry"[^>]*>', page, re.S).group(0)
    sections = re.findall(r'<section class="player[^"]*" id="player-\d+"[^>]*>', page)
    tap_name, value = case["tap"]
    given = {
        "table": {
            "hands": [cards.split() for cards in case["hands"]],
            "active": case["active"],
            "most": [int(re.search(r'data-most="(\d+)"', s).group(1)) for s in sections],
            "completeAt": [
                int(found.group(1))
                if (found := re.search(r'data-complete-at="(\d+)"', s))
                else None
                for s in sections
            ],
            "bare": ["data-bare" in section for section in sections],
            "left": re.search(r'name="left"(?: value="([^"]*)")?', page).group(1) or "",
        },
        "button": {"name": tap_name, "value": value},
        "names": [re.search(r'aria-label="([^"]+)"', section).group(1) for section in sections],
        "full": [re.search(r'data-full="([^"]+)"', section).group(1) for section in sections],
        "movedOn": re.search(r'data-moved-on="([^"]+)"', form).group(1),
    }

    ran = subprocess.run(
        ["node", "phone.mjs", json.dumps(given)],
        cwd=node,
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )

    assert json.loads(ran.stdout) == expected(case)
