"""The event log: what happened at the table, in order, and who saw it.

Dice results, cards turned face up, who paid whom, the card a player drew: a game writes each
as an :class:`Event` while its rules resolve. An event is data first — a ``kind`` that
statistics count ("sale", "wages", "newsflash"), the seat it is shown ``to`` (``None``: to
everybody) — and words second: the sentence a player reads. The CLI, the golden transcripts,
the web table and ``tabletop simulate``'s event statistics all read the same log.

Visibility is the whole point of ``to``: a public event is part of every seat's view; a private
one (the card a player drew) reaches only its seat. :meth:`EventLog.view` and
:meth:`EventLog.since` filter by seat, so a reader asking for a seat's events cannot receive
another seat's secrets. A copy of the game handed to a seat's bot holds only that seat's log
(:meth:`EventLog.for_seat`: the others' private events left out), so a bot that reads the
entries themselves cannot receive them either.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Final

import attrs

#: ``since`` and ``view`` with this viewer return every event, private ones included: for the
#: omniscient readers only (golden transcripts, a bots-only game, statistics), never a player
EVERYONE: Final = -1


@attrs.frozen(slots=True)
class Event:
    """One thing that happened.

    ``kind`` is a short lower-case name of what kind of thing it is ("sale", "muscle reveal",
    "wages"), the same for every event of that kind whatever its numbers: ``tabletop
    simulate`` counts events by kind. ``text`` is the sentence a player reads, with the
    numbers and the cause in it. ``to`` is ``None`` for a public event, or the one seat
    that may see it.
    """

    kind: str
    text: str
    to: int | None = None

    def visible_to(self, viewer: int | None) -> bool:
        """Whether ``viewer`` (a seat, ``None`` for a spectator, or :data:`EVERYONE`) sees it."""
        return self.to is None or viewer == EVERYONE or self.to == viewer


@attrs.define(slots=True)
class EventLog:
    """The last ``keep`` events, and how many were ever written.

    ``total`` only grows, so a reader remembers ``total`` as a mark and later asks for
    :meth:`since` that mark, even after old entries were dropped.

    ``numbers`` is ``None`` in the game's own log, whose entries are the last ones written,
    one after another. A seat's log (:meth:`for_seat`) leaves the others' private events out
    and keeps in ``numbers`` the place of each entry it holds (``total`` counted before it was
    written), so that marks still mean the same in it. ``numbers`` is no part of a snapshot
    (a seat's log is for a bot's copy, which is never saved).
    """

    entries: list[Event] = attrs.Factory(list)
    total: int = 0
    keep: int = 60
    numbers: list[int] | None = attrs.field(default=None, init=False)

    def clone(self) -> EventLog:
        """An independent copy (events are immutable)."""
        copy = EventLog(self.entries[:], self.total, self.keep)
        if self.numbers is not None:
            copy.numbers = self.numbers[:]
        return copy

    def for_seat(self, viewer: int | None) -> EventLog:
        """A copy holding only the entries ``viewer`` may see (a seat: the public ones and its
        own; ``None``: the public ones; :data:`EVERYONE`: all), with marks kept valid: what a
        seat's determinization holds."""
        numbers = self._numbers()
        if viewer == EVERYONE:
            return self.clone()
        kept = [i for i, e in enumerate(self.entries) if e.to is None or e.to == viewer]
        copy = EventLog([self.entries[i] for i in kept], self.total, self.keep)
        if len(kept) < len(self.entries) or self.numbers is not None:
            copy.numbers = [numbers[i] for i in kept]
        return copy

    def hidden_from(self, viewer: int | None) -> list[Event]:
        """The entries ``viewer`` may not see (empty in a log made by :meth:`for_seat`)."""
        return [e for e in self.entries if not e.visible_to(viewer)]

    def add(self, kind: str, text: str, *, to: int | None = None) -> None:
        """Write one event of ``kind``: public, or seen only by seat ``to``."""
        self.entries.append(Event(kind, text, to))
        if self.numbers is not None:
            self.numbers.append(self.total)
        self.total += 1
        if len(self.entries) > self.keep:
            cut = len(self.entries) - self.keep
            del self.entries[:cut]
            if self.numbers is not None:
                del self.numbers[:cut]

    def since(self, mark: int, viewer: int | None = None) -> list[Event]:
        """Events written after ``total`` was ``mark`` (those still kept) that ``viewer`` may
        see: a seat sees the public events and its own; ``None`` (a spectator) the public
        ones; :data:`EVERYONE` all of them."""
        if self.numbers is None:
            at = max(0, mark - (self.total - len(self.entries)))
        else:
            at = bisect_left(self.numbers, mark)
        return [e for e in self.entries[at:] if e.visible_to(viewer)]

    def view(self, viewer: int | None) -> list[str]:
        """The texts of the kept events ``viewer`` may see, oldest first: what a game puts in
        ``observation(seat)["events"]``."""
        return [e.text for e in self.entries if e.visible_to(viewer)]

    def recent(self, n: int, viewer: int | None = None) -> list[str]:
        """The texts of the last ``n`` events ``viewer`` may see, oldest first."""
        return self.view(viewer)[-n:] if n > 0 else []

    def _numbers(self) -> list[int]:
        """The place of each entry (``total`` counted before it was written)."""
        if self.numbers is not None:
            return self.numbers
        first = self.total - len(self.entries)
        return list(range(first, self.total))
