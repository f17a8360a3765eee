"""The table tells the whole story: every public consequence is an event with its numbers and
its cause (the Muscle reveal, payroll, production, the Copper, deals, demand, sales, profit,
crates lost, the Heat, Thug cards), and a watcher can follow every dollar."""

from __future__ import annotations

import random

import pytest
from tabletop_games.bootleggers import GAME
from tabletop_games.bootleggers.actions import (
    AcceptDeal,
    AllowTruck,
    AskPrice,
    OfferCrates,
    PayVigorish,
    PickMuscle,
    PlayThug,
    RefuseDeal,
)
from tabletop_games.bootleggers.board import MAJORITY, MINORITY, PUBLIC
from tabletop_games.bootleggers.flow import run
from tabletop_games.bootleggers.muscle import move_copper, new_truck, pay_for_muscle, phase_six
from tabletop_games.bootleggers.shipping import finish_shipping

from tabletop.components.log import EVERYONE

A, B, C, D = range(4)
OMALLEYS, TEXAS, MOTHERS, BARLEYCORNS = range(4)


def said(s, mark: int = 0, viewer=EVERYONE) -> list[str]:
    """The texts of the events written since ``mark`` that ``viewer`` sees."""
    return [e.text for e in s.log.since(mark, viewer)]


def kinds(s, mark: int = 0) -> list[str]:
    return [e.kind for e in s.log.since(mark, EVERYONE)]


def test_the_muscle_reveal_names_every_card_and_the_order_with_why():
    # RULES.md: bl-narration
    """Phase 1 steps 3-5: the cards are shown together and fix the order, highest first."""
    s = GAME.new_state(3, 4)
    picks = [s.muscle_hands[p][k] for p, k in ((0, 0), (1, 11), (2, 5))]
    for card in picks:
        s.apply(PickMuscle(card))
    text = " ".join(said(s))
    assert (f"Muscle cards turned up: Player 1 Muscle {picks[0]} (costs $" in text
            and f"Player 2 Muscle {picks[1]}" in text and f"Player 3 Muscle {picks[2]}" in text)
    order = sorted(range(3), key=lambda p: -picks[p])
    assert "Order this round (highest Muscle first): " + ", ".join(
        f"Player {p + 1} ({picks[p]})" for p in order) in text


def test_payroll_names_graft_and_muscle_cost_and_a_short_purse(make_table):
    """Phase 1 step 5a: Driver Graft ($1G Small/Medium, $2G Large) plus the Muscle card's
    cost; who cannot pay pays all he has."""
    s = make_table(2, muscle=[50, 10])
    new_truck(s, A, 9)
    mark = s.log.total
    pay_for_muscle(s, A)
    assert said(s, mark) == [("Player 1 owes $6G: Driver Graft $3G (1 Small Truck, 1 Large "
                             "Truck) + $3G for Muscle 50; he pays $6G to the bank.")]
    s.money.burn("seat:1", 10)
    s.money.mint("seat:1", 0)
    s.shown[B] = 72
    mark = s.log.total
    pay_for_muscle(s, B)
    assert "Player 2 owes $5G" in said(s, mark)[0] and "he has only $0G" in said(s, mark)[0]


def test_the_copper_tie_says_why_the_lowest_muscle_gets_him(make_table):
    """Phase 3 step 3: ties go against the lowest Muscle."""
    s = make_table(3, muscle=[10, 50, 30])
    s.round_no = 4
    mark = s.log.total
    move_copper(s, [6, 6, 2])
    assert said(s, mark)[0] == (
        "The Copper takes his post at Player 1's Family Still: Player 1 and Player 2 tied "
        "with 6 crates at their Family Stills and Player 1 has the lowest Muscle (10); from "
        "round 5 a 5 rolled there shuts it for the round.")


