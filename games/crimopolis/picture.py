"""The table as a picture (SVG), 900 units wide so that it reads where the browser draws it
(820 px at 1280x800: every text at least 12.5 units, 11 px there): the city map on top (asphalt
streets around coloured blocks, gangsters in their gang colours with counts, the empty cells
waiting to be explored), then the clock, the decks and the revealed tiles, the decision under
way, and a row for each gang: prestige, body count, gangsters, its SAFE HOUSE while
unplaced, destinies and cards (the viewer's own face up, the others' face down).

Everything a player acts on carries the id its actions target (:mod:`.targets`). Pieces carry
classes a test can count: ``tile``, ``home`` (HQ or Safe House), ``block``, ``street``,
``gangsters`` (one group per place that holds some, ``data-seat`` and ``data-count``),
``street-missing`` (a cell waiting to be explored), ``destiny``, ``card`` / ``card
face-down``, ``seat``, ``clock``, ``marker`` (End turn, Leave empty, Redraw jobs).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from tabletop.pictures import Svg, table_cloth
from tabletop.pictures.lettering import width as text_width
from tabletop.pictures.lettering import wrap
from tabletop.pictures.pieces import INK, PAPER
from tabletop.pictures.targets import element_id

from . import scoring, setup
from .actions import LEAVE_EMPTY, REDRAW, PlaceHQ
from .cards import fortunes, jobs, tiles
from .city import GANGS, STREET, street_id
from .targets import (
    END_TURN_ID,
    FORTUNE_DECK,
    JOB_DECK,
    LEAVE_EMPTY_ID,
    NEWS_DECK,
    REDRAW_ID,
    card_id,
    cell_id,
    destiny_id,
    gangsters_id,
    hidden_card_id,
    pending_id,
    place_id,
    revealed_id,
    safe_house_id,
    seat_id,
    supply_id,
)
from .words import (
    block_words,
    card_def,
    card_words,
    destiny_effect,
    hours,
    place_words,
    plural,
    tile_name,
    who,
)

if TYPE_CHECKING:
    from tabletop.components.tiles import PlacedTile

    from .state import CrimopolisState

#: gang colours, seat by seat (Yellow, Green, Red, Blue, Purple), and the ink that reads on them
GANG_FILL = ("#F2C500", "#2E9E44", "#D1342F", "#2F6FD6", "#8E44AD")
GANG_INK = ("#222222", "#ffffff", "#ffffff", "#ffffff", "#ffffff")
#: district colours of the city blocks
DISTRICT = {"pink": "#F4B6C8", "teal": "#86CFC8", "orange": "#F6BE7A", "grey": "#CFCFCF"}
ASPHALT, LINE, MUTED = "#5a5d63", "#e9e4c9", "#444444"
JOB_BACK, FORTUNE_BACK, DESTINY_BAND, FORTUNE_BAND = "#4a3f6b", "#2a6b55", "#b22222", "#2a7f62"
W = 900
MARGIN = 10
SMALL = 12.5  # the smallest font: 11 px where the picture is drawn 820 px wide
LINE_H = 14.5  # the line height of SMALL text
BIGGEST_CELL = 130.0
#: names broken in two where a tile is too narrow for them on one line
BREAKS = {"GRAVEYARD": ("GRAVE-", "YARD"), "SPEAKEASY": ("SPEAK-", "EASY"),
          "BUTCHERY": ("BUTCH-", "ERY"), "DOCTORS": ("DOC-", "TORS"), "MARKET": ("MAR-", "KET"),
          "CASINO": ("CASI-", "NO")}
#: a face-up card, a face-down one
CARD_W, CARD_MIN_H, BACK_W, BACK_H = 110.0, 110.0, 56.0, 80.0
CARDS_X = 312.0  # where a gang's cards start, right of its counters
#: the map's tiles, streets and blocks as drawn, by the tiles, the layout and the blocks that
#: hold gangsters (a city changes far less often than its gangsters move)
_GROUND: dict[tuple[object, ...], str] = {}


def picture(state: CrimopolisState, seat: int | None) -> str:
    """The SVG of the table as ``seat`` sees it (``None``: a spectator)."""
    if state.phase == "setup":
        title = f"Setup: {who(state.setup_seat)} places its HQ and two tiles"
    elif state.is_over:
        title = f"The game is over: {state.end_reason}"
    else:
        title = f"Round {state.round}: {who(state.active)}'s turn, {hours(state.hours)} left"
    heading = wrap(f"Crimopolis \u2014 {title}", W - 2 * MARGIN, 16, bold=True)
    top = 12 + LINE_H * 1.4 * len(heading)
    city = _CityLayout.of(state, top + 22)
    legend = wrap("Grey strips: the street sections along each side of a tile. Coloured: city "
                  "blocks. Discs: gangsters in their gang colour, with their number. ?: an "
                  "empty cell, explored by stepping onto a street beside it. North is up.",
                  W - 2 * MARGIN, SMALL)
    status_y = city.bottom + 10 + LINE_H * len(legend) + 8
    prompt_y = status_y + 118
    prompt_h = _prompt_height(state, seat)
    gangs_y = prompt_y + prompt_h
    sections = [_cards(state, s, seat) for s in range(state.players)]
    heights = [_section_height(cards) for cards in sections]
    svg = Svg(W, gangs_y + sum(heights) + 6, title=f"Crimopolis, round {state.round}")
    table_cloth(svg)
    for i, line in enumerate(heading):
        svg.label(MARGIN, 12 + LINE_H * 1.4 * (i + 1) - 4, line, size=16, font_weight="bold",
                  class_="heading")
    _city(svg, state, city)
    for i, line in enumerate(legend):
        svg.label(MARGIN, city.bottom + 10 + LINE_H * (i + 1) - 3, line, size=SMALL,
                  fill=MUTED)
    _status(svg, state, status_y)
    if prompt_h:
        _prompt(svg, state, seat, prompt_y)
    y = gangs_y
    for s in range(state.players):
        _gang(svg, state, s, seat, y, sections[s])
        y += heights[s]
    return svg.text()


# -- the city ---------------------------------------------------------------------------
@attrs.frozen
class _CityLayout:
    """Where the map goes: the cells drawn (tiles and empty cells), their size and corner."""

    x0: int
    y0: int
    cols: int
    rows: int
    size: float
    left: float
    top: float
    empty: tuple[tuple[int, int], ...]

    @classmethod
    def of(cls, state: CrimopolisState, top: float) -> _CityLayout:
        """The layout of the city of ``state`` below ``top``."""
        empty = _empty_cells(state)
        cells = [(t.x, t.y) for t in state.city.grid.tiles()] + list(empty)
        x0, x1 = min(x for x, _ in cells), max(x for x, _ in cells)
        y0, y1 = min(y for _, y in cells), max(y for _, y in cells)
        cols, rows = x1 - x0 + 1, y1 - y0 + 1
        room = W - 2 * MARGIN - 28
        size = min(BIGGEST_CELL, room / cols)
        left = MARGIN + 28 + (room - cols * size) / 2
        return cls(x0, y0, cols, rows, size, left, top, empty)

    def at(self, x: int, y: int) -> tuple[float, float]:
        """The top left corner of cell (x, y)."""
        return self.left + (x - self.x0) * self.size, self.top + (y - self.y0) * self.size

    @property
    def bottom(self) -> float:
        return self.top + self.rows * self.size


def _empty_cells(state: CrimopolisState) -> tuple[tuple[int, int], ...]:
    """The empty cells the map shows: those across a street missing a tile, and the cells a
    HEADQUARTERS may go on in setup (one apart from the city, in the rare case)."""
    cells = set(state.city.open_streets.values())
    if state.phase == "setup" and state.setup_step == 0:
        cells.update((a.x, a.y) for a in setup.setup_actions(state) if type(a) is PlaceHQ)
    return tuple(sorted(cells, key=lambda c: (c[1], c[0])))


def _road(size: float) -> float:
    """The width of a street strip on a tile of ``size``."""
    return size * 0.16


def _city(svg: Svg, state: CrimopolisState, lay: _CityLayout) -> None:
    """The map: tiles, then their street sections, then the blocks, then the gangsters."""
    size = lay.size
    svg.group(class_="city")
    svg.rect(lay.left - 5, lay.top - 5, lay.cols * size + 10, lay.rows * size + 10, rx=8,
             fill="#dfe6d8", stroke="#9aa590")
    for i in range(lay.cols):
        px, _ = lay.at(lay.x0 + i, lay.y0)
        svg.label(px + size / 2, lay.top - 9, str(lay.x0 + i), size=SMALL, anchor="middle",
                  fill=MUTED)
    for i in range(lay.rows):
        _, py = lay.at(lay.x0, lay.y0 + i)
        svg.label(lay.left - 9, py + size / 2 + 4, str(lay.y0 + i), size=SMALL, anchor="end",
                  fill=MUTED)
    explored = state.prompts[-1].cell if state.prompts and state.prompts[-1].kind == "explore" \
        else None
    for x, y in lay.empty:
        _empty_cell(svg, lay, x, y, (x, y) == explored)
    pieces = state.city.board.pieces
    placed = list(state.city.grid.tiles())
    crowded = frozenset(b for b, row in pieces.items() if b[0] == "b" and any(row))
    key = (tuple((t.tile, t.x, t.y, t.rotation) for t in placed), lay, crowded)
    streets = _GROUND.get(key)
    if streets is None:  # drawn again only when a tile is placed or a block fills or empties
        ground = Svg(W, 0)
        for t in placed:
            _tile(ground, t.tile, t.x, t.y, lay)
        for t in placed:
            _streets(ground, state, t.x, t.y, t.sides, lay)
        by_tile = {t.tile: t for t in placed}
        for block, parts in state.city.block_tiles.items():
            _block(ground, state, block, [by_tile[t] for t in parts], lay, block in crowded)
        if len(_GROUND) >= 64:
            _GROUND.clear()
        streets = _GROUND[key] = "".join(ground.parts)
    svg.parts.append(streets)
    for node, row in sorted(pieces.items()):
        if any(row):
            _place_gangsters(svg, state, node, row, lay)
    svg.end()


def _empty_cell(svg: Svg, lay: _CityLayout, x: int, y: int, explored: bool) -> None:
    """An empty cell next to the city: a tile may go there (the one being explored stands
    out)."""
    px, py = lay.at(x, y)
    size = lay.size
    svg.group(class_="street-missing", id=cell_id(x, y), data_cell=f"{x},{y}")
    svg.title(f"Cell {x},{y}: " + ("being explored: a tile goes here" if explored else
                                   "not explored yet (step on a street next to it)"))
    svg.rect(px + 4, py + 4, size - 8, size - 8, rx=6,
             fill="#fff3c4" if explored else "#eef2ea",
             stroke="#b8860b" if explored else "#7b8570", stroke_width=2.5 if explored else 1,
             stroke_dasharray=None if explored else "6 4")
    svg.label(px + size / 2, py + size / 2 + 6, "?", size=max(SMALL, size * 0.25),
              anchor="middle", fill="#7b8570", font_weight="bold")
    svg.end()


def _tile(svg: Svg, tile: str, x: int, y: int, lay: _CityLayout) -> None:
    """A placed tile's ground: the asphalt (its corners are the intersections)."""
    px, py = lay.at(x, y)
    home = tile[:2] in ("HQ", "SH")
    svg.group(class_="tile home" if home else "tile", id=cell_id(x, y), data_cell=f"{x},{y}",
              data_name=tile_name(tile))
    svg.rect(px, py, lay.size, lay.size, fill=ASPHALT)
    svg.end()


