"""Tabletop's pytest plugin (entry point ``pytest11``: active wherever Tabletop is installed).

It adds the ``--nightly`` option (tests marked ``slow`` run only with it) and gives a game's
author the whole conformance suite and golden playthroughs as test items, one line each::

    # tests/test_my_game.py
    from tabletop.testing.pytest_plugin import conformance_tests, golden_tests

    test_conformance = conformance_tests("my_game")          # one item per check, count, variant
    test_goldens = golden_tests("tests/playthroughs")         # one item per transcript

Each conformance item names the game, player count, variant and check
(``test_conformance[my_game-2p-defaults-6 hidden information]``); a failure prints the seed
and step that reproduce it. ``--nightly`` plays ten times as many games.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from tabletop import registry
from tabletop.testing.conformance import CHECKS, check_game
from tabletop.testing.goldens import diff, parse_header

#: checks that replay steps in several worlds, with the stride of the steps they examine in a
#: normal run (every step they examine under ``--nightly``, in NIGHTLY_FACTOR times the
#: games): check 6 costs more than all the others together
HEAVY_CHECKS = {"6 hidden information": 3}

#: how many more games ``--nightly`` plays
NIGHTLY_FACTOR = 10


def pytest_addoption(parser: pytest.Parser) -> None:
    """``--nightly``: also run the heavier sweeps (tests marked ``slow``)."""
    group = parser.getgroup("tabletop")
    group.addoption("--nightly", action="store_true", default=False,
                    help="also run the heavier sweeps (tests marked slow); CI runs without it")


def pytest_configure(config: pytest.Config) -> None:
    """Declare the ``slow`` marker."""
    config.addinivalue_line("markers", "slow: heavier sweeps, run with --nightly")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip ``slow`` tests, saying how to run them, unless ``--nightly`` is given."""
    if config.getoption("--nightly"):
        return
    skip = pytest.mark.skip(reason="heavier sweep: run with --nightly")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


def _cases(game_name: str, players: Sequence[int] | None, variants: bool,
           checks: Sequence[str], known: Mapping[tuple[int, str], str]) -> list[Any]:
    game = registry.get(game_name)
    counts = list(players) if players else list(range(game.min_players, game.max_players + 1))
    option_sets: list[tuple[str, dict[str, Any]]] = [("defaults", {})]
    if variants:
        option_sets += [(",".join(f"{k}={json.dumps(x)}" if not isinstance(x, str) else
                                  f"{k}={x}" for k, x in sorted(v.items())), v)
                        for v in game.variants()]
    cases = []
    for label, options in option_sets:
        # a variant changes few rules: it runs at the smallest table only
        for count in counts if label == "defaults" else counts[:1]:
            for check in checks:
                reason = known.get((count, check)) if label == "defaults" else None
                marks = [pytest.mark.xfail(reason=reason, strict=False)] if reason else []
                cases.append(pytest.param(game_name, count, options, check, marks=marks,
                                          id=f"{game_name}-{count}p-{label}-{check}"))
    return cases


def conformance_tests(game_name: str, games: int = 100, players: Sequence[int] | None = None,
                      variants: bool = True, checks: Sequence[str] = CHECKS,
                      variant_games: int = 10,
                      known_failures: Mapping[tuple[int, str], str] | None = None,
                      ) -> Callable[..., None]:
    """A test function with one item per (player count, option set, check) of ``game_name``:
    ``games`` random games spread over the player counts (at least 10 per count),
    ``variant_games`` for each of ``game.variants()`` at the smallest table; ``--nightly``
    multiplies both by :data:`NIGHTLY_FACTOR`. A check listed in :data:`HEAVY_CHECKS` examines
    only every n-th of its steps except under ``--nightly``. ``known_failures`` maps
    (player count, check) to the reason a finding is still open: those items are expected to
    fail (reported as xfail with the reason, never hidden). Assign the result to a ``test_``
    name in a test file."""

    @pytest.mark.parametrize("game_name, count, options, check",
                             _cases(game_name, players, variants, checks,
                                    known_failures or {}))
    def test_conformance(game_name: str, count: int, options: dict[str, Any], check: str,
                         request: pytest.FixtureRequest) -> None:
        game = registry.get(game_name)
        span = (max(players) - min(players) + 1) if players else (
            game.max_players - game.min_players + 1)
        number = max(10, math.ceil(games / span)) if not options else variant_games
        stride = 1
        if request.config.getoption("--nightly"):
            number *= NIGHTLY_FACTOR
        elif check in HEAVY_CHECKS:
            stride = HEAVY_CHECKS[check]
        results = check_game(game, players=count, games=number, options=options,
                             checks=(check,), stride=stride)
        failed = [r.line() for r in results if not r.passed]
        assert not failed, "\n".join(failed)

    return test_conformance  # type: ignore[no-any-return]  # pytest's marks are untyped


def golden_tests(folder: str | Path) -> Callable[..., None]:
    """A test function with one item per golden transcript in ``folder`` (``*.txt`` written
    by ``python -m tabletop.testing.goldens new``): each must replay to the same text."""
    files = sorted(Path(folder).glob("*.txt"))

    @pytest.mark.parametrize("path", files, ids=[p.stem for p in files])
    def test_golden(path: Path) -> None:
        difference = diff(path)
        assert not difference, (f"{path.name} changed (regenerate with `python -m "
                                f"tabletop.testing.goldens regen` if intended):\n"
                                f"{difference[:4000]}")

    return test_golden


def golden_games(folder: str | Path) -> set[str]:
    """The games the transcripts in ``folder`` cover."""
    return {parse_header(p.read_text(encoding="utf-8")).game
            for p in Path(folder).glob("*.txt")}