def test_a_sale_says_who_where_how_many_the_price_and_why_and_the_total(make_table, goto,
                                                                        dice, lined):
    # RULES.md: bl-narration
    """Rulebook, Phase 5 example (Mother's): Charlie rolls 3-2, demand 5; he sells the 4
    crates of his rented truck at $2G each ($8G), Bob sells 1, David none; nobody controls
    Mother's, so no profit."""
    s = make_table(4, muscle=[40, 30, 20, 10])
    s.influence[MOTHERS] = [0, 2, 3, 2]  # Charlie holds Majority, not Control
    rented = lined(s, B, MOTHERS, MAJORITY, 4, capacity=4)
    rented.renter = C
    lined(s, B, MOTHERS, MINORITY, 6, capacity=6)
    lined(s, D, MOTHERS, MINORITY, 4, capacity=4)
    s.rng = dice([3, 2])
    mark = s.log.total
    goto(s, "lined_up", [])
    run(s)
    text = said(s, mark)
    assert "Mother's Groceries rolls 2 dice for demand: 3+2: it buys up to 5 crates." in text
    assert (f"Player 3 sells 4 crates from Player 2's Small Truck #{rented.id + 1} (rented by "
            "Player 3) at Mother's Groceries (Majority Dock) at $2G a crate (its wholesale "
            "price): $8G.") in text
    assert any(t.startswith("Player 2 sells 1 crate from his Medium Truck") and
               t.endswith("$2G a crate (its wholesale price): $2G.") for t in text)
    assert any(t.startswith("Player 2's 5 crates on Medium Truck") and "go unsold" in t
               for t in text)
    assert any(t.startswith("Player 4's 4 crates on Small Truck") and "are lost" in t
               for t in text)
    assert "Nobody controls Mother's Groceries: no profit margin is paid on its 5 crates." \
        in text


def test_profit_packing_heat_and_the_public_dock_are_explained(make_table, goto, dice, lined):
    """Phase 5 step 3: the Controlling holder earns the margin on every crate; Packing Heat
    pays the others $1G a crate; a refusal closes the Public Dock."""
    s = make_table(3, muscle=[30, 20, 10])
    s.influence[MOTHERS] = [4, 0, 0]
    s.packing[MOTHERS] = A
    lined(s, A, MOTHERS, MAJORITY, 2)
    lined(s, B, MOTHERS, PUBLIC, 3)
    lined(s, C, MOTHERS, PUBLIC, 3)
    s.rng = dice([6, 6])
    mark = s.log.total
    goto(s, "lined_up", [])
    run(s)
    s.apply(AllowTruck(True))
    s.apply(AllowTruck(False))
    text = said(s, mark)
    assert any(t.startswith("Player 2 sells 3 crates") and "at $1G a crate (Player 1's "
               "Packing Heat): $3G." in t for t in text)
    assert any("Player 3's 3 crates on" in t and "Player 1 closed the Public Dock of "
               "Mother's Groceries" in t for t in text)
    assert ("Player 1 holds Controlling influence at Mother's Groceries: profit margin $1G "
            "on each of the 5 crates sold there: $5G.") in text
    assert any(t.startswith("Round 1 takings (sales and profit): Player 1 $9G, Player 2 $3G, "
                            "Player 3 $0G") for t in text)


def test_crates_not_loaded_are_dumped_and_said(make_table):
    """Phase 4 step 2: crates not on a truck at the end of Phase 4 are lost (Warehouse
    excepted)."""
    s = make_table(2)
    s.crates = [3, 2]
    s.warehouse_on[B] = True
    mark = s.log.total
    finish_shipping(s)
    assert said(s, mark) == [
        "Player 1 dumps the 3 crates he did not load (crates not on a truck are lost).",
        "Player 2's Warehouse keeps his 2 crates left unloaded for next round."]


def test_the_heat_announces_money_and_says_who_gains_the_extra_man(make_table):
    """Phase 6: at the end of rounds 4 and 8 money is announced, everyone gains a man and
    the poorest (ties: lowest Muscle) one more."""
    s = make_table(3, muscle=[10, 50, 30])
    s.round_no = 4
    s.money.burn("seat:0", 3)
    s.money.burn("seat:2", 3)
    mark = s.log.total
    phase_six(s)
    assert said(s, mark) == [
        ("The Heat, end of round 4: everyone announces his money: Player 1 $7G, Player 2 $10G, "
        "Player 3 $7G."),
        ("Every Mobster gains 1 man in his Back Room; Player 1 has the least money, lowest "
        "Muscle of the 2 tied and gains 1 man more.")]


def test_deals_say_who_what_and_the_price_and_a_refusal_is_remembered(make_table, goto):
    """Phase 4 step 1 and its example: Alice sells 3 crates to Bob for $2G."""
    s = make_table(3)
    s.crates = [7, 6, 0]
    goto(s, "deals", [A])
    s.apply(OfferCrates(B, 3))
    s.apply(AskPrice(2))
    mark = s.log.total
    s.apply(AcceptDeal(""))
    assert said(s, mark) == [("Deal: Player 2 buys 3 crates from Player 1 for $2G (Back Rooms "
                             "now 9 and 4 crates).")]
    s.apply(OfferCrates(C, 2))
    s.apply(AskPrice(1))
    assert s.describe(RefuseDeal()) == "Player 3 turns down Player 1's offer: 2 crates for $1G"
    mark = s.log.total
    s.apply(RefuseDeal())
    assert said(s, mark) == [] and s.refused == ["0:2:crates:2:1"]


