"""The table as a picture (SVG) for one seat, drawn from the same state as the text view.

Each Mob is laid out as on the table (the ``Hierarchy`` cells: the Boss in the middle, north
at the top, each Crook on a side of his superior), every Crook a card with his Power, Unhappy
markers, Power markers, a Lieutenant's mark and his Action Token if he still has it; below
it the Rackets held and the Specials (the viewer's own face up, everybody else's face down);
then the uncontrolled area, the auction while it is on, and the attack in progress. Treasuries
are hidden ("Money"): only the viewer's own is drawn.

Pieces carry a ``class`` for tests and stylesheets: ``card`` / ``card face-down`` (with
``data-kind`` crook, racket, special), ``token`` (an Action Token), ``unhappy-marker``,
``power-marker``, ``lieutenant-marker``, ``seat`` (``to-act``), ``counter``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.crime_lords import mob, victory
from games.crime_lords.cards import CARDS, MOBS, RacketDef, is_crook
from games.crime_lords.table import attack_lines, crook_words
from games.crime_lords.words import name, role, seat_label, who
from tabletop.pictures import (
    Svg,
    card,
    counter,
    heading,
    seat_colour,
    seat_row,
    table_cloth,
    token,
)

if TYPE_CHECKING:
    from games.crime_lords.state import CrimeLordsState

WIDTH = 1200
MARGIN = 12
PANEL_W = (WIDTH - 3 * MARGIN) // 2
CELL_W, CELL_H = 96, 88           # a Mob's grid cell at most
CROOK_H = 82
RACKET_W, RACKET_H = 76, 70
SPECIAL_W, SPECIAL_H = 56, 60
UNHAPPY, POWER, TOKEN = "#c0392b", "#1e8449", "#f1c40f"
#: district colours as the rulebook gives them (North blue, South yellow, East red, West
#: green, Central purple)
DISTRICT_COLOURS = {"North": "#2e6fbf", "South": "#e0b000", "East": "#c0392b",
                    "West": "#2e8b57", "Central": "#7d3c98"}


def picture(s: CrimeLordsState, seat: int | None) -> str:
    """The SVG of the table as ``seat`` sees it (None: a spectator, public things only)."""
    panels = [_Panel(s, p, seat) for p in range(s.players)]
    rows = [panels[i:i + 2] for i in range(0, len(panels), 2)]
    top = 64
    height = top + sum(max(p.height for p in row) + MARGIN for row in rows)
    middle = _middle_height(s, seat)
    svg = Svg(WIDTH, height + middle + MARGIN, title=f"Crime Lords, round {s.round}")
    table_cloth(svg)
    heading(svg, MARGIN, 26, _title(s))
    heading(svg, MARGIN, 48, "Numbers are Power (the Boss's with his token); red dots: "
            "Unhappy markers; green +n: Power markers; LT: Lieutenant; gold dot: Action "
            "Token not yet spent", size=11)
    y = top
    for row in rows:
        for i, panel in enumerate(row):
            panel.draw(svg, MARGIN + i * (PANEL_W + MARGIN), y)
        y += max(p.height for p in row) + MARGIN
    _draw_middle(svg, s, seat, y)
    return svg.text()


def _title(s: CrimeLordsState) -> str:
    if s.phase == "over":
        won = ", ".join(seat_label(p) for p in s.winners) or "nobody"
        return f"Crime Lords - game over: {s.end_reason}; won by {won}"
    text = f"Crime Lords - round {s.round}"
    if s.phase not in ("auction", "boss", "layout"):
        text += f", {seat_label(s.current)}'s turn"
    if s.war:
        text += " - GANG WAR"
    return text + f" ({s.phase})"


# -- a seat's panel ---------------------------------------------------------------------------
class _Panel:
    """One Mob's part of the table: its band and counters, its layout, Rackets, Specials."""

    def __init__(self, s: CrimeLordsState, p: int, viewer: int | None) -> None:
        self.s, self.p, self.viewer = s, p, viewer
        m = s.mobs[p]
        self.cells = dict(m.cell)
        if self.cells:
            xs = [c[0] for c in self.cells.values()]
            ys = [c[1] for c in self.cells.values()]
            self.x0, self.y1 = min(xs), max(ys)
            self.cols, self.rows = max(xs) - self.x0 + 1, self.y1 - min(ys) + 1
            self.cell_w = min(CELL_W, (PANEL_W - 8) / self.cols)
        else:
            self.cols = self.rows = 0
            self.cell_w = CELL_W
        self.held = self._held()
        self.small = sorted(s.rackets[p]) + sorted(s.specials[p])
        per_row = max(1, (PANEL_W - 8) // (RACKET_W + 6))
        self.small_rows = -(-len(self.small) // per_row) if self.small else 0
        self.per_row = per_row
        self.height = (70 + 24 + self.rows * CELL_H + (CELL_H if self.held else 0)
                       + self.small_rows * (RACKET_H + 6) + 8)

    def _held(self) -> list[int]:
        s = self.s
        if s.phase not in ("auction", "boss", "layout"):
            return []
        from games.crime_lords.auction import held_crooks
        return held_crooks(s, self.p)

    def draw(self, svg: Svg, x: float, y: float) -> None:
        s, p = self.s, self.p
        svg.rect(x, y, PANEL_W, self.height, rx=8, fill="#ffffff", fill_opacity=0.35,
                 stroke="#999999", stroke_width=0.6)
        mine = self.viewer == p
        shown = mine or s.phase == "over"  # at the end nothing is hidden any more
        money = f"{s.money[p]} G" if shown else "?"
        if s.phase in ("auction", "boss", "layout"):
            money = f"{s.bid_money[p]} G bid"
        out = "" if s.alive[p] else " - OUT"
        seat_row(svg, x, y, PANEL_W, p, who(s, p) + out,
                 [("treasury" if s.phase not in ("auction", "boss", "layout")
                   else "bidding money", money),
                  ("Specials", len(s.specials[p])),
                  ("Racket score", f"{victory.score(s, p)} of {victory.target(s)}"),
                  ("Crooks", len(s.mobs[p]) or len(self.held))],
                 to_act=s.to_act == p, you=mine)
        mob_card = MOBS[s.mob_of[p]]
        svg.label(x + 6, y + 86, f"Boss token +{mob_card.boss_bonus}. {mob_card.text}"[:100],
                  size=10, fill="#333333")
        top = y + 94
        if self.cells:
            self._draw_mob(svg, x, top)
            top += self.rows * CELL_H
        if self.held:
            for i, c in enumerate(self.held[:6]):
                crook_card(svg, s, c, x + 4 + i * (CELL_W), top, CELL_W - 6, p)
            top += CELL_H
        for i, c in enumerate(self.small):
            cx = x + 4 + (i % self.per_row) * (RACKET_W + 6)
            cy = top + (i // self.per_row) * (RACKET_H + 6)
            if isinstance(CARDS[c], RacketDef):
                racket_card(svg, s, c, cx, cy, p)
            else:
                special_card(svg, c, cx, cy, face_up=self.viewer == p or s.phase == "over")

    def _draw_mob(self, svg: Svg, x: float, top: float) -> None:
        s, m = self.s, self.s.mobs[self.p]
        w = self.cell_w
        left = x + (PANEL_W - self.cols * w) / 2

        def centre(c: int) -> tuple[float, float]:
            cx, cy = self.cells[c]
            return (left + (cx - self.x0) * w + w / 2, top + (self.y1 - cy) * CELL_H + CROOK_H / 2)

        for c, sup in m.parent.items():  # the lines of control, under the cards
            if sup >= 0 and c in self.cells and sup in self.cells:
                (ax, ay), (bx, by) = centre(c), centre(sup)
                svg.line(ax, ay, bx, by, stroke="#444444", stroke_width=2, class_="control")
        for c, (cx, cy) in sorted(self.cells.items()):
            crook_card(svg, s, c, left + (cx - self.x0) * w + 3,
                       top + (self.y1 - cy) * CELL_H, w - 6, self.p)


# -- the cards --------------------------------------------------------------------------------
def crook_card(svg: Svg, s: CrimeLordsState, c: int, x: float, y: float, w: float,
               owner: int | None) -> None:
    """A Crook face up: name, Power, then his markers and his token along the bottom."""
    rank = role(s, c)
    boss, lt = rank == "Boss", rank == "Lieutenant"
    pw = mob.power(s, c) if s.loc[c] >= 0 else mob.base_power(s, c)
    card(svg, x, y, name(c), [f"Power {pw}" + (" (Boss)" if boss else "")], w=w, h=CROOK_H,
         colour=seat_colour(owner) if owner is not None and owner >= 0 else "#777777",
         tooltip=f"{name(c)}: {crook_words(c)}. {CARDS[c].text}".strip(), kind="crook",
         rank=rank, power=pw)
    bottom = y + CROOK_H - 9
    mx = x + 8
    for _ in range(s.unhappy[c]):
        svg.group(class_="unhappy-marker")
        svg.title("Unhappy marker")
        svg.circle(mx, bottom, 5, fill=UNHAPPY, stroke="#222222", stroke_width=0.6)
        svg.end()
        mx += 12
    if s.pbonus[c]:
        svg.group(class_="power-marker")
        svg.title(f"+{s.pbonus[c]} Power from Hits")
        svg.label(mx + 2, bottom + 4, f"+{s.pbonus[c]}", size=10, fill=POWER,
                  font_weight="bold")
        svg.end()
    if lt:
        svg.group(class_="lieutenant-marker")
        svg.title("Lieutenant: right under the Boss")
        svg.label(x + 4, y + 9, "LT", size=8, fill="#ffffff", font_weight="bold")
        svg.end()
    if s.tokens[c]:
        token(svg, x + w - 10, bottom, fill=TOKEN, r=6, tooltip="Action Token (not yet spent)")


def racket_card(svg: Svg, s: CrimeLordsState, r: int, x: float, y: float,
                owner: int | None) -> None:
    """A Racket face up: its type, district and income, banded in its district's colour."""
    d = CARDS[r]
    assert isinstance(d, RacketDef)
    label = d.rtype if d.rtype != d.name or len(d.name) <= 14 else d.name
    muscle = [f"Power {d.power}"] if d.power else []
    card(svg, x, y, label, [f"{d.district}, {d.income} G", *muscle], w=RACKET_W, h=RACKET_H,
         colour=DISTRICT_COLOURS[d.district],
         tooltip=f"{d.name}: income {d.income} G, Resistance {d.resistance}"
         + (f", Power {d.power}" if d.power else ""),
         kind="racket", owner=owner + 1 if owner is not None and owner >= 0 else None)
    if s.tokens[r]:
        token(svg, x + RACKET_W - 10, y + RACKET_H - 10, fill=TOKEN, r=6,
              tooltip="Action Token (not yet spent)")


def special_card(svg: Svg, c: int, x: float, y: float, face_up: bool) -> None:
    """A Special: its name for its holder, a plain back for everybody else."""
    if face_up:
        card(svg, x, y, name(c), [], w=SPECIAL_W, h=SPECIAL_H, colour="#5b4a8a",
             tooltip=f"{name(c)}: {CARDS[c].text}", kind="special")
    else:
        card(svg, x, y, face_up=False, w=SPECIAL_W, h=SPECIAL_H)


# -- the middle of the table ------------------------------------------------------------------
def _middle_height(s: CrimeLordsState, viewer: int | None) -> int:
    per_row = (WIDTH - 2 * MARGIN) // (CELL_W + 4)
    n = len(s.uncontrolled)
    height = 30 + max(1, -(-n // per_row)) * (CELL_H + 4) + 50
    if s.phase == "auction" and s.auc_card >= 0:
        height += CELL_H + 30
    if s.attack is not None:
        height += 20 + 16 * len(attack_lines(s, viewer))
    return height


def _draw_middle(svg: Svg, s: CrimeLordsState, viewer: int | None, y: float) -> None:
    """The uncontrolled area, the deck and discard counts, the auction, the attack."""
    counter(svg, MARGIN, y, "deck", len(s.draw_pile))
    counter(svg, MARGIN + 98, y, "discard pile", len(s.discard))
    svg.label(MARGIN + 210, y + 24, f"Uncontrolled area ({len(s.uncontrolled)} cards: anyone "
              "may recruit, take over or Hit them)", size=13, font_weight="bold")
    y += 44
    per_row = (WIDTH - 2 * MARGIN) // (CELL_W + 4)
    for i, c in enumerate(s.uncontrolled):
        x = MARGIN + (i % per_row) * (CELL_W + 4)
        cy = y + (i // per_row) * (CELL_H + 4)
        if is_crook(c):
            crook_card(svg, s, c, x, cy, CELL_W - 6, None)
        else:
            racket_card(svg, s, c, x, cy, None)
    y += max(1, -(-len(s.uncontrolled) // per_row)) * (CELL_H + 4) + 6
    if s.phase == "auction" and s.auc_card >= 0:
        c = s.auc_card
        by = seat_label(s.auc_leader) if s.auc_leader >= 0 else "nobody yet"
        svg.label(MARGIN, y + 14, f"Up for auction: {name(c)} - high bid {max(s.auc_high, 0)}"
                  f" G by {by}", size=13, font_weight="bold", class_="auction")
        if is_crook(c):
            crook_card(svg, s, c, MARGIN, y + 22, CELL_W - 6, None)
        elif isinstance(CARDS[c], RacketDef):
            racket_card(svg, s, c, MARGIN, y + 22, None)
        else:
            special_card(svg, c, MARGIN, y + 22, face_up=True)  # auctioned face up
        y += CELL_H + 30
    if s.attack is not None:
        for i, line in enumerate(attack_lines(s, viewer)):
            svg.label(MARGIN, y + 16 + 16 * i, line.strip(), size=12,
                      font_weight="bold" if i == 0 else None, class_="attack")
