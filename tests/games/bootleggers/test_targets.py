"""Playing from the board (targets.py): every legal action names elements its seat's picture
draws, each kind of decision names the right ones, and no id tells a seat what it may not
see."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterator

import pytest
from tabletop_games.bootleggers import GAME
from tabletop_games.bootleggers.actions import (
    END_TURN,
    AcceptDeal,
    AskPrice,
    LoadTruck,
    OfferCrates,
    OfferTruck,
    PickMuscle,
    PlaceDie,
    PlaceImprovement,
    PlaceInfluence,
    PlayThug,
    React,
    RefuseDeal,
    SendTruck,
    TakeOffer,
)
from tabletop_games.bootleggers.board import MAJORITY
from tabletop_games.bootleggers.muscle import new_truck
from tabletop_games.bootleggers.state import BootleggersState

from tabletop.pictures.targets import element_ids, target_problems
from tabletop.rng import Rng

A, B, C = range(3)
TEXAS, MOTHERS = 1, 2


def positions(players: int, seed: int, moves: int = 900) -> Iterator[BootleggersState]:
    """Every position of one random game with a seat to act."""
    s = GAME.new_state(players, seed)
    rng = Rng(seed)
    for _ in range(moves):
        if s.is_over:
            return
        yield s
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (6, 3)])
def test_every_legal_action_names_elements_its_seat_s_picture_draws(players, seed):
    kinds: set[str] = set()
    for k, s in enumerate(positions(players, seed)):
        seat = s.to_act
        assert seat is not None
        if k % 2 == 0 or s.decisions.top is not None:  # every prompt, half the turns
            assert target_problems(s, seat) == [], (s.round_no, s.step)
        for action in s.legal_actions():
            assert s.targets(action), f"{s.describe(action)} cannot be played from the board"
            kinds.add(type(action).__name__)
    # a random game meets the decisions of a normal turn, and every one is on the board
    assert {"PickMuscle", "TakeOffer", "LoadTruck", "SendTruck", "EndTurn",
            "OfferCrates"} <= kinds


@pytest.mark.parametrize(("players", "seed"), [(2, 4), (5, 5)])
def test_a_seat_s_picture_and_ids_are_the_same_in_every_world_it_cannot_tell_apart(players,
                                                                                     seed):
    rng = Rng(99)
    for k, s in enumerate(positions(players, seed, 500)):
        if k % 7:
            continue
        seat = s.to_act
        for viewer in (seat, None):
            assert s.determinize(viewer, rng).picture(viewer) == s.picture(viewer)


@pytest.fixture
def table(make_table, goto) -> BootleggersState:
    """Three Mobsters in Phase 4 with Player 1 to ship: Mother's is open."""
    s = make_table(3, muscle=[30, 20, 10])
    s.influence[MOTHERS] = [2, 1, 1]
    goto(s, "shipping", [A, B, C])
    return s


def test_sending_a_truck_targets_the_truck_then_the_speakeasy(table):
    s = table
    t = new_truck(s, A, 6)
    t.cargo = 4
    s.forget_legal_actions()
    send = SendTruck(t.id, MOTHERS)
    assert send in s.legal_actions()
    assert s.targets(send) == (f"truck-{t.id + 1}", "speakeasy-3")
    svg = s.picture(A)
    assert f'id="truck-{t.id + 1}"' in svg and 'id="speakeasy-3"' in svg


def test_a_truck_keeps_its_id_when_it_moves_to_a_dock(table, lined):
    s = table
    parked = lined(s, B, MOTHERS, MAJORITY, 3)
    root = ET.fromstring(s.picture(A))
    trucks = [e for e in root.iter() if e.get("id") == f"truck-{parked.id + 1}"]
    assert len(trucks) == 1 and trucks[0].get("data-seat") == "2"


def test_placing_men_improvements_and_dice_target_the_speakeasy_or_still(table, goto):
    s = table
    goto(s, "influence", [A])
    assert s.targets(PlaceInfluence(TEXAS)) == ("speakeasy-2",)
    assert s.targets(PlaceImprovement(MOTHERS)) == ("speakeasy-3",)
    assert s.targets(PlaceImprovement(-1)) == ("back-room-1",)
    assert s.targets(PlaceDie(0)) == ("still-1-family",)
    assert s.targets(PlaceDie(1)) == ("remote-still-1",)
    assert s.targets(END_TURN) == ("done",)
    # each seat's own Done marker; a spectator has none
    assert element_ids(s.picture(A)).count("done") == 1
    assert "done" not in element_ids(s.picture(None))


def test_muscle_cards_and_offers_are_clicked_by_name_and_space(make_table, goto):
    s = GAME.new_state(3, 1)
    seat = s.to_act
    card = s.muscle_hands[seat][0]
    assert s.targets(PickMuscle(card)) == (f"muscle-{card}",)
    assert f'id="muscle-{card}"' in s.picture(seat)
    assert f'id="muscle-{card}"' not in s.picture((seat + 1) % 3)
    assert s.targets(TakeOffer(-1)) == ("offer-truck",)
    assert s.targets(TakeOffer(2)) == ("offer-3",)


def test_thug_cards_target_the_card_then_what_they_hit(table, give, goto):
    s = table
    give(s, A, "hit")
    give(s, A, "moll")
    give(s, A, "hit")
    goto(s, "influence", [A])
    hit = PlayThug("hit", MOTHERS, B)
    assert hit in s.legal_actions()
    assert s.targets(hit) == ("thug-hit", "speakeasy-3")
    assert s.targets(PlayThug("moll", C)) == ("thug-moll", "seat-3")
    ids = element_ids(s.picture(A))
    assert {"thug-hit", "thug-hit-2", "thug-moll"} <= set(ids)
    # another seat sees them face down, named by their place only
    other = element_ids(s.picture(B))
    assert "thug-hit" not in other and "hand-1-thug-1" in other
    assert not [i for i in other if "moll" in i or "hit" in i]


def test_deals_target_the_partner_s_row(table, goto):
    s = table
    s.crates[A] = 3
    goto(s, "deals", [A])
    t = new_truck(s, A, 4)
    s.forget_legal_actions()
    assert OfferCrates(C, 2) in s.legal_actions()
    assert s.targets(OfferCrates(C, 2)) == ("seat-3",)
    assert s.targets(OfferTruck(B, t.id, True)) == (f"truck-{t.id + 1}", "seat-2")
    s.apply(OfferCrates(C, 2))
    assert s.targets(AskPrice(3)) == ("seat-3",)  # the price: at the partner's row again
    s.apply(AskPrice(0))
    assert s.to_act == C
    assert s.targets(AcceptDeal()) == s.targets(RefuseDeal()) == ("seat-1",)
    assert target_problems(s, C) == []


def test_loading_targets_the_truck(table, goto):
    s = table
    s.crates[A] = 5
    goto(s, "loading", [A])
    t = new_truck(s, A, 6)
    s.forget_legal_actions()
    loads = [a for a in s.legal_actions() if isinstance(a, LoadTruck) and a.truck == t.id]
    assert loads and {s.targets(a) for a in loads} == {(f"truck-{t.id + 1}",)}


def test_letting_a_thug_card_stand_is_done_and_cancelling_is_the_investigation(table, give):
    s = table
    give(s, B, "investigation")
    assert s.targets(React(False)) == ("done",)
    assert s.targets(React(True)) == ("thug-investigation",)
