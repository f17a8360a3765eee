"""Agents: who chooses an action for a seat.

An agent receives only what its seat may know: depending on its ``view`` it gets a
determinized copy of the state (``"state"``: everything hidden from the seat resampled; or
``"position"``: the same for an agent that only reads the position, which a game may make
cheaper, see ``State.position``), the observation dict (``"observation"``) or nothing
(``"none"``) — never the true state with the other seats' secrets.

- :mod:`~tabletop.agents.base`: the :class:`Agent` protocol, the random agent, concessions,
  :func:`view_for`;
- :mod:`~tabletop.agents.ismcts`: the kernel's search agent, for every game;
- :mod:`~tabletop.agents.personality`: seeded leanings for a game's heuristic bot;
- :mod:`~tabletop.agents.kinds`: kinds by name (``heuristic``, ``ismcts:200``) and levels.
"""

from tabletop.agents.base import (
    CONCESSION_ODDS,
    Agent,
    RandomAgent,
    ViewKind,
    is_concession,
    random_choice,
    view_for,
)
from tabletop.agents.ismcts import IsmctsAgent, SearchStats
from tabletop.agents.kinds import (
    LEVELS,
    AgentSpec,
    agent_kinds,
    bot_name,
    check_level,
    default_bot,
    level_kind,
    make_agent,
    parse_kind,
)
from tabletop.agents.personality import Personality, blend

__all__ = [
    "CONCESSION_ODDS",
    "LEVELS",
    "Agent",
    "AgentSpec",
    "IsmctsAgent",
    "Personality",
    "RandomAgent",
    "SearchStats",
    "ViewKind",
    "agent_kinds",
    "blend",
    "bot_name",
    "check_level",
    "default_bot",
    "is_concession",
    "level_kind",
    "make_agent",
    "parse_kind",
    "random_choice",
    "view_for",
]
