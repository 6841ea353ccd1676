"""Cribbage against shared/rules/cribbage.md (CR1–CR9) and shared/api.md §6.

Every expected value was worked out by hand from the spec (the arithmetic is in the
comments) or copied from its worked examples; none comes from the code under test. The
properties recount every show with a counter of their own, written from §2 and the second
formula for runs of §9.
"""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules import KINDS
from games.rules.cribbage import scoring
from games.rules.cribbage.kind import KIND as CRIBBAGE
from games.rules.cribbage.scoring import HouseRules
from games.rules.errors import RuleError
from games.rules.kind import Played, Table
from tests.properties import tries
from tests.rules.cribbage_examples import (
    API_GAME,
    DECK,
    ERRORS,
    FIRST_61,
    GAMES,
    HANDS,
    PARTS,
    RANKS,
    SHOWS,
    SPEC_HAND,
    deal,
    hand,
    show,
)

ENDPOINTS = KINDS["cribbage"].endpoints


def call(endpoint, body):
    """The endpoint's answer, or its error as (code, message, player)."""
    try:
        return ENDPOINTS[endpoint](body)
    except RuleError as error:
        return error.code, error.message, error.player


# ---------------------------------------------------------------------------
# The show (§2, api.md §6.1): every worked example, then the rules one by one


@pytest.mark.parametrize(("body", "parts"), [row[1:] for row in SHOWS], ids=[r[0] for r in SHOWS])
def test_every_worked_show_counts_as_the_spec_says(body, parts):
    answer = call("show", body)

    assert isinstance(answer, dict), answer
    assert tuple(answer[part] for part in PARTS) == parts
    assert answer["explanation"].endswith(f"{parts[-1]}.")


def test_api_md_s_show_example_answers_exactly():
    answer = call("show", {"cards": ["5S", "5H", "5C", "JD"], "starter": "5D"})

    assert {key: value for key, value in answer.items() if key != "explanation"} == {
        "score": 29,
        "fifteens": 16,
        "pairs": 12,
        "runs": 0,
        "flush": 0,
        "nobs": 1,
    }
    assert "rules" not in answer


def test_a_show_is_counted_aloud_as_players_count_it():
    # §2.3's 4♥ 5♥ 6♥ J♥ cut 5♣: four fifteens (8), the pair (10), two runs of three (16),
    # the flush of four (20), each total said as it grows.
    counted = scoring.score_show(["4H", "5H", "6H", "JH"], "5C")
    assert counted.aloud() == (
        "fifteen two, fifteen four, fifteen six, fifteen eight, a pair is ten, "
        "two runs of three are sixteen and a flush of four is twenty"
    )
    assert scoring.score_show(["2S", "4H", "6D", "8C"], "KS").aloud() == "nineteen: nothing"
    # The sentence of `/show` names what made each part: one fifteen is one way.
    assert scoring.score_show(["AS", "2H", "3D", "4C"], "5S").explanation() == (
        "Fifteens 2 (one way), runs 5 (a run of 5): 7."
    )


# ---------------------------------------------------------------------------
# The hand (§4, api.md §6.2)


@pytest.mark.parametrize(
    ("body", "expected"), [row[1:] for row in HANDS], ids=[r[0] for r in HANDS]
)
def test_every_worked_hand_scores_as_the_spec_says(body, expected):
    assert call("hand", body) == expected


# ---------------------------------------------------------------------------
# Validation (§8): every error with its code, in order


@pytest.mark.parametrize(
    ("body", "code", "player"), [row[1:] for row in ERRORS], ids=[row[0] for row in ERRORS]
)
def test_every_validation_error_has_its_code_and_player(body, code, player):
    got = call("hand", body)

    assert isinstance(got, tuple), got
    assert got[0] == code, got
    assert got[1]
    assert got[2] == player


@pytest.mark.parametrize(("players", "most"), [(2, 30), (3, 37), (4, 60)])
def test_the_pegging_bound_is_30_37_or_60_by_players(players, most):
    # CR4: the bound itself is allowed, one more is not; the seat at fault is named.
    cards = ["AS 2S 3S 4S", "AH 2H 3H 4H", "AD 2D 3D 4D", "AC 2C 3C 4C"][:players]
    crib = "5S 5H 5D 5C"
    allowed = call("hand", hand(0, "KS", cards, crib, [0] * (players - 1) + [most]))
    refused = call("hand", hand(0, "KS", cards, crib, [0] * (players - 1) + [most + 1]))

    assert isinstance(allowed, dict), allowed
    assert refused[0] == "pegging_out_of_range" and refused[2] == players - 1


