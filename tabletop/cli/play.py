"""``tabletop play``: a game at one keyboard, humans and bots together.

A human seat sees its own view of the table, numbered actions in words, and a few commands
(table view, help, card glossary, rules, save and quit). A long list of actions is shown in
groups when the game names them (``State.action_group``), and giving the game up (an action
marked ``concession = True``) asks for confirmation. Between two human seats a "pass the
keyboard" screen keeps each player's hand private, then recaps the public moves and events
since the incoming seat last moved. Bots' moves are narrated as they happen.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs
import click

from tabletop import registry
from tabletop.agents import agent_kinds, default_bot, is_concession
from tabletop.cli.glossary import lookup_lines, names_lines
from tabletop.engine import Game, State, seat_label
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
  i   the names of the game's cards (for a game that has a card glossary)
  i WORDS   what every card whose name contains WORDS is and does
A long menu (more than 20 actions) may come in groups. A number always picks
from the list shown last: at the top menu a line (a group's line opens that
group's actions), in a group an action. b goes back to the top menu; a lists
every action in one numbered list, whose numbers apply to that list only.
Giving up the game (leaving, resigning) asks "Are you sure? [y/N]" first: only
y or yes plays it.
A saved game continues with: tabletop play --resume FILE"""

#: a legal list longer than this is shown in groups, when the game groups its actions
GROUP_ABOVE = 20
#: the most narration lines the hot-seat recap reprints
RECAP_LINES = 60
_ASCII_NUMBER = re.compile(r"[0-9]+")


class _Quit(Exception):
    """The player asked to stop."""


def _ascii_number(text: str) -> int | None:
    """``text`` as a number if it is made of ASCII digits 0-9 only, else ``None``: '²' and
    other Unicode digits are not numbers here (``str.isdigit`` accepts them, ``int`` may not).
    A number too long to be any option reads as a huge one, never as an error."""
    if not _ASCII_NUMBER.fullmatch(text):
        return None
    digits = text.lstrip("0") or "0"
    return int(digits) if len(digits) <= 12 else 10**12


def _menu(games: list[Game]) -> Game:
    click.echo("Games:")
    for number, game in enumerate(games, start=1):
        click.echo(f"  {number}. {game.title} ({game.player_range} players) — {game.name}")
    while True:
        answer = click.prompt(f"Pick a game [1-{len(games)}]", default="1").strip()
        picked = _ascii_number(answer)
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
        number = _ascii_number(answer)
        if number is not None and game.min_players <= number <= game.max_players:
            return number
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
        seat_number = _ascii_number(number.strip())
        if not sep or seat_number is None:
            raise InvalidOptions(f"--seat {item!r} is not SEAT=KIND (e.g. 2=random)")
        index = seat_number - 1
        if not 0 <= index < players:
            raise InvalidOptions(f"--seat {item!r}: seats are numbered 1 to {players}")
        if kind.strip() not in allowed:
            raise InvalidOptions(f"--seat {item!r}: kinds are {', '.join(allowed)}")
        kinds[index] = kind.strip()
    return kinds


def _narrate(line: str, public: list[str]) -> None:
    """Print a narration line on the shared screen and keep it for the hot-seat recap."""
    click.echo(line)
    public.append(line)


def _echo_events(match: Match, public: list[str]) -> None:
    for line in event_lines(match.take_events()):
        _narrate(line, public)


def _recap(lines: list[str]) -> None:
    """After the pass-the-keyboard screen: the public lines the incoming seat missed."""
    if not lines:
        return
    click.echo("Since your last move:")
    if len(lines) > RECAP_LINES:
        left_out = len(lines) - RECAP_LINES
        click.echo(f"  ({left_out} earlier line{'s' if left_out > 1 else ''} left out)")
        lines = lines[-RECAP_LINES:]
    for line in lines:
        click.echo(line)


def _save(match: Match, path: Path) -> None:
    match.record.save(path)
    click.echo(f"Saved to {path}. Continue with: tabletop play --resume {path}")


@attrs.frozen
class _Menu:
    """One numbered list a human chooses from: each line is a text and either an action (its
    index in the legal list) or a group of actions to open (another menu)."""

    heading: str
    lines: tuple[tuple[str, int | _Menu], ...]


