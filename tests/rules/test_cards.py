"""Card notation (rules spec §1, api.md §1.2): parsing, values, display and copy limits.

Every expected value here is written out by hand from the spec, never computed by the code
under test.
"""

import pytest

from games.rules.cards import (
    Card,
    check_copies,
    copy_problems,
    parse_card,
    parse_cards,
    parse_rank,
    show,
)
from games.rules.errors import DuplicateCard, InvalidCard, RuleError

VS = "\ufe0f"  # emoji variation selector

ALL_RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
ALL_SUITS = ["S", "H", "D", "C"]


# ---------------------------------------------------------------------------
# Parsing


@pytest.mark.parametrize("rank", ALL_RANKS)
@pytest.mark.parametrize("suit", ALL_SUITS)
def test_every_canonical_card_parses_to_itself(rank, suit):
    card = parse_card(rank + suit)
    assert card == Card(rank, suit)
    assert str(card) == rank + suit


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        # any letter case
        ("kd", "K", "D"),
        ("Kd", "K", "D"),
        ("kD", "K", "D"),
        ("as", "A", "S"),
        ("qh", "Q", "H"),
        ("jc", "J", "C"),
        ("10h", "10", "H"),
        # T or t for ten
        ("TH", "10", "H"),
        ("th", "10", "H"),
        ("tS", "10", "S"),
        ("Tc", "10", "C"),
        # suit symbols, without the variation selector
        ("Q♥", "Q", "H"),
        ("A♠", "A", "S"),
        ("7♦", "7", "D"),
        ("2♣", "2", "C"),
        ("10♥", "10", "H"),
        ("T♠", "10", "S"),
        ("k♦", "K", "D"),
        # suit symbols with U+FE0F right after the symbol
        ("Q♥" + VS, "Q", "H"),
        ("A♠" + VS, "A", "S"),
        ("7♦" + VS, "7", "D"),
        ("2♣" + VS, "2", "C"),
        ("t♥" + VS, "10", "H"),
        ("10♣" + VS, "10", "C"),
        # spaces before or after
        (" 7H", "7", "H"),
        ("7H ", "7", "H"),
        ("  10S  ", "10", "S"),
        (" q♥" + VS + " ", "Q", "H"),
        ("  th ", "10", "H"),
    ],
)
def test_friendly_variants_parse_to_the_canonical_card(text, rank, suit):
    card = parse_card(text)
    assert card == Card(rank, suit)
    assert str(card) == rank + suit


@pytest.mark.parametrize(
    "text",
    [
        "1C",  # the ace is A
        "12S",
        "0H",
        "QX",
        "7",  # no suit
        "9",
        "XX",
        "RED",
        "7 H",  # inner space
        "7ſ",  # long s: upper-cases to S in Unicode, but is not a suit letter
        "\tKS",  # only spaces may surround a card
        "\u00a0KS\u3000",
        "ǩS",  # a non-ASCII letter is never a rank
        "10 H",
        "Q ♥",
        "",
        " ",
        "JK",  # no jokers in Indian Chief
        "jk",
        "11H",
        "1H",
        "10",
        "H",
        "♥",
        "HQ",
        "♥Q",
        "10HH",
        "AS♠",
        "QH" + VS,  # the selector is only ignored right after a suit symbol
        "Q♥" + VS + VS,
        VS + "Q♥",
        "Q" + VS + "♥",
        "Q♡",  # not one of the four suit symbols
        "TT",
        "T10H",
        "1OH",  # letter O
        "AH,",
    ],
)
def test_rejected_text_is_invalid_card(text):
    with pytest.raises(InvalidCard) as caught:
        parse_card(text)
    assert caught.value.code == "invalid_card"
    assert isinstance(caught.value, RuleError)
    assert caught.value.message


def test_joker_is_a_card_only_where_jokers_are_allowed():
    assert parse_card("JK", jokers=True).is_joker
    assert parse_card("jk", jokers=True).is_joker
    assert not parse_card("JS", jokers=True).is_joker
    with pytest.raises(InvalidCard):
        parse_card("JK")


def test_invalid_card_names_the_player():
    with pytest.raises(InvalidCard) as caught:
        parse_card("1C", player="Ann")
    assert caught.value.player == "Ann"
    with pytest.raises(InvalidCard) as caught:
        parse_cards(["AS", "KD", "QX"], player="Bo")
    assert caught.value.player == "Bo"


def test_parse_cards_keeps_input_order_and_canonicalises():
    assert parse_cards(["th", "A♠" + VS, " kd ", "2C"]) == (
        Card("10", "H"),
        Card("A", "S"),
        Card("K", "D"),
        Card("2", "C"),
    )
    assert parse_cards([]) == ()


def test_friendly_and_canonical_spellings_are_the_same_card():
    assert parse_card("t♥" + VS) == parse_card("10H")
    assert hash(parse_card("t♥" + VS)) == hash(parse_card("10H"))
    assert parse_card("10H") != parse_card("10D")
    assert parse_card("10H") != parse_card("JH")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("A", "A"),
        ("a", "A"),
        ("2", "2"),
        ("9", "9"),
        ("10", "10"),
        ("T", "10"),
        ("t", "10"),
        ("j", "J"),
        ("Q", "Q"),
        ("k", "K"),
        (" K ", "K"),
    ],
)
def test_parse_rank(text, expected):
    assert parse_rank(text) == expected


