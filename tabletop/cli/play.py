"""``tabletop play``: a game at one keyboard, humans and bots together.

A human seat sees its own view of the table, numbered actions in words, and a few commands
(table view, help, card glossary, rules by section, settings, save, quit). Long lists come in
groups (``State.action_group``); giving the game up asks for confirmation; a decision with one
choice is taken for the player (unless he asks to be asked), and so is staying out of a
question he takes no part in, once he chooses to (``State.stay_out``).

Narration is for a viewer (see :mod:`tabletop.narration`): one human reads his own moves and
private events in full; several humans share a screen that shows public things only, and
each gets his private events after the pass-the-keyboard screen, which clears the scrollback;
a bots-only game is narrated in full. With ``--record`` the game is saved after every move.
"""

from __future__ import annotations

import secrets
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import attrs
import click

from tabletop import registry
from tabletop.agents import (
    LEVELS,
    Personality,
    agent_kinds,
    check_level,
    default_bot,
    is_concession,
    level_kind,
    parse_kind,
)
from tabletop.amounts import AmountQuestion, parse_amount
from tabletop.cli.glossary import lookup_lines, names_lines
from tabletop.cli.menus import Menu, build_menus, menu_lines
from tabletop.cli.pause import wait_or_enter
from tabletop.cli.rules_text import contents, find, sections
from tabletop.cli.screen import clear_for, page, say
from tabletop.components.log import Event
from tabletop.engine import Game, seat_label
from tabletop.errors import InvalidOptions, TabletopError
from tabletop.match import Match
from tabletop.narration import (
    EVERYONE,
    event_lines,
    move_line,
    move_text,
    record_narration,
    result_text,
)
from tabletop.options import parse_option_pairs
from tabletop.record import Record, replay
from tabletop.talk import talk_line, voiced

RULE = "─" * 64
HELP = """\
Type the number of an action to play it. Other commands:
  t   show the table again          r   the rules: contents; r WORDS a section
  h   this help                     s   save the game and quit
  q   quit (asks first if moves are unsaved)
  o   your settings; o N switches setting N on or off
  i   the names of the game's cards (for a game that has a card glossary)
  i WORDS   what every card whose name contains WORDS is and does
A long menu (more than 20 actions) may come in groups. A number always picks
from the list shown last: at the top menu a line (a group's line opens that
group's actions), in a group an action. b goes back to the top menu; a lists
every action in one numbered list, whose numbers apply to that list only.
Giving up the game (leaving, resigning) asks "Are you sure? [y/N]" first: only
y or yes plays it.
A saved game continues with: tabletop play --resume FILE"""

#: the most narration lines the hot-seat recap reprints
RECAP_LINES = 60
#: the narration lines a resumed game starts with
RESUME_LINES = 12
#: how long a bot waits before its move when a human watches at a terminal (seconds)
BOT_PAUSE = 0.7
#: said before the first pause, once a game
SKIP_HINT = "(Enter skips the bots' pauses.)"


class _Quit(Exception):
    """The player asked to stop."""


def _ascii_number(text: str) -> int | None:
    """``text`` as a number if it is made of ASCII digits 0-9 only, else ``None``: '²' and
    other Unicode digits are not numbers here (``str.isdigit`` accepts them, ``int`` may not).
    A number too long to be any option reads as a huge one, never as an error."""
    if not (text.isascii() and text.isdigit()):
        return None
    digits = text.lstrip("0") or "0"
    return int(digits) if len(digits) <= 12 else 10**12


def _yes(question: str) -> bool:
    """Ask a yes/no question whose default is no: only y or yes says yes."""
    answer = click.prompt(f"{question} [y/N]", default="", show_default=False)
    return answer.strip().lower() in ("y", "yes")


def _menu(games: list[Game]) -> Game:
    click.echo("Games:")
    for number, game in enumerate(games, start=1):
        say(f"  {number}. {game.title} ({game.player_range} players) — {game.name}")
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


