"""Shared test settings. ``--nightly`` and the ``slow`` marker come from Tabletop's own pytest
plugin (tabletop/testing/pytest_plugin.py), installed with the package."""

from __future__ import annotations

#: the games this repository ships: its own checks cover these; the tutorial game and any
#: third-party game are tested by their own packages (through the pytest plugin)
BUILT_IN = ("bootleggers", "chicago_diy", "crime_lords", "crimopolis", "don_massivo")
