"""What a viewer of a web table receives: pure functions of a state (or a move) and a viewer.

Every byte a seat's page shows is built here from what the contract lets that seat see:
``picture(seat)`` (or ``render(seat)`` for a game that draws nothing), its legal actions and
their ``describe`` text when it is the seat to act, the event log filtered by
:mod:`tabletop.narration`. Nothing reads a hidden field, so a payload computed from
``state.determinize(seat, rng)`` is the same payload (``tests/web/test_trust.py`` proves it
for whole games of every registered game).

A *viewer* is a seat (0-based), or ``None`` for a spectator; :data:`EVERYONE` is only for
replays of finished games (see :mod:`tabletop.web.replays`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs

from tabletop.agents import is_concession
from tabletop.amounts import AmountQuestion
from tabletop.cli.menus import Menu, build_menus
from tabletop.components.log import EVERYONE, Event
from tabletop.engine import State, seat_label
from tabletop.narration import event_lines, move_line, move_text, result_text, wrap
from tabletop.talk import talk_line, voiced


@attrs.frozen
class Entry:
    """One step of a table's feed: a move (its number, seat, seat kind and two wordings) and
    the events it caused, private ones included. ``step`` 0 is the set-up (no move). What a
    viewer reads of it is :meth:`lines`, filtered by :mod:`tabletop.narration`."""

    step: int
    seat: int | None
    kind: str
    full: str
    public: str
    events: tuple[Event, ...]
    #: what a bot said as it moved (``State.talk``), to each seat in turn and last to a
    #: spectator; empty: nothing said (a human's move, or a bot's quiet one)
    said: tuple[str | None, ...] = ()

    def lines(self, viewer: int | None) -> list[str]:
        """The entry as ``viewer`` reads it: the move (in full for its own seat and an
        omniscient reader, as taken in public for the others), what a bot said with it, then
        the events it may see."""
        out: list[str] = []
        if self.seat is not None:
            text = self.full if viewer in (self.seat, EVERYONE) else self.public
            out.extend(wrap(move_line(self.step, self.seat, self.kind, text)))
            if self.said:
                spoken = self.said[viewer if viewer is not None and viewer >= 0 else -1]
                if spoken:
                    out.extend(wrap(talk_line(self.seat, spoken)))
        out.extend(event_lines(self.events, viewer))
        return out


def bot_talk(state: State, action: Any, bold: bool) -> tuple[str | None, ...]:
    """What the bot to act says as it plays ``action``, to each seat and then a spectator
    (:attr:`Entry.said`; empty when it says nothing)."""
    said = tuple(state.talk(action, v) for v in (*range(state.players), None))
    if not any(said):
        return ()
    return tuple(voiced(text, bold) if text else None for text in said)


def move_entry(before: State, step: int, seat: int, kind: str, action: Any,
               events: Sequence[Event]) -> Entry:
    """The feed entry of ``action`` by ``seat``, worded from ``before`` (the state it was
    chosen in), with the ``events`` its move wrote."""
    return Entry(step, seat, kind, move_text(before, seat, action, seat),
                 move_text(before, seat, action, None), tuple(events))


def setup_entry(events: Sequence[Event]) -> Entry:
    """The feed entry of the set-up: the events written before the first move."""
    return Entry(0, None, "", "", "", tuple(events))


def menu_json(menu: Menu, legal: Sequence[Any]) -> dict[str, Any]:
    """A menu of :func:`tabletop.cli.menus.build_menus` as JSON: each line an action (its
    index in the legal list, flagged when it gives the game up) or a group to open."""
    lines: list[dict[str, Any]] = []
    for text, target in menu.lines:
        if isinstance(target, Menu):
            lines.append({"text": text, "group": menu_json(target, legal)})
        elif isinstance(target, AmountQuestion):
            lines.append({"text": text, "amount": {
                "question": target.question, "unit": target.unit, "prefix": target.prefix,
                "range": target.range_text(),
                "choices": [[value, index] for value, index in sorted(target.choices.items())],
            }})
        else:
            line: dict[str, Any] = {"text": text, "action": target}
            if is_concession(legal[target]):
                line["concession"] = True
            lines.append(line)
    return {"heading": menu.heading, "lines": lines}


def seat_view(state: State, viewer: int | None, actions: bool = True) -> dict[str, Any]:
    """The table as ``viewer`` sees it now: the picture (or the text view), whose turn it is,
    the result once over, and — for the seat to act only, unless ``actions`` is false (a
    replay) — its legal actions in menus."""
    to_act = state.to_act
    picture = state.picture(viewer)
    view: dict[str, Any] = {
        "to_act": None if to_act is None else to_act + 1,
        "to_act_label": None if to_act is None else seat_label(to_act),
        "round": state.round,
        "over": state.is_over,
        "result": result_text(state.result()) if state.is_over else None,
        "picture": picture,
        "text": state.render(viewer) if picture is None else None,
        "menu": None,
        "stay_out": None,
    }
    if actions and to_act is not None and viewer == to_act:
        legal = state.legal_actions()
        texts = [state.describe(action) for action in legal]
        top, _ = build_menus(state, legal, texts)
        view["menu"] = menu_json(top, legal)
        stay = state.stay_out()
        if stay is not None and stay in legal:
            view["stay_out"] = legal.index(stay)
    return view


def feed_json(entries: Sequence[Entry], viewer: int | None) -> list[dict[str, Any]]:
    """The feed entries as ``viewer`` reads them, one object per step (steps with nothing
    for this viewer are left out)."""
    out = []
    for entry in entries:
        lines = entry.lines(viewer)
        if lines:
            out.append({"step": entry.step, "lines": lines})
    return out
