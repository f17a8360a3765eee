"""What the server's worker processes run: a bot's move and a replay, JSON in and JSON out.

Each function here is called by name in a worker of :class:`~tabletop.web.workers.Workers` (a
local process, or a Dask worker on another machine): its arguments are JSON text, names and
numbers, never objects, and it answers with JSON text. A game the worker's registry does not
know (one a test registered in the server's process) is registered from its ``source``
(``"module:attribute"``, importable from ``root``), as a simulation's worker does.

A worker keeps the matches of the last :data:`CACHED` tables it thought for (by table id): when
the record it is sent extends the one it holds, only the new moves are played, so a bot's move
in a long game does not replay the whole game each time.
"""

from __future__ import annotations

import functools
import json
import sys
import threading
from collections import OrderedDict
from typing import Any

import attrs

from tabletop import registry
from tabletop.agents import make_agent, view_for
from tabletop.agents.kinds import capped_kind
from tabletop.engine import Game
from tabletop.errors import TabletopError
from tabletop.match import Match
from tabletop.record import Record
from tabletop.serialization import decode_action, encode_action
from tabletop.text import first_line
from tabletop.web import replays
from tabletop.web.refusals import Refused

#: the tables whose match a worker keeps (least recently used first out)
CACHED = 16


@attrs.define
class _Cached:
    """A table's match as a worker last rebuilt it: the record's fixed part (``head``) and
    the moves played so far (as encoded in the record)."""

    head: str
    actions: list[Any]
    match: Match


_cache: OrderedDict[str, _Cached] = OrderedDict()
_cache_lock = threading.Lock()  # a Dask worker runs tasks in several threads


@functools.cache
def _registered(name: str, source: str | None, root: str | None) -> Game:
    """The game ``name`` (registered from ``source`` first where the registry lacks it)."""
    if source is not None and name not in registry.names():
        if root is not None and root not in sys.path:
            sys.path.append(root)
        registry.register(name, source)
    return registry.get(name)


def load_game(name: str, source: str | None, root: str | None) -> Game:
    """The game ``name`` in this worker (UnknownGame if it cannot be found)."""
    try:
        return _registered(name, source, root)
    except TabletopError:
        _registered.cache_clear()  # not kept: it may be installed later
        raise


def _match_of(game: Game, table_id: str, record: Record) -> Match:
    """The match ``record`` describes, from the cache when it extends the cached one (its
    entry taken out while in use, so another thread cannot play on it meanwhile)."""
    head = json.dumps([record.game, record.players, record.seed, record.options,
                       record.seats], sort_keys=True)
    with _cache_lock:
        cached = _cache.pop(table_id, None)
    if (cached is None or cached.head != head or len(cached.actions) > len(record.actions)
            or record.actions[:len(cached.actions)] != cached.actions):
        # every seat a bystander: the bot's agent is made afresh for each move, as the
        # server's table makes its match afresh for each move
        cached = _Cached(head, [], Match(game, record.players, record.seed, record.options,
                                         seats=["human"] * record.players,
                                         keep_record=False))
    for data in record.actions[len(cached.actions):]:
        cached.match.play(decode_action(game, data))
        cached.actions.append(data)
    with _cache_lock:
        _cache[table_id] = cached
        while len(_cache) > CACHED:
            _cache.popitem(last=False)
    return cached.match


def bot_move(game_name: str, source: str | None, root: str | None, table_id: str,
             record_text: str, max_ms: int) -> str:
    """The move of the bot to act at table ``table_id`` whose record is ``record_text``
    (its seat's kind held to ``max_ms`` milliseconds a move: :func:`capped_kind`), as
    ``{"action": encoded action}``; ``{"error": one line}`` when the bot itself fails
    (the server then plays a random move for it). A record that does not rebuild raises."""
    game = load_game(game_name, source, root)
    record = Record.from_json(record_text)
    match = _match_of(game, table_id, record)
    state = match.state
    seat = state.to_act
    if seat is None or record.seats[seat] == "human":
        raise ValueError("no bot is to act in this record")
    try:
        kind = capped_kind(game, record.seats[seat], max_ms, clamp=True)
        agent = make_agent(game, kind, seat=seat, seed=record.seed)
        rng = match.agent_rngs[seat].derive(match.steps)
        action = agent.choose(view_for(agent, state, seat, rng), state.legal_actions(), rng)
        return json.dumps({"action": encode_action(action)})
    except Exception as exc:  # noqa: BLE001 - the bot's failure, told in one line
        line = first_line(str(exc))[:200]
        return json.dumps({"error": f"{type(exc).__name__}: {line}"})


def _replay(source: str | None, root: str | None, record_text: str,
            work: Any) -> str:
    """``work(record)`` for the record ``record_text``, as ``{"result": ...}``, or
    ``{"refused": [status, one line]}`` for what the replay page is told today (a record
    that is not one, a step out of range: 400)."""
    try:
        raw = json.loads(record_text)
        name = raw.get("game") if isinstance(raw, dict) else None
        if isinstance(name, str) and source is not None:
            load_game(name, source, root)
        return json.dumps({"result": work(replays.record_of({"record": raw}))})
    except Refused as refused:
        return json.dumps({"refused": [refused.status, refused.message]})
    except TabletopError as exc:
        return json.dumps({"refused": [400, first_line(str(exc), "bad input")]})


def replay_summary(source: str | None, root: str | None, record_text: str) -> str:
    """:func:`tabletop.web.replays.summary` of a record, in a worker (see :func:`_replay`)."""
    return _replay(source, root, record_text, replays.summary)


def replay_frame(source: str | None, root: str | None, record_text: str, step: int,
                 seat: int | None) -> str:
    """:func:`tabletop.web.replays.frame` of a record, in a worker (see :func:`_replay`)."""
    return _replay(source, root, record_text,
                   lambda record: replays.frame(record, step, seat))
