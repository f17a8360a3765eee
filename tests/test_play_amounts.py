"""Amounts typed at ``tabletop play`` (issue 26 §2): when the whole decision is one amount the
player types the amount itself; in a menu with other options the amount's line asks for it, or
"N AMOUNT" plays it at once; a typed number is never off by one from the amount it stands for;
a bad amount gets a reason and is asked again. Also the prompt's small manners (§3): h, help
and ? show the game's guide and the commands, and Enter alone asks again.

Played on "Pot Luck" (tests/fixtures/pot_luck.py, registered as ``pot_luck``): two players
with 10 coins each. With ``mixed=false`` a turn is one bid (0 to all your coins) and nothing
else. With ``mixed=true`` a turn is a menu: bid (0 to all your coins), give the other player a
gift of 1 to 3 coins, roll a die (chance: the die adds to your score), or end your turn; a bid
is followed by a decision with one choice ("seal the bid"). The game ends after four turns.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tests.cli_runner import run_cli
from tests.fixtures.pot_luck import GUIDE, installed


@pytest.fixture(autouse=True)
def pot_luck() -> Iterator[None]:
    with installed():
        yield


def run(*args: str, stdin: str | None = None) -> str:
    return run_cli(*args, stdin=stdin)[1]


def play(stdin: str, mixed: bool = True, *extra: str) -> str:
    """Player 1 against a random bot, seed 1; returns the screen."""
    return run("play", "pot_luck", "--seed", "1", "--option", f"mixed={str(mixed).lower()}",
               "--seat", "2=random", *extra, stdin=stdin)


def my_moves(out: str) -> list[str]:
    return re.findall(r"^\d+\. Player 1 \[you\]: (.*)$", out, re.MULTILINE)


# -- one amount alone --------------------------------------------------------------------
def test_a_decision_that_is_one_amount_asks_for_the_amount_itself() -> None:
    out = play("3\nq\n", mixed=False)
    assert "Your bid (0 to 10 coins) (or t/h/u/r/o/s/q): 3" in out
    assert "Your options:" not in out  # no menu of one line to walk through
    assert my_moves(out) == ["bid 3 coins", "only one choice: seal the bid"]


@pytest.mark.parametrize("typed", ["0", "1", "7", "10"])
def test_a_typed_amount_is_never_off_by_one(typed: str) -> None:
    out = play(f"{typed}\nq\n", mixed=False)
    assert my_moves(out)[0] == f"bid {typed} coins"


def test_a_bad_amount_gets_a_reason_and_is_asked_again() -> None:
    out = play("11\n-1\n2.5\n\n4 coins\nq\n", mixed=False)
    assert "Not played: 11 coins is not an amount you can choose now: 0 to 10 coins." in out
    assert "Not played: -1 coins is not an amount you can choose now" in out
    assert "Not played: type a whole number: 0 to 10 coins." in out
    # asked five times: 11, -1, 2.5, Enter alone (asked again without a word), 4 coins
    assert out.count("Your bid (0 to 10 coins) (or t/h/u/r/o/s/q): ") == 5
    assert my_moves(out)[0] == "bid 4 coins"


def test_commands_still_work_where_an_amount_is_asked() -> None:
    out = play("t\nh\nzebra\n5\nq\n", mixed=False)
    assert out.count("Pot: 0 coins; turn 1 of 4") == 2  # the table at first, and for t
    assert GUIDE in out and "Type the number of an action" in out
    assert "'zebra' is not a command: type an amount (0 to 10 coins), or h for help." in out
    assert my_moves(out)[0] == "bid 5 coins"


# -- an amount among other options --------------------------------------------------------
MENU = """\
Your options:
   1. Your bid (0 to 10 coins)
   2. Your gift (1 to 3 coins)
   3. roll a die for luck
   4. end your turn
"""


def test_in_a_menu_the_amount_line_asks_for_the_amount() -> None:
    out = play("1\n0\n4\nq\n")
    assert MENU in out
    assert "Your bid (0 to 10 coins), or Enter to go back: 0" in out
    assert "(Type 1 and the amount on one line to play it at once, e.g. 1 5.)" in out
    assert my_moves(out) == ["bid 0 coins", "only one choice: seal the bid", "end your turn"]


def test_number_and_amount_on_one_line() -> None:
    out = play("2 3\n1 10\n1 7\nq\n")
    # 10 - 3: the bid is 0 to 7 after the gift
    assert "Not played: 10 coins is not an amount you can choose now: 0 to 7 coins." in out
    assert my_moves(out) == ["give 3 coins", "bid 7 coins", "only one choice: seal the bid"]


def test_enter_at_the_amount_goes_back_to_the_menu_and_bad_amounts_are_refused() -> None:
    out = play("2\n\n2\n4\n0\n2\nq\n")
    assert "Not played: 4 coins is not an amount you can choose now: 1 to 3 coins." in out
    assert "Not played: 0 coins is not an amount you can choose now: 1 to 3 coins." in out
    assert out.count(MENU) == 2  # Enter at the first question went back to the menu
    assert my_moves(out) == ["give 2 coins"]


def test_an_amount_after_a_plain_option_is_refused() -> None:
    out = play("3 5\n4\nq\n")
    assert "That option takes no amount: type its number alone." in out
    assert my_moves(out) == ["end your turn"]


# -- help and empty lines -----------------------------------------------------------------
@pytest.mark.parametrize("command", ["h", "help", "?", "H"])
def test_help_shows_the_guide_then_the_commands(command: str) -> None:
    out = play(f"{command}\nq\n")
    assert GUIDE in out
    assert out.index(GUIDE) < out.index("Type the number of an action to play it.")
    assert "u   take back your last decision" in out


def test_enter_alone_asks_again_without_complaint() -> None:
    out = play("\n\nq\n")
    assert "is not a command" not in out
    prompt = "Choose (number, or t/h/u/r/o/s/q): "
    assert prompt * 3 in out.replace("\n", "")  # three prompts in a row, nothing between
    assert out.count(MENU) == 1
