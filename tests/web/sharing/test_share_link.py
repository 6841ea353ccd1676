"""The live share link: the scoreboard for anyone who has it, read-only, polled by every
phone at a table, and gone once the owner stops sharing."""

import pytest
from django.template.loader import get_template
from django.test import Client
from django.test.signals import template_rendered
from django.urls import reverse

from games.models import Game
from games.models import scores as read_model
from tests.web.accounts.visitors import logged_in, save_hand, shared_link, start
from tests.web.pages import HTMX, text

pytestmark = pytest.mark.django_db


def test_a_share_link_shows_the_scoreboard_to_anyone_and_stops_when_revoked():
    owner = logged_in("ann")
    game = start(owner)
    owner.post(reverse("game-share", args=[game.pk]))
    game.refresh_from_db()
    # At least 128 bits of randomness: 24 bytes, URL-safe.
    assert len(game.share_token) >= 32
    page = text(owner.get(game.get_absolute_url()))
    link = reverse("shared-game", args=[game.share_token])
    assert link in page and 'src="data:image/png;base64,' in page

    viewer = Client()
    response = viewer.get(link)
    assert response.status_code == 200
    # It asks every 3 seconds, and at once when it comes back on screen (share.js).
    assert 'hx-trigger="every 3s, refresh"' in text(response)
    # Asked again with the revision it shows, an unchanged game answers with nothing.
    poll = f"{link}?seen={game.revision}"
    assert viewer.get(poll, headers=HTMX).status_code == 204
    save_hand(owner, game)
    fresh = viewer.get(poll, headers=HTMX)
    assert fresh.status_code == 200 and not text(fresh).lstrip().startswith("<!doctype")
    assert "<td>10</td>" in text(fresh)
    # The viewer can never change anything: the link takes no POST, the game page stays shut.
    assert viewer.post(link).status_code == 405
    assert viewer.get(game.get_absolute_url()).status_code == 403
    # The big-type variant.
    assert 'class="live large"' in text(viewer.get(f"{link}?large=1"))

    owner.post(reverse("game-share", args=[game.pk]), {"stop": "1"})
    gone = viewer.get(link)
    assert gone.status_code == 404 and "This link no longer works" in text(gone)


def test_a_poll_of_an_unchanged_game_costs_one_small_query_and_no_template(
    django_assert_num_queries,
):
    owner = logged_in("ann")
    game = start(owner)
    poll = shared_link(owner, game) + f"?seen={game.revision}"
    viewer = Client()
    rendered = []

    def render(sender, template, **kwargs):
        rendered.append(template.name)

    template_rendered.connect(render)
    try:
        with django_assert_num_queries(1) as captured:
            response = viewer.get(poll, headers=HTMX)
        assert response.status_code == 204 and rendered == []
        sql = captured.captured_queries[0]["sql"]
        assert '"games_game"."revision"' in sql and '"games_game"."note"' not in sql
        # A changed game is rendered (so the check above can tell).
        viewer.get(poll.replace("seen=", "seen=9"), headers=HTMX)
        assert "live" in rendered  # the page's partial
    finally:
        template_rendered.disconnect(render)


def test_the_phones_following_a_change_score_it_once(monkeypatch):
    owner = logged_in("ann")
    game = start(owner)
    link = shared_link(owner, game)
    scored = []
    standings = Game.standings
    monkeypatch.setattr(
        Game, "standings", lambda self, *args: scored.append(self.pk) or standings(self, *args)
    )

    viewers = [Client() for _ in range(5)]
    for viewer in viewers:
        assert viewer.get(link).status_code == 200
    owner.get(game.get_absolute_url())
    assert scored == [game.pk]
    # A hand saved (its form's check scored the game with it: the save scores nothing
    # again): scored once more for everyone, and the scores are the new ones.
    save_hand(owner, game)
    for viewer in viewers:
        assert "<td>10</td>" in text(viewer.get(link))
    assert scored == [game.pk] * 2
    # A rules fix (a new edition of the rules' code) scores every game again.
    monkeypatch.setattr(read_model, "EDITION", "fixed")
    for viewer in viewers:
        viewer.get(link)
    assert scored == [game.pk] * 3


def test_the_phones_and_pages_showing_a_change_render_its_scoreboard_once(monkeypatch):
    owner = logged_in("ann")
    game = start(owner)
    link = shared_link(owner, game)
    viewers = [Client() for _ in range(5)]
    rendered = []

    def render(sender, template, **kwargs):
        rendered.append(template.name)

    def show_everyone() -> None:
        for viewer in viewers:
            assert viewer.get(link).status_code == 200
        owner.get(game.get_absolute_url())
        owner.get(reverse("round-new", args=[game.pk]))

    template_rendered.connect(render)
    try:
        show_everyone()
        assert rendered.count("scoreboard") == 1
        # A hand saved: rendered once more, with the new scores.
        save_hand(owner, game)
        rendered.clear()
        show_everyone()
        assert rendered.count("scoreboard") == 1
        assert "<td>10</td>" in text(viewers[0].get(link))
        # A new layout of the board (the template changed) is rendered anew.
        layout = get_template("games/boards/hands.html").template
        monkeypatch.setattr(layout, "source", layout.source + "<!-- new -->")
        show_everyone()
        assert rendered.count("scoreboard") == 2
    finally:
        template_rendered.disconnect(render)


def test_an_unknown_share_link_is_a_plain_404():
    assert Client().get(reverse("shared-game", args=["x" * 32])).status_code == 404


def test_a_game_from_before_accounts_is_open_but_nobody_may_share_it():
    game = Game.objects.start(["Ann", "Ben"], 1)
    stranger = Client()
    assert stranger.get(game.get_absolute_url()).status_code == 200
    stranger.post(reverse("game-share", args=[game.pk]))
    game.refresh_from_db()
    assert game.share_token is None
    assert "Share the scoreboard" not in text(stranger.get(game.get_absolute_url()))
