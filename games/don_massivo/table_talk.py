"""What a player of Don Massivo says aloud as he makes a headline move (``State.talk``): a
robbery (what he is after in whose display), a defender throwing a gangster in, the Villa's
two alternative actions (recruiting at the West Side, leaning on a fence at the East Side).
Everything here is on the table: money and gangsters face up in
a display, the fences on top of their piles, the card just played; what lies face down or in
a hand never is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.talk import whom, whose

from .actions import Guard, LeanOnFence, Recruit, Rob
from .cards import FENCES, money_text

if TYPE_CHECKING:
    from .state import DonMassivoState


def talk(state: DonMassivoState, action: Any, viewer: int | None) -> str | None:
    """The mover's words for ``action`` to ``viewer``, or None for a move said in silence."""
    if isinstance(action, Rob):
        shown = state.shown(action.target)
        if shown < 2:
            return f"Not for the money, {whom(action.target, viewer)}: it's the principle."
        return f"Half of {whose(action.target, viewer)} {money_text(shown)} is coming my way."
    if isinstance(action, Guard):
        return f"You'll have to do better than that, {whom(state.current, viewer)}."
    if isinstance(action, Recruit):
        return "More hands first; the job can wait."
    if isinstance(action, LeanOnFence):
        top = state.fence_top(action.pile)
        if top is None:
            return None
        name = "the Casino" if FENCES[top].is_casino else f"the {FENCES[top].name}"
        return f"I don't like {name}'s prices. Let's see who's behind."
    return None
