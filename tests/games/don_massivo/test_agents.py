"""The heuristic agent: it plays only legal moves and beats random play clearly."""

from __future__ import annotations

import pytest

from games.don_massivo import GAME
from tabletop.match import Match


def heuristic_share(players: int, games: int) -> float:
    """The heuristic's share of wins with one heuristic seat (rotated) and random others."""
    won = 0.0
    for seed in range(games):
        seats = ["random"] * players
        seats[seed % players] = "heuristic"
        match = Match(GAME, players, seed, None, seats)
        assert match.run(GAME.step_cap(players)) == "finished"
        winners = match.state.result().winners
        if seed % players in winners:
            won += 1 / len(winners)
    return won / games


def test_heuristic_beats_random_two_players():
    """Against random play the heuristic wins nearly always (measured: 100% over 60)."""
    assert heuristic_share(2, 8) >= 0.75


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_heuristic_beats_random_sweep(players):
    """Nightly: with one heuristic seat among random ones, it wins far above its fair share."""
    assert heuristic_share(players, 40) >= 2.5 / players


def test_heuristic_games_end_by_the_rules():
    """Heuristic self-play ends by $100,000 or the third Casino, not the curfew."""
    for players, seed in ((3, 4), (5, 6)):
        match = Match(GAME, players, seed, None, ["heuristic"] * players)
        match.run(GAME.step_cap(players))
        assert match.state.is_over and "curfew" not in match.state.end_reason
