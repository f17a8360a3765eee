"""The table as a picture (SVG): the city map of tiles on their grid (asphalt streets around
coloured blocks, gangsters in their gang colours with counts), the clock, and each gang's
prestige, body count, gangsters, destinies and cards (the viewer's own face up, the others'
face down).

Drawn from the same state as the text view, with :mod:`tabletop.pictures`. Pieces carry
classes a test can count: ``tile``, ``home`` (HQ or Safe House), ``gangsters`` (one group
per place that holds some, ``data-seat`` and ``data-count``), ``street-missing`` (a cell
waiting to be explored), ``destiny``, ``card`` / ``card face-down``, ``seat``, ``clock``.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from games.crimopolis import scoring
from games.crimopolis.cards import fortunes, jobs, tiles
from games.crimopolis.city import GANGS, STREET, street_id
from games.crimopolis.words import (
    block_words,
    card_def,
    destiny_effect,
    hours,
    place_words,
    plural,
    tile_name,
    who,
)
from tabletop.pictures import Svg, card, counter, heading, seat_row, table_cloth, token
from tabletop.pictures.pieces import INK, PAPER

if TYPE_CHECKING:
    from games.crimopolis.state import CrimopolisState

#: gang colours, seat by seat (Yellow, Green, Red, Blue, Purple), and the ink that reads on them
GANG_FILL = ("#F2C500", "#2E9E44", "#D1342F", "#2F6FD6", "#8E44AD")
GANG_INK = ("#222222", "#ffffff", "#ffffff", "#ffffff", "#ffffff")
#: district colours of the city blocks
DISTRICT = {"pink": "#F4B6C8", "teal": "#86CFC8", "orange": "#F6BE7A", "grey": "#CFCFCF"}
ASPHALT, LINE = "#5a5d63", "#e9e4c9"
W, H = 1300, 960
MAP_W, MAP_H = 860, 840  # the map's area, below the heading
PANEL_X = 890
SMALL_W, SMALL_H = 62, 86  # a card in a gang's row


def picture(state: CrimopolisState, seat: int | None) -> str:
    """The SVG of the table as ``seat`` sees it (``None``: a spectator)."""
    svg = Svg(W, H, title=f"Crimopolis, round {state.round}")
    table_cloth(svg)
    if state.phase == "setup":
        title = f"Setup: {who(state.setup_seat)} places its HQ and two tiles"
    elif state.is_over:
        title = f"The game is over: {state.end_reason}"
    else:
        title = (f"Round {state.round}: {who(state.active)}'s turn, "
                 f"{hours(state.hours)} left")
    heading(svg, 20, 32, f"Crimopolis \u2014 {title}")
    _city(svg, state)
    _panel(svg, state, seat)
    return svg.text()


# -- the city ---------------------------------------------------------------------------
def _city(svg: Svg, state: CrimopolisState) -> None:
    grid = state.city.grid
    x0, y0, x1, y1 = grid.bounds()
    # one empty ring around the city for the cells waiting to be explored
    cols, rows = x1 - x0 + 3, y1 - y0 + 3
    size = min(120.0, (MAP_W - 40) / cols, (MAP_H - 40) / rows)
    left = 40 + (MAP_W - 40 - cols * size) / 2
    top = 70.0

    def at(x: int, y: int) -> tuple[float, float]:
        return left + (x - x0 + 1) * size, top + (y - y0 + 1) * size

    svg.group(class_="city")
    svg.rect(left - 6, top - 6, cols * size + 12, rows * size + 12, rx=10, fill="#dfe6d8",
             stroke="#9aa590")
    for x in range(x0, x1 + 1):
        px, _ = at(x, y0)
        svg.label(px + size / 2, top - 10, str(x), size=11, anchor="middle", fill="#555555")
    for y in range(y0, y1 + 1):
        _, py = at(x0, y)
        svg.label(left - 12, py + size / 2 + 4, str(y), size=11, anchor="middle",
                  fill="#555555")
    for x, y in sorted(set(state.city.open_streets.values())):
        px, py = at(x, y)
        svg.group(class_="street-missing", data_cell=f"{x},{y}")
        svg.title(f"Cell {x},{y}: not explored yet (step on a street next to it)")
        svg.rect(px + 4, py + 4, size - 8, size - 8, rx=6, fill="none", stroke="#7b8570",
                 stroke_dasharray="6 4")
        svg.label(px + size / 2, py + size / 2 + 5, "?", size=size * 0.22, anchor="middle",
                  fill="#7b8570")
        svg.end()
    for t in grid.tiles():
        px, py = at(t.x, t.y)
        _tile(svg, state, t.tile, t.x, t.y, t.sides, px, py, size)
    _compass(svg, left + cols * size - 34, top + 30)
    svg.label(left, top + rows * size + 24, "Grey: streets, one section along each side of a "
              "tile. Coloured: city blocks (district colour).", size=11, fill="#444444")
    svg.label(left, top + rows * size + 40, "Discs: gangsters in their gang colour, with "
              "their number. ?: a cell not explored yet. Clock: a clock tile.", size=11,
              fill="#444444")
    svg.end()


def _tile(svg: Svg, state: CrimopolisState, tile: str, x: int, y: int,
          sides: tuple[str, ...], px: float, py: float, size: float) -> None:
    """One tile: the asphalt, its block (reaching the edge on a block-edge side), the
    block's name, the gangsters inside and on its streets."""
    city = state.city
    block = city.cell_block[f"{x},{y}"]
    home = tile[:2] in ("HQ", "SH")
    kind = "tile home" if home else "tile"
    svg.group(class_=kind, data_cell=f"{x},{y}", data_name=tile_name(tile))
    svg.title(f"{block_words(city, block)}" + (
        f" ({tiles()[tile].colour}, {tiles()[tile].streets} streets)" if not home else ""))
    svg.rect(px, py, size, size, fill=ASPHALT)
    road = size * 0.17
    inset = [0.0 if sides[s] != STREET else road for s in range(4)]  # N, E, S, W
    bx, by = px + inset[3], py + inset[0]
    bw, bh = size - inset[1] - inset[3], size - inset[0] - inset[2]
    if home:
        owner = int(tile[2:])
        fill, ink = GANG_FILL[owner], GANG_INK[owner]
        name, detail = ("HQ" if tile[:2] == "HQ" else "SAFE HOUSE"), GANGS[owner]
    else:
        d = tiles()[tile]
        fill, ink, name, detail = DISTRICT[d.colour], INK, d.name, d.colour
    svg.rect(bx, by, bw, bh, fill=fill, stroke="#333333", stroke_width=0.6)
    for s in range(4):  # the centre line of each street, dashed
        if sides[s] != STREET:
            continue
        if s in (0, 2):
            ly = py + (road / 2 if s == 0 else size - road / 2)
            svg.line(px + 2, ly, px + size - 2, ly, stroke=LINE, stroke_width=1,
                     stroke_dasharray="5 5", stroke_opacity=0.5)
        else:
            lx = px + (size - road / 2 if s == 1 else road / 2)
            svg.line(lx, py + 2, lx, py + size - 2, stroke=LINE, stroke_width=1,
                     stroke_dasharray="5 5", stroke_opacity=0.5)
    font = max(6.0, min(12.0, size * 0.105, (bw - 4) / (0.66 * len(name))))
    svg.label(px + size / 2, by + bh * 0.36, name, size=font, anchor="middle", fill=ink,
              font_weight="bold")
    svg.label(px + size / 2, by + bh * 0.36 + font + 1, detail, size=font * 0.85,
              anchor="middle", fill=ink)
    if not home and tiles()[tile].clock:  # on the block's corner
        _clock_mark(svg, bx + 5, by + 5, 4.5)
    row = city.board.pieces.get(block)
    if row and city.block_tiles[block][0] == tile:
        owner = next(i for i, n in enumerate(row) if n)
        _gangsters(svg, state, block, owner, row[owner], px + size / 2, by + bh * 0.74,
                   road * 0.48)
    for s in range(4):
        if sides[s] != STREET:
            continue
        node = street_id(x, y, s)
        srow = city.board.pieces.get(node)
        if not srow:
            continue
        owner = next(i for i, n in enumerate(srow) if n)
        cx, cy = [(px + size / 2, py + road / 2), (px + size - road / 2, py + size / 2),
                  (px + size / 2, py + size - road / 2), (px + road / 2, py + size / 2)][s]
        _gangsters(svg, state, node, owner, srow[owner], cx, cy, road * 0.46)
    svg.end()


