"""`{% capture as name %}…{% endcapture %}`: a piece of a page rendered into a variable,
so that a translated sentence takes it whole through a placeholder ("Not saved yet: see
{{ players }} below.", the players as links) instead of being cut in two around it."""

from django import template
from django.template.base import Parser, Token
from django.template.context import Context
from django.utils.safestring import SafeString

register = template.Library()


class CaptureNode(template.Node):
    def __init__(self, nodelist: template.NodeList, name: str) -> None:
        self.nodelist = nodelist
        self.name = name

    def render(self, context: Context) -> str:
        context[self.name] = SafeString(self.nodelist.render(context))
        return ""


@register.tag
def capture(parser: Parser, token: Token) -> CaptureNode:
    bits = token.split_contents()
    if len(bits) != 3 or bits[1] != "as":
        raise template.TemplateSyntaxError("Use {% capture as name %}")  # English: for developers
    nodelist = parser.parse(("endcapture",))
    parser.delete_first_token()
    return CaptureNode(nodelist, bits[2])
