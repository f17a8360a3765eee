"""The ``tabletop`` command: list, read, play, simulate, replay, draw, check and benchmark
games, and serve the browser table.

Every :class:`~tabletop.errors.TabletopError` becomes a one-line message on stderr and exit
code 2 (click's code for usage errors): bad input never shows a traceback. A game name that
is not installed gets the installed names closest to it ("did you mean chicago_diy?", from
:func:`tabletop.registry.get`).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import click

from tabletop import registry
from tabletop.agents import LEVELS, agent_kinds, default_bot, parse_kind
from tabletop.cli.draw import draw
from tabletop.cli.play import play
from tabletop.cli.screen import width as text_width
from tabletop.cli.serve import serve
from tabletop.cli.tournament import tournament
from tabletop.engine import Game
from tabletop.errors import InvalidOptions, TabletopError
from tabletop.options import parse_option_pairs
from tabletop.rulebook import plain, wrap_paragraph
from tabletop.text import shorten

#: what ``tabletop`` alone prints: the commands a newcomer needs, each on one line
SHORT_HELP = """\
Tabletop: play, simulate and test tabletop games.

  tabletop list                     the games installed
  tabletop rules GAME               a game's guide for players, then its rules
  tabletop play                     pick a game and play it against bots
  tabletop play GAME --players 3    play GAME with 3 players (--level easy, normal, hard)
  tabletop play --resume            carry on one of your saved games
  tabletop serve                    play in the browser, each player on his own device
  tabletop replay FILE --seat 1     step through a recorded game as Player 1 saw it

tabletop --help lists every command; tabletop COMMAND --help explains one."""

class _Group(click.Group):
    """A click group that turns Tabletop errors into one clean line and exit code 2."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except TabletopError as exc:
            click.echo(f"Error: {shorten(str(exc), 300)}", err=True)
            ctx.exit(2)


@click.group(cls=_Group, invoke_without_command=True,
             context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="tabletop")
@click.pass_context
def main(ctx: click.Context) -> None:
    """Tabletop: play, simulate and test tabletop games.

    Start with `tabletop list`, read a game's rules with `tabletop rules GAME`, and play with
    `tabletop play` (a menu) or `tabletop play GAME`.
    """
    if ctx.invoked_subcommand is None:
        click.echo(SHORT_HELP)


@main.command("list")
def list_games() -> None:
    """List the installed games: name, title and player range."""
    games = registry.all_games()
    if not games:
        click.echo("No games are installed.")
        return
    width = max(len(g.name) for g in games)
    for game in games:
        noun = "players" if game.max_players > 1 else "player"
        click.echo(f"{game.name.ljust(width)}  {game.title}  ({game.player_range} {noun})")


@main.command()
@click.argument("game_name", metavar="GAME")
@click.argument("words", nargs=-1)
@click.option("--notes", is_flag=True,
              help="keep the designers' notes: how rules are implemented, decided or measured")
def rules(game_name: str, words: tuple[str, ...], notes: bool) -> None:
    """Print GAME's player's guide (one screen: the goal, a turn, the end, the decisions and
    the words), then its full rules in plain text, its options (what each means, the values
    it takes, its default), its bots and, when the game has a glossary, its cards. With
    WORDS, only the sections of the rules whose heading (or else text) contains them."""
    from tabletop.cli.screen import page

    game = registry.get(game_name)
    width = text_width()
    if words:
        click.echo(found_sections(game, " ".join(words), notes, width))
        return
    page(rules_text(game, notes, width))


def rules_text(game: Game, notes: bool, width: int) -> str:
    """What ``tabletop rules GAME`` prints: the guide, the plain rules (with the designers'
    notes if ``notes``), then the options, bots and cards, every line within ``width``."""
    parts = ["\n".join(_fitted(game.guide().splitlines(), width)),
             plain(game.rules_text(), notes=notes, width=width),
             "\n".join(options_lines(game, width)),
             "\n".join(bots_lines(game, width))]
    cards = cards_lines(game.glossary(), width)
    if cards:
        parts.append("\n".join(cards))
    return "\n\n".join(parts)


def found_sections(game: Game, words: str, notes: bool, width: int) -> str:
    """The sections of ``game``'s rules that ``words`` names, in plain text; InvalidOptions
    when none does (or only designers' notes do, and ``notes`` is off)."""
    from tabletop.cli.rules_text import find, sections

    found = find(sections(game.rules_text()), words)
    texts = [plain(section.text(), notes=notes, width=width) for section in found]
    texts = [text for text in texts if text.strip()]
    if not texts:
        hint = " outside the designers' notes (--notes shows them)" if found else ""
        raise InvalidOptions(f"no section of the {game.title} rules mentions {words[:40]!r}"
                             + hint)
    return "\n\n".join(texts)


