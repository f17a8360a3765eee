"""Bots think off the request path, in a bounded pool of worker processes (or on a Dask
cluster), with budgets the server sets: one stranger's bot tables cannot freeze the server.

The freeze the issue found: tables whose bots think as long as a request may ask filled the
server's threads, and every other request waited. Here the bots think as long as the server
allows, at more tables than there are workers (or threads), and a human's move at another
table is still answered within a second; replays run in the same pool, under a size and a
time limit."""

from __future__ import annotations

import asyncio
import functools
import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from dask.distributed import LocalCluster

from tabletop import registry
from tabletop.agents.kinds import capped_kind
from tabletop.errors import InvalidOptions
from tabletop.match import Match
from tabletop.web import create_app, replays
from tabletop.web.limits import Limits
from tabletop.web.refusals import Refused
from tabletop.web.workers import Workers, WorkFailed, WorkTimedOut
from tests.web.conftest import Client, auth, decision, make_table

TIC = registry.get("tic_tac_toe")


# -- budgets from the server ------------------------------------------------------------------
def test_a_kind_is_held_to_the_servers_budget() -> None:
    assert capped_kind(TIC, "ismcts:2000ms", 2000) == "ismcts:2000ms"
    assert capped_kind(TIC, "ismcts:50", 2000) == "ismcts:50:2000ms"
    assert capped_kind(TIC, "ismcts:50:depth=3", 2000) == "ismcts:50:2000ms:depth=3"
    assert capped_kind(TIC, "ismcts", 2000) == "ismcts:200:2000ms"  # the default iterations
    for kind in ("random", "heuristic", "ismcts:200ms:guide=heuristic", "human"):
        assert capped_kind(TIC, kind, 2000) == kind
    with pytest.raises(InvalidOptions, match=r"^a bot may think at most 2,000 ms a move on "
                                             r"this server, not 600,000 ms$"):
        capped_kind(TIC, "ismcts:600000ms", 2000)
    assert capped_kind(TIC, "ismcts:9000ms:10", 2000, clamp=True) == "ismcts:10:2000ms"


def test_the_server_refuses_a_larger_budget_and_caps_an_iteration_budget(
        client: Client) -> None:
    answer = client.post("/api/tables", json={"game": "tic_tac_toe", "players": 2,
                                              "seats": ["ismcts:600000ms", "human"]})
    assert answer.status_code == 400
    assert answer.json() == {"error": "Player 1: a bot may think at most 2,000 ms a move on "
                                      "this server, not 600,000 ms"}
    assert client.hub.tables == {}
    made = make_table(client, "tic_tac_toe", ["human", "ismcts:50"])
    assert client.hub.tables[made.id].match.seats == ["human", "ismcts:50:2000ms"]
    stored = dict(client.hub.store.records())[made.id]
    assert stored.seats == ["human", "ismcts:50:2000ms"]  # what a restart plays


# -- the freeze -------------------------------------------------------------------------------
def test_a_human_move_is_answered_at_once_while_every_bot_thinks(tmp_path: Path) -> None:
    """More tables of bots on the largest budget than the server has threads for its work
    (the default executor's cpu + 4): they wait their turn for the two workers, and a human
    move at another table is answered within a second, move after move."""
    tables = (os.cpu_count() or 1) + 6
    with Client(create_app(tmp_path / "data", bot_delay=0,
                           limits=Limits(max_bot_ms=2000, bot_workers=2))) as client:
        bots = [make_table(client, "tic_tac_toe", ["ismcts:2000ms", "ismcts:2000ms"],
                           seed=seed) for seed in range(tables)]
        made = make_table(client, "tic_tac_toe", ["human", "human"])
        workers = client.hub.workers
        deadline = time.monotonic() + 30
        while not all(slot.lock.locked() for slot in workers._slots):
            assert time.monotonic() < deadline, "the bots did not start thinking"
            time.sleep(0.05)
        for seat, cell in ((1, 0), (2, 4), (1, 8)):
            table = client.hub.tables[made.id]
            start = time.monotonic()
            answer = client.post(made.url("act"), headers=auth(made.seats[seat]),
                                 json={"move": table.steps, "decision": decision(client, made),
                                       "action": table.match.state.legal_actions().index(
                                           _place(table.match, cell))})
            took = time.monotonic() - start
            assert answer.status_code == 200, answer.text
            assert took < 1.0, f"a human move took {took:.2f} s while bots thought"
            # the bots were thinking all along, in the workers
            assert all(slot.lock.locked() for slot in workers._slots)
        assert sum(client.hub.tables[b.id].steps for b in bots) < tables * 9


