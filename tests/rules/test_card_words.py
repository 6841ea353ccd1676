"""Cards typed in the table's words (issue 26): the suit and rank words of a Hindi or a
Filipino table, and their common spellings in Latin letters, read as the cards they name;
and the rules' sentences said in the language of the moment.

Every expected card here is written out by hand, never computed by the code under test.
"""

from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules import text
from games.rules.budget import TooCostly
from games.rules.cards import Card, parse_card, parse_rank, read_cards, split_cards, written
from games.rules.errors import InvalidCard, RuleError
from games.rules.kind import name_seats
from games.rules.rummy_common import check_copies, seat_name
from tests.properties import tries

VS = "\ufe0f"  # emoji variation selector


def card(text: str) -> Card:
    """A card in canonical text, written out by hand ("10H", "JK")."""
    return Card("JK", "") if text == "JK" else Card(text[:-1], text[-1])


# ---------------------------------------------------------------------------
# What a scorekeeper types


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        # Hindi: a rank, then the suit, together or apart.
        ("7 पान", "7H"),
        ("7पान", "7H"),
        ("7-पान", "7H"),
        ("10  हुकुम", "10S"),
        ("इक्का हुकुम", "AS"),
        ("बादशाह पान", "KH"),
        ("बेगम ईंट", "QD"),
        ("ग़ुलाम चिड़ी", "JC"),
        # ... the suit first, as it is said: "हुकुम का इक्का" (the ace of spades).
        ("हुकुम का इक्का", "AS"),
        ("पान की बेगम", "QH"),
        ("ईंट का बादशाह", "KD"),
        ("चिड़ी के 3", "3C"),
        ("पान 7", "7H"),
        ("पान7", "7H"),
        # ... nukta or none, precomposed or not.
        ("\u095aुलाम चिड़ी", "JC"),  # ग़ as one code point
        ("ग\u093cुलाम चि\u0921\u093cी", "JC"),  # ग़ and ड़ as letter + nukta
        ("गुलाम चिडी", "JC"),
        # ... Devanagari numerals and the number cards' own names.
        ("७ ईंट", "7D"),
        ("१० पान", "10H"),
        ("२हुकुम", "2S"),
        ("दहला हुकुम", "10S"),
        ("पान का दहला", "10H"),
        ("नहला चिड़ी", "9C"),
        ("सत्ता पान", "7H"),
        ("दुक्की ईंट", "2D"),
        ("छक्का हुकुम", "6S"),
        # ... in Latin letters, any case.
        ("ikka hukum", "AS"),
        ("Ekka Hukam", "AS"),
        ("badshah paan", "KH"),
        ("Baadshah pan", "KH"),
        ("badsha-hukum", "KS"),
        ("begum eent", "QD"),
        ("begam eet", "QD"),
        ("ghulam chidi", "JC"),
        ("gulam chiri", "JC"),
        ("10 int", "10D"),
        ("3 it", "3D"),
        ("5 chidee", "5C"),
        ("6 Chiddi", "6C"),
        ("hukum ka ikka", "AS"),
        ("paan ki begum", "QH"),
        ("dahla paan", "10H"),
        ("7paan", "7H"),
        # Filipino.
        ("alas puso", "AH"),
        ("alas ng puso", "AH"),
        ("Alas-Puso", "AH"),
        ("alaspuso", "AH"),
        ("10 espada", "10S"),
        ("hari-trebol", "KC"),
        ("hari ng treból", "KC"),
        ("reyna diyamante", "QD"),
        ("reina dyamante", "QD"),
        ("sota bulaklak", "JC"),
        ("jack trebol", "JC"),
        ("7 diamante", "7D"),
        ("TREBOL 9", "9C"),
        ("puso 7", "7H"),
        ("Kpuso", "KH"),
        ("q espada", "QS"),
        ("T-puso", "10H"),
        # English words.
        ("ace of spades", "AS"),
        ("Queen of Hearts", "QH"),
        ("7 of diamonds", "7D"),
        ("king club", "KC"),
        # A rank in words with the suit's symbol right after it.
        ("इक्का♠", "AS"),
        ("बादशाह♥" + VS, "KH"),
        ("alas♥", "AH"),
        ("७♦", "7D"),
        # Spaces around the card, as always.
        ("  7 पान ", "7H"),
    ],
)
def test_a_card_in_the_tables_words_reads_as_the_card_it_names(typed, expected):
    assert parse_card(typed) == card(expected)


