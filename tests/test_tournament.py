"""``tabletop tournament``: seatings that turn every agent through every seat, OpenSkill
ratings in seed order, the same report on one core, two or a Dask cluster, clear errors."""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from collections.abc import Iterator
from importlib.util import find_spec
from typing import Any

import pytest
from click.testing import CliRunner

from tabletop import registry
from tabletop.cli import main
from tabletop.simulation import TIMING_KEYS, simulate
from tabletop.simulation.batch import SimulationSpec, play_games
from tabletop.simulation.pool import crash_report
from tabletop.simulation.report import WIDTH
from tabletop.simulation.seating import entrant_names, kind_of, lineup, tournament_seats
from tabletop.simulation.tournament import TournamentReport, ranks_of, rate
from tests.fixtures.broken_game import GAME as BROKEN

#: the tests that rate: OpenSkill comes with the tournament extra (the test extra has it)
rates = pytest.mark.skipif(find_spec("openskill") is None,
                           reason="OpenSkill is missing: pip install -e '.[tournament]'")


def invoke(*args: str) -> tuple[int, str, str]:
    """``tabletop ARGS``: exit code, stdout and stderr (no exception but the exit)."""
    result = CliRunner().invoke(main, list(args))
    assert not isinstance(result.exception, Exception) or isinstance(
        result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result.exit_code, result.stdout, result.stderr


def without_timing(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in TIMING_KEYS}


@pytest.fixture
def broken() -> Iterator[None]:
    registry.register("broken", BROKEN)
    yield
    registry.unregister("broken")


# -- seatings ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("entrants", "players"), [
    (["a", "b"], 2), (["a", "b", "c"], 2), (["a", "b", "c", "d", "e"], 3), (["a", "b"], 3),
    (["a", "b", "c"], 5), (["a", "b", "c", "d"], 4),
])
def test_every_entrant_sits_in_every_seat_equally(entrants: list[str], players: int) -> None:
    """Each round of ``players`` games turns its lineup through every seat; a cycle of as
    many rounds as entrants gives every entrant every seat equally often."""
    cycles = 3
    seats: Counter[tuple[int, str]] = Counter()
    for round_number in range(len(entrants) * cycles):
        games = [tournament_seats(entrants, players, 11, round_number * players + turn)
                 for turn in range(players)]
        drawn = lineup(entrants, players, 11, round_number)
        assert games[0] == drawn
        for seat in range(players):  # each of the lineup's seats held once by each of them
            assert Counter(game[seat] for game in games) == Counter(drawn)
        if len(entrants) >= players:
            assert len(set(drawn)) == players  # no entrant twice while there are enough
        else:
            assert set(drawn) == set(entrants)
        for game in games:
            seats.update(enumerate(game))
    per_seat = {seats[seat, name] for seat in range(players) for name in entrants}
    assert len(per_seat) == 1 and per_seat.pop() > 0


def test_a_seating_is_a_pure_function_of_the_seed_and_the_game() -> None:
    entrants = ["random", "heuristic", "ismcts:20"]
    first = [tournament_seats(entrants, 2, 4, i) for i in range(30)]
    again = [tournament_seats(entrants, 2, 4, i) for i in reversed(range(30))][::-1]
    assert first == again
    assert first != [tournament_seats(entrants, 2, 5, i) for i in range(30)]
    # pairings vary: every pair of entrants meets, in both orders
    assert {tuple(s) for s in first} == {(a, b) for a in entrants for b in entrants if a != b}


def test_a_kind_listed_twice_is_two_entrants() -> None:
    names = entrant_names(["random", "heuristic", "random", "random"])
    assert names == ["random", "heuristic", "random#2", "random#3"]
    assert [kind_of(name) for name in names] == ["random", "heuristic", "random", "random"]


def test_a_batch_seats_and_records_its_games_as_the_seating_says() -> None:
    game = registry.get("tic_tac_toe")
    spec = SimulationSpec.create(game, 2, ["random", "heuristic", "random#2"], 3,
                                 game.make_options(), tournament=True)
    report = play_games(spec, 5, 7)
    assert report.outcomes is not None
    assert [o["index"] for o in report.outcomes] == list(range(5, 12))
    assert [o["seats"] for o in report.outcomes] == [
        tournament_seats(spec.agents, 2, 3, i) for i in range(5, 12)]
    assert sum(report.seats_by_agent.values()) == 14
    lost = crash_report(spec, 9, "WorkerDied: gone")  # a game lost with its worker
    assert lost.crashes[0]["agents"] == [kind_of(n) for n in spec.seats_of(9)]
    assert lost.outcomes == [{"index": 9, "seats": spec.seats_of(9), "outcome": "crashed",
                              "winners": None, "scores": None, "ranking": None}]
    plain = SimulationSpec.create(game, 2, ["random", "heuristic"], 3, game.make_options())
    assert play_games(plain, 0, 3).outcomes is None  # a simulation keeps no outcomes


