"""Games out of Scorekeeper and back in: a JSON file that keeps them, a CSV for spreadsheets.

JSON, format "scorekeeper-games" version 1. The file holds exactly what was entered at the
table; scores are never stored, so an import scores every game again through the rules::

    {
      "format": "scorekeeper-games",
      "version": 1,
      "exported_at": "2026-11-23T20:15:00+00:00",
      "games": [
        {
          "kind": "indian-chief",            # a game of games.rules.KINDS
          "decks": 2,
          "settings": {},                    # the game's settings, in the API's form
          "note": "Kitchen table",
          "created_at": "2026-11-23T19:02:11.520000+00:00",
          "finished": true,
          "finished_at": "2026-11-23T20:11:40+00:00",   # null while the game goes on
          "paper": false,                    # entered afterwards from a paper sheet
          "players": ["Ann", "Ben", "Cleo", "Dan"],      # in seat order
          "rounds": [
            {
              "number": 1,                   # 1, 2, 3… in play order
              "cards": [["3C"], ["KD"], ["KS", "3H"], ["QS", "8S", "3S"]],  # one list per seat
              "details": {},                 # a hand's answers to its kind's questions
              "steals": [                    # Indian Chief's Thieves, in steal order
                {"thief": "Ann", "victim": "Dan", "card": "QS"},
                {"thief": "Ben", "victim": null, "card": null}   # took from the deck
              ]
            }
          ],
          "totals": [3, 10, 6, 21],          # for people, in seat order: ignored on import
          "winners": []                      # for people ([] until the game is over): ignored
        }
      ]
    }

Cards are written as the API writes them (`10H`, `AS`, `JK`). Every field but `totals`
and `winners` is needed (they are null when the stored cards no longer pass the rules);
other fields are ignored. A file from a later version of the
format is refused rather than half understood.

CSV: see `games_csv`.
"""

import csv
import io
import json
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django import forms
from django.db import transaction
from django.utils import timezone

from games.forms import question_field
from games.models import Game, Hand, Player
from games.rules import KINDS
from games.rules.cards import parse_card
from games.rules.errors import RuleError
from games.rules.kinds import GameKind, Played
from games.rules.reading import Json

FORMAT = "scorekeeper-games"
VERSION = 1


class TransferError(Exception):
    """Why a file cannot be imported, in a sentence for the person importing it."""


# ---------------------------------------------------------------------------
# Export


