"""The game object: options, the step cap, the curfew, the conformance suite."""

from __future__ import annotations

import pytest
from tabletop_games.don_massivo import GAME

from tabletop.errors import InvalidOptions
from tabletop.rng import Rng
from tabletop.testing import check_game


def test_options_are_validated():
    """Unknown or out-of-range options are refused."""
    with pytest.raises(InvalidOptions):
        GAME.make_options({"max_turns": "5"})
    with pytest.raises(InvalidOptions):
        GAME.make_options({"police": "1"})
    assert GAME.make_options({"villa_cut": "true"}).villa_cut is True


def test_random_games_end_by_the_rules_within_the_cap():
    """The step cap is a true bound: random games end by the rules (curfew included)."""
    for players in (2, 5):
        for seed in range(3):
            st = GAME.new_state(players, seed, {"max_turns": 40})
            rng = Rng.from_seed(seed)
            steps = 0
            while not st.is_over:
                legal = st.legal_actions()
                st.apply(legal[rng.below(len(legal))])
                steps += 1
            assert steps < GAME.step_cap(players) and st.turn <= 40
            assert st.result().problems(players) == []


# rules dm-curfew
def test_the_curfew_ends_a_game_with_the_richest_winning(table):
    """Decided curfew (RULES.md 5): no turn starts after max_turns."""
    from tabletop_games.don_massivo import turn

    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]], max_turns=10)
    table.money(st, 2, pile=7)
    st.turn = 10
    turn.start_turn(st)
    assert st.is_over and st.result().winners == (2,) and "curfew" in st.end_reason


# the same checks as tests/test_conformance.py's items, which CI runs: a second run is
# for --nightly
@pytest.mark.slow
def test_conformance_small():
    """The kernel's eight conformance checks for 3 players, a few games (tests/
    test_conformance.py runs every player count with many more)."""
    failed = [r.line() for r in check_game(GAME, players=3, games=3, deep=2) if not r.passed]
    assert not failed, "\n".join(failed)


@pytest.mark.slow
def test_conformance_every_player_count():
    """Nightly: the conformance checks for 2-5 players, 40 random games each."""
    failed = [r.line() for r in check_game(GAME, games=40) if not r.passed]
    assert not failed, "\n".join(failed)
