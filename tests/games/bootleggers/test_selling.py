"""Phase 5 (selling.py): demand, docks, the Public Dock, wholesale and profit."""

from __future__ import annotations

from tabletop_games.bootleggers.actions import AllowTruck
from tabletop_games.bootleggers.board import MAJORITY, MINORITY, PUBLIC
from tabletop_games.bootleggers.cards import SPEAKEASIES
from tabletop_games.bootleggers.flow import run
from tabletop_games.bootleggers.muscle import new_truck

A, B, C = range(3)
OMALLEYS, TEXAS, MOTHERS = range(3)


def lined(s, seat, speakeasy, dock, cargo, capacity=9):
    t = new_truck(s, seat, capacity)
    t.cargo, t.speakeasy, t.dock, t.seq = cargo, speakeasy, dock, s.next_seq
    s.next_seq += 1
    return t


def sell(s, goto):
    goto(s, "lined_up", [])
    run(s)


def test_public_dock_stops_at_first_refusal(make_table, goto, dice):
    # RULES.md: bl-public-dock
    """Phase 5 step 2c: the holder lets Public Dock trucks sell one by one; once one is
    turned down, selling there stops."""
    s = make_table(3, muscle=[30, 20, 10])
    s.influence[MOTHERS] = [4, 0, 0]
    lined(s, A, MOTHERS, MAJORITY, 2)
    lined(s, B, MOTHERS, PUBLIC, 3)
    lined(s, C, MOTHERS, PUBLIC, 3)
    s.rng = dice([6, 6])  # demand 12
    sell(s, goto)
    assert s.to_act == A and s.decisions.top.kind == "allow"
    s.apply(AllowTruck(True))
    s.apply(AllowTruck(False))
    assert s.cash(B) == 10 + 6 and s.cash(C) == 10
    assert s.cash(A) == 10 + 4 + 5  # own 2 crates, and the margin on all 5 sold


def test_no_holder_no_public_sales(make_table, goto, dice):
    # RULES.md: bl-public-dock
    """Phase 5 step 2c: with no Majority or Controlling holder (2-2-1: all Minority) nothing
    is bought from the Public Dock, however much demand is left."""
    s = make_table(4, muscle=[40, 30, 20, 10])
    s.influence[MOTHERS] = [2, 2, 1, 0]
    lined(s, A, MOTHERS, MINORITY, 2)
    lined(s, 3, MOTHERS, PUBLIC, 4)
    s.rng = dice([6, 6])
    sell(s, goto)
    assert s.decisions.top is None and s.round_no == 2
    assert s.cash(A) == 10 + 4 and s.cash(3) == 10


def test_excess_crates_lost_and_demand_with_improvements(make_table, goto, dice):
    # RULES.md: bl-docks-sell
    """Phase 5 step 1: each improvement adds one per consumption die; step 2a: crates
    beyond demand are lost."""
    s = make_table(3, muscle=[30, 20, 10])
    s.influence[MOTHERS] = [3, 1, 0]
    s.improvements[MOTHERS] = 1
    lined(s, A, MOTHERS, MAJORITY, 9)
    lined(s, B, MOTHERS, MINORITY, 4)
    s.rng = dice([1, 2])  # 1 + 2 + 2 x 1 = 5
    sell(s, goto)
    assert s.cash(A) == 10 + 5 * 2 + 5 * 1
    assert s.cash(B) == 10


def test_minority_dock_sells_in_muscle_order(make_table, goto, dice):
    # RULES.md: bl-docks-sell
    """Minority Influence: trucks line up and sell in Muscle order."""
    s = make_table(3, muscle=[30, 20, 10])
    s.influence[MOTHERS] = [2, 1, 1]
    lined(s, B, MOTHERS, MINORITY, 4)
    lined(s, C, MOTHERS, MINORITY, 4)
    s.rng = dice([3, 3])
    sell(s, goto)
    assert s.cash(B) == 10 + 8 and s.cash(C) == 10 + 4
    assert s.cash(A) == 10 + 6  # Controlling (2 = 1 + 1): margin on 6 crates