@pytest.mark.parametrize("typed", ["joker", "Joker", "जोकर", "JK"])
def test_the_joker_in_words(typed):
    assert parse_card(typed, jokers=True).is_joker
    with pytest.raises(InvalidCard) as caught:
        parse_card(typed)
    assert caught.value.message == "This game is played without jokers."


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("alas", "A"),
        ("इक्का", "A"),
        ("Hari", "K"),
        ("बेगम", "Q"),
        ("sota", "J"),
        ("७", "7"),
        ("१०", "10"),
        ("दहला", "10"),
        (" reyna ", "Q"),
    ],
)
def test_a_rank_alone_in_words(typed, expected):
    assert parse_rank(typed) == expected


# ---------------------------------------------------------------------------
# A hand typed in one box


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        # Words and notation mixed, apart by spaces or commas.
        ("7H 8♥ 9 पान, 10पान J-पान", ["7H", "8H", "9H", "10H", "JH"]),
        ("पान का इक्का हुकुम का बादशाह 10♦", ["AH", "KS", "10D"]),
        ("इक्का हुकुम, बादशाह हुकुम, बेगम हुकुम", ["AS", "KS", "QS"]),
        ("७ ईंट ८ ईंट ९ ईंट", ["7D", "8D", "9D"]),
        ("alas puso, 2♥, 3H, 4 ng puso", ["AH", "2H", "3H", "4H"]),
        ("hari-trebol reyna trebol sota trebol", ["KC", "QC", "JC"]),
        ("puso 7 espada 7 7♦", ["7H", "7S", "7D"]),
        ("QS,KS ,  AS", ["QS", "KS", "AS"]),
        ("", []),
    ],
)
def test_a_typed_hand_reads_card_by_card(typed, expected):
    assert read_cards(typed) == tuple(card(text) for text in expected)


@pytest.mark.parametrize(
    ("typed", "texts"),
    [
        ("7 पान 8 पान", ["7 पान", "8 पान"]),
        ("7H,8H", ["7H", "8H"]),
        ("हुकुम का इक्का 7H", ["हुकुम का इक्का", "7H"]),
        # What is no card stays apart for the error to name, with the rank it follows.
        ("7 पाण 8H", ["7 पाण", "8H"]),
        ("alas ng pusso 8H", ["alas ng pusso", "8H"]),
        ("7 8H", ["7", "8H"]),
        ("ZZ 7 पान", ["ZZ", "7 पान"]),
        ("  ", []),
    ],
)
def test_split_cards_keeps_each_cards_words_together(typed, texts):
    assert split_cards(typed) == texts


@pytest.mark.parametrize(
    "typed",
    [
        "7 पाण",  # a mistyped suit
        "alas pusso",
        "kabayo puso",  # the Spanish deck's horse is no rank here
        "kabayo",
        "puso",  # a suit without a rank
        "alas",  # a rank without a suit
        "हुकुम",
        "badshah",  # a king, and no king of hearts for its last letter
        "alasH",  # a suit letter belongs to the notation
        "7 H",  # ... and is never apart from its rank
        "Q ♥",  # a symbol never stands apart
        "alas ♥",
        "♥ alas",  # ... nor before the rank
        "♥7",
        "HK",
        "7 ng",
        "7 ng ng puso",
        "puso puso",
        "7 8 पान",
        "१ पान",  # the ace is इक्का, not one
        "7 पान 8 पान",  # two cards are no card
        "7\tपान",  # only spaces and hyphens are between a card's words
        "9" * 4300,  # a number pasted for a card (the fuzz tests' own)...
        "इक्का\u200dपान" * 300,  # ... or a card's words over and over, as one word
    ],
)
def test_no_card_in_words_is_refused_by_name(typed):
    with pytest.raises(InvalidCard) as caught:
        parse_card(typed, player="Ann")
    assert caught.value.message.startswith(f"“{typed.strip(' ')}” is not a card")
    assert caught.value.player == "Ann"


