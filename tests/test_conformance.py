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


def test_every_variant_conforms(game_name: str, request: pytest.FixtureRequest) -> None:
    """Each variant a game declares, on fewer games than the defaults (the rules they
    change are small): at the smallest table in CI, the smallest and largest nightly."""
    game = registry.get(game_name)
    nightly = request.config.getoption("--nightly")
    games = 100 if nightly else 10
    tables = sorted({game.min_players, game.max_players}) if nightly else [game.min_players]
    failed = []
    for options in game.variants():
        results = check_game(game, players=tables, games=games, options=options)
        failed += [f"{options}: {r.line()}" for r in results if not r.passed]
    assert not failed, "\n".join(failed)


def test_the_built_in_games_are_registered() -> None:
    names = set(registry.names())
    assert {"tic_tac_toe", "chicago_diy"} <= names
