"""Tic-tac-toe's one action: a mark in a cell."""

from __future__ import annotations

import attrs


@attrs.frozen
class Place:
    """Mark cell ``cell`` (0-8, left to right, top to bottom)."""

    cell: int


#: every action, built once (actions are values), ``PLACES[c]`` marking cell ``c``
PLACES = tuple(Place(cell) for cell in range(9))
