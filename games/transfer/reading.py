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


class TransferError(Exception):
    """Why a file cannot be imported, in a sentence for the person importing it. A
    sentence may quote the file, whose text can hold half of a character (a surrogate
    that JSON can escape): such a half is shown as "?", so that the page can be sent."""

    def __init__(self, message: str) -> None:
        super().__init__(message.encode("utf-8", "replace").decode("utf-8"))


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
        raise TransferError("This is not a Scorekeeper export: it is not text.") from error
    try:
        data = loads(text, not_json="This is not a Scorekeeper export: it is not valid JSON.")
    except RuleError as error:
        raise TransferError(error.message) from error
    entries = read_games(data)
    for number, entry in enumerate(entries, start=1):
        try:
            _check_scores(entry, f"Game {number}")
        except TooCostly:
            raise too_costly(
                f"its {len(entries)} games were read and {number - 1} scored when the checks "
                "were stopped"
            ) from None
    return entries


def too_costly(done: str) -> TransferError:
    return TransferError(
        f"This file is more work than one import may do: {done}, and nothing was "
        "imported. Import it in parts, a smaller file at a time."
    )


def read_games(data: object) -> list[GameEntry]:
    """The games of a parsed JSON document, each field checked (within the request's CPU
    budget, game by game)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise TransferError("This is not a Scorekeeper export: it has no “format” of ours.")
    version = data.get("version")
    # Exactly the number written: JSON's true and 1.0 would equal 1 in Python.
    if type(version) is not int or version != VERSION:
        raise TransferError(
            f"This file is in version {json.dumps(version)} of the export format; "
            f"this Scorekeeper reads version {VERSION}."
        )
    games = data.get("games")
    if not isinstance(games, list) or not games:
        raise TransferError("The file holds no games.")
    if len(games) > MAX_GAMES:
        raise TransferError(
            f"The file holds {len(games)} games; an import takes at most {MAX_GAMES}."
        )
    entries = []
    for number, game in enumerate(games, start=1):
        try:
            within_budget()
        except TooCostly:
            raise too_costly(
                f"{number - 1} of its {len(games)} games were read when the checks were stopped"
            ) from None
        entries.append(_game_entry(game, f"Game {number}"))
    return entries


def _field[T](data: Json, key: str, kind: type[T], where: str, what: str) -> T:
    """`data[key]`, which must be of `kind` (`what` says so in words)."""
    if key not in data:
        raise TransferError(f"{where} has no “{key}”.")
    value = data[key]
    # JSON true and false are Python ints too: a count must be a real number.
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise TransferError(f"{where}: “{key}” must be {what}.")
    return value


def _time(data: Json, key: str, where: str) -> datetime:
    text = _field(data, key, str, where, "a date and time like 2026-11-23T19:02:11+00:00")
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        moment = None
    if moment is None or moment.tzinfo is None:
        raise TransferError(
            f"{where}: “{key}” must be a date and time with its offset, like "
            f"2026-11-23T19:02:11+00:00, not “{text}”."
        )
    try:
        # Stored in UTC: a moment at the calendar's very edge would fall off it.
        moment.astimezone(UTC)
    except OverflowError:
        raise TransferError(f"{where}: “{key}” is beyond the calendar: “{text}”.") from None
    return moment


def _game_entry(value: object, where: str) -> GameEntry:
    if not isinstance(value, dict):
        raise TransferError(f"{where} is not an object.")
    kind = _field(value, "kind", str, where, "the name of a game")
    if kind not in KINDS:
        known = ", ".join(KINDS)
        raise TransferError(f"{where}: Scorekeeper knows no game “{kind}” (only {known}).")
    rules = KINDS[kind]
    players = _players(_field(value, "players", list, where, "a list of names"), where)
    settings = _field(value, "settings", dict, where, "an object")
    decks = _field(value, "decks", int, where, "a whole number")
    try:
        rules.check_players(len(players))
        _check_settings(rules, settings, len(players), decks, where)
    except RuleError as error:
        raise TransferError(f"{where}: {error.message}") from error
    note = _printable(_field(value, "note", str, where, "text"), "the note", where)
    longest = Game._meta.get_field("note").max_length
    if longest is not None and len(note) > longest:
        raise TransferError(f"{where}: the note is longer than {longest} characters.")
    finished = _field(value, "finished", bool, where, "true or false")
    if "finished_at" not in value:
        raise TransferError(f"{where} has no “finished_at”.")
    finished_at = None if value["finished_at"] is None else _time(value, "finished_at", where)
    if finished != (finished_at is not None):
        raise TransferError(f"{where}: “finished” and “finished_at” disagree.")
    abandoned = value.get("abandoned_at")
    abandoned_at = None if abandoned is None else _time(value, "abandoned_at", where)
    if finished and abandoned_at is not None:
        raise TransferError(f"{where} is finished and abandoned: a game is one or the other.")
    words = rules.words
    paper = _field(value, "paper", bool, where, "true or false")
    listed = _field(value, "rounds", list, where, "a list of rounds")
    if len(listed) > MAX_HANDS:
        raise TransferError(f"{where}: {say(words.at_most, count=MAX_HANDS)}, not {len(listed)}.")
    table = Table(players, decks, settings)
    answers = _answer_fields(rules, table)
    rounds = [
        _round_entry(played, number, table, rules, answers, f"{where}: {words.row(number)}", paper)
        for number, played in enumerate(listed, start=1)
    ]
    if paper:
        # As the paper-game form takes them: finished, and every row of a fixed-length game.
        fixed = rules.rounds
        if not finished or not rounds or (fixed is not None and len(rounds) != fixed):
            length = f"its {fixed} rows" if fixed else "at least one row"
            raise TransferError(f"{where}: a paper game is finished and has {length}.")
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


def _players(names: list[Any], where: str) -> tuple[str, ...]:
    """Names as a new game takes them: no blank or repeated name, none too long."""
    longest = Player._meta.get_field("name").max_length
    seated: list[str] = []
    for name in names:
        if not isinstance(name, str) or not " ".join(name.split()):
            raise TransferError(f"{where}: every player needs a name.")
        name = _printable(" ".join(name.split()), "a name", where)
        if longest is not None and len(name) > longest:
            raise TransferError(f"{where}: “{name}” is longer than {longest} characters.")
        if name.casefold() in (earlier.casefold() for earlier in seated):
            raise TransferError(f"{where}: {name} is seated twice.")
        seated.append(name)
    return tuple(seated)


def _printable(text: str, what: str, where: str) -> str:
    """Text as a form would take it: no NUL or other control characters, which no name
    or note holds and some databases refuse, and no half of a character (a surrogate that
    JSON can escape but UTF-8 cannot hold), which every database refuses."""
    categories = {unicodedata.category(character) for character in text}
    if "Cc" in categories:
        raise TransferError(f"{where}: {what} holds a control character.")
    if "Cs" in categories:
        raise TransferError(f"{where}: {what} holds half of a character (a lone surrogate).")
    return text


def _check_settings(rules: GameKind, settings: Json, players: int, decks: int, where: str) -> None:
    """The settings and decks as a new game takes them (GameKind.start): only settings the
    game has (its house rules among them), and the decks its rules give, or those the
    table may choose."""
    expected, stored = rules.start(players, settings)
    # A setting left empty (null) is the game's own, and means its default.
    unknown = sorted(set(settings) - set(rules.settings.stored_keys))
    if unknown and not set(rules.settings.keys) - {"decks"}:
        raise TransferError(f"{where}: {rules.title} has no settings.")
    if unknown:
        raise TransferError(f"{where}: {rules.title} has no setting “{unknown[0]}”.")
    if decks != expected and rules.start(players, {**settings, "decks": decks}) != (decks, stored):
        raise TransferError(
            f"{where}: {rules.title} for {players} players is played with {expected} "
            f"deck{'s' if expected > 1 else ''}, not {decks}."
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
        raise TransferError(f"{where} is not an object.")
    if _field(value, "number", int, where, "a whole number") != number:
        raise TransferError(f"{where}: {rules.words.in_order}")
    players = table.players
    seats = _field(value, "cards", list, where, "a list of each player's cards")
    if len(seats) != len(players):
        raise TransferError(f"{where}: “cards” needs one list per player, {len(players)} in all.")
    jokers = rules.jokers(table) > 0
    cards = tuple(
        _cards(seat, name, jokers, where) for seat, name in zip(seats, players, strict=True)
    )
    details = _field(value, "details", dict, where, "an object")
    steals = _field(value, "steals", list, where, "a list")
    if paper:
        _check_paper_row(details, cards, steals, len(players), where)
        return RoundEntry(cards, details, ())
    if steals and not rules.has_steals:
        raise TransferError(f"{where}: only Indian Chief has steals.")
    if details and not answers:
        raise TransferError(f"{where}: {say(rules.words.no_details, title=rules.title)}")
    _check_details(details, rules, answers, where)
    return RoundEntry(cards, details, _steals(steals, players, where))


def _cards(value: object, name: str, jokers: bool, where: str) -> str:
    """One seat's cards as canonical text ("7H 7C")."""
    if not isinstance(value, list) or not all(isinstance(card, str) for card in value):
        raise TransferError(f"{where}: {name}'s cards must be a list of card texts like “7H”.")
    try:
        text = " ".join(str(parse_card(card, jokers=jokers, player=name)) for card in value)
    except RuleError as error:
        raise TransferError(f"{where}: {error.message}") from error
    if len(text) > (Hand._meta.get_field("cards").max_length or 0):
        raise TransferError(f"{where}: {name} has more cards than any hand holds.")
    return text