def _strip(px: float, py: float, size: float, side: int) -> tuple[float, float, float, float]:
    """(x, y, w, h) of the street strip on ``side`` of a tile at (px, py), corners left out."""
    road = _road(size)
    return [(px + road, py, size - 2 * road, road),
            (px + size - road, py + road, road, size - 2 * road),
            (px + road, py + size - road, size - 2 * road, road),
            (px, py + road, road, size - 2 * road)][side]


def _streets(svg: Svg, state: CrimopolisState, x: int, y: int, sides: tuple[str, ...],
             lay: _CityLayout) -> None:
    """The street sections of a tile, each a place gangsters move to."""
    px, py = lay.at(x, y)
    for side in range(4):
        if sides[side] != STREET:
            continue
        node = street_id(x, y, side)
        sx, sy, sw, sh = _strip(px, py, lay.size, side)
        svg.group(class_="street", id=place_id(node))
        svg.title(place_words(state.city, node).capitalize())
        svg.rect(sx, sy, sw, sh, fill=ASPHALT)
        if sw > sh:
            svg.line(sx + 2, sy + sh / 2, sx + sw - 2, sy + sh / 2, stroke=LINE, stroke_width=1,
                     stroke_dasharray="5 5", stroke_opacity=0.5)
        else:
            svg.line(sx + sw / 2, sy + 2, sx + sw / 2, sy + sh - 2, stroke=LINE,
                     stroke_width=1, stroke_dasharray="5 5", stroke_opacity=0.5)
        svg.end()


