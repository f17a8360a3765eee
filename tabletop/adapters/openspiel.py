"""A Tabletop game registered with OpenSpiel's Python game API (``pip install
"tabletop[rl]"``)::

    import pyspiel
    from tabletop.adapters.openspiel import register
    name = register("chicago_diy", players=3)      # "tabletop_chicago_diy_3p"
    game = pyspiel.load_game(name, {"rng_seed": 7})
    state = game.new_initial_state()

- **Type**: sequential, ``SAMPLED_STOCHASTIC`` chance (dice and shuffles happen inside
  ``apply_action``, from the deal's seed: there are no chance nodes), ``IMPERFECT_INFORMATION``
  for a game with hidden information (else ``PERFECT_INFORMATION``), ``GENERAL_SUM`` (a
  victory may be shared), ``TERMINAL`` rewards.
- **Actions**: ``num_distinct_actions`` is ``Game.action_space``; legal actions are the legal
  numbers of the seat to act, sorted, with **concessions left out** (``State.is_concession``)
  unless every legal action is one: a random agent then plays the game instead of leaving
  it. The game parameter ``keep_concessions=True`` keeps them.
- **Observation**: the observer's tensor is ``State.observation_tensor(player)`` with the
  shape ``Game.observation_shape`` (its dict has it under ``"observation"``), its string the
  table as that player sees it (``render``); a public-only observation type gets the
  spectator's (seat ``None``). No perfect-recall information state is offered.
- **Returns** at the end, as in :mod:`tabletop.adapters.pettingzoo`: ``reward="win"`` pays +1
  to each winner and -1 to every other seat (0 to all in a draw), ``reward="score"`` the
  ``Result.scores`` within ``Game.result_bounds``. ``max_game_length`` is the game's step cap
  (``step_cap_of``); a game still running there ends with the draw value.
- **Seeds**: the game parameter ``rng_seed`` (default 0) deals the first
  ``new_initial_state()``, each further one the next seed. OpenSpiel starts initial states of
  its own too (``clone()`` does, and OpenSpiel's C++ code to size a tensor), each taking a
  seed: the same ``rng_seed`` and the same sequence of calls give the same episodes. A clone
  carries its original's game (the game's own ``clone()``, chance included) and plays on
  alone. ``str(state)`` names the position exactly: its seed and the actions since.
- **Never pickled**: ``serialize()`` refuses (Tabletop never pickles); keep the seed and the
  actions, which replay the game.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from tabletop.adapters.table import RewardMode, Table, playable_indices, table_for
from tabletop.engine import Game, State

_PARAMETERS: dict[str, Any] = {"rng_seed": 0, "keep_concessions": False}


def register(game: Game | str, players: int, options: Mapping[str, Any] | Any = None, *,
             reward: RewardMode = "win", name: str | None = None) -> str:
    """Register ``game`` (a Game or a registered name) at ``players`` seats with
    ``options`` under ``name`` (default ``tabletop_GAME_Np``) and return that name, for
    ``pyspiel.load_game``. Registering other options needs another name. Raises
    ``NotAdaptable`` for a game without an action space or observation tensor."""
    table = table_for(game, players, options, reward)
    name = name or f"tabletop_{table.game.name}_{players}p"
    hidden = table.game.has_hidden_information
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"{table.game.title} ({players} players, Tabletop)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION if hidden
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=_PARAMETERS,
    )

    class Registered(TabletopGame):
        # a class, not a function: pyspiel keeps what it is given past the interpreter's
        # end, and a Python function there aborts the process as it exits
        def __init__(self, params: Mapping[str, Any] | None = None) -> None:
            super().__init__(game_type, table, {**_PARAMETERS, **(params or {})})

    pyspiel.register_game(game_type, Registered)
    return name


class TabletopGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game: deals tabletop states, each from the next seed."""

    def __init__(self, game_type: Any, table: Table, params: Mapping[str, Any]) -> None:
        low, high = table.bounds
        info = pyspiel.GameInfo(
            num_distinct_actions=table.actions, max_chance_outcomes=0,
            num_players=table.players, min_utility=low, max_utility=high, utility_sum=None,
            max_game_length=table.step_cap)
        super().__init__(game_type, info, dict(params))
        self.table = table
        self.keep_concessions = bool(params["keep_concessions"])
        self._next_seed = int(params["rng_seed"])

    def new_initial_state(self) -> TabletopState:
        seed, self._next_seed = self._next_seed, self._next_seed + 1
        return TabletopState(self, _Deal(self.table, seed, self.keep_concessions))

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: Mapping[str, Any] | None = None) -> TabletopObserver:
        if params:
            raise ValueError(f"the observer takes no parameters, not {dict(params)}")
        public_only = False
        if iig_obs_type is not None:
            if iig_obs_type.perfect_recall:
                raise ValueError("Tabletop games offer no perfect-recall information state")
            public_only = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        return TabletopObserver(self.table.shape, public_only)


