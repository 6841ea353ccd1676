from django.urls import path

from games.play import entry, steals, views

urlpatterns = [
    path("", views.home, name="home"),
    path("rules/", views.rules, name="rules"),
    path("calculator/", views.calculator, name="calculator"),
    path("games/new/", views.game_new, name="game-new"),
    path("games/paper/", views.paper_game_new, name="paper-game-new"),
    path("games/<int:pk>/", views.game_detail, name="game-detail"),
    path("games/<int:pk>/rounds/new/", entry.round_new, name="round-new"),
    path("games/<int:pk>/rounds/new/taps/", entry.round_taps, name="round-new-taps"),
    path("games/<int:pk>/rounds/<int:number>/", entry.round_edit, name="round-edit"),
    path("games/<int:pk>/rounds/<int:number>/taps/", entry.round_taps, name="round-taps"),
    path("games/<int:pk>/rounds/<int:number>/steals/", steals.steals, name="steals"),
    path("games/<int:pk>/undo/", views.round_undo, name="round-undo"),
    path("games/<int:pk>/finish/", views.game_finish, name="game-finish"),
    path("games/<int:pk>/reopen/", views.game_reopen, name="game-reopen"),
    path("games/<int:pk>/rules/", views.game_rules, name="game-rules"),
    path("games/<int:pk>/abandon/", views.game_abandon, name="game-abandon"),
]
