"""Running the ``tabletop`` command inside a test, as the CLI tests all do."""

from __future__ import annotations

from collections.abc import Mapping

from click.testing import CliRunner

from tabletop.cli import main


def run_cli(*args: str, stdin: str | None = None,
            env: Mapping[str, str] | None = None) -> tuple[int, str]:
    """``tabletop ARGS`` with ``stdin`` typed in: its exit code and what it printed. Fails the
    test on an exception other than the command's own exit, or a traceback on screen."""
    result = CliRunner().invoke(main, list(args), input=stdin, env=env)
    assert not isinstance(result.exception, Exception) or isinstance(
        result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result.exit_code, result.output
