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
          "abandoned_at": null,              # when the table stopped it unfinished
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
and `winners` is needed (they are null when the stored cards no longer pass the rules),
and `abandoned_at`, which files written before it lack (their games were not abandoned);
other fields are ignored. A file from a later version of the
format is refused rather than half understood.

CSV: see `games_csv`. It is for people, in a spreadsheet: its words are in the
exporter's language (see there); the JSON is for Scorekeeper, and has none.
"""

import csv
import io
from collections.abc import Iterable, Sequence
from typing import Any

from django.utils import timezone
from django.utils.translation import pgettext, pgettext_lazy

from games.models import Game, scores
from games.rules.errors import RuleError
from games.rules.kind import Row
from games.rules.reading import Json

FORMAT = "scorekeeper-games"


VERSION = 1


def games_json(games: Iterable[Game]) -> Json:
    """The JSON document for these games, in the order given."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "games": [_game_json(game) for game in games],
    }


def _game_json(game: Game) -> Json:
    """A game's part of the JSON document, worked out once a version (`scores.key`)."""
    return scores.versioned(scores.key(game, "export:json"), lambda: _worked_out_json(game))


def _worked_out_json(game: Game) -> Json:
    outcome = scores.outcome(game)
    return {
        "kind": game.kind,
        "decks": game.decks,
        "settings": game.settings,
        "note": game.note,
        "created_at": game.created_at.isoformat(),
        "finished": game.is_finished,
        "finished_at": game.finished_at.isoformat() if game.finished_at else None,
        "abandoned_at": game.abandoned_at.isoformat() if game.abandoned_at else None,
        "paper": game.paper,
        "players": game.player_names(),
        "rounds": [
            {
                "number": number,
                "cards": [text.split() for text in played.cards],
                "details": played.details,
                "steals": [
                    {"thief": thief, "victim": victim, "card": card}
                    for thief, victim, card in played.steals
                ],
            }
            for number, played in sorted(scores.played(game).items())
        ],
        "totals": list(outcome.totals) if outcome else None,
        "winners": list(outcome.winners) if outcome else None,
    }


# The header row, for people: in the exporter's language (`games_csv`).
CSV_COLUMNS = (
    pgettext_lazy("export column: the game's number", "game"),
    pgettext_lazy("export column: the kind of game", "kind"),
    pgettext_lazy("export column: when the game started", "started"),
    pgettext_lazy("export column: the round's or hand's number", "round"),
    pgettext_lazy("export column: the seat's number", "seat"),
    pgettext_lazy("export column", "player"),
    pgettext_lazy("export column", "cards"),
    pgettext_lazy("export column: the meld the cards made", "meld"),
    pgettext_lazy("export column: the round's score", "score"),
    pgettext_lazy("export column", "running total"),
    pgettext_lazy("export column: whether the player won", "won"),
)


def games_csv(games: Iterable[Game]) -> str:
    """The games as a spreadsheet: one row per player per round (or hand), in play order
    and then seat order, and after each game's rounds one "Total" row per player.

    Columns: `game` (its number in Scorekeeper), `kind` ("Indian Chief"…), `started`
    (YYYY-MM-DD HH:MM, UTC), `round` (1, 2… or "Total"), `seat` (from 1), `player`,
    `cards` (as entered: "7H 7C"), `meld` (what the cards made, in a game of melds to
    make such as Indian Chief: "Beggar Man"), `score` (that round's points, or chips in
    Tong-Its),
    `running total` (the player's total after that round; on the Total row, the final
    total) and `won` ("yes" on a winner's Total row once the game is over). A Total row
    leaves `score` empty, so summing `score` by player gives the totals again. A game
    whose stored cards no longer pass the rules has empty scores and totals. A name that
    a spreadsheet would run as a formula ("=…", "+…", "-…", "@…") starts with a "'".

    The text starts with a byte order mark, so that spreadsheets read names such as José
    as UTF-8.

    Decision: the CSV is read by people, so what it says in words is in the language of
    the export's request: the header row, the "Total" rows' marker, "yes", the kind's name
    and the meld's. What was entered stays as it was (names, cards as "7H 7C") and numbers
    and times keep one form (YYYY-MM-DD HH:MM, no thousands separator), so that a
    spreadsheet reads them in any language. The columns are always the same, in the same
    order: a script reads them by position, whatever the header's language. (The JSON
    export, for Scorekeeper itself, has no words to translate.)
    """
    out = io.StringIO()
    out.write("\ufeff")
    # The csv module writes a str subclass as its own text, not str() of it: say each.
    csv.writer(out, lineterminator="\r\n").writerow([str(column) for column in CSV_COLUMNS])
    for game in games:
        out.write(_game_csv(game))
    return out.getvalue()


def _game_csv(game: Game) -> str:
    """A game's lines of the CSV, worked out once a version (`scores.key`), from its
    rounds and standings as the pages read them: a game is scored once for all of them."""
    return scores.versioned(scores.key(game, "export:csv"), lambda: _worked_out_csv(game))


def _worked_out_csv(game: Game) -> str:
    names = [_as_text(name) for name in game.player_names()]
    started = timezone.localtime(game.created_at).strftime("%Y-%m-%d %H:%M")
    head = [game.pk, str(game.get_kind_display()), started]
    rounds = scores.played(game)
    scored = _scored(game)
    rows_scored: Sequence[Row | None] = scored[0] if scored else [None] * len(rounds)
    winners = scored[1] if scored else ()
    running: list[Any] = [0 if scored else ""] * len(names)
    rows: list[list[Any]] = []
    for (number, played), row in zip(sorted(rounds.items()), rows_scored, strict=True):
        for seat, (name, text) in enumerate(zip(names, played.cards, strict=True)):
            score: Any = ""
            meld = ""
            if row is not None:
                score = row.scores[seat]
                running[seat] += score
                meld = str(row.made[seat].label) if row.made else ""
            rows.append([*head, number, seat + 1, name, text, meld, score, running[seat], ""])
    # Translators: in the exported CSV, the "round" of each player's row of totals.
    total = pgettext("export: the totals' row", "Total")
    # Translators: in the exported CSV's "won" column, on a winner's row of totals.
    yes = pgettext("export: a winner's row", "yes")
    for seat, name in enumerate(names):
        won = yes if name in winners else ""
        rows.append([*head, total, seat + 1, name, "", "", "", running[seat], won])
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows(rows)
    return out.getvalue()


def _as_text(name: str) -> str:
    """A name kept as text: anyone can type a name, and anyone's file can be imported."""
    return f"'{name}" if name.startswith(("=", "+", "-", "@", "\t", "\r")) else name


def _scored(game: Game) -> tuple[tuple[Row, ...], tuple[str, ...]] | None:
    """Each round as scored and the winners (none until the game is over), or None when
    the stored cards no longer pass the rules."""
    try:
        standings = scores.standings(game)
    except RuleError:
        return None
    return standings.rows, tuple(standings.winners or ())