class _Deal:
    """The Tabletop game behind an OpenSpiel state, dealt from its seed when first needed.

    OpenSpiel's ``clone()`` starts a throwaway initial state and deep-copies the original's
    attributes into it: dealing lazily spares that throwaway state its setup, and
    ``__deepcopy__`` copies with the game's own cheap ``clone()``."""

    __slots__ = ("_state", "keep_concessions", "seed", "steps", "table")

    def __init__(self, table: Table, seed: int, keep_concessions: bool,
                 state: State | None = None, steps: int = 0) -> None:
        self.table = table
        self.seed = seed
        self.keep_concessions = keep_concessions
        self.steps = steps  # decisions played, against the step cap
        self._state = state

    @property
    def state(self) -> State:
        if self._state is None:
            self._state = self.table.new_state(self.seed)
        return self._state

    @state.setter
    def state(self, state: State) -> None:
        self._state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Deal:
        state = None if self._state is None else self._state.clone()
        return _Deal(self.table, self.seed, self.keep_concessions, state, self.steps)

    def __reduce__(self) -> Any:
        raise TypeError("a Tabletop state is never pickled: keep its record (the seed and the "
                        "actions) instead")


class TabletopState(pyspiel.State):  # type: ignore[misc]
    """One position: ``tabletop`` is the Tabletop state being played."""

    def __init__(self, game: TabletopGame, deal: _Deal) -> None:
        super().__init__(game)
        self._deal = deal

    @property
    def tabletop(self) -> State:
        return self._deal.state

    @tabletop.setter
    def tabletop(self, state: State) -> None:
        self._deal.state = state

    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return int(self.tabletop.to_act)  # type: ignore[arg-type]  # None only at the end

    def _legal_actions(self, player: int) -> list[int]:
        if self.is_terminal() or player != self.tabletop.to_act:
            return []
        return sorted(playable_indices(self.tabletop, self._deal.keep_concessions))

    def _apply_action(self, action: int) -> None:
        self.tabletop.apply(self.tabletop.action_from_index(int(action)))
        self._deal.steps += 1

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            return self.tabletop.describe(self.tabletop.action_from_index(int(action)))
        except Exception:  # noqa: BLE001 - not every number describes itself in every position
            return f"action {action}"

    def is_terminal(self) -> bool:
        return self.tabletop.is_over or self._deal.steps >= self._deal.table.step_cap

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self._deal.table.players
        return list(self._deal.table.outcome(self.tabletop))

    def observation_tensor(self, player: int) -> list[float]:
        """The player's tensor, computed directly (pyspiel's own method would first deal a
        throwaway initial state to learn the tensor's size)."""
        return [float(x) for x in self.tabletop.observation_tensor(player)]

    def observation_string(self, player: int) -> str:
        return self.tabletop.render(player)

    def __str__(self) -> str:
        # the deal's seed and the actions since: they make the position, so this names it
        # exactly (and cheaply); observation_string(player) is the table a player reads
        return f"seed {self._deal.seed}: {self.history_str()}"


class TabletopObserver:
    """OpenSpiel's Python observer: the tensor of ``observation_tensor`` for a player (the
    spectator's for a public-only observer), and the table as text."""

    def __init__(self, shape: tuple[int, ...], public_only: bool) -> None:
        self.tensor = np.zeros(math.prod(shape), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}
        self.public_only = public_only

    def set_from(self, state: TabletopState, player: int) -> None:
        seat = None if self.public_only else player
        self.tensor[:] = state.tabletop.observation_tensor(seat)

    def string_from(self, state: TabletopState, player: int) -> str:
        return state.tabletop.render(None if self.public_only else player)
