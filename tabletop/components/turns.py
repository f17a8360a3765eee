"""Turn order: who plays next.

Covers the orders the five rulebooks use: clockwise and counterclockwise from a start seat,
an order ranked by a key (highest Muscle card first), "the next player is the one you robbed",
extra turns, skipped (eliminated) seats, and a final round for everyone else after a trigger.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs


@attrs.define(slots=True)
class TurnOrder:
    """The seat whose turn it is and how the turn passes on.

    ``direction`` is +1 for clockwise (seat numbers ascending) and -1 for counterclockwise.
    ``out`` holds seats that no longer take turns. After :meth:`start_final_round` the order
    stops once every other active seat has had one more turn; then :attr:`finished` is true.
    """

    players: int
    current: int = 0
    direction: int = 1
    out: list[int] = attrs.Factory(list)
    next_override: int | None = None
    extra_turns: int = 0
    final_round_left: list[int] | None = None
    finished: bool = False
    turns_taken: int = 0

    def clone(self) -> TurnOrder:
        """An independent copy."""
        return TurnOrder(
            self.players, self.current, self.direction, self.out[:], self.next_override,
            self.extra_turns,
            None if self.final_round_left is None else self.final_round_left[:],
            self.finished, self.turns_taken,
        )

    def active(self) -> list[int]:
        """Seats still taking turns, in seat order."""
        return [s for s in range(self.players) if s not in self.out]

    def following(self, seat: int) -> int:
        """The next active seat after ``seat`` in the current direction."""
        for step in range(1, self.players + 1):
            candidate = (seat + step * self.direction) % self.players
            if candidate not in self.out:
                return candidate
        raise ValueError("no active seat left")

    def set_next(self, seat: int) -> None:
        """The next turn goes to ``seat`` instead of the usual neighbour."""
        self.next_override = seat

    def grant_extra_turn(self) -> None:
        """The current seat plays again after this turn."""
        self.extra_turns += 1

    def eliminate(self, seat: int) -> None:
        """``seat`` takes no more turns."""
        if seat not in self.out:
            self.out.append(seat)
        if self.final_round_left is not None and seat in self.final_round_left:
            self.final_round_left.remove(seat)

    def start_final_round(self) -> None:
        """Everyone but the current seat gets exactly one more turn (Crimopolis' 21 prestige)."""
        if self.final_round_left is None:
            seat, order = self.current, []
            for _ in range(len(self.active()) - 1):
                seat = self.following(seat)
                order.append(seat)
            self.final_round_left = order

    def advance(self) -> int:
        """End the current turn; returns the seat that plays next (or the same if finished)."""
        self.turns_taken += 1
        if self.final_round_left is not None:
            if not self.final_round_left:
                self.finished = True
                return self.current
            self.current = self.final_round_left.pop(0)
            self.next_override = None
            return self.current
        if self.extra_turns:
            self.extra_turns -= 1
        elif self.next_override is not None:
            self.current, self.next_override = self.next_override, None
        else:
            self.current = self.following(self.current)
        return self.current


def ranked(seats: Sequence[int], key: Callable[[int], Any], reverse: bool = True) -> list[int]:
    """Seats ordered by ``key`` (highest first by default); ties keep seat order."""
    return sorted(seats, key=key, reverse=reverse)  # sorted() stays stable with reverse=True
