from django.urls import include, path

from games import views

urlpatterns = [
    path("", views.home, name="home"),
    path("rules/", views.rules, name="rules"),
    path("calculator/", views.calculator, name="calculator"),
    path("sheets/blank.pdf", views.blank_sheet_chosen, name="blank-sheet-chosen"),
    path("sheets/<slug:kind>/blank.pdf", views.blank_sheet, name="blank-sheet-of"),
    path("games/", views.game_list, name="game-list"),
    path("games/new/", views.game_new, name="game-new"),
    path("games/paper/", views.paper_game_new, name="paper-game-new"),
    path("games/<int:pk>/sheet.pdf", views.game_sheet, name="game-sheet"),
    path("games/<int:pk>/", views.game_detail, name="game-detail"),
    path("games/<int:pk>/rounds/new/", views.round_new, name="round-new"),
    path("games/<int:pk>/rounds/<int:number>/", views.round_edit, name="round-edit"),
    path("games/<int:pk>/rounds/<int:number>/steals/", views.steals, name="steals"),
    path("games/<int:pk>/undo/", views.round_undo, name="round-undo"),
    path("games/<int:pk>/finish/", views.game_finish, name="game-finish"),
    path("games/<int:pk>/share/", views.game_share, name="game-share"),
    path("games/<int:pk>/scorekeepers/", views.game_scorekeepers, name="game-scorekeepers"),
    path("live/<str:token>/", views.shared_game, name="shared-game"),
    path("games/<int:pk>/reopen/", views.game_reopen, name="game-reopen"),
    path("", include("games.api.urls")),
    path("players/", views.player_list, name="player-list"),
    path("players/<int:pk>/", views.player_detail, name="player-detail"),
    # "export.csv" is no <int:pk>: these never clash with the game pages above.
    path("games/export.csv", views.games_export, {"fmt": "csv"}, name="games-export-csv"),
    path("games/export.json", views.games_export, {"fmt": "json"}, name="games-export-json"),
    path("games/import/", views.games_import, name="games-import"),
    path("games/<int:pk>/export.csv", views.game_export, {"fmt": "csv"}, name="game-export-csv"),
    path("games/<int:pk>/export.json", views.game_export, {"fmt": "json"}, name="game-export-json"),
]
