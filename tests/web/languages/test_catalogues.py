"""Every sentence a person reads is in the catalogue, and the catalogue is whole.

Two checks, run in CI:
- the Filipino and Hindi catalogues translate every sentence the code and the templates
  mark (the catalogue is brought up to date with `makemessages` on a copy, so a sentence
  added or changed since shows up untranslated or fuzzy), and the compiled `.mo` files
  are those of the `.po` files;
- nothing a person reads is left out of the catalogue: an English literal in a module, a
  template or a script that is not marked for translation fails, unless its line says
  why it is never shown (`# English: …` in Python, `// English: …` in a script).

What counts as "English a person reads" is a heuristic, tuned to find sentences and
labels without flagging identifiers: in Python a string with two words (letters, a space
between) or one capitalised word; in a template any word in the text or in an attribute
a person reads or hears, the scripts' `data-*` texts included; in a script a string with
two words. Docstrings, marked sentences and log lines are passed over, and so are the
management commands, which speak to the operator at a terminal, not to a table.
"""

import ast
import gettext
import re
import shutil
import subprocess
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings

from tests.web.languages import TRANSLATED

ROOT = Path(settings.BASE_DIR)
IGNORED = ["tests", "bench", ".venv", "node_modules", "staticfiles", "test-results"]

WORDS = re.compile(r"[A-Za-z]{2,}[^\S\n]+[A-Za-z]{2,}")
LABEL = re.compile(r"^[A-Z][a-z]{2,}[.:!?…]?$")
WORD = re.compile(r"[A-Za-z]{2,}")
# Names, the same in every language.
NAMES = re.compile(r"\bScorekeeper\b")
# A script's sentence starts with a capital and holds no selector's punctuation.
SCRIPT_SENTENCE = re.compile(r"^[A-Z][^\[\]#>=]*$")

needs_gettext = pytest.mark.skipif(
    shutil.which("msgfmt") is None, reason="GNU gettext (Debian's gettext) is not installed"
)


# ---------------------------------------------------------------------------
# The catalogues


def entries(po: Path) -> Iterator[dict[str, object]]:
    """The entries of a .po file (obsolete ones left out), each with its `msgid`,
    `msgstr` (a list: one form, or one per plural form) and `fuzzy`."""
    entry: dict[str, object] = {}
    field = ""

    def done() -> Iterator[dict[str, object]]:
        if entry.get("msgid"):
            yield entry

    for line in [*po.read_text(encoding="utf-8").splitlines(), ""]:
        if not line.strip():
            yield from done()
            entry, field = {}, ""
        elif line.startswith("#,"):
            entry["fuzzy"] = "fuzzy" in line
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            value = ast.literal_eval(line)
            if field.startswith("msgstr"):
                strings = entry["msgstr"]
                assert isinstance(strings, list)
                strings[-1] += value
            else:
                entry[field] = str(entry[field]) + value
        else:
            field, _, rest = line.partition(" ")
            value = ast.literal_eval(rest)
            if field.startswith("msgstr"):
                entry.setdefault("msgstr", [])
                strings = entry["msgstr"]
                assert isinstance(strings, list)
                strings.append(value)
                field = "msgstr"
            else:
                entry[field] = value
    yield from done()


def catalogue(language: str) -> Path:
    return ROOT / "locale" / language / "LC_MESSAGES" / "django.po"


@needs_gettext
def test_the_catalogues_translate_every_marked_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Bring a copy of the catalogues up to date with a copy of the code, as makemessages
    # would (it writes beside the sources it reads: a copy keeps the project's as it is).
    for folder in ("games", "templates", "static", "locale"):
        shutil.copytree(ROOT / folder, tmp_path / folder)
    monkeypatch.chdir(tmp_path)
    with override_settings(LOCALE_PATHS=[tmp_path / "locale"]):
        call_command("makemessages", locale=TRANSLATED, ignore_patterns=IGNORED, verbosity=0)
    for language in TRANSLATED:
        found = list(entries(tmp_path / "locale" / language / "LC_MESSAGES" / "django.po"))
        assert len(found) > 500, f"{language}: the catalogue holds too few sentences"
        untranslated = [e["msgid"] for e in found if not all(e["msgstr"])]  # type: ignore[call-overload]
        fuzzy = [e["msgid"] for e in found if e.get("fuzzy")]
        assert not untranslated, f"{language}: not translated: {untranslated[:20]}"
        assert not fuzzy, f"{language}: fuzzy (changed since translated): {fuzzy[:20]}"
        unlike = [e["msgid"] for e in found if not all(alike(e, said) for said in e["msgstr"])]  # type: ignore[attr-defined]
        assert not unlike, f"{language}: placeholders or quotes unlike the English's: {unlike[:20]}"