def test_majority_only_gets_no_margin(make_table, goto, dice):
    # RULES.md: bl-margin
    """Hints: a Mobster with only Majority influence collects no Profit Margin."""
    s = make_table(3, muscle=[30, 20, 10])
    s.influence[MOTHERS] = [3, 2, 2]
    lined(s, A, MOTHERS, MAJORITY, 4)
    s.rng = dice([3, 3])
    sell(s, goto)
    assert s.cash(A) == 10 + 8


def test_omalleys_buys_everything_at_one(make_table, goto):
    # RULES.md: bl-demand
    """O'Malley's Dry Goods: unlimited consumption, $1G a crate, no profit margin."""
    s = make_table(3)
    lined(s, A, OMALLEYS, PUBLIC, 9)
    lined(s, B, OMALLEYS, PUBLIC, 9)
    sell(s, goto)
    assert s.cash(A) == 19 and s.cash(B) == 19


def test_closed_speakeasy_sells_nothing(make_table, goto):
    # RULES.md: bl-open
    """Hints on shipping: a Speakeasy whose influence dropped below its shaded circles is
    closed; trucks already there may not re-route."""
    s = make_table(3)
    s.influence[MOTHERS] = [3, 0, 0]  # 3 of 4 shaded: closed
    lined(s, A, MOTHERS, MAJORITY, 4)
    sell(s, goto)
    assert s.cash(A) == 10 and s.round_no == 2


def test_real_mccoy_prices_by_player_count():
    """The Real McCoy: $3G + $2G with 3-5 Mobsters, else $2G + $1G."""
    mccoy = SPEAKEASIES[4]
    assert (mccoy.wholesale(2), mccoy.profit(2)) == (2, 1)
    assert (mccoy.wholesale(4), mccoy.profit(4)) == (3, 2)
    assert (mccoy.wholesale(6), mccoy.profit(6)) == (2, 1)


def test_influence_change_after_lineup_keeps_docks_but_pays_by_new_influence(
        make_table, goto, dice):
    # RULES.md: bl-influence-after-lineup, bl-faq-influence-after-lineup
    """FAQ: if influence changes after the trucks lined up, they do not move and unload in
    dock and Muscle order, but payouts follow the revised influence."""
    s = make_table(3, muscle=[30, 20, 10])
    s.influence[MOTHERS] = [3, 1, 0]
    lined(s, A, MOTHERS, MAJORITY, 4)
    lined(s, B, MOTHERS, MINORITY, 4)
    s.influence[MOTHERS] = [1, 4, 0]  # B now controls
    s.rng = dice([3, 3])
    sell(s, goto)
    assert s.cash(A) == 10 + 8  # still sold first, from the Majority dock
    assert s.cash(B) == 10 + 4 + 6  # 2 crates, and the margin on all 6


def test_improvement_adds_one_per_consumption_die(make_table, goto, dice):
    # RULES.md: bl-demand
    """Phase 5 step 1: an improvement adds +1 to each consumption die: +1 at Texas Lil's,
    +5 at Volstead Imports (five dice). The component listing's example ("+5 to the rolled
    total at Mother's", and a "Stork Club" that is not on the board) contradicts this: Mother's
    rolls two dice, so one marker there adds +2. The Phase 5 rule governs."""
    s = make_table(6, muscle=[60, 50, 40, 30, 20, 10])
    s.influence[5] = [11, 0, 0, 0, 0, 0]
    s.influence[MOTHERS] = [4, 0, 0, 0, 0, 0]
    s.improvements[5] = 1
    s.improvements[MOTHERS] = 1
    lined(s, A, MOTHERS, MAJORITY, 9)
    lined(s, A, 5, MAJORITY, 9)
    s.rng = dice([1, 1, 1, 1, 1, 1, 1])  # Mother's 1+1 (+2), Volstead 5 x 1 (+5)
    sell(s, goto)
    assert s.cash(A) == 10 + 4 * (2 + 1) + 9 * (3 + 2)