# -- ranks and ratings ------------------------------------------------------------------------

def outcome(index: int, seats: list[str], winners: list[int], scores: list[float],
            ranking: list[int]) -> dict[str, Any]:
    return {"index": index, "seats": seats, "outcome": "finished", "winners": winners,
            "scores": scores, "ranking": ranking}


def test_ranks_come_from_the_result_with_its_ties() -> None:
    seats = ["a", "b", "c", "d"]
    assert ranks_of(outcome(0, seats, [2], [1, 0, 5, 3], [2, 3, 0, 1])) == [2, 3, 0, 1]
    # two winners share the first place; equal losers share theirs
    assert ranks_of(outcome(0, seats, [1, 3], [2, 7, 2, 7], [1, 3, 0, 2])) == [2, 0, 2, 0]
    # a draw: every seat shares the first place
    assert ranks_of(outcome(0, seats[:2], [], [0.5, 0.5], [0, 1])) == [0, 0]
    # a tie-break put seat 0 first on equal scores: the result's winner stands alone
    assert ranks_of(outcome(0, seats[:3], [0], [4, 4, 1], [0, 1, 2])) == [0, 1, 2]


@rates
def test_ratings_follow_the_seed_order_whatever_order_the_games_came_in() -> None:
    rng = random.Random(1)
    games = []
    for index in range(40):
        seats = rng.sample(["a", "b", "c"], 2)
        a_wins = seats.index("a") if "a" in seats else rng.randrange(2)
        games.append(outcome(index, seats, [a_wins], [1.0 - (s != a_wins) for s in range(2)],
                             [a_wins, 1 - a_wins]))
    ratings = rate(["a", "b", "c"], games)
    assert rate(["a", "b", "c"], list(reversed(games))) == ratings
    assert ratings["a"][0] > max(ratings["b"][0], ratings["c"][0])


@rates
def test_an_entrant_in_two_seats_is_rated_for_both() -> None:
    """With three seats and two entrants, one holds two seats: an entrant whose every seat
    beats the other's ends above it, and one game moves it by both seats' changes."""
    games = [outcome(i, ["x", "y", "x"] if i % 2 else ["y", "x", "y"], [], [], [])
             for i in range(20)]
    for game in games:
        seats = game["seats"]
        x = [s for s in range(3) if seats[s] == "x"]
        order = x + [s for s in range(3) if s not in x]
        game.update(winners=[order[0]], ranking=order,
                    scores=[3.0 - order.index(s) for s in range(3)])
    ratings = rate(["x", "y"], games)
    assert ratings["x"][0] > 25 > ratings["y"][0]
    assert all(sigma < 25 / 3 for _, sigma in ratings.values())


# -- the command ------------------------------------------------------------------------------

@rates
def test_jobs_1_and_jobs_2_give_the_same_report() -> None:
    args = ("tournament", "tic_tac_toe", "--agents", "random,heuristic,random", "-n", "30",
            "--seed", "8", "--json")
    code1, out1, _ = invoke(*args, "--jobs", "1")
    code2, out2, _ = invoke(*args, "--jobs", "2")
    assert code1 == code2 == 0
    one, two = json.loads(out1), json.loads(out2)
    assert one["games"] == 30 and one["finished"] == 30
    assert {s["agent"] for s in one["standings"]} == {"random", "random#2", "heuristic"}
    assert without_timing(one) == without_timing(two)


@rates
def test_a_strong_agent_is_rated_above_random() -> None:
    """Seeded: the same 60 games every run. The heuristic never loses tic-tac-toe to random
    play in them; its whole 95% rating interval lies above random's."""
    code, out, _ = invoke("tournament", "tic_tac_toe", "--agents", "random,heuristic", "-n",
                          "60", "--seed", "1", "--jobs", "1", "--json")
    assert code == 0
    best, worst = json.loads(out)["standings"]
    assert (best["agent"], worst["agent"]) == ("heuristic", "random")
    assert best["rating_95"][0] > worst["rating_95"][1]
    assert best["win_share_95"][0] > 0.5 > worst["win_share_95"][1]
    assert best["games"] == worst["games"] == 60


@rates
@pytest.mark.slow
def test_on_chicago_diy_the_heuristic_is_rated_above_random_in_every_seat_count() -> None:
    """Three and four players, two entrants each holding several seats: seeded games."""
    for players, games in ((3, 60), (4, 48)):
        code, out, _ = invoke("tournament", "chicago_diy", "--agents", "random,heuristic",
                              "--players", str(players), "-n", str(games), "--jobs", "2",
                              "--json")
        assert code == 0
        best, worst = json.loads(out)["standings"]
        assert (best["agent"], worst["agent"]) == ("heuristic", "random")
        assert best["rating_95"][0] > worst["rating_95"][1]


