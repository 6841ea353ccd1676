"""The pages as a phone without JavaScript reads them: where the screens are, what a page
says, its forms and their buttons, and what a done action answers.

Every helper that reads HTML out of a response lives here, once, for the tests of every
feature. The tests use the pages as a phone without JavaScript does: they read the form
that was served, tap one of its buttons (submitting every field with the button's name and
value) and read the answer.
"""

import re
from dataclasses import dataclass, field
from html import unescape
from html.parser import HTMLParser

import pytest
from django.urls import reverse

from games.models import Game

HTMX = {"HX-Request": "true"}
HEADERS = pytest.mark.parametrize("headers", [{}, HTMX], ids=["plain", "htmx"])


# ---------------------------------------------------------------------------
# Where the screens are


def round_new(game: Game) -> str:
    return reverse("round-new", args=[game.pk])


def round_edit(game: Game, number: int) -> str:
    return reverse("round-edit", args=[game.pk, number])


def entry_url(game: Game, number: int | None = None) -> str:
    if number is None:
        return reverse("round-new", args=[game.pk])
    return reverse("round-edit", args=[game.pk, number])


def steals_url(game: Game, number: int) -> str:
    return reverse("steals", args=[game.pk, number])


# ---------------------------------------------------------------------------
# An answer: the whole page, a fragment, or where to go next


def text(response) -> str:
    return response.content.decode()


def is_whole_page(html: str) -> bool:
    return "<html" in html


def assert_goes_to(response, headers: dict[str, str], url: str) -> None:
    """A plain post is redirected; htmx is told to load the page (HX-Redirect, 200)."""
    if headers:
        assert response.status_code == 200, response
        assert response["HX-Redirect"] == url
        assert not response.has_header("Location")
    else:
        assert response.status_code == 302, response
        assert response["Location"] == url
        assert not response.has_header("HX-Redirect")


def follow(client, response) -> str:
    """Load the page a plain or htmx redirect points to, as the browser would."""
    url = response.get("HX-Redirect") or response["Location"]
    page = client.get(url)
    assert page.status_code == 200
    return text(page)


def game_page(client, game: Game) -> str:
    response = client.get(game.get_absolute_url())
    assert response.status_code == 200
    return text(response)


# ---------------------------------------------------------------------------
# What a page says


def words_of(html: str) -> str:
    """A page or a piece of one as the words it shows: tags removed, entities read, white
    space folded."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


class _Said(HTMLParser):
    """What a person reads on a page: its text, and the labels a screen reader says."""

    HIDDEN = {"script", "style", "template"}
    LABELS = {"aria-label", "title", "placeholder"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.said: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.HIDDEN:
            self.hidden += 1
        self.said += [value or "" for name, value in attrs if name in self.LABELS]

    def handle_endtag(self, tag: str) -> None:
        if tag in self.HIDDEN:
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.said.append(data)


def said_on(html: str) -> list[str]:
    """Every text a person reads on the page and every label a screen reader says of it,
    in page order; scripts, styles and templates are not read."""
    page = _Said()
    page.feed(html)
    page.close()
    return page.said


def messages_on(html: str) -> list[str]:
    return [unescape(m) for m in re.findall(r'<li class="message[^"]*">(.*?)</li>', html)]


def errors_on(html: str) -> list[str]:
    """Every error message on a page, in page order: each form error list, and each score
    cell's problem on a paper game's grid."""
    found = re.findall(
        r'<ul class="errorlist[^"]*"[^>]*>(.*?)</ul>|<span class="problem"[^>]*>(.*?)</span>',
        html,
        re.S,
    )
    # One of the two groups matched; the other is empty.
    return [unescape(re.sub(r"<[^>]+>", " ", listed + cell)).strip() for listed, cell in found]


def seat_errors(html: str) -> dict[int, str]:
    """Each seat's error, as shown next to its box."""
    errors = {}
    for seat, item in enumerate(
        re.findall(
            r'<li class="field seat">(.*?)</li>\s*(?=<li class="field seat">|</ol>)', html, re.S
        )
    ):
        found = re.search(r'<ul class="errorlist[^"]*"[^>]*><li>(.*?)</li>', item)
        if found:
            errors[seat] = unescape(found.group(1))
    return errors


