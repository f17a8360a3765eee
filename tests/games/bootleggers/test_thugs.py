"""Thug cards (thugs.py): every card of the Detailed Listing and every FAQ ruling."""

from __future__ import annotations

import json

import pytest
from tabletop_games.bootleggers import GAME
from tabletop_games.bootleggers.actions import (
    END_TURN,
    PayVigorish,
    PlaceInfluence,
    PlayThug,
    React,
    TakeHome,
    TakeOffer,
)
from tabletop_games.bootleggers.board import MAJORITY, MINORITY, PUBLIC
from tabletop_games.bootleggers.muscle import graft, influence_supply, new_truck

from tabletop.errors import CorruptRecord
from tabletop.serialization import load_snapshot, snapshot, snapshot_json

A, B, C = range(3)
OMALLEYS, TEXAS, MOTHERS = range(3)


def give(s, seat, key):
    """Put a card of kind ``key`` from the deck into ``seat``'s hand."""
    for i, c in enumerate(s.offers):
        if c.startswith(key + "#"):
            s.offers[i] = ""
            s.hands[seat].append(c)
            return c
    card = next(c for c in s.deck.draw_pile if c.startswith(key + "#"))
    s.deck.draw_pile.remove(card)
    s.hands[seat].append(card)
    return card


def window(s, goto, step="production", seat=A):
    goto(s, step, [seat])


def lined(s, seat, speakeasy, dock, cargo, capacity=9):
    t = new_truck(s, seat, capacity)
    t.cargo, t.speakeasy, t.dock, t.seq = cargo, speakeasy, dock, s.next_seq
    s.next_seq += 1
    return t


def three(make_table):
    s = make_table(3, muscle=[30, 20, 10])
    s.influence[MOTHERS] = [2, 2, 1]
    return s


def test_muscling_in_steals_a_die_and_leaves_the_still(make_table, goto):
    # RULES.md: bl-thug-muscling-in
    s = three(make_table)
    s.remote_owner[0], s.remote_dice[0] = B, 1
    give(s, A, "muscling_in")
    window(s, goto)
    s.apply(PlayThug("muscling_in", 0, 0))
    assert s.family[A] == 2 and s.remote_dice[0] == 0 and s.remote_owner[0] == B


def test_word_of_mouth_raises_profit_not_at_omalleys(make_table, goto, dice):
    # RULES.md: bl-thug-word-of-mouth
    s = three(make_table)
    s.influence[MOTHERS] = [4, 0, 0]
    give(s, A, "word_of_mouth")
    window(s, goto, "lined_up")
    assert PlayThug("word_of_mouth", OMALLEYS) not in s.legal_actions()
    lined(s, A, MOTHERS, MAJORITY, 4)
    s.rng = dice([6, 6])
    s.apply(PlayThug("word_of_mouth", MOTHERS))
    assert s.cash(A) == 10 + 8 + 4 * 2


def test_copper_in_the_house_makes_it_omalleys(make_table, goto):
    # RULES.md: bl-thug-copper-in-the-house
    s = three(make_table)
    give(s, C, "copper_in_the_house")
    lined(s, A, MOTHERS, MINORITY, 9)
    lined(s, C, MOTHERS, PUBLIC, 9)
    window(s, goto, "lined_up", C)
    s.apply(PlayThug("copper_in_the_house", MOTHERS))
    assert s.cash(A) == 19 and s.cash(C) == 19  # all sold at $1G, no profit


def test_hey_free_truck_only_after_loading(make_table, goto):
    # RULES.md: bl-thug-hey-free-truck
    """Hey, Free Truck: only once all crates are loaded, not during negotiations."""
    s = three(make_table)
    give(s, A, "hey_free_truck")
    window(s, goto, "loading")
    assert not any(isinstance(a, PlayThug) for a in s.legal_actions())
    window(s, goto, "loaded")
    s.apply(PlayThug("hey_free_truck", 1))
    assert s.trucks[1].owner == A


def test_hey_free_truck_after_hijack_and_on_a_rented_truck(make_table, goto):
    # RULES.md: bl-faq-free-truck
    """FAQ: Hey, Free Truck may follow a Hijack or Bust a Shipment on the same truck, and
    may take a rented truck that is empty."""
    s = three(make_table)
    give(s, A, "hijack")
    give(s, A, "hey_free_truck")
    s.trucks[1].cargo = 3
    window(s, goto, "loaded")
    s.apply(PlayThug("hijack", 1, 0))
    s.apply(PlayThug("hey_free_truck", 1))
    assert s.trucks[0].cargo == 3 and s.trucks[1].owner == A and s.trucks[1].cargo == 0
    s2 = three(make_table)
    give(s2, C, "hey_free_truck")
    s2.trucks[B].renter = C  # B's truck, rented by C, empty
    s2.trucks[C].cargo = 2
    window(s2, goto, "loaded", C)
    assert PlayThug("hey_free_truck", C) not in s2.legal_actions()  # own truck, loaded
    s2.apply(PlayThug("hey_free_truck", B))
    assert s2.trucks[B].owner == C and s2.trucks[B].renter == -1


