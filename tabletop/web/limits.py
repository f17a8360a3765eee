"""What a server allows: the limits a host sets with ``tabletop serve``'s options.

One frozen value, given to :func:`~tabletop.web.create_app` and read by the hub (bots,
tables), the request guard (hosts, origins, rates) and the connection layer (timeouts, the
connection cap). The defaults suit a server on one machine for friends on a LAN; the README's
server section says what to change for the internet.
"""

from __future__ import annotations

import os

import attrs


def _workers() -> int:
    return max(1, min(4, (os.cpu_count() or 2) - 1))


@attrs.frozen
class Limits:
    """A server's limits (every figure has the unit its name says)."""

    #: the longest a bot may think about one move; a seat asking for more is refused (400),
    #: and a search given only iterations gets this as its time budget too
    max_bot_ms: int = 2000
    #: worker processes the bots (and replays) think in; at most this many think at once
    bot_workers: int = attrs.field(factory=_workers)
    #: a Dask scheduler's address (``tcp://HOST:8786``): bots think on its cluster instead
    scheduler: str | None = None
    #: the ``Host`` header values served (``None``: any, for tests of the app alone);
    #: ``tabletop serve`` always gives a list (by default the address it binds)
    allowed_hosts: tuple[str, ...] | None = None
    #: tables not yet over that may exist at once; creating one more is refused (503)
    max_tables: int = 500
    #: tables one client (an address) may create per :attr:`create_window` seconds (429)
    create_burst: int = 10
    create_window: float = 60.0
    #: connections open at once; one more is closed at once
    max_connections: int = 800
    #: seconds a connection may take to send a request's headers
    header_timeout: float = 10.0
    #: seconds a kept-alive connection may stay idle between requests
    idle_timeout: float = 30.0
    #: the most moves a record sent to the replay page may hold, and the seconds its
    #: replay may take
    replay_moves: int = 20_000
    replay_seconds: float = 10.0
