"""``tabletop play`` keeps its record as a journal (issue 28 §2): each decision is appended to
the file, with one write whatever the game's length, before it is shown; the finished record
is written at the end in the format ``replay`` reads; a kill at any moment loses no move
that was shown, and ``replay`` and ``play --resume`` read what it left. A full disk is said
once, the game goes on, and the command ends with one line saying where the record stops.

The kills run the real command in a subprocess (SIGKILL at random moments, from a seeded
generator); the full disk is a test double for the journal's writes (no disk is filled).
"""

from __future__ import annotations

import errno
import json
import os
import random
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import click
import pytest

from tabletop import journal, record, registry
from tabletop.errors import CorruptRecord
from tabletop.journal import Journal
from tabletop.match import Match
from tabletop.record import Record, read_journal, replay
from tests.cli_runner import run_cli
from tests.fixtures.pot_luck import installed

MOVE = re.compile(r"^(\d+)\. Player \d", re.MULTILINE)


@pytest.fixture(autouse=True)
def pot_luck() -> Iterator[None]:
    with installed():
        yield


def shown_moves(text: str) -> int:
    """The number of the last move line on the screen (0: none)."""
    return max((int(n) for n in MOVE.findall(text)), default=0)


def journal_text(seed: int = 4, moves: int = 5) -> str:
    """A tic-tac-toe journal of ``moves`` decisions, as :class:`Journal` writes it."""
    match = Match(registry.get("tic_tac_toe"), 2, seed, seats=["random", "random"])
    lines = [journal.header_line(match.record)]
    for _ in range(moves):
        match.play(match.bot_action())
        lines.append(json.dumps({"play": match.record.actions[-1]}) + "\n")
    return "".join(lines)


# -- the journal file ---------------------------------------------------------------------
def test_a_journal_reads_as_the_record_of_an_unfinished_game() -> None:
    text = journal_text(moves=5)
    loaded = Record.from_json(text)
    assert loaded.unclosed and loaded.result is None and len(loaded.actions) == 5
    assert not replay(loaded).is_over
    # a take-back line removes the decision before it
    undone = text + '{"undo":true}\n'
    assert Record.from_json(undone).actions == loaded.actions[:4]


def test_a_line_cut_short_by_a_crash_is_dropped_and_nothing_else() -> None:
    text = journal_text(moves=5)
    whole = Record.from_json(text)
    torn = text + '{"play":{"type":"Ma'  # the kill came in the middle of the write
    assert Record.from_json(torn).actions == whole.actions
    # a whole line without its line break was never shown either
    cut = text.rstrip("\n")
    assert Record.from_json(cut).actions == whole.actions[:4]


@pytest.mark.parametrize("line, message", [
    ('{"play":{"type":"Mark","cell":0}}\n{"x":1}\n', "line 8 of the journal is not a move"),
    ('{"undo":1}\n', "line 7 of the journal is not a move"),
    ("not json\n", "line 7 of the journal is not valid JSON"),
    ('{"play":"\\ud800"}\n', "lone surrogate"),
])
def test_a_bad_journal_line_is_refused_naming_it(line: str, message: str) -> None:
    with pytest.raises(CorruptRecord, match=message):
        read_journal(journal_text(moves=5) + line)


def test_a_take_back_before_any_move_and_a_bad_header_are_refused() -> None:
    header = journal_text(moves=0)
    with pytest.raises(CorruptRecord, match="takes back a move never played"):
        read_journal(header + '{"undo":true}\n')
    with pytest.raises(CorruptRecord, match="unknown field 'result'"):
        read_journal(header.replace('"format"', '"result":null,"format"'))
    with pytest.raises(CorruptRecord, match="seats"):
        read_journal(header.replace('"random"', '"\\u200frandom"', 1))
    with pytest.raises(CorruptRecord, match="no complete first line"):
        read_journal(header.rstrip("\n"))


