"""`{% say phrase number=… %}`: a kind's whole phrase with its numbers filled in
(`games.rules.words`), so that templates never glue a word to a number."""

from django import template

from games.rules.words import say as fill
from games.rules.words import say_count

register = template.Library()


@register.simple_tag
def say(phrase: str, **values: object) -> str:
    return fill(phrase, **values)


@register.simple_tag
def say_counted(forms: tuple[str, str], count: int, **values: object) -> str:
    return say_count(forms, count, **values)
