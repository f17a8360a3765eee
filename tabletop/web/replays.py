"""Replays: a record's narration and its table at any step, for the replay page.

The server keeps nothing of a replay: the page holds the record (uploaded, or a finished
game's record fetched with one of its links) and sends it with each request.

A replay is narrated for an omniscient reader (every move in full, every private event
marked with whom it was for). Whoever holds a record holds its seed and so every hidden card
already, and the server gives a table's record only once its game is over; hiding the hands
would only make the replay harder to learn from. The picture is drawn for the viewer the
page chooses (a spectator, or any seat as it saw the table then).
"""

from __future__ import annotations

import json
from typing import Any

import attrs

from tabletop import registry
from tabletop.components.log import EVERYONE
from tabletop.engine import seat_label
from tabletop.narration import result_text
from tabletop.record import Record, replay
from tabletop.web.refusals import Refused
from tabletop.web.tables import narrate
from tabletop.web.views import feed_json, seat_name, seat_view


def record_of(data: dict[str, Any]) -> Record:
    """The record a replay request carries (``{"record": {...}}``); CorruptRecord if it is
    not one, Refused 400 if there is none."""
    raw = data.get("record")
    if not isinstance(raw, dict):
        raise Refused(400, "the request must carry a 'record' (a Tabletop record object)")
    return Record.from_json(json.dumps(raw))


def summary(record: Record) -> dict[str, Any]:
    """The whole game's facts and omniscient narration, one entry per step (0: the
    set-up); CorruptRecord if any move does not replay. ``seats`` says who played each seat
    as a page shows it ("Hard bot", :func:`~tabletop.web.views.seat_name`): the record
    itself keeps the agent kinds."""
    game = registry.get(record.game)
    match, entries = narrate(game, record)
    state = match.state
    return {"game": game.name, "title": game.title, "players": record.players,
            "seed": record.seed,
            "seats": [seat_name(game, kind) for kind in record.seats], "steps": len(record.actions),
            "feed": feed_json(entries, EVERYONE),
            "result": result_text(state.result()) if state.is_over else None}


def frame(record: Record, step: int, seat: int | None) -> dict[str, Any]:
    """The table after the first ``step`` moves as ``seat`` (0-based; ``None``: a
    spectator) saw it; Refused 400 for a step or seat out of range."""
    if not 0 <= step <= len(record.actions):
        raise Refused(400, f"step {step} is not in this game (0 to {len(record.actions)})")
    if seat is not None and not 0 <= seat < record.players:
        raise Refused(400, f"seats are numbered 1 to {record.players}")
    game = registry.get(record.game)
    state = replay(attrs.evolve(record, actions=record.actions[:step], result=None), game)
    return {"step": step, "viewer": seat_label(seat), **seat_view(state, seat, actions=False)}
