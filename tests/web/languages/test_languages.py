"""Choosing the language: the browser's Accept-Language by default, the switcher every page
has (kept in the browser's language cookie and, signed in, on the account), the account's
language brought along by logging in, and a shared live board in each viewer's language.

Django only answers in a language it has a catalogue for: Hindi has Django's own and
ours, Filipino only ours (locale/fil). Both of ours are in the repository, compiled, so
every test here runs.
"""

import ast
import re
from pathlib import Path

import django
import pytest
from django.conf import settings
from django.contrib.auth.tokens import default_token_generator
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import translation
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

import games.web
from games.accounts import django_text
from games.models import AccountLanguage
from tests.web.accounts.visitors import PASSWORD, account, logged_in, save_hand, shared_link, start
from tests.web.languages import TRANSLATED
from tests.web.pages import HEADERS, HTMX, assert_goes_to, text

pytestmark = pytest.mark.django_db

COOKIE = settings.LANGUAGE_COOKIE_NAME


def page_language(response) -> str:
    assert response.status_code == 200, response
    return re.search(r'<html lang="([^"]+)"', text(response)).group(1)


def translated(language: str, message: str, context: str = "") -> str:
    """`message` as the project's catalogue says it in `language`; the test needs it said
    otherwise than in English (a sentence left untranslated would prove nothing)."""
    with translation.override(language):
        said = translation.pgettext(context, message) if context else translation.gettext(message)
    assert said != message, f"{message!r} is not translated into {language}"
    return said


# ---------------------------------------------------------------------------
# The browser's Accept-Language, by default


@pytest.mark.parametrize(
    ("accept", "language"),
    [
        ("hi", "hi"),
        ("hi-IN,hi;q=0.9,en;q=0.8", "hi"),
        pytest.param("fil", "fil"),
        pytest.param("fil-PH,fil;q=0.9", "fil"),
        # Tagalog, as many phones still ask for it, is answered in Filipino.
        pytest.param("tl", "fil"),
        pytest.param("tl-PH,en;q=0.5", "fil"),
        ("en-US,en;q=0.9", "en"),
        ("en", "en"),
        # A language the site does not speak, or none: English.
        ("de-DE,de;q=0.9", "en"),
        ("", "en"),
    ],
)
def test_the_page_is_in_the_language_the_browser_asks_for(accept, language):
    response = Client(headers={"accept-language": accept}).get(reverse("home"))
    assert page_language(response) == language


def test_the_language_cookie_wins_over_accept_language():
    browser = Client(headers={"accept-language": "en-US,en"})
    browser.cookies[COOKIE] = "hi"
    assert page_language(browser.get(reverse("home"))) == "hi"


# ---------------------------------------------------------------------------
# The switcher


def test_every_page_has_the_switcher_each_language_named_in_its_own():
    page = text(Client().get(reverse("game-list")))
    switcher = re.search(r'<form class="languages".*?</form>', page, re.S).group(0)
    assert f'action="{reverse("language")}"' in switcher and 'method="post"' in switcher
    assert 'name="csrfmiddlewaretoken"' in switcher
    # Back to this page afterwards.
    assert f'name="next" value="{reverse("game-list")}"' in switcher
    options = re.findall(r'<option value="([^"]+)" lang="[^"]+"( selected)?>([^<]+)</option>', page)
    assert [(code, name) for code, _, name in options] == [
        ("en", "English"),
        ("fil", "Filipino"),
        ("hi", "हिन्दी"),
    ]
    # The language of the page is the one chosen.
    assert [code for code, selected, _ in options if selected] == ["en"]
    assert re.search(r'<label class="visually-hidden" for="site-language">', switcher)
    assert '<button class="button small" type="submit">' in switcher


@HEADERS
def test_the_switcher_keeps_the_language_for_the_browser_and_goes_back(headers):
    browser = Client(headers={"accept-language": "en"})
    back = reverse("game-list") + "?kind=rummy"
    response = browser.post(reverse("language"), {"language": "hi", "next": back}, headers=headers)
    assert_goes_to(response, headers, back)
    kept = response.cookies[COOKIE]
    assert kept.value == "hi" and int(kept["max-age"]) == settings.LANGUAGE_COOKIE_AGE
    assert page_language(browser.get(back)) == "hi"
    # Chosen again: English, whatever the browser asks for.
    browser.post(reverse("language"), {"language": "en", "next": back}, headers=headers)
    assert page_language(browser.get(back, headers={"accept-language": "hi"})) == "en"


