"""``tabletop play``: a game at one keyboard, humans and bots together.

A human seat sees its own view of the table, numbered actions in words, and a few commands
(table view, help, save and quit). Between two human seats a "pass the keyboard" screen keeps
each player's hand private. Bots' moves are narrated as they happen.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import click

from tabletop import registry
from tabletop.agents import agent_kinds, default_bot
from tabletop.engine import Game, seat_label
from tabletop.errors import IllegalAction, InvalidOptions
from tabletop.match import Match
from tabletop.narration import event_lines, move_line, result_text
from tabletop.options import parse_option_pairs
from tabletop.record import Record, replay

RULE = "─" * 64
HELP = """\
Type the number of an action to play it. Other commands:
  t   show the table again          r   the rules of this game
  h   this help                     s   save the game and quit
  q   quit without saving
A saved game continues with: tabletop play --resume FILE"""


class _Quit(Exception):
    """The player asked to stop."""


def _menu(games: list[Game]) -> Game:
    click.echo("Games:")
    for number, game in enumerate(games, start=1):
        click.echo(f"  {number}. {game.title} ({game.player_range} players) — {game.name}")
    while True:
        answer = click.prompt(f"Pick a game [1-{len(games)}]", default="1").strip()
        if answer.isdigit() and 1 <= int(answer) <= len(games):
            return games[int(answer) - 1]
        matches = [g for g in games if g.name == answer]
        if matches:
            return matches[0]
        click.echo(f"Please type a number from 1 to {len(games)}.")


def _ask_players(game: Game) -> int:
    if game.min_players == game.max_players:
        return game.min_players
    while True:
        answer = click.prompt(f"How many players ({game.player_range})",
                              default=str(game.min_players)).strip()
        if answer.isdigit() and game.min_players <= int(answer) <= game.max_players:
            return int(answer)
        click.echo(f"{game.title} is for {game.player_range} players.")


def _seat_kinds(game: Game, players: int, seats: tuple[str, ...], bots: bool,
                previous: list[str] | None) -> list[str]:
    bot = default_bot(game)
    kinds = list(previous) if previous else [bot if bots else "human"] + [bot] * (players - 1)
    if bots:
        kinds = [bot if k == "human" else k for k in kinds]
    allowed = ["human", *agent_kinds(game)]
    for item in seats:
        number, sep, kind = item.partition("=")
        if not sep or not number.strip().isdigit():
            raise InvalidOptions(f"--seat {item!r} is not SEAT=KIND (e.g. 2=random)")
        index = int(number) - 1
        if not 0 <= index < players:
            raise InvalidOptions(f"--seat {item!r}: seats are numbered 1 to {players}")
        if kind.strip() not in allowed:
            raise InvalidOptions(f"--seat {item!r}: kinds are {', '.join(allowed)}")
        kinds[index] = kind.strip()
    return kinds


def _echo_events(match: Match) -> None:
    for line in event_lines(match.take_events()):
        click.echo(line)


def _save(match: Match, path: Path) -> None:
    match.record.save(path)
    click.echo(f"Saved to {path}. Continue with: tabletop play --resume {path}")


def _human_turn(match: Match, seat: int, save_path: Path) -> Any:
    """Show the seat's view and ask until it picks a legal action; returns the action."""
    state = match.state
    legal = list(state.legal_actions())
    when = f" — round {state.round}" if state.round > 0 else ""
    click.echo(f"\n{RULE}\n{seat_label(seat)} to play{when}\n{RULE}")
    click.echo(state.render(seat))
    while True:
        click.echo("\nYour options:")
        for number, action in enumerate(legal, start=1):
            click.echo(f"  {number:>2}. {state.describe(action)}")
        answer = click.prompt("Choose (number, or t/h/r/s/q)", default="",
                              show_default=False).strip().lower()
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            return legal[int(answer) - 1]
        if answer == "t":
            click.echo(state.render(seat))
        elif answer == "h":
            click.echo(HELP)
        elif answer == "r":
            click.echo(match.game.rules_text())
        elif answer == "s":
            _save(match, save_path)
            raise _Quit
        elif answer == "q":
            click.echo("Game abandoned, not saved.")
            raise _Quit
        elif answer.isdigit():
            click.echo(f"There is no option {answer}: choose 1 to {len(legal)}.")
        else:
            click.echo(f"{answer!r} is not a command: type a number from 1 to {len(legal)}, "
                       "or h for help.")


