"""The game record: seed, options, seats and actions as JSON; replaying it rebuilds the game.

The record is also the save format: a game saved mid-way is a record without a result, and
resuming replays it. Every action is checked for legality on replay, so a tampered record is
refused with :class:`CorruptRecord` naming the step that is wrong.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import attrs

from tabletop import registry
from tabletop.engine import Game, State, step_cap_of
from tabletop.errors import CannotSave, CorruptRecord, IllegalAction, InvalidOptions, UnknownGame
from tabletop.options import make_options
from tabletop.serialization import (
    decode_action,
    encode_action,
    encode_options,
    parse_json,
    read_text_file,
    same_json,
    unstructure,
    write_atomically,
)
from tabletop.text import clean, shorten

RECORD_FORMAT = "tabletop-record"
RECORD_VERSION = 1
#: how a record's field types are named to people (JSON's words, not Python's)
_JSON_KINDS = {str: "text", int: "a whole number", dict: "an object", list: "a list"}
#: a journal (:mod:`tabletop.journal`): the moves of a game being recorded, one line each;
#: read here, where records are, since Record.load reads both
JOURNAL_FORMAT = "tabletop-journal"
JOURNAL_VERSION = 1
#: the fields of a record that a journal's header holds (``names`` only when given)
_HEADER = ("game", "players", "seed", "options", "seats", "names")
_STARTS_JOURNAL = re.compile(r'\s*\{\s*"format"\s*:\s*"' + JOURNAL_FORMAT + '"')
#: the longest seat label (an agent kind such as "heuristic" or "ismcts:200") a record holds
MAX_SEAT_LABEL = 40


@attrs.define
class Record:
    """A game as played so far (``result`` is None for an unfinished, saved game)."""

    game: str
    players: int
    seed: int
    options: dict[str, Any] = attrs.Factory(dict)
    seats: list[str] = attrs.Factory(list)
    actions: list[dict[str, Any]] = attrs.Factory(list)
    result: dict[str, Any] | None = None
    #: what each seat was called at the table ("Ann"), when its players gave names (the web
    #: table); empty: "Player 1", "Player 2"...
    names: list[str] = attrs.Factory(list)
    #: read from a journal (:mod:`tabletop.journal`) that was never closed: the game stopped
    #: (a crash, a kill) while it was being recorded; not part of the record's JSON
    unclosed: bool = attrs.field(default=False, kw_only=True)

    @classmethod
    def start(
        cls, game: Game, players: int, seed: int, options: Any, seats: list[str]
    ) -> Record:
        """An empty record for a game about to start."""
        return cls(game.name, players, seed, encode_options(options), list(seats))

    def add(self, action: Any) -> None:
        """Append a played action."""
        self.actions.append(encode_action(action))

    def finish(self, state: State) -> None:
        """Store the result of a finished game."""
        self.result = unstructure(state.result())

    def to_json(self) -> str:
        """The record as JSON text."""
        data = {"format": RECORD_FORMAT, "version": RECORD_VERSION, **attrs.asdict(self)}
        del data["unclosed"]
        if not self.names:
            del data["names"]  # a record of unnamed seats reads as it always has
        return json.dumps(data, indent=1)

    def save(self, path: str | Path) -> None:
        """Write the record to a file atomically (a temporary file renamed over the old one),
        so a full disk or a crash never leaves a truncated record; CannotSave if it fails."""
        try:
            write_atomically(path, self.to_json() + "\n")
        except OSError as exc:
            reason = exc.strerror or str(exc)
            raise CannotSave(f"cannot write {shorten(str(path), 80)}: {reason}",
                             reason) from None

    @classmethod
    def from_json(cls, text: str, what: str = "the record") -> Record:
        """Parse a record, or the journal of a game that was being recorded
        (:func:`read_journal`), refusing anything malformed with
        CorruptRecord."""
        if is_journal(text):
            return read_journal(text, what)
        return cls.from_data(parse_json(text, what))

    @classmethod
    def from_data(cls, data: Any) -> Record:
        """A record from parsed JSON, every field checked for its exact type."""
        if not isinstance(data, dict):
            raise CorruptRecord("a record must be a JSON object")
        if data.get("format") != RECORD_FORMAT:
            raise CorruptRecord("not a Tabletop record (format "
                                f"{shorten(repr(data.get('format')), 40)})")
        version = data.get("version")
        if type(version) is not int or version != RECORD_VERSION:
            raise CorruptRecord(f"record version {shorten(repr(version), 20)} is not supported")
        expected = {"game": str, "players": int, "seed": int, "options": dict, "seats": list,
                    "actions": list}
        for key, typ in expected.items():
            if key not in data:
                raise CorruptRecord(f"record has no {key!r}")
            if type(data[key]) is not typ:
                raise CorruptRecord(f"record field {key!r} must be {_JSON_KINDS[typ]}")
        unknown = sorted(set(data) - {*expected, "format", "version", "result", "names"})
        if unknown:
            raise CorruptRecord(f"record has an unknown field {shorten(repr(unknown[0]), 40)}")
        result = data.get("result")
        if result is not None and not isinstance(result, dict):
            raise CorruptRecord("record field 'result' must be an object or null")
        for seat in data["seats"]:
            if type(seat) is not str or not seat or len(seat) > MAX_SEAT_LABEL \
                    or clean(seat) != seat:
                raise CorruptRecord(f"record field 'seats' must list agent kinds, not "
                                    f"{shorten(repr(seat), 40)}")
        names = data.get("names", [])
        if type(names) is not list or names and len(names) != data["players"]:
            raise CorruptRecord("record field 'names' must list one name per seat")
        for name in names:
            if type(name) is not str or not name or len(name) > MAX_SEAT_LABEL \
                    or clean(name) != name:
                raise CorruptRecord(f"record field 'names' must list names, not "
                                    f"{shorten(repr(name), 40)}")
        return cls(data["game"], data["players"], data["seed"], data["options"], data["seats"],
                   data["actions"], result, names)

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read a record file, or a journal left by a game that stopped while being recorded
        (see :func:`tabletop.serialization.read_text_file` for what is refused before
        parsing)."""
        return cls.from_json(read_text_file(path, "record"), shorten(str(path), 80))


