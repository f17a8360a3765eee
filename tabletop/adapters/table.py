"""What both learning adapters need from a game: its declared numbers, a legal mask that
leaves concessions out, and the rewards a finished (or cut) game pays."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import attrs

from tabletop import registry
from tabletop.engine import Game, State, step_cap_of
from tabletop.errors import TabletopError

#: how a finished game pays its seats: ``"win"`` pays +1 to each winner and -1 to every other
#: seat (0 to all when nobody wins, a draw); ``"score"`` pays ``Result.scores`` as they are
RewardMode = Literal["win", "score"]


class NotAdaptable(TabletopError):
    """The game lacks something the learning adapters need (an action space, a tensor)."""


@attrs.frozen
class Table:
    """A game at a fixed player count and options, with the numbers it declares."""

    game: Game
    players: int
    options: Any
    actions: int
    shape: tuple[int, ...]
    step_cap: int
    reward: RewardMode
    bounds: tuple[float, float]

    def new_state(self, seed: int) -> State:
        """The opening position of the game seeded ``seed``."""
        return self.game.new_state(self.players, seed, self.options)

    def outcome(self, state: State) -> tuple[float, ...]:
        """What each seat is paid for ``state``: the mapped result once the game is over, the
        draw value (0, within the bounds) when it was cut at its step cap."""
        if not state.is_over:
            low, high = self.bounds
            return (min(max(0.0, low), high),) * self.players
        result = state.result()
        if self.reward == "score":
            return tuple(float(x) for x in result.scores)
        if not result.winners:
            return (0.0,) * self.players
        return tuple(1.0 if s in result.winners else -1.0 for s in range(self.players))


def table_for(game: Game | str, players: int, options: Mapping[str, Any] | Any = None,
              reward: RewardMode = "win") -> Table:
    """Check that ``game`` (a Game or a registered name) can be adapted at ``players`` seats
    with ``options``, and gather its numbers; NotAdaptable says what is missing."""
    if isinstance(game, str):
        game = registry.get(game)
    game.check_players(players)
    options = game.new_state(players, 0, options).options  # validated, as a game uses them
    actions = game.action_space(players, options)
    shape = game.observation_shape(players, options)
    missing = [text for text, value in (("Game.action_space", actions),
                                        ("Game.observation_shape", shape)) if value is None]
    if reward == "score":
        bounds = game.result_bounds(players, options)
        if bounds is None:
            missing.append("Game.result_bounds (needed for reward='score')")
    elif reward == "win":
        bounds = (-1.0, 1.0)
    else:
        raise ValueError(f"reward must be 'win' or 'score', not {reward!r}")
    if missing:
        raise NotAdaptable(f"{game.title} declares no {' and no '.join(missing)}: the learning "
                           "adapters need them (docs/game-modules.md, 'For researchers')")
    assert actions is not None and shape is not None and bounds is not None
    return Table(game, players, options, actions, tuple(shape), step_cap_of(game, players,
                 options), reward, (float(bounds[0]), float(bounds[1])))


def playable_indices(state: State, keep_concessions: bool = False) -> list[int]:
    """The numbers of the legal actions an agent is offered: concessions left out (unless
    ``keep_concessions``, or unless every legal action is one), so that an agent picking
    uniformly plays the game instead of leaving it."""
    legal = state.legal_actions()
    if keep_concessions:
        return [state.action_index(a) for a in legal]
    kept = [state.action_index(a) for a in legal if not state.is_concession(a)]
    return kept or [state.action_index(a) for a in legal]
