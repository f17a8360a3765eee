"""The bots' pause in ``tabletop play``: Enter cuts it short and the line typed is consumed
(issue 14 section 4: "a noticeable but short pause ... skippable")."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from typing import TextIO

import pytest

from tabletop.cli.pause import wait_or_enter


@pytest.fixture
def pipe() -> Iterator[tuple[TextIO, TextIO]]:
    """A readable stream and the writer feeding it (a terminal's input, in a test)."""
    read_fd, write_fd = os.pipe()
    reader, writer = os.fdopen(read_fd, "r"), os.fdopen(write_fd, "w")
    yield reader, writer
    reader.close()
    writer.close()


def test_without_input_the_wait_lasts_its_time(pipe: tuple[TextIO, TextIO]) -> None:
    reader, _ = pipe
    start = time.monotonic()
    assert wait_or_enter(0.2, reader) is False
    assert time.monotonic() - start >= 0.19


def test_the_wait_follows_the_clock_it_is_given(pipe: tuple[TextIO, TextIO]) -> None:
    """A clock that jumps past the deadline ends the wait at once, without input."""
    reader, _ = pipe
    ticks = iter([0.0, 100.0])
    start = time.monotonic()
    assert wait_or_enter(50, reader, clock=lambda: next(ticks)) is False
    assert time.monotonic() - start < 1


def test_enter_ends_the_wait_early(pipe: tuple[TextIO, TextIO]) -> None:
    reader, writer = pipe
    writer.write("\n")
    writer.flush()
    start = time.monotonic()
    assert wait_or_enter(30, reader) is True
    assert time.monotonic() - start < 1


def test_the_line_typed_during_the_wait_is_consumed(pipe: tuple[TextIO, TextIO]) -> None:
    """A "2" typed to skip the pause must not answer the next prompt: it is read by the wait,
    and what comes after it is the next thing read."""
    reader, writer = pipe
    writer.write("2\n")
    writer.flush()
    assert wait_or_enter(30, reader) is True
    writer.write("next answer\n")
    writer.flush()
    assert reader.readline() == "next answer\n"
    assert wait_or_enter(0.05, reader) is False  # nothing left over to cut the next wait