def _block_rect(sides: tuple[str, ...], px: float, py: float,
                size: float) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of a tile's block: inside its streets, out to a block edge."""
    road = _road(size)
    inset = [0.0 if sides[s] != STREET else road for s in range(4)]  # N, E, S, W
    return px + inset[3], py + inset[0], px + size - inset[1], py + size - inset[2]


def _block(svg: Svg, state: CrimopolisState, block: str, placed: list[PlacedTile],
           lay: _CityLayout, crowded: bool) -> None:
    """A city block (one or two tiles): its colour, each tile's name, the clock icon."""
    city = state.city
    size = lay.size
    parts = [t.tile for t in placed]
    corners = [lay.at(t.x, t.y) for t in placed]
    inner = [_block_rect(t.sides, *corner, size) for t, corner in zip(placed, corners)]
    home = parts[0][:2] in ("HQ", "SH")
    x, y = placed[0].x, placed[0].y
    svg.group(class_="block box", id=place_id(block),
              data_cell=f"{x},{y}")
    tip = block_words(city, block)
    if not home:
        tip += "".join(f"; {tiles()[t].name} {tiles()[t].colour}"
                       f"{', clock tile' if tiles()[t].clock else ''}" for t in parts)
    svg.title(tip[0].upper() + tip[1:])
    # the footprint first: what the names must stay inside
    fx0, fy0 = min(c[0] for c in corners), min(c[1] for c in corners)
    fx1, fy1 = max(c[0] for c in corners) + size, max(c[1] for c in corners) + size
    svg.rect(fx0, fy0, fx1 - fx0, fy1 - fy0, fill="none")
    if home:
        owner = int(parts[0][2:])
        fill, ink = GANG_FILL[owner], GANG_INK[owner]
    else:
        fill, ink = DISTRICT[tiles()[parts[0]].colour], INK
    bx0, by0 = min(r[0] for r in inner), min(r[1] for r in inner)
    bx1, by1 = max(r[2] for r in inner), max(r[3] for r in inner)
    if len(parts) == 2 and not home:  # each half in its own colour, no line between them
        for t, r in zip(placed, inner):
            svg.rect(r[0], r[1], r[2] - r[0], r[3] - r[1], fill=DISTRICT[tiles()[t.tile].colour])
        svg.rect(bx0, by0, bx1 - bx0, by1 - by0, fill="none", stroke="#333333",
                 stroke_width=0.8)
    else:
        svg.rect(bx0, by0, bx1 - bx0, by1 - by0, fill=fill, stroke="#333333", stroke_width=0.8)
    for t, r in zip(placed, inner):
        if home:
            name, detail = ("HQ" if t.tile[:2] == "HQ" else "SAFE HOUSE"), GANGS[owner]
        else:
            d = tiles()[t.tile]
            name, detail = d.name, d.colour
        _name(svg, name, detail, r, ink, crowded and t is placed[0], size)
        if not home and tiles()[t.tile].clock:
            _clock_mark(svg, r[0] + 7, r[1] + 7, min(6.0, size * 0.06))
    svg.end()


