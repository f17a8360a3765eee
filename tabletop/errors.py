"""The one error hierarchy of Tabletop.

Every error a player or a game author can cause derives from :class:`TabletopError`; the CLI
prints its message on one line and exits with code 2, never a traceback.
"""

from __future__ import annotations


class TabletopError(Exception):
    """Base of every error that bad input (not a bug) can cause."""


class UnknownGame(TabletopError):
    """No registered game has the requested name."""


class InvalidOptions(TabletopError):
    """Game options (or the player count) are unknown, malformed or out of range."""


class IllegalAction(TabletopError):
    """An action that the rules do not allow now; the state is left exactly as it was."""


class CorruptRecord(TabletopError):
    """A record or snapshot file that cannot be read, or that does not replay."""


class CannotSave(TabletopError):
    """A record or save could not be written (a full disk, a folder that went away); the
    file that was there before is left as it was. ``reason`` is why, without the file's name
    ("No space left on device")."""

    def __init__(self, message: str, reason: str | None = None) -> None:
        super().__init__(message)
        self.reason = reason or message
