"""The order of play of tic-tac-toe, declared as data on the kernel's flow
(:mod:`tabletop.flow`): :data:`FLOW`.

One step, ``turn``, repeated: the player to move (the state's ``turn``) marks an empty cell.
The rule (:func:`tic_tac_toe.grid.place`) passes the turn and returns ``None``, so the flow
stays in ``turn`` with the other player to act. The game is over when the state says so
(three in a row or a full grid). What may be played (the listing) and why anything else may
not (the refusal) sit side by side here.
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Any

from tabletop.flow import Flow, Step
from tic_tac_toe import grid
from tic_tac_toe.actions import PLACES, Place

if TYPE_CHECKING:
    from tic_tac_toe.state import TicTacToeState


def open_cells(state: TicTacToeState) -> list[Place]:
    """Step ``turn``: a mark in any empty cell, in the cells' order (tt-mark)."""
    cells = state.cells
    return [PLACES[cell] for cell in range(9) if cells[cell] < 0]


def refuse_place(state: TicTacToeState, action: Any) -> str | None:
    """Why ``action`` may not be played in step ``turn`` (``None``: the listing offers it,
    or it is no mark at all and the flow's own words say so)."""
    if type(action) is not Place:
        return None
    if type(action.cell) is not int or not 0 <= action.cell < 9:
        return "the cells are numbered 1 to 9"
    if state.cells[action.cell] >= 0:
        return f"cell {action.cell + 1} is already marked"
    return None


FLOW: Flow[TicTacToeState] = Flow(
    [Step("turn", actor="turn", actions=open_cells, play=grid.place, refuse=refuse_place)],
    # over when the state says so: three in a row or a full grid (TicTacToeState.is_over)
    is_over=attrgetter("is_over"))