def replay(record: Record, game: Game | None = None, check_result: bool = True) -> State:
    """Rebuild the game a record describes, checking every action; returns the final state.

    Raises CorruptRecord if the game is unknown, an option is bad, an action is malformed or
    illegal at its step, or the stored result differs from the replayed one.
    """
    try:
        game = game or registry.get(record.game)
    except UnknownGame:
        raise CorruptRecord(f"the record is of an unknown game "
                            f"{shorten(repr(record.game), 40)}") from None
    if record.seats and len(record.seats) != record.players:
        raise CorruptRecord(f"record names {len(record.seats)} seats for {record.players} players")
    if not -(2**63) <= record.seed < 2**64:
        raise CorruptRecord("record seed is out of range (a 64-bit number)")
    try:
        game.check_players(record.players)
        options = make_options(game.options_class, record.options, exact=True)
        state = game.new_state(record.players, record.seed, options)
    except InvalidOptions as exc:
        raise CorruptRecord(f"record has bad options: {exc}") from None
    cap = step_cap_of(game, record.players, state.options)
    if len(record.actions) > cap:
        raise CorruptRecord(f"record has {len(record.actions)} actions; a game of "
                            f"{game.title} ends within {cap}")
    for step, data in enumerate(record.actions, start=1):
        try:
            action = decode_action(game, data)
        except CorruptRecord as exc:
            raise CorruptRecord(f"action {step}: {exc}") from None
        try:
            state.apply(action)
        except IllegalAction as exc:
            raise CorruptRecord(f"action {step} is not legal there: {exc}") from None
    if check_result and record.result is not None:
        if not state.is_over:
            raise CorruptRecord("record has a result but its actions do not finish the game")
        replayed = json.loads(json.dumps(unstructure(state.result())))  # as a file holds it
        if not same_json(replayed, record.result):
            raise CorruptRecord("the stored result differs from the replayed game's")
    return state


def is_journal(text: str) -> bool:
    """Whether ``text`` (a file's) is a journal rather than a record: it starts with a
    journal's header (``{"format":"tabletop-journal"``, spaces allowed)."""
    return _STARTS_JOURNAL.match(text) is not None


def read_journal(text: str, what: str = "the journal") -> Record:
    """The record a journal holds: its header, the actions played and not taken back, no
    result, marked :attr:`~tabletop.record.Record.unclosed`. CorruptRecord, naming the line,
    for a header or a line that is not what a journal writes; the last line is dropped when
    a crash cut it short (no line break after it)."""
    lines = text.split("\n")
    lines.pop()  # "" after the last line break, or a line the crash cut short
    if not lines:
        raise CorruptRecord(f"{what} has no complete first line")
    header = parse_json(lines[0], f"{what}'s first line")
    if not isinstance(header, dict) or header.get("format") != JOURNAL_FORMAT:
        raise CorruptRecord(f"{what} does not start with a journal's header")
    version = header.get("version")
    if type(version) is not int or version != JOURNAL_VERSION:
        raise CorruptRecord(f"journal version {shorten(repr(version), 20)} is not supported")
    unknown = sorted(set(header) - {"format", "version", *_HEADER}, key=str)
    if unknown:
        raise CorruptRecord(f"{what}'s header has an unknown field "
                            f"{shorten(repr(unknown[0]), 40)}")
    actions: list[Any] = []
    for number, line in enumerate(lines[1:], start=2):
        entry = parse_json(line, f"line {number} of {what}")
        if isinstance(entry, dict) and entry.keys() == {"play"}:
            actions.append(entry["play"])
        elif isinstance(entry, dict) and entry.keys() == {"undo"} and entry["undo"] is True:
            if not actions:
                raise CorruptRecord(f"line {number} of {what} takes back a move never played")
            actions.pop()
        else:
            raise CorruptRecord(f"line {number} of {what} is not a move: "
                                f"{shorten(repr(entry), 60)}")
    fields = {key: value for key, value in header.items() if key in _HEADER}
    record = Record.from_data({"format": RECORD_FORMAT, "version": RECORD_VERSION, **fields,
                               "actions": actions})
    record.unclosed = True
    return record