@pytest.mark.parametrize(
    ("typed", "named"),
    [
        ("7 पाण 8 पान", "“7 पाण” is not a card"),
        ("alas puso 7", "“7” is not a card"),
        ("7H kabayo puso", "“kabayo” is not a card"),
        ("alas ng pusso", "“alas ng pusso” is not a card"),
    ],
)
def test_a_mistyped_hand_names_the_card_as_typed(typed, named):
    with pytest.raises(InvalidCard) as caught:
        read_cards(typed, player=1)
    assert caught.value.message.startswith(named)
    assert caught.value.player == 1


# ---------------------------------------------------------------------------
# Every spelling of every card


RANK_SPELLINGS = {
    "A": ["A", "ace", "alas", "इक्का", "एक्का", "ikka", "ekka"],
    "2": ["2", "२", "दुक्की", "दुग्गी", "dukki", "duggi"],
    "3": ["3", "३", "तिक्की", "तिग्गी", "tikki", "tiggi"],
    "4": ["4", "४", "चौका", "chauka", "chowka"],
    "5": ["5", "५", "पंजा", "panja"],
    "6": ["6", "६", "छक्का", "chhakka", "chakka"],
    "7": ["7", "७", "सत्ता", "satta"],
    "8": ["8", "८", "अट्ठा", "attha", "atha"],
    "9": ["9", "९", "नहला", "nahla", "nehla"],
    "10": ["10", "T", "१०", "दहला", "dahla", "dehla"],
    "J": ["J", "jack", "sota", "ग़ुलाम", "गुलाम", "ghulam", "gulam"],
    "Q": ["Q", "queen", "reyna", "reina", "बेगम", "begum", "begam"],
    "K": ["K", "king", "hari", "बादशाह", "बादशा", "badshah", "badsha", "baadshah"],
}
SUIT_SPELLINGS = {
    "H": ["hearts", "heart", "puso", "पान", "paan", "pan"],
    "S": ["spades", "spade", "espada", "हुकुम", "हुकम", "hukum", "hukam"],
    "D": [
        *("diamonds", "diamond", "diyamante", "dyamante", "diamante"),
        *("ईंट", "eent", "eet", "int", "it"),
    ],
    "C": [
        *("clubs", "club", "trebol", "treból", "bulaklak"),
        *("चिड़ी", "चिडी", "chidi", "chiri", "chidee", "chiddi"),
    ],
}
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
NOTATION = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "T", "J", "Q", "K"]
JOINING = ["of", "ng", "का", "की", "के", "ka", "ki", "ke"]


@st.composite
def spelled(draw: st.DrawFn) -> tuple[Card, str]:
    """A card and one way a table may type it in words."""
    rank = draw(st.sampled_from(list(RANK_SPELLINGS)))
    suit = draw(st.sampled_from(list(SUIT_SPELLINGS)))
    said_rank = draw(st.sampled_from(RANK_SPELLINGS[rank]))
    said_rank = "".join(
        letter.upper() if draw(st.booleans()) else letter.lower() for letter in said_rank
    )
    if said_rank.upper() not in NOTATION and draw(st.booleans()):
        # A rank in words takes the suit's symbol right after it.
        return Card(rank, suit), said_rank + SYMBOLS[suit] + draw(st.sampled_from(["", VS]))
    said_suit = draw(st.sampled_from(SUIT_SPELLINGS[suit]))
    said_suit = "".join(
        letter.upper() if draw(st.booleans()) else letter.lower() for letter in said_suit
    )
    between = draw(
        st.sampled_from(["", " ", "  ", "-", " - "])
        | st.sampled_from(JOINING).map(lambda word: f" {word} ")
    )
    first, second = (said_rank, said_suit) if draw(st.booleans()) else (said_suit, said_rank)
    return Card(rank, suit), first + between + second


