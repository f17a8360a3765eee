"""A position of Chicago DIY.

The order of play (a turn's steps, the bribe asked of a joker's victim) is declared in
:mod:`tabletop_games.chicago_diy.flow` and run by the kernel's flow: the state gets ``to_act``, the
legal actions, ``apply`` and ``why_illegal`` from it (:class:`~tabletop.flow.Flowing`).
Card ids, values and prices come from :mod:`tabletop_games.chicago_diy.cards`; the rules live in
:mod:`tabletop_games.chicago_diy.effects` (card effects, battles, payments, bribes) and
:mod:`tabletop_games.chicago_diy.turns` (the end of a turn and of the game). The contract's other
methods come from the modules that implement them: what a seat sees from
:mod:`tabletop_games.chicago_diy.views`, the actions in words from :mod:`tabletop_games.chicago_diy.words`,
the evaluation from :mod:`tabletop_games.chicago_diy.evaluation`, the numbers for learning agents
from :mod:`tabletop_games.chicago_diy.space`. A new game is dealt in :mod:`tabletop_games.chicago_diy.setup`.
"""

from __future__ import annotations

from typing import Any

import attrs

from tabletop.components import Decisions, Deck, EventLog, TurnOrder
from tabletop.engine import Result, State
from tabletop.flow import Flowing
from tabletop.rng import Rng

from . import evaluation, flow, invariants, space, targets, turns, views, words
from .cards import CARDS, COST, money_in
from .options import ChicagoOptions
from .rules import ACTION, HIRE_PRICE, OVER, PAY_HIRE, PAY_TERRITORY


