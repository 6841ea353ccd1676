"""The static files in production: named by their contents and stored compressed."""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticFiles(CompressedManifestStaticFilesStorage):
    """static/games/table.js imports the other modules: their names in it are hashed too,
    so that a browser never runs a changed module's old copy kept under the plain name."""

    support_js_module_import_aggregation = True
