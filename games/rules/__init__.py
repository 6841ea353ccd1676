"""The rules core: pure Python, standard library only, no Django.

`GAMES` is the one registry of game kinds: each kind's slug maps to the module holding its
rules. A module provides TITLE, MIN_PLAYERS, MAX_PLAYERS and default_decks(players);
adding a game adds a module and a line here, not branches elsewhere.
"""

from types import ModuleType

from games.rules import indian_chief

GAMES: dict[str, ModuleType] = {
    "indian-chief": indian_chief,
}


def rules_for(kind: str) -> ModuleType:
    return GAMES[kind]
