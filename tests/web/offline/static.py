"""A static file changed, as a deploy brings one: the service worker's version follows
from the files it keeps, so the tests here and in tests/browser change one."""

from pathlib import Path

from django.contrib.staticfiles import finders


def new_stylesheet(settings, folder: Path, rule: str) -> None:
    """A new version of site.css, with `rule` added, found before the real one."""
    original = finders.find("games/site.css")
    assert isinstance(original, str)
    css = folder / "games" / "site.css"
    css.parent.mkdir()
    css.write_text(f"{Path(original).read_text()}\n{rule}\n")
    settings.STATICFILES_DIRS = [folder, *settings.STATICFILES_DIRS]