def _who(match: Match, seat: int) -> str:
    """Who plays ``seat``, for the opening line: the kind, and a bot's leanings if it has a
    personality ("heuristic (bold, careful)")."""
    personality = getattr(match.agents[seat], "personality", None)
    words = personality.words() if isinstance(personality, Personality) else ""
    return f"{match.seats[seat]} ({words})" if words else match.seats[seat]


def _ask_level() -> str:
    """The bots' level, asked in the game menu (normal unless the player picks another)."""
    names = list(LEVELS)
    click.echo("How strong should the bots be?")
    for number, (name, text) in enumerate(LEVELS.items(), start=1):
        say(f"  {number}. {name}: {text}")
    while True:
        answer = click.prompt(f"Level [1-{len(names)}]", default="2").strip().lower()
        picked = _ascii_number(answer)
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
        seat_number = _ascii_number(number.strip())
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


@attrs.define
class Settings:
    """One human's standing choices, changed at any prompt with ``o N``."""

    single: bool = True     # a decision with one legal action is taken for him
    stay_out: bool = False  # a question he takes no part in is answered "stay out"

    LINES = (("single", "take a decision that has only one choice for me"),
             ("stay_out", ("stay out of questions I take no part in (others' showdowns, "
                           "reactions to others' moves)")))

    def lines(self) -> list[str]:
        """The settings as a numbered list with their values."""
        return [f"  {n}. {text}: {'on' if getattr(self, key) else 'off'}"
                for n, (key, text) in enumerate(self.LINES, 1)]

    def toggle(self, number: int) -> str | None:
        """Switch setting ``number``; returns the new line, or None for a bad number."""
        if not 1 <= number <= len(self.LINES):
            return None
        key, text = self.LINES[number - 1]
        setattr(self, key, not getattr(self, key))
        return f"{text}: {'on' if getattr(self, key) else 'off'}"


