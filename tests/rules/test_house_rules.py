"""House rules in the rules core (`shared/rules/house-rules.md`, `shared/api.md` §4): every
worked example through the kinds' own endpoints, the reading of `settings` (H1–H6), a
stored game scored by the rules it holds, and the book preset scoring as no house rules
at all (H7).

Every expected value is the spec's; none comes from the code under test.
"""

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.rules import KINDS
from games.rules.cards import RANKS, SUITS
from games.rules.errors import RuleError
from games.rules.indian_rummy import house as indian_rummy_house
from games.rules.indian_rummy import scoring as indian_rummy
from games.rules.kind import Played, Table
from tests.properties import tries
from tests.rules.carousel_examples import knocks
from tests.rules.cribbage_examples import hands as cribbage_hands
from tests.rules.gin_rummy_examples import knocks as gin_knocks
from tests.rules.hearts_examples import hand_bodies as hearts_hands
from tests.rules.house_examples import every_example, seat, three_thirteen, tong_its
from tests.rules.indian_chief_examples import rounds
from tests.rules.indian_rummy_examples import deals
from tests.rules.three_thirteen_examples import revealed_hands
from tests.rules.tong_its_examples import hands as tong_its_hands


def answer(slug, endpoint, body):
    """The endpoint's answer, or its error as (code, message, player)."""
    try:
        return KINDS[slug].endpoints[endpoint](body)
    except RuleError as error:
        return error.code, error.message, error.player


@every_example
def test_every_worked_example_scores_as_the_spec_says(example):
    got = answer(example.slug, example.endpoint, example.body)

    if example.code:
        assert isinstance(got, tuple) and got[0] == example.code, got
        if example.player is not None:
            assert got[2] == example.player
    else:
        assert isinstance(got, dict), got
        assert {key: got[key] for key in example.fields} == example.fields


# ---------------------------------------------------------------------------
# Reading `settings` (H1–H6)


def refused(slug, endpoint, body):
    got = answer(slug, endpoint, body)
    assert isinstance(got, tuple) and got[0] == "invalid_input", got
    return got[1]


CAROUSEL_HAND = {"knocker": 0, "hands": [["AS"], ["KS"]]}


@pytest.mark.parametrize("settings", ["knock_max", ["knock_max"], 5, True])
def test_settings_that_are_no_object_are_refused_by_name(settings):
    message = refused("carousel", "hand", {**CAROUSEL_HAND, "settings": settings})
    assert "“settings”" in message


def test_a_key_of_no_house_rule_is_named_with_the_keys_allowed():
    message = refused("carousel", "hand", {**CAROUSEL_HAND, "settings": {"knock_maxx": 5}})
    # api.md §4.4's own example.
    assert message == "“knock_maxx” is not a Carousel house rule; use preset or knock_max."


@pytest.mark.parametrize("value", ["5", 5.0, True, 6, "five"])
def test_a_value_not_offered_is_named_with_the_values_allowed(value):
    message = refused("carousel", "hand", {**CAROUSEL_HAND, "settings": {"knock_max": value}})
    assert message.startswith("“knock_max” must be one of 4, 5, not ")


@pytest.mark.parametrize(
    ("slug", "endpoint", "body"),
    [
        ("rummy", "hand", {"winner": 0, "hands": [[], ["2C"]]}),
        ("indian-chief", "meld", {"cards": ["KS"]}),
        ("tong-its", "deadwood", {"cards": ["KS"]}),
    ],
)
def test_a_preset_of_another_game_is_named_with_the_presets_allowed(slug, endpoint, body):
    message = refused(slug, endpoint, {**body, "settings": {"preset": "knock_five"}})
    assert message.startswith('“preset” must be one of "book"')


def test_true_is_not_the_ace_value_1_nor_a_string_a_number():
    body = {"winner": 0, "hands": [[], ["AC"]]}
    for value in (True, "11", 11.0):
        message = refused("rummy", "hand", {**body, "settings": {"ace_value": value}})
        assert message.startswith("“ace_value” must be one of 1, 11, 15")


def test_settings_are_read_before_anything_else_in_the_request():
    # No hands at all, and a bad house rule: the house rule is what is said.
    message = refused("carousel", "hand", {"settings": {"knock_max": 6}})
    assert "knock_max" in message


