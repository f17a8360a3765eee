"""Simulations: many seeded bot games played here, on every core or on a cluster, and the
report a designer balances by.

Game number ``index`` of a simulation always has the seed ``seed + index`` and the agents
rotated by ``index``, so a batch of games gives the same report wherever it is played, and
:func:`simulate` gives the same report (its speed figures aside) whatever ``jobs`` is and
whether a cluster played it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from tabletop.engine import Game
from tabletop.simulation.batch import (
    SimulationSpec,
    WorkerError,
    all_cores,
    batches,
    play_batch,
    play_games,
)
from tabletop.simulation.pool import WorkerPool
from tabletop.simulation.report import TIMING_KEYS, SimulationReport, merge


def simulate(game: Game, games: int, players: int, kinds: Sequence[str], seed: int,
             options: Any, *, jobs: int = 1, timeout: float | None = None,
             scheduler: str | None = None,
             on_progress: Callable[[int], None] | None = None,
             tournament: bool = False) -> SimulationReport:
    """Play ``games`` bot games from seeds ``seed``, ``seed + 1``, ... with ``kinds`` rotated
    over the seats: in this process (``jobs`` 1, no ``timeout``), in ``jobs`` worker
    processes, or on the Dask cluster whose scheduler is at ``scheduler`` (where a batch
    that cannot be played is played in ``jobs`` local processes). A game that takes more
    than ``timeout`` seconds counts as crashed (not on a cluster). ``on_progress(n)`` hears
    how many games have finished. Worker processes are spawned: a script that calls this
    with ``jobs`` above 1 or a ``timeout`` needs the ``if __name__ == "__main__":`` guard.
    A ``tournament`` seats ``kinds`` (the entrants' names) by rounds instead and keeps every
    game's outcome (:mod:`tabletop.simulation.tournament` rates them)."""
    if scheduler is not None and timeout is not None:
        # why: see tabletop.simulation.cluster
        raise WorkerError("--game-timeout works with local worker processes, not on a cluster")
    spec = SimulationSpec.create(game, players, list(kinds), seed, options, timeout,
                                 tournament)
    start = time.perf_counter()
    if scheduler is not None:
        from tabletop.simulation.cluster import run_on_cluster

        parts = run_on_cluster(spec, scheduler, games, jobs, on_progress)
    elif jobs == 1 and timeout is None:
        # game ``index`` starting means ``index`` games have finished
        parts = {0: play_games(spec, 0, games, on_game=on_progress)}
    else:
        parts = WorkerPool(spec, jobs, on_progress).run(batches(games, jobs))
    report = merge(spec.empty_report(), parts)
    report.seconds = time.perf_counter() - start
    if on_progress is not None:
        on_progress(report.games)
    return report


__all__ = ["TIMING_KEYS", "SimulationReport", "SimulationSpec", "WorkerError", "all_cores",
           "batches", "play_batch", "simulate"]
