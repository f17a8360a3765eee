"""Tabletop's pytest plugin, as a game's author uses it: one line in a test file gives every
conformance check as its own item, and --nightly comes with the plugin."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.testing import CHECKS

pytest_plugins = ["pytester"]


def test_one_line_gives_one_item_per_check_and_they_pass(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_game="""
        from tabletop.testing.pytest_plugin import conformance_tests
        test_conformance = conformance_tests("tic_tac_toe", games=20)
    """)
    result = pytester.runpytest("-q", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=len(CHECKS))
    collected = pytester.runpytest("--collect-only", "-q").stdout.str()
    assert "test_conformance[tic_tac_toe-2p-defaults-6 hidden information]" in collected


def test_a_variant_that_leaks_fails_exactly_its_check_with_a_seed(
        pytester: pytest.Pytester) -> None:
    pytester.syspathinsert(str(Path(__file__).parents[1]))
    pytester.makeconftest("""
        from tabletop import registry
        from tests.fixtures.broken_game import BrokenGame

        class LeakyVariant(BrokenGame):
            def variants(self):
                return [{"bug": "leak"}]

        registry.register("broken", LeakyVariant())
    """)
    pytester.makepyfile(test_game="""
        from tabletop.testing.pytest_plugin import conformance_tests
        test_conformance = conformance_tests("broken", games=20)
    """)
    result = pytester.runpytest("-q", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=2 * len(CHECKS) - 1, failed=1)
    result.stdout.fnmatch_lines(["*broken-2p-bug=leak-6 hidden information*",
                                 "*FAIL*broken 2p*6 hidden information*seed*"])


def test_nightly_is_an_option_and_slow_tests_skip_with_a_reason(
        pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_sweep="""
        import pytest
        @pytest.mark.slow
        def test_heavy(): pass
        def test_light(): pass
    """)
    result = pytester.runpytest("-rs", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, skipped=1)
    result.stdout.fnmatch_lines(["*heavier sweep: run with --nightly*"])
    result = pytester.runpytest("--nightly", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=2)
