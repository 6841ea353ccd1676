"""What a new game may set: each kind declares its settings, and named presets of them.

A `Setting` says everything about one choice a table makes before the first hand: its key
(as stored with the game and as the JSON API names it), a label and a sentence for the
new-game page, its default, and how the game page words a value other than the default
("to 500 points", "no jokers"). The new-game form, the words on the game page and the
sheets, the import check and the API's reading of `settings` all follow from it.

A `Preset` is a named set of values (the book's rules first); a kind has at least that
one. Settings that are ways to end the game (`ends`: a target score, a number of hands)
exclude each other: a game takes at most one.

The values stored are those the table chose and the rules accept, nothing else: a game
that chose nothing stores `{}` and is played by the book.
"""

from collections.abc import Iterator
from dataclasses import dataclass, field

from games.rules.errors import InvalidInput
from games.rules.reading import Json

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
    the default is the book's value. `said` words a chosen value by its label."""

    choices: tuple[tuple[str, str], ...] = ()

    def shown(self, value: Value) -> Value:
        return dict(self.choices).get(str(value), value)


@dataclass(frozen=True, kw_only=True)
class Decks(Setting):
    """How many decks, 1 to `most`; none: as the rules say for the number of players."""

    key: str = "decks"
    label: str = "Decks"
    most: int = 1


@dataclass(frozen=True)
class Preset:
    """A named set of setting values: `values` holds only what differs from the book."""

    key: str
    name: str
    values: Json = field(default_factory=dict)


BOOK = Preset("book", "Book")


@dataclass(frozen=True)
class Settings:
    """A kind's settings in the order the new-game page asks them, and its presets (the
    book first)."""

    options: tuple[Setting, ...] = ()
    presets: tuple[Preset, ...] = (BOOK,)

    def __iter__(self) -> Iterator[Setting]:
        return iter(self.options)

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(setting.key for setting in self.options)

    def preset(self, key: str) -> Preset:
        for preset in self.presets:
            if preset.key == key:
                return preset
        raise InvalidInput(
            f"“{key}” is not a preset of this game; use one of "
            f"{', '.join(preset.key for preset in self.presets)}."
        )

    def given(self, settings: Json) -> Json:
        """The declared settings present in `settings` and not null, by key: what the
        rules read (anything else is not this game's and is left alone)."""
        return {key: settings[key] for key in self.keys if settings.get(key) is not None}

    def chosen(self, chosen: Json, preset: str = BOOK.key) -> Json:
        """What a new game stores: the preset's values, then what the table chose, the
        settings left empty dropped. A choice's value must be one it offers; the game's
        rules then check the values together."""
        values = self.given(self.preset(preset).values | chosen)
        for setting in self.options:
            if isinstance(setting, Choice) and setting.key in values:
                offered = [value for value, _ in setting.choices]
                if values[setting.key] not in offered:
                    raise InvalidInput(
                        f"“{setting.key}” must be one of {', '.join(offered)}, "
                        f"not {values[setting.key]}."
                    )
        return values

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
