"""``tabletop tournament``: several agents play seeded games of one game in every seat, and
are rated (OpenSkill, ``pip install 'tabletop[tournament]'``).

The games are played by :mod:`tabletop.simulation` as ``tabletop simulate`` plays them (here,
on every core or on a Dask cluster); :mod:`tabletop.simulation.tournament` rates them. This
module checks what was typed and shows the progress bar on stderr.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

import click

from tabletop import registry
from tabletop.agents import parse_kind
from tabletop.cli.progress import finished_games
from tabletop.engine import Game
from tabletop.errors import InvalidOptions
from tabletop.options import parse_option_pairs
from tabletop.simulation import all_cores, simulate
from tabletop.simulation.report import SimulationReport
from tabletop.simulation.seating import entrant_names
from tabletop.simulation.tournament import TournamentReport, require_openskill


def entrants_of(game: Game, agents: str) -> list[str]:
    """The entrants ``--agents`` names, each kind checked for ``game`` (InvalidOptions, one
    line, for an unknown kind or fewer than two agents)."""
    kinds = [kind.strip() for kind in agents.split(",")]
    for kind in kinds:
        parse_kind(game, kind)
    if len(kinds) < 2:
        raise InvalidOptions(f"a tournament needs at least 2 agents (--agents {agents[:40]}); "
                             "list the same kind twice to rate it against itself")
    return entrant_names(kinds)


def play_games(game: Game, games: int, players: int, entrants: list[str], seed: int,
               options: Any, jobs: int, scheduler: str | None,
               progress: bool = True) -> SimulationReport:
    """The tournament's games, with a progress bar on stderr (as ``simulate`` shows it)."""
    def run(on_progress: Callable[[int], None] | None = None) -> SimulationReport:
        return simulate(game, games, players, entrants, seed, options, jobs=jobs,
                        scheduler=scheduler, on_progress=on_progress, tournament=True)

    if not progress:
        return run()
    with finished_games(games, f"{game.name} {players}p tournament") as advance:
        return run(advance)


@click.command()
@click.argument("game_name", metavar="GAME")
@click.option("--agents", required=True, help="the agents, at least two, e.g. "
              "random,heuristic,ismcts:50 (a kind listed twice is rated twice)")
@click.option("-n", "--games", "count", type=click.IntRange(min=1), default=100,
              show_default=True, help="how many games")
@click.option("--players", type=int, default=None, help="players per game (default: the "
              "game's minimum)")
@click.option("--seed", type=int, default=0, show_default=True, help="seed of the first game")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE", help="game option")
@click.option("--json", "as_json", is_flag=True, help="print one JSON object")
@click.option("--jobs", type=click.IntRange(min=1), default=None,
              help="worker processes (default: all cores)")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT",
              help="play on this Dask cluster (pip install 'tabletop[cluster]')")
def tournament(game_name: str, agents: str, count: int, players: int | None, seed: int,
               options: tuple[str, ...], as_json: bool, jobs: int | None,
               scheduler: str | None) -> None:
    """Rate agents by seeded games of GAME between the --agents.

    Each round of games seats its lineup in every seat in turn, and the agents are rated
    with OpenSkill's Plackett-Luce model game by game in seed order: a table of games, wins,
    win share with a 95% interval, mean score and rating (mu, sigma, and the ordinal mu - 3
    sigma it is sorted by). The report (its speed aside) is the same whatever --jobs is, and
    on a cluster. Needs pip install 'tabletop[tournament]'."""
    game = registry.get(game_name)
    players = players if players is not None else game.min_players
    game.check_players(players)
    entrants = entrants_of(game, agents)
    opts = game.make_options(parse_option_pairs(options))
    require_openskill()
    games = play_games(game, count, players, entrants, seed, opts,
                       jobs=jobs or min(all_cores(), count), scheduler=scheduler)
    report = TournamentReport.of(games, seed)
    click.echo(json.dumps(report.as_json(), indent=1) if as_json else report.text())
    if games.crashed:
        sys.exit(1)
