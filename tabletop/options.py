"""Game options (variants) as validated, frozen attrs classes.

A game declares ``options_class`` — a frozen attrs class whose fields all have defaults and
whose validators bound them. :func:`make_options` builds one from ``KEY=VALUE`` strings (the
CLI) or a mapping (a record), converting each value to the field's type and turning every
problem into :class:`~tabletop.errors.InvalidOptions` with a message that names the option.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, get_type_hints

import attrs

from tabletop.errors import InvalidOptions


@attrs.frozen
class NoOptions:
    """The options of a game that has no variants."""


def _convert(name: str, raw: Any, typ: Any) -> Any:
    if not isinstance(raw, str):
        if typ is float and isinstance(raw, int) and not isinstance(raw, bool):
            return float(raw)
        if typ in (int, float, str, bool) and type(raw) is not typ:
            raise InvalidOptions(f"option {name!r} must be {typ.__name__}, got {raw!r}")
        return raw
    text = raw.strip()
    if typ is bool:
        lowered = text.lower()
        if lowered in ("1", "true", "yes", "on"):
            return True
        if lowered in ("0", "false", "no", "off"):
            return False
        raise InvalidOptions(f"option {name!r} must be true or false, got {raw!r}")
    if typ is int:
        try:
            return int(text)
        except ValueError:
            raise InvalidOptions(f"option {name!r} must be a whole number, got {raw!r}") from None
    if typ is float:
        try:
            return float(text)
        except ValueError:
            raise InvalidOptions(f"option {name!r} must be a number, got {raw!r}") from None
    return text


def option_fields(options_class: type) -> dict[str, tuple[Any, Any]]:
    """Option name -> (type, default) of an options class."""
    hints = get_type_hints(options_class)
    return {
        f.name: (hints.get(f.name, str), f.default)
        for f in attrs.fields(options_class)
        if f.init
    }


def make_options(options_class: type, values: Mapping[str, Any] | None = None) -> Any:
    """Build and validate an options object; unknown keys and bad values raise InvalidOptions."""
    values = dict(values or {})
    known = option_fields(options_class)
    unknown = sorted(set(values) - set(known))
    if unknown:
        hint = ", ".join(sorted(known)) or "none"
        raise InvalidOptions(f"unknown option {unknown[0]!r} (options: {hint})")
    kwargs = {k: _convert(k, v, known[k][0]) for k, v in values.items()}
    try:
        return options_class(**kwargs)
    except (TypeError, ValueError) as exc:
        raise InvalidOptions(f"bad options {values}: {exc}") from None


def parse_option_pairs(pairs: list[str] | tuple[str, ...]) -> dict[str, str]:
    """``["short_game=true", ...]`` -> ``{"short_game": "true"}``, refusing malformed pairs."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise InvalidOptions(f"option {pair!r} is not KEY=VALUE")
        out[key.strip()] = value
    return out