def test_investigation_cancels_a_thug_just_played(make_table, goto):
    # RULES.md: bl-investigation-reaction
    s = three(make_table)
    give(s, A, "moll")
    inv = give(s, C, "investigation")
    window(s, goto)
    s.apply(PlayThug("moll", B))
    assert s.to_act == C and set(s.legal_actions()) == {React(True), React(False)}
    s.apply(React(True))
    assert s.cash(B) == 10 and inv in s.deck.discard_pile and s.hands[A] == []
    assert not s.invariants()


def test_every_rival_holding_a_thug_card_is_asked_in_muscle_order(make_table, goto):
    # RULES.md: bl-investigation-reaction
    """The reaction is a kernel response window: the rivals holding any Thug card are asked
    in Muscle order, Investigation or not (asking only its holders would tell who has one);
    a rival with no Thug card is not asked; when all let it stand, the card takes effect. A
    snapshot taken with the window open carries on the same way."""
    s = make_table(4, muscle=[40, 30, 20, 10])
    assert s.order == [A, B, C, 3]
    give(s, A, "moll")
    give(s, B, "mob_war")  # no Investigation, asked all the same
    give(s, 3, "investigation")  # Player 3 holds no Thug card: he is not asked
    window(s, goto)
    s.apply(PlayThug("moll", B))
    assert s.to_act == B and list(s.legal_actions()) == [React(False)]
    s.apply(React(False))
    assert s.to_act == 3 and set(s.legal_actions()) == {React(True), React(False)}
    saved = snapshot_json(GAME, s)
    for state in (s, load_snapshot(GAME, json.loads(saved))):
        state.apply(React(False))
        assert not state.decisions and state.pending_card == ""
        assert any(c.startswith("moll#") for c in state.deck.discard_pile)
        assert not state.invariants()


def test_a_snapshot_from_before_the_response_window_is_refused(make_table):
    """Snapshots of form 1 kept the reaction in a queue of their own: refused in one line."""
    old = {**snapshot(GAME, make_table(3)), "game_version": 1}
    with pytest.raises(CorruptRecord, match="Bootleggers snapshot stores its state in form 1"):
        load_snapshot(GAME, old)


def test_investigation_ends_a_union_boss(make_table, goto):
    # RULES.md: bl-faq-union-boss
    # RULES.md: bl-thug-investigation, bl-thug-friendly-union-boss
    """FAQ: Friendly Union Boss stays until the end unless Investigation is played on it."""
    s = three(make_table)
    give(s, A, "friendly_union_boss")
    window(s, goto)
    s.apply(PlayThug("friendly_union_boss"))
    assert s.union[A] and graft(s, A) == 0
    give(s, B, "investigation")
    window(s, goto, "production", B)
    s.apply(PlayThug("investigation", A))
    assert not s.union[A] and graft(s, A) == 1
    assert not s.invariants()


def test_bust_a_speakeasy_even_omalleys(make_table, goto):
    # RULES.md: bl-open
    # RULES.md: bl-thug-bust-a-speakeasy
    s = three(make_table)
    give(s, B, "bust_a_speakeasy")
    lined(s, A, OMALLEYS, PUBLIC, 9)
    window(s, goto, "lined_up", B)
    s.apply(PlayThug("bust_a_speakeasy", OMALLEYS))
    assert s.cash(A) == 10


def test_windfall_gives_an_extra_card(make_table, goto):
    # RULES.md: bl-faq-windfall
    # RULES.md: bl-thug-windfall
    """FAQ: Windfall played later does not replace the normal choice."""
    s = three(make_table)
    give(s, A, "windfall")
    s.deck.draw_pile.append(next(c for c in s.deck.draw_pile if c.startswith("influence#")))
    s.deck.draw_pile.remove(s.deck.draw_pile[-1])
    top = next(c for c in s.deck.draw_pile if c.startswith("influence#"))
    s.deck.draw_pile.remove(top)
    s.deck.draw_pile.append(top)
    window(s, goto, "offers")
    s.apply(PlayThug("windfall"))
    assert s.back_influence[A] == 2
    assert any(isinstance(a, TakeOffer) for a in s.legal_actions())


