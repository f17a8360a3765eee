"""The game loop of ``tabletop play``: one game at this keyboard, humans and bots together.

A human seat sees its own view of the table (the whole of it at his first decision, after the
pass-the-keyboard screen and when he types ``t``; after that what changed), numbered options
in words and a few commands (help, the game's guide, the rules as plain text, the card
glossary, settings, undo, save, quit). Long lists come in groups (``State.action_group``); an
amount (a bid, a sum of money: ``State.amount``) is typed; giving the game up asks first; a
decision with one choice is taken for the player (unless he asks to be asked), and so is
staying out of a question he takes no part in, once he chooses to (``State.stay_out``).

Undo (``u``) takes back the player's last decision while the kernel allows it
(:meth:`tabletop.match.Match.can_undo`: it drew no chance, showed him nothing hidden, and no
other seat has acted since); a decision taken for him automatically goes with the decision
before it. Bots never undo.

Narration is for a viewer (see :mod:`tabletop.narration`): one human reads his own moves and
private events in full; several humans share a screen that shows public things only, and
each gets his private events after the pass-the-keyboard screen, which clears the scrollback;
a bots-only game is narrated in full. The game is saved after every move, before the move is
shown: each decision is appended to the game's journal (:mod:`tabletop.journal`), and the
record is written whole when the game ends or the player leaves it. A save that fails (a full
disk) is told once and the game goes on; Ctrl-C at a prompt or during a bot's pause asks
whether to save and quit.
"""

from __future__ import annotations

import contextlib
import signal
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import attrs
import click

from tabletop.agents import Personality, bot_name, is_concession
from tabletop.amounts import AmountQuestion, parse_amount
from tabletop.cli.glossary import lookup_lines, names_lines
from tabletop.cli.menus import Menu, build_menus, menu_lines
from tabletop.cli.pause import wait_or_enter
from tabletop.cli.rules_text import contents, find, player_sections
from tabletop.cli.screen import (
    ask,
    changed_lines,
    clear_for,
    page,
    rows,
    say,
    say_command,
    width,
)
from tabletop.components.log import Event
from tabletop.engine import seat_label
from tabletop.errors import CannotSave, TabletopError
from tabletop.hidden import only_choice_is_public
from tabletop.journal import Journal
from tabletop.match import Match
from tabletop.narration import EVERYONE, event_lines, move_line, move_text, wrap_lines
from tabletop.rulebook import plain
from tabletop.talk import talk_line, voiced

HELP = """\
Type the number of an action to play it. Other commands:
  t   the whole table               r   the rules: contents; r WORDS a section
  h   the game's guide and this help (help and ? too)
  u   take back your last decision, while it revealed nothing
  s   save the game and quit        q   quit (the game stays saved)
  o   your settings; o N switches setting N on or off
  i   the names of the game's cards (for a game that has a card glossary)
  i WORDS   what every card whose name contains WORDS is and does
An amount (a bid, a sum of money) is typed. When it is the whole question, type
the amount ("12"); in a menu, its line's number asks for it, or give both at
once: "3 12" plays line 3 with the amount 12.
A long menu (more than 20 actions) may come in groups. A number always picks
from the list shown last: at the top menu a line (a group's line opens that
group's actions), in a group an action. b goes back to the top menu; a lists
every action in one numbered list, whose numbers apply to that list only.
Giving up the game (leaving, resigning) asks "Are you sure? [y/N]" first: only
y or yes plays it.
Every game is saved after each move, and Ctrl-C asks whether to save and quit.
tabletop play --resume lists the unfinished games to continue."""

#: the most narration lines the hot-seat recap reprints
RECAP_LINES = 60
#: said before the first pause, once a game
SKIP_HINT = "(Enter skips the bots' pauses.)"
#: why a decision cannot be taken back, by cause


class Quit(Exception):
    """The player asked to stop; the game is saved (or he agreed to lose what was not)."""


class InputClosed(Exception):
    """The keyboard's input ended (a closed pipe, Ctrl-D)."""


def shown_path(path: Path) -> str:
    """``path`` as a command on screen gives it: under the home folder as ``~/...`` (shorter,
    and the shell expands it back), else as it is."""
    try:
        return f"~/{path.resolve().relative_to(Path.home().resolve())}"
    except (ValueError, OSError, RuntimeError):
        return str(path)


