from django.contrib import admin
from django.urls import include, path

from games.accounts.forms import ThrottledAdminLoginForm
from games.accounts.views import choose_language

# The admin's login counts failures as the site's does.
admin.site.login_form = ThrottledAdminLoginForm

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("games.accounts.urls")),
    # The language switcher every page has, with or without an account.
    path("language/", choose_language, name="language"),
    path("", include("games.urls")),
]
