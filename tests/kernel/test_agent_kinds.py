"""Agent kinds by name (tabletop/agents/kinds.py): every game has ismcts, budgets are read
and checked, levels map to kinds as documented."""

from __future__ import annotations

import pytest
from tic_tac_toe import GAME

from tabletop.agents import (
    LEVELS,
    AgentSpec,
    IsmctsAgent,
    agent_kinds,
    level_kind,
    make_agent,
    parse_kind,
)
from tabletop.agents.ismcts import MAX_ROLLOUT
from tabletop.errors import InvalidOptions
from tests.fixtures.broken_game import GAME as LAY_DOWN


def test_every_game_has_the_kernel_kinds() -> None:
    assert agent_kinds(GAME) == ["random", "heuristic", "ismcts"]
    assert agent_kinds(LAY_DOWN) == ["random", "ismcts"]  # a game that offers no bot


@pytest.mark.parametrize("spec, parsed", [
    ("ismcts", AgentSpec("ismcts")),
    ("ismcts:200", AgentSpec("ismcts", iterations=200)),
    ("ismcts:100ms", AgentSpec("ismcts", milliseconds=100)),
    ("ismcts:500:100MS", AgentSpec("ismcts", iterations=500, milliseconds=100)),
    ("ismcts:50:depth=0", AgentSpec("ismcts", iterations=50, depth=0)),
    ("ismcts:depth=end", AgentSpec("ismcts", depth=MAX_ROLLOUT)),
    (" heuristic ", AgentSpec("heuristic")),
])
def test_kinds_are_read(spec: str, parsed: AgentSpec) -> None:
    assert parse_kind(GAME, spec) == parsed


def test_the_agent_gets_its_budget() -> None:
    agent = make_agent(GAME, "ismcts:300:depth=4")
    assert isinstance(agent, IsmctsAgent)
    assert (agent.iterations, agent.milliseconds, agent.depth) == (300, None, 4)
    timed = make_agent(GAME, "ismcts:150ms")
    assert isinstance(timed, IsmctsAgent)
    assert (timed.iterations, timed.milliseconds, timed.depth) == (None, 150, None)
    plain = make_agent(GAME, "ismcts")
    assert isinstance(plain, IsmctsAgent) and plain.iterations == 200


@pytest.mark.parametrize("spec, message", [
    ("genius", "tic_tac_toe has no agent 'genius' (agents: random, heuristic, ismcts)"),
    ("ismcts:abc", "agent 'ismcts:abc': iterations must be a whole number from 1 to"),
    ("ismcts:0", "iterations must be a whole number from 1 to 1,000,000"),
    ("ismcts:", "iterations must be a whole number"),
    ("ismcts:-5ms", "milliseconds must be a whole number from 1 to 600,000"),
    ("ismcts:2000000", "from 1 to 1,000,000"),
    ("ismcts:depth=x", "a depth must be a whole number from 0"),
    ("ismcts:200:300", "agent 'ismcts:200:300' gives iterations twice"),
    ("heuristic:200", "agent 'heuristic:200': only ismcts takes settings after a colon"),
])
def test_bad_kinds_are_one_clear_line(spec: str, message: str) -> None:
    with pytest.raises(InvalidOptions) as caught:
        make_agent(GAME, spec)
    text = str(caught.value)
    assert message in text and "\n" not in text
    if "ismcts:" in spec and "twice" not in message:
        assert "ismcts takes ITERATIONS (ismcts:200), MILLISECONDSms (ismcts:100ms)" in text


def test_levels_map_to_kinds_as_documented() -> None:
    """easy: random moves; normal: the game's heuristic (random when it has none); hard:
    the search bot on 200 ms a move, guided by the game's heuristic (plain without one)."""
    assert list(LEVELS) == ["easy", "normal", "hard"]
    assert [level_kind(GAME, level) for level in LEVELS] == [
        "random", "heuristic", "ismcts:200ms:guide=heuristic"]
    assert level_kind(LAY_DOWN, "normal") == "random"
    assert level_kind(GAME, " HARD ") == "ismcts:200ms:guide=heuristic"
    assert level_kind(LAY_DOWN, "hard") == "ismcts:200ms"
    hard = make_agent(GAME, level_kind(GAME, "hard"))
    assert isinstance(hard, IsmctsAgent) and hard.milliseconds == 200
    assert hard.guide is not None and hard.guide.kind == "heuristic"


def test_an_unknown_level_is_one_line() -> None:
    with pytest.raises(InvalidOptions, match=r"^level 'insane': levels are easy, normal, hard$"):
        level_kind(GAME, "insane")
