"""The tabletop commands other than the play loop, as a user meets them (issue 26, sections 3
and 4): ``tabletop`` alone, "did you mean", the rules as players read them, ``draw -o``,
shared wins in ``simulate``, ``check``'s progress and widths, ``replay --seat`` step by step,
and the README's play command."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest
from tic_tac_toe import TicTacToe, TicTacToeState

from tabletop import registry
from tabletop.engine import Result
from tabletop.match import Match
from tabletop.rng import Rng
from tabletop.simulation import SimulationReport
from tabletop.testing import CHECKS
from tests.cli_runner import run_cli

ROOT = Path(__file__).resolve().parents[1]
MARKUP = re.compile(r"\*\*|`|^#+ |\[[a-z]{2}-[a-z0-9-]+\]|\[untested", re.MULTILINE)


def run(*args: str, stdin: str | None = None, columns: int | None = None) -> tuple[int, str]:
    return run_cli(*args, stdin=stdin,
                   env={"COLUMNS": str(columns)} if columns is not None else None)


# -- fixtures: tic-tac-toe with a rulebook full of markup, and with shared wins ---------------

NOTES_RULES = """\
# Noughts

Two players take turns marking an empty cell; **three in a row** wins [nt-line]. A full grid
with no line is a draw [nt-draw] [untested: no scenario yet], and `Place` is the only action
anyone ever needs in this game, which is why this sentence runs on to make a paragraph wrap.

> Designers: the heuristic bot never loses; measured over 1000 games.

## Scoring

One point for the winner **[decided]**.

## Notes on the implementation

