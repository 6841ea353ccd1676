"""Reading an exported file: every field checked, every game scored by its kind, before
anything is written. The format is in games.transfer.exporting.

All of it runs inside the request's CPU budget (games.limits): a file that takes more is
refused, saying how far the checks came, before anything is written. A real file fits:
500 ordinary games are read and scored in a fraction of the budget (bench/import_load.py).
"""

import json
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from django import forms
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from games.models import Game, Hand, Player
from games.questions import question_field
from games.rules import KINDS
from games.rules.budget import MAX_HANDS, TooCostly, within_budget
from games.rules.cards import parse_card
from games.rules.errors import RuleError
from games.rules.kind import PAPER_SCORE, GameKind, Played, Table
from games.rules.questions import Question
from games.rules.reading import Json, loads
from games.rules.words import say
from games.transfer.exporting import FORMAT, VERSION

# A file of games a real table would keep many years of; more is to be imported in parts.
MAX_GAMES = 500

# What a field must be, said in "“decks” must be a whole number" (`_field`): made once,
# as a file's rounds are many.
A_WHOLE_NUMBER = gettext_lazy("a whole number")
AN_OBJECT = gettext_lazy("an object")
A_LIST = gettext_lazy("a list")
TEXT = gettext_lazy("text")
TRUE_OR_FALSE = gettext_lazy("true or false")
A_GAMES_NAME = gettext_lazy("the name of a game")
A_LIST_OF_NAMES = gettext_lazy("a list of names")
A_LIST_OF_ROUNDS = gettext_lazy("a list of rounds")
A_LIST_OF_CARDS = gettext_lazy("a list of each player's cards")
A_MOMENT = gettext_lazy("a date and time like 2026-11-23T19:02:11+00:00")


class TransferError(Exception):
    """Why a file cannot be imported, in a sentence for the person importing it. A
    sentence may quote the file, whose text can hold half of a character (a surrogate
    that JSON can escape): such a half is shown as "?", so that the page can be sent."""

    def __init__(self, message: str) -> None:
        super().__init__(message.encode("utf-8", "replace").decode("utf-8"))


def _at(where: str, problem: str) -> TransferError:
    """A problem found at a place of the file: "Game 2: Hand 3: …"."""
    # Translators: {where} is a place in the imported file ("Game 2" or "Game 2: Hand 3"),
    # {problem} what is wrong there, a sentence of its own.
    return TransferError(_("{where}: {problem}").format(where=where, problem=problem))


def _game(number: int) -> str:
    """Where a game of the file is: "Game 2"."""
    # Translators: a game of an imported file, by its place in the file.
    return _("Game {number}").format(number=number)


@dataclass(frozen=True)
class StealEntry:
    """A Thief's steal by seats; no victim (and no card) is a take from the deck."""

    thief: int
    victim: int | None
    card: str


@dataclass(frozen=True)
class RoundEntry:
    """One round or hand: each seat's canonical card text, its details and steals."""

    cards: tuple[str, ...]
    details: Json
    steals: tuple[StealEntry, ...]


@dataclass(frozen=True)
class GameEntry:
    """One game of the file, checked field by field but not yet scored."""

    kind: str
    decks: int
    settings: Json
    note: str
    created_at: datetime
    finished_at: datetime | None
    abandoned_at: datetime | None
    paper: bool
    players: tuple[str, ...]
    rounds: tuple[RoundEntry, ...]


def read_file(content: bytes) -> list[GameEntry]:
    """The games of an exported file, each field checked and each game scored by its
    kind; raises TransferError saying what is wrong. Nothing is written."""
    try:
        text = content.decode("utf-8")
    except UnicodeDecodeError as error:
        raise TransferError(_("This is not a Scorekeeper export: it is not text.")) from error
    try:
        data = loads(text, not_json=_("This is not a Scorekeeper export: it is not valid JSON."))
    except RuleError as error:
        raise TransferError(error.message) from error
    entries = read_games(data)
    for number, entry in enumerate(entries, start=1):
        try:
            _check_scores(entry, _game(number))
        except TooCostly:
            raise too_costly(
                ngettext(
                    # Translators: {count} games were read, and {scored} of them scored.
                    "its {count} game was read and {scored} scored when the checks were stopped",
                    "its {count} games were read and {scored} scored when the checks were stopped",
                    len(entries),
                ).format(count=len(entries), scored=number - 1)
            ) from None
    return entries


