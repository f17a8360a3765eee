"""The tabletop command as a user meets it (click's CliRunner; tic-tac-toe as the game)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop.testing import CHECKS
from tests.cli_runner import run_cli


def run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    return run_cli(*args, stdin=stdin)


def test_list_and_rules() -> None:
    code, out = run("list")
    assert code == 0 and "tic_tac_toe  Tic-tac-toe  (2 players)" in out
    code, out = run("rules", "tic_tac_toe")
    assert code == 0 and out.startswith("Tic-tac-toe: a player's guide\n")
    assert "three marks in a row" in out and "(tabletop simulate --agents" in out
    assert "KIND,KIND): random, heuristic, ismcts." in out


@pytest.mark.parametrize("args, message", [
    (["rules", "chess"], "no game named 'chess'"),
    (["play", "chess"], "no game named 'chess'"),
    (["play", "tic_tac_toe", "--players", "5"], "is for 2 players, not 5"),
    (["play", "tic_tac_toe", "--option", "colour=red"], "unknown option 'colour'"),
    (["play", "tic_tac_toe", "--seat", "3=random"], "seats are numbered 1 to 2"),
    (["play", "tic_tac_toe", "--seat", "1=wizard"], "kinds are human, random, heuristic, ismcts"),
    (["simulate", "tic_tac_toe", "--agents", "genius"], "no agent 'genius'"),
    (["simulate", "tic_tac_toe", "--agents", "ismcts:0,random"],
     "agent 'ismcts:0': iterations must be a whole number from 1"),
    (["simulate", "tic_tac_toe", "--agents", "heuristic:5"], "only ismcts takes settings"),
    (["play", "tic_tac_toe", "--seat", "2=ismcts:fast"],
     "agent 'ismcts:fast': iterations must be a whole number"),
    (["play", "tic_tac_toe", "--level", "insane"], "level 'insane': levels are easy, normal"),
    (["play", "--level", "insane"], "levels are easy, normal, hard"),
    (["check", "chess"], "no game named 'chess'"),
])
def test_bad_input_is_one_line_and_exit_code_2(args: list[str], message: str) -> None:
    code, out = run(*args)
    assert code == 2
    assert message in out and "Traceback" not in out
    assert len([line for line in out.splitlines() if line.startswith("Error:")]) == 1


def test_a_human_plays_with_reprompts_and_the_record_replays(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    # bad inputs first: a word, an out-of-range number; then help and the table
    moves = "hello\n99\nh\nt\n" + "1\n" * 5
    code, out = run("play", "tic_tac_toe", "--seed", "3", "--record", str(path), stdin=moves)
    assert code == 0, out
    assert "'hello' is not a command" in out and "There is no option 99" in out
    assert "Type the number of an action" in out
    # the help names every prompt command, the glossary and the grouped menus included
    assert "i WORDS   what every card" in out and "a lists\nevery action" in out
    assert "Player 2 [Normal bot]:" in out and "The game is over" in out
    code, out = run("replay", str(path))
    assert code == 0 and "every action was legal and the result matches" in " ".join(out.split())
    code, out = run("replay", str(path), "--show")
    assert code == 0 and "1. Player 1 [human]: X marks cell" in out


def test_save_and_resume_continue_the_same_game(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    code, out = run("play", "tic_tac_toe", "--seed", "5", "--record", str(path),
                    stdin="1\ns\n")
    assert code == 0 and f"Saved to {path}" in out
    saved = json.loads(path.read_text())
    assert saved["result"] is None and len(saved["actions"]) == 2
    code, out = run("replay", str(path))
    assert code == 0 and "unfinished" in out
    code, out = run("play", "--resume", str(path), stdin="1\n" * 5)
    assert code == 0 and "Resuming Tic-tac-toe at decision 3" in out
    final = json.loads(path.read_text())
    assert final["actions"][:2] == saved["actions"] and final["result"] is not None


def test_hot_seat_passes_the_keyboard_between_humans() -> None:
    code, out = run("play", "tic_tac_toe", "--seat", "2=human", "--seed", "1",
                    stdin="\n1\n\n1\n\n1\n\n1\n\n1\n\n1\n\n1\n\n1\n\n1\n")
    assert code == 0, out
    assert "Pass the keyboard to Player 2." in out and "Pass the keyboard to Player 1." in out
    # the first human gets the screen too, and it clears the scrollback
    assert out.index("Pass the keyboard to Player 1.") < out.index("Player 1 to play")
    assert out.count("\x1b[3J") == out.count("Pass the keyboard")
    # the incoming player is shown the moves since his last one, starting with his own
    recap = out.split("Pass the keyboard to Player 1.")[2].split("Player 1 to play")[0]
    assert "Since your last move:\n1. Player 1 [human]: X marks cell 1\n" \
           "2. Player 2 [human]: O marks cell 2\n" in recap


def test_menu_picks_a_game_and_bots_play_it() -> None:
    code, out = run("play", "--bots", "--seed", "2", stdin="tic_tac_toe\n\n")
    assert code == 0, out
    assert "Pick a game" in out and "The game is over" in out
    code, out = run("play", "--bots", stdin="x\n999\n")
    assert "Please type a number" in out


def test_closed_input_ends_cleanly() -> None:
    code, out = run("play", "tic_tac_toe", "--seed", "1", stdin="")
    assert code == 1 and "Traceback" not in out


def test_replay_refuses_corrupt_records(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{ this is not json")
    code, out = run("replay", str(path))
    assert code == 2 and "not valid JSON" in out
    good = tmp_path / "good.json"
    run("play", "tic_tac_toe", "--bots", "--seed", "4", "--record", str(good))
    data = json.loads(good.read_text())
    data["actions"][1] = data["actions"][0]
    path.write_text(json.dumps(data))
    code, out = run("replay", str(path))
    assert code == 2 and "action 2 is not legal there" in out
    code, out = run("play", "--resume", str(good))
    assert code == 2 and "finished game" in out


def test_simulate_json_has_the_documented_keys() -> None:
    code, out = run("simulate", "tic_tac_toe", "-n", "40", "--agents", "heuristic,random",
                    "--json")
    assert code == 0
    data = json.loads(out[out.index("{"):])
    for key in ("game", "players", "games", "finished", "truncated", "crashed",
                "mean_decisions", "median_decisions", "wins_by_seat", "wins_by_agent",
                "games_per_second", "decisions_per_second"):
        assert key in data
    assert data["games"] == 40 and data["finished"] == 40 and data["crashed"] == 0
    assert data["wins_by_agent"]["heuristic"] > 30  # heuristic never loses tic-tac-toe
    assert data["wins_by_agent"].get("random", 0) == 0


def test_simulate_text_and_bench_and_check() -> None:
    code, out = run("simulate", "tic_tac_toe", "-n", "10")
    assert code == 0 and "wins by seat" in out and "decisions/s" in out
    code, out = run("bench", "tic_tac_toe", "--seconds", "0.2")
    assert code == 0 and "clone µs" in out and "tic_tac_toe" in out
    code, out = run("check", "tic_tac_toe", "--games", "5")
    assert code == 0 and out.count("PASS") == len(CHECKS)


def test_simulate_reports_crashes_with_their_seed_and_exits_1() -> None:
    from tabletop import registry
    from tests.fixtures.broken_game import GAME

    registry.register("broken", GAME)
    try:
        code, out = run("simulate", "broken", "-n", "3", "--option", "bug=crash")
        assert code == 1 and "CRASH seed 0" in out and "planted crash" in out
        code, out = run("check", "broken", "--games", "5")
        assert code == 0
    finally:
        registry.unregister("broken")


def test_a_bots_secret_move_is_narrated_without_its_secret() -> None:
    """Bootleggers Phase 1: Muscle cards are laid face down; the human reads only that the
    bot laid one (describe_public), while the human's own options name their cards."""
    code, out = run("play", "bootleggers", "--players", "2", "--seed", "1", stdin="1\nq\ny\n")
    assert code == 0
    assert "1. [you] Player 1 lays Muscle 3 (costs $0G) face down" in out  # his own choice
    bot_lines = [line for line in out.splitlines() if "[Normal bot] Player 2 lays" in line]
    assert bot_lines == ["2. [Normal bot] Player 2 lays a Muscle card face down"]


