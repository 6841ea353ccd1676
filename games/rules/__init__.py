"""The rules core: pure Python, standard library only, no Django.

`KINDS` is the one registry of game kinds: each game's slug maps to its `GameKind`
(`games.rules.kind`), which its package defines as `KIND` in its `kind` module. Adding a
game adds a package and a line here, not branches elsewhere.
"""

import hashlib
from pathlib import Path

from games.rules.carousel.kind import KIND as CAROUSEL
from games.rules.cribbage.kind import KIND as CRIBBAGE
from games.rules.gin_rummy.kind import KIND as GIN_RUMMY
from games.rules.hearts.kind import KIND as HEARTS
from games.rules.indian_chief.kind import KIND as INDIAN_CHIEF
from games.rules.indian_rummy.kind import KIND as INDIAN_RUMMY
from games.rules.kind import GameKind
from games.rules.rummy.kind import KIND as RUMMY
from games.rules.solver import forget as forget  # what the solver remembers, forgotten
from games.rules.three_thirteen.kind import KIND as THREE_THIRTEEN
from games.rules.tong_its.kind import KIND as TONG_ITS

KINDS: dict[str, GameKind] = {
    kind.slug: kind
    for kind in (
        INDIAN_CHIEF,
        TONG_ITS,
        CAROUSEL,
        THREE_THIRTEEN,
        RUMMY,
        INDIAN_RUMMY,
        GIN_RUMMY,
        CRIBBAGE,
        HEARTS,
    )
}


def families() -> list[tuple[str, list[GameKind]]]:
    """The games by family (`GameKind.family`), each family where its first game stands
    in the registry, its games in the registry's order."""
    grouped: dict[str, list[GameKind]] = {}
    for kind in KINDS.values():
        grouped.setdefault(kind.family, []).append(kind)
    return list(grouped.items())


# The flagship, first in the registry: a new game is one when none is named, and the
# rules page and the calculator are its.
FLAGSHIP = INDIAN_CHIEF.slug

# The rules as this code states them, in a word: scores kept in a cache carry it in their
# key, so that a rules fix re-scores every game instead of showing what the old rules said.
EDITION = hashlib.blake2b(
    b"".join(path.read_bytes() for path in sorted(Path(__file__).parent.rglob("*.py"))),
    digest_size=6,
).hexdigest()
