"""Accounts, and who may change a game.

Four kinds of visitor meet a game: its owner (an account, or before logging in the
browser that started it), a co-scorekeeper the owner added, another account or browser,
and someone following the share link, who can never change anything.
"""

import re
import threading
import time
from html import unescape

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.core import mail
from django.core.cache import caches
from django.db import connections
from django.test import Client
from django.urls import reverse

import scorekeeper.settings
from games.accounts.forms import LOGIN_ATTEMPTS, SIGNUPS_AN_HOUR
from games.limits import minute_key
from games.models import Game
from games.play import views as play_views
from tests.factories import make_game
from tests.web.accounts.visitors import (
    PASSWORD,
    accept_invitation,
    account,
    logged_in,
    save_hand,
    start,
)
from tests.web.pages import HTMX, messages_on, text

pytestmark = pytest.mark.django_db


# ---------------------------------------------------------------------------
# Signing up, logging in and out, passwords


def test_sign_up_logs_in_and_brings_the_browsers_games_along(settings):
    # The real hashers, not the tests' fast one (tests/conftest.py).
    settings.PASSWORD_HASHERS = scorekeeper.settings.PASSWORD_HASHERS
    client = Client()
    # A game started before signing up belongs to this browser...
    game = start(client)
    assert game.owner is None and game.browser
    response = client.post(
        reverse("signup"),
        {
            "username": "ann",
            "email": "ann@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert response.status_code == 302 and response["Location"] == reverse("game-list")
    # ...and now to the account.
    game.refresh_from_db()
    user = User.objects.get(username="ann")
    assert game.owner == user and game.browser == ""
    # Passwords are hashed with Argon2.
    assert user.password.startswith("argon2")
    assert "Log out" in text(client.get(reverse("home")))


def test_logging_in_on_a_phone_brings_its_games_to_the_account():
    account("ann")
    phone = Client()
    game = start(phone)
    response = phone.post(reverse("login"), {"username": "ann", "password": PASSWORD})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.owner.username == "ann"
    # Logging out keeps the game with the account, not with the phone.
    phone.post(reverse("logout"))
    assert save_hand(phone, game) == 403


def test_a_player_the_account_had_takes_the_phones_seats_in_the_accounts_spelling():
    start(logged_in("ann"), names=("Ann", "Ben"))
    phone = Client()
    game = start(phone, names=("ANN", "Cleo"))
    assert ">ANN<" in text(phone.get(game.get_absolute_url()))  # the scoreboard's column

    phone.post(reverse("login"), {"username": "ann", "password": PASSWORD})

    page = text(phone.get(game.get_absolute_url()))
    assert ">Ann<" in page and ">ANN<" not in page
    assert Game.objects.get(pk=game.pk).version == game.version + 1


def login_from(address: str, username: str, password: str):
    return Client(REMOTE_ADDR=address).post(
        reverse("login"), {"username": username, "password": password}
    )


def test_a_wrong_password_is_refused_and_guessing_is_throttled():
    account("ann")
    for _ in range(5):
        response = login_from("10.0.0.1", "ann", "wrong")
        assert "Please enter a correct username and password" in unescape(text(response))
    # The sixth try from that address is refused before the password is checked, even
    # the right one, in any spelling of the name Django reads as the same.
    for name in ("ann", "ANN", "ａｎｎ"):
        response = login_from("10.0.0.1", name, PASSWORD)
        assert response.status_code == 200
        assert "Too many failed attempts. Try again in 15 minutes" in text(response)
    # Once the window has passed, the right password works again.
    caches["limits"].clear()
    assert login_from("10.0.0.1", "ann", PASSWORD).status_code == 302


@pytest.mark.django_db(transaction=True)
def test_guesses_sent_all_at_once_reach_no_more_passwords_than_the_limit(monkeypatch):
    account("ann")
    checked = []
    check = User.check_password

    def slow_check(user, password):
        checked.append(password)
        time.sleep(0.2)  # while this one is checked, the others arrive
        return check(user, password)

    monkeypatch.setattr(User, "check_password", slow_check)
    start = threading.Barrier(3 * LOGIN_ATTEMPTS)
    answers: list[str] = []

    def guess() -> None:
        try:
            start.wait(5)
            answers.append(unescape(text(login_from("10.0.0.5", "ann", "wrong"))))
        finally:
            connections.close_all()

    guesses = [threading.Thread(target=guess) for _ in range(3 * LOGIN_ATTEMPTS)]
    for thread in guesses:
        thread.start()
    for thread in guesses:
        thread.join(30)

    assert len(checked) == LOGIN_ATTEMPTS
    assert sum("Please enter a correct username" in page for page in answers) == LOGIN_ATTEMPTS
    assert sum("Too many failed attempts" in page for page in answers) == 2 * LOGIN_ATTEMPTS
    # The right password from there is refused too; from home it works.
    assert "Too many failed attempts" in text(login_from("10.0.0.5", "ann", PASSWORD))
    assert login_from("10.0.0.6", "ann", PASSWORD).status_code == 302


def test_a_post_without_a_password_does_not_wipe_the_names_count():
    account("ann")
    for _ in range(LOGIN_ATTEMPTS - 1):
        login_from("10.0.0.7", "ann", "wrong")
    login_from("10.0.0.7", "ann", "")  # no password: none checked, nothing counted
    login_from("10.0.0.7", "ann", "wrong")

    assert "Too many failed attempts" in text(login_from("10.0.0.7", "ann", PASSWORD))


def test_an_attempt_refused_writes_nothing(monkeypatch):
    # Else one locked address could fill the shared cache with a count for each name it
    # tries. (Only the CPU time of its requests is counted, under the address's one key
    # for the minute, as for every request: games/limits.py.)
    for number in range(30):
        login_from("10.0.0.8", f"someone{number}", "wrong")
    limits = caches["limits"]
    writes: list[str] = []

    def watched(method: str):
        real = getattr(limits, method)

        def write(key, *args, **kwargs):
            if key != minute_key("10.0.0.8"):
                writes.append(method)
            return real(key, *args, **kwargs)

        return write

    for method in ("add", "set", "incr", "decr", "delete"):
        monkeypatch.setattr(limits, method, watched(method))

    for number in range(5):
        assert "Too many failed attempts" in text(login_from("10.0.0.8", f"new{number}", "x"))

    assert writes == []


def test_a_stranger_guessing_elsewhere_never_locks_the_owner_out():
    account("ann")
    for _ in range(20):
        login_from("203.0.113.66", "ann", "wrong")

    assert "Too many failed attempts" in text(login_from("203.0.113.66", "ann", PASSWORD))
    assert login_from("10.0.0.2", "ann", PASSWORD).status_code == 302


def test_the_admin_login_is_throttled_like_the_sites():
    User.objects.create_superuser("root", "root@example.org", PASSWORD)
    admin = Client(REMOTE_ADDR="10.0.0.3")
    for _ in range(5):
        response = admin.post(reverse("admin:login"), {"username": "root", "password": "x"})
        assert "Please enter the correct username and password" in text(response)

    response = admin.post(reverse("admin:login"), {"username": "root", "password": PASSWORD})

    assert response.status_code == 200
    assert "Too many failed attempts" in text(response)
    # The site's login counts the same failures: the admin is no way round it.
    assert "Too many failed attempts" in text(login_from("10.0.0.3", "root", PASSWORD))


def test_a_reset_mail_lets_an_owner_locked_out_at_home_back_in():
    account("ann")
    home = Client(REMOTE_ADDR="10.0.0.4")
    for _ in range(5):
        home.post(reverse("login"), {"username": "ann", "password": "wrong"})
    home.post(reverse("password_reset"), {"email": "ann@example.org"})
    link = re.search(r"https?://[^/]+(/accounts/password/reset/\S+)", mail.outbox[0].body)
    form_page = home.get(link.group(1), follow=True)
    new = {"new_password1": "a fresh long phrase", "new_password2": "a fresh long phrase"}

    response = home.post(form_page.redirect_chain[-1][0], new, follow=True)

    assert "you are logged in" in text(response)
    assert "Log out" in text(home.get(reverse("home")))


def test_a_successful_login_clears_the_names_count():
    account("ann")
    for _ in range(4):
        login_from("10.0.0.1", "ann", "wrong")
    assert login_from("10.0.0.1", "ann", PASSWORD).status_code == 302
    # Four more mistakes are allowed again before the fifth locks.
    for _ in range(4):
        login_from("10.0.0.1", "ann", "wrong")
    assert login_from("10.0.0.1", "ann", PASSWORD).status_code == 302


def test_one_address_guessing_many_names_is_stopped_too():
    account("ann")
    for number in range(30):
        login_from("10.0.0.9", f"someone{number}", "wrong")
    # Ann's name was never tried, but this address has used up its tries.
    response = login_from("10.0.0.9", "ann", PASSWORD)
    assert "Too many failed attempts" in text(response)
    assert login_from("10.0.0.10", "ann", PASSWORD).status_code == 302


def test_someone_who_signed_up_can_reset_a_forgotten_password():
    client = Client()
    client.post(
        reverse("signup"),
        {
            "username": "cleo",
            "email": "cleo@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    Client().post(reverse("password_reset"), {"email": "cleo@example.org"})
    assert len(mail.outbox) == 1 and "cleo" in mail.outbox[0].body


def test_signing_up_needs_an_email_address_for_a_reset():
    response = Client().post(
        reverse("signup"), {"username": "dan", "password1": PASSWORD, "password2": PASSWORD}
    )
    assert response.status_code == 200 and not User.objects.exists()
    assert "This field is required." in text(response)


def test_a_password_is_changed_and_reset_by_mail():
    user = account("ann")
    client = logged_in("ann")
    response = client.post(
        reverse("password_change"),
        {
            "old_password": PASSWORD,
            "new_password1": "another long phrase",
            "new_password2": "another long phrase",
        },
    )
    assert response.status_code == 302
    user.refresh_from_db()
    assert user.check_password("another long phrase")

    # Reset: the mail holds a link that sets a new password.
    stranger = Client()
    stranger.post(reverse("password_reset"), {"email": "ann@example.org"})
    assert len(mail.outbox) == 1
    link = re.search(r"https?://[^/]+(/accounts/password/reset/\S+)", mail.outbox[0].body)
    assert link, mail.outbox[0].body
    form_page = stranger.get(link.group(1), follow=True)
    new = {"new_password1": "a third long phrase", "new_password2": "a third long phrase"}
    response = stranger.post(form_page.redirect_chain[-1][0], new)
    assert response.status_code == 302 and response["Location"] == reverse(
        "password_reset_complete"
    )
    user.refresh_from_db()
    assert user.check_password("a third long phrase")


# ---------------------------------------------------------------------------
# Who may see and change a game


def test_only_the_owner_and_co_scorekeepers_may_change_a_game():
    owner = logged_in("ann")
    game = start(owner)
    # Another account and an anonymous browser see whose game it is, and cannot change it.
    other, anonymous = logged_in("ben"), Client()
    for visitor in (other, anonymous):
        response = visitor.get(game.get_absolute_url())
        assert response.status_code == 403
        assert "This game is kept by someone else" in text(response)
        assert save_hand(visitor, game) == 403
        game.refresh_from_db()
        response = visitor.post(reverse("round-undo", args=[game.pk]), {"version": game.version})
        assert response.status_code == 403
        assert visitor.get(reverse("game-sheet", args=[game.pk])).status_code == 403
    assert game.rounds.count() == 0

    # The owner invites Ben; once he accepts, and not before, he may enter a hand.
    response = owner.post(reverse("game-scorekeepers", args=[game.pk]), {"username": "BEN"})
    assert "ben is invited: they keep score once they accept." in messages_on(
        text(owner.get(game.get_absolute_url()))
    )
    assert save_hand(other, game) == 403
    accept_invitation(other)
    assert save_hand(other, game) == 302
    assert game.rounds.count() == 1
    # He may not share the game or add others: that is the owner's.
    response = other.post(reverse("game-share", args=[game.pk]))
    game.refresh_from_db()
    assert game.share_token is None
    assert "Only the game's owner can share it or add scorekeepers." in messages_on(
        text(other.get(game.get_absolute_url()))
    )
    # Taken off again, he is a stranger to the game.
    ben = User.objects.get(username="ben")
    owner.post(reverse("game-scorekeepers", args=[game.pk]), {"remove": str(ben.pk)})
    assert other.get(game.get_absolute_url()).status_code == 403


@pytest.mark.parametrize(
    ("username", "message"),
    [
        ("nobody", "Nobody has the user name “nobody”."),
        ("ann", "That is the game's owner already."),
    ],
)
def test_a_co_scorekeeper_must_be_another_account(username, message):
    owner = logged_in("ann")
    game = start(owner)
    owner.post(reverse("game-scorekeepers", args=[game.pk]), {"username": username})
    assert message in messages_on(text(owner.get(game.get_absolute_url())))
    assert not game.scorekeepers.exists()


def test_a_browser_keeps_its_games_and_strangers_do_not_see_them():
    phone, stranger = Client(), Client()
    game = start(phone)
    assert phone.get(game.get_absolute_url()).status_code == 200
    assert save_hand(phone, game) == 302
    assert stranger.get(game.get_absolute_url()).status_code == 403
    # Lists show each visitor their own games only.
    assert game.get_absolute_url() in text(phone.get(reverse("game-list")))
    assert game.get_absolute_url() not in text(stranger.get(reverse("game-list")))
    assert game.get_absolute_url() not in text(stranger.get(reverse("home")))
    # A rematch of someone else's game starts blank, and their names are not suggested.
    html = text(stranger.get(reverse("game-new") + f"?rematch={game.pk}"))
    assert 'value="Ann"' not in html
    assert '<option value="Ann">' in text(phone.get(reverse("game-new")))


def test_a_new_game_is_never_written_for_a_key_the_browser_has_not_got(monkeypatch):
    # The phone opens the form, then saves; the game is written, but the answer never
    # arrives (the server dies, or the database gives way while saving the session).
    phone = Client(raise_request_exception=False)
    phone.get(reverse("game-new"))

    def answer_lost(request, url):
        raise OSError("the connection dropped")

    monkeypatch.setattr(play_views, "go", answer_lost)
    data = {"kind": "rummy", "start": "1", "player_0": "Ann", "player_1": "Ben"}
    assert phone.post(reverse("game-new"), data).status_code == 500
    monkeypatch.undo()

    # The key that owns the game came with the form: the phone can still reach it.
    game = Game.objects.get()
    assert phone.get(game.get_absolute_url()).status_code == 200
    assert game.get_absolute_url() in text(phone.get(reverse("home")))


# Who may keep a game: (whose game, who asks) -> whether they may. A browser's key is
# "mine" (the one that started it) or "other"; ann owns, ben helps keep, cleo does not.
KEEPERS = [
    ("before accounts", "anonymous", True),
    ("before accounts", "mine", True),
    ("before accounts", "cleo", True),
    ("a browser's", "mine", True),
    ("a browser's", "other", False),
    ("a browser's", "anonymous", False),
    ("a browser's", "ann", False),
    ("ann's", "ann", True),
    ("ann's", "ben", True),
    ("ann's", "cleo", False),
    ("ann's", "mine", False),
    ("ann's", "anonymous", False),
]


@pytest.mark.parametrize(("whose", "who", "keeps"), KEEPERS)
def test_a_game_in_hand_is_kept_by_the_same_hands_as_the_lists_say(whose, who, keeps):
    ann, ben = account("ann"), account("ben")
    account("cleo")
    owner = {"ann's": ann}.get(whose)
    game = make_game(["Ann", "Ben"], owner=owner, browser="mine" if whose == "a browser's" else "")
    game.scorekeepers.add(ben)
    user = User.objects.filter(username=who).first() or AnonymousUser()
    browser = who if who in {"mine", "other"} else ""

    assert game.is_kept_by(user, browser) is keeps
    assert Game.objects.kept_by(user, browser).filter(pk=game.pk).exists() is keeps


@pytest.mark.parametrize(
    ("method", "url_name"),
    [
        ("get", "game-detail"),
        ("get", "round-new"),
        ("post", "round-undo"),
        ("post", "game-finish"),
        ("post", "game-reopen"),
        ("post", "game-share"),
        ("post", "game-rules"),
        ("get", "game-sheet"),
        ("get", "game-export-json"),
    ],
)
def test_a_stranger_is_refused_with_htmx_too(method, url_name):
    game = start(logged_in("ann"))
    stranger = Client()
    response = getattr(stranger, method)(reverse(url_name, args=[game.pk]), headers=HTMX)
    assert response.status_code == 403
    assert "Ann" not in text(response)


def with_a_co_scorekeeper() -> tuple[Client, Client, Game]:
    """Ann's game, and Ben keeping score on it with her: both logged in."""
    owner = logged_in("ann")
    game = start(owner)
    account("ben")
    owner.post(reverse("game-scorekeepers", args=[game.pk]), {"username": "ben"})
    ben = logged_in("ben")
    accept_invitation(ben)
    return owner, ben, game


def test_a_co_scorekeeper_may_undo_end_and_reopen():
    _, ben, game = with_a_co_scorekeeper()
    assert save_hand(ben, game) == 302
    game.refresh_from_db()
    ben.post(reverse("round-undo", args=[game.pk]), {"version": game.version})
    assert game.rounds.count() == 0
    save_hand(ben, game)
    game.refresh_from_db()
    ben.post(reverse("game-finish", args=[game.pk]), {"version": game.version})
    game.refresh_from_db()
    assert game.is_finished
    ben.post(reverse("game-reopen", args=[game.pk]), {"version": game.version})
    game.refresh_from_db()
    assert not game.is_finished


def test_only_the_owner_changes_the_house_rules_not_a_co_scorekeeper():
    # H92: the account that created the game; a co-scorekeeper keeps score, no more.
    owner, ben, game = with_a_co_scorekeeper()
    assert "Change the house rules" in text(owner.get(game.get_absolute_url()))
    assert "Change the house rules" not in text(ben.get(game.get_absolute_url()))

    game.refresh_from_db()
    data = {"version": game.version, "preset": "penalty"}
    response = ben.post(reverse("game-rules", args=[game.pk]), data, follow=True)

    assert "Only the game's owner can change its house rules." in messages_on(text(response))
    game.refresh_from_db()
    assert game.settings.get("scoring") != "penalty"
    owner.post(reverse("game-rules", args=[game.pk]), data)
    game.refresh_from_db()
    assert game.settings["scoring"] == "penalty"
    assert game.changes.last().after[-1] == ["by", "ann"]


def signup_from(address: str, username: str):
    return Client(REMOTE_ADDR=address).post(
        reverse("signup"),
        {
            "username": username,
            "email": f"{username}@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )


def test_sign_ups_from_one_address_stop_at_ten_an_hour_telling_no_more_names():
    """A taken name is said as such; ten sign-ups an hour from one address, so a script
    cannot ask which names exist (nor make accounts) as fast as it likes."""
    account("ann")
    for _ in range(SIGNUPS_AN_HOUR):
        taken = text(signup_from("10.0.0.1", "ann"))
        assert "A user with that username already exists." in taken

    refused = text(signup_from("10.0.0.1", "ann"))
    fresh = text(signup_from("10.0.0.1", "cleo"))

    for page in (refused, fresh):
        assert "Too many sign-ups from here: try again in an hour." in page
        assert "already exists" not in page
    assert not User.objects.filter(username="cleo").exists()
    assert signup_from("10.0.0.2", "cleo").status_code == 302
