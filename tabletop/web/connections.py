"""The connection layer of ``tabletop serve``: what a socket may hold of the server.

uvicorn alone lets a connection that sends nothing stay open for good and answers the
connection past ``limit_concurrency`` with a 503 while still holding its socket, so a
stranger with a thousand idle sockets stops the server at the usual limit of 1,024 open
files, and asyncio then logs a traceback for every accept that fails. Here:

- :class:`Connection` (uvicorn's h11 protocol, given as ``http=``) closes a connection that
  sends no complete request headers within ``header_timeout`` seconds (the first request,
  and every later one once its first bytes arrive), and closes at once, before reading
  anything, a connection past ``max_connections``. A kept-alive connection idle between
  requests is closed after ``idle_timeout`` (uvicorn's ``timeout_keep_alive``); a response
  being sent (an event stream, which sends a comment every 15 s) is never cut.
- :func:`raise_open_files` raises the process's soft limit of open files to its hard limit,
  and :func:`connection_cap` keeps the connection cap below it.
- :class:`OneLine` makes asyncio's and uvicorn's reports of a system problem ("socket.accept()
  out of system resource") one line without a traceback, at most once per 10 s each.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Callable
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

from tabletop.web.limits import Limits

log = logging.getLogger(__name__)

#: open files kept for the server's own use (its store, worker pipes, logs) besides
#: connections
RESERVED_FILES = 100
#: the listening socket's queue, and so the most connections asyncio accepts at once before
#: the cap can close any: the cap leaves room for them
BACKLOG = 128
#: seconds between two reports of the same problem
REPORT_EVERY = 10.0
#: the loggers whose reports :class:`OneLine` shortens
LOGGERS = ("asyncio", "uvicorn.error", __name__)


def raise_open_files() -> tuple[int, int] | None:
    """Raise this process's soft limit of open files to its hard limit; returns the soft
    limit before and after (``None`` where there is no such limit, as on Windows)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not on POSIX
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
    if wanted > soft:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        except (ValueError, OSError):  # some systems cap it lower than the hard limit says
            return soft, soft
    return soft, resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def connection_cap(wanted: int, open_files: int | None) -> int:
    """The connection cap the server can keep: ``wanted``, or fewer when the process may
    open only ``open_files`` files: some are kept for the server's own use, and a burst of
    :data:`BACKLOG` connections is accepted before the cap closes the ones past it."""
    if open_files is None:
        return wanted
    return max(1, min(wanted, open_files - RESERVED_FILES - BACKLOG))


class OneLine(logging.Filter):
    """A logging filter for reports of system problems: a report with a traceback of an
    ``OSError`` (or any report of asyncio's) becomes one line, the traceback left out, and
    the same problem is reported at most once per ``every`` seconds (the next report says
    how many were left out). Other tracebacks (a fault of the server's own code) are kept,
    as rarely."""

    def __init__(self, every: float = REPORT_EVERY,
                 clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.every = every
        self.clock = clock
        self._last: dict[tuple[Any, ...], float] = {}
        self._left_out: dict[tuple[Any, ...], int] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        message = record.getMessage()
        first = message.splitlines()[0] if message else ""
        template = str(record.msg).splitlines()
        key = (record.name, template[0][:200] if template else "", type(error).__name__,
               getattr(error, "errno", None))
        now = self.clock()
        last = self._last.get(key)
        if last is not None and now - last < self.every:
            self._left_out[key] = self._left_out.get(key, 0) + 1
            return False
        self._last[key] = now
        if len(self._last) > 1000:  # a flood of distinct problems: forget the old ones
            self._last = {k: t for k, t in self._last.items() if now - t < self.every}
        left_out = self._left_out.pop(key, 0)
        if isinstance(error, OSError) or record.name == "asyncio" or "\n" in message:
            line = first
            if error is not None:
                said = str(error).splitlines()
                line += f": {type(error).__name__}" + (f": {said[0]}" if said else "")
            record.msg, record.args = line, None
            record.exc_info, record.exc_text, record.stack_info = None, None, None
        if left_out:
            record.msg = f"{record.getMessage()} ({left_out} more like it left out)"
            record.args = None
        return True


def quiet_logs(every: float = REPORT_EVERY) -> OneLine:
    """Install one :class:`OneLine` filter on asyncio's, uvicorn's and this module's
    loggers (after uvicorn configured its logging) and return it."""
    one_line = OneLine(every)
    for name in LOGGERS:
        logger = logging.getLogger(name)
        for old in [f for f in logger.filters if isinstance(f, OneLine)]:
            logger.removeFilter(old)
        logger.addFilter(one_line)
    return one_line


class Connection(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with the limits of :class:`ServerConfig`: a header
    timeout and a connection cap (see the module's text)."""

    def __init__(self, config: uvicorn.Config, server_state: ServerState,
                 app_state: dict[str, Any],
                 _loop: asyncio.AbstractEventLoop | None = None) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.limits = config.limits if isinstance(config, ServerConfig) else Limits()
        self.cap = config.cap if isinstance(config, ServerConfig) else self.limits.max_connections
        self.refused = False  # closed at once: past the cap
        self.header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        if len(self.server_state.connections) >= self.cap:
            self.refused = True
            transport.close()
            log.warning("a connection was closed at once: %d are open, the most this "
                        "server takes (--max-connections)", self.cap)
            return
        super().connection_made(transport)
        self._arm_header_timer()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.refused:
            return
        self._stop_header_timer()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.refused:
            return
        # the first bytes of a request after an idle keep-alive: its headers are timed too
        if self.header_timer is None and self._awaiting_headers():
            self._arm_header_timer()
        super().data_received(data)
        if self.header_timer is not None and not self._awaiting_headers():
            self._stop_header_timer()

    def _awaiting_headers(self) -> bool:
        """Whether the connection waits for (the rest of) a request's headers."""
        return self.conn.their_state is h11.IDLE and not self.transport.is_closing()

    def _arm_header_timer(self) -> None:
        self._stop_header_timer()
        self.header_timer = self.loop.call_later(self.limits.header_timeout,
                                                 self._headers_too_slow)

    def _stop_header_timer(self) -> None:
        if self.header_timer is not None:
            self.header_timer.cancel()
            self.header_timer = None

    def _headers_too_slow(self) -> None:
        self.header_timer = None
        if self._awaiting_headers():
            self.transport.close()


class ServerConfig(uvicorn.Config):
    """uvicorn's configuration for ``tabletop serve``: :class:`Connection` as the HTTP
    protocol, ``limits.idle_timeout`` as the keep-alive timeout (whole seconds, rounded up),
    the connection cap :func:`connection_cap` allows with ``open_files``, a listening queue
    of :data:`BACKLOG`, and the logs kept short (:func:`quiet_logs`)."""

    def __init__(self, app: Any, limits: Limits, open_files: int | None = None,
                 **options: Any) -> None:
        options.setdefault("backlog", BACKLOG)
        super().__init__(app, http=Connection,
                         timeout_keep_alive=max(1, math.ceil(limits.idle_timeout)), **options)
        self.limits = limits
        self.cap = connection_cap(limits.max_connections, open_files)
        quiet_logs()