def test_politics_paid_to_the_bank_and_needs_money(make_table, goto):
    # RULES.md: bl-faq-paid-to-bank
    # RULES.md: bl-thug-politics
    """FAQ: City and State Politics are paid to the bank; with no money they cannot be
    played (Hints on bidding)."""
    s = three(make_table)
    give(s, A, "state_politics")
    give(s, A, "city_politics")
    window(s, goto)
    assert PlayThug("state_politics", -1, 3) not in s.legal_actions()  # $15G > $10G
    s.apply(PlayThug("state_politics", -1, 2))
    assert s.cash(A) == 0 and s.back_influence[A] == 3
    assert not any(a.card == "city_politics" for a in s.legal_actions()
                   if isinstance(a, PlayThug))


def test_bust_a_shipment(make_table, goto):
    # RULES.md: bl-thug-bust-a-shipment
    s = three(make_table)
    give(s, A, "bust_a_shipment")
    truck = lined(s, B, MOTHERS, MINORITY, 6)
    window(s, goto, "lined_up")
    s.apply(PlayThug("bust_a_shipment", truck.id))
    assert truck.cargo == 0 and truck.owner == B


def test_vigorish_paid_or_still_idle(make_table, goto, dice):
    # RULES.md: bl-thug-vigorish
    s = three(make_table)
    give(s, A, "vigorish")
    s.family[B] = 2
    window(s, goto)
    s.apply(PlayThug("vigorish", B, -1))
    assert s.to_act == B and set(s.legal_actions()) == {PayVigorish(True), PayVigorish(False)}
    s.apply(PayVigorish(True))
    assert s.cash(A) == 16 and s.cash(B) == 4
    s2 = three(make_table)
    give(s2, A, "vigorish")
    window(s2, goto)
    s2.apply(PlayThug("vigorish", B, -1))
    s2.rng = dice([1, 6, 1])
    s2.apply(PayVigorish(False))  # the window closes; production: B's still is idle
    assert s2.crates == [1, 0, 1]


def test_warehouse_keeps_unloaded_crates_one_round(make_table, goto):
    # RULES.md: bl-unloaded-lost
    # RULES.md: bl-thug-warehouse
    s = three(make_table)
    give(s, A, "warehouse")
    s.crates[A] = 7
    window(s, goto, "loading")
    s.apply(PlayThug("warehouse"))
    from tabletop_games.bootleggers.setup import start_round
    from tabletop_games.bootleggers.shipping import finish_shipping
    s.trucks[0].cargo, s.crates[A] = 4, 3
    finish_shipping(s)
    assert s.warehouse[A] == 3 and s.crates[A] == 0
    start_round(s, 2)
    assert s.crates[A] == 3 and s.warehouse[A] == 0 and not s.warehouse_on[A]


def test_safe_house_brings_markers_home_for_a_round(make_table, goto):
    # RULES.md: bl-thug-safe-house
    s = three(make_table)
    give(s, A, "safe_house")
    s.back_influence[A] = 0
    window(s, goto, "influence")
    s.apply(PlayThug("safe_house"))
    s.apply(TakeHome(MOTHERS))
    s.apply(TakeHome(MOTHERS))
    assert s.back_influence[A] == 2 and s.influence[MOTHERS][A] == 0
    assert s.to_act == A
    assert not any(isinstance(a, PlaceInfluence) for a in s.legal_actions())


def test_thirsty_adds_a_die(make_table, goto, dice):
    # RULES.md: bl-thug-thirsty
    s = three(make_table)
    s.influence[MOTHERS] = [4, 0, 0]
    give(s, A, "thirsty")
    lined(s, A, MOTHERS, MAJORITY, 9)
    s.rng = dice([2, 2, 2])
    window(s, goto, "lined_up")
    s.apply(PlayThug("thirsty", MOTHERS))
    assert s.cash(A) == 10 + 6 * 2 + 6