class Table:
    """One game at this keyboard: the match, who is human, what the screen has shown."""

    def __init__(self, match: Match, save_path: Path, autosave: bool, pause: float) -> None:
        self.match = match
        self.save_path = save_path
        self.autosave = autosave
        self.pause = pause
        self.humans = [s for s, k in enumerate(match.seats) if k == "human"]
        self.settings = {s: Settings() for s in self.humans}
        self.public: list[str] = []  # every line shown on the shared screen, in order
        self.recap_from = dict.fromkeys(self.humans, 0)  # where each human's recap starts
        self.private: dict[int, list[str]] = {s: [] for s in self.humans}  # not yet shown
        self.at_keyboard: int | None = None  # the human whose screen it is now
        self.saved_steps = match.steps if autosave else -1
        self.sections = sections(match.game.rules_text())
        self.hinted = False  # whether the player was told how to skip the bots' pauses

    # -- who reads what -----------------------------------------------------------------
    @property
    def viewer(self) -> int | None:
        """Whose eyes the shared screen is for: the one human, nobody in particular (several
        humans: public things only), or everyone (bots only)."""
        if not self.humans:
            return EVERYONE
        return self.humans[0] if len(self.humans) == 1 else None

    def narrate(self, line: str) -> None:
        """Print a line on the shared screen and keep it for the hot-seat recap."""
        say(line)
        self.public.append(line)

    def show_events(self, events: list[Event]) -> None:
        """The events of the move just played, each to whoever may read it now."""
        for event in events:
            if event.to is None or self.viewer in (EVERYONE, event.to):
                for line in event_lines([event], self.viewer):
                    self.narrate(line)
            elif event.to in self.private:
                lines = event_lines([event], event.to)
                if event.to == self.at_keyboard:
                    say("\n".join(lines))  # his screen: shown now, never recapped to others
                else:
                    self.private[event.to].extend(lines)

    def play(self, action: Any, kind: str, note: str = "") -> None:
        """Apply ``action`` for the seat to act, narrate it and its events, autosave."""
        match = self.match
        seat = match.state.to_act
        assert seat is not None
        text = move_text(match.state, seat, action, self.viewer)
        spoken = self.talk(seat, action) if seat not in self.settings else None
        match.play(action)
        if seat in self.recap_from:
            self.recap_from[seat] = len(self.public)
        self.narrate(move_line(match.steps, seat, kind, note + text))
        if spoken:
            self.narrate(talk_line(seat, spoken))
        self.show_events(match.take_events())
        if self.autosave:
            self.save(quiet=True)

    def talk(self, seat: int, action: Any) -> str | None:
        """What the bot in ``seat`` says as it plays ``action`` (``State.talk``, for the
        screen's reader), in its personality's voice; None when it says nothing."""
        listener = None if self.viewer == EVERYONE else self.viewer
        text = self.match.state.talk(action, listener)
        if not text:
            return None
        personality = getattr(self.match.agents[seat], "personality", None)
        return voiced(text, isinstance(personality, Personality) and personality.bold)

    def bot_pause(self) -> None:
        """The wait before a bot's move (Enter cuts it short); the first one says so."""
        if not self.pause:
            return
        if not self.hinted:
            self.hinted = True
            say(SKIP_HINT)
        wait_or_enter(self.pause, sys.stdin)

    # -- saving -------------------------------------------------------------------------
    def save(self, quiet: bool = False) -> bool:
        """Write the record; a failure is one line and the game goes on."""
        try:
            self.match.record.save(self.save_path)
        except TabletopError as exc:
            say(f"Could not save: {exc}. The game goes on; try s again later.")
            return False
        self.saved_steps = self.match.steps
        if not quiet:
            say(f"Saved to {self.save_path}. Continue with: tabletop play --resume "
                f"{self.save_path}")
        return True

    @property
    def unsaved(self) -> bool:
        """Whether quitting now would lose moves."""
        return self.match.steps > 0 and self.saved_steps != self.match.steps

    # -- the loop -----------------------------------------------------------------------
    def run(self) -> None:
        """Play until the end, or until a human quits."""
        match = self.match
        self.show_events(match.take_events())
        while not match.state.is_over:
            seat = match.state.to_act
            assert seat is not None
            if match.seats[seat] != "human":
                self.bot_pause()
                self.play(match.bot_action(), match.seats[seat])
                continue
            automatic = self.automatic(seat)
            if automatic is not None:
                action, note = automatic
                self.play(action, self.kind, note)
                continue
            if len(self.humans) > 1 and seat != self.at_keyboard:
                clear_for(seat_label(seat))
                click.prompt("Press Enter when ready", default="", show_default=False)
                self.recap(seat)
            self.at_keyboard = seat
            self.play(self.human_turn(seat), self.kind)

    @property
    def kind(self) -> str:
        """How a human's moves are labelled: "you" when he is the only human."""
        return "you" if len(self.humans) == 1 else "human"

    def automatic(self, seat: int) -> tuple[Any, str] | None:
        """The action taken for a human without asking, by his settings, and why."""
        state = self.match.state
        settings = self.settings[seat]
        legal = state.legal_actions()
        if settings.single and len(legal) == 1 and not is_concession(legal[0]):
            return legal[0], "only one choice: "
        stay = state.stay_out()
        if settings.stay_out and stay is not None and stay in legal:
            return stay, "stays out, as chosen: "
        return None

    def recap(self, seat: int) -> None:
        """After the pass-the-keyboard screen: the public lines the incoming seat missed, then
        what only it may see."""
        lines = self.public[self.recap_from[seat]:]
        if lines:
            click.echo("Since your last move:")
            if len(lines) > RECAP_LINES:
                left_out = len(lines) - RECAP_LINES
                click.echo(f"  ({left_out} earlier line{'s' if left_out > 1 else ''} left out)")
                lines = lines[-RECAP_LINES:]
            for line in lines:
                click.echo(line)
        if self.private[seat]:
            click.echo("Only you saw:")
            for line in self.private[seat]:
                click.echo(line)
            self.private[seat] = []

    # -- a human's decision -------------------------------------------------------------
    def human_turn(self, seat: int) -> Any:
        """Show the seat's view and ask until it picks a legal action; returns the action.

        A number always picks from the list shown last: at the top menu a line, in a group
        or in the full listing (``a``) an action; ``b`` goes back to the top menu. The other
        commands work at every level. A concession is played only after the player confirms
        it."""
        match = self.match
        state = match.state
        legal = list(state.legal_actions())
        texts = [state.describe(action) for action in legal]
        top, everything = build_menus(state, legal, texts)
        glossary = match.game.glossary()
        keys = "t/h/i/r/o/s/q" if glossary else "t/h/r/o/s/q"
        when = f" — round {state.round}" if state.round > 0 else ""
        click.echo(f"\n{RULE}\n{seat_label(seat)} to play{when}\n{RULE}")
        say(state.render(seat))
        if state.stay_out() is not None and not self.settings[seat].stay_out:
            say("(You take no part in this question: o 2 stays out of such questions "
                "from now on.)")
        menu = top
        while True:
            inside = menu is not top
            say("\n" + "\n".join(menu_lines(menu)))
            if inside:
                click.echo("   b. back to the top menu")
                ask = f"Choose (number, b to go back, or {keys})"
            elif everything is not None:
                ask = f"Choose (number, a for all {len(everything.lines)} actions, or {keys})"
            else:
                ask = f"Choose (number, or {keys})"
            answer = click.prompt(ask, default="", show_default=False).strip()
            number = _ascii_number(answer)
            command, _, rest = answer.partition(" ")
            command = command.lower()
            if number is not None:
                if not 1 <= number <= len(menu.lines):
                    click.echo(f"There is no option {answer[:20]}: choose 1 to "
                               f"{len(menu.lines)}.")
                    continue
                target = menu.lines[number - 1][1]
                if isinstance(target, Menu):
                    menu = target
                elif isinstance(target, AmountQuestion):
                    picked = _ask_amount(target)
                    if picked is not None:
                        return legal[picked]
                elif is_concession(legal[target]):
                    say(f"This gives up the game: {texts[target]}.")
                    if _yes("Are you sure?"):
                        return legal[target]
                    click.echo("Not played: choose again.")
                else:
                    return legal[target]
            elif answer.lower() == "b" and inside:
                menu = top
            elif answer.lower() == "a" and everything is not None:
                menu = everything
            elif answer.lower() == "t":
                say(state.render(seat))
            elif answer.lower() == "h":
                click.echo(HELP)
            elif command == "r":
                self.rules(rest)
            elif command == "o":
                self.options(seat, rest)
            elif answer.lower() == "s":
                if self.save():
                    raise _Quit
            elif answer.lower() == "q":
                if not self.unsaved or _yes("Your moves since the last save will be lost. "
                                            "Quit without saving?"):
                    click.echo("Game abandoned, not saved." if self.unsaved or not
                               self.autosave else f"Game left; it is saved in {self.save_path}.")
                    raise _Quit
            elif not _glossary_command(answer, glossary):
                back = "b to go back, " if inside else ""
                click.echo(f"{answer[:40]!r} is not a command: type a number from 1 to "
                           f"{len(menu.lines)}, {back}or h for help.")

    def rules(self, words: str) -> None:
        """``r``: the contents; ``r WORDS``: the sections named; ``r all``: everything."""
        words = words.strip()
        if words.lower() == "all":
            page(self.match.game.rules_text())
            return
        if not words or len(self.sections) == 1:
            if len(self.sections) == 1:
                page(self.sections[0].text())
                return
            say("The rules, by section (r N or r WORDS shows one; r all shows everything):")
            say("\n".join(contents(self.sections)))
            return
        found = find(self.sections, words)
        if not found:
            say(f"No section of the rules mentions {words[:40]!r}; r alone lists them.")
            return
        page("\n\n".join(section.text() for section in found))

    def options(self, seat: int, rest: str) -> None:
        """``o``: the seat's settings; ``o N``: switch setting N."""
        settings = self.settings[seat]
        number = _ascii_number(rest.strip())
        if rest.strip() and number is None:
            click.echo("Type o alone to see your settings, or o N to switch setting N.")
            return
        if number is None:
            say("Your settings (o N switches setting N):\n" + "\n".join(settings.lines()))
            return
        changed = settings.toggle(number)
        click.echo(f"Now: {changed}." if changed else
                   f"There is no setting {number}: choose 1 to {len(settings.LINES)}.")


