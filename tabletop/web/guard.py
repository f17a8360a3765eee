"""The request guard: what every HTTP request must be before the application sees it.

- **Host** (DNS rebinding): the ``Host`` header must name one of the hosts the server was
  started for (:attr:`~tabletop.web.limits.Limits.allowed_hosts`, any port); else 400.
  A page of another site whose name was made to point at this server sends its own name.
- **Origin** (cross-site requests): a request that changes something (any method but GET,
  HEAD and OPTIONS) coming from a page of another site is refused with 403 before its body is
  read: its ``Origin`` is not this server's own (the scheme's host and port of its ``Host``),
  or its ``Sec-Fetch-Site`` is neither ``same-origin`` nor ``none``. A request with neither
  header passes: browsers send them with every cross-site POST, scripts and curl send none.
- **Cache-Control**: every answer but a static file is ``no-store`` (views and links must
  not stay in a shared cache).

:class:`CreationRate` counts the tables each client address made lately (the rate limit of
``POST /api/tables``); the app asks it before reading the request.
"""

from __future__ import annotations

import contextlib
import html
import math
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tabletop.web.refusals import Refused

#: the methods that change nothing (every other one is checked for its origin)
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
#: the port a scheme's URL means when it names none
DEFAULT_PORTS = {"http": 80, "https": 443}
#: the values of ``Sec-Fetch-Site`` that mean a page of this server (or the person, typing)
OWN_SITE = frozenset({"same-origin", "none"})
#: the answers that keep their own caching (static files)
STATIC_PREFIX = "/static/"
#: the longest piece of a header an error message repeats
SHOWN = 60


def error_response(path: str, status: int, message: str) -> Response:
    """One line: JSON ``{"error": message}`` for the API (``/api/...``), a tiny page for a
    browser otherwise."""
    if path.startswith("/api/"):
        return JSONResponse({"error": message}, status_code=status)
    page = (f"<!doctype html><meta charset=utf-8><title>Tabletop</title>"
            f"<p>{html.escape(message)}</p><p><a href='/'>Back to the lobby</a></p>")
    return HTMLResponse(page, status_code=status)


def shown(value: str) -> str:
    """A header's value as an error message may repeat it: printable ASCII, cut short."""
    text = "".join(c if " " <= c <= "~" else "?" for c in value[:SHOWN])
    return text + ("..." if len(value) > SHOWN else "")


def host_name(name: str) -> str:
    """A host name or address as compared: no brackets round an IPv6 address, lower case,
    no trailing dot (``[::1]`` -> ``::1``, ``Example.COM.`` -> ``example.com``)."""
    name = name.strip()
    if name.startswith("[") and name.endswith("]"):
        name = name[1:-1]
    return name.lower().rstrip(".")


def split_host(value: str) -> tuple[str, int | None] | None:
    """A ``Host`` header's name (as :func:`host_name` gives it) and port (``None``: not
    given); ``None`` when it is not a host (an IPv6 address without brackets, a bad port)."""
    value = value.strip()
    if value.startswith("["):
        end = value.find("]")
        if end < 0:
            return None
        name, rest = value[1:end], value[end + 1:]
        if rest and not rest.startswith(":"):
            return None
        port = rest[1:]
    else:
        if value.count(":") > 1:
            return None
        name, _, port = value.partition(":")
    name = host_name(name)
    if not name or any(c in name for c in "/\\@ ") or not name.isascii():
        return None
    if not port:
        return name, None
    if not (port.isascii() and port.isdigit()) or len(port) > 5:
        return None
    return name, int(port)


def same_origin(origin: str, host: str | None) -> bool:
    """Whether the ``Origin`` header ``origin`` is this server's own as the request's
    ``Host`` names it: the same host and port. The scheme is not compared: behind a
    reverse proxy with TLS the browser says ``https`` to a server that serves ``http``; a
    ``Host`` without a port means the default port of the origin's scheme."""
    if host is None:
        return False
    parsed = split_host(host)
    try:
        url = urlsplit(origin.strip())
        origin_port = url.port
    except ValueError:
        return False
    if parsed is None or url.scheme not in DEFAULT_PORTS or not url.hostname:
        return False
    if url.path or url.query or url.fragment or url.username or url.password:
        return False
    default = DEFAULT_PORTS[url.scheme]
    name, port = parsed
    return (host_name(url.hostname) == name
            and (origin_port or default) == (port or default))


