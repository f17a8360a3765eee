"""How a position stands for a search (``State.evaluate``): what the ``ismcts`` bot scores
the positions it stops at with."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine import State
from tic_tac_toe.grid import LINES

if TYPE_CHECKING:
    from tic_tac_toe.state import TicTacToeState


def evaluate(state: TicTacToeState, seat: int) -> float:
    """Won 1, lost 0, drawn 0.5; before the end: the seat to move wins if it has a line
    to complete (0.95), and so does the other seat when it has two such lines (0.9: only
    one can be blocked); otherwise 0.5 moved by 0.04 per mark ahead on open lines (lines
    the other seat has not blocked: room to make three)."""
    if state.is_over:
        return State.evaluate(state, seat)
    cells = state.cells
    threats = [0, 0]
    room = [0, 0]
    for a, b, c in LINES:
        marks = (cells[a], cells[b], cells[c])
        for who in (0, 1):
            if 1 - who not in marks:
                mine = marks.count(who)
                room[who] += mine
                threats[who] += mine == 2
    mover = state.turn
    if threats[mover]:
        return 0.95 if seat == mover else 0.05
    if threats[1 - mover] >= 2:
        return 0.9 if seat != mover else 0.1
    return 0.5 + 0.04 * max(-8, min(8, room[seat] - room[1 - seat]))
