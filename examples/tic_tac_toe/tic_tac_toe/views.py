"""What each seat sees: the observation and the table as text. Nothing is hidden in
tic-tac-toe, so every seat (and a spectator) sees the same."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tic_tac_toe.words import cell_text

if TYPE_CHECKING:
    from tic_tac_toe.state import TicTacToeState


def observation(state: TicTacToeState, seat: int | None) -> dict[str, Any]:
    """The grid (-1 empty, else the seat's number), the seat to act and the winner."""
    return {"cells": list(state.cells), "to_act": state.to_act, "winner": state.winner}


def render(state: TicTacToeState, seat: int | None) -> str:
    """The grid as text, the free cells numbered as the moves name them."""
    rows = [" " + " | ".join(cell_text(state, row * 3 + i) for i in range(3))
            for row in range(3)]
    return "\n---+---+---\n".join(rows)
