"""Playing a batch of simulated games: the one function every kind of worker runs.

Game number ``index`` of a simulation is fixed by the simulation's :class:`SimulationSpec`:
its seed is ``spec.seed + index`` and its agents are ``spec.agents`` rotated by ``index``
(:func:`~tabletop.match.agents_for_game`), or in a tournament the seating that
:func:`~tabletop.simulation.seating.tournament_seats` gives from the seed and ``index``. So :func:`play_games` is pure: the same games give
the same :class:`~tabletop.simulation.report.SimulationReport` in this process, in a local
worker process or on another machine, and a batch that is played again (a worker died) gives
the same report again.
"""

from __future__ import annotations

import functools
import json
import math
import os
import sys
from collections import Counter
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import attrs

from tabletop import registry
from tabletop.agents import RandomAgent
from tabletop.engine import Game, step_cap_of
from tabletop.errors import TabletopError
from tabletop.match import Match, agents_for_game
from tabletop.serialization import encode_options
from tabletop.simulation.report import SimulationReport
from tabletop.simulation.seating import kind_of, tournament_seats

#: batches per worker: enough to share the work out evenly, few enough to cost little
BATCHES_PER_WORKER = 8
#: the most games in one batch (a lost batch is played again)
MAX_BATCH = 250


def all_cores() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


#: the games whose seats' generators are computed together (Match.agent_states_of)
AGENT_STATES_BLOCK = 256

#: a batch: (index of its first game, number of games)
Batch = tuple[int, int]


def batches(games: int, workers: int) -> list[Batch]:
    """``games`` split into consecutive batches for ``workers`` workers."""
    size = max(1, min(MAX_BATCH, math.ceil(games / (workers * BATCHES_PER_WORKER))))
    return [(first, min(size, games - first)) for first in range(0, games, size)]


class WorkerError(TabletopError):
    """A worker could not play at all (the game does not load there, a cluster is not
    reachable): the whole simulation stops with this one-line message."""


@attrs.frozen
class SimulationSpec:
    """Everything a worker needs to play any game of a simulation, as plain data.

    ``source`` is the game's ``"module:attribute"`` and ``source_root`` the folder that module
    imports from: a worker where ``game`` is not a registered name (a game registered
    in-process, by a test) registers it from there. ``timeout`` is the most seconds one game
    may take (None: no limit). In a ``tournament``, ``agents`` are the entrants' names
    (:mod:`tabletop.simulation.seating`), seated by rounds rather than rotated, and the
    report keeps every game's outcome (:attr:`SimulationReport.outcomes`) to rate them by.
    """

    game: str
    players: int
    agents: list[str]
    seed: int
    options: dict[str, Any]
    source: str | None = None
    source_root: str | None = None
    timeout: float | None = None
    tournament: bool = False

    @classmethod
    def create(cls, game: Game, players: int, agents: list[str], seed: int, options: Any,
               timeout: float | None = None, tournament: bool = False) -> SimulationSpec:
        """The spec of a simulation of ``game`` with validated ``options``."""
        source, root = game_source(game)
        return cls(game.name, players, list(agents), seed, encode_options(options), source,
                   root, timeout, tournament)

    def seats_of(self, index: int) -> list[str]:
        """Who sits where in game ``index``: agent kinds, or a tournament's entrants."""
        if self.tournament:
            return tournament_seats(self.agents, self.players, self.seed, index)
        return agents_for_game(self.agents, self.players, index)

    def to_data(self) -> dict[str, Any]:
        """The spec as plain JSON data."""
        return attrs.asdict(self)

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> SimulationSpec:
        """The spec :meth:`to_data` gave."""
        return cls(**data)

    def empty_report(self) -> SimulationReport:
        """A report of no games yet."""
        game, _ = load_game(self)
        defaults = encode_options(game.make_options())
        changed = {k: v for k, v in self.options.items() if defaults.get(k) != v}
        return SimulationReport(self.game, self.players, list(self.agents), changed,
                                self.timeout, outcomes=[] if self.tournament else None)


