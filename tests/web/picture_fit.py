"""Whether a picture reads on the page: measured in Chromium, as a player's browser draws it.

A picture is shown :data:`BOARD_PX` wide on a 1280x800 desktop (the table page's board
column); there every text must be at least :data:`MIN_TEXT_PX` tall (its font size times the
scale it is drawn at) and lie inside its frame: the first shape of the nearest enclosing
``<g>`` whose class says it is a card, a tile, a box or a counter (the picture itself for a
text in none of them). :func:`fit_problems` lists what fails.
"""

from __future__ import annotations

from typing import Any

#: the width the table page gives the picture at 1280x800 (tests/web/test_board.py checks
#: the page keeps to it)
BOARD_PX = 820
#: the smallest text a player can read there, in CSS pixels
MIN_TEXT_PX = 11.0

_PAGE = """<!doctype html><html><head><style>
body {{ margin: 0; }} #board {{ width: {px}px; }} #board svg {{ width: 100%; height: auto;
display: block; }}</style></head><body><div id="board">{svg}</div></body></html>"""

_MEASURE = """([least, slack]) => {
  const svg = document.querySelector("#board svg");
  const problems = [];
  const inside = (a, b) => a.left >= b.left - slack && a.right <= b.right + slack
    && a.top >= b.top - slack && a.bottom <= b.bottom + slack;
  for (const text of svg.querySelectorAll("text")) {
    const words = text.textContent.trim();
    if (!words) continue;
    const size = parseFloat(getComputedStyle(text).fontSize) * Math.abs(text.getScreenCTM().a);
    if (size < least - 0.01) problems.push(`"${words}" is drawn ${size.toFixed(1)} px tall`);
    const group = text.closest("g.card, g.tile, g.box, g.counter");
    const frame = group && group.querySelector(
      ":scope > rect, :scope > polygon, :scope > circle, :scope > path, :scope > ellipse");
    const outer = (frame || svg).getBoundingClientRect();
    if (!inside(text.getBoundingClientRect(), outer)) {
      problems.push(`"${words}" runs out of its ${group ? group.getAttribute("class") : "picture"}`);
    }
  }
  return problems;
}"""


def fit_problems(page: Any, svg: str, px: int = BOARD_PX) -> list[str]:
    """What does not read in ``svg`` drawn ``px`` wide on ``page`` (a Playwright page): text
    below :data:`MIN_TEXT_PX`, text out of its card, tile, box or counter."""
    page.set_content(_PAGE.format(px=px, svg=svg))
    return list(page.evaluate(_MEASURE, [MIN_TEXT_PX, 1.5]))