PLACEHOLDERS = re.compile(r"\{\w*\}|%\(\w+\)[sd]")


def alike(entry: dict[str, object], said: str) -> bool:
    """A translation fills in only what its English does (`{name}`, `%(name)s`; the form
    for one may leave the count out), and holds no straight double quote the English
    lacks: shown inside an HTML attribute, one would end it."""
    english = str(entry["msgid"]) + str(entry.get("msgid_plural", ""))
    return set(PLACEHOLDERS.findall(said)) <= set(PLACEHOLDERS.findall(english)) and (
        said.count('"') <= english.count('"')
    )


@needs_gettext
@pytest.mark.parametrize("language", TRANSLATED)
def test_the_compiled_catalogue_is_the_catalogue(language: str, tmp_path: Path) -> None:
    compiled = tmp_path / "django.mo"
    subprocess.run(["msgfmt", "--check-format", "-o", compiled, catalogue(language)], check=True)
    with compiled.open("rb") as fresh, catalogue(language).with_suffix(".mo").open("rb") as kept:
        assert gettext.GNUTranslations(kept)._catalog == gettext.GNUTranslations(fresh)._catalog  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("english", "said", "fine"),
    [
        ("Save hand {number}", "हाथ {number} सहेजें", True),
        ("Save hand {number}", "हाथ {numbr} सहेजें", False),
        ("%(name)s's cards", "Mga baraha ni %(name)s", True),
        ("Type the cards", 'I-type ang "baraha"', False),
        ("Type the cards", "I-type ang “baraha”", True),
    ],
)
def test_a_translation_fills_in_what_its_english_does(english: str, said: str, fine: bool) -> None:
    assert alike({"msgid": english}, said) is fine


# ---------------------------------------------------------------------------
# English left out of the catalogue

TRANSLATING = {
    "_",
    "gettext",
    "gettext_lazy",
    "gettext_noop",
    "ngettext",
    "ngettext_lazy",
    "pgettext",
    "pgettext_lazy",
    "npgettext",
}
LOGGING = {"debug", "info", "warning", "error", "exception", "critical"}
# Calls whose strings name code, not things said: a model a relation points at, a type.
NAMING = {"ForeignKey", "OneToOneField", "ManyToManyField", "get_model", "cast", "TypeVar"}


def _called(node: ast.Call) -> str:
    function = node.func
    if isinstance(function, ast.Name):
        return function.id
    if isinstance(function, ast.Attribute):
        logged = isinstance(function.value, ast.Name) and function.value.id in {"log", "logger"}
        return "log" if logged and function.attr in LOGGING else function.attr
    return ""


def _all(node: ast.Assign) -> bool:
    return any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)


def python_literals(path: Path) -> Iterator[tuple[int, str]]:
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    tree = ast.parse(source)
    passed: set[int] = set()
    for node in ast.walk(tree):
        # A string standing as a statement (a docstring, an attribute's) is never shown.
        if isinstance(node, ast.Expr):
            passed.add(id(node.value))
        named = [
            *(n.annotation for n in [node] if isinstance(n, ast.arg | ast.AnnAssign)),
            *(n.returns for n in [node] if isinstance(n, ast.FunctionDef)),
            *(n.value for n in [node] if isinstance(n, ast.Assign) and _all(n)),
            # A key looked up, or a type's argument (`QuerySet["Game"]`).
            *(n.slice for n in [node] if isinstance(n, ast.Subscript)),
            *(n for n in [node] if isinstance(n, ast.Call) and _called(n) in NAMING),
            *(n for n in [node] if isinstance(n, ast.Call) and _called(n) in TRANSLATING),
            *(n for n in [node] if isinstance(n, ast.Call) and _called(n) == "log"),
        ]
        passed.update(id(inner) for part in named if part for inner in ast.walk(part))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
            continue
        if id(node) in passed:
            continue
        text = node.value.strip()
        if not (WORDS.search(text) or LABEL.match(text)):
            continue
        span = lines[node.lineno - 1 : (node.end_lineno or node.lineno)]
        if any("# English:" in line for line in span):
            continue
        yield node.lineno, text


