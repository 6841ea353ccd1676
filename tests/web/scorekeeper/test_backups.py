"""A backup restored while the caches hold a later timeline of its games: every page,
export and API answer after it shows what is stored, on SQLite and on PostgreSQL.

The backup and the restore are the README's (`manage.py backup` and `restore`), run for
real on the database the suite runs on; the test's own process plays the server, whose
memory and shared cache hold what the other timeline worked out, as a running app's do.
"""

import io
import json
import re

import pytest
from django.core.cache import caches
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from games.models import Game, Player, scores
from tests.factories import WIN_ROUNDS, fresh, play
from tests.web.accounts.visitors import account, shared_link
from tests.web.api.calls import ok, post
from tests.web.pages import HTMX, totals_on, words_of

pytestmark = pytest.mark.django_db(transaction=True)

# Rounds 4 to 7 played otherwise than WIN_ROUNDS's, each player making the melds they
# have left (Ann: Rich Man, Doctor, Indian Chief, Thief; Ben: Lawyer, Doctor, Indian
# Chief, Rich Man), so that the game reaches the same versions with other scores.
OTHER_ENDING = [
    ["2C 3D 4H 5S 7C", "KH 9H 2D AD"],
    ["2H 4S 6D 8C 10H QC", "AH 3H 5H 7S 9D JC"],
    ["2S 3S 4S 6S JS 9D KD", "5S 6H 7D 8C 9H KC 7H"],
    ["2C", "KH KD QH JS 9C"],
]


def visible(html: str) -> str:
    """What a page shows in its main part, as words: no tag, no hidden field."""
    main = re.search(r"<main>(.*)</main>", html, re.S)
    assert main, "no main part"
    return words_of(main.group(1))


def every_answer(owner: Client, viewer: Client, game: Game, link: str) -> dict[str, str]:
    """Every page, export and sheet that shows the game's scores, as its visitors get it."""
    answers = {
        "game page": visible(owner.get(game.get_absolute_url()).content.decode()),
        # Less the time the live board was drawn at, which is the clock's.
        "live board": re.sub(r"Updated [\d:]+\.", "", visible(viewer.get(link).content.decode())),
        "games list": visible(owner.get(reverse("game-list")).content.decode()),
        "CSV export": owner.get(reverse("game-export-csv", args=[game.pk])).content.decode(),
    }
    exported = json.loads(owner.get(reverse("game-export-json", args=[game.pk])).content)
    exported.pop("exported_at")
    answers["JSON export"] = json.dumps(exported)
    sheet = PdfReader(io.BytesIO(owner.get(reverse("game-sheet", args=[game.pk])).content))
    answers["sheet"] = "\n".join(page.extract_text() for page in sheet.pages)
    if game.is_open:
        entry = owner.get(reverse("round-new", args=[game.pk])).content.decode()
        board = re.search(r'<section id="scoreboard".*?</section>', entry, re.S)
        assert board, "no scoreboard on the entry page"
        answers["entry page's scoreboard"] = visible(f"<main>{board.group(0)}</main>")
    for player in Player.objects.filter(games=game):
        page = owner.get(reverse("player-detail", args=[player.pk])).content.decode()
        answers[f"{player.name}'s figures"] = visible(page)
    answers["players"] = visible(owner.get(reverse("player-list")).content.decode())
    return answers


def what_a_phone_holds(owner: Client, viewer: Client, game: Game, link: str) -> tuple[str, str]:
    """What the live board asks again with (`?seen=`), and the sheet's ETag."""
    live = viewer.get(link).content.decode()
    seen = re.search(r"\?seen=([^&\"]+)", live)
    assert seen, "the live board asks again with nothing"
    return seen.group(1), owner.get(reverse("game-sheet", args=[game.pk]))["ETag"]


def forget_every_cache() -> None:
    for cache in caches.all():
        cache.clear()
    scores.forget()


def scored_by_the_api(game: Game) -> list[int]:
    """The totals the JSON API works out from the game's stored cards, in seat order."""
    names = game.player_names()
    rounds = [
        [
            {"name": name, "cards": text.split()}
            for name, text in zip(names, played.card_texts(), strict=True)
        ]
        for played in game.rounds.prefetch_related("hands").order_by("number")
    ]
    answer = ok(post(Client(), "/api/indian-chief/game", {"players": names, "rounds": rounds}))
    return [answer["totals"][name] for name in names]


def test_a_restored_backup_played_on_shows_what_is_stored_everywhere(tmp_path):
    ann = account("ann")
    owner, viewer = Client(), Client()
    owner.force_login(ann)
    game = Game.objects.start(["Ann", "Ben"], 1, owner=ann)
    link = shared_link(owner, game)
    for cards, _ in WIN_ROUNDS[:3]:
        play(game, cards)
    backup = tmp_path / "scorekeeper.backup"
    call_command("backup", backup, stdout=io.StringIO())

    # The game goes on to its end; every page is seen at every version, so the caches
    # (shared, and this process's memory) and the phones hold this timeline.
    held = {}
    for cards, _ in WIN_ROUNDS[3:]:
        play(game, cards)
        at = fresh(game)
        every_answer(owner, viewer, at, link)
        held[at.version] = what_a_phone_holds(owner, viewer, at, link)
    first_ending = totals_on(owner.get(game.get_absolute_url()).content.decode())

    call_command("restore", backup, stdout=io.StringIO())
    assert fresh(game).rounds.count() == 3

    # Played on otherwise, through the same versions to another end.
    for cards in OTHER_ENDING:
        play(game, cards)
        at = fresh(game)
        assert at.version in held
        shown = every_answer(owner, viewer, at, link)
        # A phone holding the other timeline's board or sheet at this version gets this one.
        seen, etag = held[at.version]
        assert viewer.get(f"{link}?seen={seen}", headers=HTMX).status_code == 200
        assert (
            owner.get(reverse("game-sheet", args=[at.pk]), HTTP_IF_NONE_MATCH=etag).status_code
            == 200
        )
        # Each answer is what the stored cards make: the same with nothing cached.
        forget_every_cache()
        assert every_answer(owner, viewer, at, link) == shown
        assert totals_on(owner.get(at.get_absolute_url()).content.decode()) == scored_by_the_api(at)

    ended = fresh(game)
    assert not ended.is_open
    assert totals_on(owner.get(ended.get_absolute_url()).content.decode()) != first_ending


@pytest.mark.parametrize("content", [b"", b"a shopping list"], ids=["empty", "text"])
def test_a_file_that_is_no_backup_is_refused_and_nothing_is_lost(tmp_path, content):
    game = Game.objects.start(["Ann", "Ben"], 1)
    play(game, WIN_ROUNDS[0][0])
    file = tmp_path / "not-a-backup"
    file.write_bytes(content)
    with pytest.raises(CommandError, match="not-a-backup"):
        call_command("restore", file)
    assert fresh(game).rounds.count() == 1
