"""``tabletop play`` as a newcomer meets it: private events reach only their player, a decision
with one choice is taken for him, he can stay out of questions that are not his, the rules
come by section, nothing unsaved is lost without asking, a resumed game recaps, and no line
is wider than 100 columns. Played through the real command (click's CliRunner) on Racket Row
(tests/fixtures/menu_game.py), tic-tac-toe and the built-in games."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop import registry
from tabletop.cli.screen import CLEAR
from tests.cli_runner import run_cli
from tests.fixtures.menu_game import GAME

BUILT_IN = ("bootleggers", "chicago_diy", "crime_lords", "crimopolis", "don_massivo")


@pytest.fixture(autouse=True)
def menu_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # games autosave there
    registry.register("menu_game", GAME)
    yield
    registry.unregister("menu_game")


def run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    return run_cli(*args, stdin=stdin)


# -- private events -----------------------------------------------------------------------
def test_one_human_reads_his_own_private_events_and_never_a_bots() -> None:
    # Player 1 recruits Crook Alice (his private event), the bot draws (a tip for Player 1),
    # Player 1 draws (a tip for the bot, which he must not read)
    code, out = run("play", "menu_game", "--seed", "1", stdin="3\n1\n1\nq\ny\n")
    assert code == 0, out
    assert "     > (only you) you recruit Crook Alice" in out
    assert "(only Player 2)" not in out
    tips = re.findall(r"> \(only you\) a tip for you alone: (\d+) event cards", out)
    bot_drew = "Player 2 [random]: draw an event card" in out
    assert len(tips) == (1 if bot_drew else 0)


def test_a_bots_only_game_is_narrated_in_full_with_private_events_marked() -> None:
    code, out = run("play", "menu_game", "--bots", "--seed", "3")
    assert code == 0
    assert "(only Player " in out and "(only you)" not in out


def test_hot_seat_private_events_wait_for_their_player_after_the_pass_screen() -> None:
    # Player 1 draws (a tip for Player 2), Player 2 recruits (his own private event), quits
    code, out = run("play", "menu_game", "--seed", "1", "--seat", "2=human",
                    stdin="\n1\n\n3\n1\n\nq\ny\n")
    assert code == 0, out
    screen_1, screen_2, screen_1_again = out.split("Pass the keyboard to Player ")[1:4]
    # the tip is not on Player 1's screen, and reaches Player 2 after his recap
    assert "a tip for you alone" not in screen_1
    assert "Only you saw:\n     > (only you) a tip for you alone: 9 event cards are left" \
        in screen_2
    assert "(only you) you recruit Crook Alice" in screen_2
    # Player 1's recap has Player 2's move as the table saw it, not his secret
    assert "2. Player 2 [human]: recruits a Crook face down" in screen_1_again
    assert "Alice" not in screen_1_again


# -- decisions taken for the player -------------------------------------------------------
def test_a_single_choice_is_taken_and_narrated_unless_he_asks_to_be_asked() -> None:
    # tic-tac-toe, seed 3: Player 1 always takes the lowest free cell; the last move is forced
    code, out = run("play", "tic_tac_toe", "--seed", "3", stdin="1\n" * 5)
    assert code == 0, out
    forced = re.findall(r"^\d+\. Player 1 \[you\]: only one choice: (.*)$", out, re.MULTILINE)
    asked = out.count("Choose (number")
    if "The game is over after 9 decisions" in out:
        assert forced and asked == 4
    # o 1 switches it off: every decision is asked
    code, out = run("play", "tic_tac_toe", "--seed", "3", stdin="o 1\n" + "1\n" * 5)
    assert code == 0, out
    assert "Now: take a decision that has only one choice for me: off." in out
    assert "only one choice: " not in out


def test_staying_out_of_questions_that_are_not_his() -> None:
    # Racket Row with questions: after each take-over the other seats are asked to object
    moves = "2\n1\n" * 6 + "q\ny\n"
    code, out = run("play", "menu_game", "--seed", "2", "--option", "questions=true",
                    stdin="o 2\n" + moves)
    assert code == 0, out
    assert "Now: stay out of questions I take no part in" in out
    code, out = run("play", "menu_game", "--seed", "2", "--option", "questions=true",
                    "--players", "2", stdin=moves)
    assert code == 0, out
    if "Player 2 [random]: take over" in out:
        # asked once, with a hint; the answer is offered like any other
        assert "o 2 stays out of such questions" in out
        assert "keep out of it" in out


def test_the_standing_choice_answers_for_him_and_says_so() -> None:
    for seed in range(1, 30):
        code, out = run("play", "menu_game", "--seed", str(seed), "--option",
                        "questions=true", stdin="o 2\n" + "2\n1\n" * 8 + "q\ny\n")
        assert code == 0
        if "stays out, as chosen: keep out of it" in out:
            assert "o 2 stays out of such questions" not in out
            return
    pytest.fail("no bot took over a Racket in 30 seeds")


# -- rules by section, settings, quitting -------------------------------------------------
def test_r_lists_the_sections_and_r_words_shows_one() -> None:
    code, out = run("play", "chicago_diy", "--seed", "1", stdin="r\nr bribe\nr zebra\nq\ny\n")
    assert code == 0, out
    assert "The rules, by section (r N or r WORDS shows one; r all shows everything):" in out
    contents = out.split("shows everything):")[1]
    assert re.search(r"^\s+1\. ", contents, re.MULTILINE)
    assert "No section of the rules mentions 'zebra'; r alone lists them." in out
    rules = registry.get("chicago_diy").rules_text()
    assert out.count("\n") < rules.count("\n") + 200  # never the whole rulebook at once


def test_tabletop_rules_prints_one_section_with_words() -> None:
    code, out = run("rules", "chicago_diy", "bribe")
    assert code == 0 and "bribe" in out.lower()
    assert len(out.splitlines()) < len(registry.get("chicago_diy").rules_text().splitlines())
    code, out = run("rules", "chicago_diy", "zebra")
    assert code == 2 and "no section of the Chicago DIY rules mentions 'zebra'" in out


def test_quitting_leaves_the_game_saved_in_the_data_folder(tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    code, out = run("play", "menu_game", "--seed", "1", stdin="4\nq\n")
    assert code == 0 and "Quit without saving" not in out
    [saved] = (tmp_path / "tabletop").glob("*-menu_game-seed-1.json")
    assert f"Game left; it is saved. Continue with:\n  tabletop play --resume {saved}\n" in out
    assert len(json.loads(saved.read_text())["actions"]) == 2  # mine and the bot's


def test_quitting_after_a_failed_save_asks_first(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocked))  # the data folder cannot be made
    code, out = run("play", "menu_game", "--seed", "1", stdin="4\nq\nn\n4\nq\nyes\n")
    assert code == 0
    assert "Could not save" in out
    assert out.count("Quit without saving? [y/N]") == 2
    assert out.count("Game abandoned, not saved.") == 1
    assert len(re.findall(r"Player 1 \[you\]: bribe the Judge", out)) == 2


def test_quitting_before_any_move_does_not_ask() -> None:
    code, out = run("play", "menu_game", "--seed", "1", stdin="q\n")
    assert code == 0 and "Quit without saving" not in out


# -- saving -------------------------------------------------------------------------------
def test_with_record_every_move_is_saved_and_quitting_loses_nothing(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, out = run("play", "menu_game", "--seed", "1", "--record", str(path),
                    stdin="4\n4\nq\n")
    assert code == 0
    assert "Quit without saving" not in out and f"tabletop play --resume {path}\n" in out
    saved = json.loads(path.read_text())
    assert len(saved["actions"]) == 4  # two of mine, two of the bot's


def test_an_unwritable_record_is_refused_before_the_game_starts(tmp_path: Path) -> None:
    code, out = run("play", "menu_game", "--record", str(tmp_path / "nope" / "game.json"))
    assert code == 2 and "does not exist" in out and "Your options" not in out
    code, out = run("play", "menu_game", "--record", str(tmp_path))
    assert code == 2 and "Your options" not in out


def test_a_resumed_game_starts_with_a_recap_of_the_last_moves(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    run("play", "menu_game", "--seed", "1", "--record", str(path), stdin="3\n1\n4\nq\n")
    code, out = run("play", "--resume", str(path), stdin="q\n")
    assert code == 0
    recap = out.split("The last moves")[1].split("Your options")[0]
    assert "1. Player 1 [you]: recruit Crook Alice face down" in recap
    assert "2. Player 2 [Easy bot]: " in recap  # bots by their level, never by their kind
    assert "3. Player 1 [you]: bribe the Judge" in recap
    assert "(only you) you recruit Crook Alice" in recap


# -- the screen ---------------------------------------------------------------------------
def test_the_pass_screen_clears_the_scrollback() -> None:
    code, out = run("play", "tic_tac_toe", "--seat", "2=human", "--seed", "1",
                    stdin="\n1\n\nq\ny\n")
    assert code == 0
    assert CLEAR in out and out.index(CLEAR) < out.index("Pass the keyboard to Player 1.")


@pytest.mark.parametrize("game", BUILT_IN)
@pytest.mark.parametrize("columns", [80])
def test_a_watched_game_fits_in_the_terminal(game: str, columns: int,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Every line fits COLUMNS, except a command printed whole on its own line (to copy)."""
    monkeypatch.setenv("COLUMNS", str(columns))
    code, out = run("play", game, "--bots", "--seed", "5", "--players", "3")
    assert code == 0
    wide = [line for line in out.splitlines()
            if len(line) > columns and not line.startswith("  tabletop ")]
    assert not wide, wide[0]
    assert any(columns - 10 < len(line) <= columns for line in out.splitlines())