def file_errors(html: str) -> list[str]:
    """The errors shown in the file field's own box."""
    box = re.search(r'<div class="field">(?:(?!</div>).)*name="file".*?</div>', html, re.S)
    assert box, "no file field"
    found = re.findall(r'<ul class="errorlist[^"]*"[^>]*>(.*?)</ul>', box.group(0), re.S)
    return [unescape(re.sub(r"<[^>]+>", " ", item)).strip() for item in found]


def error_on(html: str) -> str:
    """The steals page's error."""
    found = re.search(r'<p class="errors" role="alert">(.*?)</p>', html, re.S)
    return unescape(found.group(1)) if found else ""


def totals_on(html: str) -> list[int]:
    return [int(total) for total in re.findall(r'<td class="total">(-?\d+)</td>', html)]


def round_scores_on(html: str, number: int) -> dict[str, tuple[str, int]]:
    """The game page's line for a round: each player's meld and score."""
    line = re.search(rf'<li id="round-{number}">(.*?)</li>', html, re.S)
    assert line, f"no round {number} on the page"
    return {
        name: (meld, int(score))
        for name, meld, score in re.findall(
            r"(\w+) ([A-Z][a-z]+(?: [A-Z][a-z]+)?) <strong>(-?\d+)</strong>", line.group(1)
        )
    }


def scoreboard_rows(html: str) -> list[list[int]]:
    """The scoreboard's hand rows: each seat's score for that hand (a cell may say what
    the hand was beside its score: "47 knock")."""
    board = re.search(r'<section id="scoreboard".*?</section>', html, re.S)
    assert board, "no scoreboard"
    body = re.search(r"<tbody>(.*?)</tbody>", board.group(0), re.S)
    rows = re.findall(r"<tr>(.*?)</tr>", body.group(1) if body else "", re.S)
    cell = r'<td>(-?\d+)(?:<span class="outcome">[^<]*</span>)?</td>'
    return [[int(score) for score in re.findall(cell, row)] for row in rows]


def headings_of(html: str) -> list[str]:
    """The score grid's column headings, after the row labels' own."""
    head = re.search(r"<thead><tr>(.*?)</tr></thead>", html, re.S)
    assert head, "no score grid"
    return [unescape(cell) for cell in re.findall(r'<th scope="col">(.*?)</th>', head.group(1))][1:]


def history_on(html: str) -> str:
    section = re.search(r'<section aria-labelledby="history-heading">(.*?)</section>', html, re.S)
    assert section
    return words_of(section.group(1))


def meanwhile_on(html: str) -> str:
    """The notice of a round another phone saved first, tags removed."""
    section = re.search(r'<section class="meanwhile".*?</section>', html, re.S)
    assert section, "no notice of the round saved meanwhile"
    return words_of(section.group(0))


def events_on(html: str) -> list[str]:
    found = re.search(r'<ul class="events">(.*?)</ul>', html, re.S)
    return [unescape(e) for e in re.findall(r"<li>(.*?)</li>", found.group(1))] if found else []


def thief_order_on(html: str) -> list[str]:
    found = re.search(r'<ol class="thief-order">(.*?)</ol>', html, re.S)
    return [
        re.sub(r"<[^>]+>.*", "", item).strip()
        for item in re.findall(r"<li>(.*?)</li>", found.group(1))
    ]


def typed_cards(html: str, seat: int) -> str:
    """The card text a seat's field holds on an entry screen."""
    field = re.search(rf'<input[^>]*name="cards_{seat}"[^>]*>', html)
    assert field, f"no field for seat {seat}"
    value = re.search(r'value="([^"]*)"', field.group(0))
    return value.group(1) if value else ""


def shown(html: str) -> dict[str, str]:
    """Each seat's preview digest, as the page (or an answer) shows them."""
    return dict(re.findall(r'id="preview-(\d+)" data-digest="([^"]+)"', html))


