"""No game lost to Ctrl-C (issue 26 §4): every game is saved after every move to the user's data
folder ($XDG_DATA_HOME/tabletop); Ctrl-C at a prompt or during a bot's pause asks "Save and
quit? [Y/n]" (a second Ctrl-C saves and quits); ``tabletop play --resume`` alone lists the
recent unfinished games to pick from. The Ctrl-C tests run the real command in a
pseudo-terminal (python's pty module), where Ctrl-C is a keystroke the terminal turns into
SIGINT; the others use click's CliRunner. Also: the bots' pause at a terminal in a watched
game (``--bots``), and commands printed whole on one line.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import pty
import re
import select
import signal
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop.cli.saves import autosave_path, data_folder, unfinished, when_text
from tabletop.record import Record, replay
from tests.cli_runner import run_cli
from tests.fixtures.pot_luck import installed


@pytest.fixture(autouse=True)
def data() -> Iterator[Path]:
    """The data folder of these tests (a fresh one each: tests/conftest.py), with Pot Luck
    installed."""
    with installed():
        yield data_folder()


def run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    return run_cli(*args, stdin=stdin)


def saved_games(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.json"))


# -- in a terminal ------------------------------------------------------------------------
class Terminal:
    """``tabletop ARGS`` running in a pseudo-terminal of 80 columns, colour off."""

    def __init__(self, *args: str) -> None:
        env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "80", "TERM": "dumb"}
        code = "from tabletop.cli import main; main()"
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the command, with the terminal as its own
            os.execve(sys.executable, [sys.executable, "-c", code, *args], env)
        self.screen = ""

    def wait_for(self, pattern: str, timeout: float = 20) -> str:
        """Read until ``pattern`` (a regex) appears on the screen; the screen so far."""
        deadline = time.monotonic() + timeout
        while not re.search(pattern, self.screen):
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{pattern!r} never appeared; screen:\n{self.screen}")
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.fd, 4096)
                except OSError:
                    chunk = b""
                if not chunk:
                    raise AssertionError(f"{pattern!r}: the command ended; screen:\n"
                                         f"{self.screen}")
                self.screen += chunk.decode("utf-8", "replace").replace("\r\n", "\n")
        return self.screen

    def type(self, text: str) -> None:
        os.write(self.fd, text.encode())

    def interrupt(self) -> None:
        """Ctrl-C, once the program waits for a key: a Ctrl-C that arrives between the prompt
        being printed and readline starting to wait is only noticed at the next key (CPython
        checks for it when the wait returns), which a person's hand never hits but a busy
        test machine can."""
        time.sleep(0.5)
        self.type("\x03")

    def exit_code(self, timeout: float = 20) -> int:
        """Wait for the command to end (reading what it still prints); its exit code."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                return os.waitstatus_to_exitcode(status)
            ready, _, _ = select.select([self.fd], [], [], 0.1)
            if ready:
                try:
                    self.screen += os.read(self.fd, 4096).decode("utf-8", "replace")
                except OSError:
                    pass
        os.kill(self.pid, signal.SIGKILL)
        raise AssertionError(f"the command did not end; screen:\n{self.screen}")

    def close(self) -> None:
        try:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
        os.close(self.fd)


@pytest.fixture
def terminal() -> Iterator[list[Terminal]]:
    started: list[Terminal] = []
    yield started
    for term in started:
        term.close()


def assert_resumable(path: Path, decisions: int) -> None:
    record = Record.load(path)
    assert record.result is None and len(record.actions) == decisions
    state = replay(record)
    assert not state.is_over


def test_ctrl_c_at_a_prompt_saves_and_quits(terminal: list[Terminal], data: Path) -> None:
    term = Terminal("play", "tic_tac_toe", "--seed", "1", "--pause", "0")
    terminal.append(term)
    term.wait_for(r"Choose \(number")
    term.type("1\n")
    term.wait_for(r"2\. Player 2 \[Normal bot\]: O marks cell.*\n(.*\n)*Choose \(number")
    term.interrupt()  # Ctrl-C
    term.wait_for(r"Save and quit\? \[Y/n\]")
    term.type("\n")  # Enter: yes
    screen = term.wait_for(r"tabletop play --resume \S+\.json")
    assert term.exit_code() == 0
    [path] = saved_games(data)
    assert f"  tabletop play --resume {path}" in screen  # whole, on one line
    assert_resumable(path, 2)


def test_ctrl_c_during_a_bots_pause_then_ctrl_c_again_saves(terminal: list[Terminal],
                                                            data: Path) -> None:
    # a watched game pauses at a terminal without --pause (issue 26 §4): the hint says so
    term = Terminal("play", "tic_tac_toe", "--bots", "--seed", "1")
    terminal.append(term)
    term.wait_for(r"Enter skips the bots' pauses")
    term.wait_for(r"1\. Player 1 \[Normal bot\]: X marks cell")
    term.interrupt()  # during the pause before the second move
    term.wait_for(r"Save and quit\? \[Y/n\]")
    term.interrupt()  # a second Ctrl-C: save and quit
    term.wait_for(r"tabletop play --resume \S+\.json")
    assert term.exit_code() == 0
    [path] = saved_games(data)
    assert_resumable(path, len(Record.load(path).actions))
    assert 1 <= len(Record.load(path).actions) <= 2


