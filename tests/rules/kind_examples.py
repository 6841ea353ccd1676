"""A first round or hand of each kind, as the table stores it: the data the kind-contract
test (`test_kinds.py`) runs every kind through. A new game adds its example here; the
contract test itself does not change."""

INDIAN_LOSER = "2H 3H 4H 5S 7D 9C JC QD KS AS 8C 6D 10S"

# The players, each seat's cards and the answers by field name. (A kind without one
# fails the contract test.)
EXAMPLES: dict[str, tuple[tuple[str, ...], tuple[str, ...], dict]] = {
    # Ann's Thief K♣ = 10; Ben's Lawyer A♠ 2♥ 3♣ A♦ 4♠ = 11, no 25: 0.
    "indian-chief": (("Ann", "Ben"), ("KC", "AS 2H 3C AD 4S"), {}),
    # Ann calls tongit with no cards left; Ben opened, Cleo did not.
    "tong-its": (
        ("Ann", "Ben", "Cleo"),
        ("", "KS", "2C"),
        {"end": "tongit", "caller": 0, "opened_0": True, "opened_1": True},
    ),
    # Ann knocks with 2♥; Cleo holds nothing and undercuts.
    "carousel": (("Ann", "Ben", "Cleo"), ("2H", "KS 4D", ""), {"knocker": 0, "no_cards_2": True}),
    # Hand 1, three cards: Ann went out; Ben's K♠ Q♦ 2♣ melds nothing.
    "three-thirteen": (("Ann", "Ben"), ("", "KS QD 2C"), {"went_out": 0}),
    # Ann went rummy; Ben holds K♠ 4♦.
    "rummy": (("Ann", "Ben"), ("", "KS 4D"), {"winner": 0, "went_rummy": True}),
    # Ann declared; Ben shows his thirteen cards.
    "indian-rummy": (("Ann", "Ben"), ("", INDIAN_LOSER), {"winner": 0}),
    # Ann deals, J♣ cut: his heels 2; Ann's 2♣ 3♣ 4♣ 6♣ shows 12, Ben's 5♠ 5♥ 10♦ K♠ 14,
    # the crib 0; Ann pegged 5 and Ben 3, so 5 + 12 + 0 + 2 = 19 and 3 + 14 = 17.
    "cribbage": (
        ("Ann", "Ben"),
        ("2C 3C 4C 6C", "5S 5H 10D KS"),
        {"crib": "AD 9S 7H QH", "starter": "JC", "pegging_0": 5, "pegging_1": 3},
    ),
    # Ann took Q♠ and two hearts (15), Ben five hearts, Cleo four, Dan two: 26 in all.
    "hearts": (
        ("Ann", "Ben", "Cleo", "Dan"),
        ("QS AH 2H", "KH QH JH 10H 9H", "8H 7H 6H 5H", "4H 3H"),
        {},
    ),
    # Ann knocks with A♥ 2♣ 3♦ = 6 behind four 7s and 8♠ 9♠ 10♠; Ben lays off J♠ (gin-rummy.md
    # §3.5).
    "gin-rummy": (
        ("Ann", "Ben"),
        ("7S 7H 7D 7C 8S 9S 10S AH 2C 3D", "6S JS QH QD KC 3H 4D 5C 9D 2D"),
        {"end": "knock", "player": 0},
    ),
}
