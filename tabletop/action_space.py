"""A fixed numbering of a game's actions, for learning agents and their libraries.

Reinforcement-learning libraries (PettingZoo, OpenSpiel) need every move of a game as a number
below a fixed bound. A game lists, once per player count and options, every action it could
ever offer — compound choices broken into small steps first (pay one card, then "done"), so
that the list stays short — and :class:`ActionSpace` numbers them::

    SPACE = ActionSpace([DRAW, PASS, *(Place(c) for c in range(9))])
    SPACE.index(Place(4))  # 6
    SPACE.action(6)        # Place(4)
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any


class ActionSpace:
    """Every action a game can offer, each with its number (its position in the list)."""

    __slots__ = ("_actions", "_numbers")

    def __init__(self, actions: Iterable[Hashable]) -> None:
        self._actions = tuple(actions)
        self._numbers = {action: n for n, action in enumerate(self._actions)}
        if len(self._numbers) != len(self._actions):
            raise ValueError("an action space lists the same action twice")

    def __len__(self) -> int:
        return len(self._actions)

    def __contains__(self, action: object) -> bool:
        try:
            return action in self._numbers
        except TypeError:  # an unhashable value is no action
            return False

    def index(self, action: Any) -> int:
        """``action``'s number; ValueError for an action outside the space."""
        try:
            return self._numbers[action]
        except (KeyError, TypeError):
            raise ValueError(f"{action!r} is not in the action space") from None

    def action(self, index: int) -> Any:
        """The action numbered ``index``; ValueError outside ``0 <= index < len(self)``."""
        if type(index) is not int or not 0 <= index < len(self._actions):
            raise ValueError(f"action number {index!r} is outside 0 to {len(self) - 1}")
        return self._actions[index]