def _name(svg: Svg, name: str, detail: str, r: tuple[float, float, float, float], ink: str,
          token: bool, size: float) -> None:
    """A tile's name (and its colour, when there is room) in its block: bold if it fits,
    else plain, else broken in two, else squeezed; room is kept below for a gangster disc."""
    x0, y0, x1, y1 = r
    room = x1 - x0 - 4
    lines, bold = _fit(name, room)
    height = y1 - y0 - (2 * _disc(size) + 2 if token else 0)
    show_detail = (len(lines) + 1) * LINE_H <= height and text_width(detail, SMALL) <= room
    count = len(lines) + (1 if show_detail else 0)
    first = y0 + max(2.0, (height - count * LINE_H) / 2) + LINE_H - 3.5
    for i, line in enumerate(lines):
        _squeezed(svg, (x0 + x1) / 2, first + i * LINE_H, line, room, bold, ink)
    if show_detail:
        svg.label((x0 + x1) / 2, first + len(lines) * LINE_H, detail, size=SMALL,
                  anchor="middle", fill=ink)


def _fit(name: str, room: float) -> tuple[tuple[str, ...], bool]:
    """The lines a name is written on within ``room``, and whether in bold."""
    forms: list[tuple[str, ...]] = [(name,)]
    if " " in name:
        forms.append(tuple(name.split(" ")))
    if name in BREAKS:
        forms.append(BREAKS[name])
    for form in forms:
        for bold in (True, False):
            if max(text_width(part, SMALL, bold) for part in form) <= room:
                return form, bold
    for form in forms:
        if max(text_width(part, SMALL) for part in form) * 0.8 <= room:
            return form, False
    return forms[-1], False


def _squeezed(svg: Svg, cx: float, y: float, text: str, room: float, bold: bool,
              ink: str) -> None:
    """A centred line, squeezed (never below the smallest font) if it is wider than ``room``."""
    wide = text_width(text, SMALL, bold) > room
    svg.label(cx, y, text, size=SMALL, anchor="middle", fill=ink,
              font_weight="bold" if bold else None,
              textLength=f"{room:.1f}" if wide else None,
              lengthAdjust="spacingAndGlyphs" if wide else None)


def _disc(size: float) -> float:
    """The radius of a gangster disc on a tile of ``size`` (its number stays readable)."""
    return max(12.0, min(16.0, size * 0.12))


