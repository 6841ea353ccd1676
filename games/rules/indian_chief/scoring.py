"""Indian Chief scoring: the seven melds, a round with its Thief steals, and a whole game.

Implements `shared/rules/indian-chief.md`, under the house rules of
`shared/rules/house-rules.md` §1 (`HouseRules`). Scores come from the cards as revealed; steals
happen afterwards and never change a score. A meld with the right number of cards that
fails its conditions scores 0; errors are only for what cannot happen at a real table.

Input card text is parsed here, not by callers, so that the spec's validation order holds
for every caller: each check runs over the whole round before the next one, and a game is
checked round by round in play order.
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from games.rules.budget import within_budget
from games.rules.cards import (
    Card,
    check_copies,
    copy_problems,
    parse_cards,
)
from games.rules.errors import (
    CannotStealFromSelf,
    CardNotInMeld,
    InvalidInput,
    NotAThief,
    RepeatedMeld,
    RuleError,
    StealOutOfOrder,
    ThiefTieConflict,
)
from games.rules.indian_chief.house import ACE_LAST, BOOK_RULES, HouseRules
from games.rules.indian_chief.melds import (
    ROUNDS,
    Meld,
    MeldScore,
    check_players,
    decks_in_play,
    meld_for,
    score_meld,
)
from games.rules.text import gettext as _

# ---------------------------------------------------------------------------
# A round and its Thief steals


@dataclass(frozen=True)
class Reveal:
    """What one player revealed in a round: card text as entered, and the meld if declared."""

    name: str
    cards: tuple[str, ...]
    meld: Meld | None = None


@dataclass(frozen=True)
class Steal:
    """A Thief's action after the round is scored: take `card` from `victim`, or pass."""

    thief: str
    victim: str | None = None
    card: str | None = None

    @property
    def passes(self) -> bool:
        return self.victim is None


@dataclass(frozen=True)
class RoundEntry:
    """One round of a game as entered: every player's reveal and the steals that followed."""

    reveals: tuple[Reveal, ...]
    steals: tuple[Steal, ...] = ()


@dataclass(frozen=True)
class PlayerScore:
    name: str
    result: MeldScore

    @property
    def meld(self) -> Meld:
        return self.result.meld

    @property
    def score(self) -> int:
        return self.result.score


@dataclass(frozen=True)
class StealOutcome:
    """Who stole what, and what every meld holds afterwards. Scores do not change.

    `thief_order` groups the Thieves by the rank of their card, lowest first; `events` says
    what happened in words ("Ann took K♦ from Ben; Ben's meld now holds Ann's 2♣.").
    """

    thief_order: tuple[tuple[str, ...], ...]
    taken: dict[str, Card]
    melds_after: dict[str, tuple[Card, ...]]
    events: tuple[str, ...]


@dataclass(frozen=True)
class RoundScore:
    decks: int
    players: tuple[PlayerScore, ...]
    steals: StealOutcome

    @property
    def scores(self) -> dict[str, int]:
        return {player.name: player.score for player in self.players}

    def player(self, name: str) -> PlayerScore:
        return next(player for player in self.players if player.name == name)


def check_names(names: Sequence[str]) -> None:
    """Every player has a name of their own."""
    seen: set[str] = set()
    for name in names:
        if not name:
            raise InvalidInput(_("Every player needs a name."))
        if name in seen:
            raise InvalidInput(
                _("Two players are called {name}; names must differ.").format(name=name), name
            )
        seen.add(name)


def round_decks(players: int, decks: int | None, rules: HouseRules = BOOK_RULES) -> int:
    """Check the player and deck counts of a round or game; return the decks in play."""
    check_players(players, rules)
    return decks_in_play(decks, rules, players)


def score_round(
    reveals: Sequence[Reveal],
    decks: int | None = None,
    steals: Sequence[Steal] = (),
    rules: HouseRules = BOOK_RULES,
) -> RoundScore:
    """Score every player's meld from the cards as revealed, then replay the steals.

    Each check runs over the whole round before the next: names, player count, decks, card
    text (melds and steals), card counts, copies, then the steals.
    """
    names = [reveal.name for reveal in reveals]
    check_names(names)
    _check_steal_names(steals, names)
    decks = round_decks(len(reveals), decks, rules)
    return _score_checked_round(reveals, decks, rules, steals)


