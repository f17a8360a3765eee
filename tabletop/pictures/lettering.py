"""How wide a line of text is drawn, and how to fit words to a card, a tile or a box: a
picture wraps a card's name and its lines to the card's width, so that no text runs past
its card (``tests/web/picture_fit.py`` measures it in Chromium).

Widths are those of DejaVu Sans, the first font every picture asks for
(:data:`tabletop.pictures.FONT`), measured in Chromium: the advance of each printable ASCII
character in thousandths of an em, regular and bold. A character outside the table counts
as a full em, so an estimate errs on the wide side.
"""

from __future__ import annotations

from functools import lru_cache

#: advances of " " to "~" (ASCII 32-126) in DejaVu Sans, thousandths of an em
_REGULAR = (
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337,
    636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531,
    1000, 684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787,
    603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390, 337, 390, 838, 500,
    500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612,
    635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838,
)
#: the same in DejaVu Sans Bold
_BOLD = (
    348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365,
    696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580,
    1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850,
    733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500,
    500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687,
    716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838,
)
#: the smallest font size of a picture 820 units wide (the desktop board column): 11 px there
SMALLEST = 11.0


@lru_cache(maxsize=4096)
def width(text: str, size: float, bold: bool = False) -> float:
    """The width of ``text`` drawn at font ``size`` (px), a little over rather than under."""
    table = _BOLD if bold else _REGULAR
    total = 0
    for ch in text:
        code = ord(ch) - 32
        total += table[code] if 0 <= code < len(table) else 1000
    return total * size / 1000 * 1.02  # 2% for rounding and hinting


def wrap(text: str, room: float, size: float, bold: bool = False) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``room`` (a single word wider
    than ``room`` keeps a line of its own: see :func:`fit`)."""
    lines: list[str] = []
    for word in text.split():
        if lines and width(lines[-1] + " " + word, size, bold) <= room:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def clip(line: str, room: float, size: float, bold: bool = False) -> str:
    """``line`` cut with "..." so that it is no wider than ``room``."""
    if width(line, size, bold) <= room:
        return line
    while line and width(line + "...", size, bold) > room:
        line = line[:-1]
    return line.rstrip() + "..."


def fit(text: str, room: float, most_lines: int, sizes: tuple[float, ...] = (13, 12, 11),
        bold: bool = False) -> tuple[float, list[str]]:
    """The largest of ``sizes`` at which ``text`` wraps into ``most_lines`` lines no wider
    than ``room``, and those lines; if none does, the smallest size with its lines cut to
    fit (the last one ending in "...")."""
    for size in sizes:
        lines = wrap(text, room, size, bold)
        if len(lines) <= most_lines and all(width(line, size, bold) <= room for line in lines):
            return size, lines
    size = sizes[-1]
    lines = wrap(text, room, size, bold)
    if len(lines) > most_lines:
        lines = lines[:most_lines]
        lines[-1] += " ..."
    return size, [clip(line, room, size, bold) for line in lines]
