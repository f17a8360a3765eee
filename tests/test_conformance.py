"""The conformance suite over every registered game, third-party ones included.

CI plays at least 200 seeded random games per game (spread over its player counts, at least
20 per count); ``--nightly`` plays ten times as many.
"""

from __future__ import annotations

import math

import pytest

from tabletop import registry
from tabletop.testing import check_game

GAMES_PER_MODULE = 200


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "game_name" in metafunc.fixturenames:
        metafunc.parametrize("game_name", registry.names())


def test_every_game_conforms(game_name: str, request: pytest.FixtureRequest) -> None:
    game = registry.get(game_name)
    counts = game.max_players - game.min_players + 1
    per_count = max(20, math.ceil(GAMES_PER_MODULE / counts))
    if request.config.getoption("--nightly"):
        per_count *= 10
    failed = [r.line() for r in check_game(game, games=per_count) if not r.passed]
    assert not failed, "\n".join(failed)


def test_the_built_in_games_are_registered() -> None:
    names = set(registry.names())
    assert {"tic_tac_toe", "chicago_diy"} <= names