@pytest.mark.parametrize(
    ("body", "code"),
    [
        (show(None, "5D"), "invalid_input"),
        ({"cards": "5S 5H 5C JD", "starter": "5D"}, "invalid_input"),
        ({"cards": ["5S", "5H", "5C", "JD"]}, "invalid_input"),
        (show("5S 5H 5C JD", "5D") | {"crib": "yes"}, "invalid_input"),
        (show("5S 5H 5C JD", "5D", first_dealer=4), "invalid_input"),
        (show("5S 5H 5C JK", "5D"), "invalid_card"),
        (show("5S 5H 5C JD", "5X"), "invalid_card"),
        (show("5S 5H 5C 5D", "5D"), "duplicate_card"),
        (show("5S 5H 5C", "5D"), "wrong_card_count"),
        (show("5S 5H 5C JD 2D", "5D"), "wrong_card_count"),
        # Order: a bad card before a duplicate before the count.
        (show("5S 5S 5C", "QQ"), "invalid_card"),
        (show("5S 5S 5C", "5D"), "duplicate_card"),
    ],
)
def test_a_show_is_checked_in_order(body, code):
    got = call("show", body)
    assert isinstance(got, tuple) and got[0] == code, got


# ---------------------------------------------------------------------------
# The game (§5, §6, api.md §6.3)


@pytest.mark.parametrize(
    ("body", "expected"), [row[1:] for row in GAMES], ids=[r[0] for r in GAMES]
)
def test_every_worked_game_ends_where_the_spec_says(body, expected):
    answer = call("game", body)
    assert isinstance(answer, dict), answer
    assert {key: answer[key] for key in expected} == expected
    assert set(answer) - {"rules"} == set(expected)


def counted_in(totals, pegging):
    """§5.4's hand (dealer 1) counted from `totals`: seat 0's 10♠ 2♦ 3♣ 8♠ with 5♣ is
    10+5, 10+2+3, 2+8+5 = 6; the dealer's 4♥ 5♥ 6♥ J♥ is the 20 of §2.3."""
    dealt = scoring.check_hand(
        scoring.HandInput(
            hands=(("10S", "2D", "3C", "8S"), ("4H", "5H", "6H", "JH")),
            crib=("AD", "9S", "7H", "QH"),
            starter="5C",
            pegging=pegging,
            dealer=1,
        )
    )
    result = scoring.count_hand(dealt)
    assert result.show_scores == (6, 20)
    steps = scoring.counting_steps(result)
    scores, ended = scoring.count_into_game(steps, 2, totals, HouseRules())
    return scores, None if ended is None else steps[ended].stage


def test_the_spec_s_121_example_seat_0_shows_out_before_the_dealer():
    # §5.4: 115–116; pegging 2 and 1 (117–117); seat 0 shows 6 → 123 and wins; the
    # dealer's 20 and the crib are never counted.
    totals = [115, 116]
    assert counted_in(totals, [2, 1]) == ((8, 1), "show")
    assert totals == [123, 117]


def test_the_spec_s_121_example_the_dealer_pegs_out_first():
    # §5.4: had the dealer pegged 5 (121), the dealer wins in the pegging before any show.
    totals = [115, 116]
    assert counted_in(totals, [2, 5]) == ((2, 5), "pegging")
    assert totals == [117, 121]


def test_two_sides_pegging_out_in_one_hand_is_a_conflict():
    # FIRST_61 leaves 36–44; pegging 25 and 17 would take both to 61 (CR7).
    body = {"settings": {"target": 61}, "hands": [FIRST_61, {**FIRST_61, "pegging": [25, 17]}]}
    got = call("game", body)
    assert got[0] == "pegging_conflict" and got[1].startswith("Hand 2:"), got
    assert got[2] is None
    # The same pegging in a lone hand is no conflict: only a game knows the totals.
    lone = call("hand", {**FIRST_61, "dealer": 1, "pegging": [25, 17]})
    assert isinstance(lone, dict)


