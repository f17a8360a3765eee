"""What every agent is: the protocol, the random agent, and what a seat may see.

An agent receives only what its seat may know: depending on its ``view`` it gets a
determinized copy of the state (``"state"``: everything hidden from the seat resampled; or
``"position"``: the same for an agent that only reads the position, which a game may make
cheaper, see ``State.position``), the observation dict (``"observation"``) or nothing
(``"none"``) — never the true state with the other seats' secrets. A copy holds only the
event-log entries its seat may see and no legal actions cached from the true state: the
kernel sees to it in every game's ``determinize`` and ``position``
(:func:`tabletop.engine.conceal`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, Protocol

from tabletop.engine import State, seat_label
from tabletop.rng import Rng

ViewKind = Literal["state", "position", "observation", "none"]


class Agent(Protocol):
    """Chooses one of the legal actions from what its seat may know."""

    kind: str
    view: ViewKind

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: Rng) -> Any:
        """One element of ``legal_actions``."""
        ...


#: a random player takes a concession it drew only once in this many draws
CONCESSION_ODDS = 100


def is_concession(action: Any) -> bool:
    """Whether ``action`` gives the game up for its player (leaving, resigning). A game marks
    such an action type with the class attribute ``concession = True``."""
    return getattr(type(action), "concession", False) is True


def random_choice(legal_actions: Sequence[Any], rng: Rng) -> Any:
    """A uniformly random legal action, except that a concession drawn is kept only once in
    :data:`CONCESSION_ODDS` draws (otherwise another action is drawn). A random player that
    could leave at every turn would end most games early, and random games would then
    rarely reach the late game; a concession still happens now and then, so it stays
    tested."""
    pick = legal_actions[rng.below(len(legal_actions))]
    if is_concession(pick) and rng.below(CONCESSION_ODDS) != 0:
        others = [a for a in legal_actions if not is_concession(a)]
        if others:
            pick = others[rng.below(len(others))]
    return pick


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded rng (concessions only
    rarely: see :func:`random_choice`)."""

    kind = "random"
    view: ViewKind = "none"

    def choose(self, view: Any, legal_actions: Sequence[Any], rng: Rng) -> Any:
        """A uniformly random legal action."""
        return random_choice(legal_actions, rng)


def view_for(agent: Agent, state: State, seat: int, rng: Rng) -> Any:
    """What ``agent`` may see of ``state`` from ``seat``."""
    if agent.view == "state":
        return state.determinize(seat, rng)
    if agent.view == "position":
        return state.position(seat, rng)
    if agent.view == "observation":
        return state.observation(seat)
    return None


def no_moves(state: State) -> str:
    """Why a search stops: the game broke its contract in a world the search drew."""
    return (f"{type(state).__name__}: a determinized world reached a position with no legal "
            f"action for {seat_label(state.to_act)} before the end; the game's determinize "
            f"(or a rule) lets a state arise that the rules cannot continue")
