"""The rules core: pure Python, standard library only, no Django.

`GAMES` is the one registry of game kinds: each kind's slug maps to the module holding its
rules. A module provides SLUG, TITLE, MIN_PLAYERS, MAX_PLAYERS and default_decks(players);
adding a game adds a module and a line here, not branches elsewhere.
"""

from types import ModuleType

from games.rules import carousel, indian_chief, indian_rummy, rummy, three_thirteen, tong_its

GAMES: dict[str, ModuleType] = {
    module.SLUG: module
    for module in (indian_chief, tong_its, carousel, three_thirteen, rummy, indian_rummy)
}


def rules_for(kind: str) -> ModuleType:
    return GAMES[kind]
