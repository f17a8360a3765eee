"""The city as a compact text map: one cell of two lines per tile, on a grid with column and
row numbers, never wider than 80 columns (a city too wide is cut into strips, west to east).

A cell says what a player reads off the real tile, in words and a few marks::

    BANK ↑Y2        the location, then gangsters on its streets: 2 Yellow on the north one
    teal    G1      its colour (a home: its gang), gangsters inside the block: 1 Green

A street mark is an arrow for the side (↑ north, → east, ↓ south, ← west) and the gang's
letter with the count; ``#↓`` says the south side is a block edge (no street), and ``&→``
that the block goes on into the tile east of it: the two tiles are one large block, whose
gangsters are shown on the first. A cell that cannot hold every street mark
in its two lines gets a third one, so nothing is ever left out.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from .cards import tiles
from .city import GANGS, STREET, street_id

if TYPE_CHECKING:
    from .state import CrimopolisState

MARK = "YGRBP"  # one letter per gang: Yellow, Green, Red, Blue, Purple
ARROWS = "↑→↓←"  # the sides north, east, south, west
WIDTH = 80
NARROWEST, WIDEST = 7, 13  # the width of a cell's text, as wide as the city allows
#: shorter names for narrow cells, longest first (any other name too long is cut)
SHORT = {"POST OFFICE": ("POST OFF.", "POST OFF", "POSTOFF"),
         "SAFE HOUSE": ("SAFEHOUSE", "SAFE HSE", "SAFEHSE"), "GRAVEYARD": ("GRAVEYRD", "GRAVEYD"),
         "SPEAKEASY": ("SPEAKESY", "SPEAKSY"), "BUTCHERY": ("BUTCHER",)}


def _gangsters(state: CrimopolisState, node: str) -> str:
    """``Y2``: the gang letter and count of the gangsters on a place (empty when nobody)."""
    row = state.city.board.pieces.get(node)
    if not row:
        return ""
    seat = next(i for i, n in enumerate(row) if n)
    return f"{MARK[seat]}{row[seat]}"


def _fit(name: str, width: int) -> str:
    """``name`` in at most ``width`` characters: whole, a known short form, or cut."""
    for form in (name, *SHORT.get(name, ())):
        if len(form) <= width:
            return form
    return name[: width - 1] + "."


def _cell(state: CrimopolisState, x: int, y: int, width: int) -> list[str]:
    """The lines of the tile on (x, y), each at most ``width`` long (empty cell: none)."""
    city = state.city
    t = city.grid.at(x, y)
    if t is None:
        return []
    block = city.cell_block[f"{x},{y}"]
    parts = city.block_tiles[block]
    if t.tile[:2] in ("HQ", "SH"):
        name = "HQ" if t.tile[:2] == "HQ" else _fit("SAFE HOUSE", width)
        colour = GANGS[int(t.tile[2:])]
    else:
        d = tiles()[t.tile]
        colour = d.colour
        name = _fit(d.name, width)
    # (mark, the line it is best on): who is inside next to the colour, a north street on
    # the first line, a south one on the second; block edges last
    marks = [(_gangsters(state, block), 1)] if parts[0] == t.tile else []
    edges = []
    for side in range(4):
        if t.sides[side] != STREET:  # a block edge: "&→" joins the tile east (a large block)
            edges.append((f"{'&' if len(parts) == 2 else '#'}{ARROWS[side]}", 0))
            continue
        here = _gangsters(state, street_id(x, y, side))
        if here:
            marks.append((f"{ARROWS[side]}{here}", 1 if side == 2 else 0))
    lines = [name, colour]
    for mark, best in (m for m in marks + edges if m[0]):
        for i in (best, 1 - best, *range(2, len(lines))):  # the best line with room
            if len(lines[i]) + 1 + len(mark) <= width:
                lines[i] = f"{lines[i]} {mark}"
                break
        else:
            lines.append(mark)
    return lines


def _strips(x0: int, x1: int, label_w: int) -> tuple[int, list[tuple[int, int]]]:
    """The cell width and the column ranges of the strips the map is cut into: one strip
    when the cells fit 80 columns at the narrowest width, else strips of equal size."""
    columns = x1 - x0 + 1
    count = 1
    while True:
        per = -(-columns // count)
        width = (WIDTH - label_w + 1) // per - 1
        if width >= NARROWEST:
            break
        count += 1
    width = min(WIDEST, width)
    return width, [(a, min(a + per - 1, x1)) for a in range(x0, x1 + 1, per)]


# cp-text-map
def city_map(state: CrimopolisState) -> list[str]:
    """The map lines: column numbers, then two lines per row of tiles (more where a tile has
    more marks than two lines hold), with the row numbers on the left."""
    grid = state.city.grid
    x0, y0, x1, y1 = grid.bounds()
    label_w = max(len(str(y)) for y in (y0, y1)) + 1
    width, strips = _strips(x0, x1, label_w)
    lines: list[str] = []
    for i, (first, last) in enumerate(strips):
        if len(strips) > 1:
            lines.append(f"Columns {first} to {last}"
                         + (" (the map goes on east below)" if i + 1 < len(strips) else ""))
        lines.append((" " * label_w + " ".join(f"{x:<{width}}" for x in range(first, last + 1)))
                     .rstrip())
        for y in range(y0, y1 + 1):
            cells = [_cell(state, x, y, width) for x in range(first, last + 1)]
            if not any(cells):
                continue
            for k in range(max(len(c) for c in cells)):
                label = str(y) if k == 0 else ""
                row = " ".join(f"{c[k] if k < len(c) else '':<{width}}" for c in cells)
                lines.append(f"{label:>{label_w - 1}} {row}".rstrip())
    return lines


def legend(state: CrimopolisState) -> list[str]:
    """What the map's marks mean, in a few lines (the glossary's "the map" says it at length)."""
    gangs = ", ".join(f"{MARK[s]} {GANGS[s]}" for s in range(state.players))
    text = ("Map: x,y is column x, row y; north is up. Under a name: its colour and who is "
            "inside (G1: 1 Green gangster). ↑Y2: 2 Yellow on its north street (→ east, ↓ "
            "south, ← west). #↓: a block edge, no street, on the south; &→: one large "
            "block with the tile east. A street with no tile across it explores the city when stepped on. "
            f"Gangs: {gangs}.")
    return textwrap.wrap(text, WIDTH)


MAP_WORDS = (
    "The text map draws each tile as a cell of two lines at its column x and row y (north is "
    "up: row y-1 lies north of row y, column x+1 east of column x). The first line is the "
    "location (BANK, PARK, ...; HQ and SAFE HOUSE for a gang's homes), the second its colour "
    "(a home: the gang's colour) and, on the right, the gangsters inside the block: G1 is one "
    "Green gangster. Marks with an arrow are the gangsters on the tile's street sections: ↑Y2 "
    "is two Yellow gangsters on its north street, → east, ↓ south, ← west. #↓ means the "
    "tile's south side is a block edge, with no street; &→ means the block goes on into the "
    "tile east of it: the two tiles are one large block (PARK & MARKET), whose gangsters are "
    "shown on the first of them. A street with "
    "no tile across it (at the city's edge) is missing a tile: stepping onto it explores. "
    "Gang letters: Y Yellow (Player 1), G Green (Player 2), R Red (Player 3), B Blue (Player "
    "4), P Purple (Player 5)."
)
