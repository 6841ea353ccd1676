from django.urls import path

from games.history import views

urlpatterns = [
    path("games/", views.game_list, name="game-list"),
    path("games/deleted/", views.deleted_games, name="games-deleted"),
    path("games/<int:pk>/delete/", views.game_delete, name="game-delete"),
    path("games/<int:pk>/restore/", views.game_restore, name="game-restore"),
    path("players/", views.player_list, name="player-list"),
    path("players/<int:pk>/", views.player_detail, name="player-detail"),
]
