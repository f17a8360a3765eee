"""A real ``tabletop serve`` process killed with SIGKILL at any moment comes back with every
table at its last committed move, every link still valid, and the bots playing on."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import httpx2

from tabletop.record import replay
from tabletop.web.store import FILENAME, Store
from tests.web.conftest import Made, ServerProcess, auth


def stored(data: Path) -> dict[str, list[Any]]:
    """Every table's stored moves, read straight from the SQLite file."""
    with sqlite3.connect(data / FILENAME) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        moves: dict[str, list[Any]] = {t: [] for (t,) in db.execute("SELECT id FROM tables")}
        for table_id, action in db.execute(
                "SELECT table_id, action FROM moves ORDER BY table_id, step"):
            moves[table_id].append(json.loads(action))
    return moves


class Player(threading.Thread):
    """Plays a table's human seats as fast as the server answers (with the hot-seat link),
    keeping the move numbers the server acknowledged."""

    def __init__(self, server: ServerProcess, made: Made) -> None:
        super().__init__(daemon=True)
        self.made = made
        self.acknowledged: list[int] = []
        self.http = httpx2.Client(base_url=server.url, headers=auth(str(made.hotseat)),
                                  timeout=5)

    def run(self) -> None:
        with self.http as http:
            try:
                while True:
                    seen = http.get(self.made.url("view")).json()
                    if seen["over"]:
                        return
                    seen = http.get(self.made.url("view"),
                                    params={"seat": seen["to_act"]}).json()
                    if seen["over"] or seen["decision"] is None:
                        continue  # moved on between the two looks
                    answer = http.post(self.made.url("act"), params={"seat": seen["to_act"]},
                                       json={"move": seen["move"], "decision": seen["decision"],
                                             "action": 0})
                    if answer.status_code == 200:
                        self.acknowledged.append(seen["move"] + 1)
            except httpx2.HTTPError:
                return  # the server was killed


def create(server: ServerProcess, game: str, seats: list[str], seed: int) -> Made:
    # decisions of one choice are not played for the people here: a server started again
    # would play one left waiting at the kill, and the table would move on by itself
    answer = server.http.post("/api/tables", json={"game": game, "players": len(seats),
                                                   "seats": seats, "seed": seed,
                                                   "single": False})
    assert answer.status_code == 201, answer.text
    return Made(answer.json())


def test_a_killed_server_comes_back_at_its_last_committed_move(tmp_path: Path) -> None:
    data = tmp_path / "data"
    server = ServerProcess(data).start()
    humans = create(server, "chicago_diy", ["human", "human"], seed=1)
    bots = create(server, "chicago_diy", ["heuristic", "random"], seed=2)
    mixed = create(server, "bootleggers", ["human", "heuristic"], seed=3)
    history: dict[str, list[Any]] = {}
    try:
        _bots_play_on(server, bots, 0)  # the bots' first move (their worker has started)
        for pause in (0.3, 0.05):  # two kills, at moments nobody chose
            player = Player(server, humans)
            player.start()
            time.sleep(pause)
            server.kill()
            player.join(timeout=10)
            after_kill = stored(data)
            for table_id, moves in history.items():
                assert after_kill[table_id][:len(moves)] == moves, "a stored move changed"
            if player.acknowledged:  # every answered move was stored before its answer
                assert len(after_kill[humans.id]) >= player.acknowledged[-1]
            history = after_kill

            server = ServerProcess(data).start()
            store = Store(data)
            for _table_id, record in store.records():  # what the server rebuilt them from
                assert replay(record).players == 2
            store.close()
            seen = server.http.get(humans.url("view"), headers=auth(humans.seats[1])).json()
            assert seen["move"] == len(after_kill[humans.id])  # nobody moved it since
            for made in (humans, mixed):
                for token in (*made.seats.values(), made.hotseat, made.spectator):
                    seen = server.http.get(made.url("view"), headers=auth(str(token)))
                    assert seen.status_code == 200
                    assert seen.json()["move"] >= len(after_kill[made.id])
            if player.acknowledged:  # the move answered last cannot be played again
                stale = server.http.post(humans.url("act"), headers=auth(str(humans.hotseat)),
                                         params={"seat": 1},
                                         json={"move": player.acknowledged[-1] - 1,
                                               "decision": "stale", "action": 0})
                assert stale.status_code == 409
        assert len(history[bots.id]) > 0
        _bots_play_on(server, bots, len(stored(data)[bots.id]))
    finally:
        server.stop()


def _bots_play_on(server: ServerProcess, made: Made, before: int) -> None:
    """The bots-only table moves on after the restart (or was already over)."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        seen = server.http.get(made.url("view"), headers=auth(made.spectator)).json()
        if seen["over"] or seen["move"] > before:
            return
        time.sleep(0.05)
    raise AssertionError("the bots did not play on after the restart")