@pytest.mark.parametrize("level, bot", [("easy", "Easy bot"), ("hard", "Hard bot")])
def test_a_level_chooses_the_bots(level: str, bot: str) -> None:
    code, out = run("play", "tic_tac_toe", "--level", level, "--seed", "1", stdin="1\n" * 5)
    assert code == 0, out
    assert f"Player 1: human, Player 2: {bot}\n" in out
    assert f"Player 2 [{bot}]: O marks cell" in out and "The game is over" in out


def test_the_normal_level_shows_the_bots_leanings() -> None:
    from tabletop.agents import Personality

    code, out = run("play", "tic_tac_toe", "--level", "normal", "--seed", "4", "--bots")
    assert code == 0
    opening = " ".join(out.split("Type h")[0].split())  # the line may wrap
    for seat in range(2):
        words = Personality.for_seat(4, seat).words()
        assert f"Player {seat + 1}: Normal bot ({words})" in opening


def test_the_game_menu_asks_the_level() -> None:
    code, out = run("play", "--seed", "2", stdin="tic_tac_toe\n3\n" + "1\n" * 5)
    assert code == 0, out
    assert "How strong should the bots be?" in out and "3. hard: a search bot" in out
    assert "Player 2: Hard bot\n" in out


def test_a_level_given_on_resume_sets_the_bots(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    code, _ = run("play", "tic_tac_toe", "--seed", "5", "--record", str(path), stdin="1\ns\n")
    assert code == 0 and json.loads(path.read_text())["seats"] == ["human", "heuristic"]
    code, out = run("play", "--resume", str(path), "--level", "easy", stdin="1\n" * 5)
    assert code == 0 and "Player 2 [Easy bot]:" in out
    assert json.loads(path.read_text())["seats"] == ["human", "random"]


def test_simulate_and_play_take_a_search_budget() -> None:
    code, out = run("simulate", "tic_tac_toe", "-n", "4", "--agents", "ismcts:30,random",
                    "--json")
    assert code == 0
    data = json.loads(out[out.index("{"):])
    assert data["crashed"] == 0 and set(data["wins_by_agent"]) <= {"ismcts:30", "random"}
    assert data["agents"] == ["ismcts:30", "random"]
    code, out = run("play", "tic_tac_toe", "--seat", "2=ismcts:30", "--seed", "3",
                    stdin="1\n" * 5)
    assert code == 0 and "Player 2 [Search bot, 30 iterations a move]: O marks cell" in out