def _place_gangsters(svg: Svg, state: CrimopolisState, node: str, row: Sequence[int],
                     lay: _CityLayout) -> None:
    """A gang's gangsters on one place: a disc in its colour with the count, on the middle of
    the street section, or low in the block (a large block's on its first tile)."""
    city = state.city
    owner = next(i for i, n in enumerate(row) if n)
    size = lay.size
    r = _disc(size)
    if node[0] == "s":
        x, y = _node_cell(node)
        px, py = lay.at(x, y)
        side = "NESW".index(node[-1])
        sx, sy, sw, sh = _strip(px, py, size, side)
        # off the middle, turning with the sides (north to the west, east to the north...):
        # the discs of two facing street sections never cover each other
        shift = r + 1
        cx = sx + sw / 2 + (-shift if side == 0 else shift if side == 2 else 0)
        cy = sy + sh / 2 + (-shift if side == 1 else shift if side == 3 else 0)
    else:
        first = city.grid.at(*_node_cell(node))
        assert first is not None
        px, py = lay.at(first.x, first.y)
        x0, _, x1, y1 = _block_rect(first.sides, px, py, size)
        cx, cy = (x0 + x1) / 2, y1 - r - 2
    n = row[owner]
    svg.group(class_="gangsters", id=gangsters_id(node), data_seat=owner + 1, data_count=n)
    svg.title(f"{plural(n, 'gangster')} of {who(owner)} on {place_words(city, node)}")
    svg.circle(cx, cy, r, fill=GANG_FILL[owner], stroke=INK, stroke_width=1.2)
    svg.label(cx, cy + 5, str(n), size=max(14.0, r * 1.1), anchor="middle",
              fill=GANG_INK[owner], font_weight="bold")
    svg.end()


def _node_cell(node: str) -> tuple[int, int]:
    """The cell of a block id (``b1,0``) or street id (``s1,0N``)."""
    text = node[1:-1] if node[0] == "s" else node[1:]
    x, y = text.split(",")
    return int(x), int(y)


def _clock_mark(svg: Svg, cx: float, cy: float, r: float = 6) -> None:
    """The clock icon of a clock tile."""
    svg.group(class_="clock-tile")
    svg.circle(cx, cy, r, fill=PAPER, stroke=INK, stroke_width=0.8)
    svg.line(cx, cy, cx, cy - r * 0.7, stroke=INK, stroke_width=0.8)
    svg.line(cx, cy, cx + r * 0.5, cy, stroke=INK, stroke_width=0.8)
    svg.end()


# -- the clock, the decks and the revealed tiles -------------------------------------------
def _box(svg: Svg, x: float, y: float, w: float, label: str, value: str | int,
         element: str | None = None, tooltip: str = "", h: float = 42, fill: str = PAPER,
         ink: str = INK, cls: str = "box") -> None:
    """A labelled number in a box: ``label`` above, ``value`` large below."""
    svg.group(class_=cls, id=element, data_name=label)
    if tooltip:
        svg.title(tooltip)
    svg.rect(x, y, w, h, rx=5, fill=fill, stroke=INK, stroke_width=0.8)
    svg.label(x + w / 2, y + 16, label, size=SMALL, anchor="middle",
              fill=MUTED if ink == INK else ink)
    svg.label(x + w / 2, y + h - 8, str(value), size=16, anchor="middle", font_weight="bold",
              fill=ink)
    svg.end()


def _marker(svg: Svg, x: float, y: float, w: float, text: str, element: str,
            tooltip: str) -> None:
    """A drawn button for a decision with nothing else to click: End turn, Leave empty..."""
    svg.group(class_="box marker", id=element)
    svg.title(tooltip)
    svg.rect(x, y, w, 34, rx=8, fill="#fff3c4", stroke="#8a6d00", stroke_width=1.5)
    svg.label(x + w / 2, y + 22, text, size=14, anchor="middle", font_weight="bold")
    svg.end()


def _status(svg: Svg, state: CrimopolisState, y: float) -> None:
    """The clock (and End turn), tombstones, the tile stack, the three decks, the revealed
    tiles."""
    x = MARGIN
    svg.group(class_="clock", id="clock", data_hours=state.hours)
    svg.title(f"{who(state.active)} has {hours(state.hours)} left this turn")
    cx, cy = x + 42, y + 40
    svg.circle(cx, cy, 36, fill=PAPER, stroke=INK, stroke_width=1.5)
    for i in range(7):
        dx, dy = math.sin(i / 7 * 2 * math.pi), -math.cos(i / 7 * 2 * math.pi)
        svg.line(cx + dx * 29, cy + dy * 29, cx + dx * 35, cy + dy * 35, stroke=INK,
                 stroke_width=1)
    svg.label(cx, cy + 9, str(state.hours), size=26, anchor="middle", font_weight="bold")
    svg.label(cx, y + 96, "hours left", size=SMALL, anchor="middle", fill=MUTED)
    svg.end()
    if state.phase == "play" and not state.prompts and not state.due:
        _marker(svg, x + 96, y + 4, 118, "End turn", END_TURN_ID,
                f"{who(state.active)} ends its turn; the hours left go to the next gang")
    _box(svg, x + 96, y + 50, 118, "tombstones", f"{state.tombstones} of 40",
         element="tombstones", tooltip="Tombstones left in the church: each body takes one")
    decks = ((JOB_DECK, "jobs", JOB_BACK, state.decks[0].draw_pile),
             (NEWS_DECK, "news", "#6b3f3f", state.decks[1].draw_pile),
             (FORTUNE_DECK, "fortunes", FORTUNE_BACK, state.decks[2].draw_pile))
    dx = x + 226
    for element, name, back, pile in decks:
        _box(svg, dx, y + 4, 84, name, len(pile), element=element, h=62, fill=back,
             ink="#ffffff", cls="box deck",
             tooltip=f"The {name} deck: {plural(len(pile), 'card')}, face down")
        dx += 90
    _box(svg, x + 226, y + 72, 264, "tiles face down", len(state.tile_stack),
         element="tile-stack", h=42, tooltip="The stack of city tiles still face down")
    svg.label(x + 500, y + 14, "Revealed tiles", size=SMALL, fill=MUTED)
    tx = x + 500
    for tile in state.revealed:
        _small_tile(svg, tile, tx, y + 22)
        tx += 98


