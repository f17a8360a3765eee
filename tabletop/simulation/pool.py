"""Local worker processes: batches of games played on every core, each game under a time limit.

Workers are started with ``spawn`` (a fresh interpreter, the same on every platform) and load
the game by its registered name (:func:`~tabletop.simulation.batch.load_game`). Tasks and
reports travel as JSON over a pipe. Each worker also shares three numbers with the parent: the
game it is playing, when that game started, and how many games of its batch it has finished,
so the parent can count progress and stop a game that runs past the time limit.

A game that runs too long, or that ends its worker process (``os._exit``, a crash of the
interpreter), counts as crashed with its seed: the worker is replaced, and the rest of its
batch is played again (the games before it are pure, so they give the same figures).
"""

from __future__ import annotations

import json
import multiprocessing
import time
from collections import deque
from collections.abc import Callable
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any

import attrs

from tabletop.simulation.batch import (
    Batch,
    SimulationSpec,
    WorkerError,
    load_game,
    play_games,
)
from tabletop.simulation.report import SimulationReport
from tabletop.simulation.seating import kind_of

#: how often the parent looks at the workers' progress and clocks, in seconds
POLL = 0.1

_INDEX, _STARTED, _DONE = 0, 1, 2


def _worker_main(conn: Connection, slot: Any, spec_data: dict[str, Any]) -> None:
    """A worker process: play each batch it is sent and send back its report."""
    spec = SimulationSpec.from_data(spec_data)
    try:
        try:
            load_game(spec)
        except Exception as exc:  # noqa: BLE001 - told to the parent in one line
            conn.send_bytes(json.dumps({"error": str(exc)}).encode())
            return
        while True:
            task = json.loads(conn.recv_bytes())
            if task is None:
                return
            first, count = task

            def started(index: int, first: int = first) -> None:
                slot[_STARTED] = 0.0  # "between games" while the index changes
                slot[_INDEX] = index
                slot[_DONE] = index - first
                slot[_STARTED] = time.monotonic()

            report = play_games(spec, first, count, on_game=started)
            conn.send_bytes(json.dumps(report.to_data()).encode())
    except (KeyboardInterrupt, EOFError, BrokenPipeError):
        return  # the parent was interrupted or has gone


@attrs.define
class _Worker:
    """A worker process as the parent sees it."""

    process: BaseProcess
    conn: Connection
    slot: Any
    batch: Batch | None = None

    def playing(self, now: float) -> tuple[int, float] | None:
        """The game in progress and how long it has run, if one is."""
        started = self.slot[_STARTED]
        index = int(self.slot[_INDEX])
        if not started or self.slot[_STARTED] != started:
            return None
        return index, now - started

    def stop(self, kill: bool = False) -> None:
        """End the process: ask it to, or kill it."""
        if not kill and self.process.is_alive():
            try:
                self.conn.send_bytes(b"null")
            except OSError:
                kill = True
        if kill:
            self.process.kill()
        self.process.join(timeout=5)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self.conn.close()


