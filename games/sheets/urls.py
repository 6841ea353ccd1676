from django.urls import path

from games.sheets import views

urlpatterns = [
    path("sheets/blank.pdf", views.blank_sheet_chosen, name="blank-sheet-chosen"),
    path("sheets/<slug:kind>/blank.pdf", views.blank_sheet, name="blank-sheet-of"),
    path("games/<int:pk>/sheet.pdf", views.game_sheet, name="game-sheet"),
]