@click.command()
@click.argument("game_name", metavar="[GAME]", required=False)
@click.option("--players", type=int, default=None, help="number of players")
@click.option("--seat", "seats", multiple=True, metavar="SEAT=KIND",
              help="who plays a seat (numbered from 1): human, random, heuristic")
@click.option("--bots", is_flag=True, help="every seat a bot: watch a game")
@click.option("--seed", type=int, default=None, help="seed (default: a random one, shown)")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE", help="game variant")
@click.option("--record", "record_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="write the game record here (also where 's' saves)")
@click.option("--resume", "resume_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="continue a saved game")
def play(game_name: str | None, players: int | None, seats: tuple[str, ...], bots: bool,
         seed: int | None, options: tuple[str, ...], record_path: Path | None,
         resume_path: Path | None) -> None:
    """Play GAME at this keyboard (no GAME: pick one from a menu)."""
    previous: list[str] | None = None
    if resume_path is not None:
        record = Record.load(resume_path)
        if game_name and game_name != record.game:
            raise InvalidOptions(f"{resume_path} is a game of {record.game}, not {game_name}")
        if record.result is not None:
            raise InvalidOptions(f"{resume_path} holds a finished game; "
                                 f"see it with `tabletop replay --show {resume_path}`")
        state = replay(record)
        game = registry.get(record.game)
        players, seed, previous = record.players, record.seed, record.seats
        kinds = _seat_kinds(game, players, seats, bots, previous)
        record.seats = kinds
        match = Match(game, players, seed, seats=kinds, state=state, record=record)
        record_path = record_path or resume_path
        click.echo(f"Resuming {game.title} at decision {len(record.actions) + 1}.")
    else:
        if game_name is None:
            games = registry.all_games()
            if not games:
                raise InvalidOptions("no games are installed")
            game = _menu(games)
            players = players if players is not None else _ask_players(game)
        else:
            game = registry.get(game_name)
        players = players if players is not None else game.min_players
        game.check_players(players)
        opts = game.make_options(parse_option_pairs(options))
        seed = seed if seed is not None else secrets.randbelow(1_000_000)
        kinds = _seat_kinds(game, players, seats, bots, None)
        match = Match(game, players, seed, opts, kinds)
        click.echo(f"{game.title}, {players} players, seed {seed}. "
                   + ", ".join(f"{seat_label(s)}: {k}" for s, k in enumerate(kinds)))
        click.echo("Type h at any prompt for help; `tabletop rules "
                   f"{game.name}` prints the rules.")
    save_path = record_path or Path(f"tabletop-{game.name}-{seed}.json")
    humans = [s for s, k in enumerate(match.seats) if k == "human"]
    if not humans:
        click.echo(match.state.render(None))
    _echo_events(match)
    last_human: int | None = None
    try:
        while not match.state.is_over:
            seat = match.state.to_act
            assert seat is not None
            if match.seats[seat] == "human":
                if len(humans) > 1 and last_human is not None and seat != last_human:
                    click.echo("\n" * 40 + f"Pass the keyboard to {seat_label(seat)}.")
                    click.prompt("Press Enter when ready", default="", show_default=False)
                last_human = seat
                action = _human_turn(match, seat, save_path)
                # with several humans, the others are watching the same screen
                description = (match.state.describe(action) if len(humans) == 1
                               else match.state.describe_public(action))
                try:
                    match.play(action)
                except IllegalAction as exc:  # cannot happen for a listed action; be safe
                    click.echo(f"Not allowed: {exc}")
                    continue
                click.echo(move_line(match.steps, seat, "you", description))
                _echo_events(match)
            else:
                action = match.bot_action()
                # humans at this keyboard may not read a bot's secret (a sealed bid, say)
                description = (match.state.describe(action) if not humans
                               else match.state.describe_public(action))
                match.play(action)
                click.echo(move_line(match.steps, seat, match.seats[seat], description))
                _echo_events(match)
    except _Quit:
        return
    except click.Abort:
        click.echo("\nInput closed: the game was not saved.", err=True)
        raise SystemExit(1) from None
    click.echo(f"\n{RULE}\nThe game is over after {match.steps} decisions.\n{RULE}")
    click.echo(match.state.render(None))
    click.echo(result_text(match.state.result()))
    if record_path is not None:
        match.record.save(record_path)
        click.echo(f"Record written to {record_path} (see it again: tabletop replay --show "
                   f"{record_path}).")
