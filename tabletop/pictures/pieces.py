"""The pieces most tables share, drawn on an :class:`~tabletop.pictures.svg.Svg`: cards (face
up or face down), tokens, counters, a seat's row and a heading.

Each piece is one ``<g>`` whose ``class`` names it, so tests count pieces by class:
``card`` (plus ``face-down`` when hidden), ``token``, ``counter``, ``seat`` (plus ``to-act``
for the seat whose decision it is). A face-down card carries no word of its face: a seat's
picture must hold nothing its observation does not.
"""

from __future__ import annotations

from collections.abc import Sequence

from tabletop.pictures import lettering
from tabletop.pictures.svg import Attr, Svg, seat_colour

CARD_W, CARD_H = 84, 118
INK, PAPER, FELT, BACK = "#222222", "#fffdf6", "#e8efe6", "#5b4a8a"


def card(svg: Svg, x: float, y: float, name: str = "", lines: Sequence[str] = (),
         face_up: bool = True, w: float = CARD_W, h: float = CARD_H,
         colour: str | None = None, tooltip: str = "", element: str | None = None,
         name_size: float = 13, line_size: float = 11, **data: Attr) -> None:
    """A card at (x, y): face up with its ``name`` (bold, ``name_size``) and a few short
    ``lines`` (``line_size``), each wrapped to the card's width as the picture's font draws
    it (:mod:`tabletop.pictures.lettering`; what does not fit the card's height is left
    out: put the whole text in ``tooltip``), or face down (a patterned back, no text).
    ``colour`` bands the top edge (an owner or a suit); ``data`` become ``data-*``
    attributes; ``tooltip`` shows on hover (face up only); ``element``: its id, when an
    action may target it (:mod:`tabletop.pictures.targets`; a face-down card's id names its
    place, never its face)."""
    kind = "card" if face_up else "card face-down"
    svg.group(class_=kind, id=element, transform=f"translate({x:g},{y:g})",
              **{f"data_{k}": v for k, v in data.items()})
    if not face_up:
        svg.rect(0, 0, w, h, rx=6, fill=BACK, stroke=INK, stroke_width=1)
        svg.rect(6, 6, w - 12, h - 12, rx=4, fill="none", stroke="#ffffff",
                 stroke_opacity=0.6, stroke_dasharray="4 3")
        svg.end()
        return
    if tooltip:
        svg.title(tooltip)
    svg.rect(0, 0, w, h, rx=6, fill=PAPER, stroke=INK, stroke_width=1)
    if colour:
        svg.rect(0, 0, w, 10, rx=3, fill=colour)
    room = w - 8
    y_text = 12 + name_size
    for part in lettering.wrap(name, room, name_size, bold=True)[:3]:
        svg.label(w / 2, y_text, lettering.clip(part, room, name_size, bold=True),
                  size=name_size, anchor="middle", font_weight="bold")
        y_text += name_size + 2
    y_text += 3
    for line in lines:
        for part in lettering.wrap(line, room, line_size):
            if y_text > h - 4:
                break
            svg.label(w / 2, y_text, lettering.clip(part, room, line_size), size=line_size,
                      anchor="middle")
            y_text += line_size + 2
    svg.end()


def token(svg: Svg, cx: float, cy: float, seat: int | None = None, label: str = "",
          r: float = 10, fill: str | None = None, tooltip: str = "", ink: str = "#ffffff",
          element: str | None = None, **data: Attr) -> None:
    """A round token centred on (cx, cy), in its seat's colour (or ``fill``), with a short
    ``label`` inside in ``ink`` (dark ink for a light ``fill``); ``element``: its id."""
    colour = fill or (seat_colour(seat) if seat is not None else "#777777")
    svg.group(class_="token", id=element,
              **({"data_seat": seat + 1} if seat is not None else {}),
              **{f"data_{k}": v for k, v in data.items()})
    if tooltip:
        svg.title(tooltip)
    svg.circle(cx, cy, r, fill=colour, stroke=INK, stroke_width=1)
    if label:
        svg.label(cx, cy + r * 0.38, label, size=r * 1.05, anchor="middle", fill=ink,
                  font_weight="bold")
    svg.end()


def counter(svg: Svg, x: float, y: float, name: str, value: str | int,
            w: float = 92, element: str | None = None, **data: Attr) -> None:
    """A labelled number in a box: ``name`` small above, ``value`` large below
    (``element``: its id)."""
    svg.group(class_="counter", id=element, data_name=name,
              **{f"data_{k}": v for k, v in data.items()})
    svg.rect(x, y, w, 36, rx=4, fill=PAPER, stroke=INK, stroke_width=0.8)
    svg.label(x + w / 2, y + 12, name, size=9, anchor="middle", fill="#555555")
    svg.label(x + w / 2, y + 30, str(value), size=15, anchor="middle", font_weight="bold")
    svg.end()


def seat_row(svg: Svg, x: float, y: float, w: float, seat: int, name: str,
             counters: Sequence[tuple[str, str | int]] = (), to_act: bool = False,
             you: bool = False, colour: str | None = None, ink: str = "#ffffff",
             element: str | None = None) -> float:
    """A seat's row: a band in its colour (or ``colour``, for a game whose seats have colours
    of their own) with its name in ``ink`` (marked when it is to act, and "you" for the
    viewer), then its counters (``element``: the row's id, for actions that pick a seat).
    Returns the height used."""
    kind = "seat to-act" if to_act else "seat"
    svg.group(class_=kind, id=element, data_seat=seat + 1)
    svg.rect(x, y, w, 24, rx=4, fill=colour or seat_colour(seat), fill_opacity=0.85)
    text = name + (" (you)" if you else "") + ("  \u25c0 to play" if to_act else "")
    svg.label(x + 8, y + 17, text, size=13, fill=ink, font_weight="bold")
    cx = x
    for label, value in counters:
        counter(svg, cx, y + 28, label, value, seat=seat + 1)
        cx += 98
    svg.end()
    return 24 + (40 if counters else 0) + 6


def heading(svg: Svg, x: float, y: float, text: str, size: float = 16) -> None:
    """A heading line (the game, the round, the phase)."""
    svg.label(x, y, text, size=size, font_weight="bold", class_="heading")


def table_cloth(svg: Svg) -> None:
    """The background of the whole picture."""
    svg.rect(0, 0, svg.width, svg.height, fill=FELT)
