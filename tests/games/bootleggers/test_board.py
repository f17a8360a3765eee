"""Influence standings (board.py): Controlling, Majority, Minority, No influence."""

from __future__ import annotations

from tabletop_games.bootleggers.board import MINORITY, PUBLIC, dock_for, holder, is_open, standing

ALICE, BOB, CHARLIE, DAVID = range(4)
MUSCLE = [40, 30, 20, 10]


def test_influence_example_texas_lils(make_table):
    # RULES.md: bl-controlling
    """Rulebook, Phase 3 page, influence example "Texas Lil's Diner": one marker each for
    Charlie and David leaves it closed (two of three shaded circles covered)."""
    s = make_table(4, muscle=MUSCLE)
    s.influence[1] = [0, 0, 1, 1]
    assert not is_open(s, 1)


def test_influence_example_mothers(make_table):
    """Rulebook, influence example "Mother's": Bob 2 and Charlie 3 are Minority, David 4 is
    Majority (more than either, fewer than both together); Mother's is open."""
    s = make_table(4, muscle=MUSCLE)
    s.influence[2] = [0, 2, 3, 4]
    assert is_open(s, 2)
    assert holder(s, 2) == (DAVID, False)
    assert dock_for(BOB, s.influence[2], DAVID) == MINORITY
    assert dock_for(CHARLIE, s.influence[2], DAVID) == MINORITY
    assert dock_for(ALICE, s.influence[2], DAVID) == PUBLIC


def test_influence_example_barleycorns(make_table):
    # RULES.md: bl-tie-all-minority
    """Rulebook, influence example "Barleycorn's": Alice's 3 equal Charlie's 1 and David's 2
    together, so she is Controlling; the other two are Minority."""
    s = make_table(4, muscle=MUSCLE)
    s.influence[3] = [3, 0, 1, 2]
    assert holder(s, 3) == (ALICE, True)
    assert dock_for(DAVID, s.influence[3], ALICE) == MINORITY


def test_only_mobster_present_controls():
    # RULES.md: bl-controlling
    """Controlling Influence: the only Mobster with influence controls."""
    assert standing([0, 1, 0], [5, 6, 7]) == (1, True)


def test_tie_of_two_goes_to_higher_muscle():
    # RULES.md: bl-muscle-order, bl-controlling
    """Controlling Influence: two Mobsters tied, the higher Muscle controls."""
    assert standing([2, 2, 0], [10, 30, 50]) == (1, True)
    assert standing([2, 2, 0], [30, 10, 50]) == (0, True)


def test_tie_for_most_without_control_leaves_all_minority():
    # RULES.md: bl-tie-all-minority
    """Minority Influence: "it is possible for all Mobsters to have Minority Influence":
    3-3-1 gives nobody Majority (more than any other) nor Control."""
    assert standing([3, 3, 1], [5, 9, 1]) == (-1, False)


def test_no_influence_no_holder():
    # RULES.md: bl-no-influence
    assert standing([0, 0, 0], [1, 2, 3]) == (-1, False)


def test_big_payoff_overrides_markers():
    """FAQ, Big Payoff: its player controls even with no marker there."""
    assert standing([5, 0, 0], [1, 2, 3], payoff=2) == (2, True)


def test_omalleys_has_no_holder(make_table):
    """Hints: there is no Majority at the smallest Speakeasy, so no Profit Margin."""
    s = make_table(3)
    assert holder(s, 0) == (-1, False)
    assert is_open(s, 0)


def test_volstead_only_with_six(make_table):
    """Volstead Imports is used only in 6-Mobster games."""
    s5 = make_table(5)
    s5.influence[5] = [3, 3, 3, 3, 3]
    assert not is_open(s5, 5)
    assert make_table(6).speakeasy_count == 6
