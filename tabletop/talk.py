"""Table talk: the short line a bot says aloud as it moves ("I'm going after your Casino").

A game says what a move is *for* through :meth:`tabletop.engine.State.talk`; this module holds
the phrasing every game shares (whose thing it is for the listener, a bot's personality in its
voice), how ``tabletop play`` shows a line, and what makes a line unfit to show (the check the
conformance suite runs on every game's talk).

Talk is said to the whole table, so it may use public information and the action itself
only (everyone sees the move once it is played), never the mover's hidden cards: the
conformance suite requires the same words in every world another seat cannot tell apart.
"""

from __future__ import annotations

import re

from tabletop.engine import seat_label

#: the widest talk line (the table's width)
TALK_WIDTH = 100

#: what never belongs in words said at a table: braces, brackets and ``=`` of reprs, a name
#: glued to its parenthesis (``Lay(card``), ``<object at>``, Python's constants, a 0-based seat
_INTERNAL = re.compile(
    r"[{}\[\]<>=]|\w\(|\bobject at\b|\bNone\b|\bTrue\b|\bFalse\b|\bPlayer 0\b")


def whose(owner: int, listener: int | None) -> str:
    """An owner as the listener hears it: "your" to the owner himself, "Player 2's" to the
    others (a spectator included)."""
    return "your" if owner == listener else f"{seat_label(owner)}'s"


def owned(thing: str, owner: int, listener: int | None) -> str:
    """``thing`` of ``owner`` as the listener hears it: "your Casino", "Player 2's Casino";
    a name with its own article loses it after the owner ("The Loop": "your Loop", never
    "your The Loop")."""
    if thing.startswith(("The ", "the ")):
        thing = thing[4:]
    return f"{whose(owner, listener)} {thing}"


def whom(seat: int, listener: int | None) -> str:
    """A seat as the listener hears it: "you" to that seat, "Player 2" to the others."""
    return "you" if seat == listener else seat_label(seat)


def voiced(text: str, bold: bool) -> str:
    """``text`` in a bot's voice: a bold one (its personality leans aggressive) says it with
    an exclamation mark; anyone else says it plainly. Deterministic: the same bot always says
    a line the same way."""
    text = text.rstrip()
    if not bold or not text.endswith("."):
        return text
    return text[:-1] + "!"


def talk_line(seat: int, text: str) -> str:
    """How a table shows the line ``seat`` says: ``Player 3: "I'm going after your Casino."``,
    indented under the move line (wrap it to the width before printing)."""
    return f'     {seat_label(seat)}: "{text}"'


def talk_problem(text: object) -> str:
    """What makes ``text`` unfit as table talk ("" when it is fine): not a string, empty,
    more than one line, wider than :data:`TALK_WIDTH`, or showing Python's internals (a dict,
    a list, an object's repr, ``None``, a seat numbered from 0)."""
    if not isinstance(text, str):
        return f"talk is a {type(text).__name__}, not a string or None"
    if not text.strip():
        return "talk is an empty string (say None for no talk)"
    if "\n" in text:
        return f"talk has more than one line: {text[:60]!r}"
    if len(text) > TALK_WIDTH:
        return f"talk is {len(text)} columns wide (at most {TALK_WIDTH}): {text[:60]!r}..."
    found = _INTERNAL.search(text)
    if found:
        return f"talk shows Python internals ({found.group(0)!r}): {text[:60]!r}"
    return ""
