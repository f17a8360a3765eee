"""A load check of the browser table (not a test: it prints figures; docs/benchmarks.md keeps
them).

It starts ``tabletop serve`` on a free loopback port with a fresh data folder, sets up
``--tables`` tables of Chicago DIY (two people and a heuristic bot each) and connects four
clients per table, each with its own event stream: the two players, who answer every
payload that gives them the move with a random legal action (and now and then send the same
answer twice, as a double click would), and two spectators. It stops after ``--seconds``
(or when every game is over), then checks the SQLite file against what the clients were
told: every acknowledged move is stored at its number and was its seat's, every stored move
replays, no double click was played twice, and each table shows the moves it stored.

    python scripts/load_check.py --tables 20 --seconds 30 [--think 2] [--profile FILE]
    python scripts/load_check.py --tables 20 --seconds 30 --bot-tables 6

``--bot-tables N`` sets up, beside the people's tables, N tables where only bots play, each
seat searching with the largest budget the server allows (``ismcts:2000ms``, the default
``--max-bot-ms``): the human-move latency of a run with them, set beside a run without, is
what a stranger's bot tables cost the people at other tables.

What "server CPU per stored move" is: the CPU time (user + system, from /proc) of the server
process and every process under it (the bots think in worker processes) from the moment every table exists and has been viewed once (so the imports, the
tables' creation and their first pictures are left out: the warm-up, reported apart) until
every bot has stopped after the players stopped, divided by the moves stored in that window
(the people's, the bots' and the single choices played for a seat). It is everything the
server did for those moves: checking and playing each one, committing it to SQLite, the
bots' thinking, a payload for every event stream of the table (four per move) and one for
each answer, and the refused double clicks. CPU time is not wall time, but on a shared
machine it still varies with what else runs (caches, a core's clock), so the reference loop
of ``tabletop bench`` is timed in this process before and after the load, and the figure is
given also as reference decisions per stored move: compare runs through that ratio.

With ``PYTHONPATH=EXPORT`` (an export of an older commit: ``git archive COMMIT | tar -x -C
EXPORT``) the server and the check run that tree's code, so older and newer code can be
compared in turns under the same load; the reference loop is always this checkout's.
``--profile FILE`` runs the server under cProfile (slower: its figures are not comparable;
read the file with ``python -m pstats FILE``).

Every request goes to 127.0.0.1 only, and the run is bounded in time.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import os
import random
import re
import shlex
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import httpx2

import tabletop
from tabletop import registry
from tabletop.record import Record, replay
from tabletop.serialization import decode_action
from tabletop.web.store import Store

GAME, SEATS = "chicago_diy", ["human", "human", "heuristic"]
#: the seats of a table of bots only: a search with the server's largest budget by default
BOT_KIND = "ismcts:2000ms"

#: this checkout (the reference loop is always read from here)
ROOT = Path(__file__).resolve().parents[1]

#: CPU seconds of each slice of the reference loop, and slices timed before and after
REFERENCE_SLICE, REFERENCE_SLICES = 0.3, 3


def reference_loop() -> ModuleType:
    """This checkout's ``tabletop/cli/reference_loop.py`` (loaded by path: an older tree on
    PYTHONPATH may not have it; the loop never changes)."""
    spec = importlib.util.spec_from_file_location(
        "load_check_reference", ROOT / "tabletop" / "cli" / "reference_loop.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # registered, as an import would be
    spec.loader.exec_module(module)
    return module


def time_reference(loop: ModuleType) -> list[float]:
    """Microseconds of CPU time per reference decision, one figure per slice."""
    out = []
    for _ in range(REFERENCE_SLICES):
        _, decisions, seconds = loop.time_reference(REFERENCE_SLICE)
        out.append(seconds / decisions * 1e6)
    return out


class Figures:
    """What the clients saw."""

    def __init__(self) -> None:
        self.latencies: list[float] = []        # seconds per accepted action
        self.acknowledged: dict[tuple[str, int], int] = {}  # (table, move number) -> seat
        self.doubles: dict[int, int] = {}       # answers to double clicks, by status
        self.refused: dict[int, int] = {}       # other refusals by status
        self.events = 0                         # payloads received on event streams
        self.payload_bytes = 0                  # their size
        self.backwards = 0                      # a stream that went back in moves


async def stream(http: httpx2.AsyncClient, table: str, token: str, stop: asyncio.Event,
                 figures: Figures, on_payload: Any = None) -> None:
    """Follow a table's event stream until ``stop``; hand each payload to ``on_payload``."""
    last = -1
    async with http.stream("GET", f"/api/tables/{table}/stream",
                           headers={"Authorization": f"Bearer {token}"}) as response:
        assert response.status_code == 200, response.status_code
        data: list[str] = []
        async for line in response.aiter_lines():
            if stop.is_set():
                return
            if line.startswith("data: "):
                data.append(line[6:])
            elif line == "" and data:
                text = "\n".join(data)
                payload = json.loads(text)
                data = []
                figures.events += 1
                figures.payload_bytes += len(text)
                figures.backwards += payload["move"] < last
                last = payload["move"]
                if on_payload is not None:
                    await on_payload(payload)


