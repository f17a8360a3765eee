"""What the adapter tests share: the games they run over and a masked uniform random player.

The adapters need the optional ``rl`` extra (PettingZoo, Gymnasium, OpenSpiel); the README's
test command installs it with ``.[test]``. Without it these tests skip and say how to get it.
"""

from __future__ import annotations

from typing import Any

import pytest

from tabletop import registry
from tabletop.engine import Game
from tests.conftest import BUILT_IN
from tests.fixtures.menu_game import GAME as RACKET_ROW

INSTALL = "the adapter tests need the rl extra: pip install -e '.[rl]' (or '.[test]')"

#: built-in games that do not declare an action space yet (issue 18), with why: their cases
#: are expected to fail, strictly, so the day one gains its space these marks must go
NO_ACTION_SPACE_YET: dict[str, str] = {}

#: the tutorial game and the fixture Racket Row (hidden Crooks, a concession) declare the
#: whole contract; the built-in games follow
GAMES = ("tic_tac_toe", "menu_game", *(
    pytest.param(name, marks=pytest.mark.xfail(reason=NO_ACTION_SPACE_YET[name], strict=True))
    if name in NO_ACTION_SPACE_YET else name for name in BUILT_IN))


def game_of(name: str) -> Game:
    """The game called ``name``: Racket Row from the test fixtures (not registered, so that
    it does not leak into other tests), the others from the registry."""
    return RACKET_ROW if name == RACKET_ROW.name else registry.get(name)


def random_episode(table: Any, seed: int, draws: int = 1) -> list[tuple[str, int]]:
    """Play one PettingZoo episode from ``reset(seed=seed)`` to the end, every agent picking
    uniformly among the numbers its mask allows (from a generator seeded ``draws``); the
    moves played, as (agent, number)."""
    import numpy as np  # the rl extra's: this module is imported whether it is installed or not

    rng = np.random.default_rng(draws)
    table.reset(seed=seed)
    moves: list[tuple[str, int]] = []
    for agent in table.agent_iter():
        observation, _reward, terminated, truncated, _info = table.last()
        if terminated or truncated:
            table.step(None)
            continue
        number = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        moves.append((agent, number))
        table.step(number)
    return moves


@pytest.fixture(params=GAMES)
def game(request: pytest.FixtureRequest) -> Game:
    """Each game the adapters are tested on (a game without an action space fails, saying
    so: the adapters need one)."""
    return game_of(request.param)
