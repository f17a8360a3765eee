"""The heuristic agent: it plays only legal moves and beats random play clearly."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from tabletop_games.don_massivo import GAME
from tabletop_games.don_massivo.actions import (
    GIVE_LOOT,
    GUARD,
    LAY,
    LEAN,
    MOVES,
    PAY,
    ROB,
    STRIKE,
    USE,
)
from tabletop_games.don_massivo.agents import HeuristicAgent, cheapest_win
from tabletop_games.don_massivo.cards import FENCES, STRENGTH

from tabletop.agents.personality import Personality
from tabletop.match import Match
from tabletop.rng import Rng


def heuristic_share(players: int, games: int) -> float:
    """The heuristic's share of wins with one heuristic seat (rotated) and random others."""
    won = 0.0
    for seed in range(games):
        seats = ["random"] * players
        seats[seed % players] = "heuristic"
        match = Match(GAME, players, seed, None, seats)
        assert match.run(GAME.step_cap(players)) == "finished"
        winners = match.state.result().winners
        if seed % players in winners:
            won += 1 / len(winners)
    return won / games


def test_heuristic_beats_random_two_players():
    """Against random play the heuristic wins nearly always (measured: 100% over 60)."""
    assert heuristic_share(2, 8) >= 0.75


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_heuristic_beats_random_sweep(players):
    """Nightly: with one heuristic seat among random ones, it wins far above its fair share."""
    assert heuristic_share(players, 40) >= 2.5 / players


def test_heuristic_games_end_by_the_rules():
    """Heuristic self-play ends by $100,000 or the third Casino, not the curfew."""
    for players, seed in ((3, 4), (5, 6)):
        match = Match(GAME, players, seed, None, ["heuristic"] * players)
        match.run(GAME.step_cap(players))
        assert match.state.is_over and "curfew" not in match.state.end_reason


# -- the heuristic takes the game's mechanics when they are clearly right ----------------------
def _agent(**leanings: float) -> HeuristicAgent:
    return HeuristicAgent(Personality(**leanings) if leanings else None)


def test_heuristic_robs_a_rich_unguarded_display(table):
    """Issue 16 §4 robbing: $40,000 on show, no defence and no hand gangsters to throw in:
    the heuristic moves there and robs."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    table.money(st, 1, shown=40)
    table.hand(st, 0, gangsters=[table.g("money", 2)])
    move = _agent().choose(st, st.legal_actions(), Rng.from_seed(1))
    st.apply(move)
    assert st.tokens[0][move.token] == "bank"
    assert _agent().choose(st, st.legal_actions(), Rng.from_seed(1)) == ROB[1]


def test_heuristic_defends_when_the_money_is_worth_more_than_the_gangster(table):
    """RULES.md phase 2, robbing: $30,000 at stake, one strength-3 gangster stops it."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    table.money(st, 1, shown=30)
    guard = table.g("art", 3)
    table.hand(st, 1, gangsters=[guard])
    table.hand(st, 0, gangsters=[table.g("money", 2)])
    table.play(st, MOVES[(0, "bank")], ROB[1], LAY[table.g("money", 2)], STRIKE)
    assert _agent().choose(st, st.legal_actions(), Rng.from_seed(1)) == GUARD[guard]


def test_heuristic_pays_in_loot_rather_than_hand_over_the_win(table):
    """RULES.md phase 2, paying: $2,000 would give Player 2 his $100,000."""
    st = table.new(3, [["west", "east"], ["bank", "bank"], ["villa", "villa"]])
    table.money(st, 0, pile=10)
    table.money(st, 1, pile=98)
    card = table.s("art", 3)
    table.hand(st, 0, stooges=[card])
    table.play(st, MOVES[(0, "bank")], PAY[1])
    assert _agent().choose(st, st.legal_actions(), Rng.from_seed(1)) == GIVE_LOOT[card]