def test_each_move_costs_one_short_write_whatever_the_game_length(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The old save rewrote the whole record after every move: the bytes written grew with
    the square of the game's length. A journal writes each decision's line once."""
    sizes: list[int] = []

    def counting(descriptor: int, data: bytes) -> int:
        sizes.append(len(data))
        return os.write(descriptor, data)

    monkeypatch.setattr(journal, "_write", counting)
    path = tmp_path / "game.json"
    code, out = run_cli("play", "chicago_diy", "--players", "3", "--bots", "--seed", "2",
                        "--record", str(path), "--pause", "0")
    moves = shown_moves(out)
    assert code == 0 and moves > 300
    assert len(sizes) == moves and max(sizes) < 200  # one line per decision, none longer
    assert len(Record.load(path).actions) == moves


# -- appended before it is shown ----------------------------------------------------------
def test_every_move_is_in_the_file_before_it_is_on_the_screen(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Whenever a move's line is printed, the file already holds that move (with a human's
    take-back too: the file never holds a move the screen has taken back)."""
    path = tmp_path / "game.json"
    checked: list[int] = []
    echo = click.echo

    def watching(message: Any = None, *args: Any, **kwargs: Any) -> None:
        for number in MOVE.findall(str(message or "")):
            held = len(Record.load(path).actions)
            assert held >= int(number), f"move {number} shown, the file holds {held}"
            checked.append(int(number))
        echo(message, *args, **kwargs)

    monkeypatch.setattr(click, "echo", watching)
    code, out = run_cli("play", "pot_luck", "--seed", "1", "--seat", "2=random", "--record",
                        str(path), stdin="2 1\nu\n2 2\n" + "1 0\n" * 8 + "q\n")
    assert code == 0 and "Taken back:" in out and checked
    assert Record.load(path).actions[0] == {"type": "Gift", "coins": 2}


def test_a_finished_game_leaves_a_record_that_replay_reads(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, out = run_cli("play", "tic_tac_toe", "--bots", "--seed", "4", "--record", str(path),
                        "--pause", "0")
    assert code == 0
    data = json.loads(path.read_text())  # one JSON object, not a journal
    assert data["format"] == "tabletop-record" and data["result"] is not None
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # nothing left beside it
    code, out = run_cli("replay", str(path))
    assert code == 0 and "result matches" in " ".join(out.split())


# -- killed at random moments -------------------------------------------------------------
def play_and_kill(path: Path, seed: int, lines: int, delay: float) -> int:
    """Run ``tabletop play`` (four bots) recording to ``path``, kill it with SIGKILL after
    ``lines`` move lines and ``delay`` seconds more; the last move the screen showed."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "NO_COLOR": "1"}
    command = [sys.executable, "-c", "from tabletop.cli import main; main()", "play",
               "chicago_diy", "--players", "4", "--bots", "--seed", str(seed), "--record",
               str(path), "--pause", "0"]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                               env=env)
    assert process.stdout is not None
    screen, seen = [], 0
    while seen < lines:
        line = process.stdout.readline().decode("utf-8", "replace")
        if not line:
            break
        screen.append(line)
        seen += bool(MOVE.match(line))
    time.sleep(delay)
    process.kill()
    screen.append(process.stdout.read().decode("utf-8", "replace"))  # shown before the kill
    process.wait()
    return shown_moves("".join(screen))


def test_a_kill_at_any_moment_loses_no_move_that_was_shown(tmp_path: Path) -> None:
    """20 kills at random moments (a seeded generator): the file always replays, holds
    every move the screen showed, and ``play --resume`` carries the game to its end in a
    record ``replay`` reads, leaving nothing else in the folder."""
    rng = random.Random(28)
    for trial in range(20):
        folder = tmp_path / f"trial-{trial}"
        folder.mkdir()
        path = folder / "game.json"
        shown = play_and_kill(path, seed=trial, lines=rng.randrange(0, 350),
                              delay=rng.choice([0, 0, rng.uniform(0, 0.02)]))
        if not path.exists():
            assert shown == 0, f"trial {trial}: move {shown} shown, no file"
            continue
        kept = Record.load(path)
        replay(kept)  # every action legal
        assert len(kept.actions) >= shown, f"trial {trial}: shown {shown}, kept {len(kept.actions)}"
        if trial % 4 == 0:  # carry a few of them on to the end
            code, out = run_cli("play", "--resume", str(path), "--pause", "0")
            assert code == 0, out
            final = Record.load(path)
            assert not final.unclosed and final.result is not None
            assert final.actions[:len(kept.actions)] == kept.actions
            assert [p.name for p in folder.iterdir()] == ["game.json"]


def test_replay_and_resume_read_a_journal_left_by_a_kill(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(journal_text(seed=4, moves=3) + '{"play":{"ty')
    code, out = run_cli("replay", str(path))
    text = " ".join(out.split())
    assert code == 0 and "Replayed 3 actions" in text and "never closed" in text
    assert "unfinished" in text and f"tabletop play --resume {path}" in out
    code, out = run_cli("play", "--resume", str(path), "--bots", "--pause", "0")
    assert code == 0 and "Resuming Tic-tac-toe at decision 4 (the game had stopped" in out
    assert json.loads(path.read_text())["result"] is not None


def test_a_journal_whose_game_ended_is_closed_by_resume(tmp_path: Path) -> None:
    match = Match(registry.get("tic_tac_toe"), 2, 4, seats=["random", "random"])
    match.run()
    path = tmp_path / "game.json"
    path.write_text(journal.header_line(match.record) + "".join(
        json.dumps({"play": action}) + "\n" for action in match.record.actions))
    code, out = run_cli("replay", str(path))
    assert code == 0 and "The game is over; write its finished record with:" in " ".join(
        out.split())
    code, out = run_cli("play", "--resume", str(path))
    assert code == 0 and "its record had not been closed; it is now" in " ".join(out.split())
    closed = Record.load(path)
    assert not closed.unclosed and closed.result is not None
    replay(closed)  # and the result matches


def test_leftovers_of_a_crash_are_removed_next_time(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    run_cli("play", "tic_tac_toe", "--seed", "2", "--record", str(path), stdin="1\nq\n")
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    (tmp_path / f".game.json.{dead}.tmp").write_text("{")  # a write the crash interrupted
    (tmp_path / ".game.json.tabletop-probe").write_text("")
    live = os.getppid()
    (tmp_path / f".game.json.{live}.tmp").write_text("")  # a running process's: kept
    code, _ = run_cli("play", "--resume", str(path), stdin="2\nq\n")
    assert code == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [f".game.json.{live}.tmp",
                                                          "game.json"]


# -- a full disk --------------------------------------------------------------------------
class FullDisk:
    """A test double for the disk under the journal: after ``room`` lines it is full (a
    short write, then ENOSPC); every whole-file write fails while it is full. ``free()``
    makes room again."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, room: int) -> None:
        self.room, self.full = room, False
        real_atomic = record.write_atomically

        def write(descriptor: int, data: bytes) -> int:
            if self.room <= 0:
                self.full = True
            if self.full:
                if self.room == 0:  # the first write that does not fit: cut short
                    self.room = -1
                    return os.write(descriptor, data[: len(data) // 2])
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            self.room -= 1
            return os.write(descriptor, data)

        def atomic(path: Any, text: str) -> None:
            if self.full:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
            real_atomic(path, text)

        monkeypatch.setattr(journal, "_write", write)
        monkeypatch.setattr(journal, "write_atomically", atomic)
        monkeypatch.setattr(record, "write_atomically", atomic)

    def free(self) -> None:
        self.full, self.room = False, 10**9


def test_a_full_disk_is_said_once_and_the_command_fails_saying_where_the_record_stops(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    FullDisk(monkeypatch, room=40)
    monkeypatch.chdir(tmp_path)
    path = Path("game.json")
    code, out = run_cli("play", "chicago_diy", "--bots", "--seed", "3", "--record", str(path),
                        "--pause", "0")
    moves = shown_moves(out)
    assert code == 1 and moves > 200  # the game went on to its end
    assert out.count("Could not save") == 1 and "try s again" not in out
    assert "No space left on device" in out and "The game is over" in out
    last = out.rstrip("\n").splitlines()[-1]
    assert last == (f"Error: the record in game.json stops after decision 40 of {moves}: No "
                    "space left on device.")
    assert path.read_text().endswith("}\n")  # the line cut short was taken off again
    kept = Record.load(path)  # the journal as it stood
    assert kept.unclosed and len(kept.actions) == 40
    replay(kept)


def test_a_disk_with_room_again_catches_up_and_the_game_ends_saved(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    disk = FullDisk(monkeypatch, room=10)
    echo = click.echo
    lines: list[str] = []

    def free_later(message: Any = None, *args: Any, **kwargs: Any) -> None:
        lines.append(str(message))
        if len(lines) == 200:
            disk.free()
        echo(message, *args, **kwargs)

    monkeypatch.setattr(click, "echo", free_later)
    path = tmp_path / "game.json"
    code, out = run_cli("play", "chicago_diy", "--bots", "--seed", "3", "--record", str(path),
                        "--pause", "0")
    assert code == 0 and out.count("Could not save") == 1
    assert out.count("The game is saved again, every decision so far.") == 1
    final = Record.load(path)
    assert final.result is not None and len(final.actions) == shown_moves(out)


def test_a_full_disk_at_the_end_keeps_the_journal_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    disk = FullDisk(monkeypatch, room=10**9)
    original: Callable[..., None] = Journal.close

    def close(self: Journal, whole: Record) -> None:
        if whole.result is not None:
            disk.full = True
        original(self, whole)

    monkeypatch.setattr(Journal, "close", close)
    monkeypatch.chdir(tmp_path)
    path = Path("game.json")
    code, out = run_cli("play", "tic_tac_toe", "--bots", "--seed", "4", "--record", str(path),
                        "--pause", "0")
    assert code == 1
    assert out.splitlines()[-1] == (f"Error: the record in {path} has every decision but not "
                                    "the result (play --resume adds it): No space left on "
                                    "device.")
    assert len(Record.load(path).actions) == shown_moves(out)
