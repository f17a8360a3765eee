"""What ``tabletop play`` prints, and how: every line wrapped to the terminal width the
project promises (:data:`tabletop.narration.WIDTH`), long texts through a pager, and a
pass-the-keyboard screen that clears the scrollback too."""

from __future__ import annotations

import sys

import click

from tabletop.narration import wrap_lines

#: clears the screen (2J), moves the cursor home (H) and drops the scrollback (3J)
CLEAR = "\x1b[H\x1b[2J\x1b[3J"


def say(text: str = "") -> None:
    """Print ``text``, each line wrapped at word boundaries to fit the width."""
    click.echo(wrap_lines(text))


def page(text: str) -> None:
    """Show a long text one screen at a time in a terminal (click's pager: ``less`` where
    there is one), or print it whole when the output is not a terminal."""
    text = wrap_lines(text)
    if sys.stdout.isatty():
        click.echo_via_pager(text)
    else:
        click.echo(text)


def clear_for(next_player: str) -> None:
    """The pass-the-keyboard screen: clear the screen and the scrollback (so the previous
    player's hand is not one scroll up), with blank lines first for a terminal that keeps
    its scrollback anyway, then name who takes the keyboard."""
    click.echo("\n" * 40 + CLEAR, nl=False, color=True)  # kept even when not a terminal
    click.echo(f"Pass the keyboard to {next_player}.")
