"""Indian Chief's JSON (`shared/api.md` §2): players are named, and an error's `player`
is a name. The meld, round and game endpoints, each of which reads its house rules from
`settings` before anything else and says them back when the request names any (§4)."""

from games.rules.errors import (
    InvalidInput,
)
from games.rules.indian_chief.house import SETTINGS, HouseRules
from games.rules.indian_chief.melds import TITLE, Meld, score_single_meld
from games.rules.indian_chief.scoring import (
    Reveal,
    RoundEntry,
    RoundScore,
    Steal,
    score_game,
    score_round,
)
from games.rules.reading import (
    Json,
    as_list,
    as_object,
    as_text,
    card_texts,
    optional_int,
    or_empty,
)
from games.rules.settings import RuleSet
from games.rules.text import gettext as _

# ---------------------------------------------------------------------------
# Reading JSON (`shared/api.md` §2): players are named, and an error's `player` is a name


def _read_meld(data: Json) -> Meld | None:
    value = data.get("meld")
    if value is None:
        return None
    try:
        return Meld(value)
    except ValueError:
        names = ", ".join(meld.value for meld in Meld)
        raise InvalidInput(
            # Translators: {names} lists the API's meld names ("thief, beggar_man, …"), as
            # they are; {value} is what was sent.
            _("“{value}” is not a meld; use one of {names}.").format(value=value, names=names)
        ) from None


def _read_name(value: object, what: str) -> str:
    name = as_text(value, what)
    if not name:
        # Translators: {what} names a field, such as "The name of player 2".
        raise InvalidInput(_("{what} must not be empty.").format(what=what))
    return name


def _read_reveal(value: object, what: str) -> Reveal:
    entry = as_object(value, what)
    # Translators: {what} is "player 2" or "a player in round 3".
    name = _read_name(entry.get("name"), _("The name of {what}").format(what=what))
    # Translators: names a field in an error such as "Ann's cards must be a list.".
    cards = card_texts(entry.get("cards"), _("{name}'s cards").format(name=name))
    return Reveal(name, cards, _read_meld(entry))


def _read_steal(value: object) -> Steal:
    # Translators: names what is wrong in an error such as "Each steal must be a JSON
    # object."; the words in “” are the API's field names, kept as they are.
    entry = as_object(value, _("Each steal"))
    thief = _read_name(entry.get("thief"), _("A steal's “thief”"))
    passes = entry.get("pass", False)
    if not isinstance(passes, bool):
        raise InvalidInput(_("A steal's “pass” must be true or false."))
    if passes:
        return Steal(thief)
    victim = _read_name(entry.get("victim"), _("{thief}'s “victim”").format(thief=thief))
    card = as_text(entry.get("card"), _("{thief}'s stolen “card”").format(thief=thief))
    return Steal(thief, victim, card)


def _players_json(round_score: RoundScore) -> list[Json]:
    return [
        {
            "name": player.name,
            "meld": player.meld.value,
            "cards": [str(card) for card in player.result.cards],
            "score": player.score,
            "explanation": player.result.explanation,
        }
        for player in round_score.players
    ]


def _read_rules(data: Json) -> RuleSet:
    """The request's `settings`: a preset and the house rules, nothing else (H4)."""
    rules, _others = SETTINGS.read(data.get("settings"), TITLE)
    return rules


def meld_endpoint(data: Json) -> Json:
    """Score one meld; `table` holds the opponents' cards for a Beggar Man."""
    rules = _read_rules(data)
    cards = card_texts(data.get("cards"), "“cards”")
    meld = _read_meld(data)
    decks = optional_int(data, "decks")
    table = card_texts(or_empty(data.get("table")), "“table”")
    result = score_single_meld(cards, meld, decks, table, HouseRules(**rules.options))
    return rules.echoed(
        {
            "meld": result.meld.value,
            "cards": [str(card) for card in result.cards],
            "score": result.score,
            "explanation": result.explanation,
        }
    )


def round_endpoint(data: Json) -> Json:
    """Score one round and replay the Thieves' steals that follow it."""
    rules = _read_rules(data)
    players = [
        # Translators: a player by their place in the request's “players”, counted from 1.
        _read_reveal(entry, _("player {number}").format(number=i))
        for i, entry in enumerate(as_list(data.get("players"), "“players”"), start=1)
    ]
    steals = [_read_steal(entry) for entry in as_list(or_empty(data.get("steals")), "“steals”")]
    result = score_round(players, optional_int(data, "decks"), steals, HouseRules(**rules.options))
    return rules.echoed(
        {
            "decks": result.decks,
            "players": _players_json(result),
            "scores": result.scores,
            "thief_order": [list(group) for group in result.steals.thief_order],
            "taken": {thief: str(card) for thief, card in result.steals.taken.items()},
            "melds_after_steals": {
                name: [str(card) for card in cards]
                for name, cards in result.steals.melds_after.items()
            },
        }
    )


def game_endpoint(data: Json) -> Json:
    """Score up to seven rounds of a game (steals never change scores, so none are sent)."""
    rules = _read_rules(data)
    players = [
        _read_name(name, _("Each player")) for name in as_list(data.get("players"), "“players”")
    ]
    rounds = [
        RoundEntry(
            tuple(
                _read_reveal(entry, _("a player in round {number}").format(number=number))
                for entry in as_list(reveals, _("Round {number}").format(number=number))
            )
        )
        for number, reveals in enumerate(as_list(data.get("rounds"), "“rounds”"), start=1)
    ]
    result = score_game(players, rounds, optional_int(data, "decks"), HouseRules(**rules.options))
    winners = result.winners
    return rules.echoed(
        {
            "round_scores": result.round_scores,
            "totals": result.totals,
            "complete": result.complete,
            "winners": None if winners is None else list(winners),
        }
    )
