"""Where the web tables live: one SQLite file (stdlib ``sqlite3``, WAL mode).

A table is stored as its record — game, players, seed, validated options, seat kinds — and
its moves, one row each, numbered from 1; the state is never stored, only rebuilt by replaying
the moves (never pickled). Each move is committed in its own transaction before anyone is
told of it, with ``synchronous=FULL``: once :meth:`Store.add_move` returns, the move survives
the server being killed at any moment (and the machine losing power). The primary key
``(table_id, step)`` makes a second move with the same number impossible, whatever the code
above does.

Links are stored as the SHA-256 of their token: the file holds no working link.

Besides the moves, a table keeps what its people added: the seats' names, the chat, and a
few facts (``table_facts``: whether spectators may chat, the table of its rematch). The
tables are created with ``CREATE TABLE IF NOT EXISTS``, so a file written before they
existed gains them when it is opened. A move taken back (an undo) is deleted, so that a
restart does not bring it back.

A damaged file never stops the server, nor hides a loss: a table whose rows cannot be read
(not JSON, a wrong type, a record the record file's checks refuse) is reported by
:meth:`Store.records` as one line instead of its record, and the server disables that table
alone; a damaged row of names, chat, settings or facts is left out with one log line. A file
that is not SQLite, cannot be opened, or lost a table every store has (``links``, ``moves``)
is refused with :class:`StoreUnusable` rather than made again empty. A write the file or the
disk refuses now (full, locked, failing) raises :class:`StoreUnavailable` and keeps nothing.

The store is used from the server's event loop and its worker threads; one lock serializes
the use of its single connection.
"""

from __future__ import annotations

import errno
import hashlib
import json
import logging
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TypeGuard

import attrs

from tabletop.errors import CorruptRecord, TabletopError
from tabletop.record import RECORD_FORMAT, RECORD_VERSION, Record
from tabletop.serialization import parse_json
from tabletop.text import shorten

log = logging.getLogger("tabletop.web")

