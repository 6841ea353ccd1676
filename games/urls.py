"""The site's pages, feature by feature, and the JSON scoring API."""

from django.urls import include, path

urlpatterns = [
    path("", include("games.play.urls")),
    path("", include("games.sharing.urls")),
    path("", include("games.history.urls")),
    path("", include("games.sheets.urls")),
    path("", include("games.transfer.urls")),
    path("", include("games.api.urls")),
    path("", include("games.offline.urls")),
]
