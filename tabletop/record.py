"""The game record: seed, options, seats and actions as JSON; replaying it rebuilds the game.

The record is also the save format: a game saved mid-way is a record without a result, and
resuming replays it. Every action is checked for legality on replay, so a tampered record is
refused with :class:`CorruptRecord` naming the step that is wrong.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs

from tabletop import registry
from tabletop.engine import Game, State
from tabletop.errors import CorruptRecord, IllegalAction, InvalidOptions, UnknownGame
from tabletop.serialization import decode_action, encode_action, encode_options, unstructure

RECORD_FORMAT = "tabletop-record"
RECORD_VERSION = 1


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
        return json.dumps(data, indent=1)

    def save(self, path: str | Path) -> None:
        """Write the record to a file."""
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, text: str) -> Record:
        """Parse a record, refusing anything malformed with CorruptRecord."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise CorruptRecord(f"not valid JSON: {exc}") from None
        if not isinstance(data, dict):
            raise CorruptRecord("a record must be a JSON object")
        if data.get("format") != RECORD_FORMAT:
            raise CorruptRecord(f"not a Tabletop record (format {data.get('format')!r})")
        if data.get("version") != RECORD_VERSION:
            raise CorruptRecord(f"record version {data.get('version')!r} is not supported")
        expected = {"game": str, "players": int, "seed": int, "options": dict, "seats": list,
                    "actions": list}
        for key, typ in expected.items():
            if key not in data:
                raise CorruptRecord(f"record has no {key!r}")
            if not isinstance(data[key], typ) or isinstance(data[key], bool):
                raise CorruptRecord(f"record field {key!r} must be {typ.__name__}")
        result = data.get("result")
        if result is not None and not isinstance(result, dict):
            raise CorruptRecord("record field 'result' must be an object or null")
        if not all(isinstance(s, str) for s in data["seats"]):
            raise CorruptRecord("record field 'seats' must list agent kinds")
        return cls(data["game"], data["players"], data["seed"], data["options"], data["seats"],
                   data["actions"], result)

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read a record file."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise CorruptRecord(f"cannot read {path}: {exc.strerror}") from None
        except UnicodeDecodeError:
            raise CorruptRecord(f"{path} is not a text file") from None
        return cls.from_json(text)


def replay(record: Record, game: Game | None = None, check_result: bool = True) -> State:
    """Rebuild the game a record describes, checking every action; returns the final state.

    Raises CorruptRecord if the game is unknown, an option is bad, an action is malformed or
    illegal at its step, or the stored result differs from the replayed one.
    """
    try:
        game = game or registry.get(record.game)
    except UnknownGame as exc:
        raise CorruptRecord(str(exc)) from None
    if record.seats and len(record.seats) != record.players:
        raise CorruptRecord(f"record names {len(record.seats)} seats for {record.players} players")
    try:
        state = game.new_state(record.players, record.seed, record.options)
    except InvalidOptions as exc:
        raise CorruptRecord(f"record has bad options: {exc}") from None
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
        if unstructure(state.result()) != record.result:
            raise CorruptRecord("the stored result differs from the replayed game's")
    return state
