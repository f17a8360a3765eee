"""Personalities (tabletop/agents/personality.py): seeded per match and seat, handed to the
agents that take one, and a near-tie pick that never takes a clearly worse option."""

from __future__ import annotations

import pytest
from tic_tac_toe import GAME
from tic_tac_toe.game import HeuristicAgent

from tabletop.agents import Personality, blend, make_agent
from tabletop.agents.personality import MAX_TEMPERATURE
from tabletop.match import Match
from tabletop.rng import Rng
from tests.fixtures.broken_game import GAME as LAY_DOWN


def test_a_seat_has_the_same_personality_for_the_same_seed() -> None:
    assert Personality.for_seat(7, 2) == Personality.for_seat(7, 2)
    table = {Personality.for_seat(7, seat) for seat in range(4)}
    assert len(table) == 4  # four seats, four minds
    assert Personality.for_seat(8, 2) != Personality.for_seat(7, 2)


def test_leanings_lie_in_range_and_spread_around_the_middle() -> None:
    people = [Personality.for_seat(seed, seat) for seed in range(200) for seat in range(4)]
    for trait in ("aggression", "caution", "greed"):
        values = [getattr(p, trait) for p in people]
        assert all(0 <= v <= 1 for v in values)
        assert 0.45 < sum(values) / len(values) < 0.55
        assert min(values) < 0.15 and max(values) > 0.85  # a few lean hard
    assert all(0 <= p.temperature <= MAX_TEMPERATURE for p in people)


def test_out_of_range_leanings_are_refused() -> None:
    with pytest.raises(ValueError, match="aggression must be between 0 and 1"):
        Personality(aggression=1.5)


def test_blend_runs_from_low_to_high() -> None:
    assert blend(0.0, 2, 6) == 2 and blend(1.0, 2, 6) == 6 and blend(0.25, 2, 6) == 3


def test_pick_takes_only_near_ties() -> None:
    scored = [(10.0, "best"), (9.5, "close"), (5.0, "poor"), (0.0, "worst")]
    rng = Rng.from_seed(1)
    cold = Personality(temperature=0.0)
    assert {cold.pick(scored, rng) for _ in range(50)} == {"best"}
    warm = Personality(temperature=0.1)  # within 1.0 of the best: best and close
    assert {warm.pick(scored, rng) for _ in range(200)} == {"best", "close"}
    assert {cold.pick([(1.0, "a"), (1.0, "b")], rng) for _ in range(50)} == {"a", "b"}
    with pytest.raises(ValueError):
        cold.pick([], rng)


def test_words_name_the_leanings_that_stand_out() -> None:
    assert Personality().words() == "steady"
    assert Personality(0.9, 0.1, 0.7).words() == "bold, reckless, greedy"


def test_agents_that_take_a_personality_get_their_seats() -> None:
    """A Match hands each seat's heuristic the personality of (seed, seat); an agent that
    takes none (random, ismcts) is made as before; make_agent without a seat gives the
    neutral bot."""
    match = Match(GAME, 2, 31, seats=["heuristic", "heuristic"])
    for seat in range(2):
        agent = match.agents[seat]
        assert isinstance(agent, HeuristicAgent)
        assert agent.personality == Personality.for_seat(31, seat)
    assert make_agent(GAME, "heuristic").personality == Personality.NEUTRAL  # type: ignore[attr-defined]
    assert not hasattr(make_agent(GAME, "ismcts", seat=0, seed=31), "personality")
    assert make_agent(LAY_DOWN, "random", seat=0, seed=31).kind == "random"


def test_personalities_change_how_tic_tac_toe_opens() -> None:
    """The tutorial's heuristic uses its leanings: across seeded tables the first move is
    not always the same cell, yet every game is still the heuristic's own (it never loses
    to random over 100 games)."""
    openings = set()
    for seed in range(40):
        match = Match(GAME, 2, seed, seats=["heuristic", "random"])
        match.play(match.bot_action())
        openings.add(match.record.actions[0]["cell"])
    assert len(openings) > 1
    for seed in range(100):
        match = Match(GAME, 2, seed, seats=["random", "heuristic"] if seed % 2 else
                      ["heuristic", "random"])
        match.run()
        winners = match.state.result().winners
        assert not winners or match.seats[winners[0]] == "heuristic"