@pytest.mark.parametrize(
    ("body", "code", "player", "hand_named"),
    [
        ({"hands": []}, "invalid_input", None, None),
        ({"hands": "all"}, "invalid_input", None, None),
        ({"hands": [FIRST_61, 3]}, "invalid_input", None, 2),
        ({"hands": [FIRST_61, {**FIRST_61, "settings": {"target": 61}}]}, "invalid_input", None, 2),
        (
            {
                "hands": [
                    FIRST_61,
                    deal("KS", ["2S 4H 6D 8C", "5C 5D 10S JC", "AS 2C 3D 4S"], "5H 10H QC 4D"),
                ]
            },
            "invalid_input",
            None,
            2,
        ),
        ({"settings": {"first_dealer": 2}, "hands": [FIRST_61]}, "invalid_input", None, None),
        ({"settings": {"first_dealer": -1}, "hands": [FIRST_61]}, "invalid_input", None, None),
        ({"hands": [FIRST_61, {**FIRST_61, "crib": None}]}, "missing_hand", None, 2),
        ({"hands": [FIRST_61, {**FIRST_61, "starter": "5C"}]}, "duplicate_card", None, 2),
        ({"hands": [FIRST_61, {**FIRST_61, "pegging": [0, 31]}]}, "pegging_out_of_range", 1, 2),
        # A hand's own errors come before a later hand's; the hand's dealer is ignored.
        ({"hands": [{**FIRST_61, "dealer": 7}]}, None, None, None),
    ],
)
def test_a_game_checks_the_request_then_each_hand_in_play_order(body, code, player, hand_named):
    got = call("game", body)
    if code is None:
        assert isinstance(got, dict), got
        return
    assert isinstance(got, tuple) and got[0] == code, got
    assert got[2] == player
    if hand_named:
        assert got[1].startswith(f"Hand {hand_named}"), got[1]


def test_a_hand_after_the_game_is_over_is_refused_after_its_own_checks():
    over = [*GAMES[4][1]["hands"], FIRST_61]
    got = call("game", {"settings": {"target": 61}, "hands": over})
    assert got[0] == "invalid_input" and "after the game ended" in got[1]
    # A hand after the end with an error of its own reports that error first.
    broken = [*GAMES[4][1]["hands"], {**FIRST_61, "crib": None}]
    got = call("game", {"settings": {"target": 61}, "hands": broken})
    assert got[0] == "missing_hand" and got[1].startswith("Hand 3:")


@pytest.mark.parametrize(
    ("target", "total", "skunk"),
    [
        (121, 91, "none"),
        (121, 90, "skunk"),
        (121, 61, "skunk"),
        (121, 60, "double_skunk"),
        (121, 0, "double_skunk"),
        (61, 31, "none"),
        (61, 30, "skunk"),
        (61, 0, "skunk"),
    ],
)
def test_skunk_lines(target, total, skunk):
    # CR8: at 121 below 91 a skunk, below 61 a double; at 61 below 31 a skunk, no double.
    assert HouseRules(target=target).skunk(total) == skunk


def test_the_deal_passes_left_from_the_first_dealer():
    # CR9: three players, first dealer 2: hands dealt by 2, 0, 1; then 2 deals next.
    quiet = deal("KS", ["2S 4H 6D 8C", "3C 7D 9H AS", "2C 4C 6S 8D"], "5H 10H QC 4D")
    body = {"settings": {"first_dealer": 2}, "hands": [quiet] * 3}
    assert call("game", body)["next_dealer"] == 2
    assert call("game", {**body, "hands": [quiet]})["next_dealer"] == 0


# ---------------------------------------------------------------------------
# Options and presets (§7, api.md §4)


def test_the_presets_are_the_book_and_once_around():
    presets = {preset.key: preset.values for preset in CRIBBAGE.settings.presets}
    assert presets == {"book": {}, "once_around": {"target": 61}}
    rules = {rule.key: rule.default for rule in CRIBBAGE.settings.house_rules}
    assert rules == {"target": 121, "crib_four_flush": False}


def test_a_named_rule_set_is_said_back_and_the_book_scores_as_none():
    plain = call("hand", SPEC_HAND)
    booked = call("hand", {**SPEC_HAND, "settings": {"preset": "book"}})
    assert booked.pop("rules") == {
        "preset": "book",
        "options": {"target": 121, "crib_four_flush": False},
    }
    assert booked == plain
    around = call("game", API_GAME)
    assert around["rules"] == {
        "preset": "once_around",
        "options": {"target": 61, "crib_four_flush": False},
    }


