"""The server's pool of worker processes: where bots think and replays are made, off the
request path, so that a human move at one table is answered at once while every bot thinks.

:class:`Workers` runs a module-level function (:mod:`tabletop.web.thinking`) with JSON
arguments in one of a fixed number of worker processes, one job at a time per worker, under a
time limit: a job over it has its process killed (and a new one started), the caller hears
:class:`WorkTimedOut`. Jobs with the same ``key`` (a table id) go to the same worker while it
is free, which keeps a small cache of that table's match; when it is busy, an idle worker
takes the job (and rebuilds the match) rather than let it wait. The workers are started on
the first job, from a ``forkserver`` that has imported Tabletop and the installed games once
(so a new worker is ready in milliseconds); each is a daemon, and ends by itself as soon as
the server's process is gone, even in the middle of a job.

Given a Dask scheduler's address, the same functions run on that cluster instead (the way a
host whose tables outgrow one machine adds machines): a job over its time limit is cancelled
(a Dask worker's thread cannot be stopped, so it finishes its move and throws it away).

Jobs and answers cross the process boundary as JSON text, never as pickled objects: the
function travels by its name (``"module:name"``) over the pipe.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import inspect
import json
import logging
import multiprocessing
import os
import signal
import threading
import uuid
import zlib
from collections.abc import Callable, Sequence
from importlib.metadata import entry_points
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

import attrs

from tabletop.text import first_line

log = logging.getLogger("tabletop.web")

#: seconds to wait for a Dask scheduler to answer
CONNECT_TIMEOUT = 20


class WorkTimedOut(Exception):
    """A job ran past its time limit: its worker was stopped (one line says so)."""


class WorkFailed(Exception):
    """A job could not be carried out: its worker died, the function raised, the cluster
    is not reachable (one line says what)."""


def _one_line(text: str) -> str:
    return first_line(text)[:300]


# -- the worker process ------------------------------------------------------------------
def _resolve(name: str) -> Callable[..., Any]:
    """The function ``"module:name"``."""
    module, _, attribute = name.partition(":")
    function = getattr(importlib.import_module(module), attribute)
    if not callable(function):
        raise TypeError(f"{name} is not a function")
    return function  # type: ignore[no-any-return]


def _watch(alive: Connection) -> None:
    """End the worker as soon as the server is gone (its end of ``alive`` closes), even in
    the middle of a job."""
    try:
        alive.recv_bytes()
    except (EOFError, OSError):
        pass
    os._exit(0)


def _serve(jobs: Connection, alive: Connection) -> None:
    """A worker process: run each job it is sent (``{"function": "module:name", "args":
    [...]}``) and send back ``{"result": ...}`` or ``{"error": one line}``, until the
    server closes the pipe."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle
    threading.Thread(target=_watch, args=(alive,), daemon=True).start()
    while True:
        try:
            job = json.loads(jobs.recv_bytes())
        except (EOFError, OSError):
            return
        try:
            reply: dict[str, Any] = {"result": _resolve(job["function"])(*job["args"])}
            text = json.dumps(reply)
        except Exception as exc:  # noqa: BLE001 - told to the server in one line
            text = json.dumps({"error": _one_line(f"{type(exc).__name__}: {exc}")})
        try:
            jobs.send_bytes(text.encode())
        except OSError:
            return


# -- the pool ----------------------------------------------------------------------------
def _preload() -> list[str]:
    """The modules a worker needs, imported once in the forkserver: the worker's functions
    and every installed game."""
    modules = ["tabletop.web.thinking"]
    with contextlib.suppress(Exception):  # a broken package: its game fails when used
        modules += sorted({point.module for point in entry_points(group="tabletop.games")})
    return modules


_context_lock = threading.Lock()
_context: Any = None


def _mp_context() -> Any:
    """The multiprocessing context workers start from: a forkserver preloaded with Tabletop
    and the games (spawn where there is no forkserver)."""
    global _context
    with _context_lock:
        if _context is None:
            if "forkserver" in multiprocessing.get_all_start_methods():
                _context = multiprocessing.get_context("forkserver")
                _context.set_forkserver_preload(_preload())
            else:
                _context = multiprocessing.get_context("spawn")
        return _context


