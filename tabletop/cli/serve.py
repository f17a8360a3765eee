"""``tabletop serve``: the browser table, a local web server in one command."""

from __future__ import annotations

import socket
from pathlib import Path

import click

from tabletop.errors import InvalidOptions

#: addresses that only this machine reaches
LOOPBACK = ("127.0.0.1", "localhost", "::1")
#: the addresses that mean "every address of this machine"
WILDCARD = ("0.0.0.0", "::", "")
#: a documentation address (TEST-NET-1): connecting a UDP socket to it sends nothing but
#: tells which local address the machine's default route leaves from
OUTWARD = ("192.0.2.1", 9)


def _listen(host: str, port: int, backlog: int) -> socket.socket:
    """A socket bound to ``host:port``, listening with a queue of ``backlog`` connections
    (InvalidOptions in one line if it cannot be)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        raise InvalidOptions(f"--host {host[:60]}: {exc.strerror}") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
    except OSError as exc:
        sock.close()
        raise InvalidOptions(f"cannot listen on {host}:{port}: {exc.strerror} "
                             "(choose another --port)") from None
    sock.listen(backlog)  # uvicorn sets the same queue again
    sock.set_inheritable(True)
    return sock


def _check_folder(data: Path) -> None:
    """Refuse a data folder the tables could not be stored in, or whose store file is not
    one (StoreUnusable, one line)."""
    from tabletop.web.store import Store

    try:
        data.mkdir(parents=True, exist_ok=True)
        probe = data / ".tabletop-probe"
        probe.write_text("", encoding="utf-8")
        probe.unlink()
    except OSError as exc:
        raise InvalidOptions(f"--data {data}: cannot store tables there "
                             f"({exc.strerror})") from None
    Store(data).close()  # a file that is not SQLite: one line now, not a failed start


def _addresses(name: str) -> list[str]:
    """The addresses ``name`` resolves to (none if it does not)."""
    try:
        infos = socket.getaddrinfo(name, None, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        return []
    return [str(info[4][0]).split("%")[0] for info in infos]


def _this_machine() -> list[str]:
    """The names and addresses other devices may reach this machine by: its host name(s),
    what they resolve to and the address its default route leaves from."""
    names = [socket.gethostname()]
    fqdn = socket.getfqdn()
    if fqdn not in names and fqdn not in LOOPBACK:
        names.append(fqdn)
    found = list(names)
    for name in names:
        found += _addresses(name)
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(OUTWARD)
            found.append(probe.getsockname()[0])
    except OSError:
        pass  # no route out: the machine's names will do
    return found


def allowed_hosts(host: str, extra: tuple[str, ...]) -> tuple[str, ...]:
    """The ``Host`` names the server answers to when it listens on ``host``: that address
    (and what it resolves to), for a loopback address every loopback name, for every address
    (0.0.0.0, ::) this machine's names and addresses and the loopback ones; then ``extra``
    (``--allowed-host``). Each once, lower case, in that order."""
    from tabletop.web.guard import host_name, split_host

    found: list[str] = []
    if host in WILDCARD:
        found += _this_machine()
        found += LOOPBACK
    else:
        found += [host, *_addresses(host)]
        if host in LOOPBACK or any(a in LOOPBACK for a in _addresses(host)):
            found += LOOPBACK
    for name in extra:
        if split_host(name) is None and split_host(f"[{name}]") is None:
            raise InvalidOptions(f"--allowed-host {name[:60]!r} is not a host name or "
                                 "address")
        parsed = split_host(name) or split_host(f"[{name}]")
        assert parsed is not None
        found.append(parsed[0])
    names: list[str] = []
    for name in found:
        name = host_name(name)
        if name and name not in names:
            names.append(name)
    return tuple(names)


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="the address to listen on; only this machine reaches 127.0.0.1, so give "
                   "another address only to let other devices in")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="the port (0: any free one, printed)")
@click.option("--data", type=click.Path(file_okay=False, path_type=Path),
              default=Path("tabletop-data"), show_default=True,
              help="the folder of the tables' SQLite file")
@click.option("--bot-delay", type=click.FloatRange(0, 10), default=0.8, show_default=True,
              help="seconds a bot waits before each move, so people see it happen")
@click.option("--allowed-host", "extra_hosts", multiple=True, metavar="NAME",
              help="a name (or address) this server answers to, besides the address it "
                   "listens on (repeat for more); a request naming another host is refused. "
                   "Behind a reverse proxy, name the public name here and have the proxy "
                   "pass the Host header on (nginx: proxy_set_header Host $host)")
@click.option("--max-bot-ms", type=click.IntRange(1, 600_000), default=None,
              metavar="MS", help="the longest a bot may think about a move (default "
                                 "2000); a table asking for more is refused")
@click.option("--bot-workers", type=click.IntRange(1, 256), default=None, metavar="N",
              help="worker processes the bots think in (default: the cores but one, at "
                   "most 4)")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT",
              help="let the bots think on this Dask cluster (pip install 'tabletop[cluster]')")
@click.option("--max-tables", type=click.IntRange(1, 1_000_000), default=None, metavar="N",
              help="games going on at once (default 500); one more is "
                   "refused")
@click.option("--create-burst", type=click.IntRange(1, 1_000_000), default=None,
              metavar="N", help="tables one address may make per 60 s (default 10; "
                             "behind a proxy on another machine, set FORWARDED_ALLOW_IPS to "
                             "its address so that each client counts apart)")
@click.option("--max-connections", type=click.IntRange(1, 1_000_000), default=None,
              metavar="N", help="connections open at once (default 800); one more is "
                                "closed at once")
@click.option("--header-timeout", type=click.IntRange(1, 3600), default=None,
              metavar="SECONDS", help="a connection that sends no request within this is "
                                      "closed (default 10)")
@click.option("--idle-timeout", type=click.IntRange(1, 3600), default=None,
              metavar="SECONDS", help="a kept-alive connection idle this long is closed "
                                      "(default 30; a table's event stream "
                                      "is not idle)")
@click.option("--access-log", is_flag=True, help="print a line for every request")
def serve(host: str, port: int, data: Path, bot_delay: float, extra_hosts: tuple[str, ...],
          max_bot_ms: int | None, bot_workers: int | None, scheduler: str | None,
          max_tables: int | None, create_burst: int | None, max_connections: int | None,
          header_timeout: int | None, idle_timeout: int | None, access_log: bool) -> None:
    """Run the browser table: a lobby to set up games, a private link per seat, bots on
    the server, replays. Every table is kept in the --data folder and survives a restart.
    The server answers only to the names of --host (and --allowed-host), and only its own
    pages may change a table."""
    from tabletop.web import create_app
    from tabletop.web.app import Server
    from tabletop.web.connections import (
        BACKLOG,
        ServerConfig,
        connection_cap,
        raise_open_files,
    )
    from tabletop.web.limits import Limits

    hosts = allowed_hosts(host, extra_hosts)
    d = Limits()  # what a host does not set (the help above says these defaults)
    limits = Limits(
        max_bot_ms=d.max_bot_ms if max_bot_ms is None else max_bot_ms,
        bot_workers=d.bot_workers if bot_workers is None else bot_workers,
        scheduler=scheduler, allowed_hosts=hosts,
        max_tables=d.max_tables if max_tables is None else max_tables,
        create_burst=d.create_burst if create_burst is None else create_burst,
        max_connections=d.max_connections if max_connections is None else max_connections,
        header_timeout=d.header_timeout if header_timeout is None else float(header_timeout),
        idle_timeout=d.idle_timeout if idle_timeout is None else float(idle_timeout))
    _check_folder(data)
    files = raise_open_files()
    cap = connection_cap(limits.max_connections, None if files is None else files[1])
    sock = _listen(host, port, BACKLOG)
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"Tabletop is serving on http://{shown}:{bound}/ (tables in {data}; answering "
               f"to {', '.join(hosts)}); Ctrl-C stops it.")
    if host not in LOOPBACK:
        click.echo(f"Listening on {host}: other devices can reach this server; a table's "
                   "links are its only lock.")
    if cap < limits.max_connections:
        click.echo(f"This process may open {files[1] if files else '?'} files: it takes at "
                   f"most {cap} connections at once, not {limits.max_connections}.")
    app = create_app(data, bot_delay, limits)
    config = ServerConfig(app, limits, None if files is None else files[1], log_level="info",
                          access_log=access_log, timeout_graceful_shutdown=2)
    Server(config, app).run(sockets=[sock])
