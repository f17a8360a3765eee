"""Tic-tac-toe's rules, one test per rule of RULES.md, each naming the rule's id; and the
check that every id has its test and its place in the code (``tabletop.testing.rule_ids``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tic_tac_toe import GAME
from tic_tac_toe.actions import Place
from tic_tac_toe.state import TicTacToeState

from tabletop.errors import IllegalAction
from tabletop.testing.rule_ids import code_problems, rule_problems

PACKAGE = Path(__file__).resolve().parent.parent / "tic_tac_toe"


def played(*cells: int) -> TicTacToeState:
    """A new game with marks in ``cells`` (numbered 1-9, as the players name them)."""
    state = GAME.new_state(2, 1)
    assert isinstance(state, TicTacToeState)
    for cell in cells:
        state.apply(Place(cell - 1))
    return state


def test_x_goes_first_and_the_players_alternate() -> None:
    """tt-turns: Player 1 (X) moves first, then Player 2 (O), then X again."""
    state = played()
    assert state.to_act == 0
    state.apply(Place(4))
    assert state.to_act == 1 and state.cells[4] == 0
    state.apply(Place(0))
    assert state.to_act == 0 and state.cells[0] == 1


def test_a_turn_marks_one_empty_cell() -> None:
    """tt-mark: the empty cells are the moves; a marked one is refused, with the reason."""
    state = played(5, 1)
    assert list(state.legal_actions()) == [Place(c) for c in (1, 2, 3, 5, 6, 7, 8)]
    with pytest.raises(IllegalAction, match="cell 5 is already marked"):
        state.apply(Place(4))


@pytest.mark.parametrize("cells, line", [((1, 4, 2, 5, 3), "a row"),
                                         ((2, 1, 5, 3, 8), "a column"),
                                         ((3, 1, 5, 2, 7), "a diagonal")])
def test_three_in_a_line_wins(cells: tuple[int, ...], line: str) -> None:
    """tt-line: X completes ``line`` and wins at once."""
    state = played(*cells)
    assert state.is_over and state.result().winners == (0,), line


def test_a_full_grid_without_a_line_is_a_draw() -> None:
    """tt-draw: nine marks, no line: the game ends, nobody wins."""
    state = played(1, 2, 3, 5, 4, 6, 8, 7, 9)
    assert state.is_over and state.result().winners == ()


def test_scores_are_one_nothing_or_a_half_each() -> None:
    """tt-scores: 1 for the winner, 0 for the loser, 0.5 each for a draw."""
    assert played(1, 4, 2, 5, 3).result().scores == (1.0, 0.0)
    assert played(4, 1, 5, 2, 7, 3).result().scores == (0.0, 1.0)
    assert played(1, 2, 3, 5, 4, 6, 8, 7, 9).result().scores == (0.5, 0.5)


def test_every_rule_has_its_test_and_its_code() -> None:
    rules = PACKAGE / "RULES.md"
    assert rule_problems(rules, [Path(__file__).parent]) == []
    assert code_problems(rules, PACKAGE) == []