def _warm() -> None:
    """Start the forkserver (it imports Tabletop and the games once), if it is one."""
    context = _mp_context()
    if context.get_start_method() == "forkserver":
        from multiprocessing import forkserver

        with contextlib.suppress(Exception):  # the first job says what is wrong
            forkserver.ensure_running()


@attrs.define
class _Slot:
    """One worker: its process (started on its first job), its pipes, whether a job runs
    (:attr:`lock`) and how many jobs wait for it."""

    lock: asyncio.Lock = attrs.Factory(asyncio.Lock)
    process: BaseProcess | None = None
    jobs: Connection | None = None
    alive: Connection | None = None
    waiting: int = 0

    def start(self) -> None:
        """Start the worker process (blocking: called in a thread)."""
        context = _mp_context()
        jobs, theirs = context.Pipe()
        alive, their_alive = context.Pipe(duplex=False)
        process = context.Process(target=_serve, args=(theirs, alive), daemon=True,
                                  name="tabletop-bots")
        process.start()
        theirs.close()  # so that the worker's death reads as the end of the pipe
        alive.close()
        self.process, self.jobs, self.alive = process, jobs, their_alive

    def kill(self) -> None:
        """Stop the worker process at once (a job in progress is lost)."""
        process, self.process = self.process, None
        for pipe in (self.jobs, self.alive):
            if pipe is not None:
                pipe.close()
        self.jobs = self.alive = None
        if process is not None:
            process.kill()
            process.join(timeout=5)

    def exit_code(self) -> int | None:
        """The worker's exit code, once it has ended."""
        if self.process is None:
            return None
        self.process.join(timeout=1)
        return self.process.exitcode


async def _readable(pipe: Connection, timeout: float) -> None:
    """Wait until ``pipe`` has something to read (or is closed by the other end);
    TimeoutError after ``timeout`` seconds."""
    loop = asyncio.get_running_loop()
    ready = loop.create_future()
    descriptor = pipe.fileno()

    def wake() -> None:
        if not ready.done():
            ready.set_result(None)

    loop.add_reader(descriptor, wake)
    try:
        async with asyncio.timeout(timeout):
            await ready
    finally:
        loop.remove_reader(descriptor)


