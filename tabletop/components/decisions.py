"""Out-of-turn choices and sealed simultaneous choices.

:class:`Decisions` is a stack of pending prompts: a rule that needs someone's answer before it
can go on (name a protector, bribe or lose the territory, defend with a fortune) pushes a
:class:`Prompt`; the prompt on top decides who acts; answering pops it.

:class:`SealedChoice` takes a simultaneous choice (sealed bids, Muscle cards, showdown money)
one seat after another: each seat commits in turn, nobody's observation shows another's
commitment, and :meth:`SealedChoice.reveal` opens them all at once.
"""

from __future__ import annotations

from typing import Any

import attrs


@attrs.frozen
class Prompt:
    """A pending question: ``seat`` must answer a decision of kind ``kind``.

    ``data`` carries what the rules need to resume (JSON-friendly values only).
    """

    seat: int
    kind: str
    data: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        """A value of ``data`` by key."""
        for k, v in self.data:
            if k == key:
                return v
        return default


@attrs.define(slots=True)
class Decisions:
    """A stack of prompts; the top one is answered first."""

    stack: list[Prompt] = attrs.Factory(list)

    def clone(self) -> Decisions:
        """An independent copy (prompts are immutable)."""
        return Decisions(self.stack[:])

    def __bool__(self) -> bool:
        return bool(self.stack)

    def __len__(self) -> int:
        return len(self.stack)

    def push(self, seat: int, kind: str, **data: Any) -> Prompt:
        """Ask ``seat`` a question of kind ``kind``; it is answered before anything below it."""
        prompt = Prompt(seat, kind, tuple(sorted(data.items())))
        self.stack.append(prompt)
        return prompt

    @property
    def top(self) -> Prompt | None:
        """The prompt to answer now, if any."""
        return self.stack[-1] if self.stack else None

    def pop(self) -> Prompt:
        """Remove and return the answered prompt."""
        return self.stack.pop()


@attrs.define(slots=True)
class SealedChoice:
    """A simultaneous choice taken seat by seat: commitments stay secret until the reveal.

    ``order`` lists the seats that must commit; ``commitments[i]`` is the value of
    ``order[i]`` (or ``None`` while pending).
    """

    order: list[int]
    commitments: list[Any] = attrs.Factory(list)
    revealed: bool = False

    def __attrs_post_init__(self) -> None:
        if not self.commitments:
            self.commitments = [None] * len(self.order)

    def clone(self) -> SealedChoice:
        """An independent copy (commitments must be immutable values)."""
        return SealedChoice(self.order[:], self.commitments[:], self.revealed)

    @property
    def waiting_for(self) -> int | None:
        """The next seat that still has to commit (None when all have)."""
        for seat, value in zip(self.order, self.commitments, strict=True):
            if value is None:
                return seat
        return None

    @property
    def complete(self) -> bool:
        """Every seat has committed."""
        return all(v is not None for v in self.commitments)

    def commit(self, seat: int, value: Any) -> None:
        """Record ``seat``'s sealed value; only the seat whose turn it is may commit."""
        if value is None:
            raise ValueError("a commitment cannot be None")
        if seat != self.waiting_for:
            raise ValueError(f"seat {seat} is not the one to commit now")
        self.commitments[self.order.index(seat)] = value

    def has_committed(self, seat: int) -> bool:
        """Whether ``seat`` has committed (this much is public)."""
        return seat in self.order and self.commitments[self.order.index(seat)] is not None

    def value_of(self, seat: int) -> Any:
        """A seat's commitment; only after the reveal."""
        if not self.revealed:
            raise ValueError("commitments are sealed until the reveal")
        return self.commitments[self.order.index(seat)]

    def reveal(self) -> dict[int, Any]:
        """Open every commitment at once; returns seat -> value."""
        if not self.complete:
            raise ValueError("cannot reveal before every seat has committed")
        self.revealed = True
        return dict(zip(self.order, self.commitments, strict=True))

    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know: who has committed; its own value; all values once revealed."""
        out: dict[str, Any] = {
            "committed": [s for s in self.order if self.has_committed(s)],
            "waiting_for": self.waiting_for,
        }
        if self.revealed:
            out["values"] = {str(s): v for s, v in zip(self.order, self.commitments, strict=True)}
        elif seat is not None and self.has_committed(seat):
            out["own"] = self.commitments[self.order.index(seat)]
        return out
