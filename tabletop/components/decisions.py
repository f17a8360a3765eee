"""Out-of-turn choices and sealed simultaneous choices.

:class:`Decisions` is a stack of pending prompts: a rule that needs someone's answer before it
can go on (name a protector, bribe or lose the territory, defend with a fortune) pushes a
:class:`Prompt`; the prompt on top decides who acts; answering pops it.

A response window (:meth:`Decisions.open_window`) asks several seats the same yes/no question
one after another ("does anyone challenge?"): each question is a prompt on top of the stack,
"no" moves to the next seat, the first "yes" closes it (or, with ``first_ends=False``, every
seat is asked and all the "yes" answers are gathered). When it closes, :meth:`Decisions.respond`
hands back a :class:`Resume`: the game's named step to carry on with, its data and who
responded. Everything is plain data (ints, strings, tuples), so clones and snapshots just work.

:class:`SealedChoice` takes a simultaneous choice (sealed bids, Muscle cards, showdown money)
one seat after another: each seat commits in turn, nobody's observation shows another's
commitment, and :meth:`SealedChoice.reveal` opens them all at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs


def _get(data: tuple[tuple[str, Any], ...], key: str, default: Any) -> Any:
    for k, v in data:
        if k == key:
            return v
    return default


@attrs.frozen
class Window:
    """The state of an open response window (see :meth:`Decisions.open_window`).

    ``seats`` are asked in order; ``asked`` is the index of the seat asked now; ``resume``
    names the game's step to carry on with when the window closes, ``data`` what that step
    needs; ``responders`` are the seats that said yes so far.
    """

    seats: tuple[int, ...]
    resume: str
    first_ends: bool = True
    asked: int = 0
    responders: tuple[int, ...] = ()


@attrs.frozen
class Resume:
    """A closed response window: carry on with step ``key`` and its ``data``.

    ``responders`` are the seats that said yes, in the order asked (at most one when the
    first response ends the window); ``responder`` is the first of them or None.
    """

    key: str
    data: tuple[tuple[str, Any], ...] = ()
    responders: tuple[int, ...] = ()

    @property
    def responder(self) -> int | None:
        """The first seat that responded, or None when everyone declined."""
        return self.responders[0] if self.responders else None

    def get(self, key: str, default: Any = None) -> Any:
        """A value of ``data`` by key."""
        return _get(self.data, key, default)


@attrs.frozen
class Prompt:
    """A pending question: ``seat`` must answer a decision of kind ``kind``.

    ``data`` carries what the rules need to resume (JSON-friendly values only). ``window`` is
    set when the question is one seat's turn in a response window.
    """

    seat: int
    kind: str
    data: tuple[tuple[str, Any], ...] = ()
    window: Window | None = None

    def get(self, key: str, default: Any = None) -> Any:
        """A value of ``data`` by key."""
        return _get(self.data, key, default)


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

    # -- response windows ------------------------------------------------------------------
    def open_window(self, kind: str, seats: Sequence[int], resume: str, *,
                    first_ends: bool = True, **data: Any) -> Resume | None:
        """Ask ``seats``, in this order, the yes/no question ``kind`` (a prompt each, ``data``
        its values); ``resume`` names the game's step that carries on when the window closes.

        Returns the :class:`Resume` at once when there is nobody to ask; otherwise None, and
        the first seat's question is on top of the stack."""
        items = tuple(sorted(data.items()))
        window = Window(tuple(seats), resume, first_ends)
        if not window.seats:
            return Resume(resume, items)
        self.stack.append(Prompt(window.seats[0], kind, items, window))
        return None

    def respond(self, seat: int, yes: bool) -> Resume | None:
        """``seat`` answers the window question on top: "no" asks the next seat, "yes" closes
        the window (or, when everyone may respond, is noted and the next seat is asked).

        Returns the :class:`Resume` when the window has closed, else None (the next seat's
        question is on top). Raises ValueError, changing nothing, when the top prompt is not
        a window question or ``seat`` is not the seat it asks."""
        top = self.top
        if top is None or top.window is None:
            raise ValueError("no response window is asking anyone now")
        if seat != top.seat:
            from tabletop.engine import seat_label  # here: the engine imports the components

            raise ValueError(f"{seat_label(seat)} was not asked: the window asks "
                             f"{seat_label(top.seat)} now")
        self.stack.pop()
        window = top.window
        responders = window.responders + (seat,) if yes else window.responders
        following = window.asked + 1
        if (yes and window.first_ends) or following >= len(window.seats):
            return Resume(window.resume, top.data, responders)
        nxt = attrs.evolve(window, asked=following, responders=responders)
        self.stack.append(Prompt(window.seats[following], top.kind, top.data, nxt))
        return None


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
