"""Hearts against shared/rules/hearts.md and shared/api.md §7.

Every expected number is the spec's own or worked out by hand from it in the comments;
none comes from the code under test. Each worked example runs through the rules core
(`scoring`) and through the kind's JSON endpoints, which the table and the API share.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules import KINDS
from games.rules.hearts import scoring
from games.rules.hearts.scoring import HandInput, HouseRules, hand_that_ends, score_hand
from games.rules.kind import Played, Table
from games.rules.rummy_common import leaders
from tests.properties import tries
from tests.rules.hearts_examples import API_EXAMPLES, HEARTS, OUT, deals
from tests.rules.helpers import rule_error

KIND = KINDS["hearts"]
HAND = KIND.endpoints["hand"]
GAME = KIND.endpoints["game"]


def taken(*seats: str | int | tuple, players: int | None = None) -> list[list[str]]:
    """Each seat's penalty cards by count: 5 is five hearts, ("Q", 2) Q♠ and two hearts,
    ("QJ", 3) Q♠, J♦ and three hearts, "J" J♦ alone; hearts are dealt from the ace down,
    skipping any heart out of the deck (2♥ with six players)."""
    hearts = [card for card in HEARTS if card not in OUT[players or len(seats)]]
    hands = []
    for share in seats:
        extra, count = (share, 0) if isinstance(share, str) else ("", share)
        if isinstance(share, tuple):
            extra, count = share
        cards = ["QS"] * ("Q" in extra) + ["JD"] * ("J" in extra)
        hands.append(cards + hearts[:count])
        hearts = hearts[count:]
    return hands


def body(hands, **settings):
    return {"taken": hands} | ({"settings": settings} if settings else {})


def core(hands, **options) -> scoring.HandResult:
    return score_hand(HandInput(tuple(map(tuple, hands))), HouseRules(**options))


MOON_2 = taken(0, 0, ("Q", 13), 0)

# (hands, options, points, moon, hand scores): §3.3, in order, then api.md §7.1.
WORKED = [
    # Seat 0 took 5 hearts, seat 1 Q♠ and 2 hearts, seat 2 6 hearts, seat 3 nothing.
    pytest.param(taken(5, ("Q", 2), 6, 0), {}, [5, 15, 6, 0], None, [5, 15, 6, 0], id="points"),
    pytest.param(MOON_2, {}, [0, 0, 26, 0], 2, [26, 26, 0, 26], id="moon-add"),
    pytest.param(
        MOON_2, {"moon": "subtract"}, [0, 0, 26, 0], 2, [0, 0, -26, 0], id="moon-subtract"
    ),
    # J♦ option: seat 1's Q♠ + 3 hearts + J♦ = 13 + 3 − 10 = 6; seat 0 the other 10 hearts.
    pytest.param(
        taken(10, ("QJ", 3), 0, 0),
        {"jack_of_diamonds": True},
        [10, 6, 0, 0],
        None,
        [10, 6, 0, 0],
        id="jack",
    ),
    # Seat 2 shot the moon, seat 0 took J♦: 26 − 10, 26, 0, 26 (add).
    pytest.param(
        taken("J", 0, ("Q", 13), 0),
        {"jack_of_diamonds": True},
        [-10, 0, 26, 0],
        2,
        [16, 26, 0, 26],
        id="moon-add-jack-elsewhere",
    ),
    # … or −10, 0, −26, 0 (subtract).
    pytest.param(
        taken("J", 0, ("Q", 13), 0),
        {"jack_of_diamonds": True, "moon": "subtract"},
        [-10, 0, 26, 0],
        2,
        [-10, 0, -26, 0],
        id="moon-subtract-jack-elsewhere",
    ),
    # Had the shooter also taken J♦: 26, 26, −10, 26. Their points are 26 − 10 = 16.
    pytest.param(
        taken(0, 0, ("QJ", 13), 0),
        {"jack_of_diamonds": True},
        [0, 0, 16, 0],
        2,
        [26, 26, -10, 26],
        id="moon-add-jack-to-the-shooter",
    ),
    # Under subtract the shooter's own J♦ still counts (HT5): −26 − 10 = −36.
    pytest.param(
        taken(0, 0, ("QJ", 13), 0),
        {"jack_of_diamonds": True, "moon": "subtract"},
        [0, 0, 16, 0],
        2,
        [0, 0, -36, 0],
        id="moon-subtract-jack-to-the-shooter",
    ),
    # Six players: seat 4 took all 12 hearts in play and Q♠: everyone else scores 25.
    pytest.param(
        taken(0, 0, 0, 0, ("Q", 12), 0),
        {},
        [0, 0, 0, 0, 25, 0],
        4,
        [25, 25, 25, 25, 0, 25],
        id="six-players-moon",
    ),
    # Without the option J♦ counts nothing, wherever it went.
    pytest.param(taken("J", ("Q", 13), 0, 0), {}, [0, 26, 0, 0], 1, [26, 0, 26, 26], id="jack-off"),
    # api.md §7.1.
    pytest.param(
        [[], [*HEARTS, "QS"], ["JD"], []],
        {"jack_of_diamonds": True},
        [0, 26, -10, 0],
        1,
        [26, 0, 16, 26],
        id="api-7.1",
    ),
]


@pytest.mark.parametrize(("hands", "options", "points", "moon", "scores"), WORKED)
def test_every_worked_hand_through_the_rules_core(hands, options, points, moon, scores):
    result = core(hands, **options)
    assert (list(result.points), result.moon, list(result.hand_scores)) == (points, moon, scores)


@pytest.mark.parametrize(("hands", "options", "points", "moon", "scores"), WORKED)
def test_every_worked_hand_through_the_endpoint(hands, options, points, moon, scores):
    answer = HAND(body(hands, **options))
    assert answer["points"] == points
    assert answer["moon"] == moon
    assert answer["hand_scores"] == scores
    assert answer["explanation"]
    assert ("rules" in answer) == bool(options)


@pytest.mark.parametrize(("endpoint", "request_body", "expected"), API_EXAMPLES)
def test_api_md_s_examples_answer_exactly(endpoint, request_body, expected):
    answer = KIND.endpoints[endpoint](request_body)
    assert isinstance(answer.pop("explanation", ""), str)
    assert answer == expected


# ---------------------------------------------------------------------------
# The game (§4)


def test_s4_4_seat_0_reaches_100_and_the_lowest_total_wins():
    # Totals 92, 40, 30, 12 and a hand of 8, 5, 13, 0: 100, 45, 43, 12.
    running = [(92, 40, 30, 12), (100, 45, 43, 12)]
    assert hand_that_ends(running, 100) == 2
    assert hand_that_ends(running[:1], 100) is None
    assert leaders(running[-1], lowest=True) == (3,)


# Seven hands to 92, 40, 30, 20 (the spec's 92, 40, 30, 12 sum to 174, which no hands
# reach: every book hand adds 26 or 78), then §4.4's hand of 8, 5, 13, 0.
TO_92 = [
    taken(("Q", 12), 1, 0, 0),  # 25, 1, 0, 0
    taken(("Q", 12), 0, 1, 0),  # 25, 0, 1, 0
    taken(("Q", 12), 0, 0, 1),  # 25, 0, 0, 1: 75, 1, 1, 1
    taken(("Q", 4), 9, 0, 0),  # 17, 9: 92, 10, 1, 1
    taken(0, ("Q", 12), 1, 0),  # 25, 1: 92, 35, 2, 1
    taken(0, 5, ("Q", 8), 0),  # 5, 21: 92, 40, 23, 1
    taken(0, 0, 7, ("Q", 6)),  # 7, 19: 92, 40, 30, 20
]
LAST = taken(8, 5, ("Q", 0), 0)  # 8, 5, 13, 0: 100, 45, 43, 20


def game_of(hands, **settings):
    return {"hands": [{"taken": hand} for hand in hands]} | (
        {"settings": settings} if settings else {}
    )


def test_a_game_ends_after_the_hand_in_which_a_total_reaches_the_target():
    going = GAME(game_of(TO_92))
    assert going == {"totals": [92, 40, 30, 20], "game_over": False, "winners": None}
    over = GAME(game_of([*TO_92, LAST]))
    assert over == {"totals": [100, 45, 43, 20], "game_over": True, "winners": [3]}


def test_a_hand_after_the_game_is_over_is_refused():
    error = rule_error("invalid_input", GAME, game_of([*TO_92, LAST, LAST]))
    assert error.message.startswith("Hand 9 was entered after the game ended with hand 8")


def test_a_moon_past_the_target_ends_the_game_and_the_shooter_is_compared_like_anyone():
    # Target 27: seat 0 takes Q♠ and 12 hearts (25, 1, 0, 0), then shoots the moon
    # (0, 26, 26, 26): 25, 27, 26, 26. Seat 1 reached 27; seat 0's 25 is lowest.
    hands = [taken(("Q", 12), 1, 0, 0), taken(("Q", 13), 0, 0, 0)]
    answer = GAME(game_of(hands, target=27))
    assert answer["totals"] == [25, 27, 26, 26]
    assert answer["game_over"] and answer["winners"] == [0]


def test_a_moon_takes_three_players_past_the_target_together():
    # Target 20: a first-hand moon by seat 2: 26, 26, 0, 26.
    answer = GAME(game_of([MOON_2], target=20))
    assert answer == {
        "totals": [26, 26, 0, 26],
        "game_over": True,
        "winners": [2],
        "rules": {
            "preset": "book",
            "options": {"moon": "add", "jack_of_diamonds": False, "target": 20},
        },
    }


def test_players_tied_for_the_lowest_total_share_the_win_in_seat_order():
    # Target 13: seat 1 takes Q♠ alone and seat 3 all 13 hearts (no moon without Q♠):
    # 0, 13, 0, 13. Seats 0 and 2 tie for the lowest.
    answer = GAME(game_of([taken(0, ("Q", 0), 0, 13)], target=13))
    assert answer.pop("rules")["options"]["target"] == 13
    assert answer == {"totals": [0, 13, 0, 13], "game_over": True, "winners": [0, 2]}


def test_totals_may_fall_below_zero():
    answer = GAME(game_of([MOON_2, MOON_2], moon="subtract"))
    assert answer["totals"] == [0, 0, -52, 0] and not answer["game_over"]


# ---------------------------------------------------------------------------
# Validation, in the order of §7, for every player count


def full(players: int) -> list[list[str]]:
    """A legal hand for `players`: seat 0 takes Q♠, the hearts shared out by seat."""
    hearts = [card for card in HEARTS if card not in OUT[players]]
    hands: list[list[str]] = [["QS"]] + [[] for _ in range(players - 1)]
    for index, card in enumerate(hearts):
        hands[index % players].append(card)
    return hands


def with_card(hands, seat, card):
    return [[*cards, card] if index == seat else cards for index, cards in enumerate(hands)]


def without(hands, card):
    return [[held for held in cards if held != card] for cards in hands]


COUNTS = [3, 4, 5, 6]


@pytest.mark.parametrize("players", COUNTS)
def test_a_legal_hand_of_every_count_scores_its_full_points(players):
    answer = HAND(body(full(players)))
    assert sum(answer["points"]) == (25 if players == 6 else 26)
    assert answer["moon"] is None and answer["hand_scores"] == answer["points"]


@pytest.mark.parametrize("players", [0, 1, 2, 7, 8])
def test_hearts_is_for_3_to_6_players(players):
    error = rule_error("invalid_input", HAND, body([[] for _ in range(players)]))
    assert error.message == f"Hearts is for 3 to 6 players, not {players}."


@pytest.mark.parametrize(
    ("request_body", "named"),
    [
        ({}, "“taken”"),
        ({"taken": "QS AH"}, "“taken”"),
        ({"taken": [["QS"], "AH", [], []]}, "seat 1"),
        ({"taken": [["QS"], [7], [], []]}, "seat 1"),
        ({"taken": [["QS"], [], [], []], "settings": {"moon": "double"}}, "“moon”"),
        ({"taken": [["QS"], [], [], []], "settings": {"jack_of_diamonds": "yes"}}, "“jack"),
        ({"taken": [["QS"], [], [], []], "settings": {"target": 0}}, "“target”"),
        ({"taken": [["QS"], [], [], []], "settings": {"target": 100.0}}, "“target”"),
        ({"taken": [["QS"], [], [], []], "settings": {"target": True}}, "“target”"),
        ({"taken": [["QS"], [], [], []], "settings": {"preset": "spot"}}, "“preset”"),
        ({"taken": [["QS"], [], [], []], "settings": {"target_score": 50}}, "“target_score”"),
        ({"taken": "nothing", "settings": {"moon": 1}}, "“moon”"),
    ],
)
def test_invalid_input_names_what_is_wrong(request_body, named):
    error = rule_error("invalid_input", HAND, request_body)
    assert named in error.message


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("card", ["JK", "1C", "QX", "", "7 H", "12S"])
def test_invalid_card(players, card):
    error = rule_error("invalid_card", HAND, body(with_card(full(players), 1, card)))
    assert error.player == 1


@pytest.mark.parametrize(
    ("players", "card"), [(3, "2D"), (5, "2D"), (5, "2C"), (6, "2C"), (6, "2D"), (6, "2S")]
)
def test_a_card_out_of_the_deck_is_a_removed_card(players, card):
    error = rule_error("removed_card", HAND, body(with_card(full(players), 2, card)))
    assert error.player == 2
    assert card[0] + {"D": "♦", "C": "♣", "S": "♠"}[card[1]] in error.message


def test_2h_with_six_players_is_a_removed_card_wherever_it_is():
    hands = full(6)
    error = rule_error("removed_card", HAND, body(with_card(hands, 5, "2H")))
    assert error.player == 5 and "2♥" in error.message


@pytest.mark.parametrize(("players", "card"), [(4, "2D"), (4, "2C"), (3, "2C"), (5, "2S")])
def test_a_deuce_in_the_deck_may_be_entered_and_counts_nothing(players, card):
    answer = HAND(body(with_card(full(players), 1, card)))
    assert answer["points"] == HAND(body(full(players)))["points"]


@pytest.mark.parametrize("players", COUNTS)
def test_a_card_entered_twice_is_a_duplicate(players):
    hands = with_card(full(players), players - 1, "AH")
    error = rule_error("duplicate_card", HAND, body(hands))
    assert error.player == players - 1 and "A♥" in error.message
    # A point-less card twice, too.
    error = rule_error(
        "duplicate_card", HAND, body(with_card(with_card(full(players), 0, "5C"), 1, "5C"))
    )
    assert error.player == 1


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("card", ["QS", "AH", "3H"])
def test_a_penalty_card_nobody_took_is_missing_and_named(players, card):
    error = rule_error("missing_point_cards", HAND, body(without(full(players), card)))
    assert error.player is None
    assert f"Nobody took {card[0]}{'♠' if card[1] == 'S' else '♥'}:" in error.message


def test_missing_cards_are_all_named_in_deck_order():
    hands = without(without(full(4), "QS"), "2H")
    error = rule_error("missing_point_cards", HAND, body(hands))
    assert error.message.startswith("Nobody took 2♥ and Q♠:")


@pytest.mark.parametrize("players", COUNTS)
def test_jack_of_diamonds_must_be_entered_only_under_the_option(players):
    assert HAND(body(full(players)))["points"]
    error = rule_error("missing_point_cards", HAND, body(full(players), jack_of_diamonds=True))
    assert "Nobody took J♦:" in error.message
    error = rule_error("missing_point_cards", HAND, body(full(players), preset="omnibus"))
    assert "J♦" in error.message


def test_with_six_players_2h_is_not_missing():
    assert sum(HAND(body(full(6)))["points"]) == 25


@pytest.mark.parametrize(
    ("hands", "code"),
    [
        # A removed card (seat 0) and a card that is none (seat 2): the card text first.
        (with_card(with_card(full(3), 0, "2D"), 2, "ZZ"), "invalid_card"),
        # A duplicate (seat 0) and a removed card (seat 2): the deck first.
        (with_card(with_card(full(3), 0, "QS"), 2, "2D"), "removed_card"),
        # A duplicate and a missing card: the duplicate first.
        (with_card(without(full(4), "QS"), 1, "AH"), "duplicate_card"),
        # A removed card and a missing one.
        (with_card(without(full(5), "AH"), 1, "2C"), "removed_card"),
        # Wrong player count before any card.
        ([["JK"], ["2D"]], "invalid_input"),
    ],
)
def test_the_first_error_in_the_spec_s_order_wins(hands, code):
    rule_error(code, HAND, body(hands))


def test_settings_are_checked_before_anything_else():
    error = rule_error("invalid_input", GAME, {"hands": 3, "settings": {"moon": "twice"}})
    assert "“moon”" in error.message


@pytest.mark.parametrize(
    ("request_body", "said"),
    [
        ({"hands": []}, "at least one hand"),
        ({"hands": [{"taken": full(4)}, {"taken": full(3)}]}, "Hand 2 has 3 players"),
        ({"hands": [{"taken": full(4), "settings": {"moon": "subtract"}}]}, "Hand 1:"),
        ({"hands": [{"taken": full(4)}, 7]}, "Hand 2"),
        ({"hands": "all"}, "“hands”"),
        ({"hands": [{"taken": full(4)}], "settings": {"target": -5}}, "“target”"),
    ],
)
def test_a_game_request_that_is_not_right_as_a_whole(request_body, said):
    error = rule_error("invalid_input", GAME, request_body)
    assert said in error.message


def test_a_game_reads_every_hand_s_json_before_any_hand_s_rules():
    # Hand 1 holds a joker; hand 2 is no object: the shape is reported first.
    hands = [{"taken": with_card(full(4), 0, "JK")}, "hand"]
    rule_error("invalid_input", GAME, {"hands": hands})


def test_a_game_s_error_names_its_hand():
    error = rule_error("removed_card", GAME, game_of([full(3), with_card(full(3), 1, "2D")]))
    assert error.message.startswith("Hand 2: ") and error.player == 1


# ---------------------------------------------------------------------------
# Options and presets (§6)


def test_the_book_preset_is_the_rules_without_house_rules_and_says_so():
    plain = HAND(body(MOON_2))
    booked = HAND(body(MOON_2, preset="book"))
    assert booked.pop("rules") == {
        "preset": "book",
        "options": {"moon": "add", "jack_of_diamonds": False, "target": 100},
    }
    assert booked == plain and "rules" not in plain


def test_omnibus_turns_the_jack_of_diamonds_on_and_an_option_overrides_it():
    hands = taken("J", ("Q", 13), 0, 0)
    answer = HAND(body(hands, preset="omnibus"))
    assert answer["hand_scores"] == [16, 0, 26, 26]
    assert answer["rules"]["options"] == {"moon": "add", "jack_of_diamonds": True, "target": 100}
    # J♦ off again: it counts nothing, and need not be entered.
    off = HAND(body(taken(0, ("Q", 13), 0, 0), preset="omnibus", jack_of_diamonds=False))
    assert off["hand_scores"] == [26, 0, 26, 26]


@pytest.mark.parametrize("target", [1, 7, 250])
def test_any_whole_target_from_1(target):
    answer = GAME(game_of([full(4)], target=target))
    assert answer["game_over"] == (max(answer["totals"]) >= target)
    assert answer["rules"]["options"]["target"] == target


def test_the_kind_offers_its_options_and_presets():
    assert [rule.key for rule in KIND.settings.house_rules] == [
        "moon",
        "jack_of_diamonds",
        "target",
    ]
    assert [preset.key for preset in KIND.settings.presets] == ["book", "omnibus"]
    assert KIND.lowest_wins
    assert KIND.settings.line(KIND.settings.chosen({"preset": "omnibus", "target": 50})) == (
        "Rules: Omnibus Hearts; Game to 50"
    )


# ---------------------------------------------------------------------------
# The game at the table: the deck, previews, explanations, the board


def table(players=("Ann", "Ben", "Cleo", "Dan"), **chosen) -> Table:
    decks, settings = KIND.start(len(players), chosen)
    return Table(tuple(players), decks, settings)


NAMES = ("Ann", "Ben", "Cleo", "Dan", "Eve", "Finn")


@pytest.mark.parametrize("players", COUNTS)
def test_removed_and_counted_cards_by_player_count(players):
    at = table(NAMES[:players])
    assert KIND.removed(at) == frozenset(OUT[players])
    hearts = [card for card in reversed(HEARTS) if card not in OUT[players]]
    assert KIND.counted(at) == (*hearts, "QS")
    assert KIND.counted(table(NAMES[:players], jack_of_diamonds=True)) == (*hearts, "QS", "JD")


def test_a_preview_shows_each_seat_s_points_and_the_problems():
    at = table(NAMES[:3], preset="omnibus")
    entry = Played(("QS 5H 4H 3H JD", "2D", "AH AH"))
    shown = KIND.preview(at, 1, entry, {})
    assert shown[0].text == "3 hearts, Q♠ and J♦: 6" and shown[0].score == 6
    assert "Ann" not in shown[1].problem and "Ben's 2♦ is not in the deck" in shown[1].problem
    assert "Cleo's A♥" in shown[2].problem


def test_a_preview_names_the_moon_and_says_nothing_for_no_cards():
    at = table()
    shown = KIND.preview(at, 1, Played(("", " ".join(HEARTS) + " QS", "5C", "")), {})
    assert shown[0].text == "" and not shown[0].problem
    assert shown[1].text == "13 hearts and Q♠: shot the moon (everyone else scores 26)"
    assert shown[2].text == "no points: 0"


def test_the_board_says_who_took_what_by_name_and_marks_the_moon():
    at = table()
    first = Played(tuple(" ".join(cards) for cards in taken(5, ("Q", 2), 6, 0)))
    moon = Played(tuple(" ".join(cards) for cards in MOON_2))
    standings = KIND.score(at, [first, moon])
    rows = standings.rows
    assert rows[0].explanation == (
        "Ann took 5 hearts: 5; Ben took 2 hearts and Q♠: 15; Cleo took 6 hearts: 6; "
        "Dan took no points: 0."
    )
    assert rows[1].explanation == (
        "Cleo shot the moon (all 13 hearts and Q♠): everyone else scores 26."
    )
    assert rows[1].outcomes == ("", "", "moon", "") and rows[0].outcomes == ()
    assert standings.totals == (31, 41, 6, 26)
    # Lowest leads; the deal passes left.
    assert standings.leaders == ("Cleo",)
    assert [row.dealer for row in rows] == ["Ann", "Ben"] and standings.next_dealer == "Cleo"
    assert standings.notes == ("Moons shot: Cleo 1.",)
    assert not standings.complete


def test_the_table_s_game_ends_at_its_target_with_the_lowest_total_winning():
    at = table(target=50)
    hands = [Played(tuple(" ".join(cards) for cards in MOON_2))] * 2
    standings = KIND.score(at, hands)
    assert standings.totals == (52, 52, 0, 52)
    assert standings.complete and standings.winners == ("Cleo",)
    assert standings.notes[-1] == (
        "Ann, Ben and Dan reached 50: the game is over and the lowest total wins."
    )


def test_a_blank_seat_at_the_table_took_nothing():
    at = table()
    standings = KIND.score(at, [Played(("QS " + " ".join(HEARTS), "", "", ""))])
    assert standings.rows[0].scores == (0, 26, 26, 26)


def test_errors_at_the_table_name_the_players():
    at = table(NAMES[:3])
    _, problems = KIND.check(at, 1, Played(("QS", "2D", " ".join(HEARTS))), {})
    assert problems[0].code == "removed_card"
    assert problems[0].message.startswith("Hand 1: Ben's 2♦ is not in the deck")


# ---------------------------------------------------------------------------
# Properties


@tries(200)
@given(deal=deals(), moon=st.sampled_from(["add", "subtract"]))
def test_points_sum_to_the_hand_s_full_points_jack_aside(deal, moon):
    players, jack, hands = deal
    result = core(hands, moon=moon, jack_of_diamonds=jack)
    full_points = 25 if players == 6 else 26
    assert sum(result.points) == full_points - (10 if jack else 0)


@tries(200)
@given(deal=deals())
def test_a_moon_under_add_gives_everyone_else_the_full_points(deal):
    players, jack, hands = deal
    result = core(hands, jack_of_diamonds=jack)
    full_points = 25 if players == 6 else 26
    if result.moon is None:
        assert result.hand_scores == result.points
    else:
        assert sum(result.hand_scores) == (players - 1) * full_points - (10 if jack else 0)
        subtract = core(hands, jack_of_diamonds=jack, moon="subtract")
        assert sum(subtract.hand_scores) == -full_points - (10 if jack else 0)


@tries(100)
@given(deal=deals())
def test_the_moon_is_every_heart_in_play_and_the_queen(deal):
    players, jack, hands = deal
    result = core(hands, jack_of_diamonds=jack)
    in_play = {card for card in HEARTS if card not in OUT[players]} | {"QS"}
    shooters = [seat for seat, cards in enumerate(hands) if in_play <= set(cards)]
    assert result.moon == (shooters[0] if shooters else None)


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("jack", [False, True])
def test_removed_and_counted_never_overlap(players, jack):
    at = table(NAMES[:players], jack_of_diamonds=jack)
    assert not KIND.removed(at) & set(KIND.counted(at))
    assert len(KIND.counted(at)) == len(set(KIND.counted(at)))


@tries(100)
@given(deal=deals())
def test_the_table_and_the_api_score_a_hand_alike(deal):
    players, jack, hands = deal
    at = table(NAMES[:players], jack_of_diamonds=jack)
    standings = KIND.score(at, [Played(tuple(" ".join(cards) for cards in hands))])
    answer = HAND(body(hands, jack_of_diamonds=jack))
    assert list(standings.rows[0].scores) == answer["hand_scores"]