def game_source(game: Game) -> tuple[str | None, str | None]:
    """``"module:attribute"`` naming ``game`` where it is defined (if it is a module global),
    and the folder that module imports from."""
    module = sys.modules.get(type(game).__module__)
    if module is None:
        return None, None
    name = next((n for n, value in vars(module).items() if value is game), None)
    if name is None:
        return None, None
    root = None
    if getattr(module, "__file__", None):
        path = Path(module.__file__)  # type: ignore[arg-type]
        depth = module.__name__.count(".") + (path.stem == "__init__")
        root = str(path.parents[depth])
    return f"{module.__name__}:{name}", root


@functools.cache
def _load(name: str, source: str | None, root: str | None, options: str) -> tuple[Game, Any]:
    if source is not None and name not in registry.names():
        if root is not None and root not in sys.path:
            sys.path.append(root)
        registry.register(name, source)
    game = registry.get(name)
    return game, game.make_options(json.loads(options))


def load_game(spec: SimulationSpec) -> tuple[Game, Any]:
    """The game of ``spec`` by its registered name (once per process), and its options."""
    return _load(spec.game, spec.source, spec.source_root,
                 json.dumps(spec.options, sort_keys=True))


def play_games(spec: SimulationSpec, first: int, count: int,
               on_game: Callable[[int], None] | None = None) -> SimulationReport:
    """Play games ``first`` .. ``first + count - 1`` of ``spec``; ``on_game(index)`` is told
    as each game starts. A game that raises anything (``SystemExit`` included) counts as
    crashed with its seed; only ``KeyboardInterrupt`` stops the batch."""
    game, options = load_game(spec)
    report = spec.empty_report()
    rotations = [agents_for_game(spec.agents, spec.players, i) for i in range(len(spec.agents))]
    # random agents hold nothing of a game: one set serves every game of the batch
    shared = [[RandomAgent() for _ in seats] if set(seats) == {"random"} else None
              for seats in rotations]
    shared_random = [RandomAgent() for _ in range(spec.players)]
    played = [0] * len(rotations)  # games of each rotation, for the seats' tally
    cap = step_cap_of(game, spec.players, options)
    kinds: Counter[str] = Counter()
    states: list[tuple[int, ...]] = []
    for index in range(first, first + count):
        if on_game is not None:
            on_game(index)
        seed = spec.seed + index
        at = (index - first) % AGENT_STATES_BLOCK
        if at == 0:  # the seats' generators of the next block of games, at once
            states = Match.agent_states_of(
                range(seed, seed + min(AGENT_STATES_BLOCK, first + count - index)),
                spec.players)
        if spec.tournament:  # entrants seated by rounds, each game tallied as it comes
            seats = spec.seats_of(index)
            played_kinds = [kind_of(entrant) for entrant in seats]
            agents = shared_random if set(played_kinds) == {"random"} else None
            report.add_seats(seats)
        else:
            rotation = index % len(rotations)
            seats = played_kinds = rotations[rotation]
            agents = shared[rotation]
            played[rotation] += 1
        match = None
        kinds.clear()
        try:
            match = Match(game, spec.players, seed, options, played_kinds, keep_record=False,
                          agents=agents, agent_states=states[at])
            outcome = match.run(cap, kinds=kinds)
            result = match.state.result() if outcome == "finished" else None
            rounds = match.state.round
        except KeyboardInterrupt:
            raise
        except BaseException as exc:  # noqa: BLE001 - any crash is reported with its seed
            report.add_crash(seed, list(played_kinds), match.steps if match else 0,
                             f"{type(exc).__name__}: {exc}")
            report.add_outcome(index, seats, "crashed", None)
            continue
        report.add_game(outcome, match.steps, rounds, seats, result, kinds)
        report.add_outcome(index, seats, outcome, result)
    # the seats each agent kind held (crashed games included), kinds in the order they first
    # sat: the rotations in the order of the batch's first games
    for rotation in sorted(range(len(rotations)), key=lambda r: (r - first) % len(rotations)):
        if played[rotation]:
            report.add_seats(rotations[rotation], played[rotation])
    return report


def play_batch(spec_data: Mapping[str, Any], first: int, count: int) -> dict[str, Any]:
    """:func:`play_games` as a cluster task: plain data in, plain data out."""
    return play_games(SimulationSpec.from_data(spec_data), first, count).to_data()