@rates
def test_json_shape() -> None:
    code, out, _ = invoke("tournament", "tic_tac_toe", "--agents", "heuristic,random,ismcts:8",
                          "-n", "12", "--jobs", "1", "--json")
    assert code == 0
    data = json.loads(out)
    assert {"game", "players", "agents", "options", "seed", "games", "finished", "truncated",
            "crashed", "crashes", "draws", "wins_by_seat", "win_rate_by_seat", "rating_model",
            "standings", *TIMING_KEYS} <= set(data)
    assert data["agents"] == ["heuristic", "random", "ismcts:8"]
    keys = {"agent", "kind", "games", "wins", "win_share", "win_share_95", "mean_score", "mu",
            "sigma", "rating_95", "ordinal"}
    assert all(set(s) == keys for s in data["standings"])
    ordinals = [s["ordinal"] for s in data["standings"]]
    assert ordinals == sorted(ordinals, reverse=True)
    assert sum(s["games"] for s in data["standings"]) == 2 * data["finished"]
    for s in data["standings"]:
        assert s["ordinal"] == pytest.approx(s["mu"] - 3 * s["sigma"])
        low, high = s["win_share_95"]
        assert low <= s["win_share"] <= high


@rates
def test_the_table_is_sorted_by_rating_within_100_columns() -> None:
    long_kind = "ismcts:6:guide=heuristic:width=3:depth=2"
    code, out, err = invoke("tournament", "tic_tac_toe", "--agents",
                            f"random,heuristic,{long_kind}", "-n", "9", "--jobs", "1")
    assert code == 0 and "tic_tac_toe 2p tournament" in err  # the progress bar's label
    lines = out.splitlines()
    assert all(len(line) <= WIDTH for line in lines), max(lines, key=len)
    header = next(i for i, line in enumerate(lines) if line.split()[:2] == ["agent", "games"])
    rows = [line.split() for line in lines[header + 1:header + 4]]
    ordinals = [float(row[-1]) for row in rows]
    assert ordinals == sorted(ordinals, reverse=True)
    assert "(the last round is short: 9 games are not a multiple of 2 seats)" in out


@rates
def test_a_crash_names_its_seed_and_is_not_rated(broken: None) -> None:
    code, out, _ = invoke("tournament", "broken", "--agents", "random,random", "-n", "4",
                          "--option", "bug=crash", "--jobs", "1", "--json")
    data = json.loads(out)
    assert code == 1 and data["crashed"] >= 1
    crash = data["crashes"][0]
    assert crash["agents"] == ["random", "random"]  # kinds: the simulate command replays it
    assert sum(s["games"] for s in data["standings"]) == 2 * data["finished"]
    code, text, _ = invoke("tournament", "broken", "--agents", "random,random", "-n", "4",
                           "--option", "bug=crash", "--jobs", "1")
    assert (f"  CRASH seed {crash['seed']} at decision {crash['step']}: RuntimeError: planted "
            "crash; reproduce it with:\n    tabletop simulate broken -n 1 --players 2 --seed "
            f"{crash['seed']} --agents random,random --option bug=crash\n") in text


@pytest.mark.parametrize(("args", "message"), [
    (("--agents", "random,superbot"), "tic_tac_toe has no agent 'superbot'"),
    (("--agents", "heuristic"), "a tournament needs at least 2 agents"),
    (("--agents", "random,heuristic", "--players", "5"), "5"),
    (("--agents", "random,ismcts:lots"), "ismcts:lots"),
    (("--agents", "random,heuristic", "--option", "nope=1"), "nope"),
])
def test_bad_input_is_one_line_and_exit_2(args: tuple[str, ...], message: str) -> None:
    code, out, err = invoke("tournament", "tic_tac_toe", *args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("Error: ")
    assert message in err


def test_without_openskill_the_command_says_how_to_install_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "openskill", None)
    monkeypatch.setitem(sys.modules, "openskill.models", None)
    code, out, err = invoke("tournament", "tic_tac_toe", "--agents", "random,heuristic")
    assert code == 2 and out == ""
    hint = ("Error: tabletop tournament rates with OpenSkill, which is not installed: "
            "pip install 'tabletop[tournament]'")
    assert err.strip().splitlines() == [hint]


# -- a Dask cluster ---------------------------------------------------------------------------

@rates
def test_a_cluster_gives_the_local_report() -> None:
    distributed = pytest.importorskip("dask.distributed")
    game = registry.get("tic_tac_toe")
    entrants = ["random", "heuristic", "ismcts:8"]
    options = game.make_options()
    here = TournamentReport.of(simulate(game, 24, 2, entrants, 2, options, tournament=True), 2)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster:
        there = TournamentReport.of(simulate(game, 24, 2, entrants, 2, options,
                                             scheduler=cluster.scheduler_address,
                                             tournament=True), 2)
    assert here.games.games == 24
    assert there.stable_json() == here.stable_json()
