"""Tic-tac-toe's action space and observation tensor, as documented in ``space.py``: what a
learning agent reads and plays (the conformance suite's check 10 checks the contract; these
tests check that the numbers mean what the docstrings say)."""

from __future__ import annotations

import pytest
from tic_tac_toe import GAME
from tic_tac_toe.actions import Place

from tabletop.options import NoOptions


def test_the_space_numbers_the_nine_cells_and_nothing_else() -> None:
    state = GAME.new_state(2, 1)
    assert GAME.action_space(2, NoOptions()) == 9
    assert [state.action_index(Place(c)) for c in range(9)] == list(range(9))
    assert [state.action_from_index(n) for n in range(9)] == [Place(c) for c in range(9)]
    with pytest.raises(ValueError, match="outside 0 to 8"):
        state.action_from_index(9)


def test_the_legal_indices_are_the_empty_cells() -> None:
    state = GAME.new_state(2, 1)
    for cell in (4, 0, 8):
        state.apply(Place(cell))
    assert state.legal_indices() == [1, 2, 3, 5, 6, 7]


def test_the_tensor_holds_x_then_o_then_the_empty_cells_row_by_row() -> None:
    """X in the centre and O in the top-left corner: plane 0 marks cell 5 (index 4), plane 1
    cell 1 (index 0), plane 2 the seven others; every seat and the spectator read the same,
    since nothing is hidden."""
    state = GAME.new_state(2, 1)
    state.apply(Place(4))
    state.apply(Place(0))
    x = [0.0] * 9
    x[4] = 1.0
    o = [0.0] * 9
    o[0] = 1.0
    empty = [0.0 if c in (0, 4) else 1.0 for c in range(9)]
    assert GAME.observation_shape(2, NoOptions()) == (3, 3, 3)
    for seat in (0, 1, None):
        assert state.observation_tensor(seat) == x + o + empty


def test_scores_lie_within_the_declared_bounds_win_or_draw() -> None:
    low, high = GAME.result_bounds(2, NoOptions())
    won = GAME.new_state(2, 1)
    for cell in (0, 3, 1, 4, 2):  # X takes the top row
        won.apply(Place(cell))
    drawn = GAME.new_state(2, 1)
    for cell in (0, 1, 2, 4, 3, 5, 7, 6, 8):
        drawn.apply(Place(cell))
    assert won.result().scores == (1.0, 0.0) and drawn.result().scores == (0.5, 0.5)
    assert all(low <= x <= high for x in won.result().scores + drawn.result().scores)
