"""``tabletop bench``: the reference loop and the ratios to it (no timing is asserted: the
machine's speed is not the subject, only that the figures are reported and consistent)."""

from __future__ import annotations

import json
import math

import pytest
from click.testing import CliRunner

from tabletop.cli import main
from tabletop.cli.bench import REFERENCE_NAME, BenchFigures, ratios
from tabletop.cli.reference_loop import Reference, reference_games, time_reference


def test_the_reference_loop_does_fixed_work() -> None:
    """The yardstick never changes: the same games make the same decisions on every machine
    (3783 for 500 games is the loop as first published; a change to it breaks every ratio
    recorded in docs/benchmarks.md), and each game makes 5 to 9 decisions."""
    assert reference_games(500) == reference_games(500) == 3783
    assert 5 * 40 <= reference_games(40) <= 9 * 40
    games, decisions, seconds = time_reference(0.0)
    assert games > 0 and decisions == reference_games(games) and seconds >= 0


def test_the_reference_is_the_median_slice() -> None:
    slices = [(100, 700, 0.01), (100, 700, 0.02), (100, 700, 0.005)]
    ref = Reference.of(slices)
    assert ref.decisions_per_second == pytest.approx(700 / 0.01)
    assert ref.games_per_second == pytest.approx(100 / 0.01)
    assert ref.us_per_decision == pytest.approx(1e6 / 70_000)
    assert ref.samples == (70_000.0, 35_000.0, 140_000.0)
    with pytest.raises(ValueError):
        Reference.of([])


def test_ratios_are_each_figure_over_the_reference() -> None:
    figures = BenchFigures("g", 2, 50_000.0, 100.0, 20.0, 400.0, 25_000.0)
    ref = Reference(200_000.0, 25_000.0, (200_000.0,))
    r = ratios(figures, ref)
    assert r == pytest.approx({"decisions_per_second": 0.25, "games_per_second": 0.004,
                               "clone_us": 4.0, "snapshot_roundtrip_us": 80.0,
                               "replay_decisions_per_second": 0.125})


def test_bench_json_has_the_reference_and_each_games_ratios() -> None:
    result = CliRunner().invoke(main, ["bench", "tic_tac_toe", "--seconds", "0.05", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    ref = data["reference"]
    assert ref["decisions_per_second"] > 0 and ref["games_per_second"] > 0
    assert ref["decisions_per_second"] in ref["samples"] and len(ref["samples"]) == 2
    assert ref["us_per_decision"] == pytest.approx(1e6 / ref["decisions_per_second"])
    (game,) = data["games"]
    assert game["game"] == "tic_tac_toe"
    r = game["ratios"]
    assert math.isclose(r["decisions_per_second"],
                        game["decisions_per_second"] / ref["decisions_per_second"])
    assert math.isclose(r["games_per_second"], game["games_per_second"] / ref["games_per_second"])
    assert math.isclose(r["clone_us"], game["clone_us"] / ref["us_per_decision"])
    assert math.isclose(r["snapshot_roundtrip_us"],
                        game["snapshot_roundtrip_us"] / ref["us_per_decision"])
    assert math.isclose(r["replay_decisions_per_second"],
                        game["replay_decisions_per_second"] / ref["decisions_per_second"])


def test_bench_text_has_the_reference_row_and_the_ratio_table() -> None:
    result = CliRunner().invoke(main, ["bench", "tic_tac_toe", "--seconds", "0.05"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    ref_row = next(line for line in lines if line.startswith(REFERENCE_NAME))
    ref_speed = float(ref_row.split()[2].replace(",", ""))
    game_rows = [line.split() for line in lines if line.startswith("tic_tac_toe")]
    assert len(game_rows) == 2  # its figures, then its ratios
    figures, ratio_row = game_rows
    speed = float(figures[2].replace(",", ""))
    assert ratio_row[2].endswith("x")
    # the printed ratio is the printed figure over the printed reference, to 3 digits
    assert float(ratio_row[2][:-1]) == pytest.approx(speed / ref_speed, rel=0.01)


def test_bench_simulate_gives_both_loops_and_their_ratios() -> None:
    from tabletop import registry
    from tabletop.cli.bench_simulate import bare_games

    result = CliRunner().invoke(main, ["bench", "--simulate", "tic_tac_toe", "--seconds", "0.05",
                                       "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    ref = data["reference"]["decisions_per_second"]
    (cost,) = data["simulate"]
    r = cost["ratios"]
    assert math.isclose(r["simulate_over_bare"],
                        cost["bare_decisions_per_second"] / cost["simulate_decisions_per_second"])
    assert math.isclose(r["bare_decisions_per_second"], cost["bare_decisions_per_second"] / ref)
    assert math.isclose(r["simulate_decisions_per_second"],
                        cost["simulate_decisions_per_second"] / ref)
    # the bare loop plays whole games: 5 to 9 decisions each in tic-tac-toe
    game = registry.get("tic_tac_toe")
    assert 5 * 20 <= bare_games(game, 2, game.make_options(), 0, 20) <= 9 * 20
    text = CliRunner().invoke(main, ["bench", "--simulate", "tic_tac_toe", "--seconds", "0.05"])
    assert text.exit_code == 0 and "simulate / bare" in text.output
    assert any(line.startswith(REFERENCE_NAME) for line in text.output.splitlines())


def test_bench_runs_as_a_command_of_its_own() -> None:
    """In a fresh interpreter, as a user runs it (in this process the bench modules are
    already imported, which once hid an import of the wrong ``bench``)."""
    import subprocess
    import sys

    for mode in ([], ["--simulate"]):
        done = subprocess.run(
            [sys.executable, "-c", "from tabletop.cli import main; main()", "bench",
             "tic_tac_toe", "--seconds", "0.02", "--json", *mode],
            capture_output=True, text=True, timeout=120, check=False)
        assert done.returncode == 0, done.stderr
        assert "reference" in json.loads(done.stdout)
