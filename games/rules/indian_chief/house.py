"""Indian Chief's house rules (`shared/rules/house-rules.md` §1): how a Beggar pair
counts, whether A-2-3-4-5 is a straight, where an ace Thief steals, and the decks; and
the named presets of them. The melds and the round read them as `HouseRules`."""

from dataclasses import dataclass

from games.rules.settings import BOOK, Choice, Preset, Settings
from games.rules.text import gettext_lazy as _

MAX_DECKS = 2
DECKS_RULE = _(
    "By table size: 1 deck for 2–3 players, 2 for 4–8. Two decks with 2–3 players is a "
    "variant; three seat up to 10."
)
AUTO = "auto"
PER_CARD = "per_card"
HIGH_ONLY = "high_only"
ACE_LAST = "last"
THREE_DECKS = 3
# Three decks seat up to ten (H13, as Board Game Arena plays it [C2]).
MAX_PLAYERS_THREE_DECKS = 10


@dataclass(frozen=True)
class HouseRules:
    """The house rules in force, the book's by default (D5, D1, D9, D7)."""

    beggar_pair: str = "once"
    straight_ace: str = "high_and_low"
    thief_ace: str = "first"
    decks: str | int = AUTO


BOOK_RULES = HouseRules()

BEGGAR_PAIR = Choice(
    key="beggar_pair",
    label=_("A Beggar pair"),
    explanation=_("How often a Beggar Man of two cards of one rank counts an opponent's match."),
    choices=(
        ("once", _("Beggar pair counts each match once")),
        (PER_CARD, _("Beggar pair counts each match twice")),
    ),
    default=BOOK_RULES.beggar_pair,
)
STRAIGHT_ACE = Choice(
    key="straight_ace",
    label=_("Ace in a straight"),
    explanation=_("Whether the Indian Chief's poker hand may run A-2-3-4-5 as well as 10-J-Q-K-A."),
    choices=(
        ("high_and_low", _("A-2-3-4-5 is a straight")),
        (HIGH_ONLY, _("A-2-3-4-5 is no straight")),
    ),
    default=BOOK_RULES.straight_ace,
)
THIEF_ACE = Choice(
    key="thief_ace",
    label=_("An ace Thief"),
    explanation=_("Where a Thief of an ace steals in the Thieves' order, lowest card first."),
    choices=(("first", _("Ace Thief steals first")), (ACE_LAST, _("Ace Thief steals last"))),
    default=BOOK_RULES.thief_ace,
)
DECKS = Choice(
    key="decks",
    label=_("Decks"),
    explanation=DECKS_RULE,
    choices=(
        (AUTO, _("Decks by table size")),
        (2, _("2 decks")),
        (THREE_DECKS, _("3 decks, up to 10 players")),
    ),
    default=AUTO,
)


# The house rules and their presets (H14). The decks are one of them: the new-game page
# asks them once, as the house rule (`auto` is the book's count for the table, 2 is the
# book's two-deck variant for 2–3 players too, and 3 seats up to ten).
SETTINGS = Settings(
    house_rules=(BEGGAR_PAIR, STRAIGHT_ACE, THIEF_ACE, DECKS),
    presets=(
        BOOK,
        Preset("bga", _("Board Game Arena"), {"thief_ace": ACE_LAST}),
        Preset("catsatcards", _("CatsAtCards rules"), {"straight_ace": HIGH_ONLY}),
    ),
)
