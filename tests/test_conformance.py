"""The conformance suite over the games this repository ships, one test item per game, player
count, option set and check (through Tabletop's pytest plugin).

CI plays at least 100 seeded random games per game (spread over its player counts, at least
10 per count; check 6, which replays every step in several worlds, a quarter of them) and 10
per variant at the smallest table; ``--nightly`` plays ten times as many.
The tutorial game (examples/tic_tac_toe/tests) and any third-party game installed beside
them are checked by their own packages' tests.
"""

from __future__ import annotations

from tabletop import registry
from tabletop.testing.pytest_plugin import conformance_tests
from tests.conftest import BUILT_IN

test_bootleggers = conformance_tests("bootleggers")
test_chicago_diy = conformance_tests("chicago_diy")
test_crime_lords = conformance_tests("crime_lords")
test_crimopolis = conformance_tests("crimopolis")
test_don_massivo = conformance_tests("don_massivo")


def test_the_built_in_games_are_registered() -> None:
    assert set(BUILT_IN) <= set(registry.names())
