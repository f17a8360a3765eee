"""The city as a text map: tiles on their grid with coordinates, a compass and a legend that
explains exactly the marks it uses; never wider than 100 columns (a wide city is cut into
strips from west to east).

One tile is a box of 13 columns and 4 lines::

    +----N?-----+     the north street section's mark in the top edge
    | POST OFFICE |   the location (or whose HQ / Safe House)
    W? teal    Y3E?   west street mark, colour, gangsters in the block, east street mark
    +----S?-----*     the south street's mark; a * corner marks a clock tile
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.crimopolis.cards import tiles
from games.crimopolis.city import GANGS, STREET, street_id
from games.crimopolis.words import who

if TYPE_CHECKING:
    from games.crimopolis.state import CrimopolisState

MARK = "YGRBP"  # one letter per gang: Yellow, Green, Red, Blue, Purple
WIDTH = 100
CELL = 14  # a tile box of 13 columns and a gap


def _street_mark(state: CrimopolisState, x: int, y: int, side: int, kind: str,
                 used: set[str]) -> str:
    """Two characters for a tile side: gangsters, an empty street, one missing a tile, or
    a block edge."""
    if kind != STREET:
        used.add("##")
        return "##"
    node = street_id(x, y, side)
    row = state.city.board.pieces.get(node)
    if row:
        s = next(i for i, n in enumerate(row) if n)
        used.add(MARK[s])
        return f"{MARK[s]}{row[s]}"
    if node in state.city.open_streets:
        used.add("??")
        return "??"
    used.add("..")
    return ".."


def _tile_lines(state: CrimopolisState, x: int, y: int, used: set[str]) -> list[str]:
    """The four lines of the tile on (x, y) (blank when the cell is empty)."""
    city = state.city
    t = city.grid.at(x, y)
    if t is None:
        return [" " * 13] * 4
    sm = [_street_mark(state, x, y, s, t.sides[s], used) for s in range(4)]
    block = city.cell_block[f"{x},{y}"]
    corner = "+"
    if t.tile[:2] in ("HQ", "SH"):
        name = "HQ" if t.tile[:2] == "HQ" else "SAFE HOUSE"
        detail = GANGS[int(t.tile[2:])]
    else:
        d = tiles()[t.tile]
        name, detail = d.name, d.colour
        if d.clock:
            corner = "*"
            used.add("*")
    occ = ""
    row = city.board.pieces.get(block)
    first = city.block_tiles[block][0] == t.tile
    if row and first:  # a large block's gangsters are shown on its first tile only
        s = next(i for i, n in enumerate(row) if n)
        occ = f"{MARK[s]}{row[s]}"
        used.add(MARK[s])
    return [
        f"+----{sm[0]}-----+",
        f"|{name:^11}|",
        f"{sm[3]}{detail:<7}{occ:>2}{sm[1]}",
        f"+----{sm[2]}-----{corner}",
    ]


def city_map(state: CrimopolisState) -> list[str]:
    """The map lines: heading with compass, column numbers, tile rows with row numbers, and
    the legend."""
    grid = state.city.grid
    x0, y0, x1, y1 = grid.bounds()
    label_w = max(len(str(y)) for y in (y0, y1)) + 1
    per_strip = (WIDTH - label_w + 1) // CELL
    used: set[str] = set()
    lines = [
        "   N     The city of Crimopolis: a place at x,y lies in column x, row y",
        " W-+-E   North is up (row y-1), east is to the right (column x+1)",
        "   S",
    ]
    starts = list(range(x0, x1 + 1, per_strip))
    for i, first in enumerate(starts):
        last = min(first + per_strip - 1, x1)
        if len(starts) > 1:
            lines.append(f"Columns {first} to {last}"
                         + (" (the map goes on east below)" if i + 1 < len(starts) else ""))
        lines.append(" " * label_w + " ".join(f"{x:^13}" for x in range(first, last + 1)))
        for y in range(y0, y1 + 1):
            boxes = [_tile_lines(state, x, y, used) for x in range(first, last + 1)]
            for k in range(4):
                label = str(y) if k == 1 else ""
                lines.append((f"{label:>{label_w - 1}} " + " ".join(b[k] for b in boxes))
                             .rstrip())
    lines.extend(legend(state, used))
    return lines


def legend(state: CrimopolisState, used: set[str]) -> list[str]:
    """What each mark on the map means: only the marks the map shows."""
    parts = ["each tile: a city block with its name and colour, a street section on each side"]
    gangs = [s for s in range(state.players) if MARK[s] in used]
    parts.extend(f"{MARK[s]} = {who(s)}" for s in gangs)
    if gangs:
        m = MARK[gangs[0]]
        parts.append(f"{m}2 = 2 gangsters of {m} (in a street's mark, or right of a block's "
                     "colour: in the block)")
    marks = {
        "..": ".. = a street with nobody on it",
        "??": "?? = a street missing a tile on its far side (step on it to explore)",
        "##": "## = a block edge (no street): two tiles meeting there are one large block",
        "*": "* in a corner = a clock tile",
    }
    parts.extend(text for mark, text in marks.items() if mark in used)
    out: list[str] = []
    line = "Legend:"
    for part in parts:
        add = f" {part};"
        if len(line) + len(add) > WIDTH:
            out.append(line)
            line = "  "
        line += add
    out.append(line.rstrip(";"))
    return out
