"""Sheets in the table's language: Hindi in Devanagari, Filipino, each kept apart.

They read the project's compiled catalogues (locale/<language>/LC_MESSAGES/django.mo): a
sheet that comes out in English fails them.
"""

import io

import pytest
from pypdf import PdfReader

from tests.web.play.hands import save_hand, start
from tests.web.sheets.pdfs import pdf_text, save_first_page_png

pytestmark = pytest.mark.django_db

HINDI = {"HTTP_ACCEPT_LANGUAGE": "hi"}
FILIPINO = {"HTTP_ACCEPT_LANGUAGE": "fil"}
UNCOMPILED = "is the Hindi catalogue compiled (manage.py compilemessages)?"


def fonts(reader: PdfReader) -> set[str]:
    """The names of the fonts embedded in the PDF's pages, without their subset tags."""
    return {
        str(font.get_object()["/BaseFont"]).split("+")[-1]
        for page in reader.pages
        for font in page["/Resources"]["/Font"].values()
    }


def indian_rummy_game(client):
    """Ann and Ben's Indian Rummy to 500 without jokers: Ann declares hand 1."""
    game = start(client, "indian-rummy", ["Ann", "Ben"], jokers="", target_score=500)
    save_hand(client, game, ["", "2H 3H 4H 5S 7D 9C JC QD KS AS 8C 6D 10S"], winner=0)
    return game


def test_a_filled_indian_rummy_sheet_in_hindi_is_printed_in_devanagari(client):
    game = indian_rummy_game(client)

    response = client.get(f"/games/{game.pk}/sheet.pdf", **HINDI)

    assert response.status_code == 200
    reader, text = pdf_text(response)
    # The words the sheet prints in Hindi, as pypdf reads them back. Devanagari's shaping
    # can reorder or split a word in extracted text (the vowel sign of "कुल" comes out
    # apart from its letter, "दिए" loses its i-sign), so these are pieces that survive:
    # "हर हाथ का स्कोर कैसे बना" (how each hand was scored) and "हाथ 1" (Hand 1).
    assert "हर हाथ का स्कोर" in text, f"{UNCOMPILED}\n{text}"
    assert "हाथ 1" in text, text
    assert "How each hand was scored" not in text
    # Names and cards stay as entered: Latin letters and the suits' symbols.
    assert "Ann" in text and "2♥ 3♥ 4♥" in text
    # Devanagari comes from Noto Sans Devanagari (fonts-noto-core), the rest from DejaVu.
    assert {"Noto-Sans-Devanagari", "DejaVu-Sans"} <= fonts(reader)
    save_first_page_png(response.content, "filled-indian-rummy-hi")


def test_a_blank_sheet_in_hindi_has_its_words_and_its_reference_page(client):
    response = client.get("/sheets/indian-chief/blank.pdf", {"players": 4}, **HINDI)

    reader, _ = pdf_text(response)
    assert len(reader.pages) == 2
    # "Indian Chief एक नज़र में": the game's name stays, the rest is Hindi.
    reference = reader.pages[1].extract_text()
    assert "Indian Chief एक न" in reference, f"{UNCOMPILED}\n{reference}"
    assert "at a glance" not in reference
    assert "Noto-Sans-Devanagari" in fonts(reader)
    save_first_page_png(response.content, "blank-indian-chief-hi")


def test_a_blank_tong_its_sheet_in_filipino(client):
    response = client.get("/sheets/tong-its/blank.pdf", {"players": 3}, **FILIPINO)

    _, text = pdf_text(response)
    words = text.split()
    assert "Kabuuan" in words and "Petsa" in words, text
    assert "Total" not in words and "Date" not in words
    save_first_page_png(response.content, "blank-tong-its-fil")


def test_each_language_has_its_own_blank_sheet_and_reference_page(client, renders):
    query = {"players": 3, "paper": "letter"}

    english = client.get("/sheets/indian-chief/blank.pdf", query)
    hindi = client.get("/sheets/indian-chief/blank.pdf", query, **HINDI)
    again = client.get("/sheets/indian-chief/blank.pdf", query)

    assert again.content == english.content
    assert hindi.content != english.content
    assert hindi["ETag"] != english["ETag"]
    # A grid and a reference page in each language; the English ones once.
    assert sorted(renders) == [
        "sheets/indian_chief_reference.html",
        "sheets/indian_chief_reference.html",
        "sheets/sheet.html",
        "sheets/sheet.html",
    ]
    # The answers say that they depend on the language asked for.
    assert "Accept-Language" in hindi["Vary"]


def test_each_language_has_its_own_filled_sheet(client, renders):
    game = indian_rummy_game(client)
    url = f"/games/{game.pk}/sheet.pdf"

    english = client.get(url)
    hindi = client.get(url, **HINDI)
    # A phone holding the English sheet asks in Hindi: it gets the Hindi one, not a 304.
    switched = client.get(url, headers={"If-None-Match": english["ETag"]}, **HINDI)

    assert len(renders) == 2
    assert hindi.content != english.content
    assert switched.status_code == 200 and switched.content == hindi.content
    _, text = pdf_text(english)
    assert "How each hand was scored" in text
    assert "Noto-Sans-Devanagari" not in fonts(PdfReader(io.BytesIO(english.content)))
