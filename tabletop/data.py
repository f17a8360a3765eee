"""Loading card and tile definitions from a game's ``data/`` folder.

Definitions are frozen attrs classes; files are JSON or TOML lists of records. A bad record is
refused at load with :class:`~tabletop.errors.CorruptRecord` naming the file, the card (by its
``id`` or ``name``) and the field, so a designer can fix a data file without reading code.
"""

from __future__ import annotations

import json
import tomllib
from importlib import resources
from typing import Any, TypeVar

import cattrs
from cattrs.preconf.json import make_converter

from tabletop.errors import CorruptRecord

T = TypeVar("T")

_data_converter = make_converter(forbid_extra_keys=True)


def read_data_file(package: str, filename: str) -> Any:
    """The parsed content of ``<package>/data/<filename>`` (``.json`` or ``.toml``)."""
    ref = resources.files(package).joinpath("data", filename)
    try:
        text = ref.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CorruptRecord(f"{package}: data file {filename} is missing") from None
    try:
        if filename.endswith(".toml"):
            return tomllib.loads(text)
        return json.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as exc:
        raise CorruptRecord(f"{package}/data/{filename}: {exc}") from None


def _describe_problem(exc: BaseException, typ: Any) -> str:
    """cattrs' wording for a failed field, keeping the validator's own message."""
    from cattrs.v import format_exception

    plain = format_exception(exc, typ)
    detail = str(exc)
    return f"{plain} ({detail})" if detail and detail not in plain else plain


def structure_records(records: Any, cls: type[T], where: str) -> list[T]:
    """Each record of a list as a ``cls``; errors name the record and the field."""
    if not isinstance(records, list):
        raise CorruptRecord(f"{where}: expected a list of {cls.__name__} records")
    out = []
    for index, record in enumerate(records):
        label = f"#{index + 1}"
        if isinstance(record, dict):
            label = str(record.get("id") or record.get("name") or label)
        try:
            out.append(_data_converter.structure(record, cls))
        except cattrs.BaseValidationError as exc:
            notes = "; ".join(
                cattrs.transform_error(exc, path=label, format_exception=_describe_problem)
            ) or str(exc)
            raise CorruptRecord(f"{where}: card {label}: {notes}") from None
        except (TypeError, ValueError) as exc:
            raise CorruptRecord(f"{where}: card {label}: {exc}") from None
    return out


def load_records(package: str, filename: str, cls: type[T], key: str | None = None) -> list[T]:
    """Load a list of ``cls`` from ``<package>/data/<filename>``.

    ``key`` picks a list out of a table (TOML files usually hold ``[[cards]]``).
    """
    data = read_data_file(package, filename)
    if key is not None:
        if not isinstance(data, dict) or key not in data:
            raise CorruptRecord(f"{package}/data/{filename}: no {key!r} list")
        data = data[key]
    return structure_records(data, cls, f"{package}/data/{filename}")
