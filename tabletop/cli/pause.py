"""The short wait before a bot's move while a human watches, which Enter cuts short.

At a terminal a bot that answered at once would flood the screen; a pause of a second lets a
player read each move. A player who has read enough presses Enter: the wait ends, and the line
he typed is read and thrown away, so it never reaches the next prompt as an answer.
"""

from __future__ import annotations

import select
import time
from collections.abc import Callable
from typing import Protocol


class Readable(Protocol):
    """A stream the wait can watch: a file number for ``select`` and a line to read."""

    def fileno(self) -> int: ...

    def readline(self) -> str: ...


def wait_or_enter(seconds: float, stream: Readable,
                  clock: Callable[[], float] = time.monotonic) -> bool:
    """Wait up to ``seconds`` (measured by ``clock``), ending early when a line arrives on
    ``stream``; that line is consumed. Returns whether the wait was cut short."""
    deadline = clock() + seconds
    while True:
        left = deadline - clock()
        if left <= 0:
            return False
        try:
            ready, _, _ = select.select([stream], [], [], left)
        except (OSError, ValueError):  # a stream select cannot watch: wait without it
            time.sleep(max(0.0, deadline - clock()))
            return False
        if ready:
            stream.readline()
            return True
