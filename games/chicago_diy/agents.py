"""The heuristic agent for Chicago DIY: a one-step look at expected points, with a personality.

It sees a determinized state (its own hand is true, the rest resampled) and weighs each
action by the points it is expected to bring, counting what a rival loses as a gain (shared
out between the rivals in a bigger game, more of it when the rival leads):

- jokers are played on the richest rival territory, the leader's first; a hit man goes after
  a rival whose henchmen defend the most points, first one left with a single henchman (the
  next attack then walks in);
- an undefended territory is taken for free; otherwise a battle is worth its win chance
  times the territory's swing, less the henchman (and what it defends) at risk;
- drawing is worth what a card adds to the hand on average; hiring is worth a henchman's
  points and the defence it brings;
- it pays the cheapest way, bribes when the bribe costs less than what it saves, and
  discards its lowest money first.

Its :class:`~tabletop.agents.personality.Personality` sets how much a rival's loss is worth
(aggression: battles, hit men and jokers), how much a lost battle and an undefended
territory weigh and how much a henchman is worth (caution: hires, bribes), and how much a
card drawn is worth (greed); near-equal options are picked among at random
(temperature). The neutral personality plays as tuned.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from tabletop.agents.personality import Personality, blend
from tabletop.rng import Rng

from .actions import (
    Attack,
    Decline,
    Discard,
    Draw,
    EndTurn,
    Hire,
    HitMan,
    PayCard,
    PlayJoker,
)
from .cards import KIND, POINTS, TERRITORY_COUNT, VALUE, payments
from .evaluation import estimate
from .odds import win_chance
from .rules import HAND_LIMIT, PAY_HIRE
from .state import ChicagoState


class HeuristicAgent:
    """Greedy on expected points, with a few table-wise habits and a personality (see the
    module doc)."""

    kind = "heuristic"
    view = "state"

    def __init__(self, personality: Personality | None = None) -> None:
        p = personality or Personality.NEUTRAL
        self.personality = p
        self.rival_weight = blend(p.aggression, 0.85, 1.25)  # a rival's loss, as my gain
        self.risk_weight = blend(p.caution, 0.95, 1.35)  # what a lost battle costs me
        self.men_weight = blend(p.caution, 1.0, 1.3)  # a henchman's worth in play
        self.draw_weight = blend(p.greed, 0.9, 1.15)  # a card drawn
        self.bribe_weight = blend(p.caution, 0.8, 1.4)  # how dear a bribe may be

    def choose(self, view: ChicagoState, legal_actions: Sequence[Any], rng: Rng) -> Any:
        """The legal action with the best expected points (near-ties broken by the
        personality's temperature, exact ties at random)."""
        me = view.to_act
        assert me is not None
        first = legal_actions[0]
        if view.decisions.top is not None:
            return self._bribe(view, me, legal_actions)
        if type(first) is PayCard or type(first) is Decline:
            return self._pay(view, me, legal_actions)
        scored = [(self._worth(view, me, a), a) for a in legal_actions]
        return self.personality.pick(scored, rng)

    # -- answers ----------------------------------------------------------------------
    def _bribe(self, view: ChicagoState, me: int, legal: Sequence[Any]) -> Any:
        top = view.decisions.top
        assert top is not None
        plan = self._cheapest(view, me)
        if not plan:
            return legal[-1]
        if view.offered:
            return self._next(view, plan, legal)  # decided already: go on paying
        cost = sum(VALUE[c] for c in plan)
        territory = top.get("territory")
        at_stake = POINTS[territory] + 2.0  # the points, and the income a territory is
        if top.get("effect") == "mob_attack":
            attacker = top.get("attacker")
            if len(view.territories[attacker]) + 1 == TERRITORY_COUNT:
                return self._next(view, plan, legal)  # the mob would hold the whole city
            at_stake *= 2  # the attacker gains what I lose, and the money goes to him
            cost *= 2
        if cost < at_stake * self.bribe_weight:
            return self._next(view, plan, legal)
        return legal[-1]

    def _pay(self, view: ChicagoState, me: int, legal: Sequence[Any]) -> Any:
        plan = self._cheapest(view, me)
        # a henchman costs $5 or more for his 2 points: the fifth is not worth buying
        if view.phase == PAY_HIRE and (view.henchmen[me] >= 4 or not plan):
            return legal[-1]
        return self._next(view, plan, legal)

    def _cheapest(self, view: ChicagoState, me: int) -> tuple[str, ...]:
        """The cheapest whole payment of the price due that holds the cards already put
        forward (empty: none)."""
        have = Counter(VALUE[c] for c in view.offered)
        for plan in payments(view.hands[me], view.price_due()):  # cheapest first
            if not have - Counter(VALUE[c] for c in plan):
                return plan
        return ()

    def _next(self, view: ChicagoState, plan: tuple[str, ...], legal: Sequence[Any]) -> Any:
        """The step that puts the plan's biggest card not yet put forward."""
        rest = [VALUE[c] for c in plan]
        for c in view.offered:
            rest.remove(VALUE[c])
        steps = {VALUE[a.card]: a for a in legal if type(a) is PayCard}
        for v in sorted(rest, reverse=True):
            if v in steps:
                return steps[v]
        return next(a for a in legal if type(a) is PayCard)

    # -- the turn ---------------------------------------------------------------------
    def _share(self, view: ChicagoState, rival: int) -> float:
        """What a point taken from ``rival`` is worth to me against the field: shared out
        between the rivals, more for one who leads the table."""
        me = view.to_act
        assert me is not None
        lead = estimate(view, me, rival) - max(
            estimate(view, me, s) for s in range(view.players) if s != rival)
        leader = 1.0 + max(-0.3, min(0.5, lead / 40.0))
        return self.rival_weight * leader / (view.players - 1)

    def _worth(self, view: ChicagoState, me: int, action: Any) -> float:
        kind = type(action)
        if kind is PlayJoker:
            pts = POINTS[action.territory]
            owner = view.owner_of(action.territory)
            mine = pts if action.card == "BJ" else 0.0
            return 100.0 + mine + pts * self._share(view, owner)
        if kind is HitMan:
            return self._hit(view, me, action.target)
        if kind is Attack:
            return self._attack(view, me, action.territory)
        if kind is Draw:
            return self._draw(view, me)
        if kind is Hire:
            return self._hire(view, me) * self.men_weight
        if kind is Discard:
            # lowest money goes first; a spare hit man or joker only when money is all high
            card = action.card
            return -VALUE[card] if KIND[card] == "money" else -5.5
        if kind is EndTurn:
            return 0.0
        return -100.0

    def _hit(self, view: ChicagoState, me: int, target: int) -> float:
        """A hit man on ``target``: worth what its henchmen defend, most when it strips the
        last one (my next battle walks in) and I have a henchman to walk in with."""
        defended = sum(POINTS[t] for t in view.territories[target])
        if not defended:
            return -1.0  # keep the ace for a rival worth hitting
        last = view.henchmen[target] == 1 and view.henchmen[me] > 0
        bonus = (20.0 + max(POINTS[t] for t in view.territories[target])) if last else 0.0
        return 50.0 + bonus + defended * 0.1 * self._share(view, target) * (view.players - 1)

    def _attack(self, view: ChicagoState, me: int, territory: str) -> float:
        owner = view.owner_of(territory)
        pts = POINTS[territory]
        swing = pts * (1.0 + self._share(view, owner))
        p = win_chance(view.henchmen[me], view.henchmen[owner])
        if p == 1.0:
            return 60.0 + swing
        # a won territory may be fought back over: count most, not all, of the swing;
        # a lost battle costs the henchman's points and what it did in play
        risk = 2.0 + self._hire(view, me, view.henchmen[me] - 1)
        if view.henchmen[me] == 1 and view.territories[me]:
            risk += max(POINTS[t] for t in view.territories[me])  # left undefended
        return p * 0.8 * swing - (1.0 - p) * risk * self.risk_weight

    def _draw(self, view: ChicagoState, me: int) -> float:
        hand = view.hands[me]
        money = sorted(VALUE[c] for c in hand if VALUE[c])
        if len(hand) >= HAND_LIMIT and money:
            # a new money card pushes the smallest one out of the hand
            low = money[0]
            gain = sum(max(0, v - low) for v in range(2, 11)) / 9
        else:
            gain = 6.0
        worth = (0.66 * gain + 1.5) * self.draw_weight  # money 2 times in 3, else specials
        # Drawing runs the deck down and so brings the end closer: good for the leader.
        lead = estimate(view, me, me) - max(
            estimate(view, me, s) for s in range(view.players) if s != me)
        return worth + max(-3.0, min(6.0, lead / 5.0))

    def _hire(self, view: ChicagoState, me: int, have: int | None = None) -> float:
        """What one more henchman is worth to ``me`` when it has ``have`` of them."""
        # Henchmen win battles (more dice) and hold territories (the defender wins ties):
        # in play they are worth far more than their 2 points, the first ones most of all.
        if have is None:
            have = view.henchmen[me]
        if have == 0:
            return 30.0 + sum(POINTS[t] for t in view.territories[me])
        return (9.0, 7.0, 4.0, 2.0, 0.0)[have - 1]