def test_a_bad_option_value_is_one_short_line() -> None:
    code, out = run("play", "crimopolis", "--option", "variant=nosuch")
    assert code == 2
    assert len(out.strip().splitlines()) == 1 and len(out) < 250
    assert "Attribute" not in out and "variant" in out and "standard" in out


# -- bots at the table --------------------------------------------------------------------
def test_a_bot_says_its_table_talk_under_its_move_and_a_human_never_does() -> None:
    """Racket Row's talk ("the Docks is mine now") for a take-over: shown as the bot's quoted
    line right under its move line; the human's own take-over is not talked for him."""
    _, out = run("play", "menu_game", "--players", "3", "--seed", "2",
                    stdin="2\n1\n" * 12 + "q\ny\n")
    lines = out.splitlines()
    said = [i for i, line in enumerate(lines) if re.match(r'     Player \d: "', line)]
    assert said, out
    for i in said:
        seat = lines[i].split(":")[0].strip()
        assert lines[i - 1].split(" [")[0].endswith(seat) and "take over" in lines[i - 1]
        assert lines[i].endswith(' is mine now."') or lines[i].endswith(' is mine now!"')
    assert not any(line.startswith('     Player 1: "') for line in lines)
    assert re.search(r"Player 1 \[you\]: take over", out), out


def test_the_first_pause_says_how_to_skip_it_once() -> None:
    code, out = run("play", "tic_tac_toe", "--seed", "1", "--pause", "0.01",
                    stdin="1\n2\n3\n4\n5\n6\n7\n8\n9\n")
    assert code == 0, out
    assert out.count("Enter skips the bots' pauses") == 1
    code, out = run("play", "tic_tac_toe", "--seed", "1", stdin="1\n2\n3\n4\n5\n6\n7\n8\n9\n")
    assert "Enter skips" not in out  # no pause off a terminal: nothing to skip
