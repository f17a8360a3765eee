"""The city of Crimopolis: tiles on a grid and the graph of blocks and streets they make.

Geometric model (see RULES.md for the drawing): every tile is a square whose inner part is a
city block and whose sides are either a street section (one per street side) or a block edge
(the fourth side of a 3-street tile). Tiles meet street to street or block edge to block edge.
Two 3-street tiles meeting block edge to block edge form one large city block with 6 street
sections. Street sections are adjacent when they touch the same intersection (a tile corner);
a block is adjacent to the street sections of its tile(s).

The blocks and streets are the nodes of a kernel :class:`GraphBoard`, whose neighbour lists
the rules read; ``city.board.graph`` shows it as a networkx graph. Everything but the gangsters is
derived from the placed tiles, so a snapshot stores only those (in the order they were
placed) and the gangsters (:class:`CityData`); loading places the tiles again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import attrs

from tabletop.components.graph_board import GraphBoard
from tabletop.components.tiles import DELTAS, SIDES, PlacedTile, TileGrid, neighbour, rotate

from .cards import TileDef, tiles

STREET, BLOCK = "street", "block"
# cp-node-limit cp-over-occupation
CAPACITY = 3  # occupation limit of street sections and city blocks
HOME_SIDES = (STREET, STREET, STREET, STREET)
SIDE_NAMES = ("north", "east", "south", "west")
GANGS = ("Yellow", "Green", "Red", "Blue", "Purple")  # gang colour of each seat
# The two corners (as cell-vertex offsets) touched by each side of a tile.
_SIDE_CORNERS = (((0, 0), (1, 0)), ((1, 0), (1, 1)), ((0, 1), (1, 1)), ((0, 0), (0, 1)))
# For a vertex, the cells around it and the sides of each that touch the vertex.
_AROUND = (
    ((-1, -1), (1, 2)),  # cell up-left: its east and south sides
    ((0, -1), (2, 3)),   # cell up-right: south and west
    ((-1, 0), (0, 1)),   # cell down-left: north and east
    ((0, 0), (0, 3)),    # cell down-right: north and west
)
# For each side of a tile: the (dx, dy, side) street positions, relative to the tile, that
# share one of its two corners (the tile's own side left out), each once.
_ACROSS_CORNERS = tuple(
    tuple(dict.fromkeys(
        (cx + dx, cy + dy, s)
        for cx, cy in _SIDE_CORNERS[side] for (dx, dy), sides in _AROUND for s in sides
        if (cx + dx, cy + dy, s) != (0, 0, side)))
    for side in range(4)
)

# The offsets of a cell and its 8 neighbours (every cell _ACROSS_CORNERS reaches), and
# _ACROSS_CORNERS with each position's index in it.
_NEAR = tuple((dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1))
_ACROSS_NEAR = tuple(
    tuple((_NEAR.index((dx, dy)), dx, dy, s) for dx, dy, s in corners)
    for corners in _ACROSS_CORNERS
)
# The index in _NEAR of the cell across each side, and the sides of an empty cell.
_SIDE_NEAR = tuple(_NEAR.index(delta) for delta in DELTAS)
_NO_SIDES = ("", "", "", "")


def street_id(x: int, y: int, side: int) -> str:
    """The node id of the street section on ``side`` of the tile on (x, y)."""
    return f"s{x},{y}{SIDES[side]}"


def parse_street(node: str) -> tuple[int, int, int]:
    """(x, y, side) of a street section id."""
    x, y = node[1:-1].split(",")
    return int(x), int(y), SIDES.index(node[-1])


def is_home_tile(tile: str) -> bool:
    """Whether a tile id is a HEADQUARTERS (``HQ<seat>``) or SAFE HOUSE (``SH<seat>``)."""
    return tile[:2] in ("HQ", "SH")


def tile_sides(tile: str) -> tuple[str, str, str, str]:
    """The unrotated side types of any tile id."""
    return HOME_SIDES if is_home_tile(tile) else tiles()[tile].sides


def tile_label(tile: str) -> str:
    """A tile's printed name: ``BANK``, ``Green HEADQUARTERS``..."""
    if tile.startswith("HQ"):
        return f"{GANGS[int(tile[2:])]} HEADQUARTERS"
    if tile.startswith("SH"):
        return f"{GANGS[int(tile[2:])]} SAFE HOUSE"
    return tiles()[tile].name


@attrs.define(slots=True)
class CityData:
    """What a snapshot stores of the city: the placed tiles (in the order they were placed)
    and the gangsters per place; the graph and the rest are rebuilt from them."""

    players: int
    grid: TileGrid
    pieces: dict[str, list[int]] = attrs.Factory(dict)


