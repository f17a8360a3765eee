"""JSON for actions, options and full state snapshots, through one private cattrs converter.

Never pickle, never eval: everything a save or record holds is plain JSON, read back through
type-directed structuring, so a corrupt file is refused with :class:`CorruptRecord` naming what
is wrong. Structuring is strict: an int field takes a JSON integer only (not a bool, a float
or a string: cattrs would read ``4.9`` as 4, ``"4_0"`` as 40 and ``true`` as 1), a bool takes
``true``/``false``, a str a string; a dict keyed by ints takes the canonical digits of each key
(JSON object keys are strings). Files are read through :func:`read_json_file`, which refuses
what is not a regular file, is too big, nests too deep or holds absurd numbers, in one line.

A class whose snapshot is not its fields (a component living on a networkx graph, a game part
that rebuilds a derived graph from its own data) names its plain attrs form in the class
attribute ``snapshot_form`` and converts with ``snapshot_data()`` and the classmethod
``from_snapshot_data(data)`` (which raises ValueError for parts that disagree).
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
import typing
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import cattrs
from cattrs.preconf.json import make_converter

from tabletop.components.hierarchy import Hierarchy, HierarchyData
from tabletop.errors import CorruptRecord
from tabletop.text import shorten

if TYPE_CHECKING:
    from tabletop.engine import Game, State

_converter = make_converter(forbid_extra_keys=True)

#: the biggest record or snapshot file read (a long game's record is a few hundred KB)
MAX_FILE_BYTES = 16 * 1024 * 1024
#: the most digits a number in a record may have (a 64-bit seed has 20)
MAX_DIGITS = 24
_CANONICAL_INT = re.compile(r"-?(0|[1-9][0-9]*)")


def _strict_int(value: Any, _: Any) -> int:
    if type(value) is not int:
        raise TypeError(f"expected a whole number, got {_kind(value)}")
    return value


def _strict_float(value: Any, _: Any) -> float:
    if type(value) not in (int, float):
        raise TypeError(f"expected a number, got {_kind(value)}")
    return float(value)


def _strict_bool(value: Any, _: Any) -> bool:
    if type(value) is not bool:
        raise TypeError(f"expected true or false, got {_kind(value)}")
    return value


def _strict_str(value: Any, _: Any) -> str:
    if type(value) is not str:
        raise TypeError(f"expected text, got {_kind(value)}")
    return value


def _kind(value: Any) -> str:
    return f"{type(value).__name__} {shorten(repr(value), 30)}"


def _int_keyed(typ: Any) -> bool:
    origin = typing.get_origin(typ)
    args = typing.get_args(typ)
    return origin in (dict, typing.Dict) and len(args) == 2 and args[0] is int  # noqa: UP006


def _int_keyed_hook(typ: Any) -> Callable[[Any, Any], dict[int, Any]]:
    value_type = typing.get_args(typ)[1]

    def structure_dict(data: Any, _: Any) -> dict[int, Any]:
        if not isinstance(data, dict):
            raise TypeError(f"expected an object, got {_kind(data)}")
        out = {}
        for key, value in data.items():
            if isinstance(key, str) and _CANONICAL_INT.fullmatch(key) and len(key) <= MAX_DIGITS:
                number = int(key)
            elif type(key) is int:
                number = key
            else:
                raise TypeError(f"expected a whole-number key, got {shorten(repr(key), 30)}")
            out[number] = _converter.structure(value, value_type)
        return out

    return structure_dict


_converter.register_structure_hook(int, _strict_int)
_converter.register_structure_hook(float, _strict_float)
_converter.register_structure_hook(bool, _strict_bool)
_converter.register_structure_hook(str, _strict_str)
_converter.register_structure_hook_factory(_int_keyed, _int_keyed_hook)
# a Hierarchy lives on a networkx graph; it is stored in its plain form (root, parent, cell)
_converter.register_unstructure_hook(Hierarchy, lambda h: _converter.unstructure(h.data()))
_converter.register_structure_hook(
    Hierarchy, lambda data, _: Hierarchy.from_data(_converter.structure(data, HierarchyData)))


def _has_snapshot_form(typ: Any) -> bool:
    return isinstance(typ, type) and isinstance(getattr(typ, "snapshot_form", None), type)


def _unstructure_form(typ: Any) -> Callable[[Any], Any]:
    form = typ.snapshot_form
    return lambda value: _converter.unstructure(value.snapshot_data(), form)


def _structure_form(typ: Any) -> Callable[[Any, Any], Any]:
    form = typ.snapshot_form
    return lambda data, _: typ.from_snapshot_data(_converter.structure(data, form))


_converter.register_unstructure_hook_factory(_has_snapshot_form, _unstructure_form)
_converter.register_structure_hook_factory(_has_snapshot_form, _structure_form)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a record may hold")


def _bounded_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise ValueError(f"a number with {digits} digits (at most {MAX_DIGITS})")
    return int(text)


def _exact_float(text: str) -> float:
    """A JSON number with a fraction or an exponent, refused when a float cannot hold it:
    ``1e400`` (infinite) and ``1e-400`` (not zero, yet it would read as 0.0)."""
    if len(text) > 3 * MAX_DIGITS:
        raise ValueError(f"a number written with {len(text)} characters")
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} (too big for a number)")
    if value == 0 and text.lstrip("-").partition("e")[0].partition("E")[0].strip("0.") != "":
        raise ValueError(f"{text} (too small for a number: it would read as 0)")
    return value


def parse_json(text: str, what: str = "the file") -> Any:
    """``text`` as JSON, or CorruptRecord in one line: not JSON, nested too deep, a number
    with absurdly many digits, too big or too small for a float (``1e400``, ``1e-400``), NaN
    or Infinity, text holding a lone surrogate (``"\\ud800"``: not text, it cannot be
    printed)."""
    try:
        data = json.loads(text, parse_int=_bounded_int, parse_float=_exact_float,
                          parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        raise CorruptRecord(f"{what} is not valid JSON: {exc.msg} at line {exc.lineno} "
                            f"column {exc.colno}") from None
    except RecursionError:
        raise CorruptRecord(f"{what} nests its JSON too deeply") from None
    except ValueError as exc:
        raise CorruptRecord(f"{what} holds {shorten(str(exc), 80)}") from None
    except MemoryError:
        raise CorruptRecord(f"{what} is too big to read") from None
    if _has_surrogate(data):
        raise CorruptRecord(f"{what} holds a lone surrogate (\\ud800 to \\udfff), which is "
                            "not text")
    return data


def _has_surrogate(data: Any) -> bool:
    """Whether parsed JSON holds a lone surrogate anywhere (a key or a string)."""
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    except (RecursionError, ValueError):
        return False  # parse_json refuses what nests too deeply before this
    return False


def same_json(expected: Any, found: Any) -> bool:
    """Whether the parsed JSON value ``found`` is ``expected`` with its types: ``true`` is not
    ``1``, ``0`` is not ``0.0`` where a whole number is expected (Python's ``==`` says they
    are). One leeway: a number ``expected`` as a float may be ``found`` written as a whole
    number of the same value (``1`` for ``1.0``), as JavaScript writes every whole float: a
    record that went through a browser stays the same record. Objects compare by their keys,
    whatever their order."""
    if type(expected) is float and type(found) is int:
        return bool(expected == found)
    if type(expected) is not type(found):
        return False
    if isinstance(expected, dict):
        return expected.keys() == found.keys() and all(
            same_json(v, found[k]) for k, v in expected.items())
    if isinstance(expected, list | tuple):
        return len(expected) == len(found) and all(map(same_json, expected, found))
    return bool(expected == found)


def read_text_file(path: str | Path, what: str = "record") -> str:
    """The text of a record or snapshot file. Refused with CorruptRecord in one line: anything
    but a regular file (a folder, a named pipe, ``/dev/zero``), a file over
    :data:`MAX_FILE_BYTES`, text that is not UTF-8. The file is opened first, without waiting
    (a named pipe with no writer would block an ordinary open), and what was opened is checked:
    a file swapped for a pipe between a check and the open cannot hang the reader."""
    name = shorten(str(path), 80)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        descriptor = os.open(path, flags)
    except OSError as exc:
        raise CorruptRecord(f"cannot read {name}: {exc.strerror or exc}") from None
    try:
        info = os.fstat(descriptor)
        if stat.S_ISDIR(info.st_mode):
            raise CorruptRecord(f"{name} is not a regular file but a folder")
        if not stat.S_ISREG(info.st_mode):
            raise CorruptRecord(f"{name} is not a regular file")
        if info.st_size > MAX_FILE_BYTES:
            raise CorruptRecord(f"{name} is {info.st_size / 2**20:.0f} MB; a {what} may be "
                                f"at most {MAX_FILE_BYTES // 2**20} MB")
        os.set_blocking(descriptor, True)
        with os.fdopen(descriptor, "rb", closefd=False) as file:
            data = file.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise CorruptRecord(f"cannot read {name}: {exc.strerror or exc}") from None
    finally:
        os.close(descriptor)
    if len(data) > MAX_FILE_BYTES:
        raise CorruptRecord(f"{name} is over {MAX_FILE_BYTES // 2**20} MB, the most a {what} "
                            "may be")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise CorruptRecord(f"{name} is not a UTF-8 text file") from None


def read_json_file(path: str | Path, what: str = "record") -> Any:
    """The JSON a record or snapshot file holds: :func:`read_text_file` then
    :func:`parse_json`, each refusing what it must in one line."""
    return parse_json(read_text_file(path, what), shorten(str(path), 80))


def write_atomically(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash or a full disk never leaves a half-written
    file: write a temporary file in the same folder, flush it to disk, rename it over the old
    one. Raises OSError (the old file untouched) when that fails."""
    target = Path(path)
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        with open(temporary, "w", encoding="utf-8") as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise

