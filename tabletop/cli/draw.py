"""``tabletop draw``: the picture of a recorded game at any move, as any seat saw it."""

from __future__ import annotations

from pathlib import Path

import attrs
import click

from tabletop import registry
from tabletop.cli.screen import width
from tabletop.errors import InvalidOptions
from tabletop.record import Record, replay
from tabletop.rulebook import wrap_paragraph


@click.command()
@click.argument("path", metavar="RECORD")
@click.option("--move", type=int, default=None,
              help="the table after this many moves (0: the set-up; default: the end)")
@click.option("--seat", type=int, default=None,
              help="as this seat saw it, numbered from 1 (default: a spectator)")
@click.option("-o", "--output", type=click.Path(path_type=Path), default=None,
              help="write the SVG to this file (default: standard output)")
def draw(path: str, move: int | None, seat: int | None, output: Path | None) -> None:
    """Write the picture (SVG) of the game in RECORD at a move, as a seat or a spectator saw
    it: the same picture the browser table shows. With -o, say what was written where."""
    record = Record.load(path)
    state = replay(record)
    game = registry.get(record.game)
    moves = len(record.actions)
    if move is not None and not 0 <= move <= moves:
        raise InvalidOptions(f"--move {move}: {path} has moves 0 (the set-up) to {moves}")
    if seat is not None and not 1 <= seat <= record.players:
        raise InvalidOptions(f"--seat {seat}: this game's seats are numbered 1 to "
                             f"{record.players}")
    if move is not None and move < moves:
        state = replay(attrs.evolve(record, actions=record.actions[:move], result=None), game)
    picture = state.picture(None if seat is None else seat - 1)
    if picture is None:
        raise InvalidOptions(f"{game.title} draws no picture; `tabletop replay --show {path}` "
                             "shows the game as text")
    if output is None:
        click.echo(picture, nl=False)
        return
    try:
        output.write_text(picture, encoding="utf-8")
    except OSError as exc:
        raise InvalidOptions(f"cannot write {output}: {exc.strerror}") from None
    said = written(output, game.title, moves if move is None else move, moves, seat,
                   len(picture.encode("utf-8")))
    click.echo("\n".join(wrap_paragraph(said, width())))  # the file name is never split


def written(output: Path, title: str, move: int, moves: int, seat: int | None,
            size: int) -> str:
    """What ``draw -o FILE`` says it wrote: which table, as whom, where, how big."""
    when = ("at the set-up" if move == 0 else f"after all {moves} moves" if move == moves
            else f"after move {move} of {moves}")
    who = "a spectator" if seat is None else f"Player {seat}"
    return f"Wrote {output}: the {title} table {when}, as {who} saw it ({size:,} bytes of SVG)."
