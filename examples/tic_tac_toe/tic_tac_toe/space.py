"""The fixed action space and the numeric observation, for learning agents."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.action_space import ActionSpace
from tic_tac_toe.actions import PLACES
from tic_tac_toe.views import observation

if TYPE_CHECKING:
    from tic_tac_toe.state import TicTacToeState

#: every action the game can ever offer, numbered for learning agents: Place(c) is number c
SPACE = ActionSpace(PLACES)

#: the observation tensor: three 3x3 planes (X's marks, O's marks, empty cells), each cell
#: 1.0 or 0.0, row-major; whose turn it is follows from the counts of marks
TENSOR_SHAPE = (3, 3, 3)


def tensor(state: TicTacToeState, seat: int | None) -> list[float]:
    """The planes of ``TENSOR_SHAPE``, read from ``observation(seat)`` so that they hold
    nothing the seat is not shown."""
    cells = observation(state, seat)["cells"]
    return [1.0 if mark == plane else 0.0 for plane in (0, 1, -1) for mark in cells]
