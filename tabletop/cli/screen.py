"""What ``tabletop play`` prints, and how: every line wrapped to the terminal's width (clamped
to :data:`NARROWEST`-:data:`WIDEST` columns), optional colour, long texts through a pager, a
prompt that lets Ctrl-C through to the game loop, and a pass-the-keyboard screen that clears
the scrollback too.

Colour uses click's own styling (click is already a dependency, and ``click.echo`` drops the
codes wherever the output is not a terminal): it is on only at a terminal, and off when the
``NO_COLOR`` environment variable is set (https://no-color.org). Lines are wrapped before they
are coloured, so escape codes never count as columns.
"""

from __future__ import annotations

import os
import re
import shutil
import sys

import click
import click.termui

from tabletop.narration import WIDTH, wrap, wrap_lines

#: clears the screen (2J), moves the cursor home (H) and drops the scrollback (3J)
CLEAR = "\x1b[H\x1b[2J\x1b[3J"
#: the narrowest and widest text the screen is laid out for
NARROWEST, WIDEST = 60, WIDTH
#: each seat's colour on screen (Player 1 first), cycled for more seats
SEAT_COLOURS = ("cyan", "magenta", "yellow", "green", "blue", "red")

_SEAT = re.compile(r"\bPlayer (\d+)\b")
_CHANCE = re.compile(r"\b\d{1,3}(?:\.\d+)?%")
_HEADING = re.compile(r"^(?:─+|[A-Z][^:]{0,60}:|Player \d+ to play.*)$")


def width() -> int:
    """The columns text is wrapped to: the terminal's width (``COLUMNS`` when set, as
    ``shutil.get_terminal_size`` reads it) clamped to 60-100; 100 when the output is not a
    terminal and ``COLUMNS`` is unset."""
    given = os.environ.get("COLUMNS", "")
    if given.isascii() and given.isdigit():
        columns = int(given)
    elif sys.stdout.isatty():
        columns = shutil.get_terminal_size((WIDEST, 40)).columns
    else:  # a pipe, a file, a test's runner: the widest, whatever the process's terminal is
        columns = WIDEST
    return max(NARROWEST, min(WIDEST, columns))


def colour_on() -> bool:
    """Whether to colour the text: only at a terminal, and never when ``NO_COLOR`` is set."""
    return bool(sys.stdout.isatty() and not os.environ.get("NO_COLOR"))


def paint(line: str) -> str:
    """``line`` with its seats in their colours, chances in bold and headings in bold."""
    if _HEADING.match(line):
        return click.style(line, bold=True)
    line = _CHANCE.sub(lambda m: click.style(m.group(0), bold=True), line)
    return _SEAT.sub(lambda m: click.style(
        m.group(0), fg=SEAT_COLOURS[(int(m.group(1)) - 1) % len(SEAT_COLOURS)]), line)


def fit(text: str) -> str:
    """``text`` as printed: every line wrapped to :func:`width` (no word alone on a last
    line), then coloured if on."""
    wrapped = wrap_lines(text, width(), balanced=True)
    if not colour_on():
        return wrapped
    return "\n".join(paint(line) for line in wrapped.split("\n"))


def say(text: str = "") -> None:
    """Print ``text``, each line wrapped at word boundaries to fit the width."""
    click.echo(fit(text))


def say_command(intro: str, command: str) -> None:
    """Print ``intro`` (wrapped) and then ``command`` whole on a line of its own, indented, so
    it can be copied and pasted: a command or a file name is never split over two lines."""
    say(intro)
    click.echo(f"  {command}")


def ask(prompt: str) -> str:
    """Ask for one line after ``prompt`` (": " is added) and return it stripped. Unlike
    ``click.prompt``, Ctrl-C (KeyboardInterrupt) and closed input (EOFError) reach the caller
    as they are, so the game loop can offer to save."""
    return click.termui.visible_prompt_func(f"{prompt}: ").strip()


def page(text: str) -> None:
    """Show a long text one screen at a time in a terminal (click's pager: ``less`` where
    there is one), or print it whole when the output is not a terminal."""
    text = fit(text)
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


def changed_lines(before: str, after: str, most: int = 15, columns: int = WIDEST
                  ) -> list[str]:
    """The parts of the table ``after`` that changed since ``before``, for the screen after a
    move ("what changed", not the whole table again). The table is read as blocks: a line
    that starts at the left margin with the indented lines under it (its details, or the rest
    of it when the game wrapped it); a block with any line changed is shown whole, so nothing
    reads cut off, except a long one (a list of places under its heading), which shows its
    heading and only the items that changed. At most ``most`` rows once wrapped to
    ``columns``; a longer change is cut at a block's end (or inside the first block) with a
    line saying how many lines were left out."""
    old = set(before.splitlines())
    changed = [_changed_part(block, old) for block in _blocks(after.splitlines())
               if any(line not in old for line in block)]
    out: list[str] = []
    rows = 0
    for number, block in enumerate(changed):
        height = sum(len(wrap(line, columns)) for line in block)
        if rows + height > most - 1 and number < len(changed) - 1 or rows + height > most:
            room = block[: max(0, most - 1 - rows)] if not out else []
            left = sum(len(b) for b in changed[number:]) - len(room)
            more = "1 more line" if left == 1 else f"{left} more lines"
            return [*out, *room, f"  (and {more}: t shows the whole table)"]
        out.extend(block)
        rows += height
    return out


#: a changed block longer than this shows its heading and its changed items only
_WHOLE_UP_TO = 4


def _changed_part(block: list[str], old: set[str]) -> list[str]:
    """What to show of a changed ``block``: all of it when short; else its first line (the
    heading) and the items under it with a changed line, an item being a line at the block's
    first indentation with the more indented lines after it."""
    if len(block) <= _WHOLE_UP_TO:
        return block
    rest = block[1:]
    indent = min(len(line) - len(line.lstrip()) for line in rest)
    items: list[list[str]] = []
    for line in rest:
        if not items or len(line) - len(line.lstrip()) == indent:
            items.append([line])
        else:
            items[-1].append(line)
    return [block[0], *(line for item in items if any(x not in old for x in item)
                        for line in item)]


def rows() -> int:
    """The terminal's height in lines (40 when it cannot be told)."""
    return shutil.get_terminal_size((WIDEST, 40)).lines


def _blocks(lines: list[str]) -> list[list[str]]:
    """``lines`` cut before every line that starts at the left margin; blank lines dropped."""
    blocks: list[list[str]] = []
    for line in lines:
        if not line.strip():
            continue
        if not blocks or not line[:1].isspace():
            blocks.append([line])
        else:
            blocks[-1].append(line)
    return blocks
