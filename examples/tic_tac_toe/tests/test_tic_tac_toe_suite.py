"""Tic-tac-toe's own test suite, as a game's author writes it: two lines give every
conformance check and every golden playthrough as test items (Tabletop's pytest plugin)."""

from pathlib import Path

from tabletop.testing.pytest_plugin import conformance_tests, golden_tests

test_conformance = conformance_tests("tic_tac_toe")
test_goldens = golden_tests(Path(__file__).parent / "playthroughs")
