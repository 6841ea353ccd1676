"""The rules core: pure Python, standard library only, no Django.

`KINDS` is the one registry of game kinds: each game's slug maps to its `GameKind`
(`games.rules.kinds`), which its rules module defines as `KIND`. Adding a game adds a
module and a line here, not branches elsewhere.
"""

from games.rules import carousel, indian_chief, indian_rummy, rummy, three_thirteen, tong_its
from games.rules.kinds import GameKind

KINDS: dict[str, GameKind] = {
    module.KIND.slug: module.KIND
    for module in (indian_chief, tong_its, carousel, three_thirteen, rummy, indian_rummy)
}