def answer_body(payload: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random answer to the decision ``payload`` asks, as the page sends it: a line of its
    menu (opening a group), an amount typed for an amount line; the move number and the
    decision it answers (older servers send no ``decision`` and ignore it)."""
    line = rng.choice(payload["menu"]["lines"])
    while "group" in line:
        line = rng.choice(line["group"]["lines"])
    body: dict[str, Any] = {"move": payload["move"], "since": payload["move"] + 1,
                            "decision": payload.get("decision")}
    if "amount" in line:
        value, _ = rng.choice(line["amount"]["choices"])
        body.update(amount=value, question=line["amount"]["question"])
    else:
        body["action"] = line["action"]
    return body


async def player(http: httpx2.AsyncClient, table: str, token: str, seat: int,
                 stop: asyncio.Event, figures: Figures, rng: random.Random,
                 think: float) -> None:
    """A person at one seat: answers every payload that gives it the move, after thinking
    up to ``think`` seconds."""
    headers = {"Authorization": f"Bearer {token}"}

    async def answer(payload: dict[str, Any]) -> None:
        if payload["to_act"] != seat or payload["menu"] is None:
            return
        if think:
            await asyncio.sleep(rng.uniform(0, think))
        body = answer_body(payload, rng)
        start = time.perf_counter()
        response = await http.post(f"/api/tables/{table}/act", headers=headers, json=body)
        if response.status_code == 200:
            figures.latencies.append(time.perf_counter() - start)
            figures.acknowledged[(table, payload["move"] + 1)] = seat - 1
            if rng.random() < 0.1:  # a double click: the same answer again
                again = await http.post(f"/api/tables/{table}/act", headers=headers, json=body)
                figures.doubles[again.status_code] = figures.doubles.get(again.status_code,
                                                                         0) + 1
        else:
            figures.refused[response.status_code] = figures.refused.get(
                response.status_code, 0) + 1

    await stream(http, table, token, stop, figures, answer)


def cpu_seconds(pid: int) -> float:
    """The CPU time a process and every live process under it have used so far (Linux:
    /proc/PID/stat; the children it has waited for are counted in its own figures)."""
    parents: dict[int, int] = {}
    times: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        parents[int(entry.name)] = int(fields[1])
        times[int(entry.name)] = sum(int(f) for f in fields[11:15])
    total, todo = 0.0, [pid]
    while todo:
        current = todo.pop()
        total += times.get(current, 0)
        todo += [child for child, parent in parents.items() if parent == current]
    return total / os.sysconf("SC_CLK_TCK")


def start_server(data: Path, bot_delay: float, profile: Path | None, creations: int
                 ) -> tuple[subprocess.Popen[str], str]:
    """``tabletop serve`` on a free port (under cProfile with ``profile``), its output in
    ``data/../server.log`` (a pipe nobody reads would fill up and stop the server)."""
    command = [str(Path(sys.executable).with_name("tabletop")), "serve", "--port", "0",
               "--data", str(data), "--bot-delay", str(bot_delay),
               # every table comes from this one address: the rate limit would refuse them
               "--create-burst", str(creations)]
    if profile is not None:
        command = [sys.executable, "-m", "cProfile", "-o", str(profile), *command]
    log = data.parent / "server.log"
    with log.open("w") as out:
        server = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, text=True)
    for _ in range(600):
        found = re.search(r"http://127\.0\.0\.1:\d+", log.read_text())
        if found:
            return server, found.group(0)
        time.sleep(0.05)
    raise RuntimeError(f"the server did not start: {log.read_text()[-2000:]}")


class Window:
    """The measured window: the server's CPU, the wall clock and the tables' moves at its
    start and end."""

    def __init__(self) -> None:
        self.cpu = [0.0, 0.0]
        self.wall = [0.0, 0.0]
        self.moves = [0, 0]
        self.setup_cpu = 0.0   # from the server's start to the window (warm-up)


async def views(http: httpx2.AsyncClient, tables: list[dict[str, Any]]
                ) -> list[dict[str, Any]]:
    """Every table's spectator view, without its feed (``since`` past the end)."""
    return [(await http.get(f"/api/tables/{table['table']}/view?since=999999", headers={
        "Authorization": "Bearer " + table["spectator"].split("#")[1]})).json()
        for table in tables]


async def run(args: argparse.Namespace, url: str, pid: int, figures: Figures,
              window: Window) -> list[dict[str, Any]]:
    limits = httpx2.Limits(max_connections=args.tables * 6, max_keepalive_connections=None)
    async with httpx2.AsyncClient(base_url=url, limits=limits, timeout=30) as http:
        for _ in range(200):
            try:
                if (await http.get("/static/style.css")).status_code == 200:
                    break
            except httpx2.HTTPError:
                await asyncio.sleep(0.05)
        started = cpu_seconds(pid)
        tables = []
        for n in range(args.tables):
            answer = await http.post("/api/tables", json={
                "game": GAME, "players": len(SEATS), "seats": SEATS, "seed": n})
            tables.append(answer.json())
        for n in range(args.bot_tables):
            answer = await http.post("/api/tables", json={
                "game": GAME, "players": len(SEATS), "seed": 1000 + n,
                "seats": [BOT_KIND] * len(SEATS)})
            assert answer.status_code == 201, answer.text
        await views(http, tables)  # warm: every table viewed once
        window.cpu[0], window.wall[0] = cpu_seconds(pid), time.perf_counter()
        window.setup_cpu = window.cpu[0] - started
        window.moves[0] = sum(v["move"] for v in await views(http, tables))
        stop = asyncio.Event()
        rng = random.Random(1)
        tasks = []
        for table in tables:
            tid = table["table"]
            for seat, link in table["seats"].items():
                tasks.append(player(http, tid, link.split("#")[1], int(seat), stop, figures,
                                    random.Random(rng.random()), args.think))
            for _ in range(2):
                tasks.append(stream(http, tid, table["spectator"].split("#")[1], stop,
                                    figures))
        print(f"{len(tables)} tables, {len(tasks)} clients connected; "
              f"playing for at most {args.seconds:g} s", flush=True)
        running = [asyncio.create_task(t) for t in tasks]
        deadline = time.monotonic() + args.seconds
        while time.monotonic() < deadline and not all(t.done() for t in running):
            await asyncio.sleep(0.5)
        stop.set()
        for task in running:
            task.cancel()
        await asyncio.gather(*running, return_exceptions=True)
        finals = await settled(http, tables)
        window.cpu[1], window.wall[1] = cpu_seconds(pid), time.perf_counter()
        window.moves[1] = sum(f["move"] for f in finals)
        return finals


async def settled(http: httpx2.AsyncClient, tables: list[dict[str, Any]]
                  ) -> list[dict[str, Any]]:
    """Every table's spectator view once its bot has stopped (the players have: a table
    then waits for a person, or is over)."""
    for _ in range(100):
        seen = await views(http, tables)
        if all(v["over"] or SEATS[v["to_act"] - 1] == "human" for v in seen):
            return seen
        await asyncio.sleep(0.2)
    raise RuntimeError("the bots did not stop")


def movers(record: Record) -> list[int]:
    """The seat that made each stored move (replaying checks every one is legal)."""
    replay(record)
    game = registry.get(record.game)
    state = game.new_state(record.players, record.seed, record.options)
    seats = []
    for data in record.actions:
        seats.append(state.to_act)
        state.apply(decode_action(game, data))
    return seats  # type: ignore[return-value]


def check(data: Path, figures: Figures, finals: list[dict[str, Any]]) -> list[str]:
    """What went wrong, comparing the SQLite file with what the clients were told."""
    problems = []
    store = Store(data)
    records = dict(store.records())
    # played for a seat by its setting (an older store keeps no such list)
    automatic: dict[str, set[int]] = getattr(store, "automatic", dict)()
    store.close()
    problems += [f"table {table} cannot be read back: {record}"
                 for table, record in records.items() if isinstance(record, str)]
    people = {final["table"] for final in finals}
    stored = {table: movers(record) for table, record in records.items()
              if table in people and not isinstance(record, str)}
    bots_only = sum(len(record.actions) for table, record in records.items()
                    if table not in people and not isinstance(record, str))
    for final in finals:
        if final["move"] != len(stored[final["table"]]):
            problems.append(f"table {final['table']} shows move {final['move']} but "
                            f"stores {len(stored[final['table']])}")
    for (table, move), seat in figures.acknowledged.items():
        if move > len(stored[table]) or stored[table][move - 1] != seat:
            problems.append(f"acknowledged move {move} of table {table} is not stored as "
                            "its seat's")
    if figures.doubles.get(200):
        problems.append(f"{figures.doubles[200]} double clicks played twice")
    if figures.backwards:
        problems.append(f"{figures.backwards} stream payloads went back in moves")
    print(f"stored moves: {sum(map(len, stored.values()))} in {len(stored)} tables "
          f"({sum(s.count(2) for s in stored.values())} by the bots, "
          f"{sum(map(len, automatic.values()))} single choices played for a seat); "
          f"{bots_only} more at the tables of bots only")
    return problems


def source() -> str:
    """Which code the server runs: the tabletop package's folder, and its commit when it is
    a git checkout (marked when it has uncommitted changes)."""
    folder = Path(tabletop.__file__).resolve().parents[1]
    try:
        commit = subprocess.run(["git", "-C", str(folder), "rev-parse", "--short", "HEAD"],
                                capture_output=True, text=True, check=True).stdout.strip()
        changed = subprocess.run(["git", "-C", str(folder), "status", "--porcelain",
                                  "--untracked-files=no"],
                                 capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return f"{folder} (not a git checkout)"
    return f"{folder} at {commit}" + (" with uncommitted changes" if changed else "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--bot-delay", type=float, default=0.2,
                        help="seconds a bot waits before its move (the server's --bot-delay)")
    parser.add_argument("--think", type=float, default=0.0,
                        help="a player thinks a random time up to this many seconds before "
                             "answering (0: answers at once, the heaviest load)")
    parser.add_argument("--bot-tables", type=int, default=0,
                        help=f"tables where only bots play ({BOT_KIND}, the largest budget "
                             "the server allows), beside the people's")
    parser.add_argument("--keep", type=Path, default=None,
                        help="keep the data folder and the server's log in this new folder")
    parser.add_argument("--profile", type=Path, default=None,
                        help="run the server under cProfile and write its statistics here")
    args = parser.parse_args()
    path = os.environ.get("PYTHONPATH")
    print("command:", shlex.join(["python", *sys.argv]) + (f" (PYTHONPATH={path})" if path
                                                          else ""))
    print(f"server code: {source()}; Python {sys.version.split()[0]}")
    loop = reference_loop()
    load = [os.getloadavg()[0]]
    reference = time_reference(loop)
    with tempfile.TemporaryDirectory() as folder:
        data = (args.keep or Path(folder)) / "data"
        data.parent.mkdir(parents=True, exist_ok=True)
        server, url = start_server(data, args.bot_delay, args.profile,
                                   max(10, args.tables + args.bot_tables))
        figures, window = Figures(), Window()
        client_before = time.process_time()
        try:
            finals = asyncio.run(run(args, url, server.pid, figures, window))
            client_cpu = time.process_time() - client_before
        finally:
            # Ctrl-C, not SIGTERM: the server stops the same way, and cProfile (which
            # uvicorn's re-raised SIGTERM would kill) still writes its file
            server.send_signal(signal.SIGINT)
            server.wait(timeout=60)
        problems = check(data, figures, finals)
    load.append(os.getloadavg()[0])
    reference += time_reference(loop)
    elapsed = window.wall[1] - window.wall[0]
    server_cpu = window.cpu[1] - window.cpu[0]
    moves = window.moves[1] - window.moves[0]
    per_move = server_cpu / max(moves, 1)
    ref_us = statistics.median(reference)
    lat = sorted(figures.latencies) or [float("nan")]
    p95 = lat[int(0.95 * (len(lat) - 1))]
    print(f"actions accepted: {len(figures.latencies)} in {elapsed:.0f} s "
          f"({len(figures.latencies) / elapsed:.1f}/s); games over: "
          f"{sum(f['over'] for f in finals)}")
    print(f"tables of bots only thinking beside them: {args.bot_tables} ({BOT_KIND})")
    print(f"action latency: median {statistics.median(lat) * 1000:.1f} ms, "
          f"p95 {p95 * 1000:.1f} ms, max {lat[-1] * 1000:.1f} ms")
    print(f"server CPU while playing: {server_cpu:.1f} s for {moves} stored moves in "
          f"{elapsed:.0f} s ({server_cpu / elapsed:.0%} of a core): "
          f"{per_move * 1000:.2f} ms per stored move = {per_move * 1e6 / ref_us:,.0f} "
          f"reference decisions")
    print(f"reference loop (this process, before and after): {ref_us:.3f} µs a decision "
          f"(slices {min(reference):.3f}-{max(reference):.3f}); warm-up (creating and "
          f"viewing the tables, not counted above): {window.setup_cpu:.1f} s of server CPU")
    print(f"the clients' CPU: {client_cpu:.1f} s ({client_cpu / elapsed:.0%} of a core); "
          f"load average {load[0]:.1f} before, {load[1]:.1f} after, on {os.cpu_count()} cores")
    print(f"stream payloads delivered: {figures.events} "
          f"({figures.events / max(moves, 1):.1f} per stored move, "
          f"{figures.payload_bytes / max(figures.events, 1) / 1024:.1f} KiB each); "
          f"double clicks refused (409): {figures.doubles.get(409, 0)} of "
          f"{sum(figures.doubles.values())}; other refusals: {figures.refused or 'none'}")
    if args.profile is not None:
        print(f"profile: {args.profile} (python -m pstats; a profiled server is slower, "
              "so these figures are not comparable)")
    print("no move lost or applied twice" if not problems else "PROBLEMS:\n" +
          "\n".join(problems))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
