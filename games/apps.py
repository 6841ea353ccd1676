from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"

    def ready(self) -> None:
        # Connects the login signal that moves a browser's games to its account.
        from games.accounts import views  # noqa: F401
