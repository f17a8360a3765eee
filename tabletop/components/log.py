"""The public event log: what everybody at the table saw happen, in order.

Dice results, cards turned face up, who paid whom: a game writes these lines as its rules
resolve, and the CLI and the golden transcripts print the new ones after every move, so a
player sees what their move (and every bot's) led to. Only public facts belong here: the log is
part of every seat's view.
"""

from __future__ import annotations

import attrs


@attrs.define(slots=True)
class EventLog:
    """The last ``keep`` public events, and how many were ever written.

    ``total`` only grows, so a reader remembers ``total`` as a mark and later asks for
    :meth:`since` that mark, even after old entries were dropped.
    """

    entries: list[str] = attrs.Factory(list)
    total: int = 0
    keep: int = 60

    def clone(self) -> EventLog:
        """An independent copy."""
        return EventLog(self.entries[:], self.total, self.keep)

    def add(self, text: str) -> None:
        """Write one event."""
        self.entries.append(text)
        self.total += 1
        if len(self.entries) > self.keep:
            del self.entries[: len(self.entries) - self.keep]

    def since(self, mark: int) -> list[str]:
        """Events written after ``total`` was ``mark`` (those still kept)."""
        first = self.total - len(self.entries)
        return self.entries[max(0, mark - first):]

    def recent(self, n: int) -> list[str]:
        """The last ``n`` events, oldest first."""
        return self.entries[-n:] if n > 0 else []
