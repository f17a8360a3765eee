"""Chances beside the options the dice decide (odds.py): the demand a truck meets, the
Copper's 5, Recruiting's and the Moll's die. Each names the sum that makes its target, in
the rulebook's order (dice plus improvements against the crates ahead and yours), and the
chance in percent; never a negative target."""

from __future__ import annotations

import random
import re

from tabletop_games.bootleggers import GAME
from tabletop_games.bootleggers.actions import PlaceDie, PlayThug, SendTruck
from tabletop_games.bootleggers.board import MAJORITY
from tabletop_games.bootleggers.muscle import new_truck
from tabletop_games.bootleggers.odds import at_least, percent

OMALLEYS, TEXAS, MOTHERS, BARLEYCORNS = range(4)


def test_dice_chances_are_exact():
    assert at_least(2, 7) == 21 / 36 and at_least(1, 1) == 1.0 and at_least(3, 19) == 0
    assert percent(21 / 36) == "58%" and percent(1 / 6 ** 4) == "1%"
    assert percent(1 - 1 / 6 ** 4) == "99%"


def test_a_truck_sent_shows_the_sum_and_the_chance(make_table, goto, lined):
    # RULES.md: bl-demand, bl-docks-sell, bl-send-odds
    s = make_table(3)
    s.influence[MOTHERS] = [1, 2, 1]  # Player 2 controls; Player 1 Minority
    s.improvements[MOTHERS] = 1
    lined(s, 1, MOTHERS, MAJORITY, 5)  # 5 crates at the Majority Dock
    truck = new_truck(s, 0, 6)
    truck.cargo = 4
    goto(s, "shipping", [0])
    text = s.describe(SendTruck(truck.id, MOTHERS))
    # demand: 2 dice + 1 on each; all 4 sell when 2 dice + 2 >= 5 + 4
    assert text.endswith("to the Minority Dock of Mother's Groceries ($2G a crate): all 4 "
                         "sell if its 2 demand dice show 7 or more (58%): 5 ahead + your 4 - "
                         "2 for improvements; some sell on 4 or more (92%)")
    assert s.describe(SendTruck(truck.id, OMALLEYS)).endswith("it buys every crate")


def test_when_the_dice_cannot_decide_it_says_why(make_table, goto, lined):
    s = make_table(3)
    s.influence[TEXAS] = [1, 2, 1]
    lined(s, 1, TEXAS, MAJORITY, 7)
    truck = new_truck(s, 0, 6)
    truck.cargo = 2
    goto(s, "shipping", [0])
    assert s.describe(SendTruck(truck.id, TEXAS)).endswith(
        "none can sell: the 7 crates ahead take the most demand, 6 on 1 die")
    # RULES.md: bl-public-dock
    s = make_table(4)
    s.influence[TEXAS] = [0, 2, 2, 1]  # nobody holds Majority: the Public Dock never sells
    truck = new_truck(s, 0, 6)
    truck.cargo = 2
    goto(s, "shipping", [0])
    assert s.describe(SendTruck(truck.id, TEXAS)).endswith(
        "to the Public Dock of Texas Lil's Diner ($2G a crate): nothing sells there: nobody "
        "holds Majority, so nobody may let the Public Dock sell")
    s.influence[TEXAS] = [0, 3, 2, 1]
    assert s.describe(SendTruck(truck.id, TEXAS)).endswith(
        "all 2 sell if its demand die shows 2 or more (83%), if Player 2 lets the Public "
        "Dock sell")


def test_the_copper_and_recruiting_and_moll_show_their_dice(make_table, goto, give):
    # RULES.md: bl-copper-bites, bl-thug-recruiting, bl-thug-moll
    s = make_table(3, muscle=[30, 20, 10])
    s.copper = 0
    s.family[0] = 2
    s.back_dice[0] = 1
    give(s, 0, "recruiting")
    give(s, 0, "moll")
    goto(s, "production", [0])
    assert ("(3 dice then; the Copper watches it: a 5 on any of them shuts it 42% of rounds, "
            "against 31% now)") in s.describe(PlaceDie(0))
    # first in Muscle order: the first man, then the first of each round of shares
    assert ("one die for 1 to 6 new men: he gets 1 man on 1 (17%), 2 men on 2-4 (50%), 3 men "
            "on 5-6 (33%)" in s.describe(PlayThug("recruiting")))
    assert "one die: he pays the bank $1G to $6G" in s.describe(PlayThug("moll", 1))


def test_no_option_shows_a_negative_target_and_every_chance_a_percent():
    """Random games at every player count: a truck sent to a Speakeasy that rolls for demand
    says its chance in percent or why the dice do not matter; no target is negative."""
    rng = random.Random(7)
    checked = 0
    for players in (2, 4, 6):
        for seed in range(2):
            s = GAME.new_state(players, seed)
            while not s.is_over:
                legal = s.legal_actions()
                for a in legal:
                    if isinstance(a, SendTruck) and a.speakeasy != OMALLEYS:
                        text = s.describe(a)
                        assert not re.search(r"(show|on) -\d", text), text
                        assert re.search(r"\d+%|whatever|none can|nothing sells|every crate",
                                         text), text
                        checked += 1
                s.apply(legal[rng.randrange(len(legal))])
    assert checked > 100
