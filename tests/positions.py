"""Helpers for the tests of a game's ``position`` view (``State.position``): positions from
heuristic self-play, and whether an agent chooses alike from ``position`` and
``determinize``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop import registry
from tabletop.engine import State
from tabletop.match import Match
from tabletop.rng import Rng


def heuristic_positions(game: str, players: int, seed: int, every: int) -> list[State]:
    """Every ``every``-th position of a game of heuristic self-play of ``game``."""
    match = Match(registry.get(game), players, seed, seats=["heuristic"] * players,
                  keep_record=False)
    seen = []
    while not match.state.is_over:
        if match.steps % every == 0:
            seen.append(match.state.clone())
        match.play(match.bot_action())
    return seen


def choice_differs(states: Sequence[State], agents: Sequence[Any]) -> str:
    """Where an agent of ``agents`` chooses differently, or leaves its generator elsewhere,
    from the seat's ``position`` than from its ``determinize`` (the same generator for both);
    ``""`` when it never does."""
    for n, s in enumerate(states):
        seat = s.to_act
        assert seat is not None
        legal = s.legal_actions()
        for agent in agents:
            a, b = Rng.from_seed(n, "views"), Rng.from_seed(n, "views")
            one = agent.choose(s.determinize(seat, a), legal, a)
            other = agent.choose(s.position(seat, b), legal, b)
            if one != other or a.state != b.state:
                return f"position {n}: {s.describe(one)!r} vs {s.describe(other)!r}"
    return ""
