"""Zones: places that hold cards for an owner with a visibility (a hand, a tableau, a display).

A zone knows who may see its contents, so observations can be built from one rule instead of
a hand-written filter per game: :meth:`Zone.view` gives the contents to those who may see them
and only the count to everyone else.
"""

from __future__ import annotations

import enum
from typing import Any, Generic, TypeVar

import attrs

C = TypeVar("C")


class Visibility(enum.Enum):
    """Who may see what a zone holds (its size is always public)."""

    PUBLIC = "public"  # everyone: territories in front of a player
    OWNER = "owner"  # only the owner: a hand
    HIDDEN = "hidden"  # nobody: a face-down pile


@attrs.define(slots=True)
class Zone(Generic[C]):
    """Cards of one owner (a seat, or ``None`` for the table)."""

    owner: int | None
    visibility: Visibility
    cards: list[C] = attrs.Factory(list)

    def clone(self) -> Zone[C]:
        """An independent copy."""
        return Zone(self.owner, self.visibility, self.cards[:])

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None``: a spectator) may see the cards."""
        if self.visibility is Visibility.PUBLIC:
            return True
        if self.visibility is Visibility.OWNER:
            return seat is not None and seat == self.owner
        return False

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know of this zone: always the count, the cards only if visible."""
        if self.visible_to(seat):
            return {"count": len(self.cards), "cards": list(self.cards)}
        return {"count": len(self.cards)}
