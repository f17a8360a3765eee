"""A Tabletop game as a PettingZoo AEC environment (``pip install "tabletop[rl]"``)::

    from tabletop.adapters.pettingzoo import env
    table = env("crime_lords", players=4, seed=7)
    table.reset()
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, info = table.last()
        ...
        table.step(None if terminated or truncated else number)

- **Agents** are ``"player_1"`` .. ``"player_N"``, seat 0 being ``player_1``; the agent to
  act is the seat the game asks (one seat may act several times in a row).
- **Actions** are ``Discrete(Game.action_space(players, options))``: the game's numbers
  (``State.action_index``). A number that is not legal now raises ``ValueError`` and changes
  nothing.
- **Observations** are ``{"observation": Box(shape=Game.observation_shape), "action_mask":
  Box(0, 1, (actions,), int8)}``. The tensor is ``State.observation_tensor`` of the observing
  agent's own seat, so it shows only what that seat may see. The mask is 1 for the legal
  numbers of the agent to act, all 0 for the others; **concessions are masked out** (leaving,
  resigning: ``State.is_concession``) unless every legal action is one, so that a uniformly
  random agent plays the game instead of leaving it. ``keep_concessions=True`` keeps them;
  a masked concession is still legal if an agent plays its number.
- **Rewards** come only at the end, to every seat at once: with ``reward="win"`` (the
  default) +1 to each winner, -1 to every other seat, 0 to all in a draw; with
  ``reward="score"`` the ``Result.scores`` themselves (within ``Game.result_bounds``).
- **The end**: a finished game terminates every agent. A game still running at its step cap
  (``Game.step_cap``, a true bound for a conforming game) truncates every agent, reward 0.
- **Chance** happens inside the game, from its seed: ``reset(seed=n)`` deals game ``n``;
  ``reset()`` deals the next seed after the last game's (the first: ``env``'s ``seed``).
  Same seed and same actions, same episode. ``reset``'s ``options`` are ignored: the game's
  options are fixed by ``env(options=...)``.
- ``render()`` with ``render_mode="ansi"`` returns the table as a spectator sees it.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from tabletop.adapters.table import RewardMode, Table, playable_indices, table_for
from tabletop.engine import Game, State


def env(game: Game | str, players: int, seed: int = 0,
        options: Mapping[str, Any] | Any = None, *, reward: RewardMode = "win",
        keep_concessions: bool = False, render_mode: str | None = None) -> TabletopEnv:
    """``game`` (a Game or a registered name) at ``players`` seats as an AEC environment;
    the first ``reset()`` deals the game seeded ``seed``. Raises ``NotAdaptable`` for a game
    without an action space or observation tensor."""
    return TabletopEnv(table_for(game, players, options, reward), seed,
                       keep_concessions=keep_concessions, render_mode=render_mode)


class TabletopEnv(AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    """The AEC environment :func:`env` returns; ``tabletop`` is the Tabletop state being
    played (``state()`` stays PettingZoo's global-state hook, which it does not offer)."""

    def __init__(self, table: Table, seed: int, *, keep_concessions: bool = False,
                 render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.table = table
        self.keep_concessions = keep_concessions
        self.render_mode = render_mode
        self.metadata = {"name": f"tabletop_{table.game.name}", "render_modes": ["ansi"],
                         "is_parallelizable": False}
        self.possible_agents = [f"player_{seat + 1}" for seat in range(table.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        # one space object per agent, kept: PettingZoo seeds and compares them by identity
        self._observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, table.shape, np.float32),
            "action_mask": spaces.Box(0, 1, (table.actions,), np.int8),
        }) for agent in self.possible_agents}
        self._action_spaces = {agent: spaces.Discrete(table.actions)
                               for agent in self.possible_agents}
        # dealt now so that the environment can be inspected; the first reset() deals it again
        self._next_seed = int(seed)
        self.tabletop: State = table.new_state(self._next_seed)
        self._start()

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        dealt = self._next_seed if seed is None else int(seed)
        self.tabletop = self.table.new_state(dealt)
        self._next_seed = dealt + 1
        self._start()

    def _start(self) -> None:
        self._steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent_to_act()

    def _agent_to_act(self) -> str:
        seat = self.tabletop.to_act
        return self.possible_agents[0 if seat is None else seat]

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seats[agent]
        tensor = np.asarray(self.tabletop.observation_tensor(seat), dtype=np.float32)
        mask = np.zeros(self.table.actions, dtype=np.int8)
        if not self.tabletop.is_over and self.tabletop.to_act == seat:
            mask[playable_indices(self.tabletop, self.keep_concessions)] = 1
        return {"observation": tensor.reshape(self.table.shape), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        number = operator.index(action)
        legal = self.tabletop.legal_indices()
        if number not in legal:
            shown = ", ".join(str(n) for n in sorted(legal)[:20])
            more = f" and {len(legal) - 20} more" if len(legal) > 20 else ""
            raise ValueError(f"action {number} is not legal for {agent} now "
                             f"(legal: {shown}{more})")
        self.tabletop.apply(self.tabletop.action_from_index(number))
        self._steps += 1
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        over = self.tabletop.is_over
        if over or self._steps >= self.table.step_cap:
            ends = self.terminations if over else self.truncations
            pays = self.table.outcome(self.tabletop) if over else (0.0,) * self.table.players
            for agent_name, pay in zip(self.possible_agents, pays, strict=True):
                ends[agent_name] = True
                self.rewards[agent_name] = pay
        else:
            self.agent_selection = self._agent_to_act()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return self.tabletop.render(None)
        return None

    def close(self) -> None:
        pass