def _heading(title: str) -> list[str]:
    return [title, "-" * len(title)]


def _fitted(lines: Sequence[str], width: int) -> Iterator[str]:
    """``lines`` as they are where they fit in ``width``; a longer one wrapped at spaces
    under its own indentation (a guide is laid out for 80 columns, while a terminal may
    have 60)."""
    for line in lines:
        if len(line) <= width:
            yield line
            continue
        indent = line[:len(line) - len(line.lstrip())]
        yield from wrap_paragraph(line.strip(), width, indent, indent)


def options_lines(game: Game, width: int) -> list[str]:
    """The "Options" section of ``tabletop rules``: each option as the player types it, what
    it means, the values it takes and its default."""
    from tabletop.options import option_infos

    lines = _heading("Options")
    infos = option_infos(game.options_class)
    if not infos:
        return [*lines, "This game has no options."]
    lines += wrap_paragraph("Choose them with --option NAME=VALUE (tabletop play, tabletop "
                            "simulate):", width)
    for info in infos.values():
        meaning, *values = info.lines()  # "name: what it means", then "values: ...; default"
        lines += wrap_paragraph(meaning.strip(), width, "  ", "    ")
        for line in values:
            lines += wrap_paragraph(line.strip(), width, "      ", "        ")
    return lines


def bots_lines(game: Game, width: int) -> list[str]:
    """The "Bots" section of ``tabletop rules``: the levels, then the agent kinds behind
    them, as ``--seat N=KIND`` and ``simulate --agents`` take them."""
    column = max(len(name) for name in LEVELS) + 3
    return [*_heading("Bots"),
            *wrap_paragraph("How strong the bots are: tabletop play --level LEVEL, where LEVEL "
                            "is", width),
            *(line for name, meaning in LEVELS.items()
              for line in wrap_paragraph(meaning, width, f"  {name:<{column}}",
                                         " " * (column + 2))),
            *wrap_paragraph("Agent kinds, for one seat (tabletop play --seat 2=KIND) or a "
                            "simulation (tabletop simulate --agents KIND,KIND): "
                            f"{', '.join(agent_kinds(game))}.", width)]


def cards_lines(glossary: Mapping[str, str], width: int) -> list[str]:
    """The "Cards" section of ``tabletop rules``: every entry of the game's glossary (none
    for a game without one), later lines of an entry indented further."""
    if not glossary:
        return []
    lines = _heading(f"Cards and components ({len(glossary)})")
    for name, text in glossary.items():
        lines += wrap_paragraph(f"{name}: {' '.join(text.split())}", width, "  ", "      ")
    return lines


@main.command()
@click.argument("game_name", metavar="GAME")
@click.option("-n", "--games", "count", type=click.IntRange(min=1), default=100,
              show_default=True, help="how many games")
@click.option("--players", type=int, default=None, help="players per game (default: the "
              "game's minimum)")
@click.option("--agents", default=None, help="agent kinds rotated over the seats, e.g. "
              "heuristic,random or ismcts:200,heuristic (default: the game's heuristic "
              "agent in every seat)")
@click.option("--seed", type=int, default=0, show_default=True, help="seed of the first game")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE", help="game option")
@click.option("--json", "as_json", is_flag=True, help="print one JSON object")
@click.option("--jobs", type=click.IntRange(min=1), default=None,
              help="worker processes (default: all cores)")
@click.option("--game-timeout", "timeout", type=click.FloatRange(min=0, min_open=True),
              default=None, metavar="SECONDS",
              help="count a game that takes longer as crashed, and go on")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT",
              help="play on this Dask cluster (pip install 'tabletop[cluster]')")
def simulate(game_name: str, count: int, players: int | None, agents: str | None, seed: int,
             options: tuple[str, ...], as_json: bool, jobs: int | None, timeout: float | None,
             scheduler: str | None) -> None:
    """Play many seeded bot games of GAME and report how they went: how games ended, their
    length, wins by seat and by agent, and how often each kind of event happened. The
    report (its speed aside) is the same whatever --jobs is, and on a cluster."""
    from tabletop.cli.simulate import simulate as run
    from tabletop.simulation import all_cores

    game = registry.get(game_name)
    players = players if players is not None else game.min_players
    game.check_players(players)
    kinds = [k.strip() for k in agents.split(",")] if agents else [default_bot(game)]
    for kind in kinds:
        parse_kind(game, kind)  # an unknown kind or a bad budget: one line, before any game
    opts = game.make_options(parse_option_pairs(options))
    report = run(game, count, players, kinds, seed, opts, jobs=jobs or min(all_cores(), count),
                 timeout=timeout, scheduler=scheduler)
    click.echo(json.dumps(report.as_json(), indent=1) if as_json else report.text())
    if report.crashed:
        sys.exit(1)


