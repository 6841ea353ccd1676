"""A card tap with JavaScript: the phone applies it to its form, and the server answers with
only the previews that changed and the cards the picker has no more of."""

import re

import pytest
from django.urls import reverse

from tests.factories import start
from tests.web.pages import HTMX, Table, read_form, shown, text

pytestmark = pytest.mark.django_db


def tap(client, url: str, cards: list[str], active: int, digests: dict[str, str]):
    """The post picker.js sends after applying a tap: the fields, and what each seat shows,
    to the round's tap address (`url`, its entry address's `taps/`)."""
    data = {"active": str(active), "token": "", "version": "0"}
    data |= {f"cards_{seat}": text_ for seat, text_ in enumerate(cards)}
    data |= {f"shown_{seat}": digest for seat, digest in digests.items()}
    return client.post(f"{url}taps/", data, headers=HTMX)


def test_a_tap_answers_only_the_preview_it_changed_and_what_is_taken(client):
    game = start(["Ann", "Ben", "Cleo"])
    url = reverse("round-new", args=[game.pk])
    page = text(client.get(url))
    digests = shown(page)
    assert set(digests) == {"0", "1", "2"}

    # Ann gets K♣: her preview changes (a Thief), nobody else's; with one deck K♣ is gone.
    response = tap(client, url, ["KC", "", ""], 0, digests)

    answer = text(response)
    assert response.status_code == 200
    assert response["HX-Reswap"] == "none"
    assert set(shown(answer)) == {"0"} and shown(answer)["0"] != digests["0"]
    assert 'id="meld-0" hx-swap-oob="true"' in answer
    assert re.search(r'class="dock-count made" id="count-0"[^>]*hx-swap-oob="true">1<', answer)
    assert "Thief" in answer and "Ben" not in answer
    assert re.search(r'id="picker-taken" hidden data-cards="KC" hx-swap-oob="true"', answer)
    assert "<form" not in answer and len(response.content) < 2048


def test_the_same_tap_again_changes_nothing_but_the_picker(client):
    game = start(["Ann", "Ben", "Cleo"])
    url = reverse("round-new", args=[game.pk])
    first = text(tap(client, url, ["KC", "", ""], 0, shown(text(client.get(url)))))
    digests = shown(text(client.get(url))) | shown(first)

    again = text(tap(client, url, ["KC", "", ""], 0, digests))

    assert shown(again) == {}
    assert 'id="picker-taken"' in again


def test_choosing_another_player_moves_the_to_make_chips_with_them(client):
    # Indian Chief shows what the active player still has to make, under their cards.
    game = start(["Ann", "Ben", "Cleo"])
    url = reverse("round-new", args=[game.pk])
    digests = shown(text(client.get(url)))

    answer = text(tap(client, url, ["", "", ""], 1, digests))

    assert set(shown(answer)) == {"0", "1"}
    ben = re.search(r'id="preview-1".*?</div>', answer, re.S).group(0)
    ann = re.search(r'id="preview-0".*?</div>', answer, re.S).group(0)
    assert 'class="remaining"' in ben and 'class="remaining"' not in ann


def test_a_tap_on_a_form_showing_errors_gets_the_whole_form_back(client):
    # A form showing a refused save's errors posts whole to its own address, the tap
    # already applied (the phone sends no button), so that the next tap clears them.
    game = start(["Ann", "Ben", "Cleo"])
    url = reverse("round-new", args=[game.pk])
    data = {"active": "0", "token": "", "version": "0", "cards_0": "KC"}

    response = client.post(url, data, headers=HTMX)

    assert "HX-Reswap" not in response
    page = text(response)
    assert '<form class="round-entry"' in page
    assert re.search(r'name="cards_0" value="KC"', page)


def test_without_javascript_a_tap_still_posts_the_whole_form(client):
    game = start(["Ann", "Ben", "Cleo"])
    table = Table(client, reverse("round-new", args=[game.pk]))

    table.pick("K♣")

    assert table.cards(0) == "KC" and table.preview(0) == ("Thief", 10)
    assert "K♣" not in {b.text for b in table.form.buttons if b.name == "add" and not b.disabled}


def test_a_card_past_where_a_player_looked_complete_is_said_once_without_javascript(client):
    # Ann's Thief and Ben's Beggar Man are in; the scorekeeper fixes Ann's card and goes on
    # tapping Cleo's Poor Man without naming Cleo: its first card is said, in the picker.
    game = start(["Ann", "Ben", "Cleo"])
    table = Table(client, reverse("round-new", args=[game.pk]))
    table.pick("K♣").enter("Ben", "7♥", "7♠").unpick(0, "K♣").pick("Q♣")
    assert table.note() == "" and table.count(0) == (1, "made")

    table.pick("2♠")

    assert table.cards(0) == "QC 2S" and table.preview(0) == ("Beggar Man", 0)
    assert table.note() == "Ann looked done at 1: is this card Ann's?"
    table.pick("3♠")
    assert table.cards(0) == "QC 2S 3S" and table.note() == ""
    # Taken back out, the cards go to Cleo, and nothing is lost.
    table.unpick(0, "3♠").unpick(0, "2♠").enter("Cleo", "2♠", "3♠", "4♠")
    assert [table.cards(seat) for seat in range(3)] == ["QC", "7H 7S", "2S 3S 4S"]
    assert table.note() == ""


def test_each_round_entry_names_its_own_tap_address(client):
    game = start(["Ann", "Ben", "Cleo"], rounds=[["KH KC", "KS 9S 2D", "QD 8H 6C AC"]])
    new, edit = reverse("round-new", args=[game.pk]), reverse("round-edit", args=[game.pk, 1])
    # Ann's Beggar Man Q♥ Q♣ previews as the round at each address: a second Beggar Man
    # in round 2, her own meld again in round 1.
    for url, repeated in ((new, True), (edit, False)):
        page = text(client.get(url))
        assert f'data-taps="{url}taps/"' in page
        answer = text(tap(client, url, ["QH QC", "", ""], 0, shown(page)))
        assert "Beggar Man" in answer
        assert ("Ann already made Beggar Man" in answer) is repeated


@pytest.mark.parametrize("left", ["0:²", "0:-1", "9:1", "0:99", "x", "0:1:2", ":"])
def test_counts_kept_that_no_tap_made_are_left_out(client, left):
    # A crafted `left` is not the phone's: whatever it holds, the tap is applied.
    game = start(["Ann", "Ben", "Cleo"])
    data = {"token": "", "version": str(game.version), "active": "0", "left": left}
    response = client.post(reverse("round-new", args=[game.pk]), data | {"add": "KC"})

    assert response.status_code == 200
    assert read_form(text(response), reverse("round-new", args=[game.pk])).fields["cards_0"] == "KC"