def preview_round(
    reveals: Sequence[Reveal], decks: int, rules: HouseRules = BOOK_RULES
) -> dict[str, MeldScore | RuleError | None]:
    """Score a round still being entered, player by player, for the live preview.

    A player with no cards yet has None; a player whose cards cannot be scored yet has the
    error (bad card text, a card more often than the `decks` in play hold, a count no meld
    has). Everyone else is scored against the cards entered so far for the others, so a
    Beggar Man's matches grow as cards come in.
    """
    hands: dict[str, tuple[Card, ...] | RuleError] = {}
    for reveal in reveals:
        try:
            hands[reveal.name] = parse_cards(reveal.cards, player=reveal.name)
        except RuleError as error:
            hands[reveal.name] = error
    parsed = [(name, cards) for name, cards in hands.items() if not isinstance(cards, RuleError)]
    for problem in copy_problems(parsed, decks):
        hands[str(problem.player)] = problem
    preview: dict[str, MeldScore | RuleError | None] = {}
    for reveal in reveals:
        cards = hands[reveal.name]
        if isinstance(cards, RuleError) or not cards:
            preview[reveal.name] = cards if isinstance(cards, RuleError) else None
            continue
        others = [
            (name, other)
            for name, other in hands.items()
            if name != reveal.name and not isinstance(other, RuleError)
        ]
        table = [card for _, other in others for card in other]
        owners = [name for name, other in others for _ in other]
        try:
            meld = meld_for(len(cards), reveal.meld, reveal.name)
        except RuleError as error:
            preview[reveal.name] = error
            continue
        preview[reveal.name] = score_meld(meld, cards, table, owners, rules)
    return preview


def _check_steal_names(steals: Iterable[Steal], names: Sequence[str]) -> None:
    players = set(names)
    for steal in steals:
        for who in (steal.thief, steal.victim):
            if who is not None and who not in players:
                raise InvalidInput(_("{name} is not playing this round.").format(name=who))


def _score_checked_round(
    reveals: Sequence[Reveal],
    decks: int,
    rules: HouseRules,
    steals: Sequence[Steal] = (),
    made: Mapping[str, Mapping[Meld, int]] | None = None,
) -> RoundScore:
    """Score a round whose names, players and decks are already checked.

    `made` holds, per player, the round in which each meld was made earlier in the game:
    making one again is `repeated_meld`, checked before the steals.
    """
    hands = [parse_cards(reveal.cards, player=reveal.name) for reveal in reveals]
    steal_cards = [
        None if steal.passes else parse_cards([steal.card or ""], player=steal.thief)[0]
        for steal in steals
    ]
    melds = [
        meld_for(len(cards), reveal.meld, reveal.name)
        for reveal, cards in zip(reveals, hands, strict=True)
    ]
    check_copies(
        [(reveal.name, cards) for reveal, cards in zip(reveals, hands, strict=True)], decks
    )
    players = []
    for i, (reveal, cards, meld) in enumerate(zip(reveals, hands, melds, strict=True)):
        others = [(reveals[j].name, other) for j, other in enumerate(hands) if j != i]
        table = [card for _, other in others for card in other]
        owners = [name for name, other in others for _ in other]
        players.append(PlayerScore(reveal.name, score_meld(meld, cards, table, owners, rules)))
    for player in players:
        earlier = (made or {}).get(player.name, {}).get(player.meld)
        if earlier is not None:
            raise RepeatedMeld(
                # Translators: {meld} is a meld's name ("Beggar Man"), {round} a number.
                _("{name} already made {meld} in round {round}.").format(
                    name=player.name, meld=player.meld.label, round=earlier
                ),
                player.name,
            )
    return RoundScore(decks, tuple(players), _replay_steals(players, steals, steal_cards, rules))


# Under `thief_ace: last` an ace ranks above the king in the steal order (H12).
ACE_ABOVE_KING = 14


def thief_order(
    players: Sequence[PlayerScore], rules: HouseRules = BOOK_RULES
) -> tuple[tuple[str, ...], ...]:
    """Thieves grouped by the rank of their card, lowest first (A < 2 < … < K, D9; under
    `thief_ace: last` 2 < … < K < A, H12).

    Thieves holding the same rank form one tie group: they must take different cards or
    none of them steals.
    """
    groups: dict[int, list[str]] = {}
    for player in players:
        if player.meld is Meld.THIEF:
            card = player.result.cards[0]
            last = card.rank == "A" and rules.thief_ace == ACE_LAST
            groups.setdefault(ACE_ABOVE_KING if last else card.index, []).append(player.name)
    return tuple(tuple(groups[index]) for index in sorted(groups))


