"""A table never sticks: a bot that thinks too long (its worker is stopped) or fails gets a
random move played for it, and a bot's move the store cannot keep (a full disk) is tried
again until the space is freed, with no restart. A human's move on a full disk is refused
with one line and changes nothing.

The bots that misbehave belong to a fixture game defined here (tic-tac-toe with two more agent
kinds): the worker processes find it by importing this module (the hub tells them where it
is defined), so they run exactly this code."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from tic_tac_toe.game import TicTacToe

from tabletop import registry
from tabletop.agents import RandomAgent
from tabletop.match import Match
from tabletop.rng import Rng
from tabletop.serialization import encode_action
from tabletop.web import create_app, hub
from tabletop.web.limits import Limits
from tabletop.web.store import StoreUnavailable
from tests.web.conftest import Client, ServerProcess, auth, decision, make_table


class SleepyAgent:
    """A bot that thinks far longer than any server allows."""

    kind = "sleepy"
    view = "none"

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: Rng) -> Any:
        time.sleep(120)
        return legal_actions[0]


class CrashyAgent:
    """A bot that fails on every move."""

    kind = "crashy"
    view = "none"

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: Rng) -> Any:
        raise RuntimeError("the crashy bot cannot choose")


class FaultyTicTacToe(TicTacToe):
    """Tic-tac-toe with the two faulty bots besides its own."""

    name = "faulty_tic_tac_toe"
    title = "Faulty tic-tac-toe"

    def agents(self) -> dict[str, Any]:
        return {**super().agents(), "sleepy": SleepyAgent, "crashy": CrashyAgent}


GAME = FaultyTicTacToe()


@pytest.fixture
def faulty() -> Iterator[None]:
    registry.register(GAME.name, GAME)
    yield
    registry.unregister(GAME.name)


def random_move(seed: int, actions: Sequence[Any], seat: int) -> dict[str, Any]:
    """The move the server plays for a failed bot of ``seat`` after ``actions``: the random
    agent's, from that seat's generator for that step."""
    match = Match(GAME, 2, seed, seats=["human", "human"])
    for action in actions:
        match.play(action)
    legal = match.state.legal_actions()
    return encode_action(RandomAgent().choose(None, legal, match.agent_rngs[seat].derive(
        match.steps)))


def stored_moves(client: Client, table_id: str) -> list[Any]:
    return next(r for t, r in client.hub.store.records() if t == table_id).actions


def play(client: Client, made: Any, seat: int, action: int) -> Any:
    table = client.hub.tables[made.id]
    return client.post(made.url("act"), headers=auth(made.seats[seat]),
                       json={"move": table.steps, "decision": decision(client, made),
                             "action": action})


def settle(client: Client, timeout: float) -> None:
    assert client.portal is not None
    client.portal.call(lambda: client.hub.settled(timeout))


def random_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if "random move is played" in r.getMessage()]


def test_a_bot_past_its_time_limit_is_stopped_and_a_random_move_played(
        tmp_path: Path, faulty: None, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    monkeypatch.setattr(hub, "BOT_GRACE", 1.0)  # 0.1 s x 2 + 1 s a move
    caplog.set_level(logging.WARNING, "tabletop.web")
    with Client(create_app(tmp_path / "data", bot_delay=0,
                           limits=Limits(max_bot_ms=100, bot_workers=1))) as client:
        made = make_table(client, GAME.name, ["sleepy", "human"], seed=5)
        settle(client, 30)
        table = client.hub.tables[made.id]
        assert table.steps == 1  # the table went on without the bot's answer
        first = random_move(5, [], 0)
        assert stored_moves(client, made.id) == [first]
        lines = random_lines(caplog)
        assert len(lines) == 1 and "more than 1.2 s" in lines[0], lines
        assert "\n" not in lines[0]
        # the human answers, and the bot (in a new worker: the old one was stopped) is
        # stopped again; the game goes on
        assert play(client, made, 2, 0).status_code == 200
        settle(client, 30)
        assert table.steps == 3 and len(random_lines(caplog)) == 2


def test_a_bot_that_fails_gets_a_random_move(
        client: Client, faulty: None, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, "tabletop.web")
    made = make_table(client, GAME.name, ["crashy", "human"], seed=8)
    settle(client, 30)
    assert stored_moves(client, made.id) == [random_move(8, [], 0)]
    lines = random_lines(caplog)
    assert len(lines) == 1, lines
    assert "the bot failed (RuntimeError: the crashy bot cannot choose)" in lines[0]


# -- a full disk ----------------------------------------------------------------------------
def fill_the_disk(client: Client, filler: str) -> None:
    """Make the tables' file full for good: SQLite may not grow it past the pages it has now
    (``max_page_count``), and the room left in those pages is taken by moves of the table
    ``filler`` (nobody plays there), each size down to the smallest, until none fits."""
    store = client.hub.store
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count = {pages}")
    step = len(stored_moves(client, filler)) + 1
    for size in (4000, 1000, 250, 60, 15, 0):
        while True:
            try:
                store.add_move(filler, step, {"x": "y" * size})
            except StoreUnavailable:
                break
            step += 1


def free_the_disk(client: Client) -> None:
    client.hub.store._db.execute("PRAGMA max_page_count = 1000000")


def wait_for(condition: Any, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


def test_a_bot_move_on_a_full_disk_waits_and_is_stored_once_space_is_freed(
        client: Client, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, "tabletop.web")
    filler = make_table(client, "tic_tac_toe", ["human", "human"]).id
    made = make_table(client, "tic_tac_toe", ["human", "heuristic"], seed=3)
    table = client.hub.tables[made.id]
    client.hub.bot_delay = 1.0  # time to fill the disk before the bot stores its move
    assert play(client, made, 1, 4).status_code == 200
    fill_the_disk(client, filler)
    # the bot's move cannot be stored: nothing is, the table waits, the bot's task lives on
    assert wait_for(lambda: any("could not be stored (the disk is full)" in r.getMessage()
                                for r in caplog.records), 10)
    time.sleep(1.5)  # and it was tried again
    assert table.steps == 1 and len(stored_moves(client, made.id)) == 1
    assert made.id in client.hub._bots
    failures = [r.getMessage() for r in caplog.records if "could not be stored" in
                r.getMessage()]
    assert len(failures) >= 2 and all("\n" not in line for line in failures)
    free_the_disk(client)
    # the next try (4 s after the second at most) stores it: no restart
    assert wait_for(lambda: table.steps == 2, 10)
    assert len(stored_moves(client, made.id)) == 2
    assert wait_for(lambda: made.id not in client.hub._bots, 5)


def test_a_human_move_on_a_full_disk_is_refused_and_changes_nothing(client: Client) -> None:
    filler = make_table(client, "tic_tac_toe", ["human", "human"]).id
    made = make_table(client, "tic_tac_toe", ["human", "human"], seed=3)
    table = client.hub.tables[made.id]
    before = client.get(made.url("view"), headers=auth(made.seats[1])).json()
    fill_the_disk(client, filler)
    answer = play(client, made, 1, 4)
    assert answer.status_code == 503
    assert answer.json() == {"error": "the server could not store that (the disk is full): "
                                      "nothing changed; try again in a minute"}
    assert table.steps == 0 and stored_moves(client, made.id) == []
    after = client.get(made.url("view"), headers=auth(made.seats[1])).json()
    assert after == before
    free_the_disk(client)
    assert play(client, made, 1, 4).status_code == 200  # the same move, now accepted
    assert table.steps == 1 and len(stored_moves(client, made.id)) == 1


def _descendants(pid: int) -> set[int]:
    """The processes below ``pid`` (its children, theirs...), from /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier}
        found |= frontier
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc (Linux)")
def test_a_killed_server_leaves_no_worker_thinking(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """SIGKILL gives the server no chance to stop its workers: they end by themselves, even
    in the middle of a bot's move (here one that would sleep for two minutes)."""
    monkeypatch.setenv("TABLETOP_GAMES", f"{GAME.name}={__name__}:GAME")
    server = ServerProcess(tmp_path / "data").start()
    try:
        answer = server.http.post("/api/tables", json={
            "game": GAME.name, "players": 2, "seats": ["sleepy", "human"]})
        assert answer.status_code == 201, answer.text
        assert server.process is not None
        deadline = time.monotonic() + 30
        while len(below := _descendants(server.process.pid)) < 2:  # forkserver, a worker
            assert time.monotonic() < deadline, "no worker started"
            time.sleep(0.1)
        time.sleep(1)  # the bot is asleep
    finally:
        server.kill()
    deadline = time.monotonic() + 5
    while any(Path(f"/proc/{pid}").exists() and "Z" not in _state(pid) for pid in below):
        assert time.monotonic() < deadline, "a worker outlived the server"
        time.sleep(0.1)


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "Z"