#: the file under the data folder
FILENAME = "tables.sqlite3"
#: the tables every store has had from the start: a file holding some but not all of them
#: was damaged (the later ones are added to an older file when it is opened)
_CORE = ("tables", "links", "moves")
#: how a table's rows that cannot be read end the line saying why
_DAMAGED = "the stored file was damaged"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    options TEXT NOT NULL,
    seats TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS links (
    token_hash TEXT PRIMARY KEY,
    table_id TEXT NOT NULL REFERENCES tables(id),
    role TEXT NOT NULL CHECK (role IN ('seat', 'hotseat', 'spectator')),
    seat INTEGER
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables(id),
    step INTEGER NOT NULL CHECK (step >= 1),
    action TEXT NOT NULL,
    PRIMARY KEY (table_id, step)
);
CREATE TABLE IF NOT EXISTS automatic_moves (
    table_id TEXT NOT NULL REFERENCES tables(id),
    step INTEGER NOT NULL,
    PRIMARY KEY (table_id, step)
);
CREATE TABLE IF NOT EXISTS seat_settings (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    single INTEGER NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS seat_names (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS chat (
    table_id TEXT NOT NULL REFERENCES tables(id),
    number INTEGER NOT NULL CHECK (number >= 1),
    seat INTEGER,
    text TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (table_id, number)
);
CREATE TABLE IF NOT EXISTS table_facts (
    table_id TEXT NOT NULL REFERENCES tables(id),
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (table_id, key)
);
"""


class StoreUnusable(TabletopError):
    """The data folder's file cannot serve as the store (not an SQLite file, or a damaged
    one): one line saying what and what to do; ``tabletop serve`` exits 2 with it."""


class StoreUnavailable(Exception):
    """A write (or read) the store could not carry out now: the disk is full, the file is
    locked or failing. Nothing of it was kept; ``message`` is one line a person reads. The
    server answers 503 with it, and retries a bot's move later."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def token_hash(token: str) -> str:
    """How a link's token is stored and looked up."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@attrs.frozen
class Link:
    """What a token opens: a table, as one seat (0-based), as every human seat of one device
    (``hotseat``), or as a spectator."""

    table_id: str
    role: str
    seat: int | None = None


class Store:
    """The SQLite file of every table: create tables, add moves, read everything back."""

    def __init__(self, folder: str | Path) -> None:
        """Open (or create) the store of ``folder``; StoreUnusable in one line if its file
        cannot be opened, is not SQLite, or lost one of the tables every store has."""
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / FILENAME
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None,
                                       check_same_thread=False)
        except (sqlite3.Error, OSError) as exc:
            raise StoreUnusable(_cannot("open", self.path, exc)) from None
        try:
            self._open()
        except StoreUnusable:
            self._db.close()
            raise
        except (sqlite3.Error, OSError) as exc:
            self._db.close()
            if _code(exc) == sqlite3.SQLITE_NOTADB:
                raise StoreUnusable(
                    f"{self.path} is not an SQLite database, so it cannot hold the tables: "
                    "move it away to start with no tables, or give another --data "
                    "folder") from None
            raise StoreUnusable(_cannot("open", self.path, exc)) from None

    def _open(self) -> None:
        """Check what the file holds (before anything is created in it), then set it up."""
        present = {name for (name,) in self._db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        missing = [name for name in _CORE if name not in present]
        if len(missing) < len(_CORE) and missing:  # tables of a store, but not all of them
            raise StoreUnusable(
                f"{self.path}: its {missing[0]} table is missing: the file was damaged; "
                "restore it from a backup, or move it away to start with no tables")
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(_SCHEMA)

    def check(self) -> None:
        """Read every page of the file once (SQLite's ``quick_check``): StoreUnusable in one
        line if one is damaged, which no table's isolation could get past. For a host's
        check before serving (it reads the whole file: not on every open)."""
        with self._lock:
            try:
                found = self._db.execute("PRAGMA quick_check(1)").fetchone()
            except (sqlite3.DatabaseError, OSError) as exc:
                raise StoreUnusable(_cannot("read", self.path, exc)) from None
        if found is None or found[0] != "ok":
            raise StoreUnusable(f"cannot read {self.path}: the file was damaged; restore it "
                                "from a backup, or move it away to start with no tables")

    def close(self) -> None:
        """Close the file (every move is already committed)."""
        with self._lock:
            self._db.close()

    def create_table(self, table_id: str, record: Record, links: dict[str, Link],
                     single: dict[int, bool] | None = None,
                     names: dict[int, str] | None = None,
                     facts: dict[str, Any] | None = None) -> None:
        """Store a new table, its links (token -> what it opens), its seats' settings
        (seat -> single), its seats' names and its facts, in one transaction."""
        with self._lock, self._transaction():
            self._db.execute(
                "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?)",
                (table_id, record.game, record.players, record.seed,
                 json.dumps(record.options), json.dumps(record.seats), time.time()))
            self._db.executemany(
                "INSERT INTO links VALUES (?, ?, ?, ?)",
                [(token_hash(token), link.table_id, link.role, link.seat)
                 for token, link in links.items()])
            self._db.executemany(
                "INSERT INTO seat_settings VALUES (?, ?, ?)",
                [(table_id, seat, int(on)) for seat, on in (single or {}).items()])
            self._db.executemany(
                "INSERT INTO seat_names VALUES (?, ?, ?)",
                [(table_id, seat, name) for seat, name in (names or {}).items()])
            self._db.executemany(
                "INSERT INTO table_facts VALUES (?, ?, ?)",
                [(table_id, key, json.dumps(value)) for key, value in (facts or {}).items()])

    def add_link(self, token: str, link: Link) -> None:
        """Store one more link (its token's hash): a rematch table's link derived from an
        old one."""
        with self._lock, self._transaction():
            self._db.execute("INSERT OR IGNORE INTO links VALUES (?, ?, ?, ?)",
                             (token_hash(token), link.table_id, link.role, link.seat))

    def add_move(self, table_id: str, step: int, action: dict[str, Any],
                 automatic: bool = False) -> None:
        """Commit move number ``step`` (from 1) of a table, ``automatic``: played for its
        seat by its settings (one choice); sqlite3.IntegrityError if that number is already
        taken."""
        with self._lock, self._transaction():
            self._db.execute("INSERT INTO moves VALUES (?, ?, ?)",
                             (table_id, step, json.dumps(action)))
            if automatic:
                self._db.execute("INSERT INTO automatic_moves VALUES (?, ?)",
                                 (table_id, step))

    def set_single(self, table_id: str, seat: int, single: bool) -> None:
        """Store whether a seat's decisions with one choice are played for it."""
        with self._lock, self._transaction():
            self._db.execute("INSERT OR REPLACE INTO seat_settings VALUES (?, ?, ?)",
                             (table_id, seat, int(single)))

    def remove_moves(self, table_id: str, after: int) -> None:
        """Delete a table's moves numbered above ``after`` (moves taken back)."""
        with self._lock, self._transaction():
            self._db.execute("DELETE FROM moves WHERE table_id = ? AND step > ?",
                             (table_id, after))
            self._db.execute("DELETE FROM automatic_moves WHERE table_id = ? AND step > ?",
                             (table_id, after))

    def set_name(self, table_id: str, seat: int, name: str) -> None:
        """Store what a seat is called."""
        with self._lock, self._transaction():
            self._db.execute("INSERT OR REPLACE INTO seat_names VALUES (?, ?, ?)",
                             (table_id, seat, name))

    def names(self) -> dict[str, dict[int, str]]:
        """Each table's named seats: table id -> seat -> name (a row that cannot be read is
        left out, logged)."""
        out: dict[str, dict[int, str]] = {}
        for table_id, seat, name in self._rows("SELECT table_id, seat, name FROM seat_names"):
            if _is_id(table_id) and _is_count(seat, 0) and type(name) is str:
                out.setdefault(table_id, {})[seat] = name
            else:
                _left_out(table_id, f"the name of its seat {_shown(seat)}")
        return out

    def add_chat(self, table_id: str, number: int, seat: int | None, text: str,
                 at: float) -> None:
        """Store chat message number ``number`` (from 1) of a table, from ``seat`` (``None``:
        a spectator), said at ``at`` (seconds since the epoch)."""
        with self._lock, self._transaction():
            self._db.execute("INSERT INTO chat VALUES (?, ?, ?, ?, ?)",
                             (table_id, number, seat, text, at))

    def chats(self) -> dict[str, list[tuple[int, int | None, str, float]]]:
        """Each table's chat messages in order: table id -> (number, seat, text, at) (a row
        that cannot be read is left out, logged)."""
        out: dict[str, list[tuple[int, int | None, str, float]]] = {}
        for table_id, number, seat, text, at in self._rows(
                "SELECT table_id, number, seat, text, at FROM chat ORDER BY table_id, number"):
            if _is_id(table_id) and _is_count(number, 1) and (seat is None or
                                                               _is_count(seat, 0)) \
                    and type(text) is str and type(at) in (int, float):
                out.setdefault(table_id, []).append((number, seat, text, float(at)))
            else:
                _left_out(table_id, f"its chat message {_shown(number)}")
        return out

    def set_fact(self, table_id: str, key: str, value: Any) -> None:
        """Store one fact of a table (any JSON value) under ``key``."""
        with self._lock, self._transaction():
            self._db.execute("INSERT OR REPLACE INTO table_facts VALUES (?, ?, ?)",
                             (table_id, key, json.dumps(value)))

    def facts(self) -> dict[str, dict[str, Any]]:
        """Each table's stored facts: table id -> key -> value (a row that cannot be read is
        left out, logged)."""
        out: dict[str, dict[str, Any]] = {}
        for table_id, key, value in self._rows(
                "SELECT table_id, key, value FROM table_facts"):
            try:
                if not (_is_id(table_id) and type(key) is str):
                    raise CorruptRecord("not a fact")
                out.setdefault(table_id, {})[key] = _parsed(value, "its fact is")
            except CorruptRecord:
                _left_out(table_id, f"its fact {_shown(key)}")
        return out

    def automatic(self) -> dict[str, set[int]]:
        """The moves played for their seat by its settings: table id -> move numbers (a row
        that cannot be read is left out, logged)."""
        out: dict[str, set[int]] = {}
        for table_id, step in self._rows("SELECT table_id, step FROM automatic_moves"):
            if _is_id(table_id) and _is_count(step, 1):
                out.setdefault(table_id, set()).add(step)
            else:
                _left_out(table_id, f"the mark of its move {_shown(step)} as played for its "
                                    "seat")
        return out

    def settings(self) -> dict[str, dict[int, bool]]:
        """Each table's seats whose setting was stored: table id -> seat -> single (a row
        that cannot be read is left out, logged)."""
        out: dict[str, dict[int, bool]] = {}
        for table_id, seat, single in self._rows(
                "SELECT table_id, seat, single FROM seat_settings"):
            if _is_id(table_id) and _is_count(seat, 0) and single in (0, 1) \
                    and type(single) is int:
                out.setdefault(table_id, {})[seat] = bool(single)
            else:
                _left_out(table_id, f"the setting of its seat {_shown(seat)}")
        return out

    def records(self) -> Iterator[tuple[str, Record | str]]:
        """Every table's id and record (moves in order; no result: replaying finds it), or,
        for a table whose rows cannot be read (not JSON, a wrong type, a record the record
        file's own checks refuse), one line saying why: that table alone cannot be opened."""
        rows, stored = self._rows(
            "SELECT id, game, players, seed, options, seats FROM tables ORDER BY created",
            "SELECT table_id, step, action FROM moves ORDER BY table_id, step")
        moves: dict[str, list[tuple[Any, Any]]] = {row[0]: [] for row in rows}
        for table_id, step, action in stored:
            if table_id in moves:
                moves[table_id].append((step, action))
            else:  # foreign keys forbid it: only a damaged file holds it
                _left_out(table_id, f"its move {_shown(step)} (of no stored table)")
        for table_id, game, players, seed, options, seats in rows:
            if not _is_id(table_id):
                _left_out(table_id, "the table")  # no link could name it
                continue
            try:
                record = _record(game, players, seed, options, seats, moves[table_id])
            except CorruptRecord as exc:
                yield table_id, f"{exc}: {_DAMAGED}"
            else:
                yield table_id, record

    def links(self) -> dict[str, Link]:
        """Every link, by token hash (a row that cannot be read is left out, logged)."""
        out: dict[str, Link] = {}
        for digest, table_id, role, seat in self._rows(
                "SELECT token_hash, table_id, role, seat FROM links"):
            if type(digest) is str and _is_id(table_id) and (
                    role in ("hotseat", "spectator") and seat is None
                    or role == "seat" and _is_count(seat, 0)):
                out[digest] = Link(table_id, role, seat)
            else:
                _left_out(table_id, "one of its links")
        return out

    def _rows(self, *queries: str) -> Any:
        """Every row ``queries[0]`` selects, or for several queries the rows of each, read
        in one transaction (so that they agree); StoreUnusable in one line if the file
        cannot be read (a damaged page, a failing disk)."""
        with self._lock:
            try:
                if len(queries) == 1:
                    return self._db.execute(queries[0]).fetchall()
                self._db.execute("BEGIN")
                try:
                    return [self._db.execute(query).fetchall() for query in queries]
                finally:
                    self._db.execute("COMMIT")  # it wrote nothing: ends the reading
            except (sqlite3.DatabaseError, OSError) as exc:
                if isinstance(exc, sqlite3.ProgrammingError):
                    raise
                raise StoreUnusable(_cannot("read", self.path, exc)) from None

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK when the block raises. A write that fails on
    the file or the disk (full, locked, an I/O error) becomes StoreUnavailable with nothing
    of it kept; a broken constraint (a move number taken) stays sqlite3.IntegrityError."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        try:
            self._rollback()  # a transaction a failed ROLLBACK left open
            self.db.execute("BEGIN IMMEDIATE")
        except (sqlite3.DatabaseError, OSError) as exc:
            raise _unavailable(exc) from None

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        if error is None:
            try:
                self.db.execute("COMMIT")
                return
            except (sqlite3.DatabaseError, OSError) as exc:
                error = exc
        self._rollback()
        if _passing(error):
            raise _unavailable(error) from None
        if isinstance(error, BaseException) and kind is None:
            raise error  # COMMIT refused by a constraint

    def _rollback(self) -> None:
        """Undo whatever the open transaction wrote. SQLite may have rolled back already
        (a full disk can do that); if the ROLLBACK itself fails, the next write retries it."""
        if self.db.in_transaction:
            try:
                self.db.execute("ROLLBACK")
            except (sqlite3.DatabaseError, OSError):
                pass


def _passing(error: object) -> TypeGuard[Exception]:
    """Whether ``error`` is the file's or the disk's failure (a write may succeed later),
    not a broken constraint or a bug."""
    return isinstance(error, (sqlite3.DatabaseError, OSError)) and not isinstance(
        error, (sqlite3.IntegrityError, sqlite3.ProgrammingError))


def _code(exc: BaseException) -> int | None:
    """SQLite's primary result code of an error (SQLITE_FULL...), if it has one."""
    code = getattr(exc, "sqlite_errorcode", None)
    return code & 0xFF if isinstance(code, int) else None


def _words(exc: BaseException) -> str:
    """What went wrong with the file, in words a host reads."""
    code = _code(exc)
    if code == sqlite3.SQLITE_FULL or getattr(exc, "errno", None) == errno.ENOSPC:
        return "the disk is full"
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
        return "the tables' file is locked by another program"
    if code == sqlite3.SQLITE_READONLY:
        return "the tables' file cannot be written (it is read-only)"
    if code == sqlite3.SQLITE_IOERR:
        return "the disk failed to read or write the tables' file"
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return shorten(str(exc), 80) or "an unknown error"


def _cannot(doing: str, path: Path, exc: BaseException) -> str:
    """The line saying the store's file cannot be opened or read, and what to do."""
    if _code(exc) == sqlite3.SQLITE_CORRUPT:
        return (f"cannot {doing} {path}: the file was damaged; restore it from a backup, or "
                "move it away to start with no tables")
    return f"cannot {doing} {path}: {_words(exc)}; check that the --data folder can be written"


def _unavailable(exc: BaseException) -> StoreUnavailable:
    return StoreUnavailable(_words(exc))


def _is_id(value: object) -> bool:
    """Whether a stored table id is one a link can name (as the server makes them)."""
    return type(value) is str and 0 < len(value) <= 64 and value.isprintable()


def _is_count(value: object, least: int) -> bool:
    """Whether a stored number (a seat, a move number) is a whole number from ``least``."""
    return type(value) is int and value >= least


def _shown(value: object) -> str:
    """A stored value as a log line shows it (whatever a damaged file holds there)."""
    return str(value) if type(value) is int else shorten(repr(value), 40)


def _left_out(table_id: object, what: str) -> None:
    """Log, in one line, a row left out because it cannot be read."""
    shown = table_id if _is_id(table_id) else _shown(table_id)
    log.warning("table %s: %s cannot be read (%s); left out", shown, what, _DAMAGED)


def _parsed(value: object, what: str) -> Any:
    """A stored JSON column, parsed as a record file is; otherwise CorruptRecord saying
    ``what`` ("its move 3 is") not JSON."""
    if type(value) is not str:  # a blob or a number where JSON text belongs
        raise CorruptRecord(f"{what} not valid JSON")
    try:
        return parse_json(value)
    except CorruptRecord:
        raise CorruptRecord(f"{what} not valid JSON") from None


def _record(game: object, players: object, seed: object, options: object, seats: object,
            moves: list[tuple[Any, Any]]) -> Record:
    """A table's record from its rows, through the checks a record file gets
    (:meth:`Record.from_data`); CorruptRecord in one line saying which row is wrong."""
    data: dict[str, Any] = {"format": RECORD_FORMAT, "version": RECORD_VERSION,
                            "game": game, "players": players, "seed": seed}
    data["options"] = _parsed(options, "its options are")
    if type(data["options"]) is not dict:
        raise CorruptRecord("its options are not a JSON object")
    data["seats"] = _parsed(seats, "its seats are")
    if type(data["seats"]) is not list:
        raise CorruptRecord("its seats are not a JSON list")
    actions: list[Any] = []
    for number, (step, action) in enumerate(moves, start=1):
        if step != number or type(step) is not int:
            raise CorruptRecord("its moves are not numbered 1, 2, 3...")
        actions.append(_parsed(action, f"its move {step} is"))
        if type(actions[-1]) is not dict:
            raise CorruptRecord(f"its move {step} is not a JSON object")
    data["actions"] = actions
    return Record.from_data(data)
