"""``tabletop play``: a game at one keyboard, humans and bots together.

This module is the command: picking the game, its players and bots, starting, resuming (a
file, or one of the recent unfinished games: :mod:`tabletop.cli.saves`) and ending it. The game
loop, a human's decisions and the prompt's commands are :class:`tabletop.cli.table.Table`.
Every game is saved after every move, before it is shown: to ``--record FILE``, else to the
user's data folder, as a journal (:mod:`tabletop.journal`) that becomes the finished record
when the game ends or the player leaves it.
"""

from __future__ import annotations

import secrets
import sys
from pathlib import Path

import click

from tabletop import registry
from tabletop.agents import (
    LEVELS,
    agent_kinds,
    bot_name,
    check_level,
    default_bot,
    level_kind,
    parse_kind,
)
from tabletop.cli.saves import autosave_path, data_folder, unfinished, when_text
from tabletop.cli.screen import ask, say, say_command, width
from tabletop.cli.table import (
    RECAP_LINES,
    InputClosed,
    Quit,
    Table,
    ascii_number,
    rule,
    shown_path,
)
from tabletop.engine import Game, State, seat_label
from tabletop.errors import InvalidOptions, UnknownGame
from tabletop.match import Match
from tabletop.narration import EVERYONE, record_narration, result_text
from tabletop.options import parse_option_pairs
from tabletop.record import Record, replay
from tabletop.text import shorten

__all__ = ["BOT_PAUSE", "RECAP_LINES", "RESUME_LINES", "play"]

#: the narration lines a resumed game starts with
RESUME_LINES = 12
#: how long a bot waits before its move when someone watches at a terminal (seconds)
BOT_PAUSE = 0.7


def _menu(games: list[Game]) -> Game:
    click.echo("Games:")
    for number, game in enumerate(games, start=1):
        say(f"  {number}. {game.title} ({game.player_range} players) — {game.name}")
    while True:
        answer = click.prompt(f"Pick a game [1-{len(games)}]", default="1").strip()
        picked = ascii_number(answer)
        if picked is not None and 1 <= picked <= len(games):
            return games[picked - 1]
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
        number = ascii_number(answer)
        if number is not None and game.min_players <= number <= game.max_players:
            return number
        click.echo(f"{game.title} is for {game.player_range} players.")


def _ask_level() -> str:
    """The bots' level, asked in the game menu (normal unless the player picks another)."""
    names = list(LEVELS)
    click.echo("How strong should the bots be?")
    for number, (name, text) in enumerate(LEVELS.items(), start=1):
        say(f"  {number}. {name}: {text}")
    while True:
        answer = click.prompt(f"Level [1-{len(names)}]", default="2").strip().lower()
        picked = ascii_number(answer)
        if picked is not None and 1 <= picked <= len(names):
            return names[picked - 1]
        if answer in LEVELS:
            return answer
        click.echo(f"Please type a number from 1 to {len(names)}, or {', '.join(names)}.")


def _seat_kinds(game: Game, players: int, seats: tuple[str, ...], bots: bool,
                previous: list[str] | None, level: str | None = None) -> list[str]:
    """Who plays each seat: ``--seat`` choices over the saved seats (a resumed game) or the
    default (a human in seat 1, bots of ``level`` elsewhere; every seat a bot with ``bots``).
    A level given for a resumed game sets every bot seat to it."""
    bot = level_kind(game, level) if level is not None else default_bot(game)
    if previous:
        kinds = [k if k == "human" or level is None else bot for k in previous]
    else:
        kinds = [bot if bots else "human"] + [bot] * (players - 1)
    if bots:
        kinds = [bot if k == "human" else k for k in kinds]
    allowed = ["human", *agent_kinds(game)]
    for item in seats:
        number, sep, kind = item.partition("=")
        seat_number = ascii_number(number.strip())
        if not sep or seat_number is None:
            raise InvalidOptions(f"--seat {item[:40]!r} is not SEAT=KIND (e.g. 2=random)")
        index = seat_number - 1
        if not 0 <= index < players:
            raise InvalidOptions(f"--seat {item[:40]!r}: seats are numbered 1 to {players}")
        kind = kind.strip()
        if kind.partition(":")[0] not in allowed:
            raise InvalidOptions(f"--seat {item[:40]!r}: kinds are {', '.join(allowed)}")
        if kind != "human":
            parse_kind(game, kind)  # a bad budget (ismcts:abc) is one line too
        kinds[index] = kind
    return kinds