def _small_tile(svg: Svg, tile: str, x: float, y: float, size: float = 90) -> None:
    """A revealed tile: its streets, its block in its colour, its name and colour."""
    d = tiles()[tile]
    svg.group(class_="box revealed-tile", id=revealed_id(tile), data_name=d.name)
    svg.title(f"Revealed: {d.name} ({d.colour}, {d.streets} streets"
              f"{', clock' if d.clock else ''})")
    svg.rect(x, y, size, size, fill=ASPHALT, rx=3)
    road = _road(size)
    bottom = size if d.streets == 3 else size - road
    svg.rect(x + road, y + road, size - 2 * road, bottom - road, fill=DISTRICT[d.colour])
    _name(svg, d.name, d.colour, (x + road, y + road, x + size - road, y + bottom), INK, False,
          size)
    if d.clock:
        _clock_mark(svg, x + road + 7, y + road + 7)
    svg.end()


# -- the decision under way ---------------------------------------------------------------
def _prompt_height(state: CrimopolisState, seat: int | None) -> float:
    """The height of the row showing the decision under way (0: none to show)."""
    if not state.prompts:
        return 0
    said = LINE_H * (len(_prompt_words(state)) - 1)
    if state.prompts[-1].kind == "explore":
        return said + (62 if LEAVE_EMPTY in state.legal_actions() else 30)
    cards = _prompt_cards(state, seat)
    return said + 30 + _card_height([c for c in cards if c.face_up]) + 12


def _prompt_cards(state: CrimopolisState, seat: int | None) -> list[_Card]:
    """The cards of the decision under way: the two jobs an aborting gang keeps one of (face
    down for everyone else), or the destiny to place or to answer."""
    p = state.prompts[-1]
    if p.kind == "keep":
        if seat == p.seat:
            return [_job_card(j) for j in p.options]
        return [_Card("job", element_id("choice", i + 1), False, "", [], JOB_BACK,
                      f"A job card {who(p.seat)} may keep, face down")
                for i in range(len(p.options))]
    if p.kind in ("target", "defend"):
        d = card_def(p.card)
        return [_Card("destiny", pending_id(p.card), True, d.title,
                      ["Destiny:", destiny_effect(p.card)], DESTINY_BAND, card_words(p.card))]
    return []


def _prompt_words(state: CrimopolisState) -> list[str]:
    """The decision under way in words, wrapped to the picture."""
    p = state.prompts[-1]
    if p.kind == "explore":
        x, yy = p.cell
        text = f"{who(p.seat)} explores: a tile goes on the marked cell {x},{yy}"
    elif p.kind == "keep":
        text = f"{who(p.seat)} aborted a job and keeps one of these two"
    elif p.kind == "target":
        text = f"{who(p.seat)} places this destiny newsflash in front of a gang"
    else:
        text = (f"{who(p.by)} plays this destiny on {who(p.seat)}: a defence fortune cancels "
                "it, or it lies in front of the gang")
    return wrap(text, W - 2 * MARGIN, SMALL, bold=True)


def _prompt(svg: Svg, state: CrimopolisState, seat: int | None, y: float) -> None:
    """The decision under way, in words, with the cards it is about."""
    for line in _prompt_words(state):
        svg.label(MARGIN, y + 16, line, size=SMALL, font_weight="bold")
        y += LINE_H
    y -= LINE_H
    if state.prompts[-1].kind == "explore":
        if LEAVE_EMPTY in state.legal_actions():
            _marker(svg, MARGIN, y + 24, 200, "Leave it empty", LEAVE_EMPTY_ID,
                    "Place no SAFE HOUSE: the cell stays empty")
        return
    x: float = MARGIN
    for c in _prompt_cards(state, seat):
        _draw_card(svg, c, x, y + 26, _card_height([c]) if c.face_up else BACK_H)
        x += (CARD_W if c.face_up else BACK_W) + 8


