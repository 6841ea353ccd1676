"""What a new game may set: each kind declares its settings, and named presets of them.

A `Setting` says everything about one choice a table makes before the first hand: its key
(as stored with the game and as the JSON API names it), a label and a sentence for the
new-game page, its default, and how the game page words a value other than the default
("to 500 points", "no jokers"). The new-game form, the words on the game page and the
sheets, the import check and the API's reading of `settings` all follow from it.

House rules (`shared/rules/house-rules.md`) are settings too: each is a `Choice` whose
values are those of `shared/api.md` §4.1 (strings, or whole numbers such as Carousel's
`knock_max` 5), labelled in the words of H90, declared in the kind's `house_rules`. A
`Preset` is a named set of house rule values (the book's rules first, with none of its
own); a kind has at least that one.
The rule set in force (`RuleSet`, H1) is the book's values, then the preset's, then each
house rule given: the JSON API and a stored game read it the same way (`Settings.rules`).
Settings that are ways to end the game (`ends`: a target score, a number of hands)
exclude each other: a game takes at most one.

The values stored are those the table chose and the rules accept, nothing else: a game
that chose nothing stores `{}` and is played by the book; a game whose table named a
preset or a house rule stores the whole rule set (the preset and every house rule's
value), so that redefining a preset later never changes a game already played (H1).
"""

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from games.rules.errors import InvalidInput
from games.rules.reading import Json, optional_object
from games.rules.text import gettext as _
from games.rules.text import gettext_lazy, pgettext_lazy

type Value = bool | int | str | None


@dataclass(frozen=True, kw_only=True)
class Setting:
    """One choice of a new game. `said` words a chosen value that is not the default for
    the game page ("to {value} points"); "" says nothing about it. `ends` words a way the
    game ends ("to a score"), of which a game takes at most one ("": not a way to end it)."""

    key: str
    label: str
    explanation: str = ""
    default: Value = None
    said: str = ""
    ends: str = ""

    def words(self, value: Value) -> str:
        """The value as the game page and the sheets show it ("" for the default)."""
        if value is None or value == self.default or not self.said:
            return ""
        return self.said.format(value=self.shown(value))

    def shown(self, value: Value) -> Value:
        """The value as `said` puts it."""
        return value


@dataclass(frozen=True, kw_only=True)
class Flag(Setting):
    """On or off (a box to tick): `said` words the value that differs from the default."""

    default: Value = False


@dataclass(frozen=True, kw_only=True)
class Number(Setting):
    """A whole number from `least` up, or none (the default: not set)."""

    least: int = 1


@dataclass(frozen=True, kw_only=True)
class Choice(Setting):
    """One of `choices`, (value, label) pairs in the order the new-game page offers them;
    the default is the book's value. `said` words a chosen value by its label.

    A value is a string or a whole number, and a given value must be one offered in type
    as well (H2): "5", 5.0 and JSON's true are not 5 or 1, although Python counts True
    as 1."""

    choices: tuple[tuple[str | int, str], ...] = ()

    def shown(self, value: Value) -> Value:
        return next((label for offered, label in self.choices if same(offered, value)), value)

    def offers(self, value: object) -> bool:
        return any(same(offered, value) for offered, _ in self.choices)

    def check(self, value: object) -> None:
        """`invalid_input` naming the setting and its values, unless `value` is offered."""
        if not self.offers(value):
            offered = ", ".join(json.dumps(offered) for offered, _ in self.choices)
            raise InvalidInput(
                # Translators: {key} is a setting's name in a request, {offered} the values
                # it may take and {value} the one given, all as JSON ("pool_101", 5).
                _("“{key}” must be one of {offered}, not {value}.").format(
                    key=self.key, offered=offered, value=json.dumps(value, default=str)
                )
            )


