"""The conformance suite over the games this repository ships, one test item per game, player
count, option set and check (through Tabletop's pytest plugin).

CI plays at least 100 seeded random games per game (spread over its player counts, at least
10 per count; check 6, which replays steps in several worlds, at every third of its steps)
and 10 per variant at the smallest table; ``--nightly`` plays ten times as many, check 6 at
all its steps.
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


def test_a_stride_makes_check_6_lighter_but_not_empty() -> None:
    """CI runs check 6 at every third of its steps (HEAVY_CHECKS): fewer views, still some,
    and the same verdict."""
    from tabletop.testing.conformance import check_game

    def views(stride: int) -> int:
        [result] = check_game(registry.get("chicago_diy"), players=3, games=2, checks=("6",),
                              stride=stride)
        assert result.passed, result.line()
        return int(result.line().split("views")[0].split()[-1])

    full, light = views(1), views(3)
    assert 0 < light < full / 2