def _ask_amount(question: AmountQuestion) -> int | None:
    """Ask for an amount until one of the allowed values is typed; the legal index of its
    action, or ``None`` when the player leaves the question empty (back to the menu)."""
    while True:
        answer = click.prompt(f"{question.prompt()}, or Enter to go back", default="",
                              show_default=False).strip()
        if not answer:
            return None
        picked = parse_amount(answer, question)
        if isinstance(picked, int):
            return picked
        click.echo(f"Not played: {picked}.")


def _glossary_command(answer: str, glossary: Mapping[str, str]) -> bool:
    """Handle ``i`` / ``i WORDS``; False if ``answer`` is not that command."""
    parts = answer.split(None, 1)
    if not parts or parts[0].lower() != "i":
        return False
    lines = lookup_lines(glossary, parts[1]) if len(parts) > 1 else names_lines(glossary)
    say("\n".join(lines))
    return True


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
@click.option("--record", "record_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="keep the game in this file, saved after every move")
@click.option("--resume", "resume_path", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="continue a saved game")
@click.option("--pause", type=click.FloatRange(0, 10), default=None,
              help="seconds a bot waits before moving while a human watches (default 0.7 at "
                   "a terminal, 0 otherwise); Enter cuts a wait short")
def play(game_name: str | None, players: int | None, seats: tuple[str, ...],
         level: str | None, bots: bool, seed: int | None, options: tuple[str, ...],
         record_path: Path | None, resume_path: Path | None, pause: float | None) -> None:
    """Play GAME at this keyboard (no GAME: pick one from a menu)."""
    recap: list[str] = []
    if level is not None:
        level = check_level(level)
    if resume_path is not None:
        record = Record.load(resume_path)
        if game_name and game_name != record.game:
            raise InvalidOptions(f"{resume_path} is a game of {record.game}, not {game_name}")
        if record.result is not None:
            raise InvalidOptions(f"{resume_path} holds a finished game; "
                                 f"see it with `tabletop replay --show {resume_path}`")
        state = replay(record)
        game = registry.get(record.game)
        players, seed = record.players, record.seed
        kinds = _seat_kinds(game, players, seats, bots, record.seats, level)
        record.seats = kinds
        match = Match(game, players, seed, seats=kinds, state=state, record=record)
        record_path = record_path or resume_path
        humans = [s for s, k in enumerate(kinds) if k == "human"]
        viewer = EVERYONE if not humans else humans[0] if len(humans) == 1 else None
        recap = record_narration(record, viewer)
        click.echo(f"Resuming {game.title} at decision {len(record.actions) + 1}.")
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
        say(f"{game.title}, {players} players, seed {seed}. "
            + ", ".join(f"{seat_label(s)}: {_who(match, s)}" for s in range(players)))
        say(f"Type h at any prompt for help; `tabletop rules {game.name}` prints the rules.")
    if record_path is not None:
        _check_writable(record_path)
    save_path = record_path or Path(f"tabletop-{game.name}-{seed}.json")
    humans = [s for s, k in enumerate(match.seats) if k == "human"]
    if pause is None:
        pause = BOT_PAUSE if humans and sys.stdin.isatty() and sys.stdout.isatty() else 0.0
    table = Table(match, save_path, autosave=record_path is not None, pause=pause)
    if recap:
        click.echo(f"The last moves ({min(len(recap), RESUME_LINES)} lines):")
        for line in recap[-RESUME_LINES:]:
            click.echo(line)
    if record_path is not None and resume_path is None:
        table.save(quiet=True)
    if not humans:
        say(match.state.render(None))
    try:
        table.run()
    except _Quit:
        return
    except click.Abort:
        click.echo("\nInput closed: " + ("the game is saved." if not table.unsaved
                                         else "the game was not saved."), err=True)
        raise SystemExit(1) from None
    click.echo(f"\n{RULE}\nThe game is over after {match.steps} decisions.\n{RULE}")
    say(match.state.render(None))
    say(result_text(match.state.result()))
    if record_path is not None and table.save(quiet=True):
        say(f"Record written to {record_path} (see it again: tabletop replay --show "
            f"{record_path}).")
