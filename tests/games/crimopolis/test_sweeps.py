"""Heavier sweeps, run with --nightly: conformance over every player count, and how often
heuristic games end by the 21-prestige rule."""

from __future__ import annotations

import pytest
from tabletop_games.crimopolis import GAME
from tabletop_games.crimopolis.agents import HeuristicAgent

from tabletop.rng import Rng
from tabletop.testing.conformance import check_game


@pytest.mark.slow
def test_conformance_all_player_counts():
    failures = [r for r in check_game(GAME, games=6) if not r.passed]
    assert not failures, failures


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_heuristic_games_end_by_prestige(players):
    ended = 0
    for seed in range(40):
        s = GAME.new_state(players, 700 + seed)
        rng = Rng(seed)
        agent = HeuristicAgent()
        while not s.is_over:
            s.apply(agent.choose(s.determinize(s.to_act, rng), s.legal_actions(), rng))
        ended += "prestige" in s.end_reason
    assert ended >= 38  # 95%
