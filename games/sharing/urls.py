from django.urls import path

from games.sharing import views

urlpatterns = [
    path("games/<int:pk>/share/", views.game_share, name="game-share"),
    path("games/<int:pk>/scorekeepers/", views.game_scorekeepers, name="game-scorekeepers"),
    path("games/<int:pk>/leave/", views.game_leave, name="game-leave"),
    path("invitations/<int:pk>/", views.invitation_answer, name="invitation-answer"),
    path("live/<str:token>/", views.shared_game, name="shared-game"),
]