def test_a_setting_only_another_endpoint_takes_is_refused():
    # Rummy's /game takes an end; one hand does not.
    message = refused(
        "rummy", "hand", {"winner": 0, "hands": [[], ["2C"]], "settings": {"target_score": 60}}
    )
    assert "“target_score” is not a Rummy house rule" in message


@pytest.mark.parametrize("own", [{"preset": "book"}, {"knock_max": 5}, {"decks": 1}])
def test_a_hand_of_a_game_may_not_set_house_rules_of_its_own(own):
    hand = {**CAROUSEL_HAND, "settings": own}
    message = refused("carousel", "game", {"hands": [hand]})
    assert message.startswith("Hand 1:") and "cannot set" in message


def test_a_deal_of_indian_rummy_may_still_set_its_own_wild_rank_but_nothing_else():
    loser = ["9S", "10S", "JS", "4D", "4C", "QD", "2S", "6H", "8D", "JK", "3C", "5C", "7S"]
    deal = {"winner": 0, "hands": [None, loser]}
    scored = answer("indian-rummy", "game", {"hands": [{**deal, "settings": {"wild_rank": "5"}}]})
    assert isinstance(scored, dict)
    message = refused("indian-rummy", "game", {"hands": [{**deal, "settings": {"preset": "book"}}]})
    assert "“preset”" in message


def test_rules_are_said_back_only_when_a_preset_or_house_rule_is_named():
    hand = {"winner": 0, "hands": [[], ["2C"]]}
    for settings in (None, {}, {"preset": None}, {"ace_value": None}):
        body = hand if settings is None else {**hand, "settings": settings}
        assert "rules" not in answer("rummy", "hand", body)
    named = answer("rummy", "hand", {**hand, "settings": {"jokers": "none"}})
    assert named["rules"] == {
        "preset": "book",
        "options": {
            "ace_value": 1,
            "going_rummy": "double",
            "scoring": "winner_collects",
            "jokers": "none",
        },
    }


def test_an_option_given_overrides_the_preset_which_overrides_the_book():
    hand = {"winner": 2, "went_rummy": True, "hands": [["KS", "4D"], ["AH", "2H", "3H"], []]}
    settings = {"preset": "penalty", "scoring": "winner_collects", "ace_value": 11}
    got = answer("rummy", "hand", {**hand, "settings": settings})
    # Winner collects (the option over the preset), the ace at 11: (14 + 16) × 2.
    assert got["hand_scores"] == [0, 0, 60]
    assert got["rules"]["preset"] == "penalty"
    assert got["rules"]["options"]["scoring"] == "winner_collects"
    thieves = {"players": [{"name": "Ann", "cards": ["AS"]}, {"name": "Ben", "cards": ["7D"]}]}
    got = answer(
        "indian-chief", "round", {**thieves, "settings": {"preset": "bga", "thief_ace": "first"}}
    )
    assert got["thief_order"] == [["Ann"], ["Ben"]]


def test_under_two_or_three_decks_a_request_may_not_ask_for_other_decks():
    body = {"cards": ["KS"], "decks": 1, "settings": {"decks": 2}}
    got = answer("indian-chief", "meld", body)
    assert got[0] == "invalid_deck_count"
    # Ten players under three decks pass the player count; nine under two do not.
    players = [{"name": f"P{seat}", "cards": [f"{seat + 2}S"]} for seat in range(9)]
    ten = [*players, {"name": "Q", "cards": ["QS"]}]
    assert answer("indian-chief", "round", {"players": ten, "settings": {"decks": 3}})["decks"] == 3
    assert answer("indian-chief", "round", {"players": players, "settings": {"decks": 2}})[0] == (
        "invalid_player_count"
    )


# ---------------------------------------------------------------------------
# Tong-Its's kings (H22) and pot (H21), Three Thirteen's jokers (H41): what is read, and
# what is refused

FOLDED = {"caller": 0, "responses": [None, "fold", "fold"]}
KINGS_PAY = {"ace_bonus_ranks": "A_K"}


def test_meld_kings_is_ignored_where_only_aces_pay():
    players = [seat(["KC", "2D"], meld_kings="two"), seat(), seat()]
    assert answer("tong-its", "hand", tong_its("draw", players, **FOLDED))["payments"] == [0, 1, 1]