def _gangsters(svg: Svg, state: CrimopolisState, node: str, owner: int, n: int, cx: float,
               cy: float, r: float) -> None:
    """A gang's gangsters on one place: a token in its colour with the count."""
    svg.group(class_="gangsters", data_seat=owner + 1, data_count=n)
    token(svg, cx, cy, seat=owner, label=str(n), r=max(6.0, r), fill=GANG_FILL[owner],
          ink=GANG_INK[owner],
          tooltip=f"{plural(n, 'gangster')} of {who(owner)} on "
                  f"{place_words(state.city, node)}")
    svg.end()


def _clock_mark(svg: Svg, cx: float, cy: float, r: float = 6) -> None:
    """The clock icon of a clock tile."""
    svg.group(class_="clock-tile")
    svg.circle(cx, cy, r, fill=PAPER, stroke=INK, stroke_width=0.8)
    svg.line(cx, cy, cx, cy - r * 0.7, stroke=INK, stroke_width=0.8)
    svg.line(cx, cy, cx + r * 0.5, cy, stroke=INK, stroke_width=0.8)
    svg.end()


def _compass(svg: Svg, cx: float, cy: float) -> None:
    """A compass rose: north is up (y - 1)."""
    svg.group(class_="compass")
    svg.circle(cx, cy, 20, fill=PAPER, fill_opacity=0.9, stroke=INK, stroke_width=0.8)
    svg.polygon([(cx, cy - 17), (cx - 5, cy), (cx + 5, cy)], fill="#b22222")
    svg.polygon([(cx, cy + 17), (cx - 5, cy), (cx + 5, cy)], fill="#888888")
    svg.label(cx, cy - 23, "N", size=11, anchor="middle", font_weight="bold")
    svg.end()