@dataclass(frozen=True, kw_only=True)
class Amount(Choice):
    """A whole number from `least` up (a bonus, a target): the new-game page offers the
    usual `choices`, and the API takes any such number. `other` words one the page does
    not offer ("Gin bonus {value}")."""

    least: int = 0
    other: str = "{value}"

    def shown(self, value: Value) -> Value:
        offered = next((label for amount, label in self.choices if same(amount, value)), None)
        return offered or self.other.format(value=value)

    def offers(self, value: object) -> bool:
        return type(value) is int and value >= self.least

    def check(self, value: object) -> None:
        if not self.offers(value):
            raise InvalidInput(
                # Translators: {key} is a setting's name in a request, {value} the value
                # given, as JSON.
                _("“{key}” must be a whole number of at least {least}, not {value}.").format(
                    key=self.key, least=self.least, value=json.dumps(value, default=str)
                )
            )


def same(offered: object, value: object) -> bool:
    return type(offered) is type(value) and offered == value


@dataclass(frozen=True, kw_only=True)
class Decks(Setting):
    """How many decks, 1 to `most`; none: as the rules say for the number of players."""

    key: str = "decks"
    label: str = gettext_lazy("Decks")
    most: int = 1


@dataclass(frozen=True)
class Preset:
    """A named set of setting values: `values` holds only what differs from the book."""

    key: str
    name: str
    values: Json = field(default_factory=dict)


# Translators: the preset of the rules as the book states them, without house rules.
BOOK = Preset("book", pgettext_lazy("house rules", "Book"))

# The key that names a preset, beside the house rules' own keys.
PRESET = "preset"


@dataclass(frozen=True)
class RuleSet:
    """The house rules in force (H1): the preset and every house rule's value by key.
    `named` says whether a preset or a house rule was given at all: only then does an
    answer say which rules it was scored by (H6)."""

    preset: str = BOOK.key
    options: Json = field(default_factory=dict)
    named: bool = False

    def stored(self) -> Json:
        """The rule set as a game stores it: the preset and every value (H1)."""
        return {PRESET: self.preset, **self.options}

    def echoed(self, answer: Json) -> Json:
        """An API answer, with the rules it was scored by when the request named any (H6)."""
        if not self.named:
            return answer
        return {**answer, "rules": {"preset": self.preset, "options": dict(self.options)}}


