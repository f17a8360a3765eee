"""``tabletop play`` for card-heavy games: grouped menus, the card glossary, confirmed
concessions, ASCII-only numbers and the hot-seat recap, through the real command (click's
CliRunner) on the fixture game "Racket Row" (tests/fixtures/menu_game.py).

Racket Row's first menu has 30 actions: draw a card (ungrouped), 24 "Take over a Racket",
3 "Recruit a Crook", "bribe the Judge" (a group of one) and "leave the game" (a concession).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tabletop import registry
from tabletop.cli.menus import build_menus
from tabletop.cli.play import RECAP_LINES
from tabletop.cli.screen import CLEAR
from tests.cli_runner import run_cli
from tests.fixtures.menu_game import GAME, GLOSSARY

TOP_MENU = """\
Your options:
   1. draw an event card (10 left)
   2. Take over a Racket (24 choices)
   3. Recruit a Crook (3 choices)
   4. bribe the Judge
   5. leave the game
Choose (number, a for all 30 actions, or t/h/u/i/r/o/s/q): """


@pytest.fixture(autouse=True)
def menu_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # games autosave there
    registry.register("menu_game", GAME)
    yield
    registry.unregister("menu_game")


def run(*args: str, stdin: str | None = None) -> tuple[int, str]:
    return run_cli(*args, stdin=stdin)


def play(stdin: str, *extra: str) -> str:
    """Player 1 (human) against a random bot, seed 1; returns the screen."""
    code, out = run("play", "menu_game", "--seed", "1", *extra, stdin=stdin)
    assert code == 0, out
    return out


def my_moves(out: str) -> list[str]:
    """What Player 1 played, as narrated."""
    return re.findall(r"^\d+\. Player 1 \[you\]: (.*)$", out, re.MULTILINE)


# -- grouped menus ------------------------------------------------------------------------
def test_top_menu_shows_one_line_per_group_in_order_of_first_appearance() -> None:
    out = play("q\ny\n")
    assert TOP_MENU in out
    assert "take over the Docks" not in out  # the group is closed until chosen
    assert "Game left before any move: nothing to save." in out


def test_a_group_opens_numbered_with_b_to_go_back_and_a_number_plays_its_action() -> None:
    out = play("2\nb\n3\n2\nq\ny\n")
    assert out.count(TOP_MENU) >= 2  # b came back to the top menu
    assert "Take over a Racket (24 choices):\n   1. take over the Docks\n" in out
    assert "  24. take over the Fairground\n   b. back to the top menu\n" \
           "Choose (number, b to go back, or t/h/u/i/r/o/s/q): " in out
    assert "Recruit a Crook (3 choices):\n   1. recruit Crook Alice face down\n" in out
    assert my_moves(out) == ["recruit Crook Bruno face down"]


def test_ungrouped_actions_and_groups_of_one_are_played_from_the_top_menu() -> None:
    assert my_moves(play("4\nq\ny\n")) == ["bribe the Judge"]
    assert my_moves(play("1\nq\ny\n")) == ["draw an event card (10 left)"]


def test_a_lists_every_action_with_flat_numbers_that_apply_to_that_listing_only() -> None:
    out = play("26\na\n26\nq\ny\n")
    # at the top menu, numbers are line numbers: 26 is refused there
    assert "There is no option 26: choose 1 to 5." in out
    assert "All 30 actions:\n   1. draw an event card (10 left)\n   2. take over the Docks\n" in out
    assert "  30. leave the game\n   b. back to the top menu\n" in out
    assert my_moves(out) == ["recruit Crook Alice face down"]
    # b leaves the listing: top-menu numbers apply again
    assert my_moves(play("a\nb\n2\n1\nq\ny\n")) == ["take over the Docks"]


def test_bad_input_in_a_group_is_refused_with_a_reason_and_asked_again() -> None:
    out = play("2\nxyz\n0\n25\n²\n" + "9" * 5000 + "\n\nb\nb\nq\ny\n")
    assert "'xyz' is not a command: type a number from 1 to 24, b to go back, or h for " \
           "help." in out
    assert "There is no option 0: choose 1 to 24." in out
    assert "There is no option 25: choose 1 to 24." in out
    assert "'²' is not a command: type a number from 1 to 24, b to go back" in out
    assert "There is no option 9999" in out
    # Enter alone asks again, without a complaint and without the menu
    assert "'' is not a command" not in out
    assert "Choose (number, b to go back, or t/h/u/i/r/o/s/q): \n" \
           "Choose (number, b to go back, or t/h/u/i/r/o/s/q): " in out
    # b at the top menu is not a command
    assert "'b' is not a command: type a number from 1 to 5, or h for help." in out
    assert my_moves(out) == []


def test_commands_work_inside_a_group_and_in_the_full_listing(tmp_path: Path) -> None:
    path = tmp_path / "saved.json"
    out = play("2\nt\nh\ni judge\nr\ns\n", "--record", str(path))
    assert out.count("Free Rackets: 24; event cards left: 10") == 2  # t showed the table
    assert "Type the number of an action" in out  # h
    assert "  The Judge: Can always be bribed" in out  # i
    assert "Racket Row ships no RULES.md." in out  # r
    assert f"Saved to {path}" in out and path.exists()  # s
    out = play("a\nq\ny\n")
    assert "Game left before any move: nothing to save." in out


def test_a_long_menu_without_groups_stays_flat_as_before() -> None:
    out = play("a\nb\n26\nq\ny\n", "--option", "groups=false")
    assert "Your options:\n   1. draw an event card (10 left)\n   2. take over the Docks\n" in out
    assert "  30. leave the game\nChoose (number, or t/h/u/i/r/o/s/q): " in out
    assert "(24 choices)" not in out and "back to the top menu" not in out
    assert "'a' is not a command: type a number from 1 to 30, or h for help." in out
    assert "'b' is not a command: type a number from 1 to 30, or h for help." in out
    assert my_moves(out) == ["recruit Crook Alice face down"]


def test_a_game_without_the_hooks_keeps_its_menu_and_prompt() -> None:
    code, out = run("play", "tic_tac_toe", "--seed", "3", stdin="a\nb\ni\nq\ny\n")
    assert code == 0
    assert "Your options:\n   1. X marks cell 1\n" in out
    assert "Choose (number, or t/h/u/r/o/s/q): " in out  # i is not offered without a glossary
    assert "'a' is not a command: type a number from 1 to 9, or h for help." in out
    assert "'b' is not a command" in out
    assert "This game has no card glossary." in out


def test_grouping_needs_more_than_20_actions_and_a_shorter_menu() -> None:
    def menu_lines(free_rackets: int, groups: bool = True) -> int | None:
        state = GAME.new_state(2, 1, {"groups": groups})
        for racket in range(24 - free_rackets):
            state.rackets[racket] = 1
        state.forget_legal_actions()
        legal = list(state.legal_actions())
        top, everything = build_menus(state, legal, [state.describe(a) for a in legal])
        assert (everything is None) == (len(top.lines) == len(legal))
        return None if everything is None else len(top.lines)

    # legal actions = free Rackets + draw + 3 Crooks + bribe + leave
    assert menu_lines(15) == 5  # 21 actions: grouped
    assert menu_lines(14) is None  # 20 actions: flat
    assert menu_lines(24, groups=False) is None  # every action ungrouped: flat


# -- the glossary -------------------------------------------------------------------------
def test_i_alone_lists_the_card_names_wrapped() -> None:
    out = play("i\nq\ny\n")
    start = out.index("Cards and components (8; i WORDS explains")
    listing = out[start:].splitlines()[1:3]
    assert listing == ["  Racket, Crook Alice, Crook Bruno, Crook Carla, The Judge, Event deck,",
                       "  Henchman token, Mob card"]


def test_i_words_prints_every_entry_whose_name_contains_them() -> None:
    out = play("i CROOK\ni alice\ni racket\ni  event   DECK \ni zebra\nq\ny\n")
    assert out.count("  Crook Alice: A safecracker.") == 2  # i CROOK and i alice
    assert out.count("  Crook Bruno: A getaway driver.") == 1  # only i CROOK
    assert out.count("  Crook Carla: A forger.") == 1
    # a long entry is wrapped, later lines indented
    assert "  Racket: A business on the table (24 of them, from the Docks to the\n" \
           "      Fairground)." in out
    assert "  Event deck: Ten event cards" in out
    assert "No card name contains 'zebra'; type i alone for the list of names." in out


def test_rules_appends_the_glossary_as_a_cards_section() -> None:
    code, out = run("rules", "menu_game")
    assert code == 0
    section = out[out.index("\nCards and components (8)\n"):]
    for name in GLOSSARY:
        assert f"\n  {name}: " in section
    assert section.rstrip().endswith("Mob card: Not used either; the glossary lists it as a "
                                     "component.")
    code, out = run("rules", "tic_tac_toe")
    assert code == 0 and "Cards and components" not in out


# -- concessions --------------------------------------------------------------------------
def test_a_concession_is_played_only_after_y_or_yes() -> None:
    out = play("5\nn\n5\n\n5\nwhatever\n5\nY\n")
    assert out.count("This gives up the game: leave the game.\nAre you sure? [y/N]: ") == 4
    assert out.count("Not played: choose again.") == 3
    assert out.count(TOP_MENU) == 4  # the menu came back after each refusal
    assert my_moves(out) == ["leave the game"]
    assert "The game is over after 1 decisions." in out
    out = play("a\n30\nno\n30\nyes\n")
    assert out.count("All 30 actions:") == 2  # cancelled: the same listing again
    assert my_moves(out) == ["leave the game"]


def test_other_actions_are_not_confirmed() -> None:
    out = play("4\nq\ny\n")
    assert "Are you sure?" not in out and my_moves(out) == ["bribe the Judge"]


# -- ASCII digits only --------------------------------------------------------------------
def test_unicode_digits_are_not_numbers_anywhere() -> None:
    # the action prompt: '²' (isdigit but int() fails), '٣' (int() reads it as 3)
    code, out = run("play", "tic_tac_toe", "--seed", "3", stdin="²\n٣\n１\n1\nq\ny\n")
    assert code == 0
    for text in ("²", "٣", "１"):
        assert f"{text!r} is not a command: type a number from 1 to 9" in out
    assert "1. Player 1 [you]: X marks cell 1" in out
    # the game menu and the player count
    code, out = run("play", "--bots", "--seed", "2", stdin="²\nmenu_game\n٣\n²\n3\n٣\n2\n")
    assert code == 0, out
    assert "Please type a number from 1 to" in out
    assert "Please type a number from 1 to 3, or easy, normal, hard." in out  # the level
    assert out.count("Racket Row is for 2-4 players.") == 2
    assert "Racket Row, 3 players" in out
    # --seat
    code, out = run("play", "tic_tac_toe", "--seat", "²=human")
    assert code == 2 and "is not SEAT=KIND" in out


# -- the hot-seat recap -------------------------------------------------------------------
#: a move line, an event line, or a bot's table talk under its move
NARRATION = re.compile(r'^(\d+\. .*|     > .*|     Player \d+: ".*")$')


def screens(out: str) -> tuple[list[str], list[tuple[str, list[str], list[str]]]]:
    """Read a hot-seat screen: the narration lines printed as moves happened, and for each
    recap who got it, its lines, and the narration printed since that seat's own last move
    line (from the game's start if it had not moved yet)."""
    narration: list[str] = []
    last_move: dict[str, int] = {}
    recaps: list[tuple[str, list[str], list[str]]] = []
    lines = out.replace(CLEAR, "").splitlines()
    who = ""
    i = 0
    while i < len(lines):
        line = lines[i]
        passing = re.fullmatch(r"Pass the keyboard to (Player \d)\.", line)
        if passing:
            who = passing.group(1)
        if line == "Since your last move:":
            body = []
            i += 1
            while lines[i] and lines[i] != "Only you saw:":  # the blank line ends it
                body.append(lines[i])
                i += 1
            recaps.append((who, body, narration[last_move.get(who, 0):]))
            continue
        found = NARRATION.match(line)
        if found and "> (only you) " not in line:  # private lines are never recapped
            mover = re.match(r"\d+\. (Player \d) \[human\]", line)
            if mover:
                last_move[mover.group(1)] = len(narration)
            narration.append(found.group(1))
        i += 1
    return narration, recaps


def test_hot_seat_recaps_the_public_lines_since_the_seats_last_move() -> None:
    # Player 1 draws, Player 2 takes over the Fish Market, the bot moves, Player 1 recruits
    # Crook Alice face down, Player 2 leaves (confirmed), the bot moves, Player 1 quits.
    moves = "\n1\n\n2\n3\n\n3\n1\n\n5\ny\n\nq\ny\n"  # Enter: the first pass screen
    code, out = run("play", "menu_game", "--seed", "1", "--players", "3", "--seat",
                    "2=human", stdin=moves)
    assert code == 0, out
    _, recaps = screens(out)
    assert [who for who, _, _ in recaps] == ["Player 2", "Player 1", "Player 2", "Player 1"]
    for who, body, missed in recaps:
        assert body == missed, who  # exactly the public lines since that seat's last move
    # Player 2's first recap: Player 1's draw and its event
    assert recaps[0][1] == ["1. Player 1 [human]: draw an event card (10 left)",
                            "     > Player 1 draws an event card (9 left)"]
    # the bot's table talk is recapped with its move
    assert '     Player 3: "The racetrack is mine now."' in recaps[1][1]
    # each later recap starts at the seat's own last move; the Crook is named for nobody
    assert recaps[2][1][0] == "2. Player 2 [human]: take over the Fish Market"
    assert "4. Player 1 [human]: recruits a Crook face down" in recaps[2][1]
    assert recaps[3][1][0] == "4. Player 1 [human]: recruits a Crook face down"
    assert not any("Alice" in line for _, body, _ in recaps for line in body)
    assert "5. Player 2 [human]: leave the game" in recaps[3][1]
    assert "[you]" not in out  # with two humans at the keyboard, "you" would be ambiguous


def test_the_recap_keeps_the_last_60_lines_and_says_how_many_were_left_out() -> None:
    code, out = run("play", "menu_game", "--seed", "1", "--seat", "2=human",
                    "--option", "chatter=40", stdin="\n1\n\n1\n\nq\ny\n")
    assert code == 0, out
    narration, recaps = screens(out)
    who, body, missed = recaps[-1]
    assert who == "Player 1"
    # Player 1's move and Player 2's, 42 lines each (move, event, 40 rumours)
    assert len(missed) == len(narration) == 84
    assert body == ["  (24 earlier lines left out)", *missed[-RECAP_LINES:]]
    assert body[-1] == "     > rumour 2.40"


def test_one_human_gets_no_pass_screen_and_no_recap() -> None:
    out = play("4\n4\nq\ny\n")
    assert "Pass the keyboard" not in out and "Since your last move" not in out
    assert my_moves(out) == ["bribe the Judge", "bribe the Judge"]