# -- the side panel -----------------------------------------------------------------------
def _panel(svg: Svg, state: CrimopolisState, seat: int | None) -> None:
    x = PANEL_X
    _clock(svg, state, x + 36, 84)
    counter(svg, x + 84, 50, "tombstones left", f"{state.tombstones} of 40", w=110)
    counter(svg, x + 84, 92, "tiles face down", len(state.tile_stack), w=110)
    svg.label(x + 272, 58, "Revealed tiles", size=10, anchor="middle", fill="#555555")
    for i, t in enumerate(state.revealed):
        _small_tile(svg, t, x + 206 + i * 68, 64)
    y = 146.0
    target = state.options.end_target
    step = min(200.0, (H - y - 10) / state.players)
    finals = scoring.final_scores(state) if state.is_over else []
    for s in range(state.players):
        to_act = state.to_act == s and not state.is_over
        name = who(s) + (f": {finals[s]} prestige at the end" if finals else "")
        seat_row(svg, x, y, W - x - 16, s, name, [], to_act=to_act, you=s == seat,
                 colour=GANG_FILL[s], ink=GANG_INK[s])
        counters: list[tuple[str, str | int]] = [("prestige", f"{state.prestige[s]} / {target}"),
                    ("bodies", state.bodies[s]),
                    ("gangsters + supply",
                     f"{state.city.board.pieces_of(s)} + {state.supply[s]}"),
                    ("jobs, fortunes",
                     f"{len(state.hands[s])}, {len(state.fortune_hands[s])}")]
        for i, (name, value) in enumerate(counters):
            counter(svg, x + i * 98, y + 28, name, value, w=92, seat=s + 1)
        _hand(svg, state, s, seat, x, y + 70, min(step - 74, SMALL_H))
        y += step