# -- the gangs ----------------------------------------------------------------------------
@attrs.frozen
class _Card:
    """A card as drawn: its kind, id, face, title and lines, band colour and tooltip."""

    kind: str
    element: str
    face_up: bool
    title: str
    lines: list[str]
    band: str
    tooltip: str
    seat: int | None = None  # whose card it is (the gang it lies before, for a destiny)


def _job_card(job: str) -> _Card:
    d = jobs()[job]
    return _Card("job", card_id(job), True, d.title,
                 [f"{d.location} {d.colour}", plural(d.gangsters, "gangster"),
                  f"{d.hours} h, {d.prestige} prestige"],
                 DISTRICT[d.colour],
                 f"Job '{d.title}': {d.location} ({d.colour}), {plural(d.gangsters, 'gangster')},"
                 f" {hours(d.hours)}, {d.prestige} prestige")


def _fortune_lines(card: str) -> list[str]:
    """What a fortune does, short enough for its card (its whole text is the tooltip)."""
    f = fortunes()[card]
    n = f.amount
    if f.destiny:
        what = {"hours": f"{hours(abs(n))} {'more' if n > 0 else 'less'}",
                "recruit": f"{plural(n, 'free recruit')}",
                "arrest": f"{plural(n, 'gangster')} arrested"}[f.effect]
        lines = [f"Destiny on a gang: {what}"]
    else:
        lines = [{"hours": f"{n} more hours now", "recruit": f"{plural(n, 'free recruit')} now",
                  "bombing": f"Blow up to {n} rivals out of a block",
                  "job_hours": f"Next job: {hours(n)} less",
                  "job_crew": f"Next job: {plural(n, 'gangster')} less",
                  "job_prestige": f"Next job: {n} more prestige",
                  "defence": "Cancels a destiny played on you",
                  "shield": "Next job: no newsflash",
                  "keep": "Keep it for the end"}.get(f.effect, f.text)]
    if f.game_end:
        lines.append(f"{f.game_end} prestige at the end if kept")
    return lines


def _cards(state: CrimopolisState, s: int, seat: int | None) -> list[_Card]:
    """A gang's destinies (face up), jobs and fortunes (face up for their owner only, and for
    everyone at the end)."""
    out = []
    for c in state.destinies[s]:
        out.append(_Card("destiny", destiny_id(c), True, card_def(c).title,
                         ["Destiny:", destiny_effect(c)], DESTINY_BAND,
                         f"Destiny before {who(s)}: {card_words(c)}", s))
    shown = s == seat or state.is_over
    for i, j in enumerate(state.hands[s]):
        out.append(_job_card(j) if shown else _Card(
            "job", hidden_card_id(s, "job", i), False, "", [], JOB_BACK,
            f"A job card of {who(s)}, face down"))
    for i, c in enumerate(state.fortune_hands[s]):
        out.append(_Card("fortune", card_id(c), True, fortunes()[c].title, _fortune_lines(c),
                         FORTUNE_BAND, card_words(c)) if shown else _Card(
            "fortune", hidden_card_id(s, "fortune", i), False, "", [], FORTUNE_BACK,
            f"A fortune card of {who(s)}, face down"))
    return out


def _card_text(c: _Card) -> tuple[list[str], list[str]]:
    """The title lines and body lines of a face-up card, wrapped to its width."""
    room = CARD_W - 10
    title = wrap(c.title, room, SMALL, bold=True)
    body = [part for line in c.lines for part in wrap(line, room, SMALL)]
    return title, body


def _card_height(cards: Sequence[_Card]) -> float:
    """The height that holds the text of every face-up card of a row (all as tall)."""
    need = CARD_MIN_H
    for c in cards:
        if c.face_up:
            title, body = _card_text(c)
            need = max(need, 14 + LINE_H * (len(title) + len(body)) + 4 + 8)
    return need


def _rows(cards: Sequence[_Card], height: float) -> list[list[tuple[_Card, float, float]]]:
    """The cards laid out in rows right of the counters: (card, x, y offset) per card."""
    rows: list[list[tuple[_Card, float, float]]] = [[]]
    x, y, row_h = CARDS_X, 0.0, 0.0
    for c in cards:
        w, h = (CARD_W, height) if c.face_up else (BACK_W, BACK_H)
        if rows[-1] and x + w > W - MARGIN:
            x, y = CARDS_X, y + row_h + 6
            rows.append([])
            row_h = 0.0
        rows[-1].append((c, x, y))
        x += w + 6
        row_h = max(row_h, h)
    return rows


def _section_height(cards: Sequence[_Card]) -> float:
    """The height of a gang's row: its band, then its counters or its cards."""
    height = _card_height(cards)
    rows = _rows(cards, height)
    last = rows[-1]
    used = 0.0
    if last:
        used = max(off + (height if c.face_up else BACK_H) for c, _, off in last)
    return 34 + max(90.0, used) + 14