def test_a_quick_bot_does_not_wait_behind_other_tables_searches(tmp_path: Path) -> None:
    """A table of a person and the game's own bot moves on at once while every search
    worker is busy with other tables' long searches: the bots that do not search have a lane
    of their own."""
    with Client(create_app(tmp_path / "data", bot_delay=0,
                           limits=Limits(max_bot_ms=2000, bot_workers=1))) as client:
        for seed in range(3):
            make_table(client, "tic_tac_toe", ["ismcts:2000ms", "ismcts:2000ms"], seed=seed)
        made = make_table(client, "tic_tac_toe", ["human", "heuristic"])
        deadline = time.monotonic() + 30
        while not client.hub.workers._slots[0].lock.locked():
            assert time.monotonic() < deadline, "the searches did not start"
            time.sleep(0.05)
        table = client.hub.tables[made.id]
        answer = client.post(made.url("act"), headers=auth(made.seats[1]),
                             json={"move": 0, "decision": decision(client, made),
                                   "action": 0})
        assert answer.status_code == 200, answer.text
        deadline = time.monotonic() + 1.5  # far less than one search's 2 s
        while table.steps < 2:
            assert time.monotonic() < deadline, "the heuristic bot waited for the searches"
            time.sleep(0.02)
        assert client.hub.workers._slots[0].lock.locked()  # still searching meanwhile


def _place(match: Match, cell: int) -> Any:
    return next(a for a in match.state.legal_actions() if getattr(a, "cell", None) == cell)


# -- the pool ---------------------------------------------------------------------------------
def test_workers_run_jobs_by_name_and_stop_one_past_its_time_limit() -> None:
    async def scenario() -> None:
        workers = Workers(2)
        try:
            first = await workers.call(os.getpid, timeout=30, key="table-a")
            assert first != os.getpid()  # another process
            assert await workers.call(os.getpid, timeout=30, key="table-a") == first
            slot = next(s for s in workers._slots if s.process is not None
                        and s.process.pid == first)
            with pytest.raises(WorkTimedOut, match="more than 0.5 s"):
                await workers.call(time.sleep, 60, timeout=0.5, key="table-a")
            assert slot.process is not None and slot.process.pid != first  # a new worker
            with pytest.raises(WorkFailed, match=r"^ValueError: invalid literal"):
                await workers.call(int, "x", timeout=30)
            with pytest.raises(WorkFailed, match=r"the worker process ended \(exit code 3\)"):
                await workers.call(os._exit, 3, timeout=30, key="table-a")
            assert await workers.call(os.getpid, timeout=30, key="table-a") != first
            processes = [s.process for s in workers._slots if s.process is not None]
        finally:
            await workers.close()
        assert processes and not any(p.is_alive() for p in processes)
        with pytest.raises(WorkFailed, match="shutting down"):
            await workers.call(os.getpid, timeout=30)

    asyncio.run(scenario())


def test_a_stopped_server_leaves_no_worker_behind(tmp_path: Path) -> None:
    with Client(create_app(tmp_path / "data", bot_delay=0)) as client:
        make_table(client, "tic_tac_toe", ["heuristic", "ismcts:5"])
        client.settle()
        # the searching bot's lane and the quick bot's own
        lanes = [client.hub.workers, client.hub.quick]
        processes = [s.process for w in lanes for s in w._slots if s.process is not None]
        assert len(processes) >= 2 and all(p.is_alive() for p in processes)
    assert not any(p.is_alive() for p in processes)


# -- on a Dask cluster ------------------------------------------------------------------------
@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    with LocalCluster(n_workers=1, threads_per_worker=2, processes=True,
                      dashboard_address=":0") as cluster:
        yield cluster.scheduler_address