class _Shown(HTMLParser):
    """The text of a page and the attributes a person reads or hears."""

    READ = {"aria-label", "title", "placeholder", "alt", "label", "aria-description"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.shown: list[tuple[int, str]] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in {"script", "style"}:
            self.hidden += 1
        button = tag == "input" and dict(attrs).get("type") in {"submit", "button"}
        for name, value in attrs:
            value = value or ""
            read = (name in self.READ or (name == "value" and button)) and WORD.search(value)
            said = name.startswith("data-") and (WORDS.search(value) or LABEL.match(value))
            if read or said:
                self.shown.append((self.getpos()[0], f"{name}={value!r}"))

    def handle_endtag(self, tag: str) -> None:
        if tag in {"script", "style"}:
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self.hidden and WORD.search(NAMES.sub("", data)):
            self.shown.append((self.getpos()[0], data.strip()))


TAGS = re.compile(
    r"\{#.*?#\}"
    r"|\{%\s*comment\s*%\}.*?\{%\s*endcomment\s*%\}"
    r"|\{%\s*blocktranslate\b.*?\{%\s*endblocktranslate\s*%\}"
    # The body's attributes, which a page sets in a block of its own.
    r"|\{%\s*block body_attrs\s*%\}.*?\{%\s*endblock\s*%\}"
    r"|\{%.*?%\}|\{\{.*?\}\}",
    re.DOTALL,
)


def template_literals(path: Path) -> Iterator[tuple[int, str]]:
    # Each tag or variable becomes a mark without letters, on as many lines as it held.
    source = TAGS.sub(lambda m: "§" + "\n" * m.group().count("\n"), path.read_text("utf-8"))
    if path.suffix == ".txt":
        for number, line in enumerate(source.splitlines(), 1):
            if WORD.search(line):
                yield number, line.strip()
        return
    page = _Shown()
    page.feed(source)
    page.close()
    yield from page.shown


JS_STRINGS = re.compile(r"""(["'`])((?:\\.|(?!\1).)*)\1""")


def script_literals(path: Path) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        code = line.split("//", 1)[0] if "// English:" not in line else ""
        for match in JS_STRINGS.finditer(code):
            said = match.group(2)
            if WORDS.search(said) and SCRIPT_SENTENCE.match(said):
                yield number, said


def sources() -> Iterator[Path]:
    for path in sorted((ROOT / "games").rglob("*.py")):
        if not {"migrations", "management"} & set(path.parts):
            yield path
    yield from sorted((ROOT / "templates").rglob("*.html"))
    yield from sorted((ROOT / "templates").rglob("*.txt"))
    yield from sorted((ROOT / "static").rglob("*.js"))


def literals(path: Path) -> Iterator[tuple[int, str]]:
    if path.suffix == ".py":
        yield from python_literals(path)
    elif path.suffix == ".js":
        yield from script_literals(path)
    else:
        yield from template_literals(path)


def test_no_english_is_left_out_of_the_catalogue() -> None:
    left = [
        f"{path.relative_to(ROOT)}:{line}: {text[:80]}"
        for path in sources()
        for line, text in literals(path)
    ]
    assert not left, f"{len(left)} English texts not marked for translation:\n" + "\n".join(left)


@pytest.mark.parametrize(
    ("suffix", "source", "found"),
    [
        (".py", 'MESSAGE = "Save the round"\n', True),
        (".py", 'MESSAGE = _("Save the round")\n', False),
        (".py", 'def f():\n    """Save the round."""\n', False),
        (".py", 'TITLE = "Hands"\n', True),
        (".py", 'KEY = "went_rummy"\n', False),
        (".py", 'SQL = "SELECT id FROM game"  # English: a query\n', False),
        (".py", 'log.info("Kept the games")\n', False),
        (".py", '__all__ = ["Game", "Round"]\n', False),
        (".py", 'class Rounds(QuerySet["Round"]): pass\n', False),
        (".py", 'def f(game: "Game") -> "Round": pass\n', False),
        (".py", 'error = f"{name} cannot steal"\n', True),
        (".html", "<p>Save the round</p>\n", True),
        (".html", "<p>{% translate 'Save the round' %}</p>\n", False),
        (".html", '<a aria-label="Close" href="#">×</a>\n', True),
        (".html", '<a aria-label="{% translate "Close" %}" href="#">×</a>\n', False),
        (".html", "<p>{% blocktranslate %}Hand {{ n }}{% endblocktranslate %}</p>\n", False),
        (".html", '<div data-look="Look at it" data-url="{% url "home" %}"></div>\n', True),
        (".html", "<script>let a = 'text here';</script>{# a comment #}\n", False),
        (".js", 'show("No connection yet");\n', True),
        (".js", 'document.querySelector("button[type=submit]");\n', False),
        (".js", 'list.querySelectorAll(".question input, .seat input");\n', False),
        (".html", "<title>{% translate 'Games' %} · Scorekeeper</title>\n", False),
        (".html", '<button type="submit" name="answer" value="accept">§</button>\n', False),
        (".py", 'LIMIT = 3\n"""The most a hand may hold (§1)."""\n', False),
    ],
)
def test_the_check_finds_english_and_only_english(
    suffix: str, source: str, found: bool, tmp_path: Path
) -> None:
    path = tmp_path / f"sample{suffix}"
    path.write_text(source, encoding="utf-8")
    assert bool(list(literals(path))) is found
