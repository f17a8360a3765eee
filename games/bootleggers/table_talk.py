"""What a Mobster says aloud as he makes a headline move (``State.talk``): what his Muscle
bought him once the cards are up (first pick paid for, or a bargain at the back of the line),
and a Thug card stopped with G-Men: Investigation. A Muscle card laid face down says nothing:
the table learns it at the reveal, not from its owner's mouth. Everything here is on the
table (the Muscle turned up, the offers, the Thug card played); a hand never is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.talk import whom, whose

from . import actions as A
from . import words
from .cards import MUSCLE_COST, TRUCK_BY_NAME

if TYPE_CHECKING:
    from .state import BootleggersState


def talk(s: BootleggersState, action: Any, viewer: int | None) -> str | None:
    """The mover's words for ``action`` to ``viewer``, or None for a move said in silence."""
    if isinstance(action, A.TakeOffer):
        return _offer(s, action.slot)
    if isinstance(action, A.React) and action.cancel:
        top = s.decisions.top
        if top is None:
            return None
        return f"Not so fast, {whom(top.get('by'), viewer)}: the G-Men are taking an interest."
    if isinstance(action, A.RefuseDeal):
        top = s.decisions.top
        if top is None or top.get("seller") is None:
            return None
        said = whose(top.get("seller"), viewer)
        return f"{said[0].upper()}{said[1:]} price is too steep for me."
    return None


def _offer(s: BootleggersState, slot: int) -> str | None:
    """First in Muscle order: the high card was laid for this; last: low Muscle, and still
    something worth having."""
    me = s.to_act
    if me is None or s.players < 3 or me not in (s.order[0], s.order[-1]):
        return None
    if slot < 0:

        what = f"that {TRUCK_BY_NAME[s.truck_offer.partition('#')[0]].name}"
    else:
        what = words.card(s.offers[slot])
    muscle = s.muscle(me)
    if me == s.order[0]:
        return f"Muscle {muscle} bought me first pick, and {what} is why."
    if MUSCLE_COST[s.shown[me]] == 0:
        return f"Muscle {muscle} cost me nothing, and {what} was still there for me."
    return f"Last in line even with Muscle {muscle}. {what[0].upper()}{what[1:]} will do."
