"""``tabletop simulate``: event statistics, every core, and games that crash, exit or hang."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tabletop import registry
from tabletop.cli import main
from tabletop.engine import Result
from tabletop.match import Match, agents_for_game
from tabletop.simulation import TIMING_KEYS, SimulationReport, batch, batches, simulate
from tabletop.simulation.batch import SimulationSpec, load_game, play_games
from tabletop.simulation.report import WIDTH
from tests.fixtures.broken_game import GAME as BROKEN


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert not isinstance(result.exception, Exception) or isinstance(
        result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def json_of(out: str) -> dict[str, Any]:
    return json.loads(out[out.index("{"):])  # type: ignore[no-any-return]


def without_timing(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in TIMING_KEYS}


@pytest.fixture
def broken() -> Iterator[None]:
    registry.register("broken", BROKEN)
    yield
    registry.unregister("broken")


def doomed(seeds: range) -> list[int]:
    """The seeds whose deal gives Player 1 card 1: where the simulate bugs of the fixture
    strike (read from the deal, independently of the simulation)."""
    return [s for s in seeds if 1 in BROKEN.new_state(2, s).hands[0]]


# -- event statistics -----------------------------------------------------------------------

def test_event_figures_are_share_mean_and_most_over_the_games_played() -> None:
    report = SimulationReport("g", 2, ["random"])
    result = Result((0,), (1.0, 0.0), (0, 1), "done")
    report.add_game("finished", 10, 3, ["a", "b"], result, Counter(sale=3, wages=1))
    report.add_game("finished", 12, 3, ["b", "a"], result, Counter(sale=1))
    report.add_game("truncated", 99, 9, ["a", "b"], None, Counter())
    report.add_game("finished", 8, 2, ["b", "a"], result, Counter(sale=5))
    report.add_crash(7, ["a", "b"], 4, "RuntimeError: boom")
    figures = report.as_json()["events"]
    assert list(figures) == ["sale", "wages"]  # sorted; a kind that never fired is absent
    assert figures["sale"] == {"games": 0.75, "per_game": 9 / 4, "max": 5}
    assert figures["wages"] == {"games": 0.25, "per_game": 0.25, "max": 1}


def test_simulate_counts_every_event_the_log_wrote() -> None:
    """The counts equal those read independently through Match.take_events, which the CLI
    narrates from, for the same seeds and agents."""
    game = registry.get("chicago_diy")
    report = simulate(game, 6, 3, ["random", "heuristic"], 40, game.make_options())
    expected: dict[str, list[int]] = {}
    for index in range(6):
        match = Match(game, 3, 40 + index, seats=agents_for_game(["random", "heuristic"], 3,
                                                                  index))
        kinds: Counter[str] = Counter()
        while not match.state.is_over:
            match.play(match.bot_action())
            kinds.update(event.kind for event in match.take_events())
        for kind, n in kinds.items():
            tally = expected.setdefault(kind, [0, 0, 0])
            tally[0], tally[1], tally[2] = tally[0] + 1, tally[1] + n, max(tally[2], n)
    assert report.games == 6 and report.events == expected
    assert "draw" in expected and "hire roll" in expected


def test_the_text_report_lists_events_sorted_within_100_columns() -> None:
    args = ("simulate", "chicago_diy", "-n", "4", "--players", "3", "--agents", "random",
            "--jobs", "1")
    code, out = run(*args)
    assert code == 0
    kinds = sorted(json_of(run(*args, "--json")[1])["events"])
    assert len(kinds) >= 4
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("  events"))
    cells = " ".join(lines[start + 1:start + 1 + (len(kinds) + 1) // 2])
    assert all(len(line) <= WIDTH for line in lines[start:])
    at = {k: re.search(rf"(^| ){re.escape(k)} +[0-9]", cells) for k in kinds}
    assert all(at.values()), [k for k, found in at.items() if not found]
    assert kinds == sorted(kinds, key=lambda k: at[k].start())  # type: ignore[union-attr]
    assert "100.0%" in cells


# -- every core -------------------------------------------------------------------------------

def test_jobs_1_and_jobs_2_give_the_same_report() -> None:
    args = ("simulate", "chicago_diy", "-n", "24", "--players", "3", "--agents",
            "heuristic,random", "--seed", "3", "--json")
    code1, out1 = run(*args, "--jobs", "1")
    code2, out2 = run(*args, "--jobs", "2")
    assert code1 == code2 == 0
    one, two = json_of(out1), json_of(out2)
    assert one["games"] == 24 and one["events"] and one["decisions_per_second"] > 0
    assert without_timing(one) == without_timing(two)


def _fresh_report(spec: SimulationSpec, first: int, count: int) -> SimulationReport:
    """A batch played as it first was: a new Match with new agents and its own seat
    generators for every game, the seats tallied game by game."""
    game, options = load_game(spec)
    report = spec.empty_report()
    for index in range(first, first + count):
        seats = agents_for_game(spec.agents, spec.players, index)
        report.add_seats(seats)
        kinds: Counter[str] = Counter()
        match = Match(game, spec.players, spec.seed + index, options, seats, keep_record=False)
        outcome = match.run(kinds=kinds)
        result = match.state.result() if outcome == "finished" else None
        report.add_game(outcome, match.steps, match.state.round, seats, result, kinds)
    return report


@pytest.mark.parametrize(("name", "players", "agents", "first", "count"), [
    ("tic_tac_toe", 2, ["random"], 5, 23),
    ("tic_tac_toe", 2, ["heuristic", "random", "random"], 4, 11),
    ("chicago_diy", 3, ["random", "heuristic"], 1, 6),
])
def test_a_batch_reusing_agents_and_mixing_seeds_at_once_reports_as_fresh_games(
        monkeypatch: pytest.MonkeyPatch, name: str, players: int, agents: list[str],
        first: int, count: int) -> None:
    """play_games shares random agents across games, computes the seats' generators a block
    of games at a time (blocks of 4 here, so that a batch spans several) and tallies seats
    at the end: the report, its dicts' order included, is that of fresh matches."""
    monkeypatch.setattr(batch, "AGENT_STATES_BLOCK", 4)
    game = registry.get(name)
    spec = SimulationSpec.create(game, players, agents, 17, game.make_options())
    fast = play_games(spec, first, count).to_data()
    assert json.dumps(fast) == json.dumps(_fresh_report(spec, first, count).to_data())
    assert fast["games"] == count and sum(fast["seats_by_agent"].values()) == count * players