def games_json(games: Iterable[Game]) -> Json:
    """The JSON document for these games, in the order given."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "games": [_game_json(game) for game in games],
    }


def _game_json(game: Game) -> Json:
    rounds = game.rounds.prefetch_related(
        "hands", "steals__thief__player", "steals__victim__player"
    )
    outcome = game.outcome()
    return {
        "kind": game.kind,
        "decks": game.decks,
        "settings": game.settings,
        "note": game.note,
        "created_at": game.created_at.isoformat(),
        "finished": game.is_finished,
        "finished_at": game.finished_at.isoformat() if game.finished_at else None,
        "paper": game.paper,
        "players": game.player_names(),
        "rounds": [
            {
                "number": played.number,
                "cards": [text.split() for text in played.card_texts()],
                "details": played.details,
                "steals": [
                    {
                        "thief": steal.thief.player.name,
                        "victim": steal.victim.player.name if steal.victim else None,
                        "card": steal.card or None,
                    }
                    for steal in played.steals.all()
                ],
            }
            for played in rounds
        ],
        "totals": list(outcome.totals) if outcome else None,
        "winners": list(outcome.winners) if outcome else None,
    }


CSV_COLUMNS = (
    "game",
    "kind",
    "started",
    "round",
    "seat",
    "player",
    "cards",
    "score",
    "running total",
    "won",
)


def games_csv(games: Iterable[Game]) -> str:
    """The games as a spreadsheet: one row per player per round (or hand), in play order
    and then seat order, and after each game's rounds one "Total" row per player.

    Columns: `game` (its number in Scorekeeper), `kind` ("Indian Chief"…), `started`
    (YYYY-MM-DD HH:MM, UTC), `round` (1, 2… or "Total"), `seat` (from 1), `player`,
    `cards` (as entered: "7H 7C"), `score` (that round's points, or chips in Tong-Its),
    `running total` (the player's total after that round; on the Total row, the final
    total) and `won` ("yes" on a winner's Total row once the game is over). A Total row
    leaves `score` empty, so summing `score` by player gives the totals again. A game
    whose stored cards no longer pass the rules has empty scores and totals. A name that
    a spreadsheet would run as a formula ("=…", "+…", "-…", "@…") starts with a "'".

    The text starts with a byte order mark, so that spreadsheets read names such as José
    as UTF-8.
    """
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for game in games:
        writer.writerows(_game_rows(game))
    return out.getvalue()


def _game_rows(game: Game) -> list[list[Any]]:
    names = [_as_text(name) for name in game.player_names()]
    started = timezone.localtime(game.created_at).strftime("%Y-%m-%d %H:%M")
    head = [game.pk, game.get_kind_display(), started]
    rounds = list(game.rounds.prefetch_related("hands"))
    scored = _scored(game)
    scores: Sequence[tuple[int, ...] | None] = scored[0] if scored else [None] * len(rounds)
    winners = scored[1] if scored else ()
    running: list[Any] = [0 if scored else ""] * len(names)
    rows: list[list[Any]] = []
    for played, round_scores in zip(rounds, scores, strict=True):
        for seat, (name, text) in enumerate(zip(names, played.card_texts(), strict=True)):
            score: Any = ""
            if round_scores is not None:
                score = round_scores[seat]
                running[seat] += score
            rows.append([*head, played.number, seat + 1, name, text, score, running[seat], ""])
    for seat, name in enumerate(names):
        won = "yes" if name in winners else ""
        rows.append([*head, "Total", seat + 1, name, "", "", running[seat], won])
    return rows


def _as_text(name: str) -> str:
    """A name kept as text: anyone can type a name, and anyone's file can be imported."""
    return f"'{name}" if name.startswith(("=", "+", "-", "@", "\t", "\r")) else name


def _scored(game: Game) -> tuple[list[tuple[int, ...]], tuple[str, ...]] | None:
    """Each round's scores in seat order and the winners (none until the game is over),
    or None when the stored cards no longer pass the rules."""
    try:
        standings = game.standings()
    except RuleError:
        return None
    return [row.scores for row in standings.rows], tuple(standings.winners or ())


# ---------------------------------------------------------------------------
# Import: read and check the file, then save and re-score every game in one transaction


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
    paper: bool
    players: tuple[str, ...]
    rounds: tuple[RoundEntry, ...]


def read_file(content: bytes) -> list[GameEntry]:
    """The games of an exported file; raises TransferError saying what is wrong."""
    try:
        data = json.loads(content.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise TransferError("This is not a Scorekeeper export: it is not text.") from error
    except (ValueError, RecursionError) as error:
        raise TransferError("This is not a Scorekeeper export: it is not valid JSON.") from error
    return read_games(data)


def read_games(data: object) -> list[GameEntry]:
    """The games of a parsed JSON document, each field checked."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise TransferError("This is not a Scorekeeper export: it has no “format” of ours.")
    version = data.get("version")
    if version != VERSION:
        raise TransferError(
            f"This file is in version {json.dumps(version)} of the export format; "
            f"this Scorekeeper reads version {VERSION}."
        )
    games = data.get("games")
    if not isinstance(games, list) or not games:
        raise TransferError("The file holds no games.")
    return [_game_entry(game, f"Game {number}") for number, game in enumerate(games, start=1)]


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
    note = _field(value, "note", str, where, "text")
    longest = Game._meta.get_field("note").max_length
    if longest is not None and len(note) > longest:
        raise TransferError(f"{where}: the note is longer than {longest} characters.")
    finished = _field(value, "finished", bool, where, "true or false")
    if "finished_at" not in value:
        raise TransferError(f"{where} has no “finished_at”.")
    finished_at = None if value["finished_at"] is None else _time(value, "finished_at", where)
    if finished != (finished_at is not None):
        raise TransferError(f"{where}: “finished” and “finished_at” disagree.")
    word = rules.round_word.capitalize()
    paper = _field(value, "paper", bool, where, "true or false")
    rounds = [
        _round_entry(played, number, players, settings, rules, f"{where}: {word} {number}", paper)
        for number, played in enumerate(
            _field(value, "rounds", list, where, "a list of rounds"), start=1
        )
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
        name = " ".join(name.split())
        if longest is not None and len(name) > longest:
            raise TransferError(f"{where}: “{name}” is longer than {longest} characters.")
        if name.casefold() in (earlier.casefold() for earlier in seated):
            raise TransferError(f"{where}: {name} is seated twice.")
        seated.append(name)
    return tuple(seated)


def _check_settings(rules: GameKind, settings: Json, players: int, decks: int, where: str) -> None:
    """The settings and decks as a new game takes them (GameKind.start): only settings the
    game has, and the decks its rules give, or those the table may choose."""
    expected, stored = rules.start(players, settings)
    unknown = sorted(set(settings) - set(stored))
    if unknown and not set(rules.settings) - {"decks"}:
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
    players: Sequence[str],
    settings: Json,
    rules: GameKind,
    where: str,
    paper: bool,
) -> RoundEntry:
    if not isinstance(value, dict):
        raise TransferError(f"{where} is not an object.")
    if _field(value, "number", int, where, "a whole number") != number:
        raise TransferError(
            f"{where}: {rules.round_word}s must be numbered 1, 2, 3… in play order."
        )
    seats = _field(value, "cards", list, where, "a list of each player's cards")
    if len(seats) != len(players):
        raise TransferError(f"{where}: “cards” needs one list per player, {len(players)} in all.")
    jokers = rules.jokers(len(players), settings) > 0
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
    if details and not rules.fields(len(players)):
        raise TransferError(f"{where}: an {rules.title} {rules.round_word} has no “details”.")
    _check_details(details, rules, len(players), where)
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
    if any(cards) or steals:
        raise TransferError(f"{where}: a paper game has no cards and no steals.")


def _check_details(details: Json, rules: GameKind, players: int, where: str) -> None:
    """The hand's answers as the table stores them: only questions the game asks, each
    answer one its form field would give back unchanged. The rules check what the answers
    mean when the game is scored."""
    names = [str(seat) for seat in range(players)]
    fields = {name: question for name, question, _ in rules.fields(players)}
    for name, value in details.items():
        question = fields.get(name)
        if question is None:
            raise TransferError(f"{where}: {rules.title} asks nothing called “{name}”.")
        try:
            kept = (
                question.stored(question_field(question, names).clean(question.shown(value)))
                == value
            )
        except (forms.ValidationError, TypeError, ValueError):
            kept = False
        if not kept:
            raise TransferError(f"{where}: “{value}” is no answer to “{question.label}”.")


@transaction.atomic
def import_games(entries: Sequence[GameEntry], owner: Any, browser: str, source: str) -> list[Game]:
    """Save the games as the importer's (`owner` when logged in, else the `browser`)
    through the table's own actions, each round checked by the rules as it lands; the
    first that fails undoes the whole import.

    The games keep their entered times. Their history starts at the import and names the
    `source` file: the file holds what was entered, not each change on the way.
    """
    games = []
    for number, entry in enumerate(entries, start=1):
        try:
            game = _import_game(entry, owner, browser)
        except RuleError as error:
            raise TransferError(f"Game {number}: {error.message}") from error
        # The history starts at the import: the saves that brought the rounds in are
        # the import's own steps, not changes made at a table.
        started = game.changes.earliest("at", "pk")
        game.changes.exclude(pk=started.pk).delete()
        started.after = [*(started.after or []), ["imported from", source]]
        started.save(update_fields=["after"])
        if entry.finished_at is not None and game.standings().winners is None:
            raise TransferError(f"Game {number} is marked finished, but its rounds do not end it.")
        games.append(game)
    return games


def _import_game(entry: GameEntry, owner: Any, browser: str) -> Game:
    """One game, saved as the table saves it: started, then round by round with its
    steals; a game of paper scores as the paper-game page saves it. The whole game is
    scored first, so that a file's mistake is said in the rules' words."""
    rules = KINDS[entry.kind]
    played = [
        Played(row.cards, row.details, _named(row.steals, entry.players)) for row in entry.rounds
    ]
    rules.standings(entry.players, played, entry.settings, entry.decks, paper=entry.paper)
    if entry.paper:
        scores = [row.details["scores"] for row in entry.rounds]
        game = Game.from_paper(
            entry.kind, entry.players, scores, entry.created_at, entry.note, owner, browser
        )
    else:
        game = Game.start(
            entry.players,
            entry.decks,
            entry.note,
            kind=entry.kind,
            settings=entry.settings,
            owner=owner,
            browser=browser,
        )
        seats = list(game.seats.order_by("position"))
        for row in entry.rounds:
            saved = game.record_round(row.cards, uuid.uuid4(), game.version, row.details)
            game.refresh_from_db()
            for steal in row.steals:
                victim = None if steal.victim is None else seats[steal.victim]
                game.record_steal(
                    saved.number, seats[steal.thief], victim, steal.card, game.version
                )
                game.refresh_from_db()
    # The file's times are the real ones, and it says whether the game is finished.
    Game.objects.filter(pk=game.pk).update(
        created_at=entry.created_at, finished_at=entry.finished_at
    )
    game.refresh_from_db()
    return game


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


# ---------------------------------------------------------------------------
# The form that takes a file

# An export of a thousand games is well under a megabyte; anything far bigger is no export.
MAX_IMPORT_BYTES = 5 * 1024 * 1024


class ImportForm(forms.Form):
    """A file exported before (JSON); `cleaned_data["games"]` holds its games, checked
    field by field. Saving them through the table's actions is the import's own last
    check (import_games)."""

    file = forms.FileField(
        label="Exported file",
        help_text=f"A .json file of up to {MAX_IMPORT_BYTES // (1024 * 1024)} MB.",
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_IMPORT_BYTES:
            raise forms.ValidationError(
                f"The file is larger than {MAX_IMPORT_BYTES // (1024 * 1024)} MB: "
                "it cannot be a Scorekeeper export."
            )
        try:
            self.cleaned_data["games"] = read_file(upload.read())
        except TransferError as error:
            raise forms.ValidationError(str(error)) from error
        return upload