def too_costly(done: str) -> TransferError:
    """The import stopped as too much work; `done` says how far it came, a clause."""
    return TransferError(
        _(
            # Translators: {done} says how far the import came, as in "its 500 games were read
            # and 120 scored when the checks were stopped".
            "This file is more work than one import may do: {done}, and nothing was "
            "imported. Import it in parts, a smaller file at a time."
        ).format(done=done)
    )


def read_games(data: object) -> list[GameEntry]:
    """The games of a parsed JSON document, each field checked (within the request's CPU
    budget, game by game)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise TransferError(_("This is not a Scorekeeper export: it has no “format” of ours."))
    version = data.get("version")
    # Exactly the number written: JSON's true and 1.0 would equal 1 in Python.
    if type(version) is not int or version != VERSION:
        raise TransferError(
            _(
                # Translators: {version} is as the file has it (2, "1", null); {ours} is 1.
                "This file is in version {version} of the export format; "
                "this Scorekeeper reads version {ours}."
            ).format(version=json.dumps(version), ours=VERSION)
        )
    games = data.get("games")
    if not isinstance(games, list) or not games:
        raise TransferError(_("The file holds no games."))
    if len(games) > MAX_GAMES:
        raise TransferError(
            ngettext(
                # Translators: {count} is more than {most} (500).
                "The file holds {count} game; an import takes at most {most}.",
                "The file holds {count} games; an import takes at most {most}.",
                len(games),
            ).format(count=len(games), most=MAX_GAMES)
        )
    entries = []
    for number, game in enumerate(games, start=1):
        try:
            within_budget()
        except TooCostly:
            raise too_costly(
                ngettext(
                    # Translators: {read} of the file's {count} games.
                    "{read} of its {count} game was read when the checks were stopped",
                    "{read} of its {count} games were read when the checks were stopped",
                    len(games),
                ).format(read=number - 1, count=len(games))
            ) from None
        entries.append(_game_entry(game, _game(number)))
    return entries


def _field[T](data: Json, key: str, kind: type[T], where: str, what: str | Promise) -> T:
    """`data[key]`, which must be of `kind` (`what` says so in words)."""
    if key not in data:
        # Translators: {where} is a place in the imported file ("Game 2: Hand 3"); {key}
        # the name of a field in it ("decks").
        raise TransferError(_("{where} has no “{key}”.").format(where=where, key=key))
    value = data[key]
    # JSON true and false are Python ints too: a count must be a real number.
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        # Translators: {key} is a field of the file ("decks"); {what} what it must be:
        # "a whole number", "a list of names".
        raise _at(where, _("“{key}” must be {what}.").format(key=key, what=what))
    return value


def _time(data: Json, key: str, where: str) -> datetime:
    text = _field(data, key, str, where, A_MOMENT)
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise _at(
            where,
            _(
                "“{key}” must be a date and time with its offset, like "
                "2026-11-23T19:02:11+00:00, not “{text}”."
            ).format(key=key, text=text),
        )
    try:
        # Stored in UTC: a moment at the calendar's very edge would fall off it.
        moment.astimezone(UTC)
    except OverflowError:
        raise _at(
            where, _("“{key}” is beyond the calendar: “{text}”.").format(key=key, text=text)
        ) from None
    return moment


def _game_entry(value: object, where: str) -> GameEntry:
    if not isinstance(value, dict):
        raise _not_an_object(where)
    kind = _field(value, "kind", str, where, A_GAMES_NAME)
    if kind not in KINDS:
        known = ", ".join(KINDS)
        # Translators: {kind} is as the file has it; {known} lists the games' keys:
        # "indian-chief, tong-its, rummy, …".
        problem = _("Scorekeeper knows no game “{kind}” (only {known}).")
        raise _at(where, problem.format(kind=kind, known=known))
    rules = KINDS[kind]
    players = _players(_field(value, "players", list, where, A_LIST_OF_NAMES), where)
    settings = _field(value, "settings", dict, where, AN_OBJECT)
    decks = _field(value, "decks", int, where, A_WHOLE_NUMBER)
    try:
        rules.check_players(len(players))
        _check_settings(rules, settings, len(players), decks, where)
    except RuleError as error:
        raise _at(where, error.message) from error
    note = _printable(_field(value, "note", str, where, TEXT), _("the note"), where)
    longest = Game._meta.get_field("note").max_length
    if longest is not None and len(note) > longest:
        problem = ngettext(
            "the note is longer than {count} character.",
            "the note is longer than {count} characters.",
            longest,
        )
        raise _at(where, problem.format(count=longest))
    finished = _field(value, "finished", bool, where, TRUE_OR_FALSE)
    if "finished_at" not in value:
        # Translators: {where} is a game of the imported file: "Game 2".
        raise TransferError(_("{where} has no “finished_at”.").format(where=where))
    finished_at = None if value["finished_at"] is None else _time(value, "finished_at", where)
    if finished != (finished_at is not None):
        raise _at(where, _("“finished” and “finished_at” disagree."))
    abandoned = value.get("abandoned_at")
    abandoned_at = None if abandoned is None else _time(value, "abandoned_at", where)
    if finished and abandoned_at is not None:
        raise TransferError(
            # Translators: {where} is a game of the imported file: "Game 2".
            _("{where} is finished and abandoned: a game is one or the other.").format(where=where)
        )
    words = rules.words
    paper = _field(value, "paper", bool, where, TRUE_OR_FALSE)
    listed = _field(value, "rounds", list, where, A_LIST_OF_ROUNDS)
    if len(listed) > MAX_HANDS:
        # Translators: {most} is "a game holds at most 200 hands"; {count} how many the
        # file's game holds.
        problem = _("{most}, not {count}.")
        raise _at(
            where, problem.format(most=say(words.at_most, count=MAX_HANDS), count=len(listed))
        )
    table = Table(players, decks, settings)
    answers = _answer_fields(rules, table)
    # Each round's place in the file ("Game 2: Hand 3"), from phrases translated once a
    # game, not once a round.
    # Translators: a place in an imported file: {game} is "Game 2", {row} "Hand 3".
    place, numbered = _("{game}: {row}"), str(words.numbered)
    rounds = [
        _round_entry(
            played,
            number,
            table,
            rules,
            answers,
            place.format(game=where, row=numbered.format(number=number)),
            paper,
        )
        for number, played in enumerate(listed, start=1)
    ]
    if paper:
        # As the paper-game form takes them: finished, and every row of a fixed-length game.
        fixed = rules.rounds
        if not finished or not rounds or (fixed is not None and len(rounds) != fixed):
            if fixed:
                problem = ngettext(
                    "a paper game is finished and has its {count} row.",
                    "a paper game is finished and has its {count} rows.",
                    fixed,
                ).format(count=fixed)
            else:
                problem = _("a paper game is finished and has at least one row.")
            raise _at(where, problem)
    return GameEntry(
        kind=kind,
        decks=decks,
        settings=settings,
        note=note,
        created_at=_time(value, "created_at", where),
        finished_at=finished_at,
        abandoned_at=abandoned_at,
        paper=paper,
        players=players,
        rounds=tuple(rounds),
    )


def _not_an_object(where: str) -> TransferError:
    # Translators: {where} is a place in the imported file ("Game 2" or "Game 2: Hand 3").
    return TransferError(_("{where} is not an object.").format(where=where))


def _players(names: list[Any], where: str) -> tuple[str, ...]:
    """Names as a new game takes them: no blank or repeated name, none too long."""
    longest = Player._meta.get_field("name").max_length
    seated: list[str] = []
    for name in names:
        if not isinstance(name, str) or not " ".join(name.split()):
            raise _at(where, _("every player needs a name."))
        name = _printable(" ".join(name.split()), _("a name"), where)
        if longest is not None and len(name) > longest:
            problem = ngettext(
                "“{name}” is longer than {count} character.",
                "“{name}” is longer than {count} characters.",
                longest,
            )
            raise _at(where, problem.format(name=name, count=longest))
        if name.casefold() in (earlier.casefold() for earlier in seated):
            raise _at(where, _("{name} is seated twice.").format(name=name))
        seated.append(name)
    return tuple(seated)


def _printable(text: str, what: str, where: str) -> str:
    """Text as a form would take it: no NUL or other control characters, which no name
    or note holds and some databases refuse, and no half of a character (a surrogate that
    JSON can escape but UTF-8 cannot hold), which every database refuses."""
    categories = {unicodedata.category(character) for character in text}
    if "Cc" in categories:
        # Translators: {what} is "a name" or "the note".
        raise _at(where, _("{what} holds a control character.").format(what=what))
    if "Cs" in categories:
        # Translators: {what} is "a name" or "the note".
        problem = _("{what} holds half of a character (a lone surrogate).")
        raise _at(where, problem.format(what=what))
    return text


def _check_settings(rules: GameKind, settings: Json, players: int, decks: int, where: str) -> None:
    """The settings and decks as a new game takes them (GameKind.start): only settings the
    game has (its house rules among them), and the decks its rules give, or those the
    table may choose."""
    expected, stored = rules.start(players, settings)
    # A setting left empty (null) is the game's own, and means its default.
    unknown = sorted(set(settings) - set(rules.settings.stored_keys))
    if unknown and not set(rules.settings.keys) - {"decks"}:
        raise _at(where, _("{title} has no settings.").format(title=rules.title))
    if unknown:
        # Translators: {setting} is a setting's key as the file has it ("jokers").
        problem = _("{title} has no setting “{setting}”.")
        raise _at(where, problem.format(title=rules.title, setting=unknown[0]))
    if decks != expected and rules.start(players, {**settings, "decks": decks}) != (decks, stored):
        problem = ngettext(
            # Translators: "Rummy for 4 players is played with 1 deck, not 2."
            "{title} for {players} players is played with {count} deck, not {decks}.",
            "{title} for {players} players is played with {count} decks, not {decks}.",
            expected,
        )
        raise _at(
            where, problem.format(title=rules.title, players=players, count=expected, decks=decks)
        )


def _round_entry(
    value: object,
    number: int,
    table: Table,
    rules: GameKind,
    answers: "AnswerFields",
    where: str,
    paper: bool,
) -> RoundEntry:
    if not isinstance(value, dict):
        raise _not_an_object(where)
    if _field(value, "number", int, where, A_WHOLE_NUMBER) != number:
        raise _at(where, str(rules.words.in_order))
    players = table.players
    seats = _field(value, "cards", list, where, A_LIST_OF_CARDS)
    if len(seats) != len(players):
        problem = ngettext(
            "“cards” needs one list per player, {count} in all.",
            "“cards” needs one list per player, {count} in all.",
            len(players),
        )
        raise _at(where, problem.format(count=len(players)))
    jokers = rules.jokers(table) > 0
    cards = tuple(
        _cards(seat, name, jokers, where) for seat, name in zip(seats, players, strict=True)
    )
    details = _field(value, "details", dict, where, AN_OBJECT)
    steals = _field(value, "steals", list, where, A_LIST)
    if paper:
        _check_paper_row(details, cards, steals, len(players), where)
        return RoundEntry(cards, details, ())
    if steals and not rules.has_steals:
        raise _at(where, _("only Indian Chief has steals."))
    if details and not answers:
        raise _at(where, say(rules.words.no_details, title=rules.title))
    _check_details(details, rules, answers, where)
    return RoundEntry(cards, details, _steals(steals, players, where))


def _cards(value: object, name: str, jokers: bool, where: str) -> str:
    """One seat's cards as canonical text ("7H 7C")."""
    if not isinstance(value, list) or not all(isinstance(card, str) for card in value):
        # Translators: {name} is a player's name, or a pile's ("Crib").
        problem = _("{name}'s cards must be a list of card texts like “7H”.")
        raise _at(where, problem.format(name=name))
    try:
        text = " ".join(str(parse_card(card, jokers=jokers, player=name)) for card in value)
    except RuleError as error:
        raise _at(where, error.message) from error
    if len(text) > (Hand._meta.get_field("cards").max_length or 0):
        raise _at(where, _("{name} has more cards than any hand holds.").format(name=name))
    return text