def _steals(value: list[Any], players: Sequence[str], where: str) -> tuple[StealEntry, ...]:
    """Steals by seat; the rules check each one when the game is scored."""
    steals: list[StealEntry] = []
    for steal in value:
        if not isinstance(steal, dict):
            raise TransferError(f"{where}: each steal must be an object.")
        thief, victim, card = steal.get("thief"), steal.get("victim"), steal.get("card")
        if thief not in players:
            raise TransferError(f"{where}: a steal's “thief” must be one of the players.")
        if (victim is None) != (card is None) or (
            victim is not None and (victim not in players or not isinstance(card, str))
        ):
            raise TransferError(
                f"{where}: a steal names a “victim” among the players and a “card”, or "
                "neither (a take from the deck)."
            )
        if any(players[earlier.thief] == thief for earlier in steals):
            raise TransferError(f"{where}: {thief} steals twice.")
        try:
            text = "" if card is None else str(parse_card(card, player=thief))
        except RuleError as error:
            raise TransferError(f"{where}: {error.message}") from error
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
        raise TransferError(f"{where}: a paper game's row holds “scores”, a whole number each.")
    if any(abs(score) > PAPER_SCORE for score in scores):
        raise TransferError(
            f"{where}: a paper game's scores lie between −{PAPER_SCORE:,} and {PAPER_SCORE:,}."
        )
    if any(cards) or steals:
        raise TransferError(f"{where}: a paper game has no cards and no steals.")


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
                raise TransferError(
                    f"{where}: the {piles[name].lower()} must be its cards as text, like “7H 7C”."
                )
            continue
        if name not in answers:
            raise TransferError(f"{where}: {rules.title} asks nothing called “{name}”.")
        question, field = answers[name]
        try:
            kept = question.stored(field.clean(question.shown(value))) == value
        except (forms.ValidationError, TypeError, ValueError):
            kept = False
        if not kept:
            raise TransferError(f"{where}: “{value}” is no answer to “{question.label}”.")


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
        raise TransferError(f"{where}: {error.message}") from error
    if entry.finished_at is not None and standings.winners is None:
        raise TransferError(f"{where} is marked finished, but its rounds do not end it.")


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
