"""What must hold in every position (the conformance suite checks it)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tic_tac_toe.state import TicTacToeState


def problems(state: TicTacToeState) -> list[str]:
    """The marks on the grid match the moves played, X never behind O nor two ahead."""
    marks = [state.cells.count(0), state.cells.count(1)]
    if sum(marks) != state.moves or not 0 <= marks[0] - marks[1] <= 1:
        return [f"mark counts {marks} do not fit {state.moves} moves"]
    return []