def _gang(svg: Svg, state: CrimopolisState, s: int, seat: int | None, y: float,
          cards: Sequence[_Card]) -> None:
    """A gang's row: its band (its name, "you", "to play"), its counters, its SAFE HOUSE
    while unplaced, and its cards."""
    to_act = state.to_act == s and not state.is_over
    name = who(s)
    if state.is_over:
        name += f": {scoring.final_scores(state)[s]} prestige at the end"
    text = name + (" (you)" if s == seat else "") + ("  \u25c0 to play" if to_act else "")
    svg.group(class_="seat to-act" if to_act else "seat", id=seat_id(s), data_seat=s + 1)
    svg.title(f"{who(s)}'s gang")
    svg.rect(MARGIN, y, W - 2 * MARGIN, 28, rx=5, fill=GANG_FILL[s], fill_opacity=0.9,
             stroke=INK if to_act else "none", stroke_width=2)
    svg.label(MARGIN + 10, y + 19, text, size=14, fill=GANG_INK[s], font_weight="bold")
    svg.end()
    if s == seat and state.to_act == s and REDRAW in state.legal_actions():
        _marker(svg, W - MARGIN - 190, y - 3, 186, "Redraw both jobs", REDRAW_ID,
                "Show your two jobs for the same block, discard both and draw two")
    top = y + 34
    target = state.options.end_target
    boxes: list[tuple[str, str | int, str | None, str]] = [
        ("prestige", f"{state.prestige[s]} / {target}", None,
         f"Prestige of {who(s)}; {target} starts the last turns"),
        ("bodies", state.bodies[s], None, f"Body count of {who(s)}: tombstones taken"),
        ("on the map", state.city.board.pieces_of(s), None,
         f"Gangsters of {who(s)} in the city"),
        ("supply", state.supply[s], supply_id(s),
         f"Gangsters of {who(s)} in the supply, to recruit"),
    ]
    for i, (label, value, element, tip) in enumerate(boxes):
        _box(svg, MARGIN + (i % 2) * 110, top + (i // 2) * 48, 104, label, value,
             element=element, tooltip=tip)
    if not state.city.safe[s]:
        _safe_house(svg, s, MARGIN + 226, top + 8)
    height = _card_height(cards)
    for row in _rows(cards, height):
        for c, x, off in row:
            _draw_card(svg, c, x, top + off, height if c.face_up else BACK_H)


def _safe_house(svg: Svg, s: int, x: float, y: float) -> None:
    """A gang's SAFE HOUSE before it is placed (placed when exploring)."""
    svg.group(class_="box safe-house", id=safe_house_id(s), data_seat=s + 1)
    svg.title(f"The SAFE HOUSE of {who(s)}, not placed yet: it may be placed when exploring")
    svg.rect(x, y, 64, 64, rx=4, fill=GANG_FILL[s], stroke=ASPHALT, stroke_width=6)
    svg.label(x + 32, y + 29, "SAFE", size=SMALL, anchor="middle", fill=GANG_INK[s],
              font_weight="bold")
    svg.label(x + 32, y + 44, "HOUSE", size=SMALL, anchor="middle", fill=GANG_INK[s],
              font_weight="bold")
    svg.end()


def _draw_card(svg: Svg, c: _Card, x: float, y: float, h: float) -> None:
    """A card: face up with its band, title and lines; face down as its back (no word of its
    face)."""
    kind = ("card " if c.face_up else "card face-down ") + c.kind
    svg.group(class_=kind, id=c.element, transform=f"translate({x:g},{y:g})",
              data_seat=None if c.seat is None else c.seat + 1)
    svg.title(c.tooltip)
    if not c.face_up:
        svg.rect(0, 0, BACK_W, BACK_H, rx=6, fill=c.band, stroke=INK, stroke_width=1)
        svg.rect(5, 5, BACK_W - 10, BACK_H - 10, rx=4, fill="none", stroke="#ffffff",
                 stroke_opacity=0.6, stroke_dasharray="4 3")
        svg.end()
        return
    svg.rect(0, 0, CARD_W, h, rx=6, fill=PAPER, stroke=INK, stroke_width=1)
    svg.rect(0, 0, CARD_W, 9, rx=3, fill=c.band)
    title, body = _card_text(c)
    ty = 9 + LINE_H
    for line in title:
        _card_line(svg, ty, line, True)
        ty += LINE_H
    ty += 4
    for line in body:
        _card_line(svg, ty, line, False)
        ty += LINE_H
    svg.end()


def _card_line(svg: Svg, y: float, text: str, bold: bool) -> None:
    """A line of a card, centred (a word too long for the card is squeezed)."""
    room = CARD_W - 10
    wide = text_width(text, SMALL, bold) > room
    svg.label(CARD_W / 2, y, text, size=SMALL, anchor="middle",
              font_weight="bold" if bold else None,
              textLength=f"{room:.1f}" if wide else None,
              lengthAdjust="spacingAndGlyphs" if wide else None)
