"""The tic-tac-toe game object: name, players, state class, actions, agents, the action
space and the observation's shape."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tabletop.engine import Game
from tabletop.rng import Rng
from tic_tac_toe.actions import Place
from tic_tac_toe.agents import HeuristicAgent
from tic_tac_toe.space import SPACE, TENSOR_SHAPE
from tic_tac_toe.state import TicTacToeState

__all__ = ["GAME", "HeuristicAgent", "Place", "TicTacToe"]


class TicTacToe(Game):
    """Three in a row on a 3x3 grid."""

    name = "tic_tac_toe"
    title = "Tic-tac-toe"
    min_players = 2
    max_players = 2
    state_class = TicTacToeState
    action_types = (Place,)
    has_hidden_information = False

    def step_cap(self, players: int, options: Any = None) -> int:
        return 9

    def action_space(self, players: int, options: Any) -> int:
        return len(SPACE)

    def observation_shape(self, players: int, options: Any) -> tuple[int, ...]:
        return TENSOR_SHAPE

    def result_bounds(self, players: int, options: Any) -> tuple[float, float]:
        return (0.0, 1.0)  # a loss, a draw (0.5 each) or a win

    def agents(self) -> Mapping[str, Callable[[], Any]]:
        return {"heuristic": HeuristicAgent}

    def _new_state(self, players: int, seed: int, options: Any) -> TicTacToeState:
        return TicTacToeState(players, Rng.from_seed(seed), options)


GAME = TicTacToe()
