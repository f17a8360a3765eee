"""The table as a picture (SVG) for one seat, drawn from the same state as the text view.

Each Mob is laid out as on the table (the ``Hierarchy`` cells: the Boss in the middle, north
at the top, each Crook on a side of his superior), every Crook a card with his Power, Unhappy
markers, Power markers, his rank and his Action Token if he still has it; below it the
Crooks waiting for a place, the Rackets held and the Specials (the viewer's own face up,
everybody else's face down); then the uncontrolled area, the auction while it is on, the
attack in progress and a deal on the table. Treasuries are hidden: only the viewer's own is
drawn.

The picture is 820 wide, the width the browser table gives it on a desktop, and no text in
it is smaller than 11: every card's words are fitted to the card (:mod:`tabletop.pictures.lettering`).

Everything a player acts on has an element id (:mod:`tabletop_games.crime_lords.targets` says which
actions name which): a Crook ``crook-two-bit-tommy``, a Racket ``racket-city-hall``, one's own
Special ``special-payday-2`` (the second Payday of the deck), somebody else's face-down
Special by its place ``hand-2-card-1``, a seat's row ``seat-2``, its Mob card ``mob-2``, an
open place in a Mob ``spot-1-0-n1`` (seat, then x and y from the Boss), the uncontrolled
area ``uncontrolled``, the attack ``attack``, a deal ``deal``, and the viewer's "Done"
marker ``done`` (pass, end the turn, add nothing more: drawn when he is to act).

Pieces carry a ``class`` for tests and stylesheets: ``card`` / ``card face-down`` (with
``data-kind`` crook, racket, special), ``token`` (an Action Token), ``unhappy-marker``,
``power-marker``, ``lieutenant-marker``, ``seat`` (``to-act``), ``counter``, ``box``,
``spot``, ``done``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine import seat_label
from tabletop.pictures import (
    Svg,
    element_id,
    lettering,
    seat_colour,
    table_cloth,
    token,
)

from . import mob, trades, victory
from .actions import Place
from .auction import crook_cap, racket_cap
from .cards import (
    CARDS,
    FIRST_SPECIAL,
    MOBS,
    CrookDef,
    RacketDef,
    SpecialDef,
    is_crook,
)
from .names import name, role, who
from .views import WHEN, attack_lines, crook_words, racket_words

if TYPE_CHECKING:
    from .state import CrimeLordsState

WIDTH = 820
MARGIN = 10
FULL_W = WIDTH - 2 * MARGIN
HALF_W = (FULL_W - MARGIN) // 2
CARD_W, CARD_H = 88, 86          # every card
GAP = 6                          # between cards
CELL_W, CELL_H = CARD_W + GAP, CARD_H + 14   # a Mob's grid cell (room for the lines)
LINE_3 = 64                      # the baseline of a card's line under its name
SMALL_CARD_W = 70                # the narrowest a card gets in a very wide Mob
PAD = 8                          # inside a panel
INK, PAPER, MUTED = "#222222", "#fffdf6", "#444444"
UNHAPPY, POWER, TOKEN = "#c0392b", "#1e7a41", "#f1c40f"
NOBODY = "#6b6b6b"               # an uncontrolled card's band
SPECIAL = "#5b4a8a"
#: district colours as the rulebook gives them (North blue, South yellow, East red, West
#: green, Central purple)
DISTRICT_COLOURS = {"North": "#2e6fbf", "South": "#e0b000", "East": "#c0392b",
                    "West": "#2e8b57", "Central": "#7d3c98"}
SETUP = ("auction", "boss", "layout")
#: what is going on, in the title
PHASE_WORDS = {"auction": "the auction", "boss": "choosing Bosses", "layout": "laying out Mobs",
               "actions": "actions", "pay": "paying the gang", "place": "placing a Crook",
               "regroup": "reassigning Crooks", "newboss": "choosing a new Boss",
               "protect": "an attack", "showdown": "an attack: the showdown",
               "hitmoney": "an attack: Hit money", "reveal": "an attack: the reveal",
               "assist": "an attack: helpers", "war": "Gang War", "window": "gifts out of turn",
               "trade_ask": "a deal", "trade": "a deal", "consent": "a Crook offered",
               "share": "a shared victory?", "spoils": "the spoils"}
#: what the "Done" marker says in each phase whose question has a "no more" answer
DONE_WORDS = {"auction": "Pass", "war": "Pass this war turn", "assist": "Add nothing more",
              "window": "Done: give nothing", "spoils": "Take no more",
              "regroup": "Let him go", "protect": "Nobody protects"}


def picture(s: CrimeLordsState, seat: int | None) -> str:
    """The SVG of the table as ``seat`` sees it (None: a spectator, public things only)."""
    head = _Header(s, seat)
    panels = [_Panel(s, p, seat) for p in range(s.players)]
    rows = _rows(panels)
    middle = _Middle(s, seat)
    height = (head.height + middle.events_height
              + sum(max(p.height for p in row) + MARGIN for row in rows))
    svg = Svg(WIDTH, height + middle.height + MARGIN, title=f"Crime Lords, round {s.round}")
    table_cloth(svg)
    head.draw(svg)
    middle.draw_events(svg, head.height)
    y = head.height + middle.events_height
    for row in rows:
        x = MARGIN
        for panel in row:
            panel.draw(svg, x, y, FULL_W if len(row) == 1 else HALF_W)
            x += HALF_W + MARGIN
        y += max(p.height for p in row) + MARGIN
    middle.draw(svg, y)
    return svg.text()


def _rows(panels: list[_Panel]) -> list[list[_Panel]]:
    """Panels two to a row while both fit half the width; a wide Mob takes a row alone."""
    rows: list[list[_Panel]] = []
    for panel in panels:
        if rows and len(rows[-1]) == 1 and not rows[-1][0].wide and not panel.wide:
            rows[-1].append(panel)
        else:
            rows.append([panel])
    return rows


def ink_on(colour: str) -> str:
    """Black or white, whichever reads better on ``colour`` ("#rrggbb")."""
    def channel(hex_pair: str) -> float:
        v = int(hex_pair, 16) / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(colour[i:i + 2]) for i in (1, 3, 5))
    lum = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return "#ffffff" if 1.05 / (lum + 0.05) >= (lum + 0.05) / 0.05 else "#111111"


def _lines(svg: Svg, x: float, y: float, lines: list[str], size: float, step: float,
           anchor: str = "start", **attributes: str | float | None) -> float:
    """Draw ``lines`` from baseline ``y`` (``anchor``: as :meth:`Svg.label`); returns the
    baseline after the last."""
    for line in lines:
        svg.label(x, y, line, size=size, anchor=anchor, **attributes)
        y += step
    return y


# -- the header -------------------------------------------------------------------------------
class _Header:
    """The title, what the marks mean, and the viewer's "Done" marker when he is to act."""

    def __init__(self, s: CrimeLordsState, viewer: int | None) -> None:
        self.s = s
        self.done = done_words(s) if viewer is not None and viewer == s.to_act else None
        room = FULL_W - (self._done_width() + MARGIN if self.done else 0)
        self.title_size, self.title = lettering.fit(_title(s), room, 2, (17, 15, 13), bold=True)
        self.legend = lettering.wrap(
            "Numbers are Power (the Boss's with his token). Red dots: Unhappy markers; green "
            "+n: Power from Hits; gold dot: Action Token not yet spent. Click a card to act "
            "with it.", FULL_W, 11.5)
        self.height = 14 + len(self.title) * (self.title_size + 5) + len(self.legend) * 15 + 6

    def _done_width(self) -> float:
        return lettering.width(self.done or "", 14, bold=True) + 28

    def draw(self, svg: Svg) -> None:
        y = _lines(svg, MARGIN, 10 + self.title_size, self.title, self.title_size,
                   self.title_size + 5, font_weight="bold", class_="heading")
        _lines(svg, MARGIN, y + 2, self.legend, 11.5, 15, fill=MUTED)
        if self.done:
            w = self._done_width()
            x = WIDTH - MARGIN - w
            svg.group(class_="box done", id="done")
            svg.title("End this question: " + self.done)
            svg.rect(x, 8, w, 32, rx=16, fill="#fff3c4", stroke=INK, stroke_width=1.5)
            svg.label(x + w / 2, 29, self.done, size=14, anchor="middle", font_weight="bold")
            svg.end()


