"""A progress bar on stderr for work counted in finished games (``simulate``, ``tournament``)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import click


@contextmanager
def finished_games(total: int, label: str) -> Iterator[Callable[[int], None]]:
    """A bar of ``total`` games labelled ``label``; the function it gives is told how many
    games are done so far. It redraws at most ten times a second: a fast game finishes
    thousands a second."""
    with click.progressbar(length=total, label=label, file=sys.stderr, show_eta=True) as bar:
        shown, drawn = 0, 0.0

        def advance(done: int) -> None:
            nonlocal shown, drawn
            now = time.monotonic()
            if done > shown and (now - drawn >= 0.1 or done == total):
                bar.update(done - shown)
                shown, drawn = done, now

        yield advance