def test_the_crib_four_flush_changes_the_crib_only():
    # A crib of A♦ 4♦ 7♦ Q♦ cut 2♠: Q+4+A (2), no pair or run: 2 by the book, 2 + 4 for
    # the four diamonds with the house rule; the hands are unchanged.
    body = hand(0, "2S", ["5S 5H 10D KS", "2C 3C 4C 6C"], "AD 4D 7D QD")
    book = call("hand", body)
    house = call("hand", {**body, "settings": {"crib_four_flush": True}})
    assert book["crib_score"] == 2 and house["crib_score"] == 6
    assert book["shows"] == house["shows"]


# ---------------------------------------------------------------------------
# Properties: the show against a counter of our own


def recount(cards, starter, crib, four_flush=False):
    """§2 counted again: fifteens over every subset by bitmask, pairs by rank, runs by §9's
    second formula (the longest window of present ranks × the product of their counts),
    the flushes and nobs."""
    five = [*cards, starter]
    ranks = [RANKS.index(card[:-1]) + 1 for card in five]
    values = [min(rank, 10) for rank in ranks]
    fifteens = 2 * sum(
        1 for mask in range(1, 32) if sum(values[bit] for bit in range(5) if mask >> bit & 1) == 15
    )
    counts = Counter(ranks)
    pairs = sum(count * (count - 1) for count in counts.values())
    runs, length = 0, 0
    for low in range(1, 14):
        high = low
        while high + 1 in counts:
            high += 1
        if low in counts and (low - 1) not in counts and high - low + 1 >= 3:
            product = 1
            for rank in range(low, high + 1):
                product *= counts[rank]
            if high - low + 1 > length:
                runs, length = (high - low + 1) * product, high - low + 1
    suits = {card[-1] for card in cards}
    if len(suits) == 1 and starter[-1] in suits:
        flush = 5
    elif len(suits) == 1 and (not crib or four_flush):
        flush = 4
    else:
        flush = 0
    nobs = int(any(card[:-1] == "J" and card[-1] == starter[-1] for card in cards))
    return fifteens + pairs + runs + flush + nobs


dealt = st.permutations(DECK).map(lambda deck: (list(deck[:4]), deck[4]))


@tries(500)
@given(cards=dealt, crib=st.booleans(), four_flush=st.booleans())
def test_every_show_equals_an_independent_recount(cards, crib, four_flush):
    four, starter = cards
    counted = scoring.score_show(four, starter, crib, HouseRules(crib_four_flush=four_flush))
    assert counted.score == recount(four, starter, crib, four_flush)
    parts = counted.fifteens + counted.pairs + counted.runs + counted.flush + counted.nobs
    assert parts == counted.score


@tries(500)
@given(cards=dealt)
def test_no_show_is_19_25_26_27_or_above_29_and_a_crib_never_beats_its_hand(cards):
    four, starter = cards
    counted = scoring.score_show(four, starter).score
    assert counted not in {19, 25, 26, 27} and 0 <= counted <= 29
    assert scoring.score_show(four, starter, crib=True).score <= counted


def test_the_five_card_combinations_recount_every_29():
    # Of all the hands, only the 29 (four 5s but the one matching the jack) scores 29.
    for jack in "SHDC":
        fives = [f"5{suit}" for suit in "SHDC" if suit != jack]
        starter = f"5{jack}"
        assert scoring.score_show([*fives, f"J{jack}"], starter).score == 29


@st.composite
def games(draw):
    """A game of legal hands for 2–4 players to 61 or 121, often long enough to end."""
    players = draw(st.integers(2, 4))
    most = scoring.PEGGING_MOST[players]
    hands = []
    for _ in range(draw(st.integers(1, 12))):
        deck = draw(st.permutations(DECK))
        seats = [list(deck[4 * seat : 4 * seat + 4]) for seat in range(players)]
        crib = list(deck[4 * players : 4 * players + 4])
        pegging = [draw(st.integers(0, min(most, 12))) for _ in range(players)]
        hands.append(
            {"starter": deck[4 * players + 4], "hands": seats, "crib": crib, "pegging": pegging}
        )
    target = draw(st.sampled_from([61, 121]))
    first = draw(st.integers(0, players - 1))
    return {"settings": {"target": target, "first_dealer": first}, "hands": hands}


def until_the_end(hands, target, first):
    """The game's hands up to the one it ends in (all of them if it goes on)."""
    for count in range(1, len(hands) + 1):
        result = scoring.score_game(hands[:count], HouseRules(target=target), first)
        if result.game_over:
            return hands[:count], result
    return hands, result


