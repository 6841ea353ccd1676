from django.urls import path

from games import api, views

urlpatterns = [
    path("", views.home, name="home"),
    path("api/indian-chief/meld", api.indian_chief_meld, name="api-indian-chief-meld"),
    path("api/indian-chief/round", api.indian_chief_round, name="api-indian-chief-round"),
    path("api/indian-chief/game", api.indian_chief_game, name="api-indian-chief-game"),
]
