"""The home page, plain and through htmx, served under the Content Security Policy."""

import pytest

from games.rules.indian_chief import Meld


@pytest.mark.parametrize("headers", [{}, {"HX-Request": "true"}], ids=["plain", "htmx"])
def test_home_lists_the_seven_melds(client, headers):
    response = client.get("/", headers=headers)

    assert response.status_code == 200
    page = response.content.decode()
    for meld in Meld:
        assert meld.label in page


def test_home_is_served_with_a_strict_content_security_policy(client):
    policy = client.get("/").headers["Content-Security-Policy"]

    assert "script-src 'self'" in policy
    assert "style-src 'self'" in policy
    assert "unsafe-inline" not in policy


def test_htmx_is_served_locally_and_sends_the_csrf_token(client):
    page = client.get("/").content.decode()

    assert "/static/django_htmx/htmx" in page
    assert 'hx-headers=\'{"x-csrftoken": "' in page
    assert "<script>" not in page and "style=" not in page


def test_home_only_answers_get(client):
    assert client.post("/").status_code == 405