def test_heuristic_leans_on_a_poor_fence_before_selling(table):
    """Page, Villa: the East Side alternative action before selling; the heuristic throws out
    the top fence that pays worst for its loot when no top pays $2,000 a unit."""
    st = table.new(3, [["east", "villa"], ["bank", "west"], ["west", "bank"]])
    dealers = [c for c, f in FENCES.items() if f.name == "Art dealer"]
    for pile, card in enumerate(dealers[:3]):
        _to_top(st, pile, card)
    table.hand(st, 0, stooges=[table.s("money", 3), table.s("money", 2, 0),
                               table.s("money", 1, 0), table.s("money", 1, 1)])
    st.step, st.usable = "locations", ["east"]
    st.forget_legal_actions()
    assert _agent().choose(st, st.legal_actions(), Rng.from_seed(1)) in LEAN
    _to_top(st, 2, next(c for c, f in FENCES.items() if f.name == "Pawnbroker"))
    st.forget_legal_actions()
    assert _agent().choose(st, st.legal_actions(), Rng.from_seed(1)) == USE["east"]


def _to_top(st, pile: int, card: str) -> None:
    """Swap fence ``card`` (wherever it lies among the piles) with the top of ``pile``."""
    top = st.fence_piles[pile][-1]
    for cards in st.fence_piles:
        if card in cards:
            cards[cards.index(card)] = top
            break
    st.fence_piles[pile][-1] = card


def test_personalities_differ():
    """Issue 14 §4: a bold bot fears Prison less and likes robbing more; a careful one keeps
    a stronger guard and defends more readily; a greedy one stakes more."""
    bold, meek = _agent(aggression=1.0), _agent(aggression=0.0)
    assert bold.fail_cost < meek.fail_cost and bold.rob_bonus > meek.rob_bonus
    careful, reckless = _agent(caution=1.0), _agent(caution=0.0)
    assert careful.guard_at > reckless.guard_at
    assert careful.defend_worth < reckless.defend_worth
    assert _agent(greed=1.0).stake > _agent(greed=0.0).stake


def test_a_seeded_table_gets_four_different_bots():
    """Issue 14 §4: a match gives each heuristic seat its own personality from the seed."""
    match = Match(GAME, 4, 7, None, ["heuristic"] * 4)
    leanings = {(a.personality.aggression, a.personality.caution) for a in match.agents}
    assert len(leanings) == 4


# -- evaluate -----------------------------------------------------------------------------------
def test_evaluate_is_a_chance_and_knows_the_end():
    """Issue 14 §1: evaluate lies in [0, 1]; at the end it is 1 for the winner, 0 for others."""
    match = Match(GAME, 3, 2, None, ["heuristic"] * 3)
    while not match.state.is_over:
        for seat in range(3):
            assert 0.0 <= match.state.evaluate(seat) <= 1.0
        match.play(match.bot_action())
    winners = match.state.result().winners
    for seat in range(3):
        assert match.state.evaluate(seat) == (1.0 / len(winners) if seat in winners else 0.0)


def test_evaluate_prefers_the_richer_seat(table):
    """Issue 14 §1: more money (and more of it) means a higher evaluation; two seats alike
    but for their seat number stand alike."""
    st = table.new(3, [["west", "east"], ["bank", "villa"], ["bank", "villa"]])
    table.money(st, 0, pile=60)
    table.money(st, 1, pile=20)
    table.money(st, 2, pile=20)
    assert st.evaluate(0) > st.evaluate(1) == st.evaluate(2)
    before = st.evaluate(1)
    table.money(st, 1, shown=10)
    assert st.evaluate(1) > before


def _cheapest_win_by_search(cards: list[str], defence: int) -> list[str] | None:
    """Every set of the ten weakest cards in turn (fewest cards first, in the order of the
    hand sorted by strength): the one of least total strength above ``defence``."""
    hand = sorted(cards, key=lambda c: STRENGTH[c])[:10]
    best: list[str] | None = None
    for n in range(1, len(hand) + 1):
        for combo in combinations(hand, n):
            total = sum(STRENGTH[c] for c in combo)
            if total > defence and (best is None or total < sum(STRENGTH[c] for c in best)):
                best = list(combo)
    return best


@given(st.data())
def test_cheapest_win_is_the_least_set_that_beats_the_defence(data: st.DataObject) -> None:
    """The cached answer by strengths is the set a search of every set picks, for any hand
    (up to 14 cards: only the ten weakest count) and any defence."""
    hand = data.draw(st.lists(st.sampled_from(sorted(STRENGTH)), max_size=14, unique=True))
    defence = data.draw(st.integers(min_value=0, max_value=25))
    assert cheapest_win(hand, defence) == _cheapest_win_by_search(hand, defence)