def test_big_payoff_faq(make_table, goto, dice):
    # RULES.md: bl-faq-big-payoff
    # RULES.md: bl-thug-big-payoff
    """FAQ: Big Payoff gives Controlling influence for the round even if nobody had it; the
    former holder becomes Minority; lined-up trucks line up again; $5G to the bank."""
    s = make_table(3, muscle=[30, 20, 10])
    s.influence[MOTHERS] = [4, 0, 0]
    a_truck = lined(s, A, MOTHERS, MAJORITY, 4)
    c_truck = lined(s, C, MOTHERS, PUBLIC, 4)
    give(s, C, "big_payoff")
    give(s, C, "moll")  # keeps C's turn open to look at the docks
    window(s, goto, "lined_up", C)
    s.rng = dice([3, 3])
    s.apply(PlayThug("big_payoff", MOTHERS))
    assert c_truck.dock == MAJORITY and a_truck.dock == MINORITY
    assert s.cash(C) == 5
    s.apply(END_TURN)
    assert s.cash(C) == 5 + 8 + 6  # paid $5G; sold 4; margin on all 6 sold
    assert s.cash(A) == 10 + 4


def test_hit_and_mob_war_send_markers_to_the_supply(make_table, goto):
    # RULES.md: bl-faq-destroyed-men
    # RULES.md: bl-thug-hit-and-mob-war
    """FAQ: destroyed markers go to their owner's supply, not the Back Room."""
    s = three(make_table)
    give(s, A, "hit")
    give(s, A, "mob_war")
    window(s, goto)
    before = influence_supply(s, B)
    s.apply(PlayThug("hit", MOTHERS, B))
    s.apply(PlayThug("mob_war", MOTHERS, B, C))
    assert s.influence[MOTHERS] == [2, 0, 0] and s.back_influence[B] == 1
    assert influence_supply(s, B) == before + 2


def test_favors_lend_a_truck_for_one_round(make_table, goto):
    # RULES.md: bl-return-trucks
    # RULES.md: bl-thug-favors
    s = three(make_table)
    give(s, A, "big_favor")
    give(s, A, "little_favor")
    s.crates[A] = 12
    window(s, goto, "loading")
    s.apply(PlayThug("big_favor"))
    s.apply(PlayThug("little_favor"))
    assert sorted(t.capacity for t in s.trucks if t.owner == A) == [4, 6, 9]
    assert graft(s, A) == 1  # lent trucks carry no graft
    from tabletop_games.bootleggers.shipping import return_trucks
    return_trucks(s)
    assert [t.capacity for t in s.trucks if t.owner == A] == [4]


def test_move_over_pigeon_faq(make_table, goto, dice):
    # RULES.md: bl-faq-pigeon
    # RULES.md: bl-thug-move-over-pigeon
    """FAQ: the robbed truck keeps its place and owner's priority; its wholesale money goes
    to the player of Move Over, Pigeon."""
    s = make_table(3, muscle=[30, 20, 10])
    s.influence[MOTHERS] = [1, 3, 0]
    b_truck = lined(s, B, MOTHERS, MAJORITY, 4)
    give(s, C, "move_over_pigeon")
    window(s, goto, "lined_up", C)
    s.rng = dice([1, 1])
    s.apply(PlayThug("move_over_pigeon", b_truck.id))
    assert s.cash(C) == 10 + 2 * 2 and s.cash(B) == 10 + 2  # B keeps only its margin


def test_hijack_faq(make_table, goto):
    # RULES.md: bl-faq-hijack
    # RULES.md: bl-thug-hijack
    """FAQ: Hijack may hit a truck you rented out; needs one empty truck big enough (no
    splitting); at a dock the robbed truck stays, empty, and yours joins the back of the
    line."""
    s = make_table(3, muscle=[30, 20, 10])
    s.influence[MOTHERS] = [0, 4, 1]
    rented = s.trucks[A]
    rented.renter = B
    rented.cargo, rented.speakeasy, rented.dock, rented.seq = 4, MOTHERS, MAJORITY, 0
    big = lined(s, B, MOTHERS, MAJORITY, 6, 6)
    give(s, A, "hijack")
    window(s, goto, "lined_up")
    plays = [a for a in s.legal_actions() if isinstance(a, PlayThug)]
    assert plays == []  # A has no empty truck of its own
    mine = new_truck(s, A, 4)
    s.forget_legal_actions()
    plays = [a for a in s.legal_actions() if isinstance(a, PlayThug)]
    assert plays == [PlayThug("hijack", rented.id, mine.id)]  # 6 crates do not fit a Small
    s.apply(plays[0])
    assert rented.cargo == 0 and rented.speakeasy == MOTHERS
    assert mine.cargo == 4 and mine.speakeasy == MOTHERS and mine.dock == PUBLIC
    assert mine.seq > big.seq


