"""Phase 4 (shipping.py): deals, loading and lining up; the rulebook's loading, shipping and
selling examples played through as one round."""

from __future__ import annotations

from tabletop_games.bootleggers.actions import (
    END_TURN,
    REFUSE,
    AcceptDeal,
    AllowTruck,
    AskPrice,
    LoadTruck,
    OfferCrates,
    OfferTruck,
    SendTruck,
)
from tabletop_games.bootleggers.board import MAJORITY, MINORITY, PUBLIC
from tabletop_games.bootleggers.muscle import new_truck

ALICE, BOB, CHARLIE, DAVID = range(4)
OMALLEYS, TEXAS, MOTHERS, BARLEYCORNS = range(4)


def example_table(make_table, goto):
    """The table of the Phase 4 examples, right after production.

    Mother's: the shipping example gives Charlie Majority and Bob and David Minority there,
    which contradicts the influence example (David 4, Charlie 3, Bob 2: David Majority).
    The rules text decides standings, so we seat the markers to give the shipping example's
    standings: Bob 2, Charlie 4, David 3 (Charlie Majority, not Controlling).
    """
    s = make_table(4, muscle=[40, 30, 20, 10])
    s.influence[TEXAS] = [0, 0, 1, 1]
    s.influence[MOTHERS] = [0, 2, 4, 3]
    s.influence[BARLEYCORNS] = [3, 0, 1, 2]
    s.back_influence = [0, 0, 0, 0]
    trucks = {"alice": 0, "bob_small": 1, "charlie_small": 2, "david": 3}
    trucks["bob_small2"] = new_truck(s, BOB, 4).id
    trucks["bob_medium"] = new_truck(s, BOB, 6).id
    trucks["charlie_medium"] = new_truck(s, CHARLIE, 6).id
    s.crates = [7, 6, 14, 6]
    goto(s, "deals")
    return s, trucks


def test_loading_shipping_and_selling_examples(make_table, goto, dice):
    # RULES.md: bl-wholesale
    # RULES.md: bl-deals, bl-rented-truck, bl-shipping
    # RULES.md: bl-selling-order
    """Rulebook, Phase 4 "Example of deals and Truck loading", "Example of shipping to
    Speakeasies" and Phase 5 selling example, with their exact numbers."""
    s, t = example_table(make_table, goto)
    # Deals: Alice sells 3 crates to Bob for $2G; Bob rents a Small Truck to Charlie for $2G.
    s.apply(OfferCrates(BOB, 3))
    s.apply(AskPrice(2))
    assert s.to_act == BOB
    s.apply(AcceptDeal())
    s.apply(END_TURN)
    s.apply(OfferTruck(CHARLIE, t["bob_small2"], False))
    s.apply(AskPrice(2))
    s.apply(AcceptDeal())
    s.apply(END_TURN)
    s.apply(END_TURN)  # Charlie
    s.apply(END_TURN)  # David
    assert s.step == "loading" and s.crates == [4, 9, 14, 6]
    assert [s.cash(p) for p in range(4)] == [12, 10, 8, 10]
    # Loading.
    s.apply(LoadTruck(t["alice"], 4))
    s.apply(LoadTruck(t["bob_medium"], 6))
    s.apply(LoadTruck(t["bob_small"], 3))
    s.apply(LoadTruck(t["charlie_small"], 4))
    s.apply(LoadTruck(t["charlie_medium"], 6))
    s.apply(LoadTruck(t["bob_small2"], 4))  # rented: Charlie drives it
    s.apply(LoadTruck(t["david"], 4))
    assert s.step == "shipping" and s.crates[DAVID] == 2
    # Shipping, in Muscle order.
    s.apply(SendTruck(t["alice"], BARLEYCORNS))
    s.apply(SendTruck(t["bob_medium"], MOTHERS))
    s.apply(SendTruck(t["bob_small"], BARLEYCORNS))
    s.apply(SendTruck(t["charlie_medium"], BARLEYCORNS))
    s.apply(SendTruck(t["bob_small2"], MOTHERS))
    s.rng = dice([3, 2, 3, 5, 6])  # Mother's 3-2, Barleycorn's 3-5-6
    s.apply(SendTruck(t["charlie_small"], OMALLEYS))
    s.apply(SendTruck(t["david"], MOTHERS))
    docks = {k: (tr.speakeasy, tr.dock) for k in t for tr in s.trucks if tr.id == t[k]}
    assert docks["alice"] == (BARLEYCORNS, MAJORITY)
    assert docks["bob_medium"] == (MOTHERS, MINORITY)
    assert docks["bob_small"] == (BARLEYCORNS, PUBLIC)
    assert docks["charlie_medium"] == (BARLEYCORNS, MINORITY)
    assert docks["bob_small2"] == (MOTHERS, MAJORITY)
    assert docks["david"] == (MOTHERS, MINORITY)
    # David's two unshipped crates are lost at the end of Phase 4.
    assert s.crates == [0, 0, 0, 0]
    # Selling: Alice, Controlling at Barleycorn's, turns Bob's Public Dock truck away.
    assert s.to_act == ALICE and s.decisions.top.kind == "allow"
    s.apply(AllowTruck(False))
    # O'Malley's: Charlie's 4 crates at $1G. (The example pays Bob $2G a crate there, but
    # Bob's trucks went to Mother's and Barleycorn's and O'Malley's pays $1G: rules govern.)
    # Mother's (demand 5): Charlie's rented truck 4 x $2G, Bob's Medium 1 x $2G, David none,
    # no profit (Charlie is Majority only). Barleycorn's (demand 14): Alice 4 x $2G, Charlie
    # 6 x $2G, Alice's margin $1G x 10.
    assert s.cash(ALICE) == 12 + 8 + 10
    assert s.cash(BOB) == 10 + 2
    assert s.cash(CHARLIE) == 8 + 4 + 8 + 12
    assert s.cash(DAVID) == 10
    # The round is over: rented truck back with Bob, crates back in the supply.
    assert s.round_no == 2
    assert next(tr for tr in s.trucks if tr.id == t["bob_small2"]).renter == -1
    assert sum(tr.cargo for tr in s.trucks) == 0
    assert not s.invariants()


