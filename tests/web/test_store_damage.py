"""A damaged store never stops the server: a row that cannot be read disables its table alone
(503 with one line), a file that cannot be the store is refused in one line, and a write
that fails now (a full disk, a locked file) keeps nothing and leaves the store usable."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from tabletop.cli import main
from tabletop.record import Record
from tabletop.web import create_app
from tabletop.web.store import FILENAME, Link, Store, StoreUnavailable, StoreUnusable
from tests.web.conftest import Client, Made, ServerProcess, auth, decision, make_table

GOOD = Record("tic_tac_toe", 2, 1, {}, ["human", "human"])
MOVES = [{"cell": 4}, {"cell": 0}, {"cell": 8}]


def damage(data: Path, sql: str, *args: object) -> None:
    """Change the store's file behind the server's back, as a failing disk or a careless
    hand would."""
    with sqlite3.connect(data / FILENAME) as db:
        db.execute(sql, args)
    db.close()


def stored_store(data: Path) -> None:
    """Two tables of three moves each, ``good`` and ``bad``, written by the store itself."""
    store = Store(data)
    for table_id in ("good", "bad"):
        store.create_table(table_id, GOOD, {})
        for step, action in enumerate(MOVES, start=1):
            store.add_move(table_id, step, action)
    store.close()


def loaded(data: Path) -> dict[str, Record | str]:
    store = Store(data)
    try:
        return dict(store.records())
    finally:
        store.close()


@pytest.mark.parametrize(("sql", "words"), [
    ("UPDATE moves SET action = '{\"cell\": ' WHERE step = 2 AND table_id = ?",
     "its move 2 is not valid JSON: the stored file was damaged"),
    ("UPDATE moves SET action = '[4, 0]' WHERE step = 2 AND table_id = ?",
     "its move 2 is not a JSON object: the stored file was damaged"),
    ("UPDATE moves SET action = X'7b7d' WHERE step = 3 AND table_id = ?",
     "its move 3 is not valid JSON"),
    ("UPDATE moves SET action = '{\"cell\": NaN}' WHERE step = 1 AND table_id = ?",
     "its move 1 is not valid JSON"),
    ("UPDATE moves SET step = 'two' WHERE step = 2 AND table_id = ?",
     "its moves are not numbered 1, 2, 3"),
    ("DELETE FROM moves WHERE step = 2 AND table_id = ?", "its moves are not numbered 1, 2, 3"),
    ("UPDATE tables SET options = '{oops' WHERE id = ?", "its options are not valid JSON"),
    ("UPDATE tables SET options = '[]' WHERE id = ?", "its options are not a JSON object"),
    ("UPDATE tables SET seats = 'human' WHERE id = ?", "its seats are not valid JSON"),
    ("UPDATE tables SET seats = '{\"0\": \"human\"}' WHERE id = ?",
     "its seats are not a JSON list"),
    ("UPDATE tables SET seats = '[1, 2]' WHERE id = ?",
     "record field 'seats' must list agent kinds"),
    ("UPDATE tables SET players = 'two' WHERE id = ?", "record field 'players'"),
])
def test_a_row_that_cannot_be_read_disables_its_table_alone(tmp_path: Path, sql: str,
                                                           words: str) -> None:
    data = tmp_path / "data"
    stored_store(data)
    damage(data, sql, "bad")
    tables = loaded(data)
    assert set(tables) == {"good", "bad"}
    good = tables["good"]
    assert isinstance(good, Record) and good.actions == MOVES and good.seats == GOOD.seats
    reason = tables["bad"]
    assert isinstance(reason, str) and words in reason, reason
    assert reason.endswith(": the stored file was damaged")
    assert "\n" not in reason and len(reason) <= 100
    assert "Traceback" not in reason and "Error" not in reason


def test_undamaged_tables_load_as_stored(tmp_path: Path) -> None:
    data = tmp_path / "data"
    stored_store(data)
    assert loaded(data) == {
        "good": Record("tic_tac_toe", 2, 1, {}, ["human", "human"], MOVES),
        "bad": Record("tic_tac_toe", 2, 1, {}, ["human", "human"], MOVES)}


def test_damaged_rows_beside_the_moves_are_left_out_with_one_log_line(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    data = tmp_path / "data"
    store = Store(data)
    for table_id in ("good", "bad"):
        store.create_table(table_id, GOOD, {}, single={0: True, 1: False},
                           names={0: "Ann", 1: "Bob"}, facts={"spectator_chat": True})
        store.add_move(table_id, 1, MOVES[0], automatic=True)
        store.add_chat(table_id, 1, 0, "hello", 100.0)
    store.close()
    damage(data, "UPDATE table_facts SET value = '{true' WHERE table_id = 'bad'")
    damage(data, "UPDATE seat_settings SET single = 'yes' WHERE table_id = 'bad' AND seat = 0")
    damage(data, "UPDATE seat_names SET name = X'00ff' WHERE table_id = 'bad' AND seat = 1")
    damage(data, "UPDATE chat SET text = X'00ff' WHERE table_id = 'bad'")
    damage(data, "UPDATE automatic_moves SET step = 'one' WHERE table_id = 'bad'")
    store = Store(data)
    with caplog.at_level(logging.WARNING, logger="tabletop.web"):
        facts, settings = store.facts(), store.settings()
        names, chats, automatic = store.names(), store.chats(), store.automatic()
    store.close()
    assert facts == {"good": {"spectator_chat": True}}
    assert settings == {"good": {0: True, 1: False}, "bad": {1: False}}
    assert names == {"good": {0: "Ann", 1: "Bob"}, "bad": {0: "Ann"}}
    assert chats == {"good": [(1, 0, "hello", 100.0)]}
    assert automatic == {"good": {1}}
    lines = [r.getMessage() for r in caplog.records if r.name == "tabletop.web"]
    assert len(lines) == 5, lines
    assert all(line.startswith("table bad: ") and "\n" not in line for line in lines), lines
    assert all("the stored file was damaged" in line for line in lines), lines


# -- through the app ----------------------------------------------------------------------
@pytest.fixture
def prepared(tmp_path: Path) -> Iterator[tuple[Path, Made, Made]]:
    """A data folder with two tables of three moves each, ``good`` and ``bad`` (the test
    damages ``bad``'s rows before the server starts again)."""
    data = tmp_path / "data"
    with Client(create_app(data, bot_delay=0)) as client:
        good = make_table(client, "tic_tac_toe", ["human", "human"], seed=1)
        bad = make_table(client, "tic_tac_toe", ["human", "human"], seed=2)
        for made in (good, bad):
            for move in range(3):
                answer = client.post(made.url("act"), headers=auth(str(made.hotseat)),
                                     params={"seat": move % 2 + 1},
                                     json={"move": move, "decision": decision(client, made),
                                           "action": 0})
                assert answer.status_code == 200, answer.text
    yield data, good, bad


@pytest.mark.parametrize(("sql", "words"), [
    ("UPDATE moves SET action = '{\"cell\"' WHERE step = 3 AND table_id = ?",
     "its move 3 is not valid JSON"),
    ("UPDATE tables SET options = 'not json' WHERE id = ?", "its options are not valid JSON"),
    ("UPDATE moves SET action = '\"center\"' WHERE step = 1 AND table_id = ?",
     "its move 1 is not a JSON object"),
])
def test_the_app_answers_503_for_a_damaged_table_and_serves_the_others(
        prepared: tuple[Path, Made, Made], sql: str, words: str,
        caplog: pytest.LogCaptureFixture) -> None:
    data, good, bad = prepared
    damage(data, sql, bad.id)
    with caplog.at_level(logging.WARNING, logger="tabletop.web"), \
            Client(create_app(data, bot_delay=0)) as client:
        answer = client.get(bad.url("view"), headers=auth(bad.spectator))
        assert answer.status_code == 503
        message = answer.json()["error"]
        assert message == f"table {bad.id} cannot be opened: {words}: the stored file was " \
                          "damaged", message
        assert len(message) <= 100
        seen = client.get(good.url("view"), headers=auth(good.spectator))
        assert seen.status_code == 200 and seen.json()["move"] == 3
        assert client.post("/api/tables", json={"game": "tic_tac_toe", "players": 2,
                                                "seats": ["human", "human"]}).status_code == 201
    logged = [r.getMessage() for r in caplog.records if bad.id in r.getMessage()]
    assert len(logged) == 1 and words in logged[0]


def test_a_real_server_starts_past_a_damaged_row_without_a_traceback(
        prepared: tuple[Path, Made, Made]) -> None:
    data, good, bad = prepared
    damage(data, "UPDATE moves SET action = 'garbage' WHERE step = 2 AND table_id = ?", bad.id)
    server = ServerProcess(data).start()
    try:
        answer = server.http.get(bad.url("view"), headers=auth(bad.spectator))
        assert answer.status_code == 503
        assert "its move 2 is not valid JSON" in answer.json()["error"]
        assert server.http.get(good.url("view"),
                               headers=auth(good.spectator)).status_code == 200
    finally:
        server.stop()
    output = server.log.read_text()
    assert "Traceback" not in output, output
    assert output.count(f"table {bad.id} cannot be rebuilt: its move 2") == 1, output


# -- a file that cannot be the store ------------------------------------------------------
def test_a_file_that_is_not_sqlite_is_one_line(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / FILENAME).write_bytes(b"these are not the tables you are looking for\n" * 100)
    with pytest.raises(StoreUnusable) as caught:
        Store(data)
    message = str(caught.value)
    assert "\n" not in message and str(data / FILENAME) in message
    assert "is not an SQLite database" in message and "move it away" in message
    # nothing was written over it
    assert (data / FILENAME).read_bytes().startswith(b"these are not the tables")


def test_serve_refuses_a_file_that_is_not_sqlite_in_one_line(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / FILENAME).write_bytes(b"\x00garbage" * 500)
    result = CliRunner().invoke(main, ["serve", "--port", "0", "--data", str(data)])
    assert result.exit_code == 2, result.output
    assert result.output.startswith("Error: ") and result.output.count("\n") == 1
    assert "is not an SQLite database" in result.output and "Traceback" not in result.output


def test_serve_refuses_a_store_whose_links_were_dropped_in_one_line(tmp_path: Path) -> None:
    data = tmp_path / "data"
    Store(data).close()
    with sqlite3.connect(data / FILENAME) as db:
        db.execute("DROP TABLE links")
    db.close()
    result = CliRunner().invoke(main, ["serve", "--port", "0", "--data", str(data)])
    assert result.exit_code == 2, result.output
    assert result.output.count("\n") == 1 and "its links table is missing" in result.output


def test_a_file_that_cannot_be_opened_is_one_line(tmp_path: Path) -> None:
    data = tmp_path / "data"
    (data / FILENAME).mkdir(parents=True)  # a folder where the file should be
    with pytest.raises(StoreUnusable) as caught:
        Store(data)
    message = str(caught.value)
    assert "\n" not in message and str(data / FILENAME) in message
    assert message.startswith("cannot open")


def test_a_damaged_page_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    data = tmp_path / "data"
    store = Store(data)
    store.create_table("t", GOOD, {})
    for step in range(1, 200):
        store.add_move("t", step, {"cell": 4, "note": "y" * 200})
    store.check()  # undamaged
    store.close()  # the last connection closed: every page is in the file itself
    raw = bytearray((data / FILENAME).read_bytes())
    page = 4096
    assert len(raw) > 10 * page
    raw[5 * page:6 * page] = b"\xff" * page  # one page of moves overwritten
    (data / FILENAME).write_bytes(bytes(raw))
    store = Store(data)
    with pytest.raises(StoreUnusable) as checked:
        store.check()
    with pytest.raises(StoreUnusable) as read:
        dict(store.records())
    store.close()
    for caught in (checked, read):
        assert str(caught.value) == f"cannot read {data / FILENAME}: the file was damaged; " \
                                    "restore it from a backup, or move it away to start " \
                                    "with no tables"


def test_a_new_or_empty_file_is_a_store_with_no_tables(tmp_path: Path) -> None:
    assert loaded(tmp_path / "new") == {}
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty" / FILENAME).write_bytes(b"")
    assert loaded(tmp_path / "empty") == {}
    store = Store(tmp_path / "empty")
    store.create_table("t", GOOD, {"token": Link("t", "spectator")})
    store.close()
    assert list(Store(tmp_path / "empty").links().values()) == [Link("t", "spectator")]


@pytest.mark.parametrize("table", ["links", "moves", "tables"])
def test_a_dropped_table_is_reported_not_made_again_empty(tmp_path: Path, table: str) -> None:
    data = tmp_path / "data"
    store = Store(data)
    store.create_table("t", GOOD, {"token": Link("t", "spectator")})
    store.add_move("t", 1, MOVES[0])
    store.close()
    with sqlite3.connect(data / FILENAME) as db:
        db.execute("PRAGMA foreign_keys = OFF")
        db.execute(f"DROP TABLE {table}")
    db.close()
    with pytest.raises(StoreUnusable) as caught:
        Store(data)
    message = str(caught.value)
    assert f"its {table} table is missing: the file was damaged; restore it from a backup, " \
           "or move it away to start with no tables" in message
    assert "\n" not in message
    with sqlite3.connect(data / FILENAME) as db:  # not created again behind the host's back
        assert db.execute("SELECT count(*) FROM sqlite_master WHERE name = ?",
                          (table,)).fetchone() == (0,)
    db.close()


def test_an_older_file_without_the_later_tables_gains_them(tmp_path: Path) -> None:
    data = tmp_path / "data"
    store = Store(data)
    store.create_table("t", GOOD, {})
    store.close()
    with sqlite3.connect(data / FILENAME) as db:
        for later in ("automatic_moves", "seat_settings", "seat_names", "chat", "table_facts"):
            db.execute(f"DROP TABLE {later}")
    db.close()
    store = Store(data)
    store.set_fact("t", "rematch", "u")
    assert store.facts() == {"t": {"rematch": "u"}}
    store.close()


# -- a write that fails now ---------------------------------------------------------------
def fill_the_disk(store: Store) -> None:
    """SQLite's own limit: the file may not grow past the pages it has now."""
    pages = store._db.execute("PRAGMA page_count").fetchone()[0]
    store._db.execute(f"PRAGMA max_page_count = {pages}")


def free_the_disk(store: Store) -> None:
    store._db.execute("PRAGMA max_page_count = 1000000")


BIG = {"cell": 4, "note": "x" * 20_000}  # needs pages the file does not have


def test_a_full_disk_keeps_nothing_and_the_same_move_succeeds_once_freed(
        tmp_path: Path) -> None:
    data = tmp_path / "data"
    store = Store(data)
    store.create_table("t", GOOD, {})
    store.add_move("t", 1, MOVES[0])
    fill_the_disk(store)
    with pytest.raises(StoreUnavailable) as caught:
        store.add_move("t", 2, BIG, automatic=True)
    assert caught.value.message == "the disk is full"
    assert str(caught.value) == "the disk is full"
    assert dict(store.records()) == {"t": Record("tic_tac_toe", 2, 1, {}, GOOD.seats,
                                                 MOVES[:1])}
    assert store.automatic() == {}
    with pytest.raises(StoreUnavailable):  # still full: refused again, the same way
        store.add_move("t", 2, BIG, automatic=True)
    free_the_disk(store)
    store.add_move("t", 2, BIG, automatic=True)
    assert dict(store.records())["t"] == Record("tic_tac_toe", 2, 1, {}, GOOD.seats,
                                                [MOVES[0], BIG])
    assert store.automatic() == {"t": {2}}
    store.close()
    assert loaded(data)["t"] == Record("tic_tac_toe", 2, 1, {}, GOOD.seats, [MOVES[0], BIG])


def every_write(store: Store, write: str) -> None:
    """One write of each kind, each needing pages the file may not have (a long text)."""
    big = "x" * 20_000
    if write == "create_table":
        store.create_table("u", Record("tic_tac_toe", 2, 1, {"note": big}, GOOD.seats),
                           {"token": Link("u", "spectator")}, single={0: True},
                           names={0: "Ann"}, facts={"note": big})
    elif write == "add_move":
        store.add_move("t", len(MOVES) + 1, {"cell": 5, "note": big}, automatic=True)
    elif write == "add_link":
        store.add_link("token", Link("t", "spectator"))
    elif write == "set_single":
        store.set_single("t", 1, True)
    elif write == "remove_moves":
        store.remove_moves("t", 1)
    elif write == "set_name":
        store.set_name("t", 0, big)
    elif write == "add_chat":
        store.add_chat("t", 1, 0, big, 1.0)
    else:
        store.set_fact("t", "note", big)


WRITES = ["create_table", "add_move", "add_link", "set_single", "remove_moves", "set_name",
          "add_chat", "set_fact"]


def everything(store: Store) -> tuple[object, ...]:
    return (dict(store.records()), store.links(), store.automatic(), store.settings(),
            store.names(), store.chats(), store.facts())


def stored_table(data: Path) -> Store:
    store = Store(data)
    store.create_table("t", GOOD, {})
    for step, action in enumerate(MOVES, start=1):
        store.add_move("t", step, action)
    return store


@pytest.mark.parametrize("write", [w for w in WRITES if w not in ("add_link", "set_single",
                                                                  "remove_moves")])
def test_every_write_on_a_full_disk_keeps_nothing(tmp_path: Path, write: str) -> None:
    store = stored_table(tmp_path / "data")
    before = everything(store)
    fill_the_disk(store)
    with pytest.raises(StoreUnavailable) as caught:
        every_write(store, write)
    assert caught.value.message == "the disk is full"
    assert everything(store) == before
    free_the_disk(store)
    every_write(store, write)  # the connection is usable again
    assert everything(store) != before
    store.close()


@pytest.mark.parametrize("write", WRITES)
def test_every_write_on_a_locked_file_keeps_nothing(tmp_path: Path, write: str) -> None:
    data = tmp_path / "data"
    store = stored_table(data)
    store._db.execute("PRAGMA busy_timeout = 10")  # not the 5 s a server waits
    before = everything(store)
    other = sqlite3.connect(data / FILENAME, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another program writing
    with pytest.raises(StoreUnavailable) as caught:
        every_write(store, write)
    other.execute("ROLLBACK")
    other.close()
    assert caught.value.message == "the tables' file is locked by another program"
    assert everything(store) == before
    every_write(store, write)
    assert everything(store) != before
    store.close()


def test_a_move_number_taken_is_still_an_integrity_error(tmp_path: Path) -> None:
    store = Store(tmp_path / "data")
    store.create_table("t", GOOD, {})
    store.add_move("t", 1, MOVES[0])
    with pytest.raises(sqlite3.IntegrityError):
        store.add_move("t", 1, MOVES[1])
    store.add_move("t", 2, MOVES[1])
    assert dict(store.records())["t"] == Record("tic_tac_toe", 2, 1, {}, GOOD.seats,
                                                MOVES[:2])
    store.close()
