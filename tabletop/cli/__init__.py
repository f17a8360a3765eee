"""The ``tabletop`` command: list, read, play, simulate, replay, draw, check and benchmark
games, and serve the browser table.

Every :class:`~tabletop.errors.TabletopError` becomes a one-line message on stderr and exit
code 2 (click's code for usage errors): bad input never shows a traceback.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from tabletop import registry
from tabletop.agents import agent_kinds, default_bot, parse_kind
from tabletop.cli.draw import draw
from tabletop.cli.play import play
from tabletop.cli.serve import serve
from tabletop.errors import InvalidOptions, TabletopError
from tabletop.options import parse_option_pairs
from tabletop.text import shorten


class _Group(click.Group):
    """A click group that turns Tabletop errors into one clean line and exit code 2."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except TabletopError as exc:
            click.echo(f"Error: {shorten(str(exc), 300)}", err=True)
            ctx.exit(2)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="tabletop")
def main() -> None:
    """Tabletop: play, simulate and test tabletop games.

    Start with `tabletop list`, read a game's rules with `tabletop rules GAME`, and play with
    `tabletop play` (a menu) or `tabletop play GAME`.
    """


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
def rules(game_name: str, words: tuple[str, ...]) -> None:
    """Print GAME's rules as implemented (its RULES.md), with its options (what each means,
    the values it takes, its default), agents and, when the game has a glossary, its cards.
    With WORDS, only the sections of the rules whose heading (or else text) contains them."""
    from tabletop.cli.glossary import section_lines
    from tabletop.cli.rules_text import find, sections
    from tabletop.cli.screen import say
    from tabletop.options import option_infos

    game = registry.get(game_name)
    if words:
        found = find(sections(game.rules_text()), " ".join(words))
        if not found:
            raise InvalidOptions(f"no section of the {game.title} rules mentions "
                                 f"{' '.join(words)[:40]!r}")
        say("\n\n".join(section.text() for section in found))
        return
    say(game.rules_text().rstrip())
    infos = option_infos(game.options_class)
    say("\n---\nOptions (tabletop play/simulate --option KEY=VALUE):")
    if not infos:
        say("  none")
    for info in infos.values():
        say("\n".join(info.lines()))
    say(f"Agents: {', '.join(agent_kinds(game))}")
    for line in section_lines(game.glossary()):
        say(line)


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
@click.argument("path", metavar="FILE", type=click.Path(dir_okay=False))
@click.option("--show", is_flag=True, help="print the narrated transcript")
def replay(path: str, show: bool) -> None:
    """Re-play a recorded game, checking every action and the result."""
    from tabletop.engine import seat_label
    from tabletop.narration import EVERYONE, record_narration, result_text, wrap_lines
    from tabletop.record import Record
    from tabletop.record import replay as replay_record

    record = Record.load(path)
    state = replay_record(record)
    game = registry.get(record.game)
    if show:
        click.echo(wrap_lines(game.new_state(record.players, record.seed,
                                             record.options).render(None)) + "\n")
        for line in record_narration(record, EVERYONE):
            click.echo(line)
        click.echo("\n" + wrap_lines(state.render(None)))
    summary = (f"Replayed {len(record.actions)} actions of {game.title} "
               f"({record.players} players, seed {record.seed}): every action was legal")
    if record.result is not None:
        click.echo(summary + " and the result matches.")
        click.echo(result_text(state.result()))
    else:
        to_act = seat_label(state.to_act) if state.to_act is not None else "nobody"
        click.echo(summary + f". The game is unfinished ({to_act} to act); resume it with "
                   f"`tabletop play --resume {path}`.")


@main.command()
@click.argument("game_names", metavar="[GAME]...", nargs=-1)
@click.option("--games", "count", type=click.IntRange(min=1), default=20, show_default=True,
              help="random games per player count")
@click.option("--seed", type=int, default=0, show_default=True, help="first seed")
@click.option("--players", type=int, default=None, help="only this player count")
def check(game_names: tuple[str, ...], count: int, seed: int, players: int | None) -> None:
    """Run the conformance suite on GAMEs (default: every installed game)."""
    from tabletop.testing.conformance import check_game

    games = [registry.get(n) for n in game_names] or registry.all_games()
    failures = total = 0
    for game in games:
        for result in check_game(game, players=players, games=count, seed=seed):
            click.echo(result.line())
            total += 1
            failures += not result.passed
    click.echo(f"{total - failures} of {total} checks passed.")
    if failures:
        sys.exit(1)


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