def cross_site(method: str, headers: Headers) -> str | None:
    """Why a request that ``method`` makes (with ``headers``) is refused as coming from
    another site, in one line; ``None`` when it may go on."""
    if method.upper() in SAFE_METHODS:
        return None
    site = headers.get("sec-fetch-site")
    if site is not None and site.strip().lower() not in OWN_SITE:
        return (f"this request came from another site (Sec-Fetch-Site: {shown(site)}): "
                "tables are changed only from this server's own pages")
    origin = headers.get("origin")
    if origin is not None and not same_origin(origin, headers.get("host")):
        return (f"this request came from another site ({shown(origin)}): tables are "
                "changed only from this server's own pages")
    return None


class Guard:
    """ASGI middleware: refuses a request for another host (400) or from another site (403)
    before the application reads it, and marks every answer but a static file
    ``Cache-Control: no-store``. ``allowed_hosts``: the host names served, any port
    (``None``: any host)."""

    def __init__(self, app: ASGIApp, allowed_hosts: Iterable[str] | None = None) -> None:
        self.app = app
        self.allowed = (None if allowed_hosts is None else
                        frozenset(host_name(h) for h in allowed_hosts))

    def refusal(self, scope: Scope) -> tuple[int, str] | None:
        """The status and one-line reason a request is refused with; ``None``: it passes."""
        headers = Headers(scope=scope)
        if self.allowed is not None:
            host = headers.get("host")
            if host is None:
                return 400, "this server does not answer requests that name no host"
            parsed = split_host(host)
            if parsed is None or parsed[0] not in self.allowed:
                return 400, f"this server does not answer to {shown(host)}"
        why = cross_site(scope["method"], headers)
        return None if why is None else (403, why)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]

        async def send_no_store(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                if not any(k.lower() == b"cache-control" for k, _ in headers):
                    headers.append((b"cache-control", b"no-store"))
                message = {**message, "headers": headers}
            await send(message)

        out = send if path.startswith(STATIC_PREFIX) else send_no_store
        refused = self.refusal(scope)
        if refused is not None:
            await error_response(path, *refused)(scope, receive, out)
            return
        await self.app(scope, receive, out)


class CreationRate:
    """The tables each client (an address) made lately: at most ``burst`` per ``window``
    seconds. :meth:`slot` takes one for a table about to be made and gives it back if the
    table is not made."""

    def __init__(self, burst: int, window: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.burst = burst
        self.window = window
        self.clock = clock
        self._made: dict[str, deque[float]] = {}
        self._prune_at = 1024  # clients kept before the ones with no recent table are dropped

    def take(self, client: str) -> float:
        """Count a table made by ``client`` now and return when; Refused 429, saying how
        long to wait, when it made ``burst`` tables in the last ``window`` seconds."""
        now = self.clock()
        made = self._made.setdefault(client, deque())
        while made and made[0] <= now - self.window:
            made.popleft()
        if len(made) >= self.burst:
            wait = max(1, math.ceil(made[0] + self.window - now))
            raise Refused(429, f"this address made {self.burst} tables in the last "
                               f"{self.window:g} s: wait {wait} s before making another")
        made.append(now)
        if len(self._made) > self._prune_at:
            self._prune(now)
        return now

    def give_back(self, client: str, at: float) -> None:
        """Forget the table counted at ``at`` for ``client`` (it was not made)."""
        made = self._made.get(client)
        if made is not None and at in made:
            made.remove(at)

    @contextlib.contextmanager
    def slot(self, client: str) -> Iterator[None]:
        """A table ``client`` makes in the ``with`` block: counted, unless the block
        fails."""
        at = self.take(client)
        try:
            yield
        except BaseException:
            self.give_back(client, at)
            raise

    def _prune(self, now: float) -> None:
        self._made = {client: made for client, made in self._made.items()
                      if made and made[-1] > now - self.window}
        self._prune_at = max(1024, 2 * len(self._made))