@pytest.mark.parametrize("text", ["1", "11", "0", "X", "", "AS", "JK", "10H", "1 0"])
def test_parse_rank_rejects(text):
    with pytest.raises(InvalidCard):
        parse_rank(text)


# ---------------------------------------------------------------------------
# Values and display


@pytest.mark.parametrize(
    ("text", "face_value"),
    [
        ("AS", 1),
        ("AH", 1),
        ("2D", 2),
        ("3C", 3),
        ("4S", 4),
        ("5H", 5),
        ("6D", 6),
        ("7C", 7),
        ("8S", 8),
        ("9H", 9),
        ("10D", 10),
        ("JC", 10),
        ("QS", 10),
        ("KH", 10),
    ],
)
def test_face_value(text, face_value):
    assert parse_card(text).face_value == face_value


@pytest.mark.parametrize(
    ("rank", "index"),
    [
        ("A", 1),
        ("2", 2),
        ("3", 3),
        ("4", 4),
        ("5", 5),
        ("6", 6),
        ("7", 7),
        ("8", 8),
        ("9", 9),
        ("10", 10),
        ("J", 11),
        ("Q", 12),
        ("K", 13),
    ],
)
def test_rank_index_distinguishes_ten_and_the_face_cards(rank, index):
    assert Card(rank, "C").index == index


@pytest.mark.parametrize(
    ("text", "symbol"),
    [
        ("10H", "10♥"),
        ("AS", "A♠"),
        ("KD", "K♦"),
        ("2C", "2♣"),
        ("th", "10♥"),
        ("q♠" + VS, "Q♠"),
    ],
)
def test_display_symbol(text, symbol):
    assert parse_card(text).symbol == symbol


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("kd", "KD"), ("th", "10H"), ("A♣" + VS, "AC"), (" 9♦ ", "9D"), ("j♥", "JH")],
)
def test_str_is_canonical(text, canonical):
    assert str(parse_card(text)) == canonical


def test_show_joins_symbols_with_spaces():
    assert show([Card("9", "S"), Card("9", "H")]) == "9♠ 9♥"
    assert show([Card("10", "D"), Card("A", "C"), Card("K", "H")]) == "10♦ A♣ K♥"
    assert show([]) == ""


# ---------------------------------------------------------------------------
# Copy limits


def test_one_deck_allows_one_copy_and_names_the_player_who_goes_over():
    seven = Card("7", "H")
    check_copies([("Ann", [seven]), ("Ben", [Card("7", "S")])], decks=1)
    with pytest.raises(DuplicateCard) as caught:
        check_copies([("Ann", [seven, Card("2", "C")]), ("Ben", [Card("3", "D"), seven])], 1)
    assert caught.value.code == "duplicate_card"
    assert caught.value.player == "Ben"


def test_copy_limit_within_one_entry():
    with pytest.raises(DuplicateCard) as caught:
        check_copies([("Ann", [Card("Q", "S"), Card("Q", "S")])], decks=1)
    assert caught.value.player == "Ann"


def test_two_decks_allow_two_copies_but_not_three():
    seven = Card("7", "H")
    check_copies([("Ann", [seven, seven])], decks=2)
    check_copies([("Ann", [seven]), ("Ben", [seven])], decks=2)
    with pytest.raises(DuplicateCard) as caught:
        check_copies([("Ann", [seven]), ("Ben", [seven]), ("Cy", [Card("2", "S"), seven])], 2)
    assert caught.value.player == "Cy"


@pytest.mark.parametrize(
    ("entries", "decks", "faults"),
    [
        # One deck: Ann's second K♠ and Cleo's A♠ beyond Ben's; Dan's 2♣ is fine.
        (
            [("Ann", "KS KS"), ("Ben", "AS"), ("Cleo", "AS 7H"), ("Dan", "2C")],
            1,
            {
                "Ann": "Ann's K♠ is already in their own meld; only one deck is in play.",
                "Cleo": "Cleo's A♠ is already in Ben's meld; only one deck is in play.",
            },
        ),
        # A copy too many is its own player's only: Ben's 7♥ is measured against Ann's one.
        (
            [("Ann", "7H 7H 7H"), ("Ben", "7H")],
            2,
            {
                "Ann": "Ann's 7♥ is already in their own meld; only 2 decks are in play.",
                "Ben": "Ben's 7♥ is already in Ann's meld; only 2 decks are in play.",
            },
        ),
        # Each player once, at their first card too many.
        (
            [("Ann", "QS QS QS")],
            1,
            {"Ann": "Ann's Q♠ is already in their own meld; only one deck is in play."},
        ),
        ([("Ann", "QS"), ("Ben", "QH")], 1, {}),
    ],
    ids=["two-players-at-fault", "two-decks", "once-a-player", "none"],
)
def test_copy_problems_names_every_player_at_fault(entries, decks, faults):
    parsed = [(name, parse_cards(text.split())) for name, text in entries]

    problems = copy_problems(parsed, decks)

    assert {problem.player: problem.message for problem in problems} == faults
    # The first of them is the one a whole request is refused for.
    if problems:
        with pytest.raises(DuplicateCard) as caught:
            check_copies(parsed, decks)
        assert caught.value.message == problems[0].message
    else:
        check_copies(parsed, decks)
