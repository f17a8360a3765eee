"""The rules of the grid: a mark placed, three in a row, a full grid.

A rule function changes the state and says nothing about what comes next: the flow
(:mod:`tic_tac_toe.flow`) runs it and reads the state to know.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tic_tac_toe.actions import Place

if TYPE_CHECKING:
    from tic_tac_toe.state import TicTacToeState

#: the rows, the columns and the two diagonals, by their cells (0-8, row by row)
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
#: the lines through each cell: a mark can only complete one of these
LINES_THROUGH = tuple(tuple(line for line in LINES if cell in line) for cell in range(9))


def place(state: TicTacToeState, action: Place) -> None:
    """The player to move marks the cell (tt-mark); three of his marks in a line win
    (tt-line); the turn passes to the other player (tt-turns). Nine moves fill the grid: the
    state's ``is_over`` then ends the game (tt-draw)."""
    cells = state.cells
    mover = state.turn
    cells[action.cell] = mover
    state.moves += 1
    for a, b, c in LINES_THROUGH[action.cell]:
        if cells[a] == cells[b] == cells[c]:
            state.winner = mover
            break
    state.turn = 1 - mover