The grid is a list of nine cells, each -1 or a seat number; the rules call it the board.
"""


class NotesTicTacToe(TicTacToe):
    """Tic-tac-toe whose RULES.md has markup, rule ids, a block quote and a notes section."""

    name = "noughts"
    title = "Noughts"

    def rules_text(self) -> str:
        return NOTES_RULES

    def guide(self) -> str:
        return "Noughts: a player's guide\n\nThe goal: three of your marks in a line."


@attrs.define(slots=True)
class SharedState(TicTacToeState):
    """Tic-tac-toe where a full grid is a win for both players, not a draw."""

    def result(self) -> Result:
        result = super().result()
        if result.winners:
            return result
        return Result((0, 1), (1.0, 1.0), (0, 1), "the grid is full: both win")


class SharedTicTacToe(TicTacToe):
    """Tic-tac-toe whose drawn games are shared wins (two heuristic bots always share)."""

    name = "shared_ttt"
    title = "Shared tic-tac-toe"
    state_class = SharedState

    def _new_state(self, players: int, seed: int, options: Any) -> SharedState:
        return SharedState(players, Rng.from_seed(seed), options)


@pytest.fixture
def noughts() -> Iterator[str]:
    registry.register("noughts", NotesTicTacToe())
    yield "noughts"
    registry.unregister("noughts")


@pytest.fixture
def shared() -> Iterator[str]:
    registry.register("shared_ttt", SharedTicTacToe())
    yield "shared_ttt"
    registry.unregister("shared_ttt")


def bot_record(tmp_path: Path, game: str, moves: int, seed: int = 1) -> Path:
    """A record of ``moves`` random moves of ``game`` for two players, saved in tmp_path."""
    match = Match(registry.get(game), 2, seed, seats=["random", "random"])
    match.run(max_steps=moves)
    path = tmp_path / f"{game}.json"
    match.record.save(path)
    return path


# -- tabletop alone, did you mean -------------------------------------------------------------

def test_tabletop_alone_prints_a_short_help_and_exits_0() -> None:
    code, out = run()
    assert code == 0
    assert "tabletop play" in out and "tabletop rules GAME" in out and "tabletop list" in out
    assert "tabletop --help" in out  # where the full list of commands is
    assert len(out.splitlines()) <= 20 and max(len(line) for line in out.splitlines()) <= 100


@pytest.mark.parametrize("args, meant", [
    (["rules", "chicago"], "chicago_diy"),
    (["rules", "crime-lords"], "crime_lords"),
    (["play", "bootleger"], "bootleggers"),
    (["simulate", "tictactoe"], "tic_tac_toe"),
    (["check", "massivo"], "don_massivo"),
    (["bench", "crimopolos"], "crimopolis"),
])
def test_a_misspelled_game_gets_did_you_mean(args: list[str], meant: str) -> None:
    code, out = run(*args)
    assert code == 2 and "Traceback" not in out
    errors = [line for line in out.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1
    assert f"no game named {args[1]!r}: did you mean {meant}" in errors[0]


def test_a_game_name_like_none_gets_no_suggestion() -> None:
    code, out = run("rules", "chess")
    assert code == 2 and "did you mean" not in out and "known games:" in out


# -- tabletop rules ---------------------------------------------------------------------------

def test_rules_start_with_the_guide_then_plain_rules(noughts: str) -> None:
    code, out = run("rules", noughts)
    assert code == 0
    assert out.startswith("Noughts: a player's guide\n\nThe goal: three of your marks")
    assert out.index("The goal") < out.index("Two players take turns")
    assert not MARKUP.search(out), MARKUP.search(out)
    assert "three in a row wins." in out and "the only action" in out
    assert "One point for the winner (our ruling: the rulebook is silent)." in out
    # the designers' notes are left out: the block quote and the notes section
    assert "measured over 1000 games" not in out and "list of nine cells" not in out
    # then the options, the bots and the kinds, as the player types them
    assert out.index("Scoring") < out.index("Options\n-------") < out.index("Bots\n----")
    assert "  hard     a search bot" in out and "random, heuristic, ismcts." in out


def test_rules_notes_adds_the_designers_notes(noughts: str) -> None:
    code, out = run("rules", noughts, "--notes")
    assert code == 0
    assert "Note: Designers: the heuristic bot never loses; measured over 1000 games." in out
    assert "Notes on the implementation" in out and "list of nine cells" in out
    assert not MARKUP.search(out)


def test_rules_words_find_plain_sections(noughts: str) -> None:
    code, out = run("rules", noughts, "scoring")
    assert code == 0 and out.startswith("Scoring\n-------\n")
    assert "One point for the winner (our ruling" in out and "**" not in out
    # words found only in the notes: refused, with the way to see them
    code, out = run("rules", noughts, "nine cells")
    assert code == 2 and "--notes shows them" in out
    code, out = run("rules", noughts, "nine cells", "--notes")
    assert code == 0 and "list of nine cells" in out


def orphans(text: str) -> list[str]:
    """The lines of ``text`` that hold one word left alone at the end of a paragraph or list
    item (a heading, its underline, a list item and drawings without letters excepted)."""
    lines = text.splitlines()
    found = []
    for index, line in enumerate(lines[1:], 1):
        after = lines[index + 1] if index + 1 < len(lines) else ""
        if (len(line.split()) == 1 and lines[index - 1].strip()
                and re.search(r"[A-Za-z]", line)
                and not re.match(r"\s*(?:[-*]|\d+\.)\s", line + " ")
                and not (after and set(after.strip()) <= set("-="))):
            found.append(f"{lines[index - 1]!r} / {line!r}")
    return found


@pytest.mark.parametrize("columns", [60, 80, 100])
def test_rules_fit_the_terminal_without_orphans(noughts: str, columns: int) -> None:
    code, out = run("rules", noughts, columns=columns)
    assert code == 0
    assert max(len(line) for line in out.splitlines()) <= columns
    assert not orphans(out)
    assert "Two players take turns" in out and "paragraph wrap." in out


@pytest.mark.parametrize("name", registry.names())
def test_every_games_rules_are_plain_and_fit(name: str) -> None:
    game = registry.get(name)
    for columns in (60, 80, 100):
        code, out = run("rules", name, columns=columns)
        assert code == 0
        assert out.startswith(game.guide().splitlines()[0])
        assert not MARKUP.search(out), MARKUP.search(out)
        assert max(len(line) for line in out.splitlines()) <= columns
        assert not orphans(out), orphans(out)[:3]


# -- draw -o, simulate's shared wins ----------------------------------------------------------

def test_draw_to_a_file_says_what_it_wrote(tmp_path: Path) -> None:
    record = bot_record(tmp_path, "tic_tac_toe", 9)
    moves = len(json.loads(record.read_text())["actions"])
    picture = tmp_path / "t.svg"
    code, out = run("draw", str(record), "--move", "3", "--seat", "2", "-o", str(picture))
    assert code == 0 and picture.read_text().startswith("<svg")
    size = len(picture.read_bytes())
    assert " ".join(out.split()) == (f"Wrote {picture}: the Tic-tac-toe table after move 3 "
                                     f"of {moves}, as Player 2 saw it ({size:,} bytes of SVG).")
    assert f"Wrote {picture}:" in out.splitlines()[0]  # the file name whole, on one line
    code, out = run("draw", str(record), "-o", str(picture))
    assert code == 0 and f"after all {moves} moves, as a spectator saw it" in out
    code, out = run("draw", str(record))  # to standard output: the picture alone
    assert code == 0 and out.startswith("<svg") and "Wrote" not in out


def test_simulate_counts_shared_wins_so_the_wins_add_up(shared: str) -> None:
    code, out = run("simulate", shared, "-n", "6", "--jobs", "1", "--json")
    assert code == 0
    data = json.loads(out[out.index("{"):])
    # two heuristic bots always fill the grid: every game is won by both
    assert data["finished"] == 6 and data["draws"] == 0
    assert data["shared_wins"] == 6 and data["shared_winners"] == 12 and data["won_alone"] == 0
    assert sum(data["wins_by_seat"]) == data["won_alone"] + data["shared_winners"] == 12
    code, out = run("simulate", shared, "-n", "6", "--jobs", "1")
    assert code == 0
    assert "shared wins: 6 games were won jointly, a win for each of 12 winners;" in out
    assert "the wins add up to 12: 0 games won alone + 12 shared" in out


def test_simulate_says_nothing_of_shared_wins_when_there_are_none() -> None:
    code, out = run("simulate", "tic_tac_toe", "-n", "4", "--jobs", "1", "--agents",
                    "heuristic,random")
    assert code == 0 and "shared wins" not in out


def test_shared_wins_add_up_across_batches() -> None:
    def batch(winners: list[tuple[int, ...]]) -> SimulationReport:
        report = SimulationReport("g", 3, ["a"])
        for won in winners:
            result = Result(won, (1.0, 1.0, 0.0), (*won, *(s for s in range(3) if s not in won)),
                            "end")
            report.add_game("finished", 5, 1, ["a", "a", "a"], result, {})
        return report

    first, second = batch([(0,), (0, 1)]), batch([(1, 2), (0, 1, 2), ()])
    first.absorb(second)
    data = first.stable_json()
    assert (data["won_alone"], data["shared_wins"], data["shared_winners"]) == (1, 3, 7)
    assert data["draws"] == 1 and sum(data["wins_by_seat"]) == 1 + 7
    again = SimulationReport.from_data(first.to_data())
    assert again.stable_json() == data


# -- check: widths and progress ---------------------------------------------------------------

def test_check_lines_fit_100_columns() -> None:
    code, out = run("check", "tic_tac_toe", "--games", "3")
    assert code == 0 and out.count("PASS  tic_tac_toe") == len(CHECKS)
    assert max(len(line) for line in out.splitlines()) <= 100
    # a wrapped verdict goes on under its first line, indented
    assert "\n      " in out
    code, out = run("check", "tic_tac_toe", "--games", "3", columns=70)
    assert code == 0 and max(len(line) for line in out.splitlines()) <= 70


def in_a_terminal(args: list[str], keys: list[bytes] = (), columns: int = 80,
                  wait: float = 20.0) -> tuple[int, str]:
    """Run ``tabletop ARGS`` in a pseudo-terminal of ``columns``, typing each of ``keys`` once
    the output has been quiet a moment; return the exit code and everything shown."""
    master, slave = pty.openpty()
    env = {**os.environ, "COLUMNS": str(columns), "LINES": "40", "NO_COLOR": "1"}
    process = subprocess.Popen(
        [sys.executable, "-c", "from tabletop.cli import main; main()", *args],
        stdin=slave, stdout=slave, stderr=slave, env=env, cwd=ROOT)
    os.close(slave)
    shown = b""
    pending = list(keys)
    deadline = time.monotonic() + wait
    quiet_since = time.monotonic()
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                data = os.read(master, 65536)
            except OSError:
                break
            if not data:
                break
            shown += data
            quiet_since = time.monotonic()
        elif pending and time.monotonic() - quiet_since > 0.4:
            os.write(master, pending.pop(0))
            quiet_since = time.monotonic()
        elif process.poll() is not None and not pending:
            break
    os.close(master)
    try:
        code = process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        process.kill()
        code = -1
    return code, shown.decode("utf-8", "replace").replace("\r\n", "\n")


def test_check_shows_a_progress_bar_at_a_terminal() -> None:
    code, shown = in_a_terminal(["check", "tic_tac_toe", "--games", "3"])
    assert code == 0, shown
    # the bar counts the checks to the end, naming the one under way
    assert "100%" in shown and "2p 6 hidden information" in shown
    bars = [part for part in re.split(r"[\r\n]", shown) if "%" in part and "[" in part]
    assert bars and all(len(re.sub(r"\x1b\[[?0-9;]*[a-zA-Z]", "", b)) <= 80 for b in bars)
    assert "11 of 11 checks passed." in shown


# -- replay --seat ----------------------------------------------------------------------------

def test_replay_seat_tells_the_game_as_that_seat_saw_it(tmp_path: Path) -> None:
    path = bot_record(tmp_path, "bootleggers", 6)
    code, one = run("replay", str(path), "--seat", "1")
    assert code == 0
    code, two = run("replay", str(path), "--seat", "2")
    assert code == 0
    # Muscle cards are laid face down: each seat sees its own card and not the other's
    assert re.search(r"1\. \[Easy bot\] Player 1 lays Muscle \d+", one)
    assert "2. [Easy bot] Player 2 lays a Muscle card face down" in one
    assert "1. [Easy bot] Player 1 lays a Muscle card face down" in two
    assert re.search(r"2\. \[Easy bot\] Player 2 lays Muscle \d+", two)
    assert "The game is unfinished" in " ".join(one.split())
    assert f"\n  tabletop play --resume {path}\n" in one  # whole on its line, to copy
    code, out = run("replay", str(path), "--seat", "3")
    assert code == 2 and "seats are numbered 1 to 2" in out


def test_replay_seat_steps_move_by_move_at_a_terminal(tmp_path: Path) -> None:
    path = bot_record(tmp_path, "bootleggers", 8)
    code, shown = in_a_terminal(["replay", str(path), "--seat", "2"],
                                [b"\n", b"t\n", b"q\n"])
    assert code == 0, shown
    assert "Enter: the next move" in shown and "[move 1 of 8]" in shown
    assert "1. [Easy bot] Player 1 lays a Muscle card face down" in shown
    assert "[move 2 of 8]" in shown and "2. [Easy bot]" not in shown  # stopped before it
    assert shown.count("Player 2 (you)") == 2  # the opening table and the table on t
    assert "Replayed 8 actions" in shown


def test_replay_seat_goes_on_to_the_end_on_a(tmp_path: Path) -> None:
    path = bot_record(tmp_path, "bootleggers", 8)
    code, shown = in_a_terminal(["replay", str(path), "--seat", "2"], [b"\n", b"a\n"])
    assert code == 0, shown
    assert "8. [Easy bot]" in shown and "[move 3 of 8]" not in shown


# -- the README -------------------------------------------------------------------------------

def marked(name: str) -> list[str]:
    """The lines of the README's command between the markers ``name`` (without the fence)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split(f"<!-- {name} -->", 1)[1].split(f"<!-- /{name} -->", 1)[0]
    return [line for line in block.strip().splitlines() if not line.startswith("```")]


def test_the_readme_play_command_leaves_a_tabletop_the_user_can_run() -> None:
    (command,) = marked("play-command")
    steps = [step.strip() for step in command.split("&&")]
    # the venv is activated in the user's own shell, so `tabletop ...` works after it
    activate = steps.index(". .venv/bin/activate")
    install = next(i for i, step in enumerate(steps) if step.startswith("pip install"))
    assert activate < install and "./examples/tic_tac_toe" in steps[install].split()
    assert steps[-1] == "tabletop play"
    (test_command,) = marked("test-command")
    assert "pytest" in test_command