@tries(1000)
@given(spelled())
def test_every_card_in_any_of_its_spellings_reads_as_that_card(written):
    expected, typed = written
    assert parse_card(typed) == expected


@tries(300)
@given(st.lists(spelled(), max_size=8), st.data())
def test_a_hand_typed_in_any_spellings_reads_back_card_by_card(hand, data):
    typed = ""
    for _, said in hand:
        typed += said + data.draw(st.sampled_from([" ", ", ", ",", "  "]))
    assert read_cards(typed) == tuple(expected for expected, _ in hand)


# ---------------------------------------------------------------------------
# Said in the language of the moment


@pytest.fixture
def hindi(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A few of the rules' sentences in Hindi, as the app's catalogue would say them."""
    said = {
        "seat {seat}": "सीट {seat}",
        "“{card}” is not a card: write a rank (A, 2–10, J, Q, K) then a suit "
        "(S, H, D, C), like 10H or QS.": "“{card}” कोई पत्ता नहीं है।",
    }
    monkeypatch.setattr(text, "_gettext", lambda message: said.get(message, message))
    yield


def test_an_error_is_said_in_the_language_it_is_made_in(hindi):
    with pytest.raises(InvalidCard) as caught:
        parse_card("7 पाण")
    assert caught.value.message == "“7 पाण” कोई पत्ता नहीं है।"
    assert seat_name(2) == "सीट 2"


def test_the_table_names_seats_said_in_any_language(hindi):
    names = ["Ann", "Ben", "Cy"]
    assert name_seats("सीट 1 का 7♥ पहले से सीट 0 के पत्तों में है", names) == (
        "Ben का 7♥ पहले से Ann के पत्तों में है"
    )
    # English said before (a stored sentence) is still named.
    assert name_seats("Seat 2's hand, seat 1's cards", names) == "Cy's hand, Ben's cards"
    # A seat beyond the table stays as said.
    assert name_seats("सीट 7", names) == "सीट 7"


def test_seats_said_in_filipino_in_either_case(monkeypatch):
    said = {"seat {seat}": "upuan {seat}"}
    monkeypatch.setattr(text, "_gettext", lambda message: said.get(message, message))
    assert name_seats("Upuan 1: ang 7♥ ay nasa baraha na ng upuan 0", ["Ann", "Ben"]) == (
        "Ben: ang 7♥ ay nasa baraha na ng Ann"
    )
    assert name_seats("upuan 12", ["Ann"]) == "upuan 12"


def test_a_copy_too_many_names_the_seats_so_that_the_table_can_name_the_players():
    with pytest.raises(RuleError) as caught:
        check_copies([(0, [card("7H")]), (1, [card("7H")])], decks=1)
    assert name_seats(caught.value.message, ["Ann", "Ben"]) == (
        "Ben's 7♥ is already in Ann's cards; only one deck is in play."
    )


def test_a_lazy_sentence_is_said_when_the_error_is_made(monkeypatch):
    monkeypatch.setattr(text, "_gettext", str.upper)
    error = RuleError(text.gettext_lazy("Not a card."))
    assert error.message == "NOT A CARD."
    assert type(error.message) is str
    assert TooCostly().message.startswith("THIS REQUEST ASKS")


@pytest.mark.parametrize(
    ("typed", "notation"),
    [
        ("7 पान, alas puso", "7H AH"),
        ("हुकुम का इक्का 10S", "AS 10S"),
        ("hari-trebol  reyna ng diyamante", "KC QD"),
        ("7H 8♥", "7H 8H"),
        # What is no card stays as typed, for the rules to refuse by name.
        ("7 पाण 9C", "7 पाण 9C"),
        ("zz", "zz"),
        ("", ""),
    ],
)
def test_a_typed_hand_is_written_in_the_cards_notation(typed: str, notation: str) -> None:
    assert written(typed) == notation
