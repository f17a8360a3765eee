"""Phases: the named steps of a round, so a game's flow reads like its sequence of play."""

from __future__ import annotations

import attrs


def _as_names(names: object) -> tuple[str, ...]:
    return tuple(str(n) for n in names)  # type: ignore[attr-defined]


@attrs.define(slots=True, on_setattr=attrs.setters.NO_OP)  # names converted in __init__ only
class Phases:
    """A cycle of named steps; :meth:`advance` moves on and counts rounds.

    ``names`` is the sequence of play ("income", "pay", "draw", "actions", "retoken");
    ``round`` starts at 1 and grows each time the cycle wraps.
    """

    names: tuple[str, ...] = attrs.field(converter=_as_names)
    index: int = 0
    round: int = 1

    def __attrs_post_init__(self) -> None:
        if not self.names:
            raise ValueError("Phases needs at least one phase name")

    def clone(self) -> Phases:
        """An independent copy."""
        return Phases(self.names, self.index, self.round)

    @property
    def current(self) -> str:
        """The name of the step now being played."""
        return self.names[self.index]

    def is_(self, name: str) -> bool:
        """Whether the current step is ``name`` (raises on a name the cycle lacks: a typo)."""
        if name not in self.names:
            raise KeyError(f"no phase named {name!r} in {self.names}")
        return self.names[self.index] == name

    def advance(self) -> str:
        """Move to the next step (wrapping into the next round); returns its name."""
        self.index += 1
        if self.index == len(self.names):
            self.index = 0
            self.round += 1
        return self.current

    def jump(self, name: str) -> None:
        """Go straight to the step ``name`` in this round."""
        self.index = self.names.index(name)
