"""The rules' second pass (issue 16): rulings revisited against the card texts."""

from __future__ import annotations

from tabletop_games.bootleggers.actions import PlayThug, React, TakeOffer
from tabletop_games.bootleggers.board import PUBLIC, is_open
from tabletop_games.bootleggers.muscle import new_truck

from .test_thugs import give, lined

A, B, C = range(3)
MOTHERS = 2


def test_big_city_boys_tie_goes_to_the_higher_printed_card(make_table, goto):
    """Big City Boys: "Add 5_ to that Muscle card" [decided +50]. Muscle 12 + 50 equals a
    shown 62: the Muscle is equal, and the higher printed card (62) goes first, as the
    table is told; it is not settled by who sits where. [bl-big-city-boys-tie]"""
    s = make_table(3, muscle=[12, 62, 5])
    give(s, A, "big_city_boys")
    goto(s, "production", [A])
    mark = s.log.total
    s.apply(PlayThug("big_city_boys", A))
    assert s.muscle(A) == s.muscle(B) == 62
    assert s.order == [B, A, C]
    said = [e.text for e in s.log.since(mark) if e.kind == "turn order"]
    assert said and "equal Muscle: the higher printed card goes first" in said[0]


def test_a_favor_truck_never_costs_a_buyer_his_truck(make_table, goto):
    """Call in a Big Favor lends a Large Truck "from Truck supply" for one round; it is a
    loan, so it never makes a Truck card bought in Phase 1 go to waste even when the third
    Large miniature is out on loan. [bl-favor-never-blocks-purchase]"""
    s = make_table(3)
    new_truck(s, B, 9)
    new_truck(s, C, 9)
    new_truck(s, C, 9, favor=True)  # the third Large miniature, lent by a Favor
    s.truck_offer = next(c for c in s.truck_deck.draw_pile if c.startswith("large#"))
    s.truck_deck.draw_pile.remove(s.truck_offer)
    goto(s, "offers", [A])
    s.apply(TakeOffer(-1))
    assert [t.capacity for t in s.trucks if t.owner == A and not t.favor] == [4, 9]
    assert s.cash(A) == 10 - 3


def test_copper_in_the_house_keeps_the_speakeasy_open_all_round(make_table, goto):
    """Copper in the House: "Effectively makes this Speakeasy the same as O'Malley's for a
    single round", and O'Malley's is always open: a Mob War that then takes its men below
    the shaded circles does not close it, and the trucks there still sell every crate at
    $1G. [bl-copper-stays-open]"""
    s = make_table(3, muscle=[30, 20, 10])
    s.influence[MOTHERS] = [2, 2, 0]
    lined(s, C, MOTHERS, PUBLIC, 5)
    give(s, A, "copper_in_the_house")
    give(s, B, "mob_war")
    goto(s, "lined_up", [A, B])
    s.apply(PlayThug("copper_in_the_house", MOTHERS))
    s.apply(React(False))  # Player 2 holds a Thug card, so he is asked
    assert s.to_act == B  # Player 1, with nothing left to play, is done
    mark = s.log.total
    s.apply(PlayThug("mob_war", MOTHERS, A, A))  # 2 men left, 4 shaded; then it sells
    assert s.influence[MOTHERS] == [0, 2, 0]
    sales = [e.text for e in s.log.since(mark) if e.kind == "sale"]
    assert any("Player 3" in t and "5 crates" in t for t in sales)
    assert s.cash(C) == 10 + 5  # every crate bought at $1G


def test_copper_in_the_house_open_whatever_its_men(make_table):
    """[bl-copper-stays-open] The same ruling, on the rule itself."""
    s = make_table(3)
    s.coppered[MOTHERS] = True
    assert is_open(s, MOTHERS) and s.influence[MOTHERS] == [0, 0, 0]


def test_two_players_use_the_base_prices_and_two_offers():
    """[bl-two-players] With 2 Mobsters (our variant) the Real McCoy pays its base $2G + $1G,
    as outside "3- to 5-Mobster games", Volstead Imports stays out, and two Men of Action
    are offered beside the Truck card."""
    from tabletop_games.bootleggers import GAME
    from tabletop_games.bootleggers.board import wholesale
    from tabletop_games.bootleggers.cards import SPEAKEASIES

    s = GAME.new_state(2, 3)
    mccoy = 4
    assert SPEAKEASIES[mccoy].name == "The Real McCoy Antiques"
    assert wholesale(s, mccoy, 0) == 2 and SPEAKEASIES[mccoy].profit(2) == 1
    assert SPEAKEASIES[mccoy].profit(3) == 2 and s.speakeasy_count == 5
    assert sum(1 for c in s.offers if c) == 2 and s.truck_offer