def _steals(value: list[Any], players: Sequence[str], where: str) -> tuple[StealEntry, ...]:
    """Steals by seat; the rules check each one when the game is scored."""
    steals: list[StealEntry] = []
    for steal in value:
        if not isinstance(steal, dict):
            raise _at(where, _("each steal must be an object."))
        thief, victim, card = steal.get("thief"), steal.get("victim"), steal.get("card")
        if thief not in players:
            raise _at(where, _("a steal's “thief” must be one of the players."))
        if (victim is None) != (card is None) or (
            victim is not None and (victim not in players or not isinstance(card, str))
        ):
            raise _at(
                where,
                _(
                    "a steal names a “victim” among the players and a “card”, or "
                    "neither (a take from the deck)."
                ),
            )
        if any(players[earlier.thief] == thief for earlier in steals):
            raise _at(where, _("{name} steals twice.").format(name=thief))
        try:
            text = "" if card is None else str(parse_card(card, player=thief))
        except RuleError as error:
            raise _at(where, error.message) from error
        steals.append(
            StealEntry(
                players.index(thief), None if victim is None else players.index(victim), text
            )
        )
    return tuple(steals)


def _check_paper_row(
    details: Json, cards: Sequence[str], steals: list[Any], players: int, where: str
) -> None:
    """A row of a paper game: the scores as written, one whole number a player, no cards."""
    scores = details.get("scores")
    if (
        set(details) != {"scores"}
        or not isinstance(scores, list)
        or len(scores) != players
        or not all(isinstance(score, int) and not isinstance(score, bool) for score in scores)
    ):
        raise _at(where, _("a paper game's row holds “scores”, a whole number each."))
    if any(abs(score) > PAPER_SCORE for score in scores):
        # Translators: {most} is a number such as 1,000,000.
        problem = _("a paper game's scores lie between −{most} and {most}.")
        raise _at(where, problem.format(most=f"{PAPER_SCORE:,}"))
    if any(cards) or steals:
        raise _at(where, _("a paper game has no cards and no steals."))


