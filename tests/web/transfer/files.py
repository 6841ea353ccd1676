"""A games file out and back in, as the pages give and take it: an export's content, an
upload to the import page, and the games an exported JSON file holds."""

import json

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse


def export(client, url_name: str, *args) -> bytes:
    response = client.get(reverse(url_name, args=args))
    assert response.status_code == 200, response
    return response.content


def upload(client, content: bytes, name: str = "scorekeeper-games.json"):
    file = SimpleUploadedFile(name, content, content_type="application/json")
    return client.post(reverse("games-import"), {"file": file})


def games_of(document: bytes) -> list[dict]:
    """The games of an exported JSON file (the export time differs between exports)."""
    data = json.loads(document)
    assert (data["format"], data["version"]) == ("scorekeeper-games", 1)
    return data["games"]
