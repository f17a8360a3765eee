"""Undo at ``tabletop play`` (issue 26 §2): ``u`` takes back the player's last decision while it
revealed nothing, with any decision taken for him after it; it is refused, with the reason in
words, after a die roll or another seat's move, and when there is nothing to take back; the
saved record never holds a move taken back. Played on Pot Luck (tests/fixtures/pot_luck.py):
in its menu 1 is a bid, 2 a gift, 3 a die roll, 4 ends the turn; a bid is followed by a
decision with one choice (seal the bid), taken for the player.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from tabletop.cli import main
from tests.fixtures.pot_luck import installed


@pytest.fixture(autouse=True)
def pot_luck() -> Iterator[None]:
    with installed():
        yield


def play(stdin: str, tmp_path: Path) -> tuple[str, list[dict[str, object]]]:
    """Player 1 against a random bot, seed 1, saved to a file; the screen and the actions
    the saved record holds."""
    path = tmp_path / "game.json"
    result = CliRunner().invoke(main, ["play", "pot_luck", "--seed", "1", "--seat", "2=random",
                                       "--record", str(path)], input=stdin)
    assert result.exit_code == 0, result.output
    return result.output, json.loads(path.read_text())["actions"]


def my_moves(out: str) -> list[str]:
    return re.findall(r"^\d+\. Player 1 \[you\]: (.*)$", out, re.MULTILINE)


def test_u_takes_back_a_decision_that_revealed_nothing(tmp_path: Path) -> None:
    out, actions = play("2 1\nu\n2 2\nq\n", tmp_path)
    assert "Taken back:\n  1. Player 1 [you]: give 1 coins\n" in out
    assert my_moves(out) == ["give 1 coins", "give 2 coins"]
    assert "\n1. Player 1 [you]: give 2 coins\n" in out  # decision 1 again: 1 was taken back
    assert actions == [{"type": "Gift", "coins": 2}]  # the record holds no undone move


def test_a_decision_taken_for_him_goes_back_with_the_one_before(tmp_path: Path) -> None:
    out, actions = play("1 4\nu\nq\n", tmp_path)
    assert "Taken back:\n  1. Player 1 [you]: bid 4 coins\n" \
           "  2. Player 1 [you]: only one choice: seal the bid\n" in out
    assert actions == []
    # the whole table again, as it was: the pot is empty
    assert out.count("Pot: 0 coins; turn 1 of 4") == 2


def test_u_again_goes_further_back_then_says_there_is_nothing(tmp_path: Path) -> None:
    out, actions = play("2 1\n2 2\nu\nu\nu\nq\n", tmp_path)
    assert out.count("Taken back:") == 2
    assert "Nothing taken back: there is nothing to take back yet." in out
    assert actions == []


def test_undo_is_refused_after_a_die_roll(tmp_path: Path) -> None:
    out, actions = play("3\nu\n2 1\nu\nu\nq\n", tmp_path)
    # the roll itself cannot be taken back, nor anything before it once the gift is
    assert out.count("Nothing taken back: chance has spoken since (dice were rolled or "
                     "cards shuffled or drawn).") == 2
    assert out.count("Taken back:") == 1  # the gift after the roll
    assert actions == [{"type": "Roll"}]


def test_undo_is_refused_after_another_seats_move(tmp_path: Path) -> None:
    out, actions = play("4\nu\nq\n", tmp_path)
    assert "Player 2 [Easy bot]" in out  # the bot moved after my turn ended
    assert "Nothing taken back: another player has moved since." in out
    assert actions[0] == {"type": "Done"} and len(actions) >= 2


def test_undo_is_refused_before_any_decision(tmp_path: Path) -> None:
    out, _ = play("u\nq\n", tmp_path)
    assert "Nothing taken back: there is nothing to take back yet." in out


def test_hot_seat_undo_is_refused_once_the_other_human_moved(tmp_path: Path) -> None:
    path = tmp_path / "hot.json"
    # Player 1 ends his turn; Player 2 gives 1 and ends his; Player 1 tries u
    result = CliRunner().invoke(main, ["play", "pot_luck", "--seed", "1", "--seat", "2=human",
                                       "--record", str(path)],
                                input="\n4\n\n2 1\n4\n\nu\nq\n")
    assert result.exit_code == 0, result.output
    assert "Nothing taken back: another player has moved since." in result.output
