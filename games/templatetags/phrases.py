"""`{% say phrase number=… %}`: a kind's whole phrase with its numbers filled in
(`games.rules.words`), so that templates never glue a word to a number; and
`{{ names|together }}`: names joined by the language's own "and" ("Ann and Ben"), where a
template would otherwise write `|join:" and "` in English. The phrase and what fills it
are said in the language of the page (a phrase kept in English until it is shown,
`games.rules.text`, is translated as it is filled in)."""

from collections.abc import Iterable

from django import template

from games.rules.text import together as joined
from games.rules.words import say as fill
from games.rules.words import say_count

register = template.Library()


@register.simple_tag
def say(phrase: str, **values: object) -> str:
    return fill(phrase, **values)


@register.simple_tag
def say_counted(forms: tuple[str, str], count: int, **values: object) -> str:
    return say_count(forms, count, **values)


@register.filter
def together(names: Iterable[object]) -> str:
    """`{% blocktranslate with names=standings.winners|together %}Shared win: {{ names
    }}{% endblocktranslate %}`: "Ann and Ben", escaped as any value is."""
    return joined(str(name) for name in names)
