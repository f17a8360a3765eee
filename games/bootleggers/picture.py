"""The Bootleggers table drawn as SVG for one seat (``State.picture``), beside the text view.

Drawn 820 wide, the width the browser table gives it, so that every text is at least 11 px:
top to bottom, the round and phase; the street of Speakeasies, three to a row (open or closed,
the men on their circles in their owners' colours, improvements, prices, who holds them) with
their three docks and the trucks parked there; the offers; then one panel per Mobster, two to
a row, with his money, Muscle, Back Room, stills (the Copper's badge), trucks, Thug cards and
Muscle hand.

Only what the seat may see is drawn: another Mobster's money (except as announced), his
Thug cards and Muscle hand are face down, and a spectator sees every hand face down.
Pieces carry a ``class`` (``speakeasy``, ``man``, ``truck``, ``still``, ``card`` ...) so tests
count them, and an ``id`` (targets.py) so a player plays by clicking them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine import seat_label
from tabletop.pictures import Svg, card, heading, lettering, seat_colour, table_cloth
from tabletop.pictures.pieces import BACK, INK, PAPER

from . import board, selling, words
from . import targets as ids
from .board import MAJORITY, MINORITY, PUBLIC
from .cards import CARDS, MUSCLE_COST, SPEAKEASIES, TRUCK_BY_NAME, key_of
from .views import PHASE_OF_STEP

if TYPE_CHECKING:
    from .board import Truck
    from .state import BootleggersState

WIDTH = 820
MARGIN = 12
STREET_TOP = 66
COLUMNS = 3
STREET_W = (WIDTH - (COLUMNS + 1) * MARGIN) / COLUMNS
BUILDING_H = 178
LANE_H = 26
TRUCK_STEP = 43
TRUCKS_PER_LANE = int((STREET_W - 36) // TRUCK_STEP)
OFFER_W, OFFER_H, OFFER_STEP = 104, 126, 112
PANEL_W = (WIDTH - 3 * MARGIN) / 2
THUG_W, THUG_H = 90, 58
MUSCLE_W, MUSCLE_H = 29, 40
SMALL = 11  # the smallest text drawn: 11 px when the picture is shown 820 px wide
SHADED, OPEN_FILL, CLOSED_FILL = "#d9d2c3", "#f3ead2", "#c9c3b8"
GREY = "#4a4a4a"
DOCK_STARS = {MAJORITY: "\u2605\u2605\u2605", MINORITY: "\u2605\u2605", PUBLIC: "\u2605"}
LEGEND = (("Docks: \u2605\u2605\u2605 Majority (sells first), \u2605\u2605 Minority, "
           "\u2605 Public (only if the Majority lets it)."),
          ("Trucks show crates/capacity in their driver's colour; a Speakeasy's circles hold "
           "its men (grey: needed to open)."))


def picture(s: BootleggersState, seat: int | None) -> str:
    """The table as ``seat`` sees it (``None``: a spectator, every hand face down)."""
    street_rows = _street_rows(s)
    offers_top = STREET_TOP + sum(h for _, _, h in street_rows) + 14
    offered = bool(s.truck_offer) or any(s.offers)
    panels_top = offers_top + (OFFER_H + 74 if offered else 60)
    panel_rows = [max(_panel_height(s, p, seat) for p in pair)
                  for pair in _pairs(s.players)]
    height = panels_top + sum(h + MARGIN for h in panel_rows)
    svg = Svg(WIDTH, height, title=f"Bootleggers, round {s.round_no}, as "
              f"{seat_label(seat) if seat is not None else 'a spectator'} sees it")
    table_cloth(svg)
    heading(svg, MARGIN, 26, f"Bootleggers - round {s.round_no} of {s.last_round}")
    svg.label(MARGIN, 48, PHASE_OF_STEP[s.step], size=13)
    if s.copper >= 0:
        svg.label(WIDTH - MARGIN, 26, f"The Copper watches {seat_label(s.copper)}'s Family "
                  "Still", size=12, anchor="end", fill="#1f3b73", font_weight="bold")
    y: float = STREET_TOP
    for members, lines, h in street_rows:
        for col, i in enumerate(members):
            _speakeasy(svg, s, i, MARGIN + col * (STREET_W + MARGIN), y, lines)
        y += h
    _offers(svg, s, offers_top)
    y = panels_top
    for pair, ph in zip(_pairs(s.players), panel_rows, strict=True):
        for col, p in enumerate(pair):
            _panel(svg, s, p, seat, MARGIN + col * (PANEL_W + MARGIN), y, ph)
        y += ph + MARGIN
    return svg.text()


def _pairs(players: int) -> list[list[int]]:
    return [list(range(p, min(p + 2, players))) for p in range(0, players, 2)]


# -- the street -------------------------------------------------------------------------------
def _street_rows(s: BootleggersState) -> list[tuple[list[int], int, int]]:
    """The Speakeasies three to a row, each row with the lines of trucks each of its dock
    lanes holds (as many as the fullest lane of the row needs) and its height."""
    out = []
    for first in range(0, s.speakeasy_count, COLUMNS):
        members = list(range(first, min(first + COLUMNS, s.speakeasy_count)))
        most = max((sum(1 for t in selling.line(s, i) if t.dock == d)
                    for i in members for d in DOCK_STARS), default=0)
        lines = max(1, -(-most // TRUCKS_PER_LANE))
        out.append((members, lines, BUILDING_H + 18 + 3 * lines * LANE_H))
    return out


def _speakeasy(svg: Svg, s: BootleggersState, i: int, x: float, y: float,
               lane_lines: int) -> None:
    d = SPEAKEASIES[i]
    is_open = board.is_open(s, i) and not s.busted[i]
    status = "BUSTED" if s.busted[i] else ("OPEN" if board.is_open(s, i) else "CLOSED")
    svg.group(class_="speakeasy" + ("" if is_open else " closed"), id=ids.speakeasy(i),
              data_name=d.name, data_status=status.lower())
    svg.title(f"{d.name}: {status.lower()}")
    svg.rect(x, y, STREET_W, BUILDING_H, rx=6, fill=OPEN_FILL if is_open else CLOSED_FILL,
             stroke=INK, stroke_width=1.2)
    svg.polygon([(x, y), (x + STREET_W / 2, y - 9), (x + STREET_W, y)], fill="#8a5a44",
                stroke=INK)
    mid = x + STREET_W / 2
    svg.label(mid, y + 19, f"{i + 1}. {d.name}", size=13, anchor="middle", font_weight="bold")
    svg.label(mid, y + 36, status, size=SMALL, anchor="middle", font_weight="bold",
              fill="#2e7d32" if is_open else "#a12a2a")
    if d.unlimited:
        svg.label(mid, y + 58, "buys every crate", size=SMALL, anchor="middle")
        svg.label(mid, y + 74, "$1G a crate, no profit", size=SMALL, anchor="middle")
    else:
        svg.label(mid, y + 52, f"{words.money(d.wholesale(s.players))} a crate + "
                  f"{words.money(d.profit(s.players))} profit", size=SMALL, anchor="middle")
        _circles(svg, s, i, x + 8, y + 60)
        _squares(svg, s, i, x + 10, y + 104)
        who, ctl = board.holder(s, i)
        hold = ("nobody in control" if who < 0 else
                f"{seat_label(who)} {'controls' if ctl else 'has Majority'}")
        svg.label(mid, y + 138, hold, size=SMALL, anchor="middle",
                  fill=_ink(who) if who >= 0 else GREY, font_weight="bold")
    for k, line in enumerate(lettering.wrap(_effects(s, i), STREET_W - 12, SMALL)[:2]):
        svg.label(mid, y + 156 + 14 * k, line, size=SMALL, anchor="middle", fill="#7a1f1f")
    svg.end()
    _docks(svg, s, i, x, y + BUILDING_H + 4, lane_lines)


def _ink(seat: int) -> str:
    """A seat's colour dark enough to read on the Speakeasy's paper."""
    colour = seat_colour(seat)
    r, g, b = (int(colour[k:k + 2], 16) for k in (1, 3, 5))
    return "#{:02x}{:02x}{:02x}".format(*(int(c * 0.62) for c in (r, g, b)))


def _name_ink(seat: int) -> str:
    """White on the dark seat colours, black on the light ones (readable either way)."""
    colour = seat_colour(seat)
    r, g, b = (int(colour[k:k + 2], 16) for k in (1, 3, 5))
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


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


def _circles(svg: Svg, s: BootleggersState, i: int, x: float, y: float) -> None:
    """The influence circles: shaded ones must be filled to open; men in owners' colours."""
    d = SPEAKEASIES[i]
    men = [p for p in range(s.players) for _ in range(s.influence[i][p])]
    per_row = int((STREET_W - 16) // 19)
    for c in range(d.circles):
        cx = x + 9 + (c % per_row) * 19
        cy = y + 9 + (c // per_row) * 20
        if c < len(men):
            p = men[c]
            svg.group(class_="man", data_seat=p + 1)
            svg.title(f"a man of {seat_label(p)}")
            svg.circle(cx, cy, 8, fill=seat_colour(p), stroke=INK, stroke_width=1)
            svg.end()
        else:
            svg.circle(cx, cy, 8, fill=SHADED if c < d.shaded else PAPER, stroke="#777777",
                       stroke_width=1, class_="circle")


def _squares(svg: Svg, s: BootleggersState, i: int, x: float, y: float) -> None:
    """The improvement squares, filled where a marker stands."""
    d = SPEAKEASIES[i]
    svg.label(x, y + 12, "improvements", size=SMALL, fill=GREY)
    for q in range(d.squares):
        filled = q < s.improvements[i]
        svg.rect(x + 86 + q * 20, y, 15, 15, fill="#b8860b" if filled else PAPER,
                 stroke=INK, stroke_width=0.8,
                 class_="improvement" if filled else "square")


def _docks(svg: Svg, s: BootleggersState, i: int, x: float, y: float, lines: int) -> None:
    """Three dock lanes with the trucks parked there, in line order."""
    lane_h = lines * LANE_H
    for row, dock in enumerate((MAJORITY, MINORITY, PUBLIC)):
        ly = y + row * lane_h
        svg.group(class_="dock", id=ids.dock(i, dock))
        svg.title(f"{SPEAKEASIES[i].name}: {words.dock(dock)}")
        svg.rect(x, ly, STREET_W, lane_h - 3, rx=3, fill="#ddd8cc", stroke="#999999",
                 stroke_width=0.5)
        svg.label(x + 4, ly + 17, DOCK_STARS[dock], size=SMALL, fill="#6b5b00")
        svg.end()
        for k, t in enumerate(t for t in selling.line(s, i) if t.dock == dock):
            _truck(svg, t, x + 34 + (k % TRUCKS_PER_LANE) * TRUCK_STEP,
                   ly + 2 + (k // TRUCKS_PER_LANE) * LANE_H, where=f" at the {words.dock(dock)}")


def _truck(svg: Svg, t: Truck, x: float, y: float, where: str = "", element: bool = True) -> None:
    """A truck: its driver's colour, its number and its crates (cargo/capacity)."""
    svg.group(class_="truck", id=ids.truck(t.id) if element else None,
              data_seat=t.operator + 1, data_number=t.id + 1, data_cargo=t.cargo)
    svg.title(f"{words.owned_truck(t, True)}{where}")
    svg.rect(x, y, 31, 20, rx=2, fill=seat_colour(t.operator), stroke=INK, stroke_width=0.8)
    svg.rect(x + 31, y + 6, 7, 14, rx=1, fill=seat_colour(t.operator), stroke=INK,
             stroke_width=0.8)
    svg.rect(x + 2, y + 3, 27, 14, rx=2, fill=PAPER, fill_opacity=0.9)
    svg.label(x + 15.5, y + 14.5, f"{t.cargo}/{t.capacity}", size=SMALL, anchor="middle",
              fill=INK, font_weight="bold")
    svg.end()


# -- the offers -------------------------------------------------------------------------------
def _offers(svg: Svg, s: BootleggersState, y: float) -> None:
    svg.label(MARGIN, y + 4, "On offer", size=13, font_weight="bold")
    svg.group(class_="deck", id=ids.DECK)
    svg.title(f"the Men of Action deck: {len(s.deck.draw_pile)} cards")
    for k in range(3):
        svg.rect(WIDTH - MARGIN - 24 + 2 * k, y - 8 + 2 * k, 20, 14, rx=2, fill=BACK,
                 stroke=INK, stroke_width=0.6)
    svg.end()
    svg.label(WIDTH - MARGIN - 32, y + 4, f"deck: {len(s.deck.draw_pile)} cards",
              size=SMALL, anchor="end", fill=GREY)
    x = MARGIN
    top = y + 12
    if not s.truck_offer and not any(s.offers):
        svg.label(MARGIN + 70, y + 4, "nothing: new cards come at the next round", size=SMALL,
                  fill=GREY)
        top -= OFFER_H + 14
    if s.truck_offer:
        size = TRUCK_BY_NAME[s.truck_offer.partition("#")[0]]
        _card(svg, x, top, OFFER_W, OFFER_H, size.name,
              [f"{size.capacity} crates", f"pay {words.money(size.price)}",
               f"graft {words.money(size.graft)}"], "#6d4c41", f"Truck card: {size.name}",
              ids.offer(-1), kind="truck card")
        svg.label(x + OFFER_W / 2, top + OFFER_H + 15, "truck", size=SMALL, anchor="middle",
                  fill=GREY)
        x += OFFER_STEP
    for slot, c in enumerate(s.offers):
        if not c:
            continue
        d = CARDS[key_of(c)]
        _card(svg, x, top, OFFER_W, OFFER_H, d.name, [d.brief],
              "#37474f" if d.kind == "thug" else "#2e7d32",
              f"offer space {slot + 1}: {d.text}", ids.offer(slot), kind=d.kind)
        svg.label(x + OFFER_W / 2, top + OFFER_H + 15, f"space {slot + 1}", size=SMALL,
                  anchor="middle", fill=GREY)
        x += OFFER_STEP
    for k, line in enumerate(LEGEND):
        svg.label(MARGIN, top + OFFER_H + 36 + 15 * k, line, size=SMALL, fill=GREY)


def _card(svg: Svg, x: float, y: float, w: float, h: float, name: str, lines: list[str],
          colour: str, tooltip: str, element: str | None, kind: str) -> None:
    """A face-up card of ``kind``: a coloured band, its name in bold and a few lines, wrapped
    to fit."""
    card(svg, x, y, name, lines, w=w, h=h, colour=colour, tooltip=tooltip, element=element,
         name_size=SMALL, line_size=SMALL, kind=kind)


def _back(svg: Svg, x: float, y: float, w: float, h: float, element: str) -> None:
    """A face-down card: a patterned back, no word of its face."""
    svg.group(class_="card face-down", id=element)
    svg.rect(x, y, w, h, rx=4, fill=BACK, stroke=INK, stroke_width=1)
    if w >= 24:  # the pattern, on cards large enough to show it
        svg.rect(x + 4, y + 4, w - 8, h - 8, rx=3, fill="none", stroke="#ffffff",
                 stroke_opacity=0.6, stroke_dasharray="4 3")
    svg.end()


# -- a Mobster --------------------------------------------------------------------------------
HEADER_H = 26
STATS_TOP = HEADER_H + 8  # the money, Muscle and Back Room boxes
STATS_H = 40
STILLS_TOP = STATS_TOP + STATS_H + 10
STILL_W, STILL_H = 68, 52
THUGS_LABEL = 14  # the caption above a row of cards


def _panel_trucks(s: BootleggersState, p: int) -> list[Truck]:
    """The trucks ``p`` drives (or owns, when nobody rents them) still off the docks."""
    return [t for t in s.trucks if t.operator == p and t.speakeasy < 0]


def _stills(s: BootleggersState, p: int) -> list[tuple[str, str, int, bool]]:
    """(name, id, dice, watched by the Copper) for each still of ``p``."""
    out = [("Family", ids.family_still(p), s.family[p], s.copper == p)]
    out += [(f"Remote {r + 1}", ids.remote_still(r), s.remote_dice[r], False)
            for r, o in enumerate(s.remote_owner) if o == p]
    return out


def _layout(s: BootleggersState, p: int, seat: int | None) -> dict[str, float]:
    """Where the rows of ``p``'s panel start (from its top), and its height."""
    stills = len(_stills(s, p))
    per_row = int((PANEL_W - 20) // (STILL_W + 6))
    still_rows = -(-stills // per_row)
    trucks_top = STILLS_TOP + still_rows * (STILL_H + 6) + 4
    truck_rows = max(1, -(-len(_panel_trucks(s, p)) // _trucks_per_row()))
    rented = [t for t in s.trucks if t.owner == p and t.renter >= 0]
    thugs_top = trucks_top + truck_rows * 26 + (16 if rented or s.union[p] else 0) + 4
    hand = len(s.hands[p])
    if p == seat:
        per = int((PANEL_W - 20 + 4) // (THUG_W + 4))
        thug_h = max(1, -(-hand // per)) * (THUG_H + 4) if hand else 0
    else:
        thug_h = 40 if hand else 0
    muscle_top = thugs_top + THUGS_LABEL + thug_h + 6
    muscle_h = MUSCLE_H if p == seat and s.muscle_hands[p] else 30
    return {"trucks": trucks_top, "thugs": thugs_top, "muscle": muscle_top,
            "height": muscle_top + THUGS_LABEL + muscle_h + 10}


def _trucks_per_row() -> int:
    return int((PANEL_W - 20 - 52) // TRUCK_STEP)


def _panel_height(s: BootleggersState, p: int, seat: int | None) -> float:
    return _layout(s, p, seat)["height"]


def _panel(svg: Svg, s: BootleggersState, p: int, seat: int | None, x: float, y: float,
           h: float) -> None:
    at = _layout(s, p, seat)
    mine = p == seat
    svg.rect(x, y, PANEL_W, h, rx=6, fill="#f7f4ec", stroke="#999999", stroke_width=0.8)
    to_act = s.to_act == p
    svg.group(class_="seat to-act" if to_act else "seat", id=ids.seat_row(p), data_seat=p + 1)
    svg.title(f"{seat_label(p)}'s row")
    svg.rect(x, y, PANEL_W, HEADER_H, rx=5, fill=seat_colour(p))
    name = seat_label(p) + (" (you)" if mine else "") + ("  \u25c0 to play" if to_act else "")
    svg.label(x + 8, y + 18, name, size=13, fill=_name_ink(p), font_weight="bold")
    svg.end()
    if mine and not s.finished:
        svg.group(class_="box done", id=ids.DONE)
        svg.title("Done: end your part of this step")
        svg.rect(x + PANEL_W - 62, y + 3, 56, 20, rx=4, fill=PAPER, stroke=INK,
                 stroke_width=0.8)
        svg.label(x + PANEL_W - 34, y + 17.5, "Done", size=12, anchor="middle",
                  font_weight="bold")
        svg.end()
    _stats(svg, s, p, seat, x + 8, y + STATS_TOP)
    sx = x + 10
    per_row = int((PANEL_W - 20) // (STILL_W + 6))
    for k, (label, element, dice, copper) in enumerate(_stills(s, p)):
        _still(svg, p, label, element, dice, copper, sx + (k % per_row) * (STILL_W + 6),
               y + STILLS_TOP + (k // per_row) * (STILL_H + 6))
    _panel_truck_row(svg, s, p, x + 10, y + at["trucks"])
    _hands(svg, s, p, seat, x + 10, y + at["thugs"], y + at["muscle"])


def _stats(svg: Svg, s: BootleggersState, p: int, seat: int | None, x: float,
           y: float) -> None:
    """Money, Muscle and the Back Room (where men, crates, dice and improvements wait)."""
    if p == seat or s.finished:  # at the end the money is counted in the open
        money = words.money(s.cash(p))
    elif s.announced[p] >= 0:
        money = f"{words.money(s.announced[p])} (r{s.announced_round})"
    else:
        money = "?"
    muscle = str(s.muscle(p)) if s.shown[p] else ("down" if s.sealed.has_committed(p) else "-")
    for k, (label, value) in enumerate((("money", money), ("Muscle", muscle))):
        bx = x + k * 78
        svg.group(class_="counter", data_name=label, data_seat=p + 1)
        svg.rect(bx, y, 72, STATS_H, rx=4, fill=PAPER, stroke=INK, stroke_width=0.8)
        svg.label(bx + 36, y + 14, label, size=SMALL, anchor="middle", fill=GREY)
        svg.label(bx + 36, y + 33, value, size=14, anchor="middle", font_weight="bold")
        svg.end()
    bx = x + 156
    w = PANEL_W - 16 - 156
    svg.group(class_="box back-room", id=ids.back_room(p), data_seat=p + 1)
    svg.title(f"{seat_label(p)}'s Back Room")
    svg.rect(bx, y, w, STATS_H, rx=4, fill=PAPER, stroke=INK, stroke_width=0.8)
    impr = s.back_impr[p]
    svg.label(bx + 6, y + 15, f"Back Room: {words.men(s.back_influence[p])}", size=SMALL,
              font_weight="bold")
    svg.label(bx + 6, y + 32, f"{words.crates(s.crates[p])}, {words.dice(s.back_dice[p])}, "
              f"{impr} impr.", size=SMALL)
    svg.end()


def _still(svg: Svg, p: int, label: str, element: str, dice: int, copper: bool, x: float,
           y: float) -> None:
    """A still: its name, a square per die, the Copper's badge when he watches it."""
    svg.group(class_="still box", id=element, data_dice=dice)
    svg.title(f"{seat_label(p)}'s {label} Still: {words.dice(dice)}"
              + (", watched by the Copper" if copper else ""))
    svg.rect(x, y, STILL_W, STILL_H, rx=4, fill="#e6dccb", stroke=INK, stroke_width=0.8)
    svg.label(x + STILL_W / 2, y + 15, label, size=SMALL, anchor="middle")
    for k in range(dice):
        svg.rect(x + 5 + k * 15, y + 22, 12, 12, rx=2, fill=PAPER, stroke=INK,
                 stroke_width=0.8, class_="die")
    if copper:
        svg.circle(x + STILL_W - 11, y + STILL_H - 9, 8, fill="#1f3b73", stroke=INK,
                   class_="copper")
        svg.label(x + STILL_W - 11, y + STILL_H - 5, "C", size=SMALL, anchor="middle",
                  fill="#ffffff", font_weight="bold")
    svg.end()


def _panel_truck_row(svg: Svg, s: BootleggersState, p: int, x: float, y: float) -> None:
    """The trucks waiting in ``p``'s yard, and a word on any he rents out."""
    svg.label(x, y + 15, "Trucks", size=SMALL, fill=GREY)
    per = _trucks_per_row()
    mine = _panel_trucks(s, p)
    for k, t in enumerate(mine):
        _truck(svg, t, x + 52 + (k % per) * TRUCK_STEP, y + 1 + (k // per) * 26)
    if not mine:
        svg.label(x + 52, y + 15, "none waiting", size=SMALL, fill=GREY)
    notes = [f"#{t.id + 1} rented to {seat_label(t.renter)}" for t in s.trucks
             if t.owner == p and t.renter >= 0]
    if s.union[p]:
        notes.insert(0, "Friendly Union Boss: no graft")
    if notes:
        rows = max(1, -(-len(mine) // per))
        svg.label(x, y + rows * 26 + 14, "; ".join(notes), size=SMALL, fill="#2e7d32",
                  font_weight="bold")


def _hands(svg: Svg, s: BootleggersState, p: int, seat: int | None, x: float, y: float,
           muscle_y: float) -> None:
    """Thug cards (face up for their holder only) and the Muscle hand (likewise)."""
    mine = p == seat
    hand = s.hands[p]
    svg.label(x, y + 11, f"Thug cards: {len(hand)}" + ("" if mine or not hand else
                                                        ", face down"), size=SMALL, fill=GREY)
    top = y + THUGS_LABEL + 2
    if mine:
        per = int((PANEL_W - 20 + 4) // (THUG_W + 4))
        seen: dict[str, int] = {}
        for k, c in enumerate(hand):
            key = key_of(c)
            seen[key] = seen.get(key, 0) + 1
            d = CARDS[key]
            _card(svg, x + (k % per) * (THUG_W + 4), top + (k // per) * (THUG_H + 4),
                  THUG_W, THUG_H, d.name, [], "#37474f", f"{d.name}: {d.text}",
                  ids.thug_card(key, seen[key]), kind="thug")
    else:
        step = min(30.0, (PANEL_W - 20 - 26) / max(1, len(hand) - 1))
        for k in range(len(hand)):
            _back(svg, x + k * step, top, 26, 36, ids.hidden_card(p, "thug", k))
    muscle = s.muscle_hands[p]
    if not muscle:
        caption = "Muscle hand: none left"
    elif mine:
        caption = "Muscle hand (card, then its cost)"
    else:
        caption = f"Muscle hand: {len(muscle)} cards face down"
    svg.label(x, muscle_y + 11, caption, size=SMALL, fill=GREY)
    top = muscle_y + THUGS_LABEL + 2
    if mine:
        step = min(MUSCLE_W + 2.0, (PANEL_W - 20 - MUSCLE_W) / max(1, len(muscle) - 1))
        for k, n in enumerate(muscle):
            _muscle(svg, x + k * step, top, n)
    else:
        step = min(22.0, (PANEL_W - 20 - 18) / max(1, len(muscle) - 1))
        for k in range(len(muscle)):
            _back(svg, x + k * step, top, 18, 24, ids.hidden_card(p, "muscle", k))


def _muscle(svg: Svg, x: float, y: float, n: int) -> None:
    """One of the viewer's Muscle cards: its number, and its cost below."""
    svg.group(class_="card", id=ids.muscle_card(n), data_kind="muscle")
    svg.title(words.muscle(n))
    svg.rect(x, y, MUSCLE_W, MUSCLE_H, rx=4, fill=PAPER, stroke=INK, stroke_width=1)
    svg.rect(x, y, MUSCLE_W, 5, rx=2, fill="#8e24aa")
    svg.label(x + MUSCLE_W / 2, y + 20, str(n), size=12, anchor="middle", font_weight="bold")
    svg.label(x + MUSCLE_W / 2, y + 35, words.money(MUSCLE_COST[n]), size=SMALL,
              anchor="middle", fill=GREY)
    svg.end()
