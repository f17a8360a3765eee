"""The heuristic agent (agents.py): it plays legal moves and beats random play."""

from __future__ import annotations

import pytest
from tabletop_games.bootleggers import GAME
from tabletop_games.bootleggers.actions import PlayThug
from tabletop_games.bootleggers.agents import HeuristicAgent
from tabletop_games.bootleggers.evaluation import evaluate

from tabletop.agents import Personality, RandomAgent, view_for
from tabletop.rng import Rng


def play(players: int, seed: int, heuristic_seats: set[int]):
    s = GAME.new_state(players, seed)
    agents = [HeuristicAgent() if p in heuristic_seats else RandomAgent()
              for p in range(players)]
    rng = Rng.from_seed(seed, "agents")
    while not s.is_over:
        seat = s.to_act
        agent = agents[seat]
        action = agent.choose(view_for(agent, s, seat, rng), s.legal_actions(), rng)
        s.apply(action)
    return s


def test_heuristic_beats_random_with_seats_rotated():
    wins = 0
    games = 8
    for g in range(games):
        seat = g % 4
        s = play(4, 500 + g, {seat})
        wins += seat in s.result().winners
    assert wins >= 6  # chance alone would give about 2 of 8


def test_heuristic_games_end_by_the_rules():
    s = play(3, 77, {0, 1, 2})
    assert s.is_over and (s.round_no == 12 or max(s.cash(p) for p in range(3)) >= 100)


@pytest.mark.slow
def test_heuristic_win_rate_sweep():
    for players in (2, 4, 6):
        wins = sum(g % players in play(players, 900 + g, {g % players}).result().winners
                   for g in range(30))
        assert wins >= 20


# -- the reworked heuristic (issue 14): bids that follow the offers, personalities, evaluate --


def _offers(s, keys):
    """Put cards of these kinds in the offer spaces (taken from the deck)."""
    pile = s.deck.draw_pile
    pile += [c for c in s.offers if c]
    for slot, key in enumerate(keys):
        card = next(c for c in pile if c.startswith(key + "#"))
        pile.remove(card)
        s.offers[slot] = card
    s.forget_legal_actions()


def _bid(s, agent=None):
    agent = agent or HeuristicAgent()
    return agent.choose(s, s.legal_actions(), Rng.from_seed(1, "bid")).card


def test_muscle_bid_rises_when_one_offer_stands_out():
    """Phase 1, "Hints on bidding": the stronger the Muscle, the better the choice. One
    Double Still among Thugs nobody needs is worth a strong card; four alike are not."""
    alike = GAME.new_state(4, 21)
    _offers(alike, ["moll", "mob_war", "hit", "hit"])
    standout = GAME.new_state(4, 21)
    _offers(standout, ["double_still", "mob_war", "hit", "hit"])
    low, high = _bid(alike), _bid(standout)
    assert high > low
    assert low == min(alike.muscle_hands[alike.to_act])


def test_personalities_bid_differently():
    """A careful bot keeps its strong Muscle for later; a reckless one spends it now."""
    s = GAME.new_state(4, 21)
    _offers(s, ["double_still", "influence", "hit", "moll"])
    careful = HeuristicAgent(Personality(caution=1.0, greed=1.0))
    reckless = HeuristicAgent(Personality(caution=0.0, greed=0.0))
    assert _bid(s, reckless) > _bid(s, careful)


def test_copper_in_the_house_when_a_rival_control_would_strand_my_crates(
        make_table, goto, lined, give):
    """Copper in the House ("the same as O'Malley's for a single round"): with 9 crates at
    the Public Dock of a Speakeasy a rival controls, buying all at $1G is clearly right."""
    s = make_table(3)
    s.influence[2][1] = 4  # Player 2 controls Mother's Groceries (opens at 4)
    lined(s, 1, 2, 2, 9)
    lined(s, 0, 2, 0, 9)
    give(s, 0, "copper_in_the_house")
    goto(s, "lined_up", [0])
    choice = HeuristicAgent().choose(s, s.legal_actions(), Rng.from_seed(2))
    assert isinstance(choice, PlayThug) and choice.card == "copper_in_the_house"
    assert choice.target == 2
    assert "going after Player 2's control" in s.describe(choice)


def test_evaluate_is_a_probability_that_follows_standing(make_table):
    s = make_table(3)
    values = [evaluate(s, p) for p in range(3)]
    assert all(0.0 <= v <= 1.0 for v in values)
    s.money.mint("seat:2", 40)
    s.family[2] = 4
    assert evaluate(s, 2) > 0.9 and evaluate(s, 0) < 0.2
    assert s.evaluate(2) == evaluate(s, 2)


def test_evaluate_is_one_for_the_winner_at_the_end():
    s = play(2, 31, {0, 1})
    winners = s.result().winners
    for p in range(2):
        assert s.evaluate(p) == (1.0 / len(winners) if p in winners else 0.0)
