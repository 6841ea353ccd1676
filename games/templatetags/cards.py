from django import template

from games.rules.cards import parse_card
from games.rules.errors import RuleError

register = template.Library()


@register.filter
def card_symbols(text: str) -> str:
    """Card text as people read it: "QH 10S" becomes "Q♥ 10♠"; other words stay as they are."""

    def symbol(token: str) -> str:
        try:
            return parse_card(token).symbol
        except RuleError:
            return token

    return " ".join(symbol(token) for token in str(text).split())
