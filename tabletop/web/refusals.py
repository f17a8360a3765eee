"""The one exception every part of the server refuses a request with.

Its own module, below everything else in :mod:`tabletop.web`: the hub, the guard, the
replays and the workers' jobs all refuse with it, and none of them needs to import another
for it.
"""

from __future__ import annotations


class Refused(Exception):
    """A request the server will not carry out: an HTTP status and one line saying why."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
