"""Bots that use the whole game: the position evaluation search agents score with, the
heuristic's headline moves when they are clearly right, and personalities that differ."""

from __future__ import annotations

import pytest
from tabletop_games.chicago_diy import GAME
from tabletop_games.chicago_diy.actions import DRAW, Attack, HitMan, PlayJoker
from tabletop_games.chicago_diy.agents import HeuristicAgent

from tabletop.agents.personality import Personality
from tabletop.match import Match
from tabletop.rng import Rng

BOLD = Personality(aggression=1.0, caution=0.0)
CAREFUL = Personality(aggression=0.0, caution=1.0)


def choose(state, personality: Personality | None = None):
    seat = state.to_act
    agent = HeuristicAgent(personality)
    return agent.choose(state.determinize(seat, Rng(1)), state.legal_actions(), Rng(2))


# -- evaluate ---------------------------------------------------------------------------
def test_evaluate_stays_within_0_and_1_through_a_whole_game() -> None:
    match = Match(GAME, 3, 5, None, ["heuristic"] * 3)
    seen = []
    while not match.state.is_over:
        seen.extend(match.state.evaluate(s) for s in range(3))
        match.play(match.bot_action())
    assert seen and all(0.0 <= v <= 1.0 for v in seen)


def test_evaluate_is_1_for_the_winner_and_0_for_the_others_at_the_end(arrange, play_out) -> None:
    """Rulebook "Scoring": highest score wins; a decided game is worth 1 to its winner."""
    s = arrange(territories=[["KD", "QC"], ["JC"]], henchmen=[3, 1])
    play_out(s)
    assert tuple(s.result().winners) == (0,)
    assert s.evaluate(0) == 1.0
    assert s.evaluate(1) == 0.0


def test_evaluate_is_higher_for_a_clearly_better_seat(arrange) -> None:
    even = arrange(territories=[["JC"], ["JD"]], henchmen=[2, 2])
    ahead = arrange(territories=[["JC", "KD", "QH"], ["JD"]], henchmen=[4, 2])
    assert ahead.evaluate(0) > even.evaluate(0) > ahead.evaluate(1)
    assert even.evaluate(0) == pytest.approx(even.evaluate(1))


def test_evaluate_does_not_read_a_rivals_hidden_hand(arrange) -> None:
    """The other seat's money is judged by its hand size alone: swapping its cards for
    richer ones of the same number changes nothing for the judging seat."""
    poor = arrange(hands=[["5C"], ["2C", "2D"]], territories=[["JC"], ["JD"]])
    rich = arrange(hands=[["5C"], ["10C", "10D"]], territories=[["JC"], ["JD"]])
    assert poor.evaluate(0) == rich.evaluate(0)
    assert poor.evaluate(1) < rich.evaluate(1)  # its own hand it knows


# -- headline mechanics -----------------------------------------------------------------
def test_a_hit_man_strips_the_last_defender_of_a_rich_rival(arrange) -> None:
    """Rulebook "Hit Men": eliminate one henchman; "Territories": a rival with none loses a
    territory without a battle, so the last defender of a King is the hit man's target."""
    s = arrange(players=3, hands=[["AC"], [], []],
                territories=[[], ["KD", "QD"], ["JC"]], henchmen=[1, 1, 2])
    assert choose(s) == HitMan(1)


def test_then_it_walks_into_the_undefended_territory(arrange) -> None:
    """Rulebook "Territories": without a henchman, another player just takes one."""
    s = arrange(players=3, territories=[[], ["KD", "QD"], ["JC"]], henchmen=[1, 0, 2])
    assert choose(s) == Attack("KD")


def test_the_mob_attack_goes_to_the_leaders_richest_territory(arrange) -> None:
    """Rulebook "Black Joker": the player takes a rival's territory automatically."""
    s = arrange(players=3, hands=[["BJ"], [], []],
                territories=[[], ["KD", "QD", "JH"], ["KS"]], henchmen=[1, 3, 3])
    assert choose(s) == PlayJoker("BJ", "KD")


def test_it_battles_when_its_dice_clearly_outnumber_the_defence(arrange) -> None:
    """Rulebook "Battles": the highest single die wins; five dice against one win ~80%."""
    s = arrange(territories=[["JC"], ["KD"]], henchmen=[5, 1])
    assert choose(s) == Attack("KD")


# -- personalities ----------------------------------------------------------------------
def test_a_bold_bot_battles_where_a_careful_one_builds_up(arrange) -> None:
    s = arrange(hands=[["5C", "6C"], ["5D"]], territories=[["JC"], ["KD"]], henchmen=[4, 3])
    assert choose(s, BOLD) == Attack("KD")
    assert choose(s, CAREFUL) == DRAW


def test_seated_bots_get_different_personalities_and_games_differ() -> None:
    """A match hands each heuristic seat its own seeded personality."""
    match = Match(GAME, 4, 3, None, ["heuristic"] * 4)
    personalities = {match.agents[s].personality for s in range(4)}
    assert len(personalities) == 4
    neutral = Match(GAME, 4, 3, None, ["heuristic"] * 4)
    neutral.agents[:] = [HeuristicAgent() for _ in range(4)]
    match.run()
    neutral.run()
    assert match.record.actions != neutral.record.actions