def token_on(page: str) -> str:
    return re.search(r'name="token" value="([^"]+)"', page).group(1)


def fields_on(page: str) -> list[str]:
    """Every form field name the page offers."""
    return sorted(set(re.findall(r'name="([^"]+)"', page)) - {"csrfmiddlewaretoken"})


# ---------------------------------------------------------------------------
# Forms, read the way a browser without JavaScript does


@dataclass
class Button:
    name: str
    value: str
    text: str = ""
    label: str = ""
    disabled: bool = False
    section: str = ""


@dataclass
class Form:
    action: str
    fields: dict[str, str] = field(default_factory=dict)
    buttons: list[Button] = field(default_factory=list)

    def button(self, **match: str) -> Button:
        found = [b for b in self.buttons if all(getattr(b, k) == v for k, v in match.items())]
        assert len(found) == 1, f"{match}: {found}"
        return found[0]

    def data(self, button: Button | None = None, **changes: str) -> dict[str, str]:
        """What the browser posts: every field, plus the tapped button."""
        data = dict(self.fields) | changes
        if button is not None:
            assert not button.disabled, f"{button} is disabled"
            if button.name:
                data[button.name] = button.value
        return data


class _FormReader(HTMLParser):
    def __init__(self, action: str) -> None:
        super().__init__()
        self.action = action
        self.form: Form | None = None
        self.inside = False
        self.section = ""
        self.button: Button | None = None
        self.select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = {key: value or "" for key, value in attrs}
        if tag == "form" and attr.get("action") == self.action and self.form is None:
            self.form = Form(self.action)
            self.inside = True
        if not self.inside or self.form is None:
            return
        if tag == "section" and "id" in attr:
            self.section = attr["id"]
        elif tag == "input" and attr.get("name"):
            self.form.fields[attr["name"]] = attr.get("value", "")
        elif tag == "select":
            self.select = attr.get("name")
        elif tag == "option" and self.select:
            if "selected" in attr or self.select not in self.form.fields:
                self.form.fields[self.select] = attr.get("value", "")
        elif tag == "button":
            self.button = Button(
                attr.get("name", ""),
                attr.get("value", ""),
                label=attr.get("aria-label", ""),
                disabled="disabled" in attr,
                section=self.section,
            )

    def handle_data(self, data: str) -> None:
        if self.button is not None:
            self.button.text += data

    def handle_endtag(self, tag: str) -> None:
        if not self.inside or self.form is None:
            return
        if tag == "form":
            self.inside = False
        elif tag == "section":
            self.section = ""
        elif tag == "select":
            self.select = None
        elif tag == "button" and self.button is not None:
            self.button.text = self.button.text.strip()
            self.form.buttons.append(self.button)
            self.button = None


def read_form(html: str, action: str) -> Form:
    reader = _FormReader(action)
    reader.feed(html)
    assert reader.form is not None, f"no form posting to {action}"
    return reader.form


def hand_form(client, game: Game, number: int | None = None) -> dict[str, str]:
    """The hidden fields of a freshly served hand form: its token, the game's version and
    the number of the hand it shows."""
    url = entry_url(game, number)
    html = text(client.get(url))
    fields = dict(
        re.findall(r'<input type="hidden" name="(token|version|number)" value="([^"]+)"', html)
    )
    assert fields.keys() == {"token", "version", "number"}, html
    return fields | {"active": "0"}


def steals_page(client, game: Game, number: int = 1, headers=None) -> tuple[str, Form | None]:
    html = text(client.get(steals_url(game, number), headers=headers or {}))
    # Every page has a form (the language's, in the header): the steals' is the one asked.
    action = steals_url(game, number)
    form = read_form(html, action) if f'action="{action}"' in html else None
    return html, form


# ---------------------------------------------------------------------------
# The round-entry screen, tapped like a phone without JavaScript