@pytest.mark.parametrize("kings", ["two", -1, 1.5, True, [2]])
def test_where_kings_pay_meld_kings_must_be_a_whole_number_checked_with_meld_aces(kings):
    # Seat 1's card is no card, but the kings are checked first, in the `invalid_input`
    # step beside the aces.
    players = [seat(["KC", "2D"], meld_kings=kings), seat(["1Z"]), seat()]
    code, message, player = answer(
        "tong-its", "hand", tong_its("draw", players, KINGS_PAY, **FOLDED)
    )
    assert (code, player) == ("invalid_input", 0)
    assert "“meld_kings”" in message


def test_where_kings_pay_more_than_four_kings_accounted_for_is_a_duplicate_after_the_aces():
    # Seat 0 melded 3 kings and seat 1 holds two: 5 kings.
    players = [seat(["2D"], meld_kings=3), seat(["KD", "KS"]), seat()]
    body = tong_its("draw", players, KINGS_PAY, **FOLDED)
    code, message, player = answer("tong-its", "hand", body)
    assert (code, player) == ("duplicate_card", 1)
    assert "kings entered to 5" in message
    # Only aces are counted by the book: the same hand scores.
    assert answer("tong-its", "hand", {**body, "settings": {}})["payments"] == [0, 1, 1]
    # A face-down four of kings is four of them.
    players = [seat([], face_down_quads=["K"], meld_kings=1), seat(), seat()]
    body = tong_its("tongit", players, KINGS_PAY, caller=0)
    assert answer("tong-its", "hand", body)[:1] == ("duplicate_card",)
    # Too many aces and too many kings: the aces are said.
    players = [seat(["2D"], meld_aces=5, meld_kings=5), seat(), seat()]
    code, message, _ = answer("tong-its", "hand", tong_its("draw", players, KINGS_PAY, **FOLDED))
    assert code == "duplicate_card" and "aces" in message


def test_where_every_winner_takes_the_pot_the_previous_winner_is_not_read():
    state = {"pot": 10, "previous_winner": 7}
    body = tong_its("tongit", [seat([]), seat(), seat()], caller=0, state_before=state)
    assert answer("tong-its", "hand", body)[0] == "invalid_input"
    got = answer("tong-its", "hand", {**body, "settings": {"pot_rule": "every_hand"}})
    assert (got["pot_awarded"], got["pot_after"]) == (16, 0)


def test_a_tong_its_game_under_every_hand_pays_each_winner_the_pot():
    hands = [
        tong_its("tongit", [seat([]), seat(), seat()], caller=0),
        tong_its("tongit", [seat(), seat([]), seat()], caller=1),
    ]
    # Hand 1: seat 0 takes 3 + 3 and the pot of 6 (−2 + 12); hand 2 the same for seat 1.
    got = answer("tong-its", "game", {"hands": hands, "settings": {"preset": "every_hand_pot"}})
    assert (got["totals"], got["pot"]) == ([10 - 5, -5 + 10, -10], 0)
    # By the book nobody won twice running: the pot grows to 12.
    got = answer("tong-its", "game", {"hands": hands})
    assert (got["totals"], got["pot"]) == ([4 - 5, -5 + 4, -10], 12)


def test_three_thirteen_plays_two_jokers_a_deck():
    # Three players play two decks: four jokers, with 2♠ an all-wild-but-one meld.
    four = ["JK", "JK", "JK", "JK", "2S"]
    assert answer("three-thirteen", "deadwood", three_thirteen(four, 3, 3, jokers="wild_50")) == {
        "deadwood": 0,
        "melds": [four],
        "unmatched": [],
        "rules": {
            "preset": "book",
            "options": {"face_values": 10, "jokers": "wild_50", "wild_unmelded": "face"},
        },
    }
    five = ["JK", "JK", "JK", "JK", "JK"]
    got = answer("three-thirteen", "deadwood", three_thirteen(five, 3, 3, jokers="wild_50"))
    assert got[0] == "duplicate_card"
    got = answer("three-thirteen", "deadwood", three_thirteen(["JK", "2S", "9D"], 1))
    assert got[0] == "invalid_card"


@pytest.mark.parametrize(
    ("slug", "option", "value"),
    [
        ("three-thirteen", "face_values", "10"),
        ("three-thirteen", "face_values", 11),
        ("three-thirteen", "wild_unmelded", "20"),
        ("three-thirteen", "jokers", "wild_15"),
        ("tong-its", "ace_bonus_ranks", "K"),
        ("tong-its", "fold_pays", 1),
    ],
)
def test_a_value_of_tong_its_or_three_thirteen_not_offered_is_refused(slug, option, value):
    message = refused(slug, "deadwood", {"cards": ["KS"], "settings": {option: value}})
    assert message.startswith(f"“{option}” must be one of ")