@tries(300)
@given(body=games())
def test_a_game_counts_nothing_after_its_end(body):
    settings = body["settings"]
    target, first = settings["target"], settings["first_dealer"]
    entered = [scoring.HandInput(**{"dealer": None, **hand}) for hand in body["hands"]]
    players = len(body["hands"][0]["hands"])
    try:
        hands, result = until_the_end(entered, target, first)
    except RuleError as error:
        # Two sides pegging out at once is the only error legal hands can make.
        assert error.code == "pegging_conflict", error.message
        return
    # The totals are the points counted, seat by seat, added by side.
    by_side = [0] * (2 if players == 4 else players)
    for counted in result.hands:
        for seat, points in enumerate(counted.scores):
            by_side[seat % 2 if players == 4 else seat] += points
        # No hand counts more than it holds, and a hand that goes on counts all of it.
        full = counted.result.hand_scores
        assert all(0 <= got <= whole for got, whole in zip(counted.scores, full, strict=True))
        if counted.stage is None:
            assert counted.scores == full
    assert list(result.totals) == by_side
    if result.game_over:
        # The game ended in its last hand: one side at the target, the others below; a
        # hand after it is refused.
        assert result.hands[-1].stage is not None
        assert result.totals[result.winner] >= target
        assert all(t < target for side, t in enumerate(result.totals) if side != result.winner)
        if len(hands) < len(entered):
            with pytest.raises(RuleError, match="after the game ended"):
                scoring.score_game([*hands, entered[len(hands)]], HouseRules(target=target), first)
    else:
        assert max(result.totals) < target
        assert result.next_dealer == (first + len(hands)) % players


@tries(200)
@given(body=games())
def test_the_game_endpoint_and_the_rules_core_agree(body):
    answer = call("game", body)
    if isinstance(answer, tuple):
        return
    hands = [scoring.HandInput(**{"dealer": None, **hand}) for hand in body["hands"]]
    settings = body["settings"]
    result = scoring.score_game(
        hands, HouseRules(target=settings["target"]), settings["first_dealer"]
    )
    assert answer["totals"] == list(result.totals)
    assert answer["game_over"] == result.game_over


# ---------------------------------------------------------------------------
# At the table: the piles in the details, the pegging asked per seat


def table(*names, **settings):
    decks, stored = CRIBBAGE.start(len(names), settings)
    return Table(names, decks, stored)


def played(cards, crib, starter, *pegging):
    details = {"crib": crib, "starter": starter}
    details |= {f"pegging_{seat}": points for seat, points in enumerate(pegging)}
    return Played(tuple(cards), details)


def test_the_kind_names_its_piles_and_bounds_the_pegging_by_the_table():
    assert [(pile.key, pile.size) for pile in CRIBBAGE.piles] == [("crib", 4), ("starter", 1)]
    for players, most in ((2, 30), (3, 37), (4, 60)):
        (question,) = CRIBBAGE.asks(table(*"ABCD"[:players])).seat
        assert question.key == "pegging" and question.most == most


def test_a_hand_at_the_table_scores_as_the_api_does():
    # §4's hand, dealt at the table by seat 0 (the first dealer): Ann's 19, Ben's 17.
    standings = CRIBBAGE.standings(
        table("Ann", "Ben"),
        [played(["2C 3C 4C 6C", "5S 5H 10D KS"], "AD 9S 7H QH", "JC", 5, 3)],
    )
    (row,) = standings.rows
    assert row.scores == (19, 17) and row.dealer == "Ann"
    assert standings.totals == (19, 17) and standings.leaders == ("Ann",)
    assert standings.next_dealer == "Ben" and not standings.complete
    assert "His heels: 2 to Ann." in row.explanation
    # The board reads like a pegboard: how far each player has to go to 121.
    assert standings.to_go == (102, 104) and standings.notes == ()


def test_the_game_at_the_table_stops_where_the_spec_says_and_says_so():
    # api.md §6.3's game at the table, to 61: Ben wins on his show in hand 3.
    names = ("Ann", "Ben")
    rows = [
        played(
            [" ".join(cards) for cards in entry["hands"]],
            " ".join(entry["crib"]),
            entry["starter"],
            *entry["pegging"],
        )
        for entry in API_GAME["hands"]
    ]
    standings = CRIBBAGE.standings(table(*names, preset="once_around"), rows)

    assert standings.totals == (59, 67) and standings.complete
    assert standings.winners == ("Ben",) and standings.next_dealer == ""
    # Hand 3 (Ann deals): pegging 2 and 2, then Ben's 18; Ann's hand and crib uncounted.
    assert standings.rows[-1].scores == (2, 20)
    assert standings.rows[-1].explanation.endswith(
        "Ben pegs out at 67 in the shows; Ann's hand and the crib are not counted."
    )
    assert standings.notes[-2:] == (
        "Ben wins at 67 (the game is to 61).",
        "Ann is not skunked, at 59.",
    )
    # A fourth hand is refused: the game is over.
    checked, problems = CRIBBAGE.check(
        table(*names, preset="once_around"),
        4,
        rows[0],
        dict(enumerate(rows, start=1)),
    )
    assert checked is None and problems[0].code == "invalid_input"


