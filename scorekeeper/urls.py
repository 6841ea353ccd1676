from django.contrib import admin
from django.urls import include, path

from games import accounts

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include(accounts.urlpatterns)),
    path("", include("games.urls")),
]