class WorkerPool:
    """``jobs`` worker processes playing the batches of one simulation."""

    def __init__(self, spec: SimulationSpec, jobs: int,
                 on_progress: Callable[[int], None] | None = None) -> None:
        self.spec = spec
        self.jobs = jobs
        self.on_progress = on_progress
        self._context = multiprocessing.get_context("spawn")
        self._workers: list[_Worker] = []

    def _start(self) -> _Worker:
        ours, theirs = self._context.Pipe()
        slot = self._context.RawArray("d", 3)
        process = self._context.Process(target=_worker_main, name="tabletop-simulate",
                                        args=(theirs, slot, self.spec.to_data()), daemon=True)
        process.start()
        theirs.close()  # so that the worker's death reads as the end of the pipe
        worker = _Worker(process, ours, slot)
        self._workers.append(worker)
        return worker

    def _drop(self, worker: _Worker) -> None:
        worker.stop(kill=True)
        self._workers.remove(worker)

    def run(self, batches: list[Batch]) -> dict[int, SimulationReport]:
        """Play ``batches``; the reports keyed by first game (the lost games re-split)."""
        parts: dict[int, SimulationReport] = {}
        pending: deque[Batch] = deque(batches)
        try:
            while pending or any(w.batch is not None for w in self._workers):
                while pending and len(self._workers) < self.jobs:
                    self._start()
                for worker in list(self._workers):
                    if worker.batch is None and pending:
                        self._assign(worker, pending.popleft(), parts, pending)
                busy = [w for w in self._workers if w.batch is not None]
                ready = wait([w.conn for w in busy], timeout=POLL)
                for worker in busy:
                    if worker.conn in ready:
                        self._receive(worker, parts, pending)
                self._enforce_time_limit(parts, pending)
                if self.on_progress is not None:
                    self.on_progress(sum(p.games for p in parts.values()) + sum(
                        int(w.slot[_DONE]) for w in self._workers if w.batch is not None))
        finally:
            for worker in self._workers:
                worker.stop(kill=worker.batch is not None)
            self._workers.clear()
        return parts

    def _assign(self, worker: _Worker, batch: Batch, parts: dict[int, SimulationReport],
                pending: deque[Batch]) -> None:
        worker.batch = batch
        worker.slot[_STARTED] = 0.0
        worker.slot[_INDEX] = batch[0]
        worker.slot[_DONE] = 0
        try:
            worker.conn.send_bytes(json.dumps(list(batch)).encode())
        except OSError:
            self._lose_game(worker, parts, pending, "WorkerDied: the worker process ended")

    def _receive(self, worker: _Worker, parts: dict[int, SimulationReport],
                 pending: deque[Batch]) -> None:
        try:
            data = json.loads(worker.conn.recv_bytes())
        except (EOFError, OSError):
            worker.process.join(timeout=5)
            code = worker.process.exitcode
            self._lose_game(worker, parts, pending,
                            f"WorkerDied: the worker process ended (exit code {code}) "
                            "during this game")
            return
        if "error" in data:
            raise WorkerError(f"a worker could not load {self.spec.game}: {data['error']}")
        assert worker.batch is not None
        parts[worker.batch[0]] = SimulationReport.from_data(data)
        worker.batch = None

    def _enforce_time_limit(self, parts: dict[int, SimulationReport],
                            pending: deque[Batch]) -> None:
        limit = self.spec.timeout
        if limit is None:
            return
        now = time.monotonic()
        for worker in list(self._workers):
            playing = worker.playing(now) if worker.batch is not None else None
            if playing is not None and playing[1] > limit:
                self._lose_game(worker, parts, pending,
                                f"GameTimeout: still playing after {limit:g} s (stopped)")

    def _lose_game(self, worker: _Worker, parts: dict[int, SimulationReport],
                   pending: deque[Batch], error: str) -> None:
        """The worker's game in progress crashed it or ran too long: count it as crashed,
        end the worker and play the rest of its batch again (before and after that game)."""
        assert worker.batch is not None
        first, count = worker.batch
        if not worker.slot[_STARTED] and worker.slot[_DONE] == 0 and int(
                worker.slot[_INDEX]) == first:
            raise WorkerError(f"a worker process for {self.spec.game} ended before "
                              f"playing (exit code {worker.process.exitcode})")
        index = int(worker.slot[_INDEX])
        parts[index] = crash_report(self.spec, index, error)
        if index > first:
            pending.appendleft((first, index - first))
        if first + count > index + 1:
            pending.appendleft((index + 1, first + count - index - 1))
        worker.batch = None
        self._drop(worker)


def crash_report(spec: SimulationSpec, index: int, error: str) -> SimulationReport:
    """The report of game ``index`` alone, crashed with ``error`` at an unknown decision."""
    report = spec.empty_report()
    seats = spec.seats_of(index)
    report.add_seats(seats)
    report.add_crash(spec.seed + index, [kind_of(entrant) for entrant in seats], None, error)
    report.add_outcome(index, seats, "crashed", None)
    return report