def ascii_number(text: str) -> int | None:
    """``text`` as a number if it is made of ASCII digits 0-9 only, else ``None``: '²' and
    other Unicode digits are not numbers here (``str.isdigit`` accepts them, ``int`` may not).
    A number too long to be any option reads as a huge one, never as an error."""
    if not (text.isascii() and text.isdigit()):
        return None
    digits = text.lstrip("0") or "0"
    return int(digits) if len(digits) <= 12 else 10**12


def yes(question: str, default: bool = False) -> bool:
    """Ask a yes/no question: ``[y/N]`` (only y or yes says yes) or, with ``default``,
    ``[Y/n]`` (anything but n or no says yes)."""
    answer = ask(f"{question} [{'Y/n' if default else 'y/N'}]").lower()
    if default:
        return answer not in ("n", "no")
    return answer in ("y", "yes")


def rule() -> str:
    """The line under and over a player's heading, as wide as the screen allows."""
    return "─" * min(64, width())


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


@attrs.frozen
class Played:
    """A human's decision that may still be taken back, and what the screen had before it:
    whether it was taken for him (one choice, staying out), its narrated line, and the
    lengths of the shared narration and the private queues, and the recap marks, to restore."""

    automatic: bool
    line: str
    public: int
    private: dict[int, int]
    recap_from: dict[int, int]


@contextlib.contextmanager
def interrupts_held() -> Iterator[None]:
    """Hold Ctrl-C while a move is applied, narrated and saved, so that an interrupt never
    leaves a half-played move behind: it is raised when the block ends. (Outside the main
    thread, where no signal handler can be set, the block runs as it is.)"""
    caught: list[int] = []

    def hold(signum: int, frame: Any) -> None:
        caught.append(signum)

    try:
        previous = signal.signal(signal.SIGINT, hold)
    except ValueError:
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous if previous is not None else signal.SIG_DFL)
    if caught:
        raise KeyboardInterrupt