def test_deal_refused_changes_nothing(make_table, goto):
    # RULES.md: bl-deals
    """Deals are offers the other Mobster may refuse."""
    s, _ = example_table(make_table, goto)
    s.apply(OfferCrates(BOB, 3))
    s.apply(AskPrice(2))
    s.apply(REFUSE)
    assert s.crates == [7, 6, 14, 6] and s.cash(ALICE) == 10 and s.cash(BOB) == 10


def test_deal_paid_with_a_thug_card(make_table, goto):
    """Deals may be paid with Thug cards (never with influence)."""
    s, t = example_table(make_table, goto)
    s.hands[BOB] = ["moll#1"]
    s.deck.draw_pile.remove("moll#1")
    s.apply(OfferTruck(BOB, t["alice"], True))
    s.apply(AskPrice(-1))
    assert s.legal_actions() == (REFUSE, AcceptDeal("moll"))
    s.apply(AcceptDeal("moll"))
    assert s.hands[ALICE] == ["moll#1"] and s.hands[BOB] == []
    assert next(tr for tr in s.trucks if tr.id == t["alice"]).owner == BOB
    assert not s.invariants()


def test_cannot_accept_without_the_money(make_table, goto):
    # RULES.md: bl-deals
    s, _ = example_table(make_table, goto)
    s.money.burn("seat:1", 9)
    s.apply(OfferCrates(BOB, 3))
    s.apply(AskPrice(2))
    assert s.legal_actions() == (REFUSE,)


def test_a_crate_once_loaded_never_moves_and_no_partial_reload(make_table, goto):
    # RULES.md: bl-loading
    """Phase 4 step 2: a loaded truck takes no more crates."""
    s, t = example_table(make_table, goto)
    goto(s, "loading", [CHARLIE])
    s.apply(LoadTruck(t["charlie_small"], 2))
    assert all(a.truck != t["charlie_small"] for a in s.legal_actions()
               if isinstance(a, LoadTruck))


def test_trucks_go_only_to_open_speakeasies(make_table, goto):
    # RULES.md: bl-shipping
    s, t = example_table(make_table, goto)
    next(tr for tr in s.trucks if tr.id == t["alice"]).cargo = 4
    s.crates = [0, 0, 0, 0]
    goto(s, "shipping", [ALICE])
    targets = {a.speakeasy for a in s.legal_actions()}
    assert targets == {OMALLEYS, MOTHERS, BARLEYCORNS}  # Texas Lil's is still closed
