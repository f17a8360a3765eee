"""The Bootleggers table drawn as SVG for one seat (``State.picture``), beside the text view.

Top to bottom: the round and phase; the street of Speakeasies (open or closed, the men on
their circles in their owners' colours, improvements, prices, who holds them) with their
three docks and the trucks parked there; the offers; then one panel per Mobster with his
money, Muscle, Back Room, stills (the Copper's badge), trucks, Thug cards and Muscle hand.

Only what the seat may see is drawn: another Mobster's money (except as announced), his
Thug cards and Muscle hand are face down, and a spectator sees every hand face down.
Pieces carry a ``class`` (``speakeasy``, ``man``, ``truck``, ``still``, ``card`` ...) so tests
count them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.bootleggers import names, selling
from games.bootleggers.board import MAJORITY, MINORITY, PUBLIC
from games.bootleggers.cards import CARDS, MUSCLE_COST, SPEAKEASIES, key_of
from games.bootleggers.views import PHASE_OF_STEP
from tabletop.engine import seat_label
from tabletop.pictures import Svg, card, heading, seat_colour, seat_row, table_cloth
from tabletop.pictures.pieces import INK, PAPER

if TYPE_CHECKING:
    from games.bootleggers.board import Truck
    from games.bootleggers.state import BootleggersState

WIDTH = 1240
MARGIN = 16
STREET_TOP = 56
BUILDING_H = 178
DOCK_ROW = 26
OFFERS_TOP = STREET_TOP + BUILDING_H + 3 * DOCK_ROW + 30
PANEL_H = 272
PANEL_W = (WIDTH - 3 * MARGIN) / 2
SHADED, OPEN_FILL, CLOSED_FILL = "#d9d2c3", "#f3ead2", "#c9c3b8"
DOCK_STARS = {MAJORITY: "\u2605\u2605\u2605 Majority", MINORITY: "\u2605\u2605 Minority",
              PUBLIC: "\u2605 Public"}


def picture(s: BootleggersState, seat: int | None) -> str:
    """The table as ``seat`` sees it (``None``: a spectator, every hand face down)."""
    rows = (s.players + 1) // 2
    height = OFFERS_TOP + 170 + rows * (PANEL_H + MARGIN)
    svg = Svg(WIDTH, height, title=f"Bootleggers, round {s.round_no}, as "
              f"{seat_label(seat) if seat is not None else 'a spectator'} sees it")
    table_cloth(svg)
    heading(svg, MARGIN, 30, f"Bootleggers - round {s.round_no} of {s.last_round} - "
            f"{PHASE_OF_STEP[s.step]}")
    if s.copper >= 0:
        svg.label(WIDTH - MARGIN, 30, f"the Copper watches {seat_label(s.copper)}'s Family "
                  "Still", size=13, anchor="end", fill="#1f3b73", font_weight="bold")
    _street(svg, s)
    _offers(svg, s)
    for p in range(s.players):
        x = MARGIN + (p % 2) * (PANEL_W + MARGIN)
        y = OFFERS_TOP + 170 + (p // 2) * (PANEL_H + MARGIN)
        _panel(svg, s, p, seat, x, y)
    return svg.text()


# -- the street -------------------------------------------------------------------------------
def _street(svg: Svg, s: BootleggersState) -> None:
    k = s.speakeasy_count
    w = (WIDTH - (k + 1) * MARGIN) / k
    for i in range(k):
        _speakeasy(svg, s, i, MARGIN + i * (w + MARGIN), STREET_TOP, w)


def _speakeasy(svg: Svg, s: BootleggersState, i: int, x: float, y: float, w: float) -> None:
    d = SPEAKEASIES[i]
    is_open = selling.is_open(s, i) and not s.busted[i]
    status = "BUSTED" if s.busted[i] else ("OPEN" if selling.is_open(s, i) else "CLOSED")
    svg.group(class_="speakeasy" + ("" if is_open else " closed"), data_name=d.name,
              data_status=status.lower())
    svg.title(f"{d.name}: {status.lower()}")
    svg.rect(x, y, w, BUILDING_H, rx=6, fill=OPEN_FILL if is_open else CLOSED_FILL,
             stroke=INK, stroke_width=1.2)
    svg.polygon([(x, y), (x + w / 2, y - 10), (x + w, y)], fill="#8a5a44", stroke=INK)
    svg.label(x + w / 2, y + 18, f"{i + 1}. {d.name}", size=12 if len(d.name) < 22 else 10.5,
              anchor="middle", font_weight="bold")
    svg.label(x + w / 2, y + 34, status, size=11, anchor="middle", font_weight="bold",
              fill="#2e7d32" if is_open else "#a12a2a")
    if d.unlimited:
        svg.label(x + w / 2, y + 56, "buys every crate", size=11, anchor="middle")
        svg.label(x + w / 2, y + 72, "$1G a crate, no profit", size=11, anchor="middle")
    else:
        svg.label(x + w / 2, y + 52, f"{names.money(d.wholesale(s.players))} a crate + "
                  f"{names.money(d.profit(s.players))} profit", size=11, anchor="middle")
        _circles(svg, s, i, x + 10, y + 64, w - 20)
        _squares(svg, s, i, x + 10, y + 128)
        who, ctl = selling.holder(s, i)
        hold = ("nobody in control" if who < 0 else
                f"{seat_label(who)} {'controls' if ctl else 'has Majority'}")
        svg.label(x + w / 2, y + 166, hold, size=10.5, anchor="middle",
                  fill=seat_colour(who) if who >= 0 else "#555555", font_weight="bold")
    effects = _effects(s, i)
    if effects:
        svg.label(x + w / 2, y + (150 if d.unlimited else 152), effects, size=9,
                  anchor="middle", fill="#7a1f1f")
    svg.end()
    _docks(svg, s, i, x, y + BUILDING_H + 4, w)


def _effects(s: BootleggersState, i: int) -> str:
    out = []
    if s.coppered[i]:
        out.append("Copper in the House")
    if s.profit_bonus[i]:
        out.append("Word of Mouth")
    if s.extra_dice[i]:
        out.append("Thirsty")
    if s.packing[i] >= 0:
        out.append("Packing Heat")
    if s.payoff[i] >= 0:
        out.append("Big Payoff")
    return ", ".join(out)


def _circles(svg: Svg, s: BootleggersState, i: int, x: float, y: float, w: float) -> None:
    """The influence circles: shaded ones must be filled to open; men in owners' colours."""
    d = SPEAKEASIES[i]
    men = [p for p in range(s.players) for _ in range(s.influence[i][p])]
    per_row = max(1, int(w // 18))
    for c in range(d.circles):
        cx = x + 8 + (c % per_row) * 18
        cy = y + 8 + (c // per_row) * 18
        if c < len(men):
            p = men[c]
            svg.group(class_="man", data_seat=p + 1)
            svg.title(f"a man of {seat_label(p)}")
            svg.circle(cx, cy, 7, fill=seat_colour(p), stroke=INK, stroke_width=1)
            svg.end()
        else:
            svg.circle(cx, cy, 7, fill=SHADED if c < d.shaded else PAPER, stroke="#777777",
                       stroke_width=1, class_="circle")


def _squares(svg: Svg, s: BootleggersState, i: int, x: float, y: float) -> None:
    """The improvement squares, filled where a marker stands."""
    d = SPEAKEASIES[i]
    svg.label(x, y + 11, "impr.", size=9, fill="#555555")
    for q in range(d.squares):
        filled = q < s.improvements[i]
        svg.rect(x + 30 + q * 17, y, 13, 13, fill="#b8860b" if filled else PAPER,
                 stroke=INK, stroke_width=0.8,
                 class_="improvement" if filled else "square")


def _docks(svg: Svg, s: BootleggersState, i: int, x: float, y: float, w: float) -> None:
    """Three dock lanes with the trucks parked there, in line order."""
    for row, dock in enumerate((MAJORITY, MINORITY, PUBLIC)):
        ly = y + row * DOCK_ROW
        svg.rect(x, ly, w, DOCK_ROW - 3, rx=3, fill="#ddd8cc", stroke="#999999",
                 stroke_width=0.5, class_="dock")
        svg.label(x + 4, ly + 15, DOCK_STARS[dock].split()[0], size=9, fill="#6b5b00")
        tx = x + 30
        for t in (t for t in selling.line(s, i) if t.dock == dock):
            if tx + 40 > x + w:
                break
            _truck(svg, t, tx, ly + 2, where=f" at the {names.dock(dock)}")
            tx += 44


def _truck(svg: Svg, t: Truck, x: float, y: float, where: str = "") -> None:
    """A truck: its driver's colour, its number and its crates (cargo/capacity)."""
    svg.group(class_="truck", data_seat=t.operator + 1, data_number=t.id + 1,
              data_cargo=t.cargo)
    svg.title(f"{names.owned_truck(t, True)}{where}")
    svg.rect(x, y, 30, 18, rx=2, fill=seat_colour(t.operator), stroke=INK, stroke_width=0.8)
    svg.rect(x + 30, y + 5, 8, 13, rx=1, fill=seat_colour(t.operator), stroke=INK,
             stroke_width=0.8)
    svg.label(x + 15, y + 13, f"{t.cargo}/{t.capacity}", size=9, anchor="middle",
              fill="#ffffff", font_weight="bold")
    svg.end()


# -- the offers -------------------------------------------------------------------------------
def _offers(svg: Svg, s: BootleggersState) -> None:
    y = OFFERS_TOP
    svg.label(MARGIN, y - 6, "On offer", size=13, font_weight="bold")
    x = MARGIN
    if s.truck_offer:
        from games.bootleggers.muscle import TRUCK_BY_NAME
        size = TRUCK_BY_NAME[s.truck_offer.partition("#")[0]]
        card(svg, x, y, size.name, [f"{size.capacity} crates", f"pay {names.money(size.price)}",
                                    f"graft {names.money(size.graft)}"],
             colour="#6d4c41", tooltip=f"Truck card: {size.name}", kind="truck card")
        x += 96
    for slot, c in enumerate(s.offers):
        if not c:
            continue
        d = CARDS[key_of(c)]
        card(svg, x, y, d.name, [d.brief], colour="#37474f" if d.kind == "thug" else "#2e7d32",
             tooltip=f"offer space {slot + 1}: {d.text}", kind=d.kind)
        svg.label(x + 42, y + 134, f"space {slot + 1}", size=10, anchor="middle",
                  fill="#555555")
        x += 96
    card(svg, x + 20, y, face_up=False)
    svg.label(x + 62, y + 134, f"deck: {len(s.deck.draw_pile)}", size=10, anchor="middle")
    legend = [("Docks: \u2605\u2605\u2605 Majority (sells first), \u2605\u2605 Minority, "
              "\u2605 Public (only if the Majority holder lets it)"),
              ("Trucks show crates/capacity in their driver's colour; circles are a "
              "Speakeasy's men (grey: needed to open).")]
    for k, line in enumerate(legend):
        svg.label(WIDTH - MARGIN, y + 20 + 16 * k, line, size=11, anchor="end",
                  fill="#444444")


# -- a Mobster --------------------------------------------------------------------------------
def _panel(svg: Svg, s: BootleggersState, p: int, seat: int | None, x: float,
           y: float) -> None:
    svg.rect(x, y, PANEL_W, PANEL_H, rx=6, fill="#f7f4ec", stroke="#999999", stroke_width=0.8)
    if p == seat or s.finished:  # at the end the money is counted in the open
        money: str | int = names.money(s.cash(p))
    elif s.announced[p] >= 0:
        money = f"{names.money(s.announced[p])} (r{s.announced_round})"
    else:
        money = "?"
    muscle = str(s.muscle(p)) if s.shown[p] else ("down" if s.sealed.has_committed(p) else "-")
    seat_row(svg, x + 6, y + 6, PANEL_W - 12, p, seat_label(p),
             [("money", money), ("Muscle", muscle), ("men (Back Room)", s.back_influence[p]),
              ("crates", s.crates[p]), ("dice / impr.", f"{s.back_dice[p]} / {s.back_impr[p]}"),
              ("Thug cards", len(s.hands[p]))],
             to_act=s.to_act == p, you=p == seat)
    row = y + 82
    sx = _stills(svg, s, p, x + 10, row)
    tx = sx + 10
    svg.label(tx, row + 10, "trucks", size=9, fill="#555555")
    for k, t in enumerate(tt for tt in s.trucks if tt.owner == p or tt.renter == p):
        _truck(svg, t, tx + (k % 7) * 44, row + 16 + (k // 7) * 22)
    if s.union[p]:
        svg.label(x + PANEL_W - 10, row + 10, "Friendly Union Boss: no graft", size=10,
                  anchor="end", fill="#2e7d32", font_weight="bold")
    _hands(svg, s, p, seat, x + 10, y + 142)


def _stills(svg: Svg, s: BootleggersState, p: int, x: float, y: float) -> float:
    """The Family Still and Remote Stills with their dice; returns the x after them."""
    stills = [("Family", s.family[p], s.copper == p)]
    stills += [(f"Remote {r + 1}", s.remote_dice[r], False)
               for r, o in enumerate(s.remote_owner) if o == p]
    for name, dice, copper in stills:
        svg.group(class_="still", data_dice=dice)
        svg.title(f"{seat_label(p)}'s {name} Still: {names.dice(dice)}"
                  + (", watched by the Copper" if copper else ""))
        svg.rect(x, y, 72, 50, rx=4, fill="#e6dccb", stroke=INK, stroke_width=0.8)
        svg.label(x + 36, y + 12, f"{name} Still", size=9, anchor="middle")
        for k in range(dice):
            svg.rect(x + 6 + k * 16, y + 20, 12, 12, rx=2, fill=PAPER, stroke=INK,
                     stroke_width=0.8, class_="die")
        if copper:
            svg.circle(x + 62, y + 42, 7, fill="#1f3b73", stroke=INK, class_="copper")
            svg.label(x + 62, y + 45.5, "C", size=9, anchor="middle", fill="#ffffff")
        svg.end()
        x += 78
    return x


def _hands(svg: Svg, s: BootleggersState, p: int, seat: int | None, x: float,
           y: float) -> None:
    """Thug cards (face up for their holder only) and the Muscle hand (likewise)."""
    svg.label(x, y - 2, "Thug cards" + ("" if p == seat else " (face down)"), size=9,
              fill="#555555")
    mine = p == seat
    hand = s.hands[p]
    cols = max(3, -(-len(hand) // 2))  # two rows; overlapping only past six cards
    step = 88 if cols == 3 else (290 - 84) / (cols - 1)
    for k, c in enumerate(hand):
        cx, cy = x + (k % cols) * step, y + 2 + (k // cols) * 60
        if mine:
            d = CARDS[key_of(c)]
            card(svg, cx, cy, d.name, [], h=56, colour="#37474f",
                 tooltip=f"{d.name}: {d.text}", kind="thug")
        else:
            card(svg, cx, cy, face_up=False, h=56)
    hx = x + 300
    svg.label(hx, y - 2, "Muscle hand" + (" (cost below)" if mine else " (face down)"),
              size=9, fill="#555555")
    for k, n in enumerate(s.muscle_hands[p]):
        cx = hx + (k % 6) * 46
        cy = y + 2 + (k // 6) * 44
        if mine:
            card(svg, cx, cy, str(n), [], w=42, h=40, colour="#8e24aa", kind="muscle",
                 tooltip=names.muscle(n))
            svg.label(cx + 21, cy + 35, names.money(MUSCLE_COST[n]), size=9,
                      anchor="middle", fill="#555555")
        else:
            card(svg, cx, cy, face_up=False, w=42, h=40)
