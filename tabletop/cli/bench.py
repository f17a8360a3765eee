"""``tabletop bench``: speed figures per game (no pass/fail; compare with the goals in README)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import attrs

from tabletop.agents import random_choice
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
                "snapshot JSON round trip µs", "replay decisions/s")

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
    start = time.perf_counter()
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
        elapsed = time.perf_counter() - start
    return games, decisions, elapsed, records, samples


def _per_call_us(fn: Callable[[Any], Any], items: list[Any], budget: float = 0.3) -> float:
    if not items:
        return float("nan")
    calls = 0
    start = time.perf_counter()
    while True:
        for item in items:
            fn(item)
        calls += len(items)
        elapsed = time.perf_counter() - start
        if elapsed >= budget:
            return elapsed / calls * 1e6


def bench_game(game: Game, players: int, seconds: float = 1.5) -> BenchFigures:
    """Measure one game in this process."""
    games, decisions, elapsed, records, samples = _random_games(game, players, seconds)
    clone_us = _per_call_us(lambda s: s.clone(), samples)
    snap_us = _per_call_us(
        lambda s: load_snapshot(game, json.loads(snapshot_json(game, s))), samples)
    replayed = 0
    start = time.perf_counter()
    for record in records:
        replay(record, game, check_result=False)
        replayed += len(record.actions)
    replay_time = time.perf_counter() - start
    return BenchFigures(game.name, players, decisions / elapsed, games / elapsed, clone_us,
                        snap_us, replayed / replay_time if replay_time else float("nan"))


def table(rows: list[tuple[str, ...]], headings: tuple[str, ...]) -> str:
    """A plain text table, numbers right-aligned."""
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headings)]
    def fmt(cells: tuple[str, ...]) -> str:
        return "  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                         for i, (c, w) in enumerate(zip(cells, widths, strict=True)))
    return "\n".join([fmt(headings), fmt(tuple("-" * w for w in widths)), *map(fmt, rows)])
