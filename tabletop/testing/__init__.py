"""Testing tools for game modules: the conformance suite and golden playthroughs."""

from tabletop.testing.conformance import CHECKS, CheckResult, assert_conforms, check_game

__all__ = ["CHECKS", "CheckResult", "assert_conforms", "check_game"]
