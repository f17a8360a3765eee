"""JSON for actions, options and full state snapshots, through one private cattrs converter.

Never pickle, never eval: everything a save or record holds is plain JSON, read back through
type-directed structuring, so a corrupt file is refused with :class:`CorruptRecord` naming what
is wrong.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import cattrs
from cattrs.preconf.json import make_converter

from tabletop.errors import CorruptRecord

if TYPE_CHECKING:
    from tabletop.engine import Game, State

_converter = make_converter(forbid_extra_keys=True)

SNAPSHOT_FORMAT = "tabletop-snapshot"
SNAPSHOT_VERSION = 1


def unstructure(value: Any, typ: Any = None) -> Any:
    """A JSON-safe form of an attrs value (or any supported value)."""
    return _converter.unstructure(value, typ) if typ is not None else _converter.unstructure(value)


def structure(data: Any, typ: Any) -> Any:
    """The value of type ``typ`` that ``data`` encodes; raises CorruptRecord if it cannot."""
    try:
        return _converter.structure(data, typ)
    except (cattrs.BaseValidationError, TypeError, ValueError, KeyError, AttributeError) as exc:
        raise CorruptRecord(f"cannot read {getattr(typ, '__name__', typ)}: {_explain(exc)}") from None


def _explain(exc: BaseException) -> str:
    if isinstance(exc, cattrs.BaseValidationError):
        from tabletop.data import _describe_problem

        notes = cattrs.transform_error(exc, format_exception=_describe_problem)
        return "; ".join(notes[:3]) if notes else str(exc)
    return str(exc)


def encode_action(action: Any) -> dict[str, Any]:
    """An action as ``{"type": ClassName, **fields}``."""
    data = _converter.unstructure(action, type(action))
    return {"type": type(action).__name__, **data}


def decode_action(game: Game, data: Any) -> Any:
    """The action ``data`` encodes, for ``game``; CorruptRecord if it is not one of its kinds."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise CorruptRecord(f"an action must be an object with a 'type', got {data!r}")
    kinds = {cls.__name__: cls for cls in game.action_types}
    cls = kinds.get(data["type"])
    if cls is None:
        raise CorruptRecord(f"{game.name} has no action of type {data['type']!r}")
    fields = {k: v for k, v in data.items() if k != "type"}
    return structure(fields, cls)


def encode_options(options: Any) -> dict[str, Any]:
    """Options as a JSON object."""
    return _converter.unstructure(options, type(options))  # type: ignore[no-any-return]


def snapshot(game: Game, state: State) -> dict[str, Any]:
    """A full JSON snapshot of ``state`` (hidden information included: it is a save file)."""
    return {
        "format": SNAPSHOT_FORMAT,
        "version": SNAPSHOT_VERSION,
        "game": game.name,
        "state": _converter.unstructure(state, type(state)),
    }


def snapshot_json(game: Game, state: State) -> str:
    """:func:`snapshot` as compact JSON text, comparable byte for byte.

    Keys are not sorted: a dict's order is part of the state (rules may iterate it), and JSON
    objects keep their order through a load, so the loaded state iterates as the saved one.
    """
    return json.dumps(snapshot(game, state), separators=(",", ":"))


def load_snapshot(game: Game, data: Any) -> State:
    """The state a snapshot holds; CorruptRecord for anything malformed."""
    if not isinstance(data, dict):
        raise CorruptRecord("a snapshot must be a JSON object")
    if data.get("format") != SNAPSHOT_FORMAT:
        raise CorruptRecord(f"not a Tabletop snapshot (format {data.get('format')!r})")
    if data.get("version") != SNAPSHOT_VERSION:
        raise CorruptRecord(f"snapshot version {data.get('version')!r} is not supported")
    if data.get("game") != game.name:
        raise CorruptRecord(f"snapshot is of {data.get('game')!r}, not {game.name!r}")
    state = structure(data.get("state"), game.state_class)
    return state  # type: ignore[no-any-return]