def _check_writable(path: Path) -> None:
    """Refuse a record path the game could not be saved to, before the game starts."""
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir():
        raise InvalidOptions(f"--record {path}: that is a folder, not a file")
    if not folder.is_dir():
        raise InvalidOptions(f"--record {path}: the folder {folder} does not exist")
    try:
        probe = folder / f".{path.name}.tabletop-probe"
        probe.write_text("", encoding="utf-8")
        probe.unlink()
    except OSError as exc:
        raise InvalidOptions(f"--record {path}: cannot write there ({exc.strerror})") from None


def _players_text(game: Game, kinds: list[str]) -> str:
    """Who plays a saved game, for the list of games to resume: "you, Hard bot, Hard bot"
    (several humans: "human")."""
    humans = kinds.count("human")
    return ", ".join(("you" if humans == 1 else "human") if k == "human" else bot_name(game, k)
                     for k in kinds)


def _pick_saved(game_name: str | None) -> Path:
    """``--resume`` without a file: list the recent unfinished games (of ``game_name``, if
    given) and ask which to continue."""
    saved = unfinished(game_name)
    if not saved:
        which = f"{game_name} game" if game_name else "game"
        raise InvalidOptions(f"no unfinished {which} is saved in {data_folder()}; "
                             f"name a file with --resume FILE")
    say("Unfinished games, the most recent first:")
    for number, entry in enumerate(saved, 1):
        record = entry.record
        try:
            game = registry.get(record.game)
        except UnknownGame:
            continue
        decisions = len(record.actions)
        say(f"  {number}. {game.title}: {_players_text(game, record.seats)}; "
            f"{decisions} decision{'s' if decisions != 1 else ''}; {when_text(entry.saved)}")
    while True:
        try:
            answer = ask(f"Which game [1-{len(saved)}, Enter for 1]") or "1"
        except (KeyboardInterrupt, EOFError):
            click.echo("")
            raise SystemExit(1) from None
        picked = ascii_number(answer)
        if picked is not None and 1 <= picked <= len(saved):
            return saved[picked - 1].path
        say(f"Please type a number from 1 to {len(saved)}.")


def _resume_target(resume: str, game_name: str | None) -> tuple[Path, str | None]:
    """The file ``--resume`` names, or the one picked from the list (``--resume`` alone, or
    ``--resume GAME`` for a game's name that is no file); and the game asked for."""
    if resume and (Path(resume).exists() or resume not in registry.names()):
        return Path(resume), game_name
    wanted = game_name or resume or None
    return _pick_saved(wanted), wanted


@click.command()
@click.argument("game_name", metavar="[GAME]", required=False)
@click.option("--players", type=int, default=None, help="number of players")
@click.option("--seat", "seats", multiple=True, metavar="SEAT=KIND",
              help="who plays a seat (numbered from 1): human, random, heuristic, ismcts "
                   "(ismcts:500 searches 500 iterations a move, ismcts:100ms 100 ms)")
@click.option("--level", default=None, metavar="LEVEL",
              help="how strong the bots are: easy (random moves), normal (the game's own "
                   "bot), hard (a search bot); asked in the game menu")
@click.option("--bots", is_flag=True, help="every seat a bot: watch a game")
@click.option("--seed", type=int, default=None, help="seed (default: a random one, shown)")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE", help="game variant")
@click.option("--record", "record_path", type=click.Path(path_type=Path),
              default=None, help="keep the game in this file, saved after every move "
                                 "(default: a new file in the data folder)")
@click.option("--resume", "resume", is_flag=False, flag_value="", default=None,
              metavar="[FILE]",
              help="continue a saved game; without FILE, pick one of the recent unfinished "
                   "games")
@click.option("--pause", type=click.FloatRange(0, 10), default=None,
              help="seconds a bot waits before moving while someone watches (default 0.7 at "
                   "a terminal, 0 otherwise); Enter cuts a wait short")