# ---------------------------------------------------------------------------
# A stored game is scored by the rules it holds


def test_a_stored_carousel_game_knocks_with_5_under_its_preset():
    kind = KINDS["carousel"]
    decks, stored = kind.start(2, kind.settings.chosen({"preset": "knock_five"}))
    assert stored == {"preset": "knock_five", "knock_max": 5}
    table = Table(("Ann", "Ben"), decks, stored)
    hand = Played(("3C 2D", "KS"), {"knocker": 0})

    assert kind.standings(table, [hand]).totals == (5, 0)
    with pytest.raises(RuleError, match="a knock needs 4 or less"):
        kind.standings(Table(("Ann", "Ben"), decks, {}), [hand])


def test_a_stored_penalty_rummy_game_is_won_by_the_lowest_total():
    kind = KINDS["rummy"]
    decks, stored = kind.start(3, {"target_score": 60, "preset": "penalty"})
    table = Table(("Ann", "Ben", "Cy"), decks, stored)
    played = [
        Played(("", "KS QS 9S", "AH KH"), {"winner": 0}),
        Played(("KD QD AD", "", "9C"), {"winner": 1}),
        Played(("KC QC 5C", "JS JH JD 9H", ""), {"winner": 2}),
    ]
    standings = kind.standings(table, played)

    assert standings.totals == (46, 68, 20)
    assert standings.complete and standings.winners == ("Cy",)
    assert standings.leaders == ("Cy",)


def test_a_stored_rummy_game_with_jokers_takes_them_and_counts_15():
    kind = KINDS["rummy"]
    decks, stored = kind.start(2, {"jokers": "wild_15"})
    table = Table(("Ann", "Ben"), decks, stored)
    assert kind.jokers(table) == 2
    assert kind.standings(table, [Played(("", "JK 2C"), {"winner": 0})]).totals == (17, 0)


def test_a_stored_indian_chief_game_of_three_decks_seats_ten():
    kind = KINDS["indian-chief"]
    names = tuple(f"P{seat}" for seat in range(10))
    decks, stored = kind.start(10, kind.settings.chosen({"preset": "book", "decks": 3}))
    assert decks == 3 and stored["decks"] == 3
    table = Table(names, decks, stored)
    cards = ("QH", "QH", "QH", "2C", "3C", "4C", "5C", "6C", "7C", "8C")
    assert kind.standings(table, [Played(cards)]).totals[:4] == (10, 10, 10, 2)
    # Without a rule set the page's deck count is today's: 1 or 2, 2 to 8 players.
    assert kind.start(3, {"decks": 2}) == (2, {})
    with pytest.raises(RuleError):
        kind.start(10, {})


def test_a_stored_indian_chief_game_orders_an_ace_thief_last_under_bga():
    kind = KINDS["indian-chief"]
    decks, stored = kind.start(2, {"preset": "bga"})
    standings = kind.standings(Table(("Ann", "Ben"), decks, stored), [Played(("AS", "7D"))])
    assert standings.rows[0].steals.order == (("Ben",), ("Ann",))


def test_a_stored_online_tong_its_game_asks_the_winner_for_kings_and_pays_every_winner():
    kind = KINDS["tong-its"]
    decks, stored = kind.start(3, kind.settings.chosen({"preset": "online"}))
    table = Table(("Ann", "Ben", "Cy"), decks, stored)
    asked = [question.key for question in kind.asks(table).seat]
    assert asked[asked.index("meld_aces") + 1] == "meld_kings"
    assert "meld_kings" not in [question.key for question in kind.questions.seat]
    # api.md §4.4's example: Ann wins a challenged draw with a king in her melds.
    answers = {"end": "draw", "caller": 0, "response_1": "challenge", "response_2": "fold"}
    answers |= {"opened_1": True, "opened_2": True, "meld_kings_0": 1}
    standings = kind.standings(table, [Played(("2C 3H", "9S KD", ""), answers)])

    assert standings.totals == (10, -6, -4)
    assert standings.notes[0] == "Pot: 0 chips, taken by every winner."
    # By the book the king pays nothing and Cy pays 3: 4 − 2 … and the pot stays.
    book = kind.standings(
        Table(table.players, decks, {}), [Played(("2C 3H", "9S KD", ""), answers)]
    )
    assert book.totals == (4, -5, -5)