SNAPSHOT_FORMAT = "tabletop-snapshot"
SNAPSHOT_VERSION = 1


def unstructure(value: Any, typ: Any = None) -> Any:
    """A JSON-safe form of an attrs value (or any supported value)."""
    return _converter.unstructure(value, typ) if typ is not None else _converter.unstructure(value)


def structure(data: Any, typ: Any) -> Any:
    """The value of type ``typ`` that ``data`` encodes; raises CorruptRecord if it cannot."""
    try:
        return _converter.structure(data, typ)
    except (cattrs.BaseValidationError, TypeError, ValueError, KeyError, AttributeError,
            RecursionError) as exc:
        name = getattr(typ, "__name__", str(typ))
        raise CorruptRecord(f"cannot read {name}: {shorten(_explain(exc), 160)}") from None


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
        raise CorruptRecord("an action must be an object with a 'type', got "
                            f"{shorten(repr(data), 60)}")
    kinds = {cls.__name__: cls for cls in game.action_types}
    cls = kinds.get(data["type"])
    if cls is None:
        raise CorruptRecord(f"{game.name} has no action of type "
                            f"{shorten(repr(data['type']), 40)}")
    fields = {k: v for k, v in data.items() if k != "type"}
    return structure(fields, cls)


def encode_options(options: Any) -> dict[str, Any]:
    """Options as a JSON object."""
    return _converter.unstructure(options, type(options))  # type: ignore[no-any-return]


