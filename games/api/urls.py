"""`/api/<slug>/<name>` for every endpoint of every game kind in the registry."""

from django.urls import path

from games.api.views import scoring_endpoint
from games.rules import KINDS

urlpatterns = [
    path(f"api/{slug}/{name}", scoring_endpoint(score), name=f"api-{slug}-{name}")
    for slug, kind in KINDS.items()
    for name, score in kind.endpoints.items()
]