def _replay_steals(
    players: Sequence[PlayerScore],
    steals: Sequence[Steal],
    cards: Sequence[Card | None],
    rules: HouseRules,
) -> StealOutcome:
    """Check the steals against the rules, then replay them in order.

    The stolen card goes to the Thief's hand; the card in the Thief's meld spot takes the
    stolen card's place in the victim's meld, where a later Thief may steal it in turn.
    """
    order = thief_order(players, rules)
    group_of = {name: rank for rank, group in enumerate(order) for name in group}
    thief_card = {p.name: p.result.cards[0] for p in players if p.meld is Meld.THIEF}
    for steal in steals:
        if steal.thief not in group_of:
            raise NotAThief(
                _("{thief} did not meld a Thief this round.").format(thief=steal.thief),
                steal.thief,
            )
    _check_steal_order(steals, group_of, thief_card)
    for steal in steals:
        if steal.victim == steal.thief:
            raise CannotStealFromSelf(
                _("{thief} cannot steal from their own meld.").format(thief=steal.thief),
                steal.thief,
            )

    melds = {p.name: list(p.result.cards) for p in players}
    taken: dict[str, Card] = {}
    robbed: list[tuple[str, str, Card]] = []
    events = []
    for steal, card in zip(steals, cards, strict=True):
        if steal.victim is None or card is None:
            events.append(_("{thief} took from the deck.").format(thief=steal.thief))
            continue
        victim_meld = melds[steal.victim]
        if card not in victim_meld:
            _raise_missing_card(steal, card, robbed, group_of)
        given = melds[steal.thief].pop()
        victim_meld[victim_meld.index(card)] = given
        taken[steal.thief] = card
        robbed.append((steal.thief, steal.victim, card))
        events.append(
            # Translators: {card} is the card the Thief took ("K♦"), {given} the card of the
            # Thief's meld that takes its place ("2♣").
            _(
                "{thief} took {card} from {victim}; {victim}'s meld now holds {thief}'s {given}."
            ).format(thief=steal.thief, card=card.symbol, victim=steal.victim, given=given.symbol)
        )
    return StealOutcome(
        order, taken, {name: tuple(cards) for name, cards in melds.items()}, tuple(events)
    )


def _check_steal_order(
    steals: Sequence[Steal], group_of: dict[str, int], thief_card: dict[str, Card]
) -> None:
    """Report the first entry that acts too early (before a lower Thief) or a second time."""
    for i, steal in enumerate(steals):
        if any(earlier.thief == steal.thief for earlier in steals[:i]):
            raise StealOutOfOrder(
                _("{thief} has already had a turn: each Thief steals at most once.").format(
                    thief=steal.thief
                ),
                steal.thief,
            )
        lower = next(
            (later for later in steals[i + 1 :] if group_of[later.thief] < group_of[steal.thief]),
            None,
        )
        if lower is not None:
            raise StealOutOfOrder(
                # Translators: {card} and {lower_card} are the Thieves' cards ("9♠", "4♥").
                _(
                    "{thief} ({card}) cannot steal before {lower} ({lower_card}): Thieves "
                    "steal from the lowest card to the highest."
                ).format(
                    thief=steal.thief,
                    card=thief_card[steal.thief].symbol,
                    lower=lower.thief,
                    lower_card=thief_card[lower.thief].symbol,
                ),
                steal.thief,
            )


def _raise_missing_card(
    steal: Steal, card: Card, robbed: list[tuple[str, str, Card]], group_of: dict[str, int]
) -> None:
    for thief, victim, taken_card in robbed:
        tied = group_of[thief] == group_of[steal.thief]
        if tied and victim == steal.victim and taken_card == card:
            raise ThiefTieConflict(
                # Translators: {card} is the card both Thieves want ("K♦").
                _(
                    "{thief} and {other} are tied and both want {victim}'s {card}: tied "
                    "Thieves must take different cards, or none of them steals."
                ).format(thief=steal.thief, other=thief, victim=steal.victim, card=card.symbol),
                steal.thief,
            )
    raise CardNotInMeld(
        # Translators: {card} is the card the Thief wants ("K♦").
        _("{victim}'s meld does not hold {card} when {thief} steals.").format(
            victim=steal.victim, card=card.symbol, thief=steal.thief
        ),
        steal.thief,
    )