def test_bots_think_on_a_cluster_and_play_to_the_end(scheduler: str, tmp_path: Path) -> None:
    seats = ["heuristic", "ismcts:30"]
    with Client(create_app(tmp_path / "here", bot_delay=0)) as client:
        here = make_table(client, "tic_tac_toe", seats, seed=11)
        client.settle()
        expected = client.hub.tables[here.id].match.record.actions
    limits = Limits(scheduler=scheduler)
    with Client(create_app(tmp_path / "there", bot_delay=0, limits=limits)) as client:
        there = make_table(client, "tic_tac_toe", seats, seed=11)
        assert client.portal is not None
        client.portal.call(lambda: client.hub.settled(60))
        table = client.hub.tables[there.id]
        assert table.match.state.is_over
        assert table.match.record.actions == expected  # the same game, wherever it thinks
        assert client.hub.workers._client is not None  # on the cluster...
        assert all(s.process is None for s in client.hub.workers._slots)  # ...not here


# -- replays ----------------------------------------------------------------------------------
@functools.cache
def _long_game() -> str:
    """The record of a whole Chicago DIY game of bots (a few hundred moves), as JSON."""
    match = Match(registry.get("chicago_diy"), 4, 2, seats=["heuristic"] * 4)
    match.run()
    return match.record.to_json()


def _long_record() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(_long_game())
    return data


def _refusal(client: Client, call: Any) -> Refused:
    assert client.portal is not None
    with pytest.raises(Refused) as caught:
        client.portal.call(call)
    return caught.value


def test_a_replay_is_refused_when_too_long_and_stopped_when_too_slow(tmp_path: Path) -> None:
    record = _long_record()
    moves = len(record["actions"])
    limits = Limits(replay_moves=moves - 1, replay_seconds=0.01)
    with Client(create_app(tmp_path / "data", bot_delay=0, limits=limits)) as client:
        hub = client.hub
        refused = _refusal(client, lambda: hub.replay_summary({"record": record}))
        assert (refused.status, refused.message) == (
            413, (f"this server replays records of at most {moves - 1:,} moves; this one "
                  f"has {moves:,}"))
        assert all(s.process is None for s in hub.workers._slots)  # no work was done
        short = dict(record, actions=record["actions"][:moves - 1], result=None)
        refused = _refusal(client, lambda: hub.replay_summary({"record": short}))
        assert (refused.status, refused.message) == (
            503, "the replay took too long (more than 0.01 s): the server stopped it")


def test_a_replay_in_a_worker_answers_as_before(client: Client) -> None:
    record = _long_record()
    assert client.portal is not None
    hub = client.hub
    summary = client.portal.call(lambda: hub.replay_summary({"record": record}))
    assert summary == replays.summary(replays.record_of({"record": record}))
    frame = client.portal.call(lambda: hub.replay_frame({"record": record}, 5, 1))
    assert frame == replays.frame(replays.record_of({"record": record}), 5, 1)
    # what the replay refuses comes back as the same one line
    for bad, call in (
            (dict(record, actions=[{"nonsense": 1}]), hub.replay_summary),
            (dict(record, game="no_such_game"), hub.replay_summary)):
        with pytest.raises(Exception) as here:
            replays.summary(replays.record_of({"record": bad}))
        refused = _refusal(client, lambda bad=bad, call=call: call({"record": bad}))
        assert (refused.status, refused.message) == (400, str(here.value).splitlines()[0])
    refused = _refusal(client, lambda: hub.replay_frame({"record": record}, 10**6, None))
    assert refused.status == 400 and refused.message.startswith("step 1000000 is not in")
    refused = _refusal(client, lambda: hub.replay_summary({"record": "text"}))
    assert (refused.status, refused.message) == (
        400, "the request must carry a 'record' (a Tabletop record object)")


def test_a_human_move_is_answered_at_once_while_replays_run(client: Client) -> None:
    """The issue's measure: replays on the event loop held every request up. Here four run
    at once in the pool while a human plays, each move answered within a second."""
    record = _long_record()
    made = make_table(client, "tic_tac_toe", ["human", "human"])
    assert client.portal is not None
    hub = client.hub
    running = [client.portal.start_task_soon(hub.replay_summary, {"record": record})
               for _ in range(4)]
    for seat, cell in ((1, 0), (2, 4)):
        table = hub.tables[made.id]
        start = time.monotonic()
        answer = client.post(made.url("act"), headers=auth(made.seats[seat]),
                             json={"move": table.steps, "decision": decision(client, made),
                                   "action": table.match.state.legal_actions().index(
                                       _place(table.match, cell))})
        assert answer.status_code == 200 and time.monotonic() - start < 1.0
    assert not all(future.done() for future in running)  # the replays were still running
    for future in running:
        assert future.result(timeout=60)["steps"] == len(record["actions"])

