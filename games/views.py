from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from games.rules.indian_chief import RULE_REMINDERS, Meld


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    melds = [(meld, RULE_REMINDERS[meld]) for meld in Meld]
    return render(request, "games/home.html", {"melds": melds})