class Table:
    """One game at this keyboard: the match, who is human, what the screen has shown."""

    def __init__(self, match: Match, save_path: Path, autosave: bool, pause: float) -> None:
        self.match = match
        self.save_path = save_path
        self.autosave = autosave
        self.pause = pause
        self.humans = [s for s, k in enumerate(match.seats) if k == "human"]
        self.settings = {s: Settings() for s in self.humans}
        self.names = [self.kind if k == "human" else bot_name(match.game, k)
                      for k in match.seats]
        self.public: list[str] = []  # every line shown on the shared screen, in order
        self.recap_from = dict.fromkeys(self.humans, 0)  # where each human's recap starts
        self.private: dict[int, list[str]] = {s: [] for s in self.humans}  # not yet shown
        self.at_keyboard: int | None = None  # the human whose screen it is now
        self.saved_steps = match.steps if autosave else -1
        #: the game's journal, appended after every decision (None: saved on request only)
        self.journal = Journal(save_path) if autosave else None
        #: why the journal could not be written, while it is behind the game (told once)
        self.failure: str | None = None
        self.sections = player_sections(match.game.rules_text())
        self.hinted = False  # whether the player was told how to skip the bots' pauses
        self.seen: dict[int, str] = {}  # the table as each human last saw it
        # the screen before each decision the match may take back (Match.can_undo), oldest
        # first, and whose they are
        self.chain: list[Played] = []
        self.chain_seat: int | None = None

    # -- who reads what -----------------------------------------------------------------
    @property
    def viewer(self) -> int | None:
        """Whose eyes the shared screen is for: the one human, nobody in particular (several
        humans: public things only), or everyone (bots only)."""
        if not self.humans:
            return EVERYONE
        return self.humans[0] if len(self.humans) == 1 else None

    @property
    def kind(self) -> str:
        """How a human's moves are labelled: "you" when he is the only human."""
        return "you" if len(self.humans) == 1 else "human"

    def who(self, seat: int) -> str:
        """Who plays ``seat``, for the opening line: "human", a bot by its level, with its
        leanings if it has a personality ("Normal bot (bold, careful)")."""
        if self.match.seats[seat] == "human":
            return "human"
        personality = getattr(self.match.agents[seat], "personality", None)
        words = personality.words() if isinstance(personality, Personality) else ""
        name = self.names[seat]
        return f"{name} ({words})" if words else name

    def narrate(self, line: str) -> None:
        """Print a line on the shared screen and keep it for the hot-seat recap."""
        say(line)
        self.public.append(line)

    def show_events(self, events: list[Event]) -> None:
        """The events of the move just played, each to whoever may read it now."""
        columns = width()
        for event in events:
            if event.to is None or self.viewer in (EVERYONE, event.to):
                for line in event_lines([event], self.viewer, columns):
                    self.narrate(line)
            elif event.to in self.private:
                lines = event_lines([event], event.to, columns)
                if event.to == self.at_keyboard:
                    say("\n".join(lines))  # his screen: shown now, never recapped to others
                else:
                    self.private[event.to].extend(lines)

    # -- playing a move -----------------------------------------------------------------
    def play(self, action: Any, note: str = "", automatic: bool = False) -> None:
        """Apply ``action`` for the seat to act, narrate it and its events, autosave. A
        human's decision is played so that it may be taken back."""
        match = self.match
        seat = match.state.to_act
        assert seat is not None
        human = seat in self.settings
        text = move_text(match.state, seat, action, self.viewer)
        spoken = None if human else self.talk(seat, action)
        before = Played(automatic, "", len(self.public),
                        {s: len(lines) for s, lines in self.private.items()},
                        dict(self.recap_from))
        with interrupts_held():
            match.play(action, undoable=human)
            self.keep()  # in the journal before it is on the screen
            if seat in self.recap_from:
                self.recap_from[seat] = len(self.public)
            line = move_line(match.steps, seat, self.names[seat], note + text)
            self.narrate(line)
            if spoken:
                self.narrate(talk_line(seat, spoken))
            self.show_events(match.take_events())
            self.keep_for_undo(seat, attrs.evolve(before, line=line))

    def keep_for_undo(self, seat: int, played: Played) -> None:
        """Keep what the screen had before ``played`` while the match may take it back."""
        if not self.match.can_undo(seat):
            self.chain, self.chain_seat = [], None
            return
        if self.chain_seat != seat:
            self.chain, self.chain_seat = [], seat
        self.chain.append(played)

    def undo(self, seat: int) -> str | None:
        """``u``: take back ``seat``'s last decision, with the decisions taken for him after
        it; returns why not (:meth:`Match.undo_refusal`) when it cannot be done."""
        if self.chain_seat != seat or all(played.automatic for played in self.chain):
            # nothing, or only decisions taken for him: what stops him stood before them
            return self.match.undo_refusal(seat)
        taken: list[str] = []
        while True:
            played = self.chain.pop()
            self.match.undo()
            self.keep(undone=True)
            taken.insert(0, played.line)
            del self.public[played.public:]
            for other, length in played.private.items():
                del self.private[other][length:]
            self.recap_from = dict(played.recap_from)
            if not played.automatic:
                break
        if not self.chain:
            self.chain_seat = None
        self.match.take_events()  # the events of the moves taken back are not told again
        say("Taken back:\n" + "\n".join(f"  {line}" for line in taken))
        self.seen.pop(seat, None)  # the whole table again: it is as it was before
        return None

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
    def begin(self) -> None:
        """Start the journal now (``--record FILE``: the file exists from the first move on),
        rather than at the first decision."""
        if self.journal is not None:
            try:
                self.journal.start(self.match.record)
            except CannotSave as exc:
                self.failed(exc)

    def keep(self, undone: bool = False) -> None:
        """Append the decision just played (or, ``undone``, just taken back) to the journal;
        a failure is told once, and the game goes on."""
        if self.journal is None:
            return
        try:
            if undone:
                self.journal.undone(self.match.record)
            else:
                self.journal.played(self.match.record)
        except CannotSave as exc:
            self.failed(exc)
            return
        if self.failure is not None:
            self.failure = None
            say("The game is saved again, every decision so far.")

    def failed(self, exc: CannotSave) -> None:
        """Tell the first failure to save (not the ones after it, while it lasts)."""
        if self.failure is None:
            self.failure = str(exc)
            say(f"Could not save: {exc}. The game goes on; it is saved again as soon as it "
                f"can be. Until then the record stops after {self.stop_text()}.")

    def stop_text(self) -> str:
        """Where the record on disk stops, in words: "decision 12", "the set-up"."""
        kept = self.journal.kept if self.journal is not None else max(self.saved_steps, 0)
        return f"decision {kept}" if kept else "the set-up"

    def close(self) -> CannotSave | None:
        """Write the whole record (over the journal, when there is one) in the format
        ``tabletop replay`` reads; why it failed, or None."""
        try:
            if self.journal is not None:
                self.journal.close(self.match.record)
            else:
                self.save_path.parent.mkdir(parents=True, exist_ok=True)
                self.match.record.save(self.save_path)
        except CannotSave as exc:
            return exc
        except (TabletopError, OSError) as exc:
            return CannotSave(str(exc))
        self.saved_steps = self.match.steps
        self.failure = None
        return None

    def save(self, quiet: bool = False) -> bool:
        """``s``: write the whole record; a failure is one line and the game goes on."""
        reason = self.close()
        if reason is not None:
            say(f"Could not save: {reason}. The game goes on; try s again later.")
            return False
        if not quiet:
            click.echo(f"Saved to {self.save_path}.")
            self.tell_resume("Continue with:")
        return True

    def tell_resume(self, intro: str) -> None:
        """``intro`` and the command that continues the game, whole on its own line."""
        say_command(intro, f"tabletop play --resume {shown_path(self.save_path)}")

    @property
    def unsaved(self) -> bool:
        """Whether quitting now would lose moves: the journal is behind the game (a failed
        write), or, without a journal, moves were played since the last save."""
        if self.match.steps == 0:
            return False
        if self.journal is not None:
            return self.failure is not None
        return self.saved_steps != self.match.steps

    def interrupted(self) -> None:
        """Ctrl-C: "Save and quit? [Y/n]". Yes (or Enter, a second Ctrl-C, closed input)
        saves and raises :class:`Quit`; no goes back to the game."""
        click.echo("")
        try:
            leave = yes("Save and quit?", default=True)
        except (KeyboardInterrupt, EOFError):
            click.echo("")
            leave = True
        if not leave:
            say("The game goes on.")
            return
        if self.match.steps == 0 and not self.autosave:
            say("No move was played: nothing to save.")
            raise Quit
        reason = self.close()
        if reason is None or not self.unsaved and self.save_path.exists():
            self.tell_resume("Saved. Continue with:")
        else:
            say(f"Could not save: {reason}. The record stops after {self.stop_text()}.")
        raise Quit

    # -- the loop -----------------------------------------------------------------------
    def run(self) -> None:
        """Play until the end, or until a human quits (:class:`Quit`) or the input closes
        (:class:`InputClosed`)."""
        self.show_events(self.match.take_events())
        while not self.match.state.is_over:
            try:
                self.step()
            except KeyboardInterrupt:
                self.interrupted()
            except EOFError:
                raise InputClosed from None

    def step(self) -> None:
        """One decision: a bot's (after its pause), one taken for a human, or a human's."""
        match = self.match
        seat = match.state.to_act
        assert seat is not None
        if match.seats[seat] != "human":
            self.bot_pause()
            self.play(match.bot_action())
            return
        automatic = self.automatic(seat)
        if automatic is not None:
            action, note = automatic
            self.play(action, note, automatic=True)
            return
        if len(self.humans) > 1 and seat != self.at_keyboard:
            clear_for(seat_label(seat))
            ask("Press Enter when ready")
            self.seen.pop(seat, None)
            self.recap(seat)
        self.at_keyboard = seat
        action = self.human_turn(seat)
        if action is not None:
            self.play(action)

    def automatic(self, seat: int) -> tuple[Any, str] | None:
        """The action taken for a human without asking, by his settings, and why. With other
        humans at the keyboard, a single choice is taken for him only when the table can see
        it is his only one (an instant answer must not tell them what he holds)."""
        state = self.match.state
        settings = self.settings[seat]
        legal = state.legal_actions()
        if (settings.single and len(legal) == 1 and not is_concession(legal[0])
                and (len(self.humans) == 1 or only_choice_is_public(state))):
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
            say("\n".join(lines))
        if self.private[seat]:
            click.echo("Only you saw:")
            say("\n".join(self.private[seat]))
            self.private[seat] = []

    # -- a human's decision -------------------------------------------------------------
    def show_table(self, seat: int) -> None:
        """The heading, then the whole table at the seat's first decision (and after the
        pass screen, an undo) and whenever it is small, else only the lines that changed since
        he last saw it."""
        state = self.match.state
        when = f" — round {state.round}" if state.round > 0 else ""
        line = rule()
        say(f"\n{line}\n{seat_label(seat)} to play{when}\n{line}")
        table = state.render(seat)
        before = self.seen.get(seat)
        self.seen[seat] = table
        most = max(8, rows() // 3)
        if before is None or len(wrap_lines(table, width()).split("\n")) <= most:
            say(table)  # a small table is read best whole (a grid cut to its changed row is not)
            return
        changes = changed_lines(before, table, most, width())
        if changes:
            say("Changed on the table (t shows all of it):\n" + "\n".join(changes))

    def human_turn(self, seat: int) -> Any | None:
        """Show the seat's view and ask until it picks a legal action; returns the action,
        or ``None`` when the decision was taken back (``u``: the loop asks again).

        A number always picks from the list shown last: at the top menu a line, in a group
        or in the full listing (``a``) an action; ``b`` goes back to the top menu. When the
        whole decision is one amount, the number typed is the amount. The other commands
        work at every level. A concession is played only after the player confirms it."""
        state = self.match.state
        legal = list(state.legal_actions())
        texts = [state.describe(action) for action in legal]
        top, everything = build_menus(state, legal, texts)
        glossary = self.match.game.glossary()
        keys = "t/h/u/i/r/o/s/q" if glossary else "t/h/u/r/o/s/q"
        self.show_table(seat)
        stay = state.stay_out()
        if stay is not None and stay in legal and not self.settings[seat].stay_out:
            say("(You take no part in this question: o 2 stays out of such questions "
                "from now on.)")
        only = top.lines[0][1] if len(top.lines) == 1 else None
        if isinstance(only, AmountQuestion):
            return self.amount_turn(seat, only, legal, keys, glossary)
        menu, show = top, True
        while True:
            inside = menu is not top
            if show:
                say("\n" + "\n".join(menu_lines(menu)))
                if inside:
                    click.echo("   b. back to the top menu")
            amounts = [n for n, (_, target) in enumerate(menu.lines, 1)
                       if isinstance(target, AmountQuestion)]
            if show and amounts:
                example = menu.lines[amounts[0] - 1][1]
                assert isinstance(example, AmountQuestion)
                say(f"(Type {amounts[0]} and the amount on one line to play it at once, e.g. "
                    f"{amounts[0]} {example.values[len(example.values) // 2]}.)")
            if inside:
                prompt = f"Choose (number, b to go back, or {keys})"
            elif everything is not None:
                prompt = f"Choose (number, a for all {len(everything.lines)} actions, or {keys})"
            else:
                prompt = f"Choose (number, or {keys})"
            answer = ask(prompt)
            show = True
            first, _, rest = answer.partition(" ")
            number = ascii_number(first)
            if not answer:
                show = False  # Enter alone: the prompt again
            elif number is not None:
                if not 1 <= number <= len(menu.lines):
                    say(f"There is no option {first[:20]}: choose 1 to {len(menu.lines)}.")
                    show = False
                    continue
                target = menu.lines[number - 1][1]
                picked = self.pick(target, rest.strip(), legal, texts)
                if isinstance(picked, Menu):
                    menu = picked
                elif picked is not None:
                    return legal[picked]
            elif answer.lower() == "b" and inside:
                menu = top
            elif answer.lower() == "a" and everything is not None:
                menu = everything
            else:
                handled = self.command(seat, answer, glossary)
                if handled == "undone":
                    return None
                if not handled:
                    back = "b to go back, " if inside else ""
                    say(f"{answer[:40]!r} is not a command: type a number from 1 to "
                        f"{len(menu.lines)}, {back}or h for help.")
                    show = False

    def pick(self, target: int | Menu | AmountQuestion, amount: str, legal: list[Any],
             texts: list[str]) -> int | Menu | None:
        """What choosing a menu line does: a group opens (its menu), an amount line asks for
        the amount (or takes the one typed after the number), a concession asks first, any
        other action is played; returns the legal index, the menu to show, or ``None``."""
        if isinstance(target, AmountQuestion):
            if amount:
                picked = parse_amount(amount, target)
                if isinstance(picked, int):
                    return picked
                say(f"Not played: {picked}.")
                return None
            return ask_amount(target)
        if amount:
            say("That option takes no amount: type its number alone.")
            return None
        if isinstance(target, Menu):
            return target
        if is_concession(legal[target]):
            say(f"This gives up the game: {texts[target]}.")
            if yes("Are you sure?"):
                return target
            click.echo("Not played: choose again.")
            return None
        return target

    def amount_turn(self, seat: int, question: AmountQuestion, legal: list[Any], keys: str,
                    glossary: Mapping[str, str]) -> Any | None:
        """A decision that is one amount and nothing else: the question is the prompt, and
        what is typed is the amount (or a command)."""
        prompt = f"{question.prompt()} (or {keys})"
        if len(prompt) + 2 > width():  # a prompt is not wrapped: the question goes above it
            say(f"{question.prompt()}:")
            prompt = f"Type the amount ({question.range_text()}) or {keys}"
        while True:
            answer = ask(prompt)
            if not answer:
                continue
            if not _command_like(answer):
                picked = parse_amount(answer, question)
                if isinstance(picked, int):
                    return legal[picked]
                say(f"Not played: {picked}.")
                continue
            handled = self.command(seat, answer, glossary)
            if handled == "undone":
                return None
            if not handled:
                say(f"{answer[:40]!r} is not a command: type an amount "
                    f"({question.range_text()}), or h for help.")

    def command(self, seat: int, answer: str, glossary: Mapping[str, str]) -> bool | str:
        """A prompt command other than a number: True when done, "undone" after ``u`` took
        a decision back, False when ``answer`` is not a command."""
        word, _, rest = answer.partition(" ")
        word = word.lower()
        if answer.lower() == "t":
            table = self.match.state.render(seat)
            self.seen[seat] = table
            say(table)
        elif answer.lower() in ("h", "help", "?"):
            page(self.match.game.guide() + "\n\n" + HELP)
        elif answer.lower() == "u":
            reason = self.undo(seat)
            if reason is None:
                return "undone"
            say(f"Nothing taken back: {reason}.")
        elif word == "r":
            self.rules(rest)
        elif word == "o":
            self.options(seat, rest)
        elif answer.lower() == "s":
            if self.save():
                raise Quit
        elif answer.lower() == "q":
            self.quit()
        else:
            return _glossary_command(answer, glossary)
        return True

    def quit(self) -> None:
        """``q``: leave; the game stays saved (if a save failed, ask first)."""
        if self.journal is not None and (self.journal.started or self.unsaved):
            self.close()  # the record whole; when that fails, the journal keeps the moves
        if self.unsaved and not yes("Your moves since the last save will be lost. "
                                    "Quit without saving?"):
            return
        if self.unsaved or not self.autosave:
            click.echo("Game abandoned, not saved.")
        elif self.match.steps == 0 and not self.save_path.exists():
            click.echo("Game left before any move: nothing to save.")
        else:
            self.tell_resume("Game left; it is saved. Continue with:")
        raise Quit

    def rules(self, words: str) -> None:
        """``r``: the contents; ``r WORDS``: the sections named; ``r all``: everything. Always
        as plain text, never Markdown."""
        words = words.strip()
        columns = width()
        if words.lower() == "all":
            page(plain(self.match.game.rules_text(), width=columns))
            return
        if not self.sections:
            page(plain(self.match.game.rules_text(), width=columns))
            return
        if not words or len(self.sections) == 1:
            if len(self.sections) == 1:
                page(self.sections[0].plain(columns))
                return
            say("The rules, by section (r N or r WORDS shows one; r all shows everything):")
            say("\n".join(contents(self.sections, titles=True)))
            return
        found = find(self.sections, words)
        if not found:
            say(f"No section of the rules mentions {words[:40]!r}; r alone lists them.")
            return
        page("\n\n".join(section.plain(columns) for section in found))

    def options(self, seat: int, rest: str) -> None:
        """``o``: the seat's settings; ``o N``: switch setting N."""
        settings = self.settings[seat]
        number = ascii_number(rest.strip())
        if rest.strip() and number is None:
            say("Type o alone to see your settings, or o N to switch setting N.")
            return
        if number is None:
            say("Your settings (o N switches setting N):\n" + "\n".join(settings.lines()))
            return
        changed = settings.toggle(number)
        say(f"Now: {changed}." if changed else
            f"There is no setting {number}: choose 1 to {len(settings.LINES)}.")


def ask_amount(question: AmountQuestion) -> int | None:
    """Ask for an amount until one of the allowed values is typed; the legal index of its
    action, or ``None`` when the player leaves the question empty (back to the menu)."""
    while True:
        answer = ask(f"{question.prompt()}, or Enter to go back")
        if not answer:
            return None
        picked = parse_amount(answer, question)
        if isinstance(picked, int):
            return picked
        say(f"Not played: {picked}.")


def _command_like(answer: str) -> bool:
    """Whether ``answer``, typed where an amount is asked, is a command rather than an
    attempt at an amount: it starts with a letter or is "?"."""
    return answer == "?" or answer[:1].isalpha()


def _glossary_command(answer: str, glossary: Mapping[str, str]) -> bool:
    """Handle ``i`` / ``i WORDS``; False if ``answer`` is not that command."""
    parts = answer.split(None, 1)
    if not parts or parts[0].lower() != "i":
        return False
    lines = lookup_lines(glossary, parts[1]) if len(parts) > 1 else names_lines(glossary)
    say("\n".join(lines))
    return True