type AnswerFields = dict[str, tuple[Question, forms.Field]]


def _answer_fields(rules: GameKind, table: Table) -> AnswerFields:
    """Each question a hand of this game asks, with its form field: made once a game, as
    a file's hands are many."""
    names = [str(seat) for seat in range(len(table.players))]
    asked = rules.asks(table).fields(len(names))
    return {name: (question, question_field(question, names)) for name, question, _ in asked}


def _check_details(details: Json, rules: GameKind, answers: AnswerFields, where: str) -> None:
    """The hand's answers as the table stores them: only questions the game asks, each
    answer one its form field would give back unchanged, and the game's piles (Cribbage's
    crib and starter), each as canonical card text. The rules check what the answers and
    the cards mean when the game is scored."""
    piles = {pile.key: pile.label for pile in rules.piles}
    for name, value in details.items():
        if name in piles:
            cards = value.split() if isinstance(value, str) else None
            if cards is None or _cards(cards, piles[name], False, where) != value:
                # Translators: {pile} is the name of a pile of cards, in lower case: "crib".
                problem = _("the {pile} must be its cards as text, like “7H 7C”.")
                raise _at(where, problem.format(pile=str(piles[name]).lower()))
            continue
        if name not in answers:
            # Translators: {name} is the key of a question as the file has it ("knocker").
            problem = _("{title} asks nothing called “{name}”.")
            raise _at(where, problem.format(title=rules.title, name=name))
        question, field = answers[name]
        try:
            kept = question.stored(field.clean(question.shown(value))) == value
        except (forms.ValidationError, TypeError, ValueError):
            kept = False
        if not kept:
            # Translators: {value} is as the file has it; {question} a question of a hand,
            # as the hand's form asks it.
            problem = _("“{value}” is no answer to “{question}”.")
            raise _at(where, problem.format(value=value, question=question.label))


def _check_scores(entry: GameEntry, where: str) -> None:
    """The game scored by its kind, as the table would score it: a file's mistake is said
    in the rules' words; a game marked finished must be over by its rounds."""
    rules = KINDS[entry.kind]
    played = [
        Played(row.cards, row.details, _named(row.steals, entry.players)) for row in entry.rounds
    ]
    try:
        standings = rules.standings(
            Table(entry.players, entry.decks, entry.settings),
            played,
            ended=entry.finished_at is not None,
            paper=entry.paper,
        )
    except RuleError as error:
        raise _at(where, error.message) from error
    if entry.finished_at is not None and standings.winners is None:
        raise TransferError(
            # Translators: {where} is a game of the imported file: "Game 2".
            _("{where} is marked finished, but its rounds do not end it.").format(where=where)
        )


def _named(steals: Sequence[StealEntry], players: Sequence[str]) -> tuple[Any, ...]:
    """Steals by seat as the rules read them: thief, victim and card by name."""
    return tuple(
        (
            players[steal.thief],
            None if steal.victim is None else players[steal.victim],
            steal.card or None,
        )
        for steal in steals
    )
