"""Golden playthroughs: every transcript in tests/playthroughs/ must replay to the same text.

After an intended change of behaviour, rewrite them with
``python -m tabletop.testing.goldens regen`` and read the diff.
"""

from __future__ import annotations

from pathlib import Path

from tabletop.testing.pytest_plugin import golden_games, golden_tests
from tests.conftest import BUILT_IN

FOLDER = Path(__file__).parent / "playthroughs"

test_playthrough_matches_its_golden = golden_tests(FOLDER)


def test_every_built_in_game_has_golden_playthroughs() -> None:
    missing = set(BUILT_IN) - golden_games(FOLDER)
    assert not missing, missing