@dataclass(frozen=True)
class Settings:
    """A kind's settings in the order the new-game page asks them, its house rules (each a
    `Choice`, in the order `shared/api.md` §4.1 lists them) and its presets (the book
    first)."""

    options: tuple[Setting, ...] = ()
    house_rules: tuple[Choice, ...] = ()
    presets: tuple[Preset, ...] = (BOOK,)

    def __iter__(self) -> Iterator[Setting]:
        return iter(self.options)

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(setting.key for setting in self.options)

    def preset(self, key: object) -> Preset:
        for preset in self.presets:
            if preset.key == key:
                return preset
        raise InvalidInput(
            _("“{key}” must be one of {offered}, not {value}.").format(
                key=PRESET,
                offered=", ".join(json.dumps(preset.key) for preset in self.presets),
                value=json.dumps(key, default=str),
            )
        )

    def given(self, settings: Json) -> Json:
        """The declared settings present in `settings` and not null, by key: what the
        rules read (anything else is not this game's and is left alone)."""
        return {key: settings[key] for key in self.keys if settings.get(key) is not None}

    def rules(self, settings: Json) -> RuleSet:
        """The rule set `settings` names (an API request's, or as a game stored it): the
        book's values, then the preset's, then each house rule given; null is not given
        (H1, H2). A preset or value this game does not offer is `invalid_input` naming its
        key and what it may be (H4). Other keys are left alone."""
        preset = self.preset(BOOK.key if settings.get(PRESET) is None else settings[PRESET])
        options = {rule.key: rule.default for rule in self.house_rules} | preset.values
        for rule in self.house_rules:
            if settings.get(rule.key) is not None:
                rule.check(settings[rule.key])
                options[rule.key] = settings[rule.key]
        named = any(settings.get(key) is not None for key in (PRESET, *self.house_keys))
        return RuleSet(preset.key, options, named)

    @property
    def house_keys(self) -> tuple[str, ...]:
        return tuple(rule.key for rule in self.house_rules)

    @property
    def stored_keys(self) -> tuple[str, ...]:
        """Every key a game of this kind may store: its settings and its rule set."""
        return tuple(dict.fromkeys((*self.keys, PRESET, *self.house_keys)))

    def read(self, given: object, game: str, takes: Iterable[str] = ()) -> tuple[RuleSet, Json]:
        """An API request's `settings`, read before anything else in it (H4): an object
        whose keys are `preset`, this game's house rules and what the endpoint `takes`
        beside them. Returns the rule set in force and the other keys given."""
        settings = optional_object(given, "“settings”")  # English: a field's name
        others = tuple(takes)
        allowed = tuple(dict.fromkeys((PRESET, *self.house_keys, *others)))
        for key in settings:
            if key in allowed:
                continue
            if len(allowed) == 1:
                raise InvalidInput(
                    # Translators: {key} is a name given in a request's settings, {game} the
                    # game's title, {last} the one name it may use ("preset").
                    _("“{key}” is not a {game} house rule; use {last}.").format(
                        key=key, game=game, last=allowed[-1]
                    )
                )
            raise InvalidInput(
                # Translators: {key} is a name given in a request's settings, {game} the
                # game's title; {keys}, then {last}, the names it may use ("preset,
                # jokers or wild_rank"), kept in English.
                _("“{key}” is not a {game} house rule; use {keys} or {last}.").format(
                    key=key, game=game, keys=", ".join(allowed[:-1]), last=allowed[-1]
                )
            )
        return self.rules(settings), {key: settings[key] for key in others if key in settings}

    def chosen(self, chosen: Json) -> Json:
        """What a new game stores: what the table chose, the settings left empty dropped,
        and the whole rule set when it named a preset or a house rule (H1). A choice's
        value must be one it offers; the game's rules then check the values together."""
        values = self.given(chosen)
        for setting in self.options:
            if isinstance(setting, Choice) and setting.key in values:
                setting.check(values[setting.key])
        rules = self.rules(chosen)
        return values | rules.stored() if rules.named else values

    def ends_in(self, values: Json) -> list[Setting]:
        """The ways to end the game that `values` set (a game takes at most one)."""
        return [setting for setting in self.options if setting.ends and setting.key in values]

    def words(self, values: Json) -> list[str]:
        """The settings that differ from the book, as the game page shows them: how the
        game ends first ("to 500 points · no jokers"), the rest as the new-game page
        asks them."""
        ordered = sorted(self.options, key=lambda setting: not setting.ends)
        said = (setting.words(values.get(setting.key)) for setting in ordered)
        return [text for text in said if text]

    def line(self, settings: Json) -> str:
        """The rules a game is played by, as the game page, the live board and every sheet
        show them (H90): "Rules: Pool 101; No full count", the preset's name followed by
        the words of each house rule whose value differs from the preset's, in the order
        the rules are listed. A game that named none is played by the book."""
        preset, changed = self.changed(settings)
        said = [
            str(rule.shown(changed[rule.key])) for rule in self.house_rules if rule.key in changed
        ]
        # Translators: the rules a game is played by, {preset} their name ("Pool 101");
        # each house rule changed follows after "; ".
        return "; ".join([_("Rules: {preset}").format(preset=preset.name), *said])

    def changed(self, settings: Json) -> tuple[Preset, Json]:
        """The preset `settings` name, and the house rules they set to other values than
        the preset's, by key."""
        rules = self.rules(settings)
        preset = self.preset(rules.preset)
        expected = {rule.key: rule.default for rule in self.house_rules} | preset.values
        return preset, {
            key: value for key, value in rules.options.items() if not same(value, expected[key])
        }

    def presets_in_words(self) -> list[tuple[Preset, list[str]]]:
        """Each preset with every house rule's value under it, in words, for the rules
        page: the same words as the rules line."""
        return [
            (
                preset,
                [
                    str(rule.shown(preset.values.get(rule.key, rule.default)))
                    for rule in self.house_rules
                ],
            )
            for preset in self.presets
        ]