def test_partners_share_a_side_and_both_win():
    names = ("Ann", "Ben", "Cy", "Dee")
    row = played(
        ["AS 2S 3S 4S", "5H 5C 10D KD", "7H 8H 9C 6D", "QH QC KH 2D"],
        "9H 3D AD 8C",
        "JS",
        0,
        60,
        4,
        1,
    )
    # Hand 1 at the table is dealt by Ann (seat 0), the HANDS' `partners` cards: to 121 the
    # hand is counted in full. Ann 0 + 13 + crib 0 + heels 2; Ben 60 + 14; Cy 4 + 8;
    # Dee 1 + 8: the sides 27 and 83.
    standings = CRIBBAGE.standings(table(*names), [row])
    assert standings.totals == (15, 74, 12, 9)
    assert standings.leaders == ("Ben", "Dee") and standings.winners is None
    assert standings.to_go == (94, 38, 94, 38)
    assert standings.notes[-1] == (
        "On the board: Ann and Cy 27 (94 to go), Ben and Dee 83 (38 to go)."
    )
    over = CRIBBAGE.standings(table(*names, target=61), [row])
    assert over.complete and over.winners == ("Ben", "Dee") and over.to_go == ()
    # Heels (Ann 2), then the pegging takes Ben and Dee to 61: nothing else counts.
    assert over.totals == (2, 60, 4, 1)


def test_the_preview_counts_each_hand_and_the_crib_aloud_once_the_starter_is_in():
    names = table("Ann", "Ben")
    entry = played(["2C 3C 4C 6C", "5S 5H 10D KS"], "AD 9S 7H QH", "JC")
    ann, ben, crib, starter = CRIBBAGE.preview(names, 1, entry, {})
    assert (ann.score, ben.score, crib.score) == (12, 14, 0)
    assert (
        ann.text
        == "fifteen two, fifteen four, a run of three is seven and a flush of five is twelve"
    )
    assert crib.text == "nineteen: nothing"
    assert "His heels" in starter.text and "Ann" in starter.text
    assert [p.complete_at for p in (ann, ben, crib, starter)] == [4, 4, 4, 1]
    # Without the starter nothing is counted yet.
    waiting = CRIBBAGE.preview(names, 1, played(entry.cards, "AD 9S 7H QH", ""), {})
    assert all(p.score is None and not p.problem for p in waiting)


def test_the_preview_puts_each_problem_on_the_seat_or_pile_at_fault():
    names = table("Ann", "Ben")
    entry = played(["2C 3C 4C 6C 7C", "5S 5H 10D XX"], "AD 9S 7H 2C", "5S")
    ann, ben, crib, starter = CRIBBAGE.preview(names, 1, entry, {})
    assert "5 cards" in ann.problem
    assert "XX" in ben.problem
    assert "2♣" in crib.problem and "Ann" in crib.problem
    # Ben's cards did not read, so the starter's 5♠ is nobody else's.
    assert not starter.problem
    clash = CRIBBAGE.preview(names, 1, played(["2C 3C 4C 6C", "5S 5H 10D KS"], "", "5S"), {})
    assert "Ben" in clash[3].problem and not clash[1].problem


def test_a_missing_starter_or_crib_is_said_at_the_table():
    names = table("Ann", "Ben")
    no_starter = played(["2C 3C 4C 6C", "5S 5H 10D KS"], "AD 9S 7H QH", "")
    _, problems = CRIBBAGE.check(names, 1, no_starter, {})
    assert problems[0].code == "invalid_input" and "starter" in problems[0].message
    # Said at the pile: the table shows it there.
    assert problems[0].player == "starter"
    no_crib = played(["2C 3C 4C 6C", "5S 5H 10D KS"], "", "JC")
    _, problems = CRIBBAGE.check(names, 1, no_crib, {})
    assert problems[0].code == "missing_hand" and "crib" in problems[0].message
    assert problems[0].player == "crib"