@main.command()
@click.argument("path", metavar="FILE")
@click.option("--show", is_flag=True, help="print the narrated transcript")
@click.option("--seat", type=int, default=None,
              help="the transcript as this seat saw it, numbered from 1 (other hands hidden)")
def replay(path: str, show: bool, seat: int | None) -> None:
    """Re-play a recorded game, checking every action and the result. With --show or --seat,
    the narrated game too: at a terminal one move at a time (Enter: the next move, t: the
    table, a: all the rest, q: stop), otherwise all at once."""
    from tabletop.engine import seat_label
    from tabletop.narration import result_text
    from tabletop.record import Record
    from tabletop.record import replay as replay_record

    record = Record.load(path)
    state = replay_record(record)
    game = registry.get(record.game)
    if seat is not None and not 1 <= seat <= record.players:
        raise InvalidOptions(f"--seat {seat}: this game's seats are numbered 1 to "
                             f"{record.players}")
    if show or seat is not None:
        interactive = sys.stdin.isatty() and sys.stdout.isatty()
        Transcript(game, record, None if seat is None else seat - 1).show(interactive)
    summary = (f"Replayed {len(record.actions)} actions of {game.title} "
               f"({record.players} players, seed {record.seed}): every action was legal")
    width = text_width()
    if record.unclosed:
        summary += (". Its record was never closed: the game stopped while it was being "
                    "recorded, and this is every move it showed")
    if record.result is not None:
        click.echo("\n".join(wrap_paragraph(summary + " and the result matches.", width)))
        click.echo(result_text(state.result()))
    elif state.is_over:
        click.echo("\n".join(wrap_paragraph(
            summary + ". The game is over; write its finished record with:", width)))
        click.echo(f"  tabletop play --resume {path}")
        click.echo(result_text(state.result()))
    else:
        to_act = seat_label(state.to_act) if state.to_act is not None else "nobody"
        click.echo("\n".join(wrap_paragraph(
            summary + f". The game is unfinished ({to_act} to act); resume it with:", width)))
        click.echo(f"  tabletop play --resume {path}")  # whole, to copy and paste


class Transcript:
    """A recorded game told as ``seat`` saw it (None: every move in full, the table as a
    spectator sees it), for ``tabletop replay --show`` and ``--seat``: the opening table, each
    move with its events, the final table. At a terminal it waits after each move."""

    KEYS = "Enter: the next move   t: the table now   a: all the rest   q: stop"

    def __init__(self, game: Game, record: Any, seat: int | None) -> None:
        from tabletop.narration import EVERYONE

        self.game, self.record, self.seat = game, record, seat
        self.viewer = EVERYONE if seat is None else seat
        self.width = text_width()
        self.state = game.new_state(record.players, record.seed, record.options)
        self.shown = 0  # moves told so far

    def moves(self) -> list[list[str]]:
        """The narration split by move: what the set-up said, then each move's lines."""
        from tabletop.agents import bot_name
        from tabletop.narration import record_narration

        names = [bot_name(self.game, kind) for kind in self.record.seats or []] or None
        chunks: list[list[str]] = [[]]
        for line in record_narration(self.record, self.viewer, width=self.width, names=names):
            if line.startswith(f"{len(chunks)}. ") and len(chunks) <= len(self.record.actions):
                chunks.append([])
            chunks[-1].append(line)
        return chunks

    def table(self) -> str:
        """The table now (after the moves told), as the seat (or a spectator) sees it."""
        from tabletop.narration import wrap_lines

        return wrap_lines(self.state.render(self.seat), self.width)

    def tell(self, lines: list[str]) -> None:
        """Print one move's lines and bring the table up to date past it."""
        from tabletop.serialization import decode_action

        for line in lines:
            click.echo(line)
        self.state.apply(decode_action(self.game, self.record.actions[self.shown]))
        self.shown += 1

    def show(self, interactive: bool) -> None:
        """Tell the game: all of it, or (``interactive``) a move each time Enter is pressed."""
        opening, *moves = self.moves()
        click.echo(self.table() + "\n")
        for line in opening:
            click.echo(line)
        if interactive and moves:
            click.echo(self.KEYS)
        for number, lines in enumerate(moves, 1):
            if interactive:
                key = self.wait(number, len(moves))
                if key == "q":
                    return
                interactive = key == ""  # "a": all the rest without waiting
            self.tell(lines)
        if moves:
            click.echo("\n" + self.table())

    def wait(self, number: int, total: int) -> str:
        """Wait at the step prompt before move ``number``: show the table on t, and return
        "" (Enter), "a" or "q" (also for closed input or Ctrl-C); ask again after anything
        else."""
        while True:
            try:
                key = click.prompt(f"[move {number} of {total}]", default="",
                                   show_default=False, prompt_suffix=" ").strip().lower()
            except click.Abort:
                click.echo()
                return "q"
            if key == "t":
                click.echo(self.table())
            elif key in ("", "a", "q"):
                return key
            else:
                click.echo(self.KEYS)


