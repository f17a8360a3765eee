"""``tabletop serve`` refuses what it cannot do in one line (exit code 2), before starting."""

from __future__ import annotations

import socket
from pathlib import Path

from click.testing import CliRunner

from tabletop.cli import main


def serve(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["serve", *args])
    return result.exit_code, result.output


def test_a_port_in_use_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = str(taken.getsockname()[1])
        code, out = serve("--port", port, "--data", str(tmp_path / "data"))
    assert code == 2 and f"cannot listen on 127.0.0.1:{port}" in out
    assert "choose another --port" in out and out.count("\n") == 1


def test_a_data_folder_that_is_a_file_is_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("not a folder")
    code, out = serve("--data", str(blocker / "inside"))
    assert code == 2 and "cannot store tables there" in out and out.count("\n") == 1


def test_an_unknown_host_is_one_line(tmp_path: Path) -> None:
    code, out = serve("--host", "no-such-host.invalid", "--data", str(tmp_path / "d"))
    assert code == 2 and out.startswith("Error: --host no-such-host.invalid") and \
        out.count("\n") == 1
