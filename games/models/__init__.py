"""What was entered at the table, and nothing that can be worked out from it.

Games store who sat where, and for each round the cards every player revealed and the
Thieves' steals, as text in the API's card notation. Scores are never stored: they are
derived through the rules engine on demand, so a rules fix re-scores every past game.
"""

from games.models.changes import Change
from games.models.game_queries import GameQuerySet
from games.models.games import Game, GameFinished, RulesRefused, StaleGame, kind_choices
from games.models.invitations import Invitation
from games.models.languages import AccountLanguage
from games.models.players import Player, Seat
from games.models.rounds import Hand, Round, RoundQuerySet, Steal
from games.models.scores import Outcome

__all__ = [
    "AccountLanguage",
    "Change",
    "Game",
    "GameFinished",
    "GameQuerySet",
    "Hand",
    "Invitation",
    "Outcome",
    "Player",
    "Round",
    "RoundQuerySet",
    "RulesRefused",
    "Seat",
    "StaleGame",
    "Steal",
    "kind_choices",
]