def test_no_after_ctrl_c_goes_on_with_the_game(terminal: list[Terminal], data: Path) -> None:
    term = Terminal("play", "tic_tac_toe", "--seed", "1", "--pause", "0")
    terminal.append(term)
    term.wait_for(r"Choose \(number")
    term.interrupt()
    term.wait_for(r"Save and quit\? \[Y/n\]")
    term.type("n\n")
    term.wait_for(r"The game goes on\.(.*\n)*.*Choose \(number")
    term.type("1\n")
    term.wait_for(r"1\. Player 1 \[you\]: X marks cell 1")
    term.type("q\n")
    assert term.exit_code() == 0
    [path] = saved_games(data)
    assert_resumable(path, 2)


def test_a_watched_game_pauses_between_moves_at_a_terminal(terminal: list[Terminal]) -> None:
    term = Terminal("play", "tic_tac_toe", "--bots", "--seed", "2", "--pause", "0.3")
    terminal.append(term)
    start = time.monotonic()
    term.wait_for(r"The game is over after (\d+) decisions")
    took = time.monotonic() - start
    decisions = int(re.search(r"over after (\d+) decisions", term.screen).group(1))  # type: ignore[union-attr]
    assert took >= 0.3 * decisions * 0.9
    assert term.exit_code() == 0


# -- the autosave and the list of games to resume -----------------------------------------
def test_every_game_is_saved_after_every_move_without_record(data: Path) -> None:
    code, _ = run("play", "pot_luck", "--seed", "4", "--seat", "2=random", stdin="2 1\n")
    assert code == 1  # the input closed at the next prompt
    [path] = saved_games(data)
    assert re.fullmatch(r"\d{4}-\d\d-\d\d-\d{4}-pot_luck-seed-4\.json", path.name)
    assert json.loads(path.read_text())["actions"] == [{"type": "Gift", "coins": 1}]


def test_resume_alone_lists_the_unfinished_games_to_pick_from(data: Path) -> None:
    run("play", "pot_luck", "--seed", "1", "--seat", "2=random", stdin="2 1\nq\n")
    time.sleep(0.01)
    run("play", "tic_tac_toe", "--seed", "2", stdin="1\nq\n")
    run("play", "tic_tac_toe", "--bots", "--seed", "3")  # finished: not listed
    assert len(saved_games(data)) == 3
    code, out = run("play", "--resume", stdin="2\nq\n")
    assert code == 0, out
    listing = out.split("Unfinished games, the most recent first:\n")[1]
    lines = listing.splitlines()
    assert re.fullmatch(r"  1\. Tic-tac-toe: you, Normal bot; 2 decisions; today \d\d:\d\d",
                        lines[0]), lines[0]
    assert re.fullmatch(r"  2\. Pot Luck: you, Easy bot; 1 decision; today \d\d:\d\d",
                        lines[1]), lines[1]
    assert lines[2].startswith("Which game [1-2, Enter for 1]")
    assert "Resuming Pot Luck at decision 2." in out
    # a game's name lists only its games; Enter picks the first
    code, out = run("play", "--resume", "tic_tac_toe", stdin="\nq\n")
    assert code == 0 and "Pot Luck" not in out and "Resuming Tic-tac-toe at decision 3" in out


def test_resume_alone_with_nothing_saved_says_where_it_looked(data: Path) -> None:
    code, out = run("play", "--resume")
    assert code == 2 and f"no unfinished game is saved in {data}" in out


def test_a_finished_game_keeps_its_record_marked_finished(data: Path) -> None:
    code, out = run("play", "tic_tac_toe", "--bots", "--seed", "3")
    assert code == 0
    [path] = saved_games(data)
    assert json.loads(path.read_text())["result"] is not None
    assert f"  tabletop replay --show {path}\n" in out
    assert unfinished() == []


def test_save_names_and_dates_read_well(data: Path) -> None:
    when = dt.datetime(2025, 3, 1, 14, 12)
    first = autosave_path("crime_lords", 52117, when)
    assert first == data_folder() / "2025-03-01-1412-crime_lords-seed-52117.json"
    first.parent.mkdir(parents=True)
    first.write_text("{}")
    assert autosave_path("crime_lords", 52117, when).name == \
        "2025-03-01-1412-crime_lords-seed-52117-2.json"
    now = dt.datetime(2025, 3, 2, 9, 0)
    assert when_text(when, now) == "yesterday 14:12"
    assert when_text(dt.datetime(2025, 3, 2, 8, 5), now) == "today 08:05"
    assert when_text(dt.datetime(2025, 1, 5, 8, 5), now) == "5 Jan 08:05"
    assert when_text(dt.datetime(2024, 1, 5, 8, 5), now) == "5 Jan 2024 08:05"


def test_commands_are_printed_whole_even_in_a_narrow_terminal(
        data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    code, out = run("play", "pot_luck", "--seed", "1", "--seat", "2=random", stdin="2 1\ns\n")
    assert code == 0
    [path] = saved_games(data)
    assert f"\n  tabletop play --resume {path}\n" in out
    assert len(f"  tabletop play --resume {path}") > 60  # it would have been split
