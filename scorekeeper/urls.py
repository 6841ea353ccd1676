from django.contrib import admin
from django.urls import include, path

from games.accounts.forms import ThrottledAdminLoginForm

# The admin's login counts failures as the site's does.
admin.site.login_form = ThrottledAdminLoginForm

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("games.accounts.urls")),
    path("", include("games.urls")),
]