def test_batches_cover_every_game_once() -> None:
    for games, workers in ((1, 2), (7, 2), (1000, 2), (100_000, 8)):
        split = batches(games, workers)
        assert [i for first, n in split for i in range(first, first + n)] == list(range(games))


def test_a_crash_in_a_worker_is_reported_with_its_seed(broken: None) -> None:
    code, out = run("simulate", "broken", "-n", "3", "--option", "bug=crash", "--jobs", "2")
    assert code == 1
    assert "CRASH seed 1 at decision 4: RuntimeError: planted crash" in out
    assert "--seed 1 --agents random,random --option bug=crash" in out


# -- games that exit, hang or kill their process ---------------------------------------------

@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_game_that_raises_system_exit_counts_as_crashed(broken: None, jobs: str) -> None:
    code, out = run("simulate", "broken", "-n", "16", "--option", "bug=exit", "--jobs", jobs,
                    "--json")
    data = json_of(out)
    seeds = doomed(range(16))
    assert code == 1 and seeds
    assert [c["seed"] for c in data["crashes"]] == seeds
    assert {c["error"] for c in data["crashes"]} == {"SystemExit: 3"}
    assert data["finished"] == 16 - len(seeds)


def test_a_game_that_hangs_is_stopped_and_the_run_goes_on(broken: None) -> None:
    """The games that hang are counted as crashed with their seeds; every other game gives
    the figures it gives when the bug makes the same games exit at once (in-process)."""
    code, out = run("simulate", "broken", "-n", "8", "--option", "bug=hang", "--jobs", "2",
                    "--game-timeout", "0.5", "--json")
    assert code == 1
    hung = json_of(out)
    seeds = doomed(range(8))
    assert [c["seed"] for c in hung["crashes"]] == seeds
    assert all(c["error"].startswith("GameTimeout: still playing after 0.5 s")
               for c in hung["crashes"])
    code, out = run("simulate", "broken", "-n", "8", "--option", "bug=exit", "--jobs", "1",
                    "--json")
    exited = json_of(out)
    for data in (hung, exited):
        data.pop("crashes")
        data.pop("options")
        data.pop("game_timeout")
    assert without_timing(hung) == without_timing(exited)
    code, out = run("simulate", "broken", "-n", "1", "--option", "bug=hang", "--jobs", "1",
                    "--game-timeout", "0.3", "--seed", str(seeds[0]))
    assert code == 1 and f"CRASH seed {seeds[0]}: GameTimeout" in out
    assert "--option bug=hang --game-timeout 0.3)" in out  # the command reproduces it


def test_a_game_that_kills_its_worker_counts_as_crashed(broken: None, tmp_path: Path) -> None:
    marker = tmp_path / "died"
    code, out = run("simulate", "broken", "-n", "16", "--option", "bug=die_once", "--option",
                    f"marker={marker}", "--jobs", "2", "--json")
    assert code == 1 and marker.exists()
    data = json_of(out)
    assert data["games"] == 16 and data["crashed"] == 1 and data["finished"] == 15
    crash = data["crashes"][0]
    assert crash["seed"] in doomed(range(16))
    assert crash["error"] == ("WorkerDied: the worker process ended (exit code 9) during "
                              "this game")


def test_game_timeout_must_be_positive() -> None:
    code, out = run("simulate", "tic_tac_toe", "--game-timeout", "0")
    assert code == 2 and "Traceback" not in out