@attrs.define(slots=True, eq=True)
class ChicagoState(Flowing, State):
    """One position of Chicago DIY.

    ``hands`` are hidden (money, hit men and jokers); ``territories`` lie face up;
    ``henchmen`` counts each seat's henchmen. ``pending`` is the drawn territory waiting to
    be paid for; ``set_aside`` holds the jokers played (out of the game);
    ``reshuffles_left`` counts the times the discards may still refill an empty draw pile
    before the deck has run out. ``offered`` holds the money cards the payer has put toward
    the price due so far (still in the payer's hand until the payment is made);
    ``hire_due`` says that the henchman just rolled for wants his $5 (paid or declined
    next). ``phase`` is the current step of the flow, ``decisions`` its stack of questions.
    ``log`` is the recent public news of the table.
    """

    FLOW = flow.FLOW

    players: int
    rng: Rng
    options: ChicagoOptions
    deck: Deck[str]
    hands: list[list[str]]
    territories: list[list[str]]
    henchmen: list[int]
    turn: TurnOrder
    decisions: Decisions = attrs.Factory(Decisions)
    phase: str = ACTION
    pending: str = ""
    set_aside: list[str] = attrs.Factory(list)
    reshuffles_left: int = 1
    end_reason: str = ""
    log: EventLog = attrs.Factory(EventLog)
    shown: str = ""  # a card the last move showed the table and put back out of sight
    offered: list[str] = attrs.Factory(list)  # money put toward the price due, still in hand
    hire_due: bool = False

    # -- the contract (to_act, the legal actions, apply: the flow's) ------------------------
    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def event_log(self) -> EventLog:
        return self.log

    @property
    def round(self) -> int:
        return self.turn.turns_taken // self.players + 1

    def counters(self, seat: int) -> dict[str, int]:
        """What everyone sees of ``seat``: henchmen, territories held, cards in hand."""
        return {"henchmen": self.henchmen[seat], "territories": len(self.territories[seat]),
                "hand": len(self.hands[seat])}

    def price_due(self) -> int:
        """The dollars the payment under way must reach (0: nothing to pay)."""
        if self.decisions.top is not None:
            return self.options.bribe
        if self.phase == PAY_TERRITORY:
            return COST[self.pending]
        return HIRE_PRICE if self.phase == PAY_HIRE else 0

    def finish(self, reason: str) -> None:
        """The game is over for ``reason`` (see :func:`tabletop_games.chicago_diy.turns.finish`)."""
        turns.finish(self, reason)

    def owner_of(self, territory: str) -> int:
        """The seat holding ``territory`` face up (-1 if nobody does)."""
        for seat, held in enumerate(self.territories):
            if territory in held:
                return seat
        return -1

    # -- scoring -------------------------------------------------------------------------
    def score(self, seat: int) -> int:
        """Rulebook "Scoring": territories 5/10/15, henchmen 2 each, money $1 a point."""
        # ch-score
        return (
            sum(CARDS[t].points for t in self.territories[seat])
            + 2 * self.henchmen[seat]
            + money_in(self.hands[seat])
        )

    def evaluate(self, seat: int) -> float:
        """``seat``'s chance of winning as it can tell from what it sees (its own hand, the
        public table, the others' hand sizes): see :mod:`tabletop_games.chicago_diy.evaluation`. 1 or
        0 once the game is decided (a shared victory splits the 1)."""
        return evaluation.win_chances(self, seat)[seat]

    def result(self) -> Result:
        scores = [self.score(s) for s in range(self.players)]
        # ch-tiebreak: [decided] equal scores: more territories wins; still equal, the
        # victory is shared
        tiebreak = [len(t) for t in self.territories]
        return Result.by_scores(scores, self.end_reason + self._tie_words(scores), tiebreak)

    def _tie_words(self, scores: list[int]) -> str:
        """What settled a tie on the top score, in words ("" when nobody tied): the
        territories held, or a shared victory."""
        top = max(scores)
        tied = [s for s in range(self.players) if scores[s] == top]
        if len(tied) < 2:
            return ""
        held = sorted((len(self.territories[s]) for s in tied), reverse=True)
        if held[0] == held[1]:
            return f"; equal on {top} points and on territories, so the victory is shared"
        against = " and ".join(map(str, held[1:]))
        return (f"; equal on {top} points, decided by territories held "
                f"({held[0]} against {against})")

    # -- copies and views ----------------------------------------------------------------
    def determinize(self, seat: int | None, rng: Rng) -> ChicagoState:
        """Others' hands and the draw pile dealt afresh from the cards ``seat`` cannot see
        (see :func:`tabletop_games.chicago_diy.views.determinize`)."""
        return views.determinize(self, seat, rng)

    # -- numbers for learning agents -----------------------------------------------------
    def action_index(self, action: Any) -> int:
        return space.listed(self.players).index(action)

    def action_from_index(self, index: int) -> Any:
        return space.listed(self.players).action(index)

    def observation_tensor(self, seat: int | None) -> list[float]:
        return space.encode(self.observation(seat))

    def perturb(self, seat: int | None, rng: Rng) -> ChicagoState | None:
        """One hidden card changed (see :func:`tabletop_games.chicago_diy.views.perturb`)."""
        return views.perturb(self, seat, rng)

    def observation(self, seat: int | None) -> dict[str, Any]:
        return views.observation(self, seat)

    def describe(self, action: Any) -> str:
        return words.describe(self, action)

    def talk(self, action: Any, viewer: int | None) -> str | None:
        from . import table_talk
        return table_talk.talk(self, action, viewer)

    def describe_public(self, action: Any) -> str:
        return words.describe_public(self, action)

    def render(self, seat: int | None) -> str:
        return views.render(self, seat)

    def picture(self, seat: int | None) -> str:
        from .picture import picture

        return picture(self, seat)

    def targets(self, action: Any) -> tuple[str, ...]:
        """The picture's elements ``action`` acts on (see :mod:`tabletop_games.chicago_diy.targets`)."""
        return targets.targets(self, action)

    def action_group(self, action: Any) -> str:
        return words.action_group(self, action)

    def invariants(self) -> list[str]:
        """Every card in exactly one place; counts, seats, phase and lists that make sense
        (see :mod:`tabletop_games.chicago_diy.invariants`; never raises)."""
        return invariants.problems(self)

