"""The journal: how ``tabletop play`` keeps a game's record while it is played.

Rewriting the whole record after every move costs time in proportion to the game so far and
leaves a window in which a kill loses the move on the screen. A journal is a file of JSON
lines, written in the record's own place (``--record FILE``, or the game's file in the data
folder): a header line with what the record says before any move (the game, players, seed,
options and seats), then one line per decision, ``{"play": ACTION}``, and ``{"undo": true}``
when a player takes his last decision back. Each line is appended with one write and handed
to the operating system *before* the move is shown, so a crash or a kill of the program
never loses a move that was on the screen; that costs the same whatever the game's length.
(The lines are not forced to the disk one by one: a power cut may lose the last moves the
operating system had not yet written. The journal's start and the finished record are.)

When the game ends, or the player leaves it (``s``, ``q``, Ctrl-C, closed input), the record
is written over the journal atomically in the format ``tabletop replay`` reads
(:meth:`Journal.close`). A journal left by a crash is read as the record of an unfinished
game (:func:`tabletop.record.read_journal`, through :meth:`tabletop.record.Record.load`):
``replay`` checks it and says the record was not closed, ``play --resume`` carries on from it
(or closes it, when its game is over). A line cut short by the crash (no line break after it) was never
shown and is dropped. Leftovers of a crash (the temporary file of an atomic write, the probe
of a folder) are removed the next time a journal is started at that path.

A write that fails (a full disk) raises :class:`~tabletop.errors.CannotSave`; the journal
then stays as it was before the failed line, and it is rewritten whole every
:data:`RETRY_EVERY` decisions until that works, so it catches up by itself once there is room
again.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from tabletop.errors import CannotSave

# a journal is read where records are (Record.load reads both): tabletop.record
from tabletop.record import _HEADER, JOURNAL_FORMAT, JOURNAL_VERSION, Record
from tabletop.serialization import write_atomically
from tabletop.text import shorten

#: while writes fail, how many decisions go by between two tries to rewrite the journal
RETRY_EVERY = 16
#: how a line is appended (a test stands a full disk in for it)
_write = os.write


def _line(data: Any) -> str:
    return json.dumps(data, separators=(",", ":")) + "\n"


def header_line(record: Record) -> str:
    """A journal's first line: what ``record`` says before its moves."""
    data: dict[str, Any] = {"format": JOURNAL_FORMAT, "version": JOURNAL_VERSION}
    for key in _HEADER:
        data[key] = getattr(record, key)
    if not record.names:
        del data["names"]
    return _line(data)


def clean_leftovers(path: Path) -> None:
    """Remove what a crash may have left beside ``path``: the temporary file of an atomic
    write (``.NAME.PID.tmp``) of a process that is gone, and a folder probe of ``tabletop
    play`` (``.NAME.tabletop-probe``)."""
    folder = path.parent if str(path.parent) else Path(".")
    prefix = f".{path.name}."
    try:
        names = [entry.name for entry in os.scandir(folder) if entry.name.startswith(prefix)]
    except OSError:
        return
    for name in names:
        rest = name[len(prefix):]
        pid = rest.removesuffix(".tmp")
        gone = rest == "tabletop-probe" or (
            rest.endswith(".tmp") and pid.isascii() and pid.isdigit() and not _alive(int(pid)))
        if gone:
            try:
                (folder / name).unlink()
            except OSError:
                pass


def _alive(pid: int) -> bool:
    """Whether process ``pid`` runs (on a system that cannot tell: assumed so)."""
    if pid == os.getpid():
        return True
    if os.name != "posix":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


class Journal:
    """The journal of one game at ``path``, kept in step with its record: :meth:`start`,
    then :meth:`played` after each decision and :meth:`undone` after each one taken back, and
    :meth:`close` at the end. :attr:`kept` is how many decisions the file holds."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.kept = 0
        self._descriptor: int | None = None
        self._size = 0  # the bytes of whole lines in the file
        self._failure: CannotSave | None = None  # why the last write failed, while it lasts
        self._retry_at = 0  # while failing: the number of decisions at which to try again

    @property
    def started(self) -> bool:
        """Whether the file is a journal open for appending (started and not closed)."""
        return self._descriptor is not None

    def start(self, record: Record) -> None:
        """Write the journal anew (its header and every action of ``record``) in one atomic
        step, removing a crash's leftovers first, and open it for appending; CannotSave when
        that fails (the file at ``path`` is then as it was)."""
        self._shut()
        clean_leftovers(self.path)
        text = header_line(record) + "".join(_line({"play": a}) for a in record.actions)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(self.path, text)
            self._descriptor = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        except OSError as exc:
            raise self._failed(exc, record) from None
        self._size = len(text.encode("utf-8"))
        self.kept = len(record.actions)
        self._failure = None

    def played(self, record: Record) -> None:
        """Append the last action of ``record``, just played."""
        self._append(_line({"play": record.actions[-1]}), record)

    def undone(self, record: Record) -> None:
        """Append that the last decision was taken back (``record`` no longer holds it)."""
        self._append(_line({"undo": True}), record)

    def _append(self, line: str, record: Record) -> None:
        if self._failure is not None and len(record.actions) < self._retry_at:
            # still behind: not tried again at every decision
            raise CannotSave(str(self._failure), self._failure.reason)
        if self._descriptor is None or self._failure is not None:
            self.start(record)  # not started, or behind after a failure: the whole of it
            return
        data = line.encode("utf-8")
        try:
            if _write(self._descriptor, data) != len(data):
                raise OSError(28, os.strerror(28))  # a short write: the disk is full (ENOSPC)
        except OSError as exc:
            try:
                os.ftruncate(self._descriptor, self._size)  # no line cut short stays behind
            except OSError:
                pass
            raise self._failed(exc, record) from None
        self._size += len(data)
        self.kept = len(record.actions)

    def close(self, record: Record) -> None:
        """Write ``record`` over the journal in the format ``tabletop replay`` reads, in one
        atomic step; CannotSave when that fails (the journal is then as it was)."""
        record.save(self.path)
        self._shut()
        self.kept = len(record.actions)
        self._failure = None

    def _failed(self, exc: OSError, record: Record) -> CannotSave:
        """Note a failed write (the next try is :data:`RETRY_EVERY` decisions later)."""
        self._failure = _cannot(self.path, exc)
        self._retry_at = len(record.actions) + RETRY_EVERY
        return self._failure

    def _shut(self) -> None:
        if self._descriptor is not None:
            os.close(self._descriptor)
            self._descriptor = None


def _cannot(path: Path, exc: OSError) -> CannotSave:
    reason = exc.strerror or str(exc)
    return CannotSave(f"cannot write {shorten(str(path), 80)}: {reason}", reason)
