"""What a Crime Lords player says aloud as he makes a headline move (``State.talk``): a jump
bid for a card he wants, an attempt on another Mob's Racket or Crook, the Hit on a Boss that
starts a Gang War. Everything here is on the table for all to see (the card up for auction,
who controls what, the move itself); a player's Specials and sealed money never are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.talk import whom, whose

from . import actions as A
from . import mob
from .cards import CARDS, RacketDef
from .names import name, role

if TYPE_CHECKING:
    from .state import CrimeLordsState

#: a bid this far above the least it could have been is a jump: the bidder wants the card
JUMP = 3


def talk(s: CrimeLordsState, action: Any, viewer: int | None) -> str | None:
    """The mover's words for ``action`` to ``viewer``, or None for a move said in silence."""
    if isinstance(action, A.Bid):
        return _bid(s, action.amount)
    if isinstance(action, (A.Takeover, A.Hit, A.Recruit)):
        return _attack(s, action, viewer)
    return None


def _bid(s: CrimeLordsState, amount: int) -> str | None:
    least = max(s.auc_high + 1, 0)
    if amount - least < JUMP or s.auc_card < 0:
        return None
    card = s.auc_card
    if isinstance(CARDS[card], RacketDef):
        return f"I want {name(card)} badly."
    return f"I need {name(card)} in my Mob, whatever it costs."


def _attack(s: CrimeLordsState, action: A.Takeover | A.Hit | A.Recruit,
            viewer: int | None) -> str | None:
    mover, target = s.actor, action.target
    owner = s.loc[target]
    if owner < 0 or owner == mover:
        return None  # an uncontrolled card is routine business, not table talk
    if isinstance(action, A.Takeover):
        return f"I'm going after {whose(owner, viewer)} {name(target)}."
    if isinstance(action, A.Recruit):
        return f"I'm luring {name(target)} away from {whom(owner, viewer)}."
    rank = role(s, target)
    if mob.is_boss(s, target) and not s.war:
        return f"{whose(owner, viewer).capitalize()} Boss, {name(target)}, goes down. This is war."
    return f"I'm taking out {whose(owner, viewer)} {rank}, {name(target)}."
