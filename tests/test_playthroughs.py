"""Golden playthroughs: every transcript in tests/playthroughs/ must replay to the same text.

After an intended change of behaviour, rewrite them with
``python -m tabletop.testing.goldens regen`` and read the diff.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.testing.goldens import diff, parse_header

FOLDER = Path(__file__).parent / "playthroughs"
FILES = sorted(FOLDER.glob("*.txt"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_playthrough_matches_its_golden(path: Path) -> None:
    difference = diff(path)
    assert not difference, f"{path.name} changed (regenerate if intended):\n{difference[:4000]}"


def test_every_game_has_golden_playthroughs() -> None:
    from tabletop import registry

    covered = {parse_header(p.read_text(encoding="utf-8")).game for p in FILES}
    assert set(registry.names()) <= covered, set(registry.names()) - covered