@main.command()
@click.argument("game_names", metavar="[GAME]...", nargs=-1)
@click.option("--games", "count", type=click.IntRange(min=1), default=20, show_default=True,
              help="random games per player count")
@click.option("--seed", type=int, default=0, show_default=True, help="first seed")
@click.option("--players", type=int, default=None, help="only this player count")
def check(game_names: tuple[str, ...], count: int, seed: int, players: int | None) -> None:
    """Run the conformance suite on GAMEs (default: every installed game), with a progress
    bar on stderr; each check's verdict on stdout, wrapped to the terminal's width."""
    games = [registry.get(n) for n in game_names] or registry.all_games()
    width = text_width()
    label_width = max(len(game.name) for game in games)
    failures = total = 0
    for game in games:
        for result in _checked(game, game.name.ljust(label_width), players, count, seed):
            for line in wrap_paragraph(result.line(), width, "", " " * 6):
                click.echo(line)
            total += 1
            failures += not result.passed
    click.echo(f"{total - failures} of {total} checks passed.")
    if failures:
        sys.exit(1)


def _stderr_columns() -> int:
    """The width of the terminal a progress bar is drawn on (``COLUMNS`` when set)."""
    given = os.environ.get("COLUMNS", "")
    if given.isascii() and given.isdigit() and int(given) > 0:
        return int(given)
    try:
        return os.get_terminal_size(sys.stderr.fileno()).columns
    except (OSError, ValueError):
        return 80


def _checked(game: Game, label: str, players: int | None, count: int, seed: int) -> list[Any]:
    """The conformance results of ``game`` (every player count, or ``players``), while a
    progress bar on stderr (as wide as the terminal) counts the checks done and names the
    one under way."""
    from tabletop.testing.conformance import CHECKS, check_game

    counts = ([players] if players is not None
              else list(range(game.min_players, game.max_players + 1)))
    steps = [f"{n}p {check}" for n in counts for check in CHECKS] + ["done"]
    # the bar's line: LABEL  [BAR]  100%  STEP, within the terminal whatever the step
    clutter = len(label) + 12 + max(len(step) for step in steps)
    with click.progressbar(length=len(steps) - 1, label=label, file=sys.stderr, show_eta=False,
                           width=max(8, _stderr_columns() - 1 - clutter),
                           item_show_func=lambda step: step) as bar:
        done = 0
        bar.update(0, steps[0])

        def advance() -> None:
            nonlocal done
            done += 1
            bar.update(1, steps[min(done, len(steps) - 1)])

        return check_game(game, players=players, games=count, seed=seed, progress=advance)


@main.command()
@click.argument("game_names", metavar="[GAME]...", nargs=-1)
@click.option("--players", type=int, default=None, help="players (default: each game's minimum)")
@click.option("--seconds", type=float, default=1.5, show_default=True,
              help="time spent on random self-play per game")
@click.option("--json", "as_json", is_flag=True, help="print JSON")
@click.option("--simulate", "simulate_path", is_flag=True,
              help="measure the simulate path against a bare engine loop instead")
def bench(game_names: tuple[str, ...], players: int | None, seconds: float, as_json: bool,
          simulate_path: bool) -> None:
    """Measure speed: random self-play, clone, snapshot round trip, replay, each also as a
    ratio to a fixed bare-Python reference loop timed in the same run. With --simulate: what
    `tabletop simulate` costs per decision over a bare engine loop, random agents."""
    # the modules by their full names: `bench` in this package is this command
    from tabletop.cli.bench import bench_games, report_json, report_text
    from tabletop.cli.bench_simulate import measure
    from tabletop.cli.bench_simulate import report_json as simulate_json
    from tabletop.cli.bench_simulate import report_text as simulate_text

    games = [registry.get(n) for n in game_names] or registry.all_games()
    entries = []
    for game in games:
        count = players if players is not None else game.min_players
        game.check_players(count)
        entries.append((game, count))
    if simulate_path:
        costs, reference = measure(entries, seconds)
        click.echo(json.dumps(simulate_json(costs, reference), indent=1) if as_json
                   else simulate_text(costs, reference))
        return
    figures, reference = bench_games(entries, seconds)
    click.echo(json.dumps(report_json(figures, reference), indent=1) if as_json
               else report_text(figures, reference))


main.add_command(play)
main.add_command(draw)
main.add_command(serve)
main.add_command(tournament)
