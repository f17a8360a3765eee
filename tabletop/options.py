"""Game options (variants) as validated, frozen attrs classes.

A game declares ``options_class`` — a frozen attrs class whose fields all have defaults and
whose validators bound them. Declare each field with :func:`option`, which says what it means
and what values it takes, so that ``tabletop rules GAME`` documents it and a bad value is
refused with one short line. :func:`make_options` builds an options object from ``KEY=VALUE``
strings (the CLI) or a mapping (a record), converting each value to the field's type and
turning every problem into :class:`~tabletop.errors.InvalidOptions` naming the option.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Mapping, Sequence
from typing import Any, get_type_hints

import attrs

from tabletop.errors import InvalidOptions

#: the longest value an error message repeats
_ECHO = 40


@attrs.frozen
class NoOptions:
    """The options of a game that has no variants."""


def option(default: Any, help: str, *, choices: Sequence[Any] | None = None,
           min: int | None = None, max: int | None = None,
           validator: Any = None) -> Any:
    """An option field: its ``default``, what it means (``help``, one or two sentences for
    players) and the values it takes — ``choices``, or whole numbers from ``min`` to ``max``
    (either may be left open), plus any other attrs ``validator``."""
    checks: list[Any] = []
    if choices is not None:
        checks.append(attrs.validators.in_(tuple(choices)))
    if min is not None:
        checks.append(attrs.validators.ge(min))
    if max is not None:
        checks.append(attrs.validators.le(max))
    if validator is not None:
        checks.append(validator)
    metadata = {"help": help, "choices": tuple(choices) if choices is not None else None,
                "min": min, "max": max}
    return attrs.field(default=default, validator=checks or None, metadata=metadata)


@attrs.frozen
class OptionInfo:
    """What a player needs to know of one option: its type, default, meaning and values."""

    name: str
    type: Any
    default: Any
    help: str
    choices: tuple[Any, ...] | None
    min: int | None
    max: int | None

    def allowed(self) -> str:
        """The values it takes, in words."""
        if self.choices is not None:
            return "one of " + ", ".join(_show(c) for c in self.choices)
        if self.type is bool:
            return "true or false"
        if self.type is int:
            if self.min is not None and self.max is not None:
                return f"a whole number from {self.min} to {self.max}"
            if self.min is not None:
                return f"a whole number, at least {self.min}"
            if self.max is not None:
                return f"a whole number, at most {self.max}"
            return "a whole number"
        if self.type is float:
            return "a number"
        return "text"

    def lines(self) -> list[str]:
        """The option as ``tabletop rules`` documents it."""
        meaning = self.help or "(not described)"
        return [f"  {self.name}: {meaning}",
                f"      values: {self.allowed()}; default: {_show(self.default)}"]


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


#: a whole number as typed: an optional minus sign, then ASCII digits
_WHOLE = re.compile(r"-?[0-9]{1,12}")


def _convert(name: str, raw: Any, typ: Any, exact: bool = False) -> Any:
    """``raw`` as a value of ``typ``: typed text (``"12"``, ``"yes"``) is read as the command
    line gives it; any other value, and every value when ``exact`` (options read from a
    record, which keeps them as JSON values), must already be of the type itself; a whole
    number stands for a float (JavaScript writes 2.0 as 2: a record through a browser)."""
    if exact or not isinstance(raw, str):
        if typ is float and type(raw) is int:
            return float(raw)
        if typ in (int, float, str, bool) and type(raw) is not typ:
            raise InvalidOptions(f"option {name!r} must be {_type_words(typ)}, got "
                                 f"{_short(repr(raw))}")
        return raw
    text = raw.strip()
    if typ is bool:
        lowered = text.lower()
        if lowered in ("1", "true", "yes", "on"):
            return True
        if lowered in ("0", "false", "no", "off"):
            return False
        raise InvalidOptions(f"option {name!r} must be true or false, got {_short(repr(raw))}")
    if typ is int:
        if not _WHOLE.fullmatch(text):
            raise InvalidOptions(f"option {name!r} must be a whole number, got "
                                 f"{_short(repr(raw))}")
        return int(text)
    if typ is float:
        try:
            value = float(text)
        except ValueError:
            raise InvalidOptions(f"option {name!r} must be a number, got "
                                 f"{_short(repr(raw))}") from None
        if not math.isfinite(value):
            raise InvalidOptions(f"option {name!r} must be a finite number")
        return value
    return text


def _type_words(typ: Any) -> str:
    return {bool: "true or false", int: "a whole number", float: "a number with a decimal "
            "point", str: "text"}.get(typ, getattr(typ, "__name__", str(typ)))


def _short(text: str) -> str:
    return text if len(text) <= _ECHO else text[:_ECHO - 3] + "..."


@functools.cache
def option_infos(options_class: type) -> dict[str, OptionInfo]:
    """Every option of ``options_class`` by name, with its type, default, meaning and values
    (an ``attrs.validators.in_`` validator counts as choices for fields not declared with
    :func:`option`)."""
    hints = get_type_hints(options_class)
    out = {}
    for f in attrs.fields(options_class):
        if not f.init:
            continue
        meta = f.metadata
        choices = meta.get("choices")
        if choices is None and f.validator is not None:
            choices = getattr(f.validator, "options", None)
            choices = tuple(choices) if choices is not None else None
        out[f.name] = OptionInfo(f.name, hints.get(f.name, str), f.default,
                                 meta.get("help", ""), choices, meta.get("min"), meta.get("max"))
    return out


def option_fields(options_class: type) -> dict[str, tuple[Any, Any]]:
    """Option name -> (type, default) of an options class."""
    return {name: (info.type, info.default) for name, info in option_infos(options_class).items()}


def make_options(options_class: type, values: Mapping[str, Any] | None = None,
                 exact: bool = False) -> Any:
    """Build and validate an options object; unknown keys and bad values raise InvalidOptions
    with one short line naming the option and the values it takes. Text is read as typed at
    the command line (``"12"``, ``"yes"``); with ``exact`` (the options a record holds) every
    value must be a JSON value of the option's own type: ``12`` and ``true``, not ``"12"``,
    ``" 12 "`` or ``"no"``."""
    values = dict(values or {})
    known = option_infos(options_class)
    unknown = sorted((k for k in values if k not in known), key=str)
    if unknown:
        hint = ", ".join(sorted(known)) or "none"
        raise InvalidOptions(f"unknown option {_short(repr(unknown[0]))} (options: {hint})")
    kwargs = {}
    for key, raw in values.items():
        info = known[key]
        value = _convert(key, raw, info.type, exact)
        if info.choices is not None and value not in info.choices:
            raise InvalidOptions(f"option {key!r} must be {info.allowed()}, got "
                                 f"{_short(repr(raw))}")
        if isinstance(value, int) and not isinstance(value, bool) and (
                (info.min is not None and value < info.min)
                or (info.max is not None and value > info.max)):
            raise InvalidOptions(f"option {key!r} must be {info.allowed()}, got {value}")
        kwargs[key] = value
    try:
        return options_class(**kwargs)
    except (TypeError, ValueError) as exc:
        reason = exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)
        if len(reason) > 200:
            reason = reason[:197] + "..."
        raise InvalidOptions(f"bad options: {reason}") from None


def parse_option_pairs(pairs: list[str] | tuple[str, ...]) -> dict[str, str]:
    """``["short_game=true", ...]`` -> ``{"short_game": "true"}``, refusing malformed pairs."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise InvalidOptions(f"option {_short(repr(pair))} is not KEY=VALUE")
        out[key.strip()] = value
    return out