def snapshot(game: Game, state: State) -> dict[str, Any]:
    """A full JSON snapshot of ``state`` (hidden information included: it is a save file);
    ``game_version`` is written when the game's :attr:`~tabletop.engine.Game.snapshot_version`
    is above 1 (a snapshot without it is of form 1)."""
    return {
        "format": SNAPSHOT_FORMAT,
        "version": SNAPSHOT_VERSION,
        "game": game.name,
        **({"game_version": game.snapshot_version} if game.snapshot_version != 1 else {}),
        "state": _converter.unstructure(state, type(state)),
    }


def snapshot_json(game: Game, state: State) -> str:
    """:func:`snapshot` as compact JSON text, comparable byte for byte.

    Keys are not sorted: a dict's order is part of the state (rules may iterate it), and JSON
    objects keep their order through a load, so the loaded state iterates as the saved one.
    """
    return json.dumps(snapshot(game, state), separators=(",", ":"))


def load_snapshot(game: Game, data: Any) -> State:
    """The state a snapshot holds; CorruptRecord for anything malformed, and for a state the
    game would never reach: a player count out of its range, a seat to act that does not
    exist, broken invariants (a card in two places, a negative counter, an unknown phase)."""
    if not isinstance(data, dict):
        raise CorruptRecord("a snapshot must be a JSON object")
    if data.get("format") != SNAPSHOT_FORMAT:
        raise CorruptRecord(f"not a Tabletop snapshot (format "
                            f"{shorten(repr(data.get('format')), 40)})")
    version = data.get("version")
    if type(version) is not int or version != SNAPSHOT_VERSION:
        raise CorruptRecord(f"snapshot version {shorten(repr(version), 20)} is not supported")
    if data.get("game") != game.name:
        raise CorruptRecord(f"snapshot is of {shorten(repr(data.get('game')), 40)}, not "
                            f"{game.name!r}")
    stored = data.get("game_version", 1)
    if stored != game.snapshot_version:
        raise CorruptRecord(f"this {game.title} snapshot stores its state in form "
                            f"{shorten(repr(stored), 20)}; this Tabletop reads form "
                            f"{game.snapshot_version} only (replay the game's record instead)")
    state: State = structure(data.get("state"), game.state_class)
    try:
        problems = _state_problems(game, state)
    except Exception as exc:  # noqa: BLE001 - a tampered state may break the game's own code
        raise CorruptRecord(f"snapshot holds a state the game cannot use: "
                            f"{shorten(f'{type(exc).__name__}: {exc}', 120)}") from None
    if problems:
        raise CorruptRecord(f"snapshot holds an impossible state: {shorten(problems[0], 160)}")
    state.forget_legal_actions()
    return state


def _state_problems(game: Game, state: State) -> list[str]:
    players = state.players
    if type(players) is not int or not game.min_players <= players <= game.max_players:
        return [f"{players!r} players ({game.title} is for {game.player_range})"]
    if not state.is_over:
        seat = state.to_act
        if type(seat) is not int or not 0 <= seat < players:
            return [f"the seat to act is {seat!r}, not one of 0 to {players - 1}"]
        if not state.legal_actions():
            return ["the game is not over but nobody can act"]
    return list(state.invariants())
