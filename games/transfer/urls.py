from django.urls import path

from games.transfer import views

# "export.csv" is no <int:pk>: these never clash with the game pages.
urlpatterns = [
    path("games/export.csv", views.games_export, {"fmt": "csv"}, name="games-export-csv"),
    path("games/export.json", views.games_export, {"fmt": "json"}, name="games-export-json"),
    path("games/import/", views.games_import, name="games-import"),
    path("games/<int:pk>/export.csv", views.game_export, {"fmt": "csv"}, name="game-export-csv"),
    path("games/<int:pk>/export.json", views.game_export, {"fmt": "json"}, name="game-export-json"),
]
