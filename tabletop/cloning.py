"""Copies of a game's state, written from its fields' types: what can change is copied, what
cannot is shared.

A search clones the state many times a decision, so a clone must copy no more than it must
and cost no more than one written by hand. :func:`clone` reads the attrs fields of the
state's class and their type hints once per class and writes, as attrs writes a class's
``__init__``, the function that builds the copy:

- values that cannot change are shared: ``int``, ``float``, ``str``, ``bool``, ``bytes``,
  ``None``, enums, frozen attrs classes (records are values), and tuples, frozensets and
  unions of them;
- a component with a ``clone()`` method (:class:`~tabletop.rng.Rng`, decks, the event log,
  turn orders, supplies, hierarchies, a game's own records) is cloned;
- a ``list``, ``dict`` or ``set`` is copied as deep as its items need: ``list[int]`` with
  ``[:]``, ``list[list[str]]`` list by list, ``dict[int, Hierarchy]`` value by value;
- a field whose type says none of this is refused when its class is first cloned, naming
  the field. Say how to copy it in the field's metadata:
  ``attrs.field(metadata={"clone": "share"})`` (it is never changed in place) or
  ``{"clone": function}`` (the function makes the copy).

:class:`~tabletop.engine.State`'s ``clone()`` uses it, so a game's state needs no ``clone``
of its own.
"""

from __future__ import annotations

import enum
import types
import typing
from collections.abc import Callable
from typing import Any, TypeVar

import attrs

T = TypeVar("T")

#: the types whose values never change
_IMMUTABLE: frozenset[Any] = frozenset({int, float, str, bool, bytes, complex, type(None)})


class CloneError(TypeError):
    """A state class has a field :func:`clone` cannot tell how to copy."""


def clone(state: T) -> T:
    """An independent copy of ``state`` (an attrs class), as deep as its fields need."""
    return copier(type(state))(state)


#: the copying function of each class, written on its first clone
_COPIERS: dict[type, Callable[[Any], Any]] = {}


def copier(cls: type[T]) -> Callable[[T], T]:
    """The function that copies instances of ``cls``, written once per class (see the
    module's docstring). :class:`CloneError` names a field it cannot copy."""
    try:
        return _COPIERS[cls]
    except KeyError:
        function = _COPIERS[cls] = _write_copier(cls)
        return function


def _write_copier(cls: type[T]) -> Callable[[T], T]:
    """Write the copying function of ``cls``."""
    if not attrs.has(cls):
        raise CloneError(f"{cls.__qualname__} is not an attrs class: clone() copies attrs "
                         "classes field by field")
    hints = typing.get_type_hints(cls)
    namespace: dict[str, Any] = {"cls": cls, "new": object.__new__}
    # The copy is made without calling __init__ (its validators and defaults would run again
    # for every field) unless the class finishes its instances in __attrs_post_init__.
    through_init = hasattr(cls, "__attrs_post_init__") or _frozen(cls)
    arguments: list[str] = []
    after: list[str] = []
    for field in attrs.fields(cls):
        value = f"state.{field.name}"
        how = field.metadata.get("clone")
        if how == "share":
            expression = value
        elif callable(how):
            namespace[f"clone_{field.name}"] = how
            expression = f"clone_{field.name}({value})"
        else:
            try:
                expression = _copy(hints.get(field.name, Any), value, 0) or value
            except CloneError as error:
                raise CloneError(f"{cls.__qualname__}.{field.name}: {error}; say how to copy "
                                 'it: attrs.field(metadata={"clone": "share"}) or '
                                 '{"clone": a function}') from None
        if through_init and field.init:
            arguments.append(f"        {field.alias}={expression},")
        else:
            after.append(f"    copy.{field.name} = {expression}")
    opening = ["    copy = cls(", *arguments, "    )"] if through_init else ["    copy = new(cls)"]
    source = "\n".join(["def copy_state(state):", *opening, *after, "    return copy", ""])
    # the source is ours; its only inputs are the class's field names
    exec(compile(source, f"<clone of {cls.__qualname__}>", "exec"), namespace)  # noqa: S102
    function: Callable[[T], T] = namespace["copy_state"]
    return function


def _frozen(cls: type) -> bool:
    """Whether ``cls``, an attrs class or a plain subclass of one, is frozen."""
    for klass in cls.__mro__:
        if "__attrs_attrs__" in klass.__dict__:
            return attrs.inspect(klass).is_frozen
    return False


def _copy(hint: Any, value: str, depth: int) -> str | None:
    """The expression that copies ``value`` (an expression) of type ``hint``; ``None`` when the
    value never changes and is shared."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint in _IMMUTABLE or (isinstance(hint, type) and issubclass(hint, enum.Enum)):
        return None
    if origin is typing.Union or origin is types.UnionType:
        present = [arg for arg in args if arg is not type(None)]
        copies = [_copy(arg, value, depth) for arg in present]
        if all(copy is None for copy in copies):
            return None
        if len(present) == 1:
            return f"(None if {value} is None else {copies[0]})"
        raise CloneError(f"a union of several kinds of changing values ({hint})")
    if origin is typing.Literal:
        return None
    if origin in (tuple, frozenset):
        if all(arg is Ellipsis or _copy(arg, "x", depth) is None for arg in args):
            return None
        raise CloneError(f"a {origin.__name__} holding values that change ({hint})")
    item = f"item{depth}"
    if origin is list or origin is set:
        if not args:
            raise CloneError(f"a {origin.__name__} with no item type")
        inner = _copy(args[0], item, depth + 1)
        if inner is None:
            return f"{value}[:]" if origin is list else f"{value}.copy()"
        opening, closing = ("[", "]") if origin is list else ("{", "}")
        return f"{opening}{inner} for {item} in {value}{closing}"
    if origin is dict:
        if len(args) != 2:
            raise CloneError("a dict with no key and value types")
        inner = _copy(args[1], item, depth + 1)
        if inner is None:
            return f"{value}.copy()"
        return f"{{key{depth}: {inner} for key{depth}, {item} in {value}.items()}}"
    kind = origin if isinstance(origin, type) else hint
    if isinstance(kind, type):
        if attrs.has(kind) and _frozen(kind):
            return None
        if callable(getattr(kind, "clone", None)):
            return f"{value}.clone()"
    raise CloneError(f"no way to copy a {hint!r}: not a value that never changes, a list, "
                     "dict or set, nor a component with clone()")
