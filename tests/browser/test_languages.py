"""The table's own language on a phone: a hand of Tong-Its in Filipino and a deal of Indian
Rummy in Hindi, at 390×844, each page checked by axe.

The phone asks for its language as a phone set to it does (`Accept-Language`), and the
cards are typed in the table's words. What the pages should say is taken from the
catalogue (`tr`), and checked to be no longer the English: a sentence the catalogue lacks,
or a page that forgot to translate it, fails.
"""

import re

import pytest
from django.utils import translation
from playwright.sync_api import Locator, Page, expect

from tests.browser.table import answer, check_page_is_clean, messages, settled, watch_console

pytestmark = pytest.mark.browser


def tr(language: str, message: str, **values: object) -> str:
    """`message` as the catalogue says it in `language`, filled in. A sentence is never
    the English; a word may be, where the table uses the English word ("Scoreboard")."""
    with translation.override(language):
        said = translation.gettext(message)
    assert said != message or " " not in message, f"{message!r} is not in {language}"
    return said.format(**values)


def new_game(phone: Page, url: str, kind: str, names: list[str], language: str) -> None:
    phone.goto(f"{url}/games/new/?kind={kind}")
    expect(phone.locator("html")).to_have_attribute("lang", language)
    for seat, name in enumerate(names, start=1):
        # A seat's box offers the names used before: a combo box, named by its seat.
        said = tr(language, "Seat {number}", number=seat)
        phone.get_by_role("combobox", name=re.compile(rf"^{re.escape(said)}\b")).fill(name)
    phone.get_by_role("button", name=tr(language, "Start the game")).click()
    phone.wait_for_url(re.compile(r"/games/\d+/rounds/new/$"))
    settled(phone)


def hand(phone: Page, language: str, name: str) -> Locator:
    """The cards in a player's hand, each a button that takes it out again."""
    remove = re.escape(tr(language, "Remove {card}", card="CARD")).replace("CARD", ".+")
    player = phone.get_by_role("region", name=name, exact=True)
    return player.get_by_role("button", name=re.compile(rf"^{remove}$"))


def type_cards(phone: Page, language: str, name: str, cards: str) -> None:
    """Type a player's cards in the box under their name, as the table says them."""
    player = phone.get_by_role("region", name=name, exact=True)
    box = player.get_by_label(
        tr(language, "%(name)s's cards as text, like 7H 10S") % {"name": name}
    )
    # The box is shut away unless the server opened it to show an error there.
    if not box.is_visible():
        player.get_by_text(tr(language, "Type the cards instead")).click()
    box.fill(cards)
    box.press("Enter")
    settled(phone)


def choice(phone: Page, language: str, question: str, option: str) -> Locator:
    """An answer about the hand: `option` (a player's name, or the catalogue's words)."""
    group = phone.get_by_role("group", name=tr(language, question))
    return group.get_by_label(option, exact=True)


def test_a_hand_of_tong_its_in_filipino(live_server, phone, checked, screenshot):
    manila = phone(locale="fil-PH")
    errors = watch_console(manila)
    new_game(manila, live_server.url, "tong-its", ["Ana", "Ben", "Carlo"], "fil")
    expect(manila.get_by_role("heading", level=1)).to_contain_text(
        tr("fil", "Hand {number}", number=1)
    )
    checked("tong-its hand, empty, in Filipino", on=manila)

    # Ana calls tongit; Ben holds K♠ 4♦ and Carlo 9♣, typed in Filipino words.
    tongit = tr("fil", "Tongit (no cards left)")
    answer(manila, choice(manila, "fil", "How the hand ended", tongit))
    answer(manila, choice(manila, "fil", "Who called it", "Ana"))
    type_cards(manila, "fil", "Ben", "hari espada 4 ng diyamante")
    type_cards(manila, "fil", "Carlo", "9 trebol")
    expect(hand(manila, "fil", "Ben")).to_have_text(["K♠", "4♦"])
    expect(hand(manila, "fil", "Carlo")).to_have_text(["9♣"])
    screenshot(manila, "tong-its-hand-entered-fil")
    checked("tong-its hand, entered, in Filipino", on=manila)

    manila.get_by_role("button", name=tr("fil", "Save hand {number}", number=1)).click()
    manila.wait_for_url(re.compile(r"/games/\d+/$"))
    expect(messages(manila)).to_contain_text(tr("fil", "Hand {number} saved.", number=1))
    board = manila.get_by_role("region", name=tr("fil", "Scoreboard")).get_by_role("table")
    expect(board.locator("tbody").get_by_role("row")).to_have_count(1)
    expect(board).to_contain_text(tr("fil", "Total (%(unit)s)") % {"unit": tr("fil", "chips")})
    screenshot(manila, "tong-its-game-fil")
    checked("tong-its game page, in Filipino", on=manila)
    check_page_is_clean(manila, errors)


def test_a_deal_of_indian_rummy_in_hindi(live_server, phone, checked, screenshot):
    pune = phone(locale="hi-IN")
    errors = watch_console(pune)
    new_game(pune, live_server.url, "indian-rummy", ["अनु", "Ben"], "hi")
    checked("indian rummy deal, empty, in Hindi", on=pune)

    # अनु declares; Ben shows 2♥ 3♥ 4♥ (a pure sequence) and ten cards that meld nothing,
    # some typed in Hindi words.
    answer(pune, choice(pune, "hi", "Who declared", "अनु"))
    type_cards(pune, "hi", "Ben", "2 पान 3 पान 4 पान 5S 7D 9C ग़ुलाम चिड़ी QD KS इक्का हुकुम 8C 6D 10S")
    shown = ["2♥", "3♥", "4♥", "5♠", "7♦", "9♣", "J♣", "Q♦", "K♠", "A♠", "8♣", "6♦", "10♠"]
    expect(hand(pune, "hi", "Ben")).to_have_text(shown)
    screenshot(pune, "indian-rummy-deal-entered-hi")
    checked("indian rummy deal, entered, in Hindi", on=pune)

    pune.get_by_role("button", name=tr("hi", "Save hand {number}", number=1)).click()
    pune.wait_for_url(re.compile(r"/games/\d+/$"))
    expect(messages(pune)).to_contain_text(tr("hi", "Hand {number} saved.", number=1))
    board = pune.get_by_role("region", name=tr("hi", "Scoreboard")).get_by_role("table")
    expect(board.get_by_role("row", name=re.compile(rf"^{tr('hi', 'Total')}"))).to_be_visible()
    screenshot(pune, "indian-rummy-game-hi")
    checked("indian rummy game page, in Hindi", on=pune)
    check_page_is_clean(pune, errors)
