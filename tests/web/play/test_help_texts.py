"""Every form's help under the id its input names in aria-describedby: a box whose
description points at nothing tells a screen reader nothing, and axe flags it for review."""

import re

import pytest

from tests.web.pages import text

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "path",
    [
        "/calculator/",
        "/games/new/",
        "/games/new/?kind=rummy",
        "/games/paper/?kind=indian-chief",
        "/games/import/",
        "/accounts/signup/",
    ],
)
def test_each_box_described_has_its_description_on_the_page(client, path):
    html = text(client.get(path))

    described = re.findall(r'aria-describedby="([^"]+)"', html)
    assert described, f"{path} describes no box"
    for target in (id_ for ids in described for id_ in ids.split()):
        assert f'id="{target}"' in html, f"{path}: nothing has the id {target}"
