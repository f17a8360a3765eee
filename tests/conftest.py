"""Shared test settings. ``--nightly`` and the ``slow`` marker come from Tabletop's own pytest
plugin (tabletop/testing/pytest_plugin.py), installed with the package."""

from __future__ import annotations

import pytest

#: the games this repository ships: its own checks cover these; the tutorial game and any
#: third-party game are tested by their own packages (through the pytest plugin)
BUILT_IN = ("bootleggers", "chicago_diy", "crime_lords", "crimopolis", "don_massivo")


@pytest.fixture(autouse=True)
def _saves_in_a_temporary_folder(tmp_path_factory: pytest.TempPathFactory,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """``tabletop play`` saves every game to the user's data folder: in tests, a fresh
    temporary one, never the real ~/.local/share/tabletop. And text is as wide as off a
    terminal (pytest-xdist's workers inherit COLUMNS=80): a test that wants a width sets it."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("xdg-data")))
    monkeypatch.delenv("COLUMNS", raising=False)
