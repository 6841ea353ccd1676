from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self) -> None:
        from django.utils.translation import gettext, ngettext, pgettext

        # Connects the login signal that moves a browser's games to its account.
        from games.accounts import views  # noqa: F401
        from games.rules import text

        # The rules say their sentences in the language of the request asking.
        text.install(gettext, ngettext, pgettext)
