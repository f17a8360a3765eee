"""Square tiles on a grid: typed sides, rotation and placement legality.

A tile has four sides, listed clockwise from the top: north, east, south, west. Each side
carries a type (any short string a game chooses, e.g. a road or a wall). A tile may be placed
on an empty cell when every neighbouring tile shows the *same* side type across the shared
edge, and (unless the grid is empty) it touches at least one tile. Rotation turns the tile
clockwise in quarter turns. Coordinates are screen-like: north is ``y - 1``, south ``y + 1``.

The grid is serializable (plain dicts of frozen records) and cheap to clone. Listings are
sorted (by row, then column), never in dict insertion order, so a grid loaded from a
sorted-key snapshot lists exactly what the saved one did.
"""

from __future__ import annotations

import functools

import attrs

SIDES = ("N", "E", "S", "W")
DELTAS = ((0, -1), (1, 0), (0, 1), (-1, 0))
OPPOSITE = (2, 3, 0, 1)


class TilePlacementError(Exception):
    """A tile was placed where it does not fit; rules code checks first, so this is a bug."""


def cell_key(x: int, y: int) -> str:
    """The dictionary key of a cell."""
    return f"{x},{y}"


def rotate(sides: tuple[str, ...], rotation: int) -> tuple[str, str, str, str]:
    """The side types of a tile turned ``rotation`` quarter turns clockwise."""
    r = rotation % 4
    return (sides[(0 - r) % 4], sides[(1 - r) % 4], sides[(2 - r) % 4], sides[(3 - r) % 4])


@functools.lru_cache(maxsize=1 << 10)
def turnings(sides: tuple[str, ...]) -> tuple[tuple[int, tuple[str, str, str, str]], ...]:
    """The distinct ways a tile showing ``sides`` can lie: ``(rotation, sides as turned)``
    for rotations 0-3, a rotation showing the same sides as an earlier one left out."""
    out: list[tuple[int, tuple[str, str, str, str]]] = []
    for r in range(4):
        turned = rotate(sides, r)
        if all(turned != seen for _, seen in out):
            out.append((r, turned))
    return tuple(out)


def neighbour(x: int, y: int, side: int) -> tuple[int, int]:
    """The cell across ``side`` (0 north, 1 east, 2 south, 3 west) of cell ``(x, y)``."""
    dx, dy = DELTAS[side]
    return x + dx, y + dy


@attrs.frozen
class PlacedTile:
    """A tile lying on the grid: which tile, where, turned how, and its sides as placed."""

    tile: str
    x: int
    y: int
    rotation: int
    sides: tuple[str, str, str, str]


@attrs.define(slots=True)
class TileGrid:
    """The tiles placed so far, by cell."""

    cells: dict[str, PlacedTile] = attrs.Factory(dict)

    def clone(self) -> TileGrid:
        """An independent copy (placed tiles are immutable)."""
        return TileGrid(dict(self.cells))

    def __len__(self) -> int:
        return len(self.cells)

    def at(self, x: int, y: int) -> PlacedTile | None:
        """The tile on a cell, if any."""
        return self.cells.get(f"{x},{y}")

    def tiles(self) -> list[PlacedTile]:
        """All placed tiles, by row (y) then column (x)."""
        return sorted(self.cells.values(), key=lambda t: (t.y, t.x))

    def fits(self, sides: tuple[str, ...], x: int, y: int, must_touch: bool = True) -> bool:
        """Whether a tile showing ``sides`` (already rotated) may go on ``(x, y)``."""
        cells = self.cells
        if f"{x},{y}" in cells:
            return False
        touching = False
        for side in range(4):
            dx, dy = DELTAS[side]
            other = cells.get(f"{x + dx},{y + dy}")
            if other is None:
                continue
            touching = True
            if other.sides[OPPOSITE[side]] != sides[side]:
                return False
        return touching or not (must_touch and cells)

    def fitting_rotations(
        self, sides: tuple[str, ...], x: int, y: int, must_touch: bool = True
    ) -> list[int]:
        """The rotations (0-3) under which the tile fits on ``(x, y)``; rotations showing the
        same sides as an earlier one are left out, so a symmetric tile lists one. (What
        :meth:`fits` says of each rotation, the cell's four neighbours looked up once.)"""
        cells = self.cells
        if f"{x},{y}" in cells:
            return []
        north, east = cells.get(f"{x},{y - 1}"), cells.get(f"{x + 1},{y}")
        south, west = cells.get(f"{x},{y + 1}"), cells.get(f"{x - 1},{y}")
        if north is None and east is None and south is None and west is None:
            return [r for r, _ in turnings(tuple(sides))] if not (must_touch and cells) else []
        # what each neighbour shows across the shared edge (None: no tile there)
        n = None if north is None else north.sides[2]
        e = None if east is None else east.sides[3]
        s = None if south is None else south.sides[0]
        w = None if west is None else west.sides[1]
        return [r for r, (tn, te, ts, tw) in turnings(tuple(sides))
                if (n is None or tn == n) and (e is None or te == e)
                and (s is None or ts == s) and (w is None or tw == w)]

    def place(
        self, tile: str, sides: tuple[str, ...], x: int, y: int, rotation: int = 0,
        must_touch: bool = True,
    ) -> PlacedTile:
        """Put a tile (given unrotated) on the grid; TilePlacementError if it does not fit."""
        turned = rotate(sides, rotation)
        if not self.fits(turned, x, y, must_touch):
            raise TilePlacementError(f"tile {tile} turned {rotation} does not fit on {x},{y}")
        placed = PlacedTile(tile, x, y, rotation % 4, turned)
        self.cells[f"{x},{y}"] = placed
        return placed

    def open_sides(self, x: int, y: int) -> list[int]:
        """The sides of the tile on ``(x, y)`` with no tile across them."""
        return [s for s in range(4) if self.at(*neighbour(x, y, s)) is None]

    def frontier(self) -> list[tuple[int, int]]:
        """Empty cells next to at least one tile, by row (y) then column (x)."""
        out: list[tuple[int, int]] = []
        seen: set[str] = set()
        for placed in self.cells.values():
            for side in range(4):
                nx, ny = neighbour(placed.x, placed.y, side)
                key = f"{nx},{ny}"
                if key not in self.cells and key not in seen:
                    seen.add(key)
                    out.append((nx, ny))
        out.sort(key=lambda c: (c[1], c[0]))
        return out

    def bounds(self) -> tuple[int, int, int, int]:
        """``(min_x, min_y, max_x, max_y)`` of the placed tiles ((0, 0, 0, 0) when empty)."""
        if not self.cells:
            return (0, 0, 0, 0)
        xs = [t.x for t in self.cells.values()]
        ys = [t.y for t in self.cells.values()]
        return (min(xs), min(ys), max(xs), max(ys))
