"""What a Crimopolis gang boss says aloud as he makes a headline move (``State.talk``): a
take-over or an ambush (whose gangsters he goes after), a Safe House laid down, a job done, a
Bombing or a destiny aimed at a rival. Everything here is on the table: the city, who stands
where, the move itself (a job or fortune card is shown as it is played); the cards still in
a hand never are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.talk import whom, whose

from .actions import DoJob, Move, PlaceTile, PlayFortune, TakeOver
from .cards import fortunes, jobs
from .words import tile_name

if TYPE_CHECKING:
    from .state import CrimopolisState


def talk(state: CrimopolisState, action: Any, viewer: int | None) -> str | None:
    """The mover's words for ``action`` to ``viewer``, or None for a move said in silence."""
    me = state.to_act
    board = state.city.board
    kind = type(action)
    if kind is TakeOver:
        rival = board.occupants(action.block)[0]
        return f"I'm taking the {_block(state, action.block)} off {whom(rival, viewer)}."
    if kind is Move:
        rivals = [o for o in board.occupants(action.dst) if o != me]
        if rivals and action.dst[0] == "s":
            return f"{whose(rivals[0], viewer).capitalize()} gangsters are in my way. Not for long."
        return None
    if kind is PlaceTile and action.tile.startswith("SH"):
        owner = int(action.tile[2:])
        if owner == me:
            return "A Safe House right here: my gangsters will be close to the action."
        return None
    if kind is DoJob:
        title = jobs()[action.job].title
        holders = board.occupants(action.block)
        if holders and holders[0] != me:
            return (f"The {title} job, and {whose(holders[0], viewer)} {_block(state, action.block)}"
                    " is where it happens.")
        return None  # a job in a block nobody holds: the move line says it all
    if kind is PlayFortune:
        f = fortunes()[action.card]
        if action.block:
            rival = board.occupants(action.block)[0]
            return f"{whose(rival, viewer).capitalize()} gangsters picked the wrong block."
        if f.destiny and action.seat >= 0 and action.seat != me:
            return f"This one is for {whom(action.seat, viewer)}."
    return None


def _block(state: CrimopolisState, block: str) -> str:
    """A city block as a player names it: its tiles ("BANK", "PARK & MARKET")."""
    return " & ".join(tile_name(t) for t in state.city.block_tiles[block])