def _menus(state: State, legal: list[Any], texts: list[str]) -> tuple[_Menu, _Menu | None]:
    """The top menu, and the full listing ``a`` opens (``None``: the menu is the flat list).

    Grouping happens when more than :data:`GROUP_ABOVE` actions are legal and the grouped
    menu has at least two lines and fewer lines than the flat list: one line per group of
    ``state.action_group`` in order of first appearance, an ungrouped action (group ``""``)
    or the only action of its group as itself, a larger group as ``Group (n choices)``."""
    flat = _Menu("Your options:", tuple((text, i) for i, text in enumerate(texts)))
    if len(legal) <= GROUP_ABOVE:
        return flat, None
    entries: list[tuple[str, list[int]]] = []
    members: dict[str, list[int]] = {}
    for i, action in enumerate(legal):
        group = state.action_group(action)
        if not group:
            entries.append(("", [i]))
        elif group in members:
            members[group].append(i)
        else:
            members[group] = [i]
            entries.append((group, members[group]))
    if not 2 <= len(entries) < len(legal):
        return flat, None
    lines: list[tuple[str, int | _Menu]] = []
    for group, indices in entries:
        if len(indices) == 1:
            lines.append((texts[indices[0]], indices[0]))
        else:
            title = f"{group} ({len(indices)} choices)"
            lines.append((title, _Menu(f"{title}:", tuple((texts[i], i) for i in indices))))
    return (_Menu("Your options:", tuple(lines)),
            _Menu(f"All {len(legal)} actions:", flat.lines))


def _confirm(text: str) -> bool:
    """Ask before a concession is played: only y or yes goes ahead."""
    click.echo(f"This gives up the game: {text}.")
    answer = click.prompt("Are you sure? [y/N]", default="", show_default=False)
    return answer.strip().lower() in ("y", "yes")


def _glossary_command(answer: str, glossary: Mapping[str, str]) -> bool:
    """Handle ``i`` / ``i WORDS``; False if ``answer`` is not that command."""
    parts = answer.split(None, 1)
    if not parts or parts[0] != "i":
        return False
    lines = lookup_lines(glossary, parts[1]) if len(parts) > 1 else names_lines(glossary)
    click.echo("\n".join(lines))
    return True


def _human_turn(match: Match, seat: int, save_path: Path) -> Any:
    """Show the seat's view and ask until it picks a legal action; returns the action.

    A number always picks from the list shown last (see :func:`_menus` for when the top menu
    is grouped): at the top menu a line, in a group or in the full listing (``a``) an action;
    ``b`` goes back to the top menu. t/h/i/r/s/q work at every level. A concession is played
    only after the player confirms it."""
    state = match.state
    legal = list(state.legal_actions())
    texts = [state.describe(action) for action in legal]
    top, everything = _menus(state, legal, texts)
    glossary = match.game.glossary()
    keys = "t/h/i/r/s/q" if glossary else "t/h/r/s/q"  # i is offered where it has answers
    when = f" — round {state.round}" if state.round > 0 else ""
    click.echo(f"\n{RULE}\n{seat_label(seat)} to play{when}\n{RULE}")
    click.echo(state.render(seat))
    menu = top
    while True:
        inside = menu is not top
        click.echo(f"\n{menu.heading}")
        for line_number, (text, _) in enumerate(menu.lines, start=1):
            click.echo(f"  {line_number:>2}. {text}")
        if inside:
            click.echo("   b. back to the top menu")
            ask = f"Choose (number, b to go back, or {keys})"
        elif everything is not None:
            ask = f"Choose (number, a for all {len(legal)} actions, or {keys})"
        else:
            ask = f"Choose (number, or {keys})"
        answer = click.prompt(ask, default="", show_default=False).strip().lower()
        number = _ascii_number(answer)
        if number is not None:
            if not 1 <= number <= len(menu.lines):
                click.echo(f"There is no option {answer}: choose 1 to {len(menu.lines)}.")
                continue
            target = menu.lines[number - 1][1]
            if isinstance(target, _Menu):
                menu = target
            elif is_concession(legal[target]) and not _confirm(texts[target]):
                click.echo("Not played: choose again.")
            else:
                return legal[target]
        elif answer == "b" and inside:
            menu = top
        elif answer == "a" and everything is not None:
            menu = everything
        elif answer == "t":
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
        elif not _glossary_command(answer, glossary):
            back = "b to go back, " if inside else ""
            click.echo(f"{answer!r} is not a command: type a number from 1 to "
                       f"{len(menu.lines)}, {back}or h for help.")


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
    public: list[str] = []  # every narration line shown on the shared screen, in order
    recap_from = dict.fromkeys(humans, 0)  # each human's recap starts at his last move line
    _echo_events(match, public)
    last_human: int | None = None
    try:
        while not match.state.is_over:
            seat = match.state.to_act
            assert seat is not None
            if match.seats[seat] == "human":
                if len(humans) > 1 and last_human is not None and seat != last_human:
                    click.echo("\n" * 40 + f"Pass the keyboard to {seat_label(seat)}.")
                    click.prompt("Press Enter when ready", default="", show_default=False)
                    _recap(public[recap_from[seat]:])
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
                recap_from[seat] = len(public)
                kind = "you" if len(humans) == 1 else "human"
                _narrate(move_line(match.steps, seat, kind, description), public)
                _echo_events(match, public)
            else:
                action = match.bot_action()
                # humans at this keyboard may not read a bot's secret (a sealed bid, say)
                description = (match.state.describe(action) if not humans
                               else match.state.describe_public(action))
                match.play(action)
                _narrate(move_line(match.steps, seat, match.seats[seat], description), public)
                _echo_events(match, public)
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
