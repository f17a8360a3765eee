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

    python scripts/load_check.py --tables 50 --seconds 60 [--think 2]

Every request goes to 127.0.0.1 only, and the run is bounded in time.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx2

from tabletop import registry
from tabletop.record import Record, replay
from tabletop.serialization import decode_action
from tabletop.web.store import Store

GAME, SEATS = "chicago_diy", ["human", "human", "heuristic"]


class Figures:
    """What the clients saw."""

    def __init__(self) -> None:
        self.latencies: list[float] = []        # seconds per accepted action
        self.acknowledged: dict[tuple[str, int], int] = {}  # (table, move number) -> seat
        self.doubles: dict[int, int] = {}       # answers to double clicks, by status
        self.refused: dict[int, int] = {}       # other refusals by status
        self.events = 0                         # payloads received on event streams
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
                payload = json.loads("\n".join(data))
                data = []
                figures.events += 1
                figures.backwards += payload["move"] < last
                last = payload["move"]
                if on_payload is not None:
                    await on_payload(payload)


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
        line = rng.choice(payload["menu"]["lines"])
        if "group" in line:
            line = rng.choice(line["group"]["lines"])
        body = {"move": payload["move"], "action": line["action"],
                "since": payload["move"] + 1}
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
    """The CPU time a process has used so far (Linux: /proc/PID/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(data: Path, bot_delay: float) -> tuple[subprocess.Popen[str], str]:
    """``tabletop serve`` on a free port, its output in ``data/../server.log`` (a pipe
    nobody reads would fill up and stop the server)."""
    tabletop = str(Path(sys.executable).with_name("tabletop"))
    log = data.parent / "server.log"
    with log.open("w") as out:
        server = subprocess.Popen([tabletop, "serve", "--port", "0", "--data", str(data),
                                   "--bot-delay", str(bot_delay)],
                                  stdout=out, stderr=subprocess.STDOUT, text=True)
    for _ in range(600):
        found = re.search(r"http://127\.0\.0\.1:\d+", log.read_text())
        if found:
            return server, found.group(0)
        time.sleep(0.05)
    raise RuntimeError(f"the server did not start: {log.read_text()[-2000:]}")


async def run(args: argparse.Namespace, url: str, figures: Figures) -> list[dict[str, Any]]:
    limits = httpx2.Limits(max_connections=args.tables * 6, max_keepalive_connections=None)
    async with httpx2.AsyncClient(base_url=url, limits=limits, timeout=30) as http:
        for _ in range(200):
            try:
                if (await http.get("/static/style.css")).status_code == 200:
                    break
            except httpx2.HTTPError:
                await asyncio.sleep(0.05)
        tables = []
        for n in range(args.tables):
            answer = await http.post("/api/tables", json={
                "game": GAME, "players": len(SEATS), "seats": SEATS, "seed": n})
            tables.append(answer.json())
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
        return await settled(http, tables)


async def settled(http: httpx2.AsyncClient, tables: list[dict[str, Any]]
                  ) -> list[dict[str, Any]]:
    """Every table's spectator view once its bot has stopped (the players have: a table
    then waits for a person, or is over)."""
    finals: dict[str, dict[str, Any]] = {}
    for _ in range(100):
        for table in tables:
            seen = (await http.get(f"/api/tables/{table['table']}/view", headers={
                "Authorization": "Bearer " + table["spectator"].split("#")[1]})).json()
            if seen["over"] or SEATS[seen["to_act"] - 1] == "human":
                finals[table["table"]] = seen
        if len(finals) == len(tables):
            return list(finals.values())
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
    store.close()
    stored = {table: movers(record) for table, record in records.items()}
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
          f"({sum(s.count(2) for s in stored.values())} by the bots)")
    return problems


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--bot-delay", type=float, default=0.2,
                        help="seconds a bot waits before its move (the server's --bot-delay)")
    parser.add_argument("--think", type=float, default=0.0,
                        help="a player thinks a random time up to this many seconds before "
                             "answering (0: answers at once, the heaviest load)")
    parser.add_argument("--keep", type=Path, default=None,
                        help="keep the data folder and the server's log in this new folder")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        data = (args.keep or Path(folder)) / "data"
        data.parent.mkdir(parents=True, exist_ok=True)
        server, url = start_server(data, args.bot_delay)
        figures = Figures()
        started, cpu_before = time.perf_counter(), cpu_seconds(server.pid)
        client_before = time.process_time()
        try:
            finals = asyncio.run(run(args, url, figures))
            server_cpu = cpu_seconds(server.pid) - cpu_before
            client_cpu = time.process_time() - client_before
        finally:
            server.terminate()
            server.wait(timeout=20)
        elapsed = time.perf_counter() - started
        problems = check(data, figures, finals)
        moves = sum(f["move"] for f in finals)
    lat = sorted(figures.latencies)
    p95 = lat[int(0.95 * (len(lat) - 1))] if lat else float("nan")
    print(f"actions accepted: {len(lat)} in {elapsed:.0f} s "
          f"({len(lat) / elapsed:.1f}/s); games over: {sum(f['over'] for f in finals)}")
    print(f"action latency: median {statistics.median(lat) * 1000:.1f} ms, "
          f"p95 {p95 * 1000:.1f} ms, max {lat[-1] * 1000:.1f} ms")
    print(f"server CPU: {server_cpu:.1f} s ({server_cpu / elapsed:.0%} of a core), "
          f"{server_cpu / max(moves, 1) * 1000:.1f} ms per stored move; the clients' CPU: "
          f"{client_cpu:.1f} s ({client_cpu / elapsed:.0%}); load average "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"stream payloads delivered: {figures.events}; double clicks refused (409): "
          f"{figures.doubles.get(409, 0)} of {sum(figures.doubles.values())}; other "
          f"refusals: {figures.refused or 'none'}")
    print("no move lost or applied twice" if not problems else "PROBLEMS:\n" +
          "\n".join(problems))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
