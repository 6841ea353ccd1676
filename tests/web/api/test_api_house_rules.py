"""House rules through the JSON API (`shared/api.md` §4): every worked example of
`shared/rules/house-rules.md` built so far, and the reading of `settings` (H2–H6), over
HTTP as any client posts them.

Every expected value is the spec's own (the examples live in
`tests/rules/house_examples.py`); none comes from the code under test.
"""

import pytest

from games.rules import KINDS
from tests.rules.house_examples import every_example
from tests.web.api.calls import SLUGS, UNCHECKED, assert_error, first_hand, ok, post, url


@every_example
def test_every_worked_example_answers_as_the_spec_says(client, example):
    response = post(client, url(example.slug, example.endpoint), example.body)

    if example.code:
        player = UNCHECKED if example.player is None else example.player
        assert_error(response, example.code, player)
    else:
        body = ok(response)
        assert {key: body[key] for key in example.fields} == example.fields


def refused(client, path, body):
    return assert_error(post(client, path, body), "invalid_input", UNCHECKED)["message"]


CAROUSEL_HAND = {"knocker": 0, "hands": [["AS"], ["KS"]]}


@pytest.mark.parametrize("settings", ["book", [], 4, True])
@pytest.mark.parametrize("slug", list(KINDS))
def test_settings_that_are_no_object_are_refused_on_every_game(client, slug, settings):
    path = url(slug, next(iter(KINDS[slug].endpoints)))
    assert "“settings”" in refused(client, path, {"settings": settings})


@pytest.mark.parametrize("slug", list(KINDS))
def test_an_unknown_key_is_named_with_the_keys_a_game_takes(client, slug):
    path = url(slug, next(iter(KINDS[slug].endpoints)))
    message = refused(client, path, {"settings": {"house": 1}})
    assert message.startswith(f"“house” is not a {KINDS[slug].title} house rule; use preset")


def test_api_md_s_own_error_example(client):
    body = {**CAROUSEL_HAND, "settings": {"knock_maxx": 5}}
    message = refused(client, url("carousel", "hand"), body)
    assert message == "“knock_maxx” is not a Carousel house rule; use preset or knock_max."


@pytest.mark.parametrize(
    ("slug", "endpoint", "settings", "named"),
    [
        ("carousel", "hand", {"knock_max": "5"}, "“knock_max”"),
        ("carousel", "hand", {"knock_max": 5.0}, "“knock_max”"),
        ("carousel", "hand", {"knock_max": True}, "“knock_max”"),
        ("rummy", "hand", {"ace_value": True}, "“ace_value”"),
        ("rummy", "hand", {"scoring": "lowest"}, "“scoring”"),
        ("indian-chief", "meld", {"decks": "3"}, "“decks”"),
        ("indian-chief", "meld", {"preset": "online"}, "“preset”"),
        ("indian-chief", "meld", {"preset": 1}, "“preset”"),
        ("tong-its", "hand", {"pot_rule": "hitters"}, "“pot_rule”"),
        ("tong-its", "hand", {"preset": "five_crowns_values"}, "“preset”"),
        ("three-thirteen", "deadwood", {"face_values": "10"}, "“face_values”"),
        ("three-thirteen", "deadwood", {"wild_unmelded": "20"}, "“wild_unmelded”"),
        ("three-thirteen", "hand", {"jokers": True}, "“jokers”"),
    ],
)
def test_a_value_or_preset_not_offered_is_named(client, slug, endpoint, settings, named):
    message = refused(
        client, url(slug, endpoint), {"cards": ["KS"], **CAROUSEL_HAND, "settings": settings}
    )
    assert message.startswith(f"{named} must be one of ")


def test_settings_are_checked_before_the_rest_of_the_request(client):
    # Nothing else is right either: the house rule is what is said.
    message = refused(client, url("rummy", "game"), {"hands": "none", "settings": {"jokers": 2}})
    assert "“jokers”" in message


@pytest.mark.parametrize(
    "own", [{"preset": "penalty"}, {"scoring": "penalty"}, {"target_score": 5}]
)
def test_a_hand_of_a_game_holds_no_house_rules_of_its_own(client, own):
    hand = {"winner": 0, "hands": [[], ["2C"]], "settings": own}
    message = refused(client, url("rummy", "game"), {"hands": [hand]})
    assert message.startswith("Hand 1:")


@pytest.mark.parametrize("slug", SLUGS)
def test_with_no_house_rules_named_the_answer_is_as_before(client, slug):
    hand = first_hand(slug, 3)
    plain = ok(post(client, url(slug, "hand"), hand))
    nulls = ok(
        post(
            client,
            url(slug, "hand"),
            {**hand, "settings": {**hand.get("settings", {}), "preset": None}},
        )
    )
    booked = ok(
        post(
            client,
            url(slug, "hand"),
            {**hand, "settings": {**hand.get("settings", {}), "preset": "book"}},
        )
    )

    assert "rules" not in plain and nulls == plain
    said = booked.pop("rules")
    assert said == {
        "preset": "book",
        "options": {rule.key: rule.default for rule in KINDS[slug].settings.house_rules},
    }
    assert booked == plain


def test_a_game_says_back_its_rule_set_with_the_option_over_the_preset(client):
    body = {
        "players": [{"name": "Ann", "cards": ["AS"]}, {"name": "Ben", "cards": ["7D"]}],
        "settings": {"preset": "bga", "beggar_pair": "per_card", "thief_ace": "first"},
    }
    answer = ok(post(client, url("indian-chief", "round"), body))

    assert answer["thief_order"] == [["Ann"], ["Ben"]]
    assert answer["rules"] == {
        "preset": "bga",
        "options": {
            "beggar_pair": "per_card",
            "straight_ace": "high_and_low",
            "thief_ace": "first",
            "decks": "auto",
        },
    }


def test_tong_its_reads_meld_kings_only_where_kings_pay(client):
    # H22: Ann wins a draw both others fold, with K♣ 2♦, an ace and two kings melded.
    players = [
        {"opened": True, "hand": ["KC", "2D"], "meld_aces": 1, "meld_kings": "two"},
        {"opened": True},
        {"opened": True},
    ]
    body = {"end": "draw", "caller": 0, "responses": [None, "fold", "fold"], "players": players}
    assert ok(post(client, url("tong-its", "hand"), body))["payments"] == [0, 2, 2]

    kings_pay = {**body, "settings": {"ace_bonus_ranks": "A_K"}}
    error = assert_error(post(client, url("tong-its", "hand"), kings_pay), "invalid_input", 0)
    assert "“meld_kings”" in error["message"]
    players[0]["meld_kings"] = 2
    assert ok(post(client, url("tong-its", "hand"), kings_pay))["payments"] == [0, 5, 5]
    players[1]["hand"] = ["KD", "KS", "KH"]
    assert_error(post(client, url("tong-its", "hand"), kings_pay), "duplicate_card", 1)
