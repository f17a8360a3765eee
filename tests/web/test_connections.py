"""The connection layer of ``tabletop serve`` (issue 28 §1, "No limits"), in a real server
process: connections that send nothing are closed after the header timeout, kept-alive ones
after the idle timeout (an event stream is never cut), connections past the cap are closed at
once while the server keeps answering, the soft limit of open files is raised, and the log
stays one line per problem. Also what ``tabletop serve`` checks and prints before it starts.

The servers here get small limits through ``serve``'s own options (``--max-connections``,
``--header-timeout``, ``--idle-timeout``); the waits are bounds on what must happen, never
measurements."""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
import logging
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tabletop.cli import main
from tabletop.cli.serve import LOOPBACK, allowed_hosts
from tabletop.errors import InvalidOptions
from tabletop.web.connections import OneLine, connection_cap, quiet_logs
from tabletop.web.store import FILENAME

try:
    import resource
except ImportError:  # pragma: no cover - not on POSIX
    resource = None  # type: ignore[assignment]

TABLE = {"game": "tic_tac_toe", "players": 2, "seats": ["human", "human"], "seed": 1}
#: the longest any closing or answer here may take before the test fails
BOUND = 15.0


class Serve:
    """``tabletop serve`` with ``options`` in a subprocess on a free loopback port;
    ``open_files``: the soft and hard limit of open files it starts with."""

    def __init__(self, tmp: Path, *options: str,
                 open_files: tuple[int, int] | None = None) -> None:
        self.log = tmp / "serve.log"
        command = [str(Path(sys.executable).with_name("tabletop")), "serve", "--port", "0",
                   "--data", str(tmp / "data"), "--bot-delay", "0", *options]
        if open_files is not None:  # set in the process that then becomes the server
            limit = (f"import os, resource, sys; resource.setrlimit(resource.RLIMIT_NOFILE, "
                     f"{open_files!r}); os.execv(sys.argv[1], sys.argv[1:])")
            command = [sys.executable, "-c", limit, *command]
        with self.log.open("w") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT,
                                            env={**os.environ, "PYTHONUNBUFFERED": "1"})
        deadline = time.monotonic() + 30
        found = None
        while found is None:
            assert self.process.poll() is None, self.output()
            assert time.monotonic() < deadline, self.output()
            found = re.search(r"http://127\.0\.0\.1:(\d+)/", self.output())
            time.sleep(0.05)
        self.port = int(found.group(1))
        while True:
            try:
                if self.request("GET", "/static/style.css")[0] == 200:
                    break
            except OSError:
                assert time.monotonic() < deadline, self.output()
                time.sleep(0.05)

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def request(self, method: str, path: str, body: Any = None,
                headers: dict[str, str] | None = None) -> tuple[int, Any]:
        """One request on a connection of its own (closed after it): status and body (its
        JSON when it is JSON)."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=BOUND)
        try:
            connection.request(method, path, None if body is None else json.dumps(body),
                               {"Connection": "close", **(headers or {})})
            answer = connection.getresponse()
            data = answer.read()
            if answer.getheader("content-type", "").startswith("application/json"):
                return answer.status, json.loads(data)
            return answer.status, data
        finally:
            connection.close()

    def connect(self) -> socket.socket:
        return socket.create_connection(("127.0.0.1", self.port), timeout=BOUND)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(2)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@contextlib.contextmanager
def serving(tmp: Path, *options: str, open_files: tuple[int, int] | None = None
            ) -> Iterator[Serve]:
    server = Serve(tmp, *options, open_files=open_files)
    try:
        yield server
    finally:
        server.stop()
    assert "Traceback" not in server.output(), server.output()


def closed_by_server(sock: socket.socket, within: float = BOUND) -> bool:
    """Whether the server closes ``sock`` within ``within`` seconds (what it sends before
    is read and dropped)."""
    sock.settimeout(within)
    try:
        while sock.recv(65536):
            pass
    except (ConnectionResetError, BrokenPipeError):
        return True
    except TimeoutError:
        return False
    return True


def still_open(sock: socket.socket) -> bool:
    """Whether ``sock`` is open and has nothing to read now."""
    sock.setblocking(False)
    try:
        sock.recv(1, socket.MSG_PEEK)
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        sock.setblocking(True)
    return False  # something to read, or the end


# -- timeouts -----------------------------------------------------------------------------
def answers_again(server: Serve) -> None:
    """Wait (at most BOUND seconds) until ``server`` answers a request again."""
    deadline = time.monotonic() + BOUND
    while True:
        try:
            if server.request("GET", "/api/games")[0] == 200:
                return
        except OSError:
            assert time.monotonic() < deadline
            time.sleep(0.05)


def test_connections_that_send_nothing_or_idle_are_closed(tmp_path: Path) -> None:
    with serving(tmp_path, "--header-timeout", "1", "--idle-timeout", "1") as server:
        silent = [server.connect() for _ in range(5)]
        slow = server.connect()  # a request whose headers never end (slowloris)
        slow.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: 1\r\n")
        kept = server.connect()  # one request answered, then kept alive and idle
        kept.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        assert kept.recv(12) == b"HTTP/1.1 200"
        later = server.connect()  # a second request that stalls after an answered one
        later.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET / HTTP/1.1\r\n")
        for sock in [*silent, slow, kept, later]:
            assert closed_by_server(sock)
            sock.close()
        assert server.request("GET", "/api/games")[0] == 200


def test_an_event_stream_outlives_the_timeouts(tmp_path: Path) -> None:
    with serving(tmp_path, "--header-timeout", "1", "--idle-timeout", "1") as server:
        status, made = server.request("POST", "/api/tables", TABLE)
        assert status == 201
        token = made["seats"]["1"].split("#")[1]
        stream = server.connect()
        stream.sendall(f"GET /api/tables/{made['table']}/stream HTTP/1.1\r\n"
                       f"Host: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n\r\n".encode())
        first = b""
        while b"event: table" not in first:
            first += stream.recv(65536)
        time.sleep(3)  # three header timeouts and three idle timeouts
        assert still_open(stream)
        status, _ = server.request("POST", f"/api/tables/{made['table']}/chat",
                                   {"text": "still there?"}, {"Authorization": f"Bearer {token}"})
        assert status == 200
        stream.settimeout(BOUND)
        got = b""
        while b"still there?" not in got:
            chunk = stream.recv(65536)
            assert chunk, "the stream was closed"
            got += chunk
        stream.close()


# -- the connection cap -------------------------------------------------------------------
def test_connections_past_the_cap_are_closed_at_once_and_the_server_answers(
        tmp_path: Path) -> None:
    # a header timeout far longer than the test: only the cap can close a connection here
    with serving(tmp_path, "--max-connections", "4", "--header-timeout", "600") as server:
        held = [server.connect() for _ in range(4)]
        time.sleep(0.3)
        assert all(still_open(sock) for sock in held)
        extra = [server.connect() for _ in range(10)]
        for sock in extra:
            assert closed_by_server(sock, within=BOUND)
            sock.close()
        assert all(still_open(sock) for sock in held)
        for sock in held:
            sock.close()
        answers_again(server)  # the server notices the closes as they reach it
    said = server.output().count("closed at once")
    assert 1 <= said <= 2, server.output()  # one line per 10 s, not one per connection


@pytest.mark.skipif(resource is None or not Path("/proc/self/limits").exists(),
                    reason="needs POSIX limits and /proc")
def test_a_small_open_files_limit_caps_connections_and_the_server_answers(
        tmp_path: Path) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 600:
        pytest.skip("this test opens 600 sockets")
    if soft < 600:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 4096), hard))
    # the server stopped answering at 1,024 open files; here a hard limit of 512
    with serving(tmp_path, open_files=(128, 512)) as server:
        limits = Path(f"/proc/{server.process.pid}/limits").read_text()
        line = next(x for x in limits.splitlines() if x.startswith("Max open files"))
        assert line.split()[3:5] == ["512", "512"], line  # the soft limit raised to hard
        cap = connection_cap(800, 512)
        assert f"at most {cap} connections at once, not 800" in server.output()
        held = [server.connect() for _ in range(cap + 300)]
        deadline = time.monotonic() + BOUND
        while sum(not still_open(sock) for sock in held) < 300:
            assert time.monotonic() < deadline
            time.sleep(0.1)
        assert sum(still_open(sock) for sock in held) == cap
        for sock in held:
            sock.close()
        answers_again(server)
    log = server.output()
    # a burst of accepts can still meet the limit on a busy machine before the cap closes
    # them (asyncio accepts a batch at once): then it is said in one line, not a traceback
    # per connection, and the server goes on answering (above)
    assert len(log.splitlines()) < 15 and "Traceback" not in log, log
    assert log.count("out of system resource") <= 1, log


def test_the_cap_leaves_room_for_the_servers_own_files() -> None:
    assert connection_cap(800, None) == 800
    assert connection_cap(800, 1_048_576) == 800
    assert connection_cap(800, 1024) == 1024 - 228
    assert connection_cap(800, 512) == 512 - 228
    assert connection_cap(800, 50) == 1


# -- the log ------------------------------------------------------------------------------
def test_a_flood_of_accept_failures_is_one_line_per_10_s(
        caplog: pytest.LogCaptureFixture) -> None:
    """asyncio reports each failed accept with a traceback: 10 MB in 20 s in the issue."""
    quiet_logs()
    loop = asyncio.new_event_loop()
    try:
        with caplog.at_level(logging.ERROR, logger="asyncio"):
            for _ in range(500):
                try:
                    raise OSError(24, "Too many open files")
                except OSError as exc:
                    loop.call_exception_handler({
                        "message": "socket.accept() out of system resource",
                        "exception": exc, "socket": "<socket fd=6>"})
    finally:
        loop.close()
    records = [r for r in caplog.records if r.name == "asyncio"]
    assert len(records) == 1
    text = caplog.text
    assert "Traceback" not in text and len(text.strip().splitlines()) == 1
    assert "socket.accept() out of system resource: OSError: [Errno 24] Too many open " \
           "files" in records[0].getMessage()


def test_one_line_says_how_many_reports_it_left_out() -> None:
    now = [0.0]
    one_line = OneLine(every=10, clock=lambda: now[0])

    def record(message: str, error: BaseException | None = None) -> logging.LogRecord:
        info = (type(error), error, error.__traceback__) if error else None
        return logging.LogRecord("uvicorn.error", logging.WARNING, __file__, 1, message, None,
                                 info)

    assert one_line.filter(record("Invalid HTTP request received."))
    for _ in range(7):
        assert not one_line.filter(record("Invalid HTTP request received."))
    assert one_line.filter(record("another problem"))
    now[0] = 10.5
    again = record("Invalid HTTP request received.")
    assert one_line.filter(again)
    assert again.getMessage() == "Invalid HTTP request received. (7 more like it left out)"
    failed = record("Exception in ASGI application", OSError(28, "No space left on device"))
    assert one_line.filter(failed) and failed.exc_info is None
    assert failed.getMessage() == ("Exception in ASGI application: OSError: [Errno 28] No "
                                   "space left on device")


# -- what serve checks and prints before it starts ------------------------------------------
def test_serve_answers_to_the_names_it_prints_and_no_other(tmp_path: Path) -> None:
    with serving(tmp_path, "--allowed-host", "Tables.Example.org") as server:
        assert "answering to 127.0.0.1, localhost, ::1, tables.example.org)" in \
            server.output()
        assert server.request("GET", "/api/games", headers={"Host": "localhost:1"})[0] == 200
        assert server.request("GET", "/", headers={"Host": "tables.example.org"})[0] == 200
        status, body = server.request("GET", "/api/games", headers={"Host": "evil.example"})
        assert status == 400 and body == {"error": "this server does not answer to "
                                                   "evil.example"}
        status, body = server.request("POST", "/api/tables", TABLE,
                                      {"Origin": "http://evil.example"})
        assert status == 403 and "another site" in body["error"]


def test_the_default_hosts_of_each_kind_of_address() -> None:
    assert allowed_hosts("127.0.0.1", ()) == LOOPBACK
    assert allowed_hosts("localhost", ())[:1] == ("localhost",)
    assert set(LOOPBACK) <= set(allowed_hosts("localhost", ()))
    assert allowed_hosts("192.0.2.10", ("[2001:db8::1]", "2001:db8::2", "A.example:80")) == \
        ("192.0.2.10", "2001:db8::1", "2001:db8::2", "a.example")
    everywhere = allowed_hosts("0.0.0.0", ())
    assert socket.gethostname().lower() in everywhere and set(LOOPBACK) <= set(everywhere)
    with pytest.raises(InvalidOptions, match="is not a host name"):
        allowed_hosts("127.0.0.1", ("bad name",))


def test_a_bad_allowed_host_is_one_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["serve", "--data", str(tmp_path / "d"),
                                       "--allowed-host", "http://x/"])
    assert result.exit_code == 2 and result.output.count("\n") == 1
    assert "--allowed-host 'http://x/' is not a host name" in result.output


def test_a_store_file_that_is_not_sqlite_is_one_line(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir()
    (data / FILENAME).write_bytes(b"this is not a database, just some text " * 100)
    result = CliRunner().invoke(main, ["serve", "--data", str(data), "--port", "0"])
    assert result.exit_code == 2, result.output
    assert result.output.count("\n") == 1 and "Traceback" not in result.output
    assert "not an SQLite database" in result.output


def test_the_help_says_the_limits_defaults() -> None:
    from tabletop.web.limits import Limits

    text = " ".join(CliRunner().invoke(main, ["serve", "--help"]).output.split())
    d = Limits()
    for said in (f"(default {d.max_bot_ms})", f"(default {d.max_tables})",
                 f"per {d.create_window:g} s (default {d.create_burst};",
                 f"(default {d.max_connections})", f"(default {d.header_timeout:g})",
                 f"(default {d.idle_timeout:g};", "Behind a reverse proxy, name the public"):
        assert said in text, said