def _clock(svg: Svg, state: CrimopolisState, cx: float, cy: float) -> None:
    """The clock: hours left this turn."""
    svg.group(class_="clock", data_hours=state.hours)
    svg.title(f"{who(state.active)} has {hours(state.hours)} left this turn")
    svg.circle(cx, cy, 30, fill=PAPER, stroke=INK, stroke_width=1.5)
    for i in range(7):
        a = i / 7
        dx, dy = math.sin(a * 2 * math.pi), -math.cos(a * 2 * math.pi)
        svg.line(cx + dx * 24, cy + dy * 24, cx + dx * 29, cy + dy * 29, stroke=INK,
                 stroke_width=1)
    svg.label(cx, cy + 8, str(state.hours), size=22, anchor="middle", font_weight="bold")
    svg.label(cx, cy + 46, "hours left", size=10, anchor="middle", fill="#555555")
    svg.end()


def _small_tile(svg: Svg, tile: str, x: float, y: float) -> None:
    """A revealed tile, small: its colour, name and number of streets."""
    d = tiles()[tile]
    svg.group(class_="revealed-tile", data_name=d.name)
    svg.title(f"Revealed: {d.name} ({d.colour}, {d.streets} streets"
              f"{', clock' if d.clock else ''})")
    svg.rect(x, y, 62, 62, fill=ASPHALT, rx=3)
    edge = 0 if d.streets == 3 else 9
    svg.rect(x + 9, y + 9, 44, 53 - edge, fill=DISTRICT[d.colour])
    font = min(9.0, 42 / (0.66 * len(d.name)))
    svg.label(x + 31, y + 30, d.name, size=font, anchor="middle", font_weight="bold")
    svg.label(x + 31, y + 42, d.colour, size=8, anchor="middle")
    if d.clock:
        _clock_mark(svg, x + 45, y + 16)
    svg.end()


def _hand(svg: Svg, state: CrimopolisState, s: int, seat: int | None, x: float, y: float,
          h: float) -> None:
    """A gang's destinies (face up), jobs and fortunes (face up for their owner only)."""
    w = h * SMALL_W / SMALL_H
    items: list[tuple[str, str, list[str], bool, str]] = []
    for c in state.destinies[s]:
        items.append(("destiny", card_def(c).title, ["Destiny", destiny_effect(c)], True,
                      "#b22222"))
    mine = s == seat
    for j in state.hands[s]:
        d = jobs()[j]
        lines = [f"{d.location} {d.colour}", f"{d.prestige} prestige",
                 f"{d.gangsters} gangsters, {d.hours} h"]
        items.append(("job", d.title if mine else "", lines if mine else [], mine, "#444444"))
    shown = mine or state.is_over  # HIDDEN FORTUNES are shown at the end for scoring
    for c in state.fortune_hands[s]:
        f = fortunes()[c]
        lines = [f.text] + ([f"end: +{f.game_end}"] if f.game_end else [])
        items.append(("fortune", f.title if shown else "", lines if shown else [], shown,
                      "#2a7f62"))
    room = W - x - 16
    gap = min(w + 4, (room - w) / max(1, len(items) - 1)) if items else 0
    for i, (kind, name, lines, face_up, band) in enumerate(items):
        cx = x + i * gap
        if kind == "destiny":
            svg.group(class_="destiny", data_seat=s + 1)
        card(svg, cx, y, name, lines, face_up=face_up, w=w, h=h, colour=band,
             tooltip=f"{name}: {' '.join(lines)}" if face_up else "", kind=kind)
        if kind == "destiny":
            svg.end()
