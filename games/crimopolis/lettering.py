"""Lettering for the picture: how wide a line of text is drawn, and words wrapped to a width,
so that every name and card text stays inside its tile or card.

Widths are those of DejaVu Sans, the first font every picture asks for (Verdana, the next,
is about as wide), measured in Chromium: the advance of each printable ASCII character in
hundredths of the font size.
"""

from __future__ import annotations

import functools

_REGULAR = (
    "32,40,46,84,64,95,78,28,39,39,50,84,32,36,32,34,64,64,64,64,64,64,64,64,64,64,34,34,84,84,"
    "84,53,100,68,69,70,77,63,58,78,75,30,30,66,56,86,75,79,60,79,69,63,61,73,68,99,69,61,69,39,"
    "34,39,84,50,50,61,63,53,63,57,35,63,63,28,28,58,28,97,63,55,63,63,38,52,39,63,59,82,59,59,"
    "52,64,34,64,84")
_BOLD = (
    "35,46,52,84,70,100,87,31,46,46,52,84,38,42,38,37,70,70,70,70,70,70,70,70,70,70,40,40,84,84,"
    "84,58,100,77,76,73,83,68,68,82,84,37,37,77,64,100,84,85,73,85,77,72,68,81,77,110,77,72,72,"
    "46,37,46,84,50,50,67,72,59,72,68,44,72,71,34,34,66,34,104,71,69,72,72,49,60,48,71,65,92,64,"
    "65,58,71,37,71,84")
_WIDTHS = {False: [int(w) / 100 for w in _REGULAR.split(",")],
           True: [int(w) / 100 for w in _BOLD.split(",")]}


@functools.lru_cache(maxsize=1 << 12)
def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width of ``text`` drawn at font ``size`` (a character outside ASCII counts as
    wide as an M)."""
    table = _WIDTHS[bold]
    return size * sum(table[ord(c) - 32] if 32 <= ord(c) < 127 else 1.0 for c in text)


def wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` (a single word wider
    than that keeps a line of its own: the caller squeezes it)."""
    return list(_wrapped(text, width, size, bold))


@functools.lru_cache(maxsize=1 << 12)
def _wrapped(text: str, width: float, size: float, bold: bool) -> tuple[str, ...]:
    lines: list[str] = []
    line = ""
    for word in text.split():
        joined = f"{line} {word}" if line else word
        if line and text_width(joined, size, bold) > width:
            lines.append(line)
            line = word
        else:
            line = joined
    if line:
        lines.append(line)
    return tuple(lines)
