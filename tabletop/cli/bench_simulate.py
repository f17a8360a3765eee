"""``tabletop bench --simulate``: what the simulate path costs over a bare engine loop.

``tabletop simulate`` plays each game through :class:`~tabletop.match.Match` (agents, one
seeded generator per seat and decision so that any game replays from its seed, the result,
event counts, the report). The bare loop does only what any random self-play must:
``new_state``, then ``legal_actions`` and ``apply`` with moves drawn from one generator, to
the game's step cap. Both play the same seeds with random agents, in chunks taken in turns
(and the reference loop between the games), in CPU time; the cost is simulate's time per
decision over the bare loop's.
"""

from __future__ import annotations

import time
from typing import Any

import attrs

from tabletop.cli.bench import REFERENCE_NAME, table, with_reference
from tabletop.cli.reference_loop import Reference
from tabletop.engine import Game, step_cap_of
from tabletop.rng import Rng
from tabletop.simulation.batch import SimulationSpec, play_games

#: a chunk of games is doubled until it takes this many CPU seconds
CHUNK_SECONDS = 0.05


@attrs.frozen
class SimulateCost:
    """The two loops' speeds on one game, random agents, CPU time."""

    game: str
    players: int
    bare_decisions_per_second: float
    bare_games_per_second: float
    simulate_decisions_per_second: float
    simulate_games_per_second: float

    HEADINGS = ("game", "players", "bare decisions/s", "simulate decisions/s",
                "simulate / bare", "bare / ref", "simulate / ref")

    @property
    def cost(self) -> float:
        """Simulate's time per decision over the bare loop's (1.3: 30% slower)."""
        return self.bare_decisions_per_second / self.simulate_decisions_per_second

    def ratios(self, reference: Reference) -> dict[str, float]:
        """Both speeds as multiples of the reference loop's, and :attr:`cost`."""
        return {"bare_decisions_per_second":
                    self.bare_decisions_per_second / reference.decisions_per_second,
                "simulate_decisions_per_second":
                    self.simulate_decisions_per_second / reference.decisions_per_second,
                "simulate_over_bare": self.cost}

    def row(self, reference: Reference) -> tuple[str, ...]:
        """The figures as table cells."""
        r = self.ratios(reference)
        return (self.game, str(self.players), f"{self.bare_decisions_per_second:,.0f}",
                f"{self.simulate_decisions_per_second:,.0f}", f"{self.cost:.2f}x",
                f"{r['bare_decisions_per_second']:.3g}x",
                f"{r['simulate_decisions_per_second']:.3g}x")


def bare_games(game: Game, players: int, options: Any, first: int, count: int) -> int:
    """Random self-play of seeds ``first`` .. ``first + count - 1`` with nothing but the
    engine: the decisions made."""
    cap = step_cap_of(game, players, options)
    rng = Rng.from_seed(first, "bench-bare")
    decisions = 0
    for seed in range(first, first + count):
        state = game.new_state(players, seed, options)
        steps = 0
        while not state.is_over and steps < cap:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            steps += 1
        decisions += steps
    return decisions


def simulate_cost(game: Game, players: int, seconds: float) -> SimulateCost:
    """Time the bare loop and the simulate path on the same seeds, in turns, for about
    ``seconds`` of CPU time in all."""
    options = game.make_options()
    spec = SimulationSpec.create(game, players, ["random"], 0, options)
    spent = {"bare": 0.0, "simulate": 0.0}
    decisions = {"bare": 0, "simulate": 0}
    first, chunk = 0, 1
    while spent["bare"] + spent["simulate"] < seconds or first == 0:
        start = time.process_time()
        decisions["bare"] += bare_games(game, players, options, first, chunk)
        middle = time.process_time()
        decisions["simulate"] += sum(play_games(spec, first, chunk).decisions)
        end = time.process_time()
        spent["bare"] += middle - start
        spent["simulate"] += end - middle
        first += chunk
        if end - start < 2 * CHUNK_SECONDS:
            chunk *= 2
    return SimulateCost(
        game.name, players,
        decisions["bare"] / spent["bare"], first / spent["bare"],
        decisions["simulate"] / spent["simulate"], first / spent["simulate"])


def measure(entries: list[tuple[Game, int]], seconds: float) -> tuple[list[SimulateCost],
                                                                        Reference]:
    """:func:`simulate_cost` for each (game, players), the reference loop timed between."""
    return with_reference(entries, lambda game, players: simulate_cost(game, players, seconds))


def report_text(costs: list[SimulateCost], reference: Reference) -> str:
    """The table of both loops per game, and the reference row."""
    rows = [c.row(reference) for c in costs]
    rows.append((REFERENCE_NAME, "2", f"{reference.decisions_per_second:,.0f}", "", "",
                 "1x", ""))
    return "\n".join([
        table(rows, SimulateCost.HEADINGS), "",
        "simulate / bare: the simulate path's CPU time per decision over the bare engine loop's",
        "(random agents, same seeds); / ref: speed as a multiple of the reference loop's."])


def report_json(costs: list[SimulateCost], reference: Reference) -> dict[str, Any]:
    """Both loops per game with their ratios, and the reference, as JSON data."""
    return {
        "reference": reference.to_data(),
        "simulate": [{**attrs.asdict(c), "ratios": c.ratios(reference)} for c in costs],
    }