class Table:
    """The round-entry screen: every tap posts the form with the button pressed."""

    def __init__(self, client, url: str, headers: dict[str, str] | None = None) -> None:
        self.client = client
        self.url = url
        self.headers = headers or {}
        self.show(client.get(url, headers=self.headers))

    def show(self, response) -> None:
        assert response.status_code == 200, response
        self.html = text(response)
        self.form = read_form(self.html, self.url)

    def post(self, data: dict[str, str]):
        return self.client.post(self.url, data, headers=self.headers)

    def tap(self, button: Button) -> "Table":
        self.show(self.post(self.form.data(button)))
        return self

    def select(self, name: str) -> "Table":
        """Tap the player's name in the dock: the button for their seat."""
        seats = re.findall(rf'id="player-(\d+)" aria-label="{re.escape(name)}"', self.html)
        assert len(seats) == 1, f"{name}: {seats}"
        return self.tap(self.form.button(name="select", value=seats[0]))

    def pick(self, *symbols: str) -> "Table":
        for symbol in symbols:
            self.tap(self.form.button(name="add", text=symbol))
        return self

    def unpick(self, seat: int, symbol: str) -> "Table":
        return self.tap(
            self.form.button(section=f"player-{seat}", label=f"Remove {symbol}", text=symbol)
        )

    def enter(self, name: str, *symbols: str) -> "Table":
        return self.select(name).pick(*symbols)

    def fill(self, *cards: str) -> "Table":
        """Type every player's cards as text into the boxes, without sending them yet."""
        for seat, value in enumerate(cards):
            self.form.fields[f"cards_{seat}"] = value
        return self

    def type(self, *cards: str) -> "Table":
        """Type every player's cards as text, then let Enter refresh the preview."""
        return self.fill(*cards).tap(self.form.button(name="refresh"))

    def save(self):
        return self.post(self.form.data(self.form.button(name="save")))

    def cards(self, seat: int) -> str:
        return self.form.fields.get(f"cards_{seat}", "")

    def player(self, seat: int) -> str:
        """The player's part of the screen, tags removed."""
        return words_of(self.section(seat))

    def section(self, seat: int) -> str:
        found = re.search(rf'<section [^>]*id="player-{seat}".*?</section>', self.html, re.S)
        assert found, f"no player {seat}"
        return found.group(0)

    def preview(self, seat: int) -> tuple[str, int] | None:
        found = re.search(
            r'<span class="meld-preview">\s*<a [^>]*>([^<]+)</a> <strong class="score">'
            r"(-?\d+)</strong>",
            self.section(seat),
        )
        return (found.group(1), int(found.group(2))) if found else None

    def count(self, seat: int) -> tuple[int, str]:
        """The count on the player's name in the dock, and its mark ("made", "problem" or
        "")."""
        found = re.search(
            rf'<span class="dock-count ?([a-z]*)" id="count-{seat}"[^>]*>(\d+)', self.html
        )
        assert found, f"no count for player {seat}"
        return int(found.group(2)), found.group(1)

    def note(self) -> str:
        """What the picker says of the last tap ("" when it says nothing)."""
        found = re.search(r'<p class="tap-note" role="alert"( hidden)?>([^<]*)</p>', self.html)
        assert found, "no tap note"
        return "" if found.group(1) else unescape(found.group(2))

    def label(self, seat: int) -> str:
        """The player's name as their button in the dock shows it (a name cut short is
        read out whole, and shown cut)."""
        section = re.search(rf'<button [^>]*name="select" value="{seat}".*?</button>', self.html)
        assert section, f"no button for player {seat}"
        shown = re.search(r'<span class="dock-label"[^>]*>([^<]+)</span>', section.group(0))
        assert shown
        return unescape(shown.group(1))

    def active(self) -> int | None:
        """The seat receiving the cards picked next (its section is marked active)."""
        found = re.findall(r'<section class="player active[^"]*" id="player-(\d+)"', self.html)
        assert len(found) <= 1
        return int(found[0]) if found else None

    def taken(self) -> set[str]:
        return {b.value for b in self.form.buttons if b.name == "add" and b.disabled}
