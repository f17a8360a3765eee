"""TileGrid: typed sides, rotation, placement legality, frontier, cloning, snapshots."""

from __future__ import annotations

import random

import pytest

from tabletop.components.tiles import (
    PlacedTile,
    TileGrid,
    TilePlacementError,
    neighbour,
    rotate,
)
from tabletop.serialization import structure, unstructure

ROAD = ("r", "r", "r", "r")
THREE = ("r", "r", "w", "r")  # wall on the south side


def test_rotate_turns_clockwise():
    assert rotate(THREE, 0) == THREE
    assert rotate(THREE, 1) == ("r", "r", "r", "w")  # wall moves from south to west
    assert rotate(THREE, 2) == ("w", "r", "r", "r")
    assert rotate(THREE, 3) == ("r", "w", "r", "r")
    assert rotate(THREE, 4) == THREE


def test_neighbour_directions():
    assert neighbour(0, 0, 0) == (0, -1)
    assert neighbour(0, 0, 1) == (1, 0)
    assert neighbour(0, 0, 2) == (0, 1)
    assert neighbour(0, 0, 3) == (-1, 0)


def test_first_tile_goes_anywhere_later_ones_must_touch():
    grid = TileGrid()
    grid.place("a", ROAD, 5, 5)
    assert not grid.fits(ROAD, 9, 9)
    assert grid.fits(ROAD, 6, 5)
    assert grid.fits(ROAD, 9, 9, must_touch=False)


def test_sides_must_match_type():
    grid = TileGrid()
    grid.place("a", THREE, 0, 0)  # wall faces south, towards (0, 1)
    assert grid.fitting_rotations(ROAD, 0, 1) == []
    assert grid.fitting_rotations(THREE, 0, 1) == [2]  # its wall must face north
    assert grid.fitting_rotations(THREE, 1, 0) == [0, 2, 3]  # any turn without a wall west
    with pytest.raises(TilePlacementError):
        grid.place("b", ROAD, 0, 1)
    assert grid.at(0, 1) is None


def test_symmetric_tile_lists_one_rotation_and_occupied_cell_refused():
    grid = TileGrid()
    grid.place("a", ROAD, 0, 0)
    assert grid.fitting_rotations(ROAD, 1, 0) == [0]
    assert not grid.fits(ROAD, 0, 0)


def test_all_neighbours_are_checked():
    grid = TileGrid()
    grid.place("a", ROAD, 0, 0)
    grid.place("b", THREE, 1, 1, rotation=2, must_touch=False)  # wall north, facing (1, 0)
    # (1, 0) touches a road on the west and a wall on the south.
    assert grid.fitting_rotations(THREE, 1, 0) == [0]
    assert grid.fitting_rotations(ROAD, 1, 0) == []


def test_frontier_open_sides_and_bounds():
    grid = TileGrid()
    grid.place("a", ROAD, 0, 0)
    grid.place("b", ROAD, 1, 0)
    assert set(grid.frontier()) == {(0, -1), (1, -1), (2, 0), (1, 1), (0, 1), (-1, 0)}
    assert grid.open_sides(0, 0) == [0, 2, 3]
    assert grid.bounds() == (0, 0, 1, 0)
    assert len(grid) == 2


def test_clone_is_independent_and_snapshot_round_trips():
    grid = TileGrid()
    grid.place("a", THREE, 0, 0, rotation=1)
    copy = grid.clone()
    copy.place("b", ROAD, 0, 1)
    assert grid.at(0, 1) is None and copy.at(0, 1) is not None
    back = structure(unstructure(copy), TileGrid)
    assert back == copy
    assert isinstance(back.at(0, 0), PlacedTile)
    assert back.at(0, 0).sides == ("r", "r", "r", "w")


def test_listings_do_not_depend_on_placement_order():
    a, b = TileGrid(), TileGrid()
    a.place("x", ROAD, 0, 0)
    a.place("y", ROAD, 1, 0)
    b.place("y", ROAD, 1, 0)
    b.place("x", ROAD, 0, 0)
    assert [t.tile for t in a.tiles()] == [t.tile for t in b.tiles()] == ["x", "y"]
    assert a.frontier() == b.frontier()


def test_fitting_rotations_are_the_rotations_that_fit():
    """fitting_rotations (neighbours looked up once) lists exactly the rotations fits
    accepts, the first of each distinct turn, on random grids of random side types."""
    rng = random.Random(11)
    kinds = ("road", "wall", "river")
    for _ in range(300):
        grid = TileGrid()
        for _ in range(rng.randrange(0, 7)):
            x, y = rng.randrange(-2, 3), rng.randrange(-2, 3)
            sides = tuple(rng.choice(kinds) for _ in range(4))
            if grid.at(x, y) is None:
                grid.cells[f"{x},{y}"] = PlacedTile("t", x, y, 0, sides)
        sides = tuple(rng.choice(kinds) for _ in range(4))
        x, y = rng.randrange(-3, 4), rng.randrange(-3, 4)
        for must_touch in (True, False):
            expected, seen = [], []
            for r in range(4):
                turned = rotate(sides, r)
                if turned not in seen:
                    seen.append(turned)
                    if grid.fits(turned, x, y, must_touch):
                        expected.append(r)
            assert grid.fitting_rotations(sides, x, y, must_touch) == expected
