"""What a Chicago boss says aloud as he makes a headline move (``State.talk``): a battle
for a rival's district (as the odds everyone can count stand), a hit man sent after a rival's
henchmen, a joker played on a rival's district, a bribe refused. Everything here is on the
table (who holds which district face up, how many henchmen each has, the card played); the
money cards in a hand never are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.talk import owned, whose

from .actions import Attack, Decline, HitMan, PlayJoker
from .cards import DISTRICTS, EFFECT, POINTS
from .odds import win_chance

if TYPE_CHECKING:
    from .state import ChicagoState


def talk(state: ChicagoState, action: Any, viewer: int | None) -> str | None:
    """The mover's words for ``action`` to ``viewer``, or None for a move said in silence."""
    me = state.to_act
    kind = type(action)
    if kind is Attack:
        owner = state.owner_of(action.territory)
        if owner < 0 or owner == me or me is None:
            return None
        theirs = owned(DISTRICTS[action.territory], owner, viewer)
        if not state.henchmen[owner]:
            return f"Nobody is guarding {theirs}. I'll help myself."
        chance = win_chance(state.henchmen[me], state.henchmen[owner])
        if chance >= 0.5:
            return f"I like my odds for {theirs}."
        worth = f"{theirs} is worth {POINTS[action.territory]} points to me"
        return f"It's a gamble, but {worth}." if chance >= 0.35 else f"Long odds, but {worth}."
    if kind is HitMan:
        if state.henchmen[action.target] == 1:
            return f"That's the last of {whose(action.target, viewer)} henchmen."
        return f"One of {whose(action.target, viewer)} henchmen is going to disappear."
    if kind is PlayJoker:
        owner = state.owner_of(action.territory)
        theirs = owned(DISTRICTS[action.territory], owner, viewer)
        if EFFECT[action.card] == "police_raid":
            return f"The cops will be very interested in {theirs}."
        return f"The mob is coming for {theirs}."
    if kind is Decline and state.decisions.top is not None:
        return "I'm not paying a cent for that."
    return None