def play(game_name: str | None, players: int | None, seats: tuple[str, ...],
         level: str | None, bots: bool, seed: int | None, options: tuple[str, ...],
         record_path: Path | None, resume: str | None, pause: float | None) -> None:
    """Play GAME at this keyboard (no GAME: pick one from a menu). Every game is saved after
    every move (to --record FILE, else to the data folder: $XDG_DATA_HOME/tabletop or
    ~/.local/share/tabletop); Ctrl-C asks whether to save and quit."""
    recap: list[str] = []
    if level is not None:
        level = check_level(level)
    if resume is not None:
        resume_path, game_name = _resume_target(resume, game_name)
        record = Record.load(resume_path)
        if game_name and game_name != record.game:
            raise InvalidOptions(f"{resume_path} is a game of {record.game}, not {game_name}")
        if record.result is not None:
            raise InvalidOptions(f"{resume_path} holds a finished game; "
                                 f"see it with `tabletop replay --show {resume_path}`")
        state = replay(record)
        if state.is_over:  # a journal whose game ended before its record was written
            _close_finished(record, state, resume_path)
            return
        game = registry.get(record.game)
        players, seed = record.players, record.seed
        kinds = _seat_kinds(game, players, seats, bots, record.seats, level)
        record.seats = kinds
        match = Match(game, players, seed, seats=kinds, state=state, record=record)
        record_path = record_path or resume_path
        stopped = " (the game had stopped while it was being recorded)" if record.unclosed else ""
        click.echo(f"Resuming {game.title} at decision {len(record.actions) + 1}{stopped}.")
    else:
        if game_name is None:
            games = registry.all_games()
            if not games:
                raise InvalidOptions("no games are installed")
            game = _menu(games)
            players = players if players is not None else _ask_players(game)
            if level is None and (players > 1 or bots):
                level = _ask_level()
        else:
            game = registry.get(game_name)
        players = players if players is not None else game.min_players
        game.check_players(players)
        opts = game.make_options(parse_option_pairs(options))
        seed = seed if seed is not None else secrets.randbelow(1_000_000)
        kinds = _seat_kinds(game, players, seats, bots, None, level)
        match = Match(game, players, seed, opts, kinds)
    if record_path is not None:
        _check_writable(record_path)
    save_path = record_path or autosave_path(game.name, seed)
    humans = [s for s, k in enumerate(match.seats) if k == "human"]
    if pause is None:
        pause = BOT_PAUSE if sys.stdin.isatty() and sys.stdout.isatty() else 0.0
    table = Table(match, save_path, autosave=True, pause=pause)
    if table.journal is not None and resume is not None and save_path == resume_path:
        table.journal.kept = len(match.record.actions)  # what the file holds until it is rewritten
    if resume is not None:
        viewer = EVERYONE if not humans else humans[0] if len(humans) == 1 else None
        recap = record_narration(match.record, viewer, width(), table.names)
    else:
        say(f"{game.title}, {players} players, seed {seed}. "
            + ", ".join(f"{seat_label(s)}: {table.who(s)}" for s in range(players)))
        say(f"Type h at any prompt for the game's guide and help; `tabletop rules {game.name}` "
            "prints the rules.")
    if recap:
        click.echo(f"The last moves ({min(len(recap), RESUME_LINES)} lines):")
        say("\n".join(recap[-RESUME_LINES:]))
    if record_path is not None and resume is None:
        table.begin()
    if not humans:
        say(match.state.render(None))
    try:
        table.run()
    except Quit:
        return
    except InputClosed:
        if table.match.steps or table.save_path.exists():
            table.close()  # the record whole; when that fails, the journal keeps the moves
        if table.unsaved:
            click.echo("\nInput closed: the game was not saved.", err=True)
        elif table.save_path.exists():
            click.echo("\nInput closed: the game is saved. Continue with:", err=True)
            click.echo(f"  tabletop play --resume {shown_path(table.save_path)}", err=True)
        else:
            click.echo("\nInput closed before any move.", err=True)
        raise SystemExit(1) from None
    _finish(table)


def _finish(table: Table) -> None:
    """The end of a game: the final table, the result, and where the record is (saved with
    its result, so the list of games to resume leaves it out)."""
    match = table.match
    line = rule()
    click.echo(f"\n{line}\nThe game is over after {match.steps} decisions.\n{line}")
    say(match.state.render(None))
    say(result_text(match.state.result()))
    reason = table.close()
    if reason is None:
        say_command(f"The game is kept in {table.save_path.name}; see it again with:",
                    f"tabletop replay --show {shown_path(table.save_path)}")
        return
    # one line, on stderr, and a failing exit: the record is not whole
    kept = table.journal.kept if table.journal is not None else 0
    where = ("has every decision but not the result (play --resume adds it)"
             if kept == match.steps else f"stops after {table.stop_text()} of {match.steps}")
    click.echo(f"Error: the record in {shorten(shown_path(table.save_path), 60)} {where}: "
               f"{reason.reason}.", err=True)
    raise SystemExit(1)


def _close_finished(record: Record, state: State, path: Path) -> None:
    """``--resume`` of a journal whose game is over (the program stopped before it wrote the
    finished record): write the record with its result, and say so."""
    record.finish(state)
    record.save(path)
    game = registry.get(record.game)
    say(result_text(state.result()))
    say_command(f"That {game.title} game was over, but its record had not been closed; it is "
                "now. See it again with:", f"tabletop replay --show {shown_path(path)}")
