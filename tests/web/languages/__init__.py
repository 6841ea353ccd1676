"""The app in the table's own language: its catalogues, pages, sheets and API."""

from django.conf import settings

# The languages the app is translated into: every one it offers but its own, English.
TRANSLATED = [code for code, _ in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