@attrs.define(slots=True)
class City:
    """The placed tiles, the block/street graph with the gangsters on it, and who owns
    which HEADQUARTERS and SAFE HOUSE.

    Clones share the tiles and the derived tables (and the board its graph) until one of
    them places a tile: gangsters move far more often than the city grows."""

    snapshot_form: ClassVar[type] = CityData

    grid: TileGrid
    board: GraphBoard
    cell_block: dict[str, str] = attrs.Factory(dict)  # cell "x,y" -> block node
    block_tiles: dict[str, tuple[str, ...]] = attrs.Factory(dict)  # block -> tile ids
    open_streets: dict[str, tuple[int, int]] = attrs.Factory(dict)  # street -> empty cell
    home_owner: dict[str, int] = attrs.Factory(dict)  # HQ / SAFE HOUSE block -> seat
    hq: list[str] = attrs.Factory(list)  # per seat: block node of the HQ, or ""
    safe: list[str] = attrs.Factory(list)  # per seat: block node of the SAFE HOUSE, or ""
    shared: bool = attrs.field(default=False, eq=False, repr=False)  # tables shared by a clone
    # node -> what the rules precompute about its neighbours (see state.routes); valid until
    # the next tile is placed, shared by clones of the same city
    routes: dict[str, Any] = attrs.field(factory=dict, eq=False, repr=False)

    # cp-homes
    @classmethod
    def empty(cls, players: int) -> City:
        """A city with no tiles yet."""
        board = GraphBoard(players, {STREET: CAPACITY, BLOCK: CAPACITY})
        return cls(TileGrid(), board, hq=[""] * players, safe=[""] * players)

    def clone(self) -> City:
        """An independent copy: the gangsters are copied, the rest is shared until a tile is
        placed (copy-on-write)."""
        self.shared = True
        return City(
            self.grid, self.board.clone(), self.cell_block, self.block_tiles,
            self.open_streets, self.home_owner, self.hq, self.safe, True, self.routes,
        )

    def _own(self) -> None:
        """Copy the shared tables before this city changes them."""
        if self.shared:
            self.grid = self.grid.clone()
            self.cell_block = dict(self.cell_block)
            self.block_tiles = dict(self.block_tiles)
            self.open_streets = dict(self.open_streets)
            self.home_owner = dict(self.home_owner)
            self.hq = self.hq[:]
            self.safe = self.safe[:]
            self.routes = dict(self.routes)
            self.shared = False

    # -- snapshots ----------------------------------------------------------------------
    def snapshot_data(self) -> CityData:
        """The placed tiles and the gangsters."""
        return CityData(self.board.owners, self.grid,
                        {n: row[:] for n, row in self.board.pieces.items()})

    @classmethod
    def from_snapshot_data(cls, data: CityData) -> City:
        """The city a snapshot stored, its tiles placed again in their order; ValueError for
        a tile that is not one, or gangsters on no place."""
        city = cls.empty(data.players)
        for key, placed in data.grid.cells.items():
            if key != f"{placed.x},{placed.y}" or city.grid.at(placed.x, placed.y) is not None:
                raise ValueError(f"tile {placed.tile} is filed under cell {key}")
            if placed.tile not in tiles() and not (
                    is_home_tile(placed.tile) and placed.tile[2:].isdigit()
                    and int(placed.tile[2:]) < data.players):
                raise ValueError(f"there is no tile {placed.tile!r}")
            if placed.sides != rotate(tile_sides(placed.tile), placed.rotation):
                raise ValueError(f"tile {placed.tile} shows the wrong sides")
            city.grid.cells[key] = placed
            city._grow(placed)
        city.board.pieces = {n: row[:] for n, row in data.pieces.items()}
        problems = city.board.graph_problems()
        if problems:
            raise ValueError(problems[0])
        return city

    # -- placing ------------------------------------------------------------------------
    # cp-tile-placing
    def rotations(self, tile: str, x: int, y: int) -> list[int]:
        """Rotations under which ``tile`` fits on (x, y)."""
        return self.grid.fitting_rotations(tile_sides(tile), x, y)

    def place(self, tile: str, x: int, y: int, rotation: int = 0, apart: bool = False) -> str:
        """Place a tile and grow the graph; returns the block node it belongs to. ``apart``
        allows a cell touching no tile (a HEADQUARTERS that fits nowhere else)."""
        self._own()
        placed = self.grid.place(tile, tile_sides(tile), x, y, rotation, must_touch=not apart)
        block = self._grow(placed)
        # The links changed only at the new tile's places and the places linked to them.
        routes = self.routes
        neighbours = self.board.neighbours
        new = [block, *(street_id(x, y, side) for side in range(4)
                        if placed.sides[side] == STREET)]
        for node in new:
            routes.pop(node, None)
            for other in neighbours(node):
                routes.pop(other, None)
        return block

    # cp-large-block cp-adjacency cp-missing-tile
    def _grow(self, placed: PlacedTile) -> str:
        """Add a tile just put on the grid to the graph: its block (merged with the block
        across a block edge into a large block), its street sections and their links."""
        tile, x, y = placed.tile, placed.x, placed.y
        board = self.board
        block = f"b{x},{y}"
        board.add_node(block, BLOCK)
        self.cell_block[f"{x},{y}"] = block
        self.block_tiles[block] = (tile,)
        # The tile and its 8 neighbours, looked up once for all of its sides and links.
        cells = self.grid.cells
        near = [cells.get(f"{x + dx},{y + dy}") for dx, dy in _NEAR]
        for side in range(4):
            nx, ny = neighbour(x, y, side)
            across = near[_SIDE_NEAR[side]]
            if placed.sides[side] == STREET:
                street = street_id(x, y, side)
                board.add_node(street, STREET)
                board.connect(street, block)
                if across is None:
                    self.open_streets[street] = (nx, ny)
                else:  # the street across the way is no longer missing a tile
                    self.open_streets.pop(street_id(nx, ny, (side + 2) % 4), None)
            elif across is not None:
                # Block edge against block edge: the two tiles form one large city block.
                other = self.cell_block[f"{nx},{ny}"]
                board.merge(other, block)
                del self.block_tiles[block]
                self.block_tiles[other] = (*self.block_tiles[other], tile)
                self.cell_block[f"{x},{y}"] = other
                block = other
        shown = [_NO_SIDES if other is None else other.sides for other in near]
        for side in range(4):
            if placed.sides[side] == STREET:
                self._link_street(x, y, side, shown)
        if is_home_tile(tile):
            seat = int(tile[2:])
            self.home_owner[block] = seat
            (self.hq if tile.startswith("HQ") else self.safe)[seat] = block
        return block

    def _link_street(self, x: int, y: int, side: int, shown: Sequence[tuple[str, ...]]) -> None:
        """Connect a street section to every street section sharing one of its corners
        (``shown``: the sides of the tiles on the cells around (x, y), in ``_NEAR`` order,
        ``_NO_SIDES`` for an empty cell)."""
        me = street_id(x, y, side)
        connect = self.board.connect
        for at, dx, dy, s in _ACROSS_NEAR[side]:
            if shown[at][s] == STREET:
                connect(me, street_id(x + dx, y + dy, s))

    # -- reading ------------------------------------------------------------------------
    def block_defs(self, block: str) -> list[TileDef]:
        """The city-tile definitions of a block (empty for HQ / SAFE HOUSE)."""
        defs = tiles()
        return [defs[t] for t in self.block_tiles[block] if not is_home_tile(t)]

    def block_name(self, block: str) -> str:
        """``BANK``, ``PARK & MARKET``, ``HEADQUARTERS 1``..."""
        return " & ".join(tile_label(t) for t in self.block_tiles[block])

    def is_large(self, block: str) -> bool:
        """Whether the block spans two tiles."""
        return len(self.block_tiles[block]) == 2

    def street_name(self, street: str) -> str:
        """``the north street of the BANK (1,0)``."""
        x, y, side = parse_street(street)
        block = self.cell_block[f"{x},{y}"]
        return f"the {SIDE_NAMES[side]} street of the {self.block_name(block)} ({x},{y})"

    def place_name(self, node: str) -> str:
        """A node in words."""
        if node[0] == "s":
            return self.street_name(node)
        return f"the {self.block_name(node)}"

    # cp-entire-street
    def entire_street(self, street: str) -> list[str]:
        """STREET DEFINITIONS: the uninterrupted straight run of street sections, along one
        grid line over neighbouring tiles, that ``street`` belongs to (both sides of the road
        included), sorted by node id."""
        x, y, side = parse_street(street)
        has = self.board.has
        if side in (0, 2):  # a horizontal road: the line between two rows of tiles
            line = y if side == 0 else y + 1

            def at(i: int) -> list[str]:
                return [n for n in (f"s{i},{line}N", f"s{i},{line - 1}S") if has(n)]
        else:  # a vertical road between two columns
            line = x if side == 3 else x + 1

            def at(i: int) -> list[str]:
                return [n for n in (f"s{line},{i}W", f"s{line - 1},{i}E") if has(n)]

        start = x if side in (0, 2) else y
        run = at(start)
        for step in (-1, 1):
            i = start + step
            while True:
                here = at(i)
                if not here:
                    break
                run.extend(here)
                i += step
        return sorted(run)

    def fitting_cells(self, tile: str, near: str) -> list[tuple[int, int, int]]:
        """(x, y, rotation) placements of ``tile`` on empty cells next to block ``near``."""
        out = []
        for key, block in sorted(self.cell_block.items()):  # sorted: see GraphBoard
            if block != near:
                continue
            x, y = (int(c) for c in key.split(","))
            for dx, dy in DELTAS:
                for r in self.rotations(tile, x + dx, y + dy):
                    out.append((x + dx, y + dy, r))
        return out
