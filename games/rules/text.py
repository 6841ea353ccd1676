"""The rules' sentences in the table's language.

The rules core says everything it says (errors, explanations, labels, notes) through
these functions, named as Django's so that `makemessages` finds the sentences here as it
does in the app: one catalogue for the whole project. Without Django they return the
English they are given; the app plugs its translation in when it starts (`install`), and
from then on each sentence is said in the language of the request that asks for it.

A sentence that is worked out when a module is loaded (a kind's title, a setting's
label, a phrase of `words`) cannot be translated then: no request has a language yet.
`gettext_lazy` keeps the English and translates it each time it is shown. It is a `str`
(its value the English, so that it compares, hashes and sorts the same in every language)
that shows itself translated: through `str()`, `format`, f-strings, `%`, `+` and the
templates. What uses a lazy sentence otherwise (`join`, `json.dumps`) gets the English;
`shown` turns it into the translation first.
"""

import functools
from collections.abc import Callable, Iterable

type Translate = Callable[[str], str]
type TranslatePlural = Callable[[str, str, int], str]
type TranslateInContext = Callable[[str, str], str]


def _english_plural(singular: str, plural: str, count: int) -> str:
    return singular if count == 1 else plural


def _english_in_context(context: str, message: str) -> str:
    return message


_gettext: Translate = str
_ngettext: TranslatePlural = _english_plural
_pgettext: TranslateInContext = _english_in_context


def install(gettext: Translate, ngettext: TranslatePlural, pgettext: TranslateInContext) -> None:
    """Say every sentence from now on through these (the app's translation)."""
    global _gettext, _ngettext, _pgettext
    _gettext, _ngettext, _pgettext = gettext, ngettext, pgettext


def gettext(message: str) -> str:
    """`message` in the language of the moment."""
    return _gettext(message)


_ = gettext


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a sentence for `count`, in the language of the moment (whose forms
    for counts may be other than English's one and more)."""
    return _ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """`message` in the language of the moment, where a word alone could be read two ways
    ("Set" as a meld, "set" as a verb): the context tells the translator which."""
    return _pgettext(context, message)


class Lazy(str):
    """A sentence kept in English and shown in the language of the moment."""

    __slots__ = ()

    def __str__(self) -> str:
        return _gettext(str.__str__(self))

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def format(self, *args: object, **kwargs: object) -> str:
        return str(self).format(*args, **kwargs)

    def __add__(self, other: str) -> str:
        return str(self) + other

    def __radd__(self, other: str) -> str:
        return other + str(self)

    def __mod__(self, values: object) -> str:
        return str(self) % values


class LazyInContext(Lazy):
    """A lazy sentence with the context that tells which of its readings is meant."""

    context: str

    def __new__(cls, context: str, message: str) -> "LazyInContext":
        made = super().__new__(cls, message)
        made.context = context
        return made

    def __str__(self) -> str:
        return _pgettext(self.context, str.__str__(self))

    def __reduce__(self) -> tuple[type["LazyInContext"], tuple[str, str]]:
        return (LazyInContext, (self.context, str.__str__(self)))


def gettext_lazy(message: str) -> str:
    """`message`, shown in the language of the moment each time it is shown."""
    return Lazy(message)


def pgettext_lazy(context: str, message: str) -> str:
    """`pgettext`, for a sentence worked out when its module is loaded."""
    return LazyInContext(context, message)


def ngettext_lazy(singular: str, plural: str) -> tuple[str, str]:
    """A sentence's forms for one and for more, kept for `ngettext` to choose between
    when a count is known (`words.say_count`)."""
    return (singular, plural)


def shown(value: object) -> object:
    """`value` with every lazy sentence in it (in lists, tuples and dicts too) turned into
    the translation, for what does not show a `str` through `str()`: JSON above all."""
    if isinstance(value, Lazy):
        return str(value)
    if isinstance(value, dict):
        return {shown(name): shown(item) for name, item in value.items()}
    if isinstance(value, list | tuple):
        return [shown(item) for item in value]
    return value


def together(items: Iterable[str]) -> str:
    """Things said as one, in the language of the moment: "Ann", "Ann and Ben", "Ann, Ben
    and Cy" (winners, Thieves still to steal, cards laid off, a show counted aloud). A
    language joins the last two its own way and the others its own way: two whole
    patterns, never an English word glued between them."""
    said = [str(item) for item in items]
    if len(said) < 2:
        return "".join(said)
    # Translators: the items of a list but its last, one after another ("Ann, Ben").
    first = functools.reduce(
        lambda first, next: gettext("{first}, {next}").format(first=first, next=next), said[:-1]
    )
    # Translators: the last two of a list ("Ann and Ben"; "Ann, Ben and Cy": {first} is
    # then "Ann, Ben"; "fifteen two, fifteen four and a pair is six").
    return gettext("{first} and {last}").format(first=first, last=said[-1])
