"""How tic-tac-toe names its things and says its actions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tic_tac_toe.actions import Place

if TYPE_CHECKING:
    from tic_tac_toe.state import TicTacToeState

#: each seat's mark: Player 1 plays X, Player 2 plays O
MARKS = ("X", "O")


def describe(state: TicTacToeState, action: Place) -> str:
    """The move as the table hears it: "X marks cell 5" (cells are numbered 1-9)."""
    return f"{MARKS[state.turn]} marks cell {action.cell + 1}"


def cell_text(state: TicTacToeState, cell: int) -> str:
    """What a cell shows in text: its mark, or its number while it is empty."""
    mark = state.cells[cell]
    return MARKS[mark] if mark >= 0 else str(cell + 1)