def test_a_stored_three_thirteen_game_with_jokers_takes_them_and_counts_20():
    kind = KINDS["three-thirteen"]
    decks, stored = kind.start(3, {"preset": "with_jokers"})
    table = Table(("Ann", "Ben", "Cy"), decks, stored)
    assert kind.jokers(table) == 4
    assert kind.jokers(Table(table.players, decks, {})) == 0
    hand = Played(("", "JK 2S 9D", "7S 7D JK"), {"went_out": 0})
    assert kind.standings(table, [hand]).totals == (0, 31, 0)
    with pytest.raises(RuleError, match="without jokers"):
        kind.standings(Table(table.players, decks, {}), [hand])


# ---------------------------------------------------------------------------
# H7: the book preset is no house rules at all


def as_body(value):
    """A rules-core input (the games' own dataclasses) as the JSON the API takes."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        fields = {
            field.name: as_body(getattr(value, field.name)) for field in dataclasses.fields(value)
        }
        return {key: item for key, item in fields.items() if item is not None}
    if isinstance(value, tuple | list):
        return [as_body(item) for item in value]
    return value


@st.composite
def rummy_hands(draw):
    """A legal Rummy hand: one deck dealt to the losers, the winner holding nothing."""
    players = draw(st.integers(2, 6))
    deck = draw(st.permutations([rank + suit for rank in RANKS for suit in SUITS]))
    winner = draw(st.integers(0, players - 1))
    sizes = [0 if seat == winner else draw(st.integers(0, 7)) for seat in range(players)]
    hands = [deck[sum(sizes[:seat]) : sum(sizes[: seat + 1])] for seat in range(players)]
    return {"winner": winner, "went_rummy": draw(st.booleans()), "hands": hands}


# Each game's hands, from the generators its own properties use.
HANDS = {
    "carousel": knocks().map(as_body),
    "rummy": rummy_hands(),
    "three-thirteen": revealed_hands().map(as_body),
    "indian-rummy": deals().map(as_body),
    "tong-its": tong_its_hands().map(as_body),
    "cribbage": cribbage_hands(),
    "hearts": hearts_hands(),
    "gin-rummy": gin_knocks(),
}
ENDS = st.sampled_from([{}, {"target_score": 60}, {"max_hands": 2}, {"max_deals": 2}])


def reveal_body(reveal):
    body = {"name": reveal.name, "cards": list(reveal.cards)}
    return body | ({"meld": reveal.meld.value} if reveal.meld else {})


@st.composite
def indian_chief_requests(draw, endpoint):
    reveals, decks, _ = draw(rounds())
    players = [reveal_body(reveal) for reveal in reveals]
    body = {
        "meld": {"cards": players[0]["cards"], "table": players[1]["cards"]},
        "round": {"players": players},
        "game": {"players": [player["name"] for player in players], "rounds": [players]},
    }[endpoint]
    return body | ({"decks": decks} if decks is not None else {})


@st.composite
def requests(draw):
    """(slug, endpoint, body): a request to any endpoint of any game, mostly legal."""
    slug = draw(st.sampled_from(sorted(KINDS)))
    endpoint = draw(st.sampled_from(sorted(KINDS[slug].endpoints)))
    if slug == "indian-chief":
        return slug, endpoint, draw(indian_chief_requests(endpoint))
    hand = HANDS[slug]
    if endpoint == "hand":
        return slug, endpoint, draw(hand)
    if endpoint == "game":
        hands = draw(st.lists(hand, min_size=1, max_size=3))
        if slug == "three-thirteen":
            hands = [{**entry, "hand_number": number} for number, entry in enumerate(hands, 1)]
        return slug, endpoint, {"settings": draw(ENDS), "hands": hands}
    entry = draw(hand)
    cards = next((cards for cards in entry.get("hands", []) if cards), ["KS"])
    if slug == "cribbage":
        # Cribbage's third endpoint is `/show`: one hand's cards with the starter.
        return slug, endpoint, {"cards": cards, "starter": entry["starter"]}
    context = {"players": len(entry.get("hands", [])), "hand_number": entry.get("hand_number")}
    return slug, endpoint, {"cards": cards, "context": context}


@tries(200)
@given(request=requests())
def test_the_book_preset_scores_every_request_as_no_house_rules(request):
    slug, endpoint, body = request
    book = {**body, "settings": {**body.get("settings", {}), "preset": "book"}}

    plain = answer(slug, endpoint, body)
    booked = answer(slug, endpoint, book)

    if isinstance(plain, dict):
        assert isinstance(booked, dict), booked
        said = booked.pop("rules")
        assert said["preset"] == "book"
        assert said["options"] == {
            rule.key: rule.default for rule in KINDS[slug].settings.house_rules
        }
        assert "rules" not in plain
    assert booked == plain


# ---------------------------------------------------------------------------
# Indian Rummy: the order of the new checks (api.md §4.2), stored games, and properties

SHOWN_30 = "9S 10S JS 4D 4C QD 2S 6H 8D JK 3C 5C 7S"


def indian_deal(winner, hands, outcomes=None, **settings):
    body = {"winner": winner, "hands": hands}
    if outcomes is not None:
        body["outcomes"] = outcomes
    return body | ({"settings": settings} if settings else {})


def test_a_drop_the_rules_do_not_have_is_refused_in_api_md_s_words():
    body = indian_deal(0, [None, None, SHOWN_30.split()], [None, "first_drop", None])
    assert answer("indian-rummy", "hand", body) == (
        "invalid_input",
        "Seat 1 cannot first-drop: these rules have no first drop.",
        1,
    )


@pytest.mark.parametrize(
    ("body", "said"),
    [
        # The end of a game of deals, before any deal is read.
        (
            {"settings": {"preset": "points", "target_score": 100}, "hands": [{"winner": 9}]},
            "“target_score” ends a game of deals",
        ),
        (
            {"settings": {"format": "pool_201", "max_deals": 3}, "hands": [{"hands": "none"}]},
            "“max_deals” ends a game of deals",
        ),
    ],
)
def test_an_end_outside_deals_is_refused_for_the_request_as_a_whole(body, said):
    assert refused("indian-rummy", "game", body).startswith(said)


@pytest.mark.parametrize(
    ("body", "said"),
    [
        # The hand's other invalid_input checks come first: the winner's seat…
        (indian_deal(5, [None, ["ZZ"]], "all dropped"), "“winner”"),
        # …then the outcomes, before any card is read.
        (indian_deal(0, [None, ["ZZ"]], [None]), "“outcomes” must list one entry per seat (2)"),
        (indian_deal(0, [None, ["ZZ"]], "first_drop"), "“outcomes” must list one entry per seat"),
        # Each outcome's name, over every seat, before the outcomes the rules have…
        (
            indian_deal(0, [None, None, None], ["first_drop", None, "dropped"]),
            "Seat 2's outcome must be null or one of",
        ),
        # …which come before the winner's own outcome.
        (
            indian_deal(0, [None, None, None], ["first_drop", "wrong_show", None]),
            "Seat 0 cannot first-drop",
        ),
        (
            indian_deal(0, [None, None, None], ["first_drop", None, None], preset="points"),
            "Seat 0 won the deal, so it has no outcome",
        ),
        (
            indian_deal(
                0, [None, None, None], ["first_drop", "middle_drop", "first_drop"], preset="points"
            ),
            "Every seat dropped or made a wrong show",
        ),
    ],
)
def test_outcomes_are_checked_after_the_hand_s_other_invalid_input_checks(body, said):
    assert said in refused("indian-rummy", "hand", body)


def pool_game(*deals):
    return {"settings": {"preset": "pool_101"}, "hands": list(deals)}


# Two deals that put seat 1 out: 80 for a wrong show, then a middle drop (api.md §4.4).
OUT_AFTER_2 = (
    indian_deal(0, [None, None, None], [None, "wrong_show", "first_drop"]),
    indian_deal(2, [None, None, None], ["first_drop", "middle_drop", None]),
)


@pytest.mark.parametrize(
    ("third", "said"),
    [
        # A seat out of the pool is checked in the deal's first step: before its cards are
        # read (ZZ is no card), and before the outcomes (a list too short).
        (indian_deal(0, [None, ["ZZ"], None]), "Seat 1 is out of the pool"),
        (indian_deal(1, [None, None, None], [None]), "Seat 1 is out of the pool"),
        (indian_deal(0, [None, None, None], [None, "first_drop"]), "Seat 1 is out of the pool"),
    ],
)
def test_a_seat_out_of_the_pool_is_refused_in_the_deal_s_first_step(third, said):
    message = refused("indian-rummy", "game", pool_game(*OUT_AFTER_2, third))
    assert message.startswith(f"Hand 3: {said}")


def test_a_pool_game_is_scored_by_the_rules_it_stored_and_won_by_the_lowest():
    kind = KINDS["indian-rummy"]
    decks, stored = kind.start(3, {"preset": "pool_101"})
    assert stored["format"] == "pool_101" and stored["full_count"] == 80
    table = Table(("Ann", "Ben", "Cy"), decks, stored)
    counts_81 = "KS QH JD 10C 9S 8H 7D 6C 5S 4H JK 2C JK"
    shows_21 = "2S 3S 4S 5H 6H 7H 8D 9D 10D KC 6C 3D 2H"
    played = [
        # Ben shows 81, charged 80 (full count); Cy 30.
        Played(("", counts_81, SHOWN_30), {"winner": 0}),
        # Ann and Ben show 21: Ben is on 101 and out.
        Played((shows_21, shows_21, ""), {"winner": 2}),
    ]
    standings = kind.standings(table, played)

    assert kind.lowest_wins_at(table)
    assert standings.totals == (21, 101, 30)
    assert not standings.complete and standings.winners is None
    assert standings.leaders == ("Ann",)
    assert [row.dealer for row in standings.rows] == ["Ann", "Ben"]
    assert standings.next_dealer == "Cy"
    # The table ends the pool early: the lowest seat still in wins.
    assert kind.standings(table, played, ended=True).winners == ("Ann",)

    # Ben sits out; Cy shows 81 too and is out: Ann is the last one in.
    last = Played(("", "", counts_81.replace("KS", "KD")), {"winner": 0})
    over = kind.standings(table, [*played, last])
    assert over.totals == (21, 101, 110)
    assert over.complete and over.winners == ("Ann",)
    with pytest.raises(RuleError, match="Hand 3: Ben is out of the pool"):
        kind.standings(table, [*played, Played(("", shows_21, SHOWN_30), {"winner": 0})])


def test_a_stored_game_cannot_end_a_points_or_pool_game_by_target_or_deals():
    kind = KINDS["indian-rummy"]
    for preset in ("points", "pool_101"):
        with pytest.raises(RuleError, match="ends a game of deals"):
            kind.start(3, {"preset": preset, "target_score": 200})
    assert kind.start(3, {"preset": "book", "max_deals": 12})[1]["max_deals"] == 12


def test_a_stored_game_counts_shown_hands_under_its_life_rule():
    kind = KINDS["indian-rummy"]
    decks, stored = kind.start(2, {"life_rule": "two_sequences"})
    table = Table(("Ann", "Ben"), decks, stored)
    kings = "5S 6S 7S KH KD KC 2D 9C 4H 8D QS AC 3C"
    assert kind.standings(table, [Played(("", kings), {"winner": 0})]).totals == (94, -94)
    # The preview lays the hand out by the same rule: no melds, every card counts.
    preview = kind.preview(table, 1, Played(("", kings), {"winner": 0}), {})
    assert preview[1].text.startswith("deadwood:") and preview[1].text.endswith("= 94")


TWO = indian_rummy_house.HouseRules(life_rule="two_sequences")


@tries(40)
@given(entry=deals())
def test_two_sequences_never_charges_less_than_a_pure_sequence(entry):
    # H64: the second sequence only removes arrangements, so no count goes down.
    wild = entry.settings.wild_rank
    for cards in entry.hands:
        if cards is None:
            continue
        book = indian_rummy.deadwood(cards, wild_rank=wild).deadwood
        assert indian_rummy.deadwood(cards, wild_rank=wild, rules=TWO).deadwood >= book


@tries(40)
@given(entry=deals(), life=st.sampled_from(["pure_sequence", "two_sequences"]))
def test_a_full_count_of_80_charges_the_count_up_to_80(entry, life):
    # H62: the count under the life rule, capped; `deadwood` keeps the count.
    rules = indian_rummy_house.HouseRules(full_count=80, life_rule=life)
    result = indian_rummy.score_hand(entry, rules)
    uncapped = indian_rummy.score_hand(entry, indian_rummy_house.HouseRules(life_rule=life))
    assert result.deadwood == uncapped.deadwood
    for position, count in enumerate(result.deadwood):
        if position != entry.winner:
            assert result.hand_scores[position] == -min(count, 80)
    assert result.hand_scores[entry.winner] == sum(min(count, 80) for count in result.deadwood)
