"""``tabletop bench``: speed figures per game (no pass/fail; compare with the goals in README).

Every figure is CPU time of this process, so that other work on the machine slows it less.
Between the games, and after the last, the bench times the fixed bare-Python loop of
:mod:`tabletop.cli.reference_loop`; each game's figures are also given as ratios to that
reference (:func:`ratios`), which compare across machines and days where raw figures do not.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

from tabletop.agents import random_choice
from tabletop.cli.reference_loop import Reference, time_reference
from tabletop.engine import Game, State, step_cap_of
from tabletop.record import Record, replay
from tabletop.rng import Rng
from tabletop.serialization import load_snapshot, snapshot_json


@attrs.frozen
class BenchFigures:
    """One game's speed figures."""

    game: str
    players: int
    decisions_per_second: float
    games_per_second: float
    clone_us: float
    snapshot_roundtrip_us: float
    replay_decisions_per_second: float

    HEADINGS = ("game", "players", "random decisions/s", "games/s", "clone µs",
                "snapshot µs", "replay decisions/s")

    def row(self) -> tuple[str, ...]:
        """The figures as table cells."""
        return (self.game, str(self.players), f"{self.decisions_per_second:,.0f}",
                f"{self.games_per_second:,.1f}", f"{self.clone_us:,.2f}",
                f"{self.snapshot_roundtrip_us:,.1f}", f"{self.replay_decisions_per_second:,.0f}")


def _random_games(game: Game, players: int, seconds: float) -> tuple[int, int, float, list[Record],
                                                                      list[State]]:
    """Random self-play for about ``seconds``: (games, decisions, time, records, samples)."""
    games = decisions = 0
    records: list[Record] = []
    samples: list[State] = []
    pick = Rng.from_seed(99, "bench")
    start = time.process_time()
    elapsed = 0.0
    while elapsed < seconds or games == 0:
        seed = games
        state = game.new_state(players, seed)
        rng = Rng.from_seed(seed, "bench-chooser")
        cap = step_cap_of(game, players, None)
        steps = 0
        record = Record.start(game, players, seed, state.options, ["random"] * players) \
            if len(records) < 5 else None
        sample_at = pick.below(64)
        while not state.is_over and steps < cap:
            legal = state.legal_actions()
            action = random_choice(legal, rng)
            state.apply(action)
            steps += 1
            if record is not None:
                record.add(action)
            if steps == sample_at and len(samples) < 50:
                samples.append(state.clone())
        if record is not None:
            records.append(record)
        games += 1
        decisions += steps
        elapsed = time.process_time() - start
    return games, decisions, elapsed, records, samples


def _per_call_us(fn: Callable[[Any], Any], items: list[Any], budget: float = 0.3) -> float:
    if not items:
        return float("nan")
    calls = 0
    start = time.process_time()
    while True:
        for item in items:
            fn(item)
        calls += len(items)
        elapsed = time.process_time() - start
        if elapsed >= budget:
            return elapsed / calls * 1e6


def bench_game(game: Game, players: int, seconds: float = 1.5) -> BenchFigures:
    """Measure one game in this process."""
    games, decisions, elapsed, records, samples = _random_games(game, players, seconds)
    clone_us = _per_call_us(lambda s: s.clone(), samples)
    snap_us = _per_call_us(
        lambda s: load_snapshot(game, json.loads(snapshot_json(game, s))), samples)
    replayed = 0
    start = time.process_time()
    for record in records:
        replay(record, game, check_result=False)
        replayed += len(record.actions)
    replay_time = time.process_time() - start
    return BenchFigures(game.name, players, decisions / elapsed, games / elapsed, clone_us,
                        snap_us, replayed / replay_time if replay_time else float("nan"))


#: CPU seconds the reference loop runs before each game and after the last
REFERENCE_SLICE = 0.25


M = TypeVar("M")


def with_reference(entries: list[tuple[Game, int]], measure: Callable[[Game, int], M],
                   reference_slice: float = REFERENCE_SLICE) -> tuple[list[M], Reference]:
    """``measure(game, players)`` for each entry, timing the reference loop before each one
    and after the last: the measures and the reference (the median of its slices)."""
    slices = [time_reference(reference_slice)]
    measures = []
    for game, players in entries:
        measures.append(measure(game, players))
        slices.append(time_reference(reference_slice))
    return measures, Reference.of(slices)


def bench_games(entries: list[tuple[Game, int]], seconds: float,
                reference_slice: float = REFERENCE_SLICE) -> tuple[list[BenchFigures], Reference]:
    """:func:`bench_game` for each (game, players), with the reference timed between them."""
    return with_reference(entries, lambda game, players: bench_game(game, players, seconds),
                          reference_slice)


def ratios(figures: BenchFigures, reference: Reference) -> dict[str, float]:
    """A game's figures as ratios to the reference loop, each ``figure / reference`` in the
    same unit: decisions (random and replayed) and games per second as multiples of the
    reference's (0.5: half its speed), and a clone and a snapshot round trip as a number of
    reference decisions (their µs over the µs of one reference decision)."""
    return {
        "decisions_per_second": figures.decisions_per_second / reference.decisions_per_second,
        "games_per_second": figures.games_per_second / reference.games_per_second,
        "clone_us": figures.clone_us / reference.us_per_decision,
        "snapshot_roundtrip_us": figures.snapshot_roundtrip_us / reference.us_per_decision,
        "replay_decisions_per_second":
            figures.replay_decisions_per_second / reference.decisions_per_second,
    }


#: the reference row's name in the table
REFERENCE_NAME = "(reference)"

RATIO_HEADINGS = ("game", "players", "random decisions", "games", "clone",
                  "snapshot round trip", "replay decisions")


def report_text(figures: list[BenchFigures], reference: Reference) -> str:
    """The figures with the reference row, then every figure as a ratio to the reference."""
    rows = [f.row() for f in figures]
    rows.append((REFERENCE_NAME, "2", f"{reference.decisions_per_second:,.0f}",
                 f"{reference.games_per_second:,.1f}", "", "", ""))
    ratio_rows: list[tuple[str, ...]] = []
    for f in figures:
        r = ratios(f, reference)
        ratio_rows.append((f.game, str(f.players), f"{r['decisions_per_second']:.3g}x",
                           f"{r['games_per_second']:.3g}x", f"{r['clone_us']:.3g}",
                           f"{r['snapshot_roundtrip_us']:.3g}",
                           f"{r['replay_decisions_per_second']:.3g}x"))
    return "\n".join([
        table(rows, BenchFigures.HEADINGS), "",
        "As ratios to the reference loop (random tic-tac-toe in bare Python, timed between the",
        "games): speeds as multiples of its speed, a clone and a snapshot as a count of its",
        "decisions.",
        table(ratio_rows, RATIO_HEADINGS)])


def report_json(figures: list[BenchFigures], reference: Reference) -> dict[str, Any]:
    """The figures, each game's ratios and the reference, as JSON data."""
    return {
        "reference": reference.to_data(),
        "games": [{**attrs.asdict(f), "ratios": ratios(f, reference)} for f in figures],
    }


def table(rows: list[tuple[str, ...]], headings: tuple[str, ...]) -> str:
    """A plain text table, numbers right-aligned."""
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headings)]
    def fmt(cells: tuple[str, ...]) -> str:
        return "  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                         for i, (c, w) in enumerate(zip(cells, widths, strict=True)))
    return "\n".join([fmt(headings), fmt(tuple("-" * w for w in widths)), *map(fmt, rows)])
