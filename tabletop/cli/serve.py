"""``tabletop serve``: the browser table, a local web server in one command."""

from __future__ import annotations

import socket
from pathlib import Path

import click

from tabletop.errors import InvalidOptions

#: addresses that only this machine reaches
LOOPBACK = ("127.0.0.1", "localhost", "::1")


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` (InvalidOptions in one line if it cannot be)."""
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
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def _check_folder(data: Path) -> None:
    """Refuse a data folder the tables could not be stored in."""
    try:
        data.mkdir(parents=True, exist_ok=True)
        probe = data / ".tabletop-probe"
        probe.write_text("", encoding="utf-8")
        probe.unlink()
    except OSError as exc:
        raise InvalidOptions(f"--data {data}: cannot store tables there "
                             f"({exc.strerror})") from None


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
@click.option("--access-log", is_flag=True, help="print a line for every request")
def serve(host: str, port: int, data: Path, bot_delay: float, access_log: bool) -> None:
    """Run the browser table: a lobby to set up games, a private link per seat, bots on
    the server, replays. Every table is kept in the --data folder and survives a restart."""
    import uvicorn

    from tabletop.web import create_app
    from tabletop.web.app import Server

    _check_folder(data)
    sock = _listen(host, port)
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"Tabletop is serving on http://{shown}:{bound}/ (tables in {data}); "
               "Ctrl-C stops it.")
    if host not in LOOPBACK:
        click.echo(f"Listening on {host}: other devices can reach this server; a table's "
                   "links are its only lock.")
    app = create_app(data, bot_delay)
    config = uvicorn.Config(app, log_level="info", access_log=access_log,
                            timeout_graceful_shutdown=2)
    Server(config, app).run(sockets=[sock])
