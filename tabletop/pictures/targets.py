"""Element ids: how a picture names its pieces, cards, cells and places, so that a player can
play by clicking them.

A picture gives each thing a player may act on a stable ``id`` (an SVG ``id`` attribute made
by :func:`element_id`: ``"tile-2-n1"``, ``"card-iron-mike"``); ``State.targets(action)``
names the element(s) an action acts on, first the piece it moves or plays, then where it
goes. The browser table highlights them and plays an action from clicks on the board
(:mod:`tabletop.web`); :func:`target_problems` is what conformance check 6 asks of every
game that names targets.

An id says only what its seat may see: a face-down card is named by its place
("hand-2-card-3"), never by its face, or the picture would change under determinization.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tabletop.engine import State

#: what an element id looks like: lower-case words of letters and digits joined by "-"
ID_PATTERN = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")
_ID_ATTRIBUTE = re.compile(r'\sid="([^"]*)"')


def _part(part: object) -> str:
    if isinstance(part, int) and part < 0:
        return f"n{-part}"  # -1 -> "n1": a coordinate keeps its sign, and "-" stays a joint
    words = re.sub(r"[^a-z0-9]+", "-", str(part).lower()).strip("-")
    return words or "x"


def element_id(kind: str, *parts: object) -> str:
    """The id of an element: its ``kind`` ("tile", "card", "gangsters") and the facts that
    make it one of a kind (a name, coordinates, a seat), each written in lower-case letters
    and digits (``element_id("tile", 2, -1) == "tile-2-n1"``,
    ``element_id("card", "Two-Bit Tommy") == "card-two-bit-tommy"``)."""
    text = "-".join([re.sub(r"[^a-z0-9]+", "-", kind.lower()).strip("-"),
                     *(_part(p) for p in parts)])
    if not ID_PATTERN.fullmatch(text):
        raise ValueError(f"{text!r} cannot be an element id (it must start with a letter)")
    return text


def element_ids(picture: str) -> list[str]:
    """The ids of a picture's elements, in the order drawn (repeats kept)."""
    return _ID_ATTRIBUTE.findall(picture)


def target_problems(state: State, seat: int, picture: str | None = None) -> list[str]:
    """What is wrong with the targets of ``seat``'s legal actions (``seat`` must be to act):
    an id that is malformed or that its picture does not draw, or a picture that draws one
    id twice. Empty when the game names no targets."""
    legal = state.legal_actions()
    named = [(action, state.targets(action)) for action in legal]
    if not any(targets for _, targets in named):
        return []
    if picture is None:
        picture = state.picture(seat)
    if picture is None:
        return ["the game names targets but draws no picture"]
    problems: list[str] = []
    drawn = element_ids(picture)
    twice = sorted({i for i in drawn if drawn.count(i) > 1})
    if twice:
        problems.append(f"the picture draws the id(s) {', '.join(twice[:5])} more than once")
    have = set(drawn)
    for action, targets in named:
        if not isinstance(targets, tuple):
            problems.append(f"targets({state.describe(action)!r}) is not a tuple")
            continue
        for target in _missing(targets, have):
            problems.append(f"targets({state.describe(action)!r}) names {target!r}, which "
                            "the picture does not draw" if ID_PATTERN.fullmatch(target) else
                            f"targets({state.describe(action)!r}) names {target!r}, which "
                            "is not an element id")
    return problems


def _missing(targets: Iterable[str], have: set[str]) -> list[str]:
    return [t for t in targets if not isinstance(t, str) or t not in have
            or not ID_PATTERN.fullmatch(t)]