@pytest.mark.parametrize(
    "unsafe",
    [
        "https://elsewhere.example/",
        "//elsewhere.example/games/",
        "javascript:alert(1)",
        "http://testserver.elsewhere.example/",
        "",
    ],
)
@HEADERS
def test_the_switcher_goes_back_only_to_a_page_of_this_site(headers, unsafe):
    response = Client().post(
        reverse("language"), {"language": "hi", "next": unsafe}, headers=headers
    )
    assert_goes_to(response, headers, reverse("home"))
    assert response.cookies[COOKIE].value == "hi"


def test_a_language_the_site_does_not_speak_changes_nothing():
    browser = Client()
    response = browser.post(reverse("language"), {"language": "de", "next": reverse("rules")})
    assert response.status_code == 302 and response["Location"] == reverse("rules")
    assert COOKIE not in response.cookies


def test_the_switcher_only_takes_a_post():
    browser = Client()
    assert browser.get(reverse("language"), {"language": "hi"}).status_code == 405
    assert COOKIE not in browser.cookies


def test_the_switcher_needs_the_pages_csrf_token():
    browser = Client(enforce_csrf_checks=True)
    refused = browser.post(reverse("language"), {"language": "hi", "next": "/"})
    assert refused.status_code == 403
    page = text(browser.get(reverse("home")))
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    done = browser.post(
        reverse("language"), {"language": "hi", "next": "/", "csrfmiddlewaretoken": token}
    )
    assert done.status_code == 302 and done.cookies[COOKIE].value == "hi"


# ---------------------------------------------------------------------------
# The account's language


def test_a_visitor_without_an_account_keeps_the_choice_only_in_the_browser():
    Client().post(reverse("language"), {"language": "hi", "next": "/"})
    assert not AccountLanguage.objects.exists()


@HEADERS
def test_signed_in_the_choice_is_the_accounts_and_comes_back_at_the_next_login(headers):
    phone = logged_in("ann")
    phone.post(reverse("language"), {"language": "en", "next": "/"}, headers=headers)
    # One row an account, made when it first chooses, changed after.
    phone.post(reverse("language"), {"language": "hi", "next": "/"}, headers=headers)
    assert list(AccountLanguage.objects.values_list("user__username", "code")) == [("ann", "hi")]

    # Another phone, asking for English: the page after logging in is in Hindi.
    other = Client(headers={"accept-language": "en-US,en"})
    assert page_language(other.get(reverse("login"))) == "en"
    response = other.post(reverse("login"), {"username": "ann", "password": PASSWORD})
    assert response.status_code == 302 and response.cookies[COOKIE].value == "hi"
    assert page_language(other.get(response["Location"])) == "hi"
    # Logging out leaves the phone in the language it had.
    other.post(reverse("logout"))
    assert page_language(other.get(reverse("home"))) == "hi"


def test_an_account_that_never_chose_leaves_the_browser_its_language():
    account("ben")
    phone = Client(headers={"accept-language": "hi"})
    phone.cookies[COOKIE] = "en"
    response = phone.post(reverse("login"), {"username": "ben", "password": PASSWORD})
    assert response.status_code == 302 and COOKIE not in response.cookies
    assert page_language(phone.get(response["Location"])) == "en"


def test_a_failed_login_changes_no_language():
    phone = logged_in("ann")
    phone.post(reverse("language"), {"language": "hi", "next": "/"})
    other = Client()
    response = other.post(reverse("login"), {"username": "ann", "password": "not it at all"})
    assert response.status_code == 200 and COOKIE not in response.cookies


def test_a_password_reset_link_logs_in_in_the_accounts_language():
    user = account("ann")
    AccountLanguage.objects.choose(user, "hi")
    phone = Client()
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    token = default_token_generator.make_token(user)
    # The link's token goes into the session, and the page asks for the new password.
    form = phone.get(reverse("password_reset_confirm", args=[uid, token]))
    assert form.status_code == 302
    new = "another long pass phrase"
    response = phone.post(form["Location"], {"new_password1": new, "new_password2": new})
    assert response.status_code == 302 and response.cookies[COOKIE].value == "hi"


