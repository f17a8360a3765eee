"""``tabletop simulate --scheduler``: a Dask cluster (here a LocalCluster of two worker
processes with one thread each) plays the batches, and the merged report is the one a single
process gives, even when a worker dies in the middle of a batch."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import dask
import pytest
from dask.distributed import LocalCluster

from tabletop import registry
from tabletop.errors import TabletopError
from tabletop.simulation import SimulationReport, cluster, simulate
from tests.fixtures.broken_game import GAME as BROKEN


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                      dashboard_address=":0") as cluster:
        yield cluster.scheduler_address


def test_a_cluster_gives_the_single_process_report(scheduler: str) -> None:
    game = registry.get("chicago_diy")
    options = game.make_options()
    here = simulate(game, 30, 3, ["heuristic", "random"], 9, options)
    there = simulate(game, 30, 3, ["heuristic", "random"], 9, options, scheduler=scheduler)
    assert here.games == 30 and here.events
    assert there.stable_json() == here.stable_json()


def test_a_worker_that_dies_mid_batch_loses_and_doubles_no_game(
        scheduler: str, tmp_path: Path) -> None:
    """The fixture's die_once bug ends the worker process on the first move of the first
    game it strikes (and creates the marker, so it strikes only once); Dask plays the batch
    again and the games of the batch count once."""
    registry.register("broken", BROKEN)
    try:
        marker = tmp_path / "died"
        options = BROKEN.make_options({"bug": "die_once", "marker": str(marker)})
        marker.touch()  # the bug is inert while the marker exists: the reference run
        here = simulate(BROKEN, 40, 2, ["random"], 0, options)
        marker.unlink()
        there = simulate(BROKEN, 40, 2, ["random"], 0, options, scheduler=scheduler)
        assert marker.exists()  # a worker died
        assert here.crashed == 0 and here.games == 40
        assert there.stable_json() == here.stable_json()
    finally:
        registry.unregister("broken")


def test_a_batch_the_cluster_gives_up_on_is_played_here(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With no second chance allowed, the scheduler gives up on the batch whose worker died
    (KilledWorker); that batch is played in local worker processes and merged once."""
    played_here: list[list[tuple[int, int]]] = []

    class Spy(cluster.WorkerPool):
        def run(self, batches: list[tuple[int, int]]) -> dict[int, SimulationReport]:
            played_here.append(batches)
            return super().run(batches)

    monkeypatch.setattr(cluster, "WorkerPool", Spy)
    registry.register("broken", BROKEN)
    try:
        marker = tmp_path / "died"
        options = BROKEN.make_options({"bug": "die_once", "marker": str(marker)})
        marker.touch()
        here = simulate(BROKEN, 24, 2, ["random"], 0, options)
        marker.unlink()
        with dask.config.set({"distributed.scheduler.allowed-failures": 0}), LocalCluster(
                n_workers=2, threads_per_worker=1, processes=True,
                dashboard_address=":0") as strict:
            there = simulate(BROKEN, 24, 2, ["random"], 0, options, jobs=2,
                             scheduler=strict.scheduler_address)
        assert marker.exists()
        # given up: the batch whose game killed the worker (and any other it was holding)
        doomed = [s for s in range(24) if 1 in BROKEN.new_state(2, s).hands[0]]
        assert len(played_here) == 1 and any(
            first <= s < first + n for first, n in played_here[0] for s in doomed)
        assert there.stable_json() == here.stable_json()
    finally:
        registry.unregister("broken")


def test_no_scheduler_there_is_one_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 2)
    game = registry.get("tic_tac_toe")
    with pytest.raises(TabletopError, match="cannot reach a Dask scheduler at tcp://127.0.0.1:9"):
        simulate(game, 2, 2, ["random"], 0, game.make_options(), scheduler="tcp://127.0.0.1:9")
    with pytest.raises(TabletopError, match="--game-timeout works with local worker processes"):
        simulate(game, 2, 2, ["random"], 0, game.make_options(), scheduler="tcp://127.0.0.1:9",
                 timeout=1.0)