def test_a_thug_card_paid_for_a_deal_is_named_to_the_seller_only(make_table, goto, give):
    # RULES.md: bl-deal-card-private
    s = make_table(3)
    s.crates = [5, 0, 0]
    give(s, B, "moll")
    goto(s, "deals", [A])
    s.apply(OfferCrates(B, 3))
    s.apply(AskPrice(-1))
    pay = AcceptDeal("moll")
    assert "Moll" not in s.describe_public(pay) and "Moll" in s.describe(pay)
    mark = s.log.total
    s.apply(pay)
    assert "Player 2 pays you with Moll." in said(s, mark, A)
    assert not any("Moll" in t for t in said(s, mark, C) + said(s, mark, None))


def test_thug_effects_are_narrated_with_their_numbers(make_table, goto, dice, give):
    """Thug cards: the Moll's roll and what was paid; a Hit that closes a Speakeasy; the
    Vigorish asked and paid; Recruiting's shares."""
    s = make_table(3, muscle=[30, 20, 10])
    s.influence[MOTHERS] = [2, 1, 1]
    for key in ("moll", "hit", "vigorish", "recruiting"):
        give(s, A, key)
    goto(s, "production", [A])
    s.rng = dice([4])
    mark = s.log.total
    s.apply(PlayThug("moll", B))
    assert "The Moll rolls 4: Player 2 spends $4G (to the bank)." in said(s, mark)
    mark = s.log.total
    s.apply(PlayThug("hit", MOTHERS, C))
    assert ("Player 3 loses a man at Mother's Groceries (back to the supply); Mother's "
            "Groceries closes (3 men there, 4 needed).") in said(s, mark)
    mark = s.log.total
    s.apply(PlayThug("vigorish", B, -1))
    s.apply(PayVigorish(True))
    text = said(s, mark)
    assert any("Player 2 must pay Player 1 $3G (1 die at $3G)" in t for t in text)
    assert "Player 2 pays Player 1 $3G of Vigorish: his Family Still works this round." in text
    s.rng = dice([5])
    mark = s.log.total
    s.apply(PlayThug("recruiting"))
    assert said(s, mark)[0] == (
        "Recruiting rolls 5: 5 men to share, Player 1 first, then one each in Muscle order; "
        "new men in Back Rooms: Player 1 3, Player 2 1, Player 3 1.")


def test_a_windfall_draw_is_private_and_its_effect_public(make_table, goto, give):
    """Windfall (FAQ): the blindly drawn card need not be shown; only its effect is."""
    s = make_table(3)
    give(s, A, "windfall")
    top = next(c for c in s.deck.draw_pile if c.startswith("influence#"))
    s.deck.draw_pile.remove(top)
    s.deck.draw_pile.append(top)
    for i, card in enumerate(s.offers):  # the offers are gone: only the Windfall is news
        s.deck.discard(card)
        s.offers[i] = ""
    goto(s, "offers", [A])
    s.acted = True
    mark = s.log.total
    s.apply(PlayThug("windfall"))
    assert "Your Windfall draws New Recruit." in said(s, mark, A)
    public = said(s, mark, B)
    assert "Player 1 draws a Men of Action card blind and redeems it." in public
    assert "Player 1 gains 1 man (Back Room now 2)." in public
    assert not any("New Recruit" in t for t in public), public


@pytest.mark.parametrize("players", [2, 4])
def test_every_dollar_is_narrated(players):
    """Whoever's money changes (the player acting included), a public event of that move
    names him and an amount in $G: a watcher can follow every dollar."""
    for seed in range(2):
        s = GAME.new_state(players, seed)
        r = random.Random(seed)
        while not s.is_over:
            before = [s.cash(p) for p in range(players)]
            mark = s.log.total
            s.apply(r.choice(list(s.legal_actions())))
            events = [e.text for e in s.log.since(mark, None)]
            for p in range(players):
                if s.cash(p) != before[p]:
                    assert any(f"Player {p + 1}" in t and "$" in t for t in events), (
                        p, before[p], s.cash(p), events)
