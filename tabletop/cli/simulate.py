"""``tabletop simulate``: many seeded bot games, with the figures a designer balances by.

The games are played by :mod:`tabletop.simulation` (here, on every core or on a cluster); this
module adds the progress bar on stderr.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.cli.progress import finished_games
from tabletop.engine import Game
from tabletop.simulation import SimulationReport
from tabletop.simulation import simulate as play


def simulate(game: Game, games: int, players: int, kinds: Sequence[str], seed: int,
             options: Any, progress: bool = True, jobs: int = 1,
             timeout: float | None = None, scheduler: str | None = None) -> SimulationReport:
    """Play ``games`` bot games from seeds ``seed``, ``seed + 1``, ...; agents are rotated.
    With ``progress``, a bar on stderr counts the finished games."""
    if not progress:
        return play(game, games, players, kinds, seed, options, jobs=jobs, timeout=timeout,
                    scheduler=scheduler)
    with finished_games(games, f"{game.name} {players}p") as advance:
        return play(game, games, players, kinds, seed, options, jobs=jobs, timeout=timeout,
                    scheduler=scheduler, on_progress=advance)
