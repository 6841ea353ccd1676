"""The rules core: pure Python, standard library only, no Django.

`KINDS` is the one registry of game kinds: each game's slug maps to its `GameKind`
(`games.rules.kinds`), which its rules module defines as `KIND`. Adding a game adds a
module and a line here, not branches elsewhere.
"""

import hashlib
from pathlib import Path

from games.rules import carousel, indian_chief, indian_rummy, rummy, three_thirteen, tong_its
from games.rules.kinds import GameKind

KINDS: dict[str, GameKind] = {
    module.KIND.slug: module.KIND
    for module in (indian_chief, tong_its, carousel, three_thirteen, rummy, indian_rummy)
}

# The rules as this code states them, in a word: scores kept in a cache carry it in their
# key, so that a rules fix re-scores every game instead of showing what the old rules said.
EDITION = hashlib.blake2b(
    b"".join(path.read_bytes() for path in sorted(Path(__file__).parent.glob("*.py"))),
    digest_size=6,
).hexdigest()
