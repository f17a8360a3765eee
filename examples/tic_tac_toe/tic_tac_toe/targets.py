"""What a player clicks on the picture to play each action."""

from __future__ import annotations

from tabletop.pictures import element_id
from tic_tac_toe.actions import Place


def targets(action: Place) -> tuple[str, ...]:
    """A mark is played by clicking its cell on the board (the cell's id in the picture)."""
    return (cell_id(action.cell),)


def cell_id(cell: int) -> str:
    """The picture's id of cell ``cell`` (0-8): ``cell-1`` to ``cell-9``."""
    return element_id("cell", cell + 1)