def done_words(s: CrimeLordsState) -> str | None:
    """What the "Done" marker says now (None: the question has no "no more" answer)."""
    if s.phase == "actions":
        return "End the turn" if s.acted else "Take 10 G, end turn"
    return DONE_WORDS.get(s.phase)


def _title(s: CrimeLordsState) -> str:
    if s.phase == "over":
        won = ", ".join(seat_label(p) for p in s.winners) or "nobody"
        return f"Crime Lords - game over: {s.end_reason}; won by {won}"
    text = f"Crime Lords - round {s.round}"
    if s.phase not in SETUP:
        text += f", {seat_label(s.current)}'s turn"
    if s.war:
        text += " - GANG WAR"
    return text + f" ({PHASE_WORDS.get(s.phase, s.phase)})"


# -- a seat's panel ---------------------------------------------------------------------------
class _Panel:
    """One Mob's part of the table: its row and counters, its Mob card, its layout, the
    Crooks waiting for a place, its Rackets and Specials."""

    def __init__(self, s: CrimeLordsState, p: int, viewer: int | None) -> None:
        self.s, self.p, self.viewer = s, p, viewer
        m = s.mobs[p]
        self.cells: dict[int, tuple[int, int]] = dict(m.cell)
        self.spots = open_spots(s, p)
        where = list(self.cells.values()) + self.spots
        if where:
            xs, ys = [c[0] for c in where], [c[1] for c in where]
            self.x0, self.y1 = min(xs), max(ys)
            self.cols, self.grid_rows = max(xs) - self.x0 + 1, self.y1 - min(ys) + 1
        else:
            self.x0 = self.y1 = self.cols = self.grid_rows = 0
        self.wide = self.cols * CELL_W > HALF_W - 2 * PAD
        self.waiting = waiting_crooks(s, p)
        self.small = sorted(s.rackets[p]) + sorted(s.specials[p])
        mob_card = MOBS[s.mob_of[p]]
        self.mob_text = lettering.wrap(
            f"{mob_card.name}: Boss token +{mob_card.boss_bonus}. {mob_card.text}",
            HALF_W - 2 * PAD - 12, 11.5)
        self.height = self._height(HALF_W if not self.wide else FULL_W)

    def _per_row(self, w: float) -> int:
        return max(1, int((w - 2 * PAD + GAP) // (CARD_W + GAP)))

    def _height(self, w: float) -> float:
        h = 28 + 4 + 40 + 6 + self._mob_box_h() + 6 + self.grid_rows * CELL_H
        if self.waiting:
            h += 20 + -(-len(self.waiting) // self._per_row(w)) * (CARD_H + GAP)
        if self.small:
            h += -(-len(self.small) // self._per_row(w)) * (CARD_H + GAP)
        return h + PAD

    def _mob_box_h(self) -> float:
        return 8 + 15 * len(self.mob_text)

    def draw(self, svg: Svg, x: float, y: float, w: float) -> None:
        s, p = self.s, self.p
        if w != (FULL_W if self.wide else HALF_W):
            self.height = max(self.height, self._height(w))
        svg.rect(x, y, w, self.height, rx=8, fill="#ffffff", fill_opacity=0.45,
                 stroke="#999999", stroke_width=0.6)
        self._seat_row(svg, x, y, w)
        self._counters(svg, x + PAD, y + 32, w - 2 * PAD)
        top = y + 78
        svg.group(class_="box mob-card", id=element_id("mob", p + 1))
        svg.title(f"{who(s, p)}: the Mob card")
        svg.rect(x + PAD, top, w - 2 * PAD, self._mob_box_h(), rx=4, fill=PAPER,
                 stroke="#aaaaaa", stroke_width=0.8)
        _lines(svg, x + PAD + 6, top + 15, self.mob_text, 11.5, 15, fill="#333333")
        svg.end()
        top += self._mob_box_h() + 6
        if self.grid_rows:
            self._draw_mob(svg, x, top, w)
            top += self.grid_rows * CELL_H
        per_row = self._per_row(w)
        if self.waiting:
            svg.label(x + PAD, top + 14, self._waiting_words(), size=12, font_weight="bold")
            top += 20
            for i, c in enumerate(self.waiting):
                crook_card(svg, s, c, x + PAD + (i % per_row) * (CARD_W + GAP),
                           top + (i // per_row) * (CARD_H + GAP), CARD_W, p)
            top += -(-len(self.waiting) // per_row) * (CARD_H + GAP)
        shown = self.viewer == p or s.phase == "over"
        hidden = 0
        for i, c in enumerate(self.small):
            cx = x + PAD + (i % per_row) * (CARD_W + GAP)
            cy = top + (i // per_row) * (CARD_H + GAP)
            if isinstance(CARDS[c], RacketDef):
                racket_card(svg, s, c, cx, cy, p)
            elif shown:
                special_card(svg, c, cx, cy)
            else:
                hidden += 1
                back(svg, cx, cy, element_id("hand", p + 1, "card", hidden))

    def _waiting_words(self) -> str:
        s = self.s
        if s.phase in SETUP:
            return "Bought, not yet laid out:"
        if s.phase == "newboss" and s.newboss_seat == self.p:
            return "Pick the new Boss among:"
        return "Waiting for a place in the Mob:"

    def _seat_row(self, svg: Svg, x: float, y: float, w: float) -> None:
        s, p = self.s, self.p
        to_act = s.to_act == p
        colour = seat_colour(p)
        ink = ink_on(colour)
        svg.group(class_="seat to-act" if to_act else "seat", id=element_id("seat", p + 1),
                  data_seat=p + 1)
        svg.title(who(s, p))
        svg.rect(x, y, w, 28, rx=6, fill=colour)
        room = w - 16
        if to_act:
            svg.label(x + w - 8, y + 19, "\u25c0 to play", size=13, anchor="end", fill=ink,
                      font_weight="bold")
            room -= lettering.width(" \u25c0 to play", 13, bold=True) + 4
        text = who(s, p) + (" (you)" if self.viewer == p else "") + (
            "" if s.alive[p] else " - OUT")
        size, lines = lettering.fit(text, room, 1, (14, 13, 12, 11), bold=True)
        svg.label(x + 8, y + 19, lines[0], size=size, fill=ink, font_weight="bold")
        svg.end()

    def _counters(self, svg: Svg, x: float, y: float, w: float) -> None:
        s, p = self.s, self.p
        shown = self.viewer == p or s.phase == "over"  # at the end nothing is hidden
        if s.phase in SETUP:
            money = ("bidding money", f"{s.bid_money[p]} G")
        else:
            money = ("treasury", f"{s.money[p]} G" if shown else "?")
        crooks = len(s.mobs[p]) + len(self.waiting)
        values = [money, ("Specials", str(len(s.specials[p]))),
                  ("Racket score", f"{victory.score(s, p)} of {victory.target(s)}"),
                  ("Crooks", str(crooks))]
        cw = (w - GAP * (len(values) - 1)) / len(values)
        for i, (label, value) in enumerate(values):
            cx = x + i * (cw + GAP)
            svg.group(class_="counter", data_name=label, data_seat=p + 1)
            svg.rect(cx, y, cw, 40, rx=4, fill=PAPER, stroke=INK, stroke_width=0.8)
            size, lines = lettering.fit(label, cw - 6, 1, (11.5, 11))
            svg.label(cx + cw / 2, y + 14, lines[0], size=size, anchor="middle", fill=MUTED)
            svg.label(cx + cw / 2, y + 34, value, size=15, anchor="middle",
                      font_weight="bold")
            svg.end()

    def _draw_mob(self, svg: Svg, x: float, top: float, w: float) -> None:
        s, m = self.s, self.s.mobs[self.p]
        cell_w = min(CELL_W, (w - 2 * PAD) / max(self.cols, 1))
        card_w = max(SMALL_CARD_W, cell_w - GAP)
        left = x + (w - self.cols * cell_w) / 2

        def corner(at: tuple[int, int]) -> tuple[float, float]:
            return (left + (at[0] - self.x0) * cell_w + (cell_w - card_w) / 2,
                    top + (self.y1 - at[1]) * CELL_H)

        def centre(c: int) -> tuple[float, float]:
            cx, cy = corner(self.cells[c])
            return cx + card_w / 2, cy + CARD_H / 2

        for c, sup in m.parent.items():  # the lines of control, under the cards
            if sup >= 0 and c in self.cells and sup in self.cells:
                (ax, ay), (bx, by) = centre(c), centre(sup)
                svg.line(ax, ay, bx, by, stroke="#444444", stroke_width=2.5, class_="control")
        for at in self.spots:
            sx, sy = corner(at)
            svg.group(class_="spot", id=element_id("spot", self.p + 1, at[0], at[1]))
            svg.title("An open place: the Crook being placed can go here")
            svg.rect(sx, sy, card_w, CARD_H, rx=6, fill="#ffffff", fill_opacity=0.6,
                     stroke="#555555", stroke_width=1.5, stroke_dasharray="6 4")
            svg.label(sx + card_w / 2, sy + CARD_H / 2 + 8, "+", size=26, anchor="middle",
                      fill="#555555")
            svg.end()
        for c, at in sorted(self.cells.items()):
            cx, cy = corner(at)
            crook_card(svg, s, c, cx, cy, card_w, self.p)


def open_spots(s: CrimeLordsState, p: int) -> list[tuple[int, int]]:
    """The empty places of ``p``'s Mob where the Crook he is placing now may go (public:
    the Crook and the layout are on the table)."""
    if s.to_act != p or s.phase not in ("layout", "place", "regroup"):
        return []
    return sorted({(a.x, a.y) for a in s.legal_actions() if isinstance(a, Place)})


def waiting_crooks(s: CrimeLordsState, p: int) -> list[int]:
    """Crooks of ``p`` that are not in his Mob's layout: bought and not yet laid out,
    being placed (the one asked about first), waiting to be reassigned, or the survivors
    among whom he picks a new Boss."""
    m = s.mobs[p]
    out = [c for c in range(FIRST_SPECIAL) if is_crook(c) and s.loc[c] == p and c not in m]
    first = {c: i for i, c in enumerate([s.place_card, *s.regroup, *s.layout_queue])
             if c >= 0}
    return sorted(out, key=lambda c: (first.get(c, len(first)), -mob.base_power(s, c), c))


# -- the cards --------------------------------------------------------------------------------
def crook_id(c: int) -> str:
    """A Crook's element id: ``crook-two-bit-tommy`` (Crooks are never hidden)."""
    return element_id("crook", name(c))


def racket_id(r: int) -> str:
    """A Racket's element id: ``racket-north-side-numbers``."""
    return element_id("racket", name(r))


def special_id(c: int) -> str:
    """A face-up Special's element id: its name and which copy of it in the deck it is
    (``special-payday-2``); for its holder, or for everybody while auctioned or at the end."""
    copies = [k for k in range(FIRST_SPECIAL, len(CARDS)) if CARDS[k].name == CARDS[c].name]
    return element_id("special", name(c), copies.index(c) + 1)


def card_id(c: int) -> str:
    """The element id of a face-up card of any kind."""
    if is_crook(c):
        return crook_id(c)
    return racket_id(c) if isinstance(CARDS[c], RacketDef) else special_id(c)


def _face(svg: Svg, x: float, y: float, w: float, element: str, band: str, band_words: str,
          tooltip: str, **data: str | int | None) -> None:
    """Open a face-up card's group and draw its paper and its band; the caller draws the
    rest relative to (0, 0) and closes the group."""
    svg.group(class_="card", id=element, transform=f"translate({x:g},{y:g})",
              **{f"data_{k}": v for k, v in data.items()})
    svg.title(tooltip)
    svg.rect(0, 0, w, CARD_H, rx=6, fill=PAPER, stroke=INK, stroke_width=1)
    svg.rect(0, 0, w, 17, rx=5, fill=band)
    if band_words:
        size, lines = lettering.fit(band_words, w - 10, 1, (11.5, 11), bold=True)
        svg.label(5, 13, lines[0], size=size, fill=ink_on(band), font_weight="bold")


def _name(svg: Svg, w: float, text: str) -> float:
    """A card's name, centred, in up to two lines; returns the baseline of the line under
    it (the same on every card, so that cards side by side read alike)."""
    size, lines = lettering.fit(text, w - 4, 2, (12.5, 12, 11), bold=True)
    _lines(svg, w / 2, 33, lines, size, 15, anchor="middle", font_weight="bold")
    return LINE_3


def crook_card(svg: Svg, s: CrimeLordsState, c: int, x: float, y: float, w: float,
               owner: int | None) -> None:
    """A Crook face up: his rank in the band, his name and Power (while his Mob pays him
    short: what he is still owed), then his markers and his token along the bottom."""
    rank = role(s, c)
    pw = mob.power(s, c) if s.loc[c] >= 0 else mob.base_power(s, c)
    band = seat_colour(owner) if owner is not None and owner >= 0 else NOBODY
    shown_rank = rank if rank in ("Boss", "Lieutenant") and s.loc[c] >= 0 else ""
    _face(svg, x, y, w, crook_id(c), band, "", f"{name(c)}: {crook_words(c)}. "
          f"{CARDS[c].text}".strip(), kind="crook", rank=rank, power=pw)
    if shown_rank:
        svg.group(class_="lieutenant-marker" if rank == "Lieutenant" else "boss-marker")
        svg.title("Lieutenant: right under the Boss" if rank == "Lieutenant"
                  else "Boss: heads the Mob")
        svg.label(5, 13, shown_rank, size=11.5, fill=ink_on(band), font_weight="bold")
        svg.end()
    base = _name(svg, w, name(c))
    owed = s.pay_due.get(c, 0) if s.phase == "pay" else 0
    svg.label(w / 2, base, f"owed {owed} G" if owed else f"Power {pw}", size=12.5,
              anchor="middle", font_weight="bold" if owed else None)
    bottom = CARD_H - 10
    mx = 9.0
    for _ in range(s.unhappy[c]):
        svg.group(class_="unhappy-marker")
        svg.title("Unhappy marker")
        svg.circle(mx, bottom, 5.5, fill=UNHAPPY, stroke=INK, stroke_width=0.6)
        svg.end()
        mx += 13
    if s.pbonus[c]:
        svg.group(class_="power-marker")
        svg.title(f"+{s.pbonus[c]} Power from Hits")
        svg.label(mx - 3, bottom + 4, f"+{s.pbonus[c]}", size=12, fill=POWER,
                  font_weight="bold")
        svg.end()
    if s.tokens[c]:
        token(svg, w - 11, bottom, fill=TOKEN, r=6.5, tooltip="Action Token (not yet spent)")
    svg.end()


def racket_card(svg: Svg, s: CrimeLordsState, r: int, x: float, y: float,
                owner: int | None) -> None:
    """A Racket face up: its district in the band, its type (or a unique Racket's name),
    its income and muscle, its token."""
    d = CARDS[r]
    assert isinstance(d, RacketDef)
    colour = DISTRICT_COLOURS[d.district]
    owned = owner is not None and owner >= 0
    _face(svg, x, y, CARD_W, racket_id(r), colour, d.district,
          f"{d.name}: {racket_words(r)}. {d.text}".strip(), kind="racket",
          owner=owner + 1 if owned and owner is not None else None)
    base = _name(svg, CARD_W, d.rtype if d.rtype != d.name else d.name)
    info = f"{d.income} G" + (f", Power {d.power}" if d.power else "")
    svg.label(CARD_W / 2, base, info, size=12, anchor="middle")
    if owned and owner is not None:  # a thin stripe in the owner's colour
        svg.rect(4, CARD_H - 5, 30, 3, fill=seat_colour(owner))
    if s.tokens[r]:
        token(svg, CARD_W - 11, CARD_H - 10, fill=TOKEN, r=6.5,
              tooltip="Action Token (not yet spent)")
    svg.end()


def special_card(svg: Svg, c: int, x: float, y: float) -> None:
    """A Special face up: its name and when it may be played."""
    d = CARDS[c]
    assert isinstance(d, SpecialDef)
    _face(svg, x, y, CARD_W, special_id(c), SPECIAL, "Special",
          f"{d.name} ({WHEN[d.timing]}): {d.text}", kind="special")
    base = _name(svg, CARD_W, d.name)
    when = {"turn": "your turn", "attack": "in an attack", "any": "any time"}[d.timing]
    svg.label(CARD_W / 2, base, when, size=11.5, anchor="middle",
              fill=MUTED)
    svg.end()


def back(svg: Svg, x: float, y: float, element: str) -> None:
    """A face-down Special: a plain back, named by its place."""
    svg.group(class_="card face-down", id=element, transform=f"translate({x:g},{y:g})")
    svg.rect(0, 0, CARD_W, CARD_H, rx=6, fill=SPECIAL, stroke=INK, stroke_width=1)
    svg.rect(6, 6, CARD_W - 12, CARD_H - 12, rx=4, fill="none", stroke="#ffffff",
             stroke_opacity=0.6, stroke_dasharray="4 3")
    svg.end()


# -- the middle of the table ------------------------------------------------------------------
class _Middle:
    """The deck and discard pile, the uncontrolled area, the auction, the attack, a deal."""

    PER_ROW = (FULL_W + GAP) // (CARD_W + GAP)

    def __init__(self, s: CrimeLordsState, viewer: int | None) -> None:
        self.s, self.viewer = s, viewer
        n = len(s.uncontrolled)
        self.area = lettering.wrap(
            f"Uncontrolled area ({n} cards): anyone may recruit, take over or Hit them",
            FULL_W - 2 * 100 - 20, 13, bold=True)
        self.auction = self._auction_lines() if s.phase == "auction" and s.auc_card >= 0 else []
        self.attack = _box_lines(attack_lines(s, viewer)) if s.attack is not None else []
        self.deal = _box_lines(self._deal_words()) if s.trade else []
        self.height = (max(44, 10 + 18 * len(self.area)) + 6
                       + -(-n // self.PER_ROW) * (CARD_H + GAP) + 4)
        self.events_height = 0.0
        if self.auction:
            self.events_height += max(CARD_H, 17 * len(self.auction)) + MARGIN
        for box in (self.attack, self.deal):
            if box:
                self.events_height += 14 + 17 * len(box) + MARGIN

    def _auction_lines(self) -> list[tuple[str, bool]]:
        s = self.s
        c = s.auc_card
        by = who(s, s.auc_leader) if s.auc_leader >= 0 else "nobody yet"
        d = CARDS[c]
        if isinstance(d, CrookDef):
            what = crook_words(c)
        elif isinstance(d, RacketDef):
            what = f"{d.name}, {d.district}: {racket_words(c)}"
        else:
            what = f"a Special, played {WHEN[d.timing]}"
        room = FULL_W - CARD_W - 30
        out = [f"Up for auction: {name(c)} - high bid {max(s.auc_high, 0)} G by {by}"]
        out.append(what + (f". {d.text}" if d.text else ""))
        out.append(f"Auctioned so far: {s.auc_crooks} of {crook_cap(s)} Crooks, "
                   f"{s.auc_rackets} of {racket_cap(s)} Rackets")
        return [(line, i == 0) for i, raw in enumerate(out)
                for line in lettering.wrap(raw, room, 13.5 if i == 0 else 12.5, bold=i == 0)]

    def _deal_words(self) -> list[str]:
        s = self.s
        t = s.trade
        asked = f" for {trades.words(t[4], t[5])}" if t[4] != -2 else " (asking nothing yet)"
        gives = f"{who(s, t[0])} gives {trades.words(t[2], t[3])} to {who(s, t[1])}"
        return ["Deal on the table:", gives + asked]

    def draw_events(self, svg: Svg, y: float) -> None:
        """What is going on, at the top of the table: the auction, the attack, a deal."""
        s = self.s
        if self.auction:
            c = s.auc_card
            svg.group(class_="auction")
            if is_crook(c):
                crook_card(svg, s, c, MARGIN, y, CARD_W, None)
            elif isinstance(CARDS[c], RacketDef):
                racket_card(svg, s, c, MARGIN, y, None)
            else:
                special_card(svg, c, MARGIN, y)  # auctioned face up
            for i, (line, bold) in enumerate(self.auction):
                svg.label(MARGIN + CARD_W + 14, y + 14 + 17 * i, line,
                          size=13.5 if bold else 12.5, font_weight="bold" if bold else None)
            svg.end()
            y += max(CARD_H, 17 * len(self.auction)) + MARGIN
        for element, lines, colour in (("attack", self.attack, "#fdecea"),
                                       ("deal", self.deal, "#eaf2fd")):
            if not lines:
                continue
            h = 14 + 17 * len(lines)
            svg.group(class_="box", id=element)
            svg.rect(MARGIN, y, FULL_W, h, rx=6, fill=colour, stroke=INK, stroke_width=1)
            for i, (line, bold) in enumerate(lines):
                svg.label(MARGIN + 10, y + 20 + 17 * i, line, size=12.5, class_=element,
                          font_weight="bold" if bold else None)
            svg.end()
            y += h + MARGIN

    def draw(self, svg: Svg, y: float) -> None:
        """The deck, the discard pile and the uncontrolled area, under the Mobs."""
        s = self.s
        _counter(svg, MARGIN, y, "deck", str(len(s.draw_pile)), "deck")
        _counter(svg, MARGIN + 100, y, "discard pile", str(len(s.discard)), "discard")
        box_h = max(44, 10 + 18 * len(self.area))
        svg.group(class_="box", id="uncontrolled")
        svg.title("The uncontrolled area: cards nobody controls")
        svg.rect(MARGIN + 200, y, FULL_W - 200, box_h, rx=4, fill="#ffffff",
                 fill_opacity=0.5, stroke="#999999", stroke_width=0.8)
        _lines(svg, MARGIN + 210, y + 20 + (8 if len(self.area) == 1 else 0), self.area, 13,
               18, font_weight="bold")
        svg.end()
        y += box_h + 6
        for i, c in enumerate(s.uncontrolled):
            x = MARGIN + (i % self.PER_ROW) * (CARD_W + GAP)
            cy = y + (i // self.PER_ROW) * (CARD_H + GAP)
            if is_crook(c):
                crook_card(svg, s, c, x, cy, CARD_W, None)
            else:
                racket_card(svg, s, c, x, cy, None)
        y += -(-len(s.uncontrolled) // self.PER_ROW) * (CARD_H + GAP) + 4


def _box_lines(raw: list[str]) -> list[tuple[str, bool]]:
    """The lines of a box (the attack, a deal) wrapped to the width, the first in bold."""
    return [(line, i == 0) for i, text in enumerate(raw)
            for line in lettering.wrap(text.strip(), FULL_W - 20, 12.5, bold=i == 0)]


def _counter(svg: Svg, x: float, y: float, label: str, value: str, element: str) -> None:
    svg.group(class_="counter", id=element, data_name=label)
    svg.rect(x, y, 92, 44, rx=4, fill=PAPER, stroke=INK, stroke_width=0.8)
    svg.label(x + 46, y + 15, label, size=11.5, anchor="middle", fill=MUTED)
    svg.label(x + 46, y + 36, value, size=16, anchor="middle", font_weight="bold")
    svg.end()
