"""The Game (game.py): registration, options, and the kernel's conformance checks."""

from __future__ import annotations

import pytest
from tabletop_games.bootleggers import GAME

from tabletop.errors import InvalidOptions
from tabletop.testing import check_game


def test_player_range_and_options():
    assert (GAME.min_players, GAME.max_players) == (2, 6)
    with pytest.raises(InvalidOptions):
        GAME.new_state(7, 1)
    with pytest.raises(InvalidOptions):
        GAME.make_options({"rounds": "9"})
    assert GAME.make_options({"short_game": "true"}).short_game


def test_rules_text_is_shipped():
    assert "Bootleggers" in GAME.rules_text() and "[decided]" in GAME.rules_text()


# the same checks as tests/test_conformance.py's items, which CI runs: a second run is
# for --nightly
@pytest.mark.slow
def test_conformance_quick():
    """A light run of the kernel's eight checks (tests/test_conformance.py runs the full
    suite over every registered game)."""
    failed = [r.line() for r in check_game(GAME, players=4, games=2) if not r.passed]
    assert not failed, "\n".join(failed)


# the same checks as tests/test_conformance.py's items, which CI runs: a second run is
# for --nightly
@pytest.mark.slow
def test_conformance_with_advanced_influence():
    """The option that changes the flow most (test_flow plays the short game to its end)."""
    options = {"advanced_influence": True}
    failed = [r.line() for r in check_game(GAME, players=3, games=2, options=options)
              if not r.passed]
    assert not failed, "\n".join(failed)


@pytest.mark.slow
def test_conformance_sweep():
    failed = [r.line() for r in check_game(GAME, games=40) if not r.passed]
    assert not failed, "\n".join(failed)
