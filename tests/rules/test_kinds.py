"""The contract every game kind keeps, checked over the whole registry: what the pages,
the forms, import and the API take for granted of any kind. A new game passes these once
it has a package, a line in KINDS and an example hand in `kind_examples.py`."""

import pytest

from games.rules import KINDS
from games.rules.errors import InvalidInput
from games.rules.kind import GameKind, Played, Table
from games.rules.settings import BOOK, Amount, Choice, Settings
from games.rules.words import say
from tests.rules.kind_examples import EXAMPLES

every_kind = pytest.mark.parametrize("kind", KINDS.values(), ids=list(KINDS))


def table_of(kind: GameKind, names: tuple[str, ...], settings: dict | None = None) -> Table:
    decks, stored = kind.start(len(names), settings or {})
    return Table(names, decks, stored)


def example(kind: GameKind) -> tuple[Table, Played]:
    names, cards, details = EXAMPLES[kind.slug]
    return table_of(kind, names), Played(cards, details)


def test_every_kind_has_an_example_and_the_slug_it_is_registered_under():
    assert set(EXAMPLES) == set(KINDS)
    assert all(slug == kind.slug for slug, kind in KINDS.items())


@every_kind
def test_a_kind_starts_with_each_of_its_presets_the_book_first(kind):
    assert kind.settings.presets[0] == BOOK
    for preset in kind.settings.presets:
        chosen = kind.settings.chosen({"preset": preset.key})
        decks, stored = kind.start(kind.min_players, chosen)
        # A preset fixes no deck count (Indian Chief's `decks` house rule is `auto` in all).
        assert decks == kind.default_decks(kind.min_players)
        # The whole rule set is stored (H1): the preset, its values and the book's.
        house = {rule.key: rule.default for rule in kind.settings.house_rules}
        assert stored == {"preset": preset.key, **house, **preset.values}
    # The book's settings are said in no words: the game page says nothing of them.
    assert kind.settings.words(kind.start(kind.min_players, {})[1]) == []


@every_kind
def test_every_house_rule_is_offered_in_words_with_what_it_is_about(kind):
    # H90: the new-game page shows each rule with its values in words and one sentence.
    assert kind.settings.house_rules
    for rule in kind.settings.house_rules:
        assert rule.label and rule.explanation.endswith("."), rule.key
        assert rule.offers(rule.default), rule.key
        assert all(words for _, words in rule.choices), rule.key


@every_kind
def test_a_kind_refuses_a_table_too_small_or_too_large(kind):
    for count in (kind.min_players - 1, kind.max_players + 1):
        with pytest.raises(Exception, match=f"{kind.title} is for"):
            kind.start(count, {})


@every_kind
def test_no_rounds_score_nothing(kind):
    names = EXAMPLES[kind.slug][0]
    standings = kind.standings(table_of(kind, names), [])

    assert standings.players == names
    assert standings.rows == ()
    assert standings.totals == (0,) * len(names)
    assert standings.leaders == ()
    assert not standings.complete and standings.winners is None


@every_kind
def test_the_last_row_of_check_is_the_rows_score(kind):
    table, entry = example(kind)

    checked, problems = kind.check(table, 1, entry, {})

    assert problems == []
    assert checked == kind.score(table, [entry])
    assert checked.rows[-1].running == checked.totals == checked.rows[-1].scores


@every_kind
def test_a_preview_for_every_seat_and_pile(kind):
    table, entry = example(kind)
    previews = kind.preview(table, 1, entry, {})
    # A preview for each player, then for each pile of cards that is no player's.
    assert len(previews) == table.seats + len(kind.piles)
    assert all(not preview.problem for preview in previews)
    empty = kind.preview(table, 1, Played(("",) * table.seats), {})
    assert len(empty) == table.seats + len(kind.piles)
    assert all(not preview.text for preview in empty)


@every_kind
def test_a_paper_sheet_is_scored_as_written_and_won_by_the_kinds_rule(kind):
    names = EXAMPLES[kind.slug][0]
    rows = [[seat + number for seat in range(len(names))] for number in range(kind.rounds or 3)]

    standings = kind.standings(
        table_of(kind, names),
        [Played(("",) * len(names), {"scores": row}) for row in rows],
        paper=True,
    )

    assert [list(row.scores) for row in standings.rows] == rows
    assert list(standings.totals) == [sum(column) for column in zip(*rows, strict=True)]
    best = names[0] if kind.lowest_wins else names[-1]
    assert standings.winners == (best,) and standings.complete
    assert [row.label for row in standings.rows] == [
        kind.row_label(number) for number in range(1, len(rows) + 1)
    ]


@every_kind
def test_a_kind_says_its_phrases_whole(kind):
    words = kind.words
    assert say(words.save, number=3).endswith(" 3")
    assert say(words.numbered, number=2) == kind.words.row(2)
    assert say(words.all_in, rounds=7).startswith("All 7 ")


@every_kind
def test_a_kind_draws_its_board_with_its_own_templates(kind):
    board = kind.board
    assert board.scoreboard == f"games/boards/{board.layout}.html"
    assert board.sheet == f"sheets/boards/{board.layout}.html"
    assert board.row_heading and board.first_column_mm > 0
    paper = kind.board_of(paper=True)
    assert paper.layout == "hands" and paper.row_heading == board.row_heading


def test_a_choice_takes_only_the_values_it_offers_and_is_said_by_its_label():
    # As house-rules.md words Indian Rummy's cap on a count (H62), which no game offers yet.
    full_count = Choice(
        key="full_count",
        label="Full count",
        choices=(("none", "No cap"), ("80", "At 80")),
        default="none",
        said="counts capped {value}",
    )
    settings = Settings((full_count,))

    assert settings.chosen({"full_count": "80"}) == {"full_count": "80"}
    assert settings.words({"full_count": "80"}) == ["counts capped At 80"]
    assert settings.words({"full_count": "none"}) == []
    with pytest.raises(InvalidInput) as refused:
        settings.chosen({"full_count": "90"})
    # Values are said as JSON spells them: the string "80" is not the number 80.
    assert refused.value.message == '“full_count” must be one of "none", "80", not "90".'


def test_an_amount_takes_any_whole_number_from_its_least_and_says_one_not_offered():
    # Gin Rummy's bonuses: integers ≥ 0, of which the new-game page offers the usual.
    bonus = Amount(
        key="gin_bonus",
        label="Gin bonus",
        choices=((25, "Gin 25"), (20, "Gin 20")),
        default=25,
        other="Gin {value}",
    )

    assert bonus.offers(0) and bonus.offers(30)
    assert not bonus.offers(-1) and not bonus.offers(True) and not bonus.offers("25")
    assert bonus.shown(20) == "Gin 20" and bonus.shown(30) == "Gin 30"
    with pytest.raises(InvalidInput) as refused:
        bonus.check(2.5)
    assert refused.value.message == "“gin_bonus” must be a whole number of at least 0, not 2.5."
