"""The JSON scoring endpoints of `shared/api.md`: parse the request, call the rules, answer.

They save nothing and need no login, so they are CSRF-exempt. Every rule or input error
is a 400 carrying the rules' code, a sentence for people and, when one player is at fault,
that player. Request shape is checked here (`invalid_input`); everything after that is the
rules engine's, in the order the spec gives.

* `common`: the view wrapper and the request-shape helpers every endpoint uses;
* `indian_chief`: `/api/indian-chief/meld`, `/round` and `/game` (§2);
* `rummy`: `/api/<slug>/deadwood`, `/hand` and `/game` for the five rummy-family games
  (§3), one view per slug and kind in `RUMMY_FAMILY`.
"""

from games.api.indian_chief import indian_chief_game, indian_chief_meld, indian_chief_round
from games.api.rummy import ENDPOINTS as RUMMY_FAMILY

__all__ = ["RUMMY_FAMILY", "indian_chief_game", "indian_chief_meld", "indian_chief_round"]
