"""Words for people: results, narrated moves and events, shared by every reader of a game.

The CLI, ``replay --show``, the golden transcripts and the web table all narrate through these
functions, for a *viewer*: a seat (a player reads his own moves in full, others' moves as
they saw them taken, the public events and his own private ones), ``None`` (a spectator, or a
screen several players share: public things only) or :data:`EVERYONE` (an omniscient reader:
a transcript, a game of bots only).

Every line fits in :data:`WIDTH` columns: longer ones wrap at word boundaries.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from tabletop.components.log import EVERYONE, Event
from tabletop.engine import Result, State, seat_label

#: the widest line a player's terminal is asked to show
WIDTH = 100
#: the width a game wraps its table (``State.render``) to: an 80-column terminal, the usual
#: one, then shows it as the game laid it out (a narrower screen wraps it again)
TABLE_WIDTH = 80

__all__ = ["EVERYONE", "TABLE_WIDTH", "WIDTH", "balance", "event_lines", "move_line", "move_text",
           "result_text", "wrap", "wrap_lines"]


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def wrap(line: str, width: int = WIDTH, balanced: bool = False) -> list[str]:
    """``line`` as one or more lines of at most ``width`` columns, broken at spaces; the
    continuation lines are indented four columns past the line's own indentation (past a
    leading ``> `` marker, a list dash or a ``12. `` number, so they read as one item).
    ``balanced``: a last line holding one word alone takes a word from the line above
    (the lines are made a little narrower), as a player's screen wants it."""
    if len(line) <= width:
        return [line]
    body = line.lstrip(" ")
    indent = len(line) - len(body)
    marker = 0
    for prefix in ("> ", "- "):
        if body.startswith(prefix):
            marker = len(prefix)
    number, dot, _ = body.partition(". ")
    if dot and number.isdigit():
        marker = len(number) + 2
    hang = " " * min(indent + marker + 2, width // 2)

    def at(columns: int) -> list[str]:
        return textwrap.wrap(body, width=columns, initial_indent=" " * indent,
                             subsequent_indent=hang, break_long_words=True,
                             break_on_hyphens=False)

    out = balance(at, width, len(hang)) if balanced else at(width)
    return out or [line[:width]]


def balance(at: Callable[[int], list[str]], width: int, hang: int = 0) -> list[str]:
    """``at(width)``, the lines of a text wrapped to ``width`` columns, unless its last line
    holds one word alone: then the text wrapped a little narrower (down to two thirds of the
    width), at the first width whose last line holds two words and which adds at most a
    line. Every line still fits ``width``."""
    out = at(width)
    if len(out) >= 2 and len(out[-1].split()) == 1:
        for narrower in range(width - 1, max(width * 2 // 3, hang + 10), -1):
            tried = at(narrower)
            if len(tried[-1].split()) >= 2 and len(tried) <= len(out) + 1:
                return tried
    return out


def wrap_lines(text: str, width: int = WIDTH, balanced: bool = False) -> str:
    """Every line of ``text`` wrapped to ``width`` columns (see :func:`wrap`)."""
    return "\n".join(part for line in text.split("\n")
                     for part in wrap(line, width, balanced))


def result_text(result: Result) -> str:
    """A result in one or two lines: who won, why, and the scores."""
    if not result.winners:
        head = "The game is a draw"
    elif len(result.winners) == 1:
        head = f"{seat_label(result.winners[0])} wins"
    else:
        head = "Shared victory: " + ", ".join(seat_label(w) for w in result.winners)
    scores = ", ".join(f"{seat_label(s)} {_number(result.scores[s])}" for s in result.ranking)
    return wrap_lines(f"{head} ({result.reason}).\nScores: {scores}")


def move_text(state: State, seat: int, action: Any, viewer: int | None) -> str:
    """``action`` of ``seat`` in words for ``viewer``, said before it is applied: in full for
    the seat itself and an omniscient reader, as the others see it taken otherwise (a sealed
    bid stays sealed: :meth:`State.describe_public`)."""
    if viewer == EVERYONE or viewer == seat:
        return state.describe(action)
    return state.describe_public(action)


def move_line(step: int, seat: int, kind: str, description: str) -> str:
    """One narrated decision: ``12. Player 2 [heuristic]: draws a card``; a description that
    already starts with the seat's name is not prefixed again."""
    label = seat_label(seat)
    if description.startswith(label):
        return f"{step}. [{kind}] {description}"
    return f"{step}. {label} [{kind}]: {description}"


def event_lines(events: Iterable[Event | str], viewer: int | None = EVERYONE,
                width: int = WIDTH) -> list[str]:
    """The events ``viewer`` may see, indented under the move that caused them and wrapped
    to ``width`` columns (a terminal narrower than :data:`WIDTH` passes its own).

    A private event shows whom it is for: ``(only you)`` to its seat, ``(only Player 2)`` to
    an omniscient reader; a viewer never receives another seat's private event."""
    lines: list[str] = []
    for event in events:
        if isinstance(event, str):
            event = Event("event", event)
        if not event.visible_to(viewer):
            continue
        text = event.text
        if event.to is not None:
            text = f"(only {'you' if viewer == event.to else seat_label(event.to)}) {text}"
        lines.extend(wrap(f"     > {text}", width))
    return lines


def private_lines(events: Sequence[Event], seat: int, width: int = WIDTH) -> list[str]:
    """Only ``seat``'s private events among ``events`` (for a hot-seat player who was not at
    the screen when they happened)."""
    return event_lines([e for e in events if e.to == seat], seat, width)


def record_narration(record: Any, viewer: int | None, width: int = WIDTH,
                     names: Sequence[str] | None = None) -> list[str]:
    """A recorded game narrated for ``viewer`` from its start: each move as ``viewer`` saw it
    taken, then the events ``viewer`` may see (``replay --show``, a resumed game's recap),
    wrapped to ``width``. Each move is labelled with its seat's name in ``names`` (a screen
    passes "you", "Hard bot"), by default the seat's kind in the record.
    The record must replay (see :func:`tabletop.record.replay`)."""
    from tabletop import registry
    from tabletop.match import Match
    from tabletop.serialization import decode_action

    game = registry.get(record.game)
    match = Match(game, record.players, record.seed, record.options,
                  seats=["human"] * record.players)
    kinds = list(names) if names is not None else record.seats or ["?"] * record.players
    lines = event_lines(match.take_events(), viewer, width)
    for data in record.actions:
        action = decode_action(game, data)
        seat = match.state.to_act
        assert seat is not None, "a record that replays does not act after the end"
        text = move_text(match.state, seat, action, viewer)
        match.play(action)
        lines.extend(wrap(move_line(match.steps, seat, kinds[seat], text), width))
        lines.extend(event_lines(match.take_events(), viewer, width))
    return lines