def test_turf_war(make_table, goto):
    # RULES.md: bl-thug-turf-war
    """Turf War: a whole Remote Still, or one Family Still die but never the last."""
    s = three(make_table)
    s.remote_owner[2], s.remote_dice[2] = B, 3
    give(s, A, "turf_war")
    window(s, goto)
    plays = {a for a in s.legal_actions() if isinstance(a, PlayThug)}
    assert PlayThug("turf_war", B, -1) not in plays  # B's Family Still has one die
    s.apply(PlayThug("turf_war", B, 2))
    assert s.remote_owner[2] == -1 and s.remote_dice[2] == 0


def test_big_city_boys_reorders(make_table, goto):
    # RULES.md: bl-thug-big-city-boys
    s = three(make_table)
    give(s, C, "big_city_boys")
    window(s, goto, "production", C)
    s.apply(PlayThug("big_city_boys", C))
    assert s.muscle(C) == 60 and s.order[0] == C


def test_packing_heat(make_table, goto, dice):
    # RULES.md: bl-thug-packing-heat
    s = three(make_table)
    s.influence[MOTHERS] = [3, 1, 0]
    lined(s, A, MOTHERS, MAJORITY, 2)
    lined(s, B, MOTHERS, MINORITY, 2)
    give(s, B, "packing_heat")
    window(s, goto, "lined_up", B)
    s.rng = dice([6, 6])
    s.apply(PlayThug("packing_heat", MOTHERS))
    assert s.cash(A) == 10 + 2 * 1 + 4 and s.cash(B) == 10 + 2 * 2


def test_moll_pays_what_he_can(make_table, goto, dice):
    # RULES.md: bl-faq-paid-to-bank
    # RULES.md: bl-thug-moll
    """FAQ: a Moll's target short of money pays what he has and gets a free pass."""
    s = three(make_table)
    s.money.burn("seat:1", 8)
    give(s, A, "moll")
    window(s, goto)
    s.rng = dice([5])
    s.apply(PlayThug("moll", B))
    assert s.cash(B) == 0 and s.cash(A) == 10


def test_opportunity_knocks_needs_an_open_destination(make_table, goto):
    # RULES.md: bl-thug-opportunity-knocks
    s = three(make_table)
    s.improvements[TEXAS] = 1
    give(s, A, "opportunity_knocks")
    window(s, goto)
    plays = {a for a in s.legal_actions() if isinstance(a, PlayThug)}
    assert plays == {PlayThug("opportunity_knocks", TEXAS, MOTHERS)}
    s.apply(PlayThug("opportunity_knocks", TEXAS, MOTHERS))
    assert s.improvements[TEXAS] == 0 and s.improvements[MOTHERS] == 1


def test_recruiting_highest_muscle_gets_two(make_table, goto, dice):
    # RULES.md: bl-thug-recruiting
    """Recruiting: "if you have the most Muscle, you get the first two markers"."""
    s = three(make_table)
    give(s, A, "recruiting")
    window(s, goto)
    s.rng = dice([4])
    s.apply(PlayThug("recruiting"))
    assert s.back_influence == [3, 2, 2]


def test_you_dirty_rat(make_table, goto):
    # RULES.md: bl-thug-you-dirty-rat
    s = three(make_table)
    give(s, C, "you_dirty_rat")
    window(s, goto, "production", C)
    s.apply(PlayThug("you_dirty_rat", MOTHERS, A))
    assert s.influence[MOTHERS] == [1, 2, 2] and s.back_influence[A] == 1


def test_double_cross_destroys_or_adds(make_table, goto):
    # RULES.md: bl-thug-double-cross
    s = three(make_table)
    give(s, C, "double_cross")
    give(s, C, "double_cross")
    window(s, goto, "production", C)
    s.apply(PlayThug("double_cross", MOTHERS, -1))
    assert s.influence[MOTHERS] == [2, 2, 2]
    s.apply(PlayThug("double_cross", MOTHERS, B))
    assert s.influence[MOTHERS] == [2, 1, 2]


def test_thugs_wait_for_the_right_window(make_table, goto):
    # RULES.md: bl-thug-windows
    """Move Over, Pigeon needs trucks at the docks; Vigorish must come before production."""
    s = three(make_table)
    give(s, A, "move_over_pigeon")
    give(s, A, "vigorish")
    lined(s, B, MOTHERS, MINORITY, 4)
    window(s, goto, "lined_up")
    assert {a.card for a in s.legal_actions() if isinstance(a, PlayThug)} == {
        "move_over_pigeon"}
    window(s, goto, "production")
    assert {a.card for a in s.legal_actions() if isinstance(a, PlayThug)} == {"vigorish"}
    assert END_TURN in s.legal_actions()
