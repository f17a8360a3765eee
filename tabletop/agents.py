"""Agents: who chooses an action for a seat.

An agent receives only what its seat may know: depending on its ``view`` it gets a
determinized copy of the state (``"state"``: everything hidden from the seat resampled), the
observation dict (``"observation"``) or nothing (``"none"``) — never the true state with the
other seats' secrets.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, Protocol

from tabletop.engine import Game, State
from tabletop.errors import InvalidOptions
from tabletop.rng import Rng

ViewKind = Literal["state", "observation", "none"]


class Agent(Protocol):
    """Chooses one of the legal actions from what its seat may know."""

    kind: str
    view: ViewKind

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: Rng) -> Any:
        """One element of ``legal_actions``."""
        ...


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded rng."""

    kind = "random"
    view: ViewKind = "none"

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: Rng) -> Any:
        """A uniformly random legal action."""
        return legal_actions[rng.below(len(legal_actions))]


def view_for(agent: Agent, state: State, seat: int, rng: Rng) -> Any:
    """What ``agent`` may see of ``state`` from ``seat``."""
    if agent.view == "state":
        return state.determinize(seat, rng)
    if agent.view == "observation":
        return state.observation(seat)
    return None


def agent_kinds(game: Game) -> list[str]:
    """Agent kinds available for ``game``: ``random`` and whatever the game offers."""
    return ["random", *sorted(k for k in game.agents() if k != "random")]


def make_agent(game: Game, kind: str) -> Agent:
    """A fresh agent of ``kind`` for ``game``; InvalidOptions for an unknown kind."""
    if kind == "random":
        return RandomAgent()
    factories = game.agents()
    if kind not in factories:
        raise InvalidOptions(
            f"{game.name} has no agent {kind!r} (agents: {', '.join(agent_kinds(game))})"
        )
    return factories[kind]()


def default_bot(game: Game) -> str:
    """The agent a bot seat uses unless told otherwise: the game's heuristic if it has one."""
    return "heuristic" if "heuristic" in game.agents() else "random"
