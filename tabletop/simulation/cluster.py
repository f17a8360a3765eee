"""Simulations beyond one machine: batches of seeds sent to a Dask distributed cluster.

``pip install tabletop[cluster]`` installs Dask. Each batch is one task running
:func:`~tabletop.simulation.batch.play_batch`, a pure function of plain data, so a batch whose
worker died is simply run again by Dask and gives the same report; reports are kept by batch
(the index of its first game), each counted once. A batch that keeps killing its workers (the
scheduler gives up on it with ``KilledWorker``) is played here instead, in local worker
processes, which find the game responsible and count it as crashed with its seed.

A time limit per game is not offered on a cluster: a Dask worker plays its tasks in threads,
which cannot be stopped, and a task that ends its own worker process to stop a game can leave
the cluster with no worker (a nanny that is still restarting a worker does not restart it
again), and the simulation waiting for ever.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

from tabletop.simulation.batch import Batch, SimulationSpec, WorkerError, batches, play_batch
from tabletop.simulation.pool import WorkerPool
from tabletop.simulation.report import SimulationReport

#: seconds to wait for the scheduler to answer
CONNECT_TIMEOUT = 20


def _client(address: str) -> Any:
    try:
        from dask.distributed import Client
    except ImportError:
        raise WorkerError("--scheduler needs Dask: pip install 'tabletop[cluster]'") from None
    try:
        return Client(address, timeout=CONNECT_TIMEOUT)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as exc:
        raise WorkerError(f"cannot reach a Dask scheduler at {address}: {exc}") from None


def run_on_cluster(spec: SimulationSpec, address: str, games: int, local_jobs: int,
                   on_progress: Callable[[int], None] | None = None
                   ) -> dict[int, SimulationReport]:
    """Play the ``games`` of ``spec`` on the cluster at ``address``, in batches for the
    threads it has; the reports keyed by first game."""
    from dask.distributed import as_completed
    from distributed import KilledWorker

    data = spec.to_data()
    run = uuid.uuid4().hex[:12]
    parts: dict[int, SimulationReport] = {}
    given_up: list[Batch] = []
    with _client(address) as client:
        workers = client.scheduler_info().get("workers", {})
        threads = max(1, sum(int(w.get("nthreads", 1)) for w in workers.values()))
        futures = {client.submit(play_batch, data, first, count, pure=False,
                                 key=f"tabletop-simulate-{run}-{first}"): (first, count)
                   for first, count in batches(games, threads)}
        for future in as_completed(futures):  # type: ignore[no-untyped-call]
            first, count = futures.pop(future)  # fetched: the cluster may forget it
            try:
                result = future.result()
            except KilledWorker:
                given_up.append((first, count))
                continue
            except Exception as exc:  # noqa: BLE001 - a worker without the game, say
                raise WorkerError(f"a cluster worker could not play {spec.game}: "
                                  f"{type(exc).__name__}: {exc}") from None
            parts.setdefault(first, SimulationReport.from_data(result))
            if on_progress is not None:
                on_progress(sum(p.games for p in parts.values()))
    if given_up:
        done = sum(p.games for p in parts.values())
        progress = (lambda n: on_progress(done + n)) if on_progress is not None else None
        parts.update(WorkerPool(spec, local_jobs, progress).run(sorted(given_up)))
    return parts
