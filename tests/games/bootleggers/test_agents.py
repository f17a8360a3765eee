"""The heuristic agent (agents.py): it plays legal moves and beats random play."""

from __future__ import annotations

import pytest

from games.bootleggers import GAME
from games.bootleggers.agents import HeuristicAgent
from tabletop.agents import RandomAgent, view_for
from tabletop.rng import Rng


def play(players: int, seed: int, heuristic_seats: set[int]):
    s = GAME.new_state(players, seed)
    agents = [HeuristicAgent() if p in heuristic_seats else RandomAgent()
              for p in range(players)]
    rng = Rng.from_seed(seed, "agents")
    while not s.is_over:
        seat = s.to_act
        agent = agents[seat]
        action = agent.choose(view_for(agent, s, seat, rng), s.legal_actions(), rng)
        s.apply(action)
    return s


def test_heuristic_beats_random_with_seats_rotated():
    wins = 0
    games = 8
    for g in range(games):
        seat = g % 4
        s = play(4, 500 + g, {seat})
        wins += seat in s.result().winners
    assert wins >= 6  # chance alone would give about 2 of 8


def test_heuristic_games_end_by_the_rules():
    s = play(3, 77, {0, 1, 2})
    assert s.is_over and (s.round_no == 12 or max(s.cash(p) for p in range(3)) >= 100)


@pytest.mark.slow
def test_heuristic_win_rate_sweep():
    for players in (2, 4, 6):
        wins = sum(g % players in play(players, 900 + g, {g % players}).result().winners
                   for g in range(30))
        assert wins >= 20
