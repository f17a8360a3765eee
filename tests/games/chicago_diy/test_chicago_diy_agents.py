"""The heuristic agent: sound odds, sensible choices, and a clear edge over random play."""

from __future__ import annotations

import pytest
from tabletop_games.chicago_diy import GAME
from tabletop_games.chicago_diy.actions import DECLINE, DRAW, Attack, PayCard, PlayJoker
from tabletop_games.chicago_diy.agents import HeuristicAgent
from tabletop_games.chicago_diy.odds import win_chance

from tabletop.match import Match, agents_for_game
from tabletop.rng import Rng


def test_battle_odds_follow_the_highest_die_rule() -> None:
    """Rulebook "Battles": highest single die wins, the defender wins ties."""
    assert win_chance(1, 1) == pytest.approx(15 / 36)
    assert win_chance(2, 1) == pytest.approx(sum((m * m - (m - 1) ** 2) * (m - 1)
                                                 for m in range(1, 7)) / 216)
    assert win_chance(3, 0) == 1.0
    assert win_chance(5, 1) > win_chance(1, 1) > win_chance(1, 5)


def choose(state):
    seat = state.to_act
    return HeuristicAgent().choose(state.determinize(seat, Rng(1)), state.legal_actions(), Rng(2))


def test_it_takes_an_undefended_territory(arrange) -> None:
    s = arrange(henchmen=[1, 0], territories=[[], ["JC", "KD"]])
    assert choose(s) == Attack("KD")


def test_it_plays_the_mob_attack_on_the_richest_territory(arrange) -> None:
    s = arrange(hands=[["BJ"], []], territories=[[], ["JC", "KD", "QH"]], henchmen=[1, 5])
    assert choose(s) == PlayJoker("BJ", "KD")


def test_it_pays_the_cheapest_way_and_refuses_a_bribe_dearer_than_the_territory(arrange) -> None:
    s = arrange(hands=[["10C", "9D", "6H"], []], top=["QC"])
    s.apply(DRAW)
    assert choose(s) == PayCard("9D")  # the cheapest payment is 9 + 6, biggest card first
    s.apply(PayCard("9D"))
    assert choose(s) == PayCard("6H")
    s = arrange(hands=[["BJ"], ["10C", "10D", "10H"]], territories=[[], ["JC"]],
                options={"bribe": 30})
    s.apply(PlayJoker("BJ", "JC"))
    assert choose(s) == DECLINE


def play_pair(seed: int) -> bool:
    """One two-player game, heuristic against random, seats alternating with the seed."""
    kinds = agents_for_game(["heuristic", "random"], 2, seed)
    match = Match(GAME, 2, seed, None, kinds)
    assert match.run() == "finished"
    return kinds.index("heuristic") in match.state.result().winners


def test_it_beats_random_play_clearly() -> None:
    wins = sum(play_pair(seed) for seed in range(40))
    assert wins >= 32  # 80%; measured about 97% over 1,000 games


@pytest.mark.slow
def test_it_beats_random_play_in_70_percent_of_1000_games() -> None:
    wins = sum(play_pair(seed) for seed in range(1000))
    assert wins >= 700


def test_heuristic_games_end_by_the_rulebook() -> None:
    """Between heuristic agents the deck runs out (or the city falls) before the last call."""
    ended = 0
    for seed in range(6):
        match = Match(GAME, 3, seed, None, ["heuristic"] * 3)
        assert match.run() == "finished"
        ended += not match.state.end_reason.startswith("last call")
    assert ended == 6