def test_signing_up_keeps_the_language_this_browser_chose():
    phone = Client()
    phone.post(reverse("language"), {"language": "hi", "next": "/"})
    response = phone.post(
        reverse("signup"),
        {"username": "cy", "email": "cy@example.org", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302
    assert AccountLanguage.objects.of(response.wsgi_request.user) == "hi"


def test_a_language_no_longer_offered_is_not_brought_back(settings):
    user = account("ann")
    AccountLanguage.objects.choose(user, "hi")
    settings.LANGUAGES = [("en", "English")]
    assert AccountLanguage.objects.of(user) is None


# ---------------------------------------------------------------------------
# A shared live board follows its viewer


def test_a_shared_board_is_in_each_viewers_language_not_the_owners():
    owner = logged_in("ann")
    owner.post(reverse("language"), {"language": "hi", "next": "/"})
    game = start(owner)
    save_hand(owner, game)
    link = shared_link(owner, game)
    assert page_language(owner.get(link)) == "hi"
    assert page_language(Client(headers={"accept-language": "en"}).get(link)) == "en"
    assert page_language(Client(headers={"accept-language": "hi"}).get(link)) == "hi"
    # The poll's fragment too.
    fragment = Client(headers={"accept-language": "hi"}).get(link, headers=HTMX)
    assert fragment.status_code == 200 and "<html" not in text(fragment)


def test_the_kept_scoreboard_is_kept_for_each_language(monkeypatch):
    # Each rendering says which language it was made in: a board kept for one language
    # must never be shown in another.
    game = start(logged_in("ann"))
    rendered = []

    def render(name, context):
        rendered.append(translation.get_language())
        return f"<p>{translation.get_language()}</p>"

    monkeypatch.setattr(games.web, "render_to_string", render)
    cache.clear()
    for language in ("en", "hi", "en", "hi", "fil"):
        with translation.override(language):
            assert games.web.scoreboard(game) == f"<p>{language}</p>"
    # Once a language: kept.
    assert rendered == ["en", "hi", "fil"]


def test_a_shared_board_says_its_words_in_the_viewers_language():
    owner = logged_in("ann")
    game = start(owner)
    link = shared_link(owner, game)
    live = translated("hi", "live", "a board that follows the game as it is played")
    hindi = text(Client(headers={"accept-language": "hi"}).get(link))
    english = text(Client(headers={"accept-language": "en"}).get(link))
    assert f'<small class="muted">{live}</small>' in hindi
    assert '<small class="muted">live</small>' in english and live not in english


# ---------------------------------------------------------------------------
# Words from our catalogue, Django's sentences included


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_site_and_djangos_form_errors_speak_the_language(language):
    browser = Client(headers={"accept-language": language})
    page = text(browser.post(reverse("login"), {"username": "", "password": ""}))
    menu = translated(language, "Games", "the menu at the top of every page")
    assert f'">{menu}</a>' in page
    # Django's sentence, in our words (Django has no Filipino, and other Hindi).
    assert translated(language, "This field is required.") in page
    assert "This field is required." not in page


def test_dates_are_written_with_the_languages_month_names():
    owner = logged_in("ann")
    game = start(owner)
    game.created_at = game.created_at.replace(year=2026, month=1, day=5)
    game.save(update_fields=["created_at"])
    page = text(owner.get(reverse("game-list"), headers={"accept-language": "fil"}))
    month = translated("fil", "jan").title()
    assert f"5 {month} 2026" in page


# ---------------------------------------------------------------------------
# Django's sentences our catalogue carries are Django's exactly


def _django_msgids() -> set[str]:
    """Every msgid (and plural msgid) of Django's own English catalogues."""
    root = Path(django.__file__).parent
    found: set[str] = set()
    apps = sorted(root.glob("contrib/*/locale/en/LC_MESSAGES/django.po"))
    for po in [root / "conf/locale/en/LC_MESSAGES/django.po", *apps]:
        for entry in re.findall(r'^(?:msgid|msgid_plural) ((?:".*"\n)+)', po.read_text(), re.M):
            found.add("".join(ast.literal_eval(line) for line in entry.splitlines()))
    return found


def _marked() -> list[str]:
    source = Path(django_text.__file__).read_text()
    return [
        argument.value
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and getattr(node.func, "id", "") in {"gettext_noop", "ngettext_lazy"}
        for argument in node.args
        if isinstance(argument, ast.Constant)
    ]


def test_the_django_sentences_we_translate_are_djangos_own():
    marked = _marked()
    assert len(marked) > 40
    assert sorted(set(marked) - _django_msgids()) == []
