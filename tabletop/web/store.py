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

The store is used from the server's event loop and its worker threads; one lock serializes
the use of its single connection.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs

from tabletop.record import Record

#: the file under the data folder
FILENAME = "tables.sqlite3"

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
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        self.path = folder / FILENAME
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(_SCHEMA)

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
        """Each table's named seats: table id -> seat -> name."""
        out: dict[str, dict[int, str]] = {}
        with self._lock:
            for table_id, seat, name in self._db.execute(
                    "SELECT table_id, seat, name FROM seat_names"):
                out.setdefault(table_id, {})[seat] = name
        return out

    def add_chat(self, table_id: str, number: int, seat: int | None, text: str,
                 at: float) -> None:
        """Store chat message number ``number`` (from 1) of a table, from ``seat`` (``None``:
        a spectator), said at ``at`` (seconds since the epoch)."""
        with self._lock, self._transaction():
            self._db.execute("INSERT INTO chat VALUES (?, ?, ?, ?, ?)",
                             (table_id, number, seat, text, at))

    def chats(self) -> dict[str, list[tuple[int, int | None, str, float]]]:
        """Each table's chat messages in order: table id -> (number, seat, text, at)."""
        out: dict[str, list[tuple[int, int | None, str, float]]] = {}
        with self._lock:
            for table_id, number, seat, text, at in self._db.execute(
                    "SELECT table_id, number, seat, text, at FROM chat "
                    "ORDER BY table_id, number"):
                out.setdefault(table_id, []).append((number, seat, text, at))
        return out

    def set_fact(self, table_id: str, key: str, value: Any) -> None:
        """Store one fact of a table (any JSON value) under ``key``."""
        with self._lock, self._transaction():
            self._db.execute("INSERT OR REPLACE INTO table_facts VALUES (?, ?, ?)",
                             (table_id, key, json.dumps(value)))

    def facts(self) -> dict[str, dict[str, Any]]:
        """Each table's stored facts: table id -> key -> value."""
        out: dict[str, dict[str, Any]] = {}
        with self._lock:
            for table_id, key, value in self._db.execute(
                    "SELECT table_id, key, value FROM table_facts"):
                out.setdefault(table_id, {})[key] = json.loads(value)
        return out

    def automatic(self) -> dict[str, set[int]]:
        """The moves played for their seat by its settings: table id -> move numbers."""
        out: dict[str, set[int]] = {}
        with self._lock:
            for table_id, step in self._db.execute(
                    "SELECT table_id, step FROM automatic_moves"):
                out.setdefault(table_id, set()).add(step)
        return out

    def settings(self) -> dict[str, dict[int, bool]]:
        """Each table's seats whose setting was stored: table id -> seat -> single."""
        out: dict[str, dict[int, bool]] = {}
        with self._lock:
            for table_id, seat, single in self._db.execute(
                    "SELECT table_id, seat, single FROM seat_settings"):
                out.setdefault(table_id, {})[seat] = bool(single)
        return out

    def records(self) -> Iterator[tuple[str, Record]]:
        """Every table's id and record (moves in order; no result: replaying finds it)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, game, players, seed, options, seats FROM tables ORDER BY created"
            ).fetchall()
            moves: dict[str, list[dict[str, Any]]] = {row[0]: [] for row in rows}
            for table_id, action in self._db.execute(
                    "SELECT table_id, action FROM moves ORDER BY table_id, step"):
                moves[table_id].append(json.loads(action))
        for table_id, game, players, seed, options, seats in rows:
            yield table_id, Record(game, players, seed, json.loads(options), json.loads(seats),
                                   moves[table_id])

    def links(self) -> dict[str, Link]:
        """Every link, by token hash."""
        with self._lock:
            rows = self._db.execute("SELECT token_hash, table_id, role, seat FROM links")
            return {h: Link(table_id, role, seat) for h, table_id, role, seat in rows}

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK when the block raises."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        self.db.execute("COMMIT" if kind is None else "ROLLBACK")
