"""The terminal ``tabletop play`` draws (issue 26 §3, §4): text wrapped to the terminal's width
(60-100 columns, COLUMNS respected), colour only at a terminal and never with NO_COLOR, the
whole table once and then what changed, the rules as plain text, bots named by level, and
the "you take no part" line only above a question the player may stay out of.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import click
import pytest

from tabletop.cli import screen
from tabletop.cli.screen import changed_lines, colour_on, fit, width
from tests.cli_runner import run_cli
from tests.fixtures.pot_luck import PotState, Roll, installed


@pytest.fixture(autouse=True)
def pot_luck() -> Iterator[None]:
    with installed():
        yield


def run(*args: str, stdin: str | None = None) -> str:
    return run_cli(*args, stdin=stdin)[1]


# -- width --------------------------------------------------------------------------------
@pytest.mark.parametrize("columns, expected", [("80", 80), ("50", 60), ("240", 100),
                                               ("72", 72)])
def test_the_width_follows_columns_within_60_to_100(columns: str, expected: int,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", columns)
    assert width() == expected


def test_narration_wraps_at_the_terminal_width(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "64")
    out = run("play", "crime_lords", "--bots", "--seed", "2", "--players", "3")
    lines = out.splitlines()
    assert max(len(line) for line in lines if not line.startswith("  tabletop ")) <= 64
    events = [line for line in lines if line.startswith("     > ")]
    assert events and any(len(line) > 56 for line in events)  # wrapped near 64, not at 100


# -- colour -------------------------------------------------------------------------------
def test_colour_only_at_a_terminal_and_never_with_no_color(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setattr(screen.sys.stdout, "isatty", lambda: True)
    assert colour_on()
    painted = fit("Player 2 wins 72% of the time")
    assert painted != "Player 2 wins 72% of the time"
    assert click.unstyle(painted) == "Player 2 wins 72% of the time"
    assert click.style("Player 2", fg="magenta") in painted
    monkeypatch.setenv("NO_COLOR", "1")
    assert not colour_on() and fit("Player 2") == "Player 2"
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setattr(screen.sys.stdout, "isatty", lambda: False)
    assert not colour_on()


def test_colour_is_added_after_wrapping(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("COLUMNS", "60")
    monkeypatch.setattr(screen.sys.stdout, "isatty", lambda: True)
    text = "Player 1 " * 12
    assert [len(click.unstyle(line)) <= 60 for line in fit(text).split("\n")] == [True, True]


# -- the table once, then what changed ----------------------------------------------------
def test_a_small_table_is_shown_whole_after_every_move() -> None:
    out = run("play", "pot_luck", "--seed", "1", "--seat", "2=random", stdin="2 1\nt\nq\n")
    assert out.count("Pot: 0 coins; turn 1 of 4") == 3  # at first, after the move, for t
    assert "Player 1: 9 coins, luck 0\nPlayer 2: 11 coins, luck 0" in out  # after the gift
    assert "Changed on the table" not in out


def test_a_large_table_shows_what_changed_and_t_shows_all() -> None:
    out = run("play", "bootleggers", "--players", "3", "--seed", "8", stdin="4\nt\nq\ny\n")
    first = out.count("Speakeasies (price paid a crate")
    assert "Changed on the table (t shows all of it):" in out
    changed = out.split("Changed on the table (t shows all of it):\n")[1].split("\n\n")[0]
    assert "Muscle order:" in changed and "O'Malley's Dry Goods" not in changed
    assert first == 2  # the whole table at first and for t, not after the move


def test_changed_lines_keep_a_block_whole_and_cap_the_rest() -> None:
    before = "Head 1\n  detail a\n  detail b\nHead 2\n  detail c\nFooter"
    after = "Head 1\n  detail a\n  detail B\nHead 2\n  detail c\nFooter!"
    assert changed_lines(before, after) == ["Head 1", "  detail a", "  detail B", "Footer!"]
    assert changed_lines(before, before) == []
    many = "\n".join(f"Line {n}" for n in range(30))
    capped = changed_lines("", many, most=10)
    assert capped[:9] == [f"Line {n}" for n in range(9)]
    assert capped[9] == "  (and 21 more lines: t shows the whole table)"


# -- the rules as plain text --------------------------------------------------------------
def test_r_shows_plain_rules_without_markdown_or_rule_ids() -> None:
    out = run("play", "chicago_diy", "--seed", "1", stdin="r\nr 3\nr all\nq\n")
    contents = out.split("shows everything):\n")[1].split("\n\n")[0]
    assert re.search(r"^\s+1\. Chicago DIY", contents, re.MULTILINE)
    rules = out.split("shows everything):")[1]
    assert not re.search(r"^#+ ", rules, re.MULTILINE)
    assert "**" not in rules and not re.search(r"\[[a-z]{2}-[a-z0-9-]+\]", rules)


# -- bots by their level ------------------------------------------------------------------
def test_bots_are_named_by_level_in_the_opening_line_and_the_moves() -> None:
    out = run("play", "tic_tac_toe", "--level", "easy", "--seed", "1", stdin="1\n" * 5)
    assert "Player 1: human, Player 2: Easy bot\n" in out
    assert re.search(r"^2\. Player 2 \[Easy bot\]: O marks cell", out, re.MULTILINE)
    assert "random" not in out
    out = run("play", "tic_tac_toe", "--seat", "2=ismcts:30", "--seed", "3", stdin="1\n" * 5)
    assert "Player 2: Search bot, 30 iterations a move\n" in out and "ismcts" not in out


# -- staying out ---------------------------------------------------------------------------
def test_the_stay_out_line_only_above_a_question_he_may_stay_out_of(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def stay_out(self: Any) -> Any:
        return Roll()  # in the menu of the mixed game, not in the game of bids alone

    monkeypatch.setattr(PotState, "stay_out", stay_out)
    line = "(You take no part in this question: o 2 stays out"
    out = run("play", "pot_luck", "--seed", "1", "--seat", "2=random", stdin="q\n")
    assert line in out
    out = run("play", "pot_luck", "--seed", "1", "--seat", "2=random",
              "--option", "mixed=false", stdin="q\n")
    assert line not in out


def test_a_long_changed_block_shows_its_heading_and_the_changed_items_only() -> None:
    from tabletop.cli.screen import changed_lines

    places = [f"  {n}. Speakeasy {n}: men 0/5" for n in range(1, 7)]
    before = "\n".join(["Round 1", "Speakeasies:", *places, "Deck 40"])
    places[2] = "  3. Speakeasy 3: men 1/5"
    after = "\n".join(["Round 1", "Speakeasies:", *places, "Deck 39"])
    assert changed_lines(before, after) == ["Speakeasies:", "  3. Speakeasy 3: men 1/5",
                                            "Deck 39"]