# ---------------------------------------------------------------------------
# A game


@dataclass(frozen=True)
class SheetRow:
    """One meld's row of the score sheet: each player's (round number, result) or None."""

    meld: Meld
    cells: tuple[tuple[int, MeldScore] | None, ...]


@dataclass(frozen=True)
class GameScore:
    players: tuple[str, ...]
    rounds: tuple[RoundScore, ...]

    @property
    def round_scores(self) -> list[dict[str, int]]:
        return [round_score.scores for round_score in self.rounds]

    @property
    def totals(self) -> dict[str, int]:
        return {
            name: sum(round_score.scores[name] for round_score in self.rounds)
            for name in self.players
        }

    @property
    def complete(self) -> bool:
        return len(self.rounds) == ROUNDS

    @property
    def winners(self) -> tuple[str, ...] | None:
        """Everyone with the highest total once the game is complete; a tie shares the win."""
        return self.leaders if self.complete else None

    @property
    def leaders(self) -> tuple[str, ...]:
        """Everyone with the highest total so far (nobody before the first round)."""
        if not self.rounds:
            return ()
        totals = self.totals
        best = max(totals.values())
        return tuple(name for name in self.players if totals[name] == best)

    def sheet(self) -> tuple["SheetRow", ...]:
        """The paper score sheet: a row per meld, each player's (round number, result) in
        seat order, or None where the meld is still to be made."""
        made: dict[tuple[Meld, str], tuple[int, MeldScore]] = {}
        for number, round_score in enumerate(self.rounds, start=1):
            for player in round_score.players:
                made[player.meld, player.name] = (number, player.result)
        return tuple(
            SheetRow(meld, tuple(made.get((meld, name)) for name in self.players)) for meld in Meld
        )

    @property
    def seat_totals(self) -> tuple[int, ...]:
        """The totals in seat order, for the sheet's bottom row."""
        totals = self.totals
        return tuple(totals[name] for name in self.players)

    def remaining_melds(self, name: str) -> tuple[Meld, ...]:
        made = {round_score.player(name).meld for round_score in self.rounds}
        return tuple(meld for meld in Meld if meld not in made)

    @property
    def remaining(self) -> tuple[tuple[Meld, ...], ...]:
        """The melds each player has still to make, in seat order."""
        return tuple(self.remaining_melds(name) for name in self.players)


def score_game(
    players: Sequence[str],
    rounds: Iterable[RoundEntry],
    decks: int | None = None,
    rules: HouseRules = BOOK_RULES,
) -> GameScore:
    """Score up to seven rounds; each player makes each meld once, in any order.

    The request as a whole is checked first (names, the round count, one entry per player
    in each round, then the player and deck counts); then each round in play order, where
    the first round with an error stops the game and the message names it.
    """
    players = tuple(players)
    rounds = list(rounds)
    check_names(players)
    if len(rounds) > ROUNDS:
        raise InvalidInput(
            _("A game has {rounds} rounds, not {count}.").format(rounds=ROUNDS, count=len(rounds))
        )
    for number, entry in enumerate(rounds, start=1):
        names = [reveal.name for reveal in entry.reveals]
        if sorted(names) != sorted(players):
            raise InvalidInput(
                _("Round {number} needs exactly one meld from each player.").format(number=number)
            )
        _check_steal_names(entry.steals, players)
    decks = round_decks(len(players), decks, rules)

    made: dict[str, dict[Meld, int]] = {name: {} for name in players}
    scored = []
    for number, entry in enumerate(rounds, start=1):
        # Between rounds, as the other games between hands: a game is cheap, but a list
        # or an export scores many of them in one request.
        within_budget()
        try:
            round_score = _score_checked_round(entry.reveals, decks, rules, entry.steals, made)
        except RuleError as error:
            # Translators: {problem} is an error's sentence, said of round {number}.
            told = _("Round {number}: {problem}").format(number=number, problem=error.message)
            raise type(error)(told, error.player) from error
        for player in round_score.players:
            made[player.name][player.meld] = number
        scored.append(round_score)
    return GameScore(players, tuple(scored))
