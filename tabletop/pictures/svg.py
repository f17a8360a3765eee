"""A small SVG builder: well-formed documents from Python, with every text escaped.

Games draw a seat's view of the table (``State.picture(seat)``) with this and the pieces in
:mod:`tabletop.pictures.pieces`. Elements carry a ``class`` naming what they show ("card",
"card face-down", "token", "counter", "seat"), so a test can count the pieces a picture holds
and a stylesheet can restyle them; ``data-*`` attributes carry the facts a piece stands for
(``data-seat="1"``). Nothing here knows a game.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from xml.sax.saxutils import escape, quoteattr

#: the fonts every picture asks for (present on any browser; the CSS generic as a fallback)
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"

#: one colour per seat, distinguishable by colour-blind players (Okabe-Ito), seats 0-7
SEAT_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9",
                "#F0E442", "#999999")

Attr = str | int | float | None


def seat_colour(seat: int) -> str:
    """The colour of ``seat`` (the same in every game)."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


#: a character :func:`quoteattr` would change; a value without one is written as it is
_NEEDS_QUOTING = re.compile(r'[&<>"\n\r\t]').search

#: attribute names as written (``font_size`` -> ``font-size``), by keyword
_NAMES: dict[str, str] = {}


def _attrs(attributes: dict[str, Attr]) -> str:
    # A web table draws a picture for every viewer after every move, and escaping each
    # attribute with quoteattr was half of that: the common value (a number, a plain word)
    # is written directly, byte for byte what quoteattr would give.
    parts = []
    for key, value in attributes.items():
        if value is None:
            continue
        name = _NAMES.get(key)
        if name is None:
            name = _NAMES[key] = key.rstrip("_").replace("_", "-")
        if isinstance(value, float):
            text = f"{value:.2f}".rstrip("0").rstrip(".")
        else:
            text = str(value)
        if _NEEDS_QUOTING(text) is None:
            parts.append(f' {name}="{text}"')
        else:
            parts.append(f" {name}={quoteattr(text)}")
    return "".join(parts)


class Svg:
    """An SVG document being drawn: add elements, then :meth:`text` gives the document.

    Attribute names are written with ``_`` for ``-`` (``font_size`` -> ``font-size``,
    ``data_seat`` -> ``data-seat``) and a trailing ``_`` dropped (``class_`` -> ``class``);
    ``None`` leaves an attribute out. Groups nest with :meth:`group` / :meth:`end`.
    """

    def __init__(self, width: float, height: float, title: str = "") -> None:
        self.width, self.height = width, height
        self.parts: list[str] = []
        self._open = 0
        if title:
            self.parts.append(f"<title>{escape(title)}</title>")

    def add(self, tag: str, content: str | None = None, /, **attributes: Attr) -> None:
        """One element; ``content`` is text (escaped here)."""
        if content is None:
            self.parts.append(f"<{tag}{_attrs(attributes)}/>")
        else:
            self.parts.append(f"<{tag}{_attrs(attributes)}>{escape(content)}</{tag}>")

    def group(self, **attributes: Attr) -> None:
        """Open a ``<g>``: what is added until :meth:`end` belongs to it."""
        self.parts.append(f"<g{_attrs(attributes)}>")
        self._open += 1

    def end(self) -> None:
        """Close the innermost open group."""
        if not self._open:
            raise ValueError("no group is open")
        self.parts.append("</g>")
        self._open -= 1

    def rect(self, x: float, y: float, w: float, h: float, **attributes: Attr) -> None:
        """A rectangle (``rx`` rounds its corners)."""
        self.add("rect", None, x=x, y=y, width=w, height=h, **attributes)

    def circle(self, cx: float, cy: float, r: float, **attributes: Attr) -> None:
        """A circle."""
        self.add("circle", None, cx=cx, cy=cy, r=r, **attributes)

    def line(self, x1: float, y1: float, x2: float, y2: float, **attributes: Attr) -> None:
        """A straight line."""
        self.add("line", None, x1=x1, y1=y1, x2=x2, y2=y2, **attributes)

    def polygon(self, points: Iterable[tuple[float, float]], **attributes: Attr) -> None:
        """A closed shape through ``points``."""
        self.add("polygon", None, points=" ".join(f"{x:g},{y:g}" for x, y in points), **attributes)

    def label(self, x: float, y: float, text: str, size: float = 12,
              anchor: str = "start", **attributes: Attr) -> None:
        """A line of text with its baseline at ``y`` (``anchor``: start, middle or end)."""
        self.add("text", text, x=x, y=y, font_size=size, text_anchor=anchor,
                 font_family=FONT, **attributes)

    def title(self, text: str) -> None:
        """A tooltip for the enclosing group (what a piece is, when the mouse is over it)."""
        self.add("title", text)

    def text(self) -> str:
        """The finished document (open groups are closed)."""
        closing = "</g>" * self._open
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width:g}" '
                f'height="{self.height:g}" viewBox="0 0 {self.width:g} {self.height:g}" '
                f'font-family="{FONT}">')
        return head + "".join(self.parts) + closing + "</svg>\n"
