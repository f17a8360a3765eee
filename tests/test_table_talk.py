"""Table talk (``State.talk``, issue 14 section 4): the kernel's phrasing helpers, and each
game's bots saying what their headline moves are for, addressed to each listener ("your
Casino" to its owner, "Player 1's Casino" to the others). That talk uses public information
only is conformance check 6's business (tests/test_conformance.py)."""

from __future__ import annotations

import re

import pytest

from tabletop import registry
from tabletop.agents import Personality
from tabletop.match import Match
from tabletop.talk import talk_line, talk_problem, voiced, whom, whose

GAMES = ("bootleggers", "chicago_diy", "crime_lords", "crimopolis", "don_massivo")


def test_the_owner_hears_your_and_the_others_hear_his_name() -> None:
    assert whose(1, 1) == "your" and whose(1, 0) == "Player 2's" and whose(1, None) == "Player 2's"
    assert whom(2, 2) == "you" and whom(2, None) == "Player 3"


def test_a_bold_bot_exclaims_and_the_others_say_it_plainly() -> None:
    assert Personality(aggression=0.9).bold and not Personality().bold
    assert voiced("I'm going after your Casino.", bold=True) == "I'm going after your Casino!"
    assert voiced("I'm going after your Casino.", bold=False) == "I'm going after your Casino."
    assert voiced("Not so fast?", bold=True) == "Not so fast?"


def test_the_line_shown_at_the_table_names_the_speaker() -> None:
    assert talk_line(2, "I want it.") == '     Player 3: "I want it."'


@pytest.mark.parametrize("text, problem", [
    ("x" * 101, "101 columns"),
    ("two\nlines", "more than one line"),
    ("I play Lay(card=4).", "Python internals"),
    ("I hold {'a': 1}.", "Python internals"),
    ("I'm going after Player 0's Casino.", "Python internals"),
    ("", "empty"),
])
def test_talk_unfit_for_the_table_is_named(text: str, problem: str) -> None:
    assert problem in talk_problem(text)
    assert talk_problem("I'm going after Player 1's Casino, (again) at 3-2 odds.") == ""


def _talk_heard(game: str, seeds: range, players: int) -> list[tuple[int, dict[int | None, str]]]:
    """Every (mover, talk per listener) of heuristic games of ``game``."""
    heard = []
    for seed in seeds:
        match = Match(registry.get(game), players, seed, None, ["heuristic"] * players)
        for _ in range(1500):
            if match.state.is_over:
                break
            state, action = match.state, match.bot_action()
            said = {v: state.talk(action, v) for v in (*range(players), None)}
            if said[None] is not None:
                assert state.to_act is not None
                heard.append((state.to_act, said))
            match.play(action)
    return heard


@pytest.mark.parametrize("game", GAMES)
def test_bots_talk_and_address_each_listener(game: str) -> None:
    """Bots of each game say something over three games, not at every move, and a line
    addressed to a seat ("your", "you") reads, to the spectator, with that seat's name."""
    heard = _talk_heard(game, range(3), 4)
    assert heard, f"no bot of {game} said anything in 3 games"
    addressed = 0
    for mover, said in heard:
        spectator = said[None]
        assert spectator is not None and not talk_problem(spectator)
        assert not re.search(r"\byour\b", spectator, re.IGNORECASE), spectator
        for listener, text in said.items():
            assert text is not None and not talk_problem(text)
            if listener is None or listener == mover or text == spectator:
                continue
            addressed += 1
            name = f"Player {listener + 1}"
            assert name in spectator and name not in text, (text, spectator)
            assert re.search(r"\byou(r)?\b", text, re.IGNORECASE), (text, spectator)
    assert addressed, f"no talk of {game} addressed a seat in 3 games"


def test_a_name_with_its_own_article_loses_it_after_an_owner() -> None:
    from tabletop.talk import owned

    assert owned("The Loop", 1, 1) == "your Loop"
    assert owned("The Loop", 1, None) == "Player 2's Loop"
    assert owned("Casino", 0, 2) == "Player 1's Casino"
