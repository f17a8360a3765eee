"""What the adapter tests share: the games they run over and a masked uniform random player.

The adapters need the optional ``rl`` extra (PettingZoo, Gymnasium, OpenSpiel); the README's
test command installs it with ``.[test]``. Without it these tests skip and say how to get it.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import BUILT_IN

INSTALL = "the adapter tests need the rl extra: pip install -e '.[rl]' (or '.[test]')"

#: the tutorial game first: it declares the whole contract; the built-in games follow
GAMES = ("tic_tac_toe", *BUILT_IN)


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
def game_name(request: pytest.FixtureRequest) -> str:
    return str(request.param)