class Workers:
    """``count`` worker processes (or the Dask cluster whose scheduler is at ``scheduler``)
    that run the jobs of :meth:`call`; nothing starts before the first job."""

    def __init__(self, count: int, scheduler: str | None = None) -> None:
        self.count = max(1, count)
        self.scheduler = scheduler
        self._slots = [_Slot() for _ in range(self.count)]
        self._turn = 0
        self._client: Any = None
        self._client_lock = asyncio.Lock()
        self._closed = False

    def warm(self) -> None:
        """Get the forkserver ready in the background (no worker is started), so that the
        first job does not wait for its imports."""
        if self.scheduler is None:
            threading.Thread(target=_warm, name="tabletop-warm", daemon=True).start()

    async def call(self, function: Callable[..., Any], *args: Any, timeout: float,
                   key: str | None = None) -> Any:
        """``function(*args)`` (a module-level function; ``args`` plain JSON values) run in
        a worker, at most ``timeout`` seconds from when it starts there; its result (plain
        JSON). ``key``: jobs with the same key run in the same worker unless it is busy and
        another is idle. WorkTimedOut past the
        time limit, WorkFailed (one line) if it could not be run or raised."""
        if self._closed:
            raise WorkFailed("the server is shutting down")
        if self.scheduler is not None:
            return await self._on_cluster(function, args, timeout)
        slot = self._slot(key)
        slot.waiting += 1
        started = False
        try:
            async with slot.lock:
                started = True
                slot.waiting -= 1
                return await self._run(slot, function, args, timeout)
        finally:
            if not started:  # cancelled while waiting for its turn
                slot.waiting -= 1

    def _slot(self, key: str | None) -> _Slot:
        """The worker for a job: the key's own when it is free (its cache holds the key's
        match), else an idle one (which rebuilds it), else the key's own, else the least
        awaited."""
        if key is not None:
            own = self._slots[zlib.crc32(key.encode("utf-8", "surrogatepass")) % self.count]
            if not own.lock.locked() and not own.waiting:
                return own
            idle = [s for s in self._slots if not s.lock.locked() and not s.waiting]
            return idle[0] if idle else own
        self._turn = (self._turn + 1) % self.count
        order = self._slots[self._turn:] + self._slots[:self._turn]
        return min(order, key=lambda s: (s.lock.locked(), s.waiting))

    async def _run(self, slot: _Slot, function: Callable[..., Any], args: Sequence[Any],
                   timeout: float) -> Any:
        """Run one job in ``slot``'s worker (the caller holds its lock)."""
        name = f"{function.__module__}:{function.__qualname__}"
        message = json.dumps({"function": name, "args": list(args)}).encode()
        if slot.process is None or not slot.process.is_alive():
            await asyncio.to_thread(self._replace, slot)
        if slot.jobs is None:
            raise WorkFailed("the server is shutting down")
        finished = False
        try:
            try:
                slot.jobs.send_bytes(message)
                await _readable(slot.jobs, timeout)
                answer = slot.jobs.recv_bytes()
            except TimeoutError:
                raise WorkTimedOut(f"the work took more than {timeout:g} s: its worker "
                                   "was stopped") from None
            except (EOFError, OSError):
                code = await asyncio.to_thread(slot.exit_code)
                raise WorkFailed(f"the worker process ended (exit code {code})") from None
            finished = True
        finally:
            if not finished:  # timed out, died or cancelled: the worker's state is unknown
                await asyncio.shield(asyncio.to_thread(self._replace, slot))
        reply = json.loads(answer)
        if "error" in reply:
            raise WorkFailed(reply["error"])
        return reply["result"]

    def _replace(self, slot: _Slot) -> None:
        """Kill ``slot``'s worker and start a new one (blocking: called in a thread)."""
        slot.kill()
        if not self._closed:
            slot.start()

    # -- on a Dask cluster --------------------------------------------------------------
    async def _cluster(self) -> Any:
        """The Dask client, connected on first use; WorkFailed if it cannot be."""
        async with self._client_lock:
            if self._client is None:
                try:
                    from dask.distributed import Client
                except ImportError:
                    raise WorkFailed("--scheduler needs Dask: pip install "
                                     "'tabletop[cluster]'") from None
                try:
                    self._client = await Client(  # type: ignore[no-untyped-call]
                        self.scheduler, asynchronous=True, timeout=CONNECT_TIMEOUT)
                except (OSError, TimeoutError, ValueError) as exc:
                    raise WorkFailed(_one_line(f"cannot reach a Dask scheduler at "
                                               f"{self.scheduler}: {exc}")) from None
            return self._client

    async def _on_cluster(self, function: Callable[..., Any], args: Sequence[Any],
                          timeout: float) -> Any:
        client = await self._cluster()
        future = client.submit(function, *args, pure=False,
                               key=f"tabletop-{function.__name__}-{uuid.uuid4().hex}")
        done = False
        try:
            async with asyncio.timeout(timeout):
                result = await future
            done = True
        except TimeoutError:
            raise WorkTimedOut(f"the work took more than {timeout:g} s on the cluster: "
                               "it was cancelled") from None
        except (asyncio.CancelledError, WorkTimedOut):
            raise
        except Exception as exc:  # noqa: BLE001 - a worker lost, the function raised
            raise WorkFailed(_one_line(f"{type(exc).__name__}: {exc}")) from None
        finally:
            if not done:
                cancelled = future.cancel()
                if inspect.isawaitable(cancelled):
                    await asyncio.shield(cancelled)
        return result

    # -- the end ------------------------------------------------------------------------
    async def close(self) -> None:
        """Stop every worker process (a job in progress is lost), or leave the cluster."""
        self._closed = True
        await asyncio.to_thread(self._kill_all)
        if self._client is not None:
            client, self._client = self._client, None
            try:
                await client.close()
            except Exception as exc:  # noqa: BLE001 - closing: nothing more to do
                log.warning("leaving the Dask cluster: %s", _one_line(str(exc)))

    def _kill_all(self) -> None:
        for slot in self._slots:
            slot.kill()
