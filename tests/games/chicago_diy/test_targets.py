"""Playing Chicago DIY from the board: every decision names the picture's elements it acts on
(the draw pile, a henchmen tray, a territory, a card in hand, the discard pile, a marker),
those elements are drawn in the picture of the seat to act, and their ids tell nobody what
a hidden card is."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from tabletop_games.chicago_diy import GAME
from tabletop_games.chicago_diy.actions import (
    ATTACKS,
    DECLINE,
    DISCARDS,
    DRAW,
    END_TURN,
    HIRE,
    HitMan,
    PayCard,
    PlayJoker,
)

from tabletop.agents import random_choice
from tabletop.pictures.targets import element_ids, target_problems
from tabletop.rng import Rng


def _element(svg: str, element: str) -> ET.Element:
    """The element of ``svg`` whose id is ``element`` (fails if it is not drawn)."""
    found = [e for e in ET.fromstring(svg).iter() if e.get("id") == element]
    assert len(found) == 1, f"{element!r} is drawn {len(found)} times"
    return found[0]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_legal_action_targets_elements_drawn_for_the_seat_to_act(players: int) -> None:
    """Over random games, every decision of every kind can be played from the board: it
    names at least one element, and the picture of the seat to act draws each one once."""
    for seed in range(2):
        state = GAME.new_state(players, seed)
        rng = Rng.from_seed(seed, "targets")
        for _ in range(200):
            if state.is_over:
                break
            seat = state.to_act
            assert seat is not None
            untargeted = [state.describe(a) for a in state.legal_actions()
                          if not state.targets(a)]
            assert not untargeted, untargeted
            assert target_problems(state, seat) == [], (seed, state.round)
            state.apply(random_choice(state.legal_actions(), rng))


@pytest.mark.parametrize("players", [2, 4])
def test_pictures_and_their_ids_do_not_change_when_hidden_cards_are_dealt_afresh(
        players: int) -> None:
    """No id (nor anything else in a seat's picture) depends on a card that seat cannot
    see: its picture is the same after the hidden cards are dealt afresh."""
    state = GAME.new_state(players, 7)
    rng = Rng.from_seed(7, "ids")
    for step in range(200):
        if state.is_over:
            break
        if step % 7 == 0:
            for seat in range(players):
                copy = state.determinize(seat, Rng(step * 10 + seat))
                assert copy.picture(seat) == state.picture(seat), (step, seat)
        state.apply(random_choice(state.legal_actions(), rng))


def test_the_three_actions_target_the_draw_pile_the_own_henchmen_and_a_rivals_territory(
        arrange) -> None:
    state = arrange(players=3, hands=[["7H"], ["3C"], []],
                    territories=[["KD"], ["QS"], ["JC"]], henchmen=[2, 1, 0])
    assert state.targets(DRAW) == ("draw-pile",)
    assert state.targets(HIRE) == ("henchmen-1",)
    assert state.targets(ATTACKS["QS"]) == ("territory-qs",)
    assert state.targets(ATTACKS["JC"]) == ("territory-jc",)
    svg = state.picture(0)
    assert _element(svg, "territory-qs").get("data-card") == "QS"
    tray = _element(svg, "henchmen-1")
    assert tray.get("data-count") == "2"
    assert len([t for t in tray.iter() if t.get("data-kind") == "henchman"]) == 2
    assert "face-down" in _element(svg, "draw-pile").get("class", "")
    assert _element(svg, "henchmen-3").get("data-count") == "0"  # drawn, though empty


def test_a_hit_man_targets_the_ace_the_rules_discard_then_the_rivals_henchmen(arrange) -> None:
    state = arrange(players=3, hands=[["7H", "AS", "AD"], ["3C"], []],
                    territories=[[], ["QS"], []], henchmen=[1, 2, 1])
    action = HitMan(1)
    assert state.targets(action) == ("card-as", "henchmen-2")
    assert _element(state.picture(0), "card-as").get("data-card") == "AS"
    state.apply(action)
    assert state.deck.discard_pile[-1] == "AS" and "AD" in state.hands[0]


def test_a_joker_targets_itself_then_the_rivals_territory(arrange) -> None:
    state = arrange(players=2, hands=[["RJ", "BJ"], ["3C"]], territories=[[], ["QS", "JD"]])
    assert state.targets(PlayJoker("BJ", "JD")) == ("card-bj", "territory-jd")
    assert state.targets(PlayJoker("RJ", "QS")) == ("card-rj", "territory-qs")
    svg = state.picture(0)
    assert _element(svg, "card-bj").get("data-card") == "BJ"


def test_paying_targets_the_money_cards_and_declining_the_marker(arrange) -> None:
    """A payment is made by clicking money cards of the hand one at a time; money put down
    for a territory lies in sight (with the territory bought) for the whole table."""
    state = arrange(players=2, hands=[["7H", "9C", "3D"], ["3C"]], top=["QH"])
    state.apply(DRAW)
    assert state.targets(PayCard("7H")) == ("card-7h",)
    state.apply(PayCard("7H"))
    mine, theirs = state.picture(0), state.picture(1)
    assert _element(mine, "card-9c").get("data-card") == "9C"
    for svg in (mine, theirs):  # the territory bought and the $7 put down, face up
        assert _element(svg, "territory-qh").get("data-card") == "QH"
        assert _element(svg, "card-7h").get("data-card") == "7H"
    assert "card-9c" not in element_ids(theirs)


def test_a_refused_hire_and_the_end_of_the_turn_are_markers_for_the_seat_to_act(
        arrange, rig_dice) -> None:
    state = arrange(players=2, hands=[["7H"], ["3C"]])
    rig_dice(state, [2])
    state.apply(HIRE)
    assert state.targets(DECLINE) == ("decline",)
    assert "decline" in element_ids(state.picture(0))
    assert "decline" not in element_ids(state.picture(1))
    state.apply(DECLINE)
    assert state.targets(END_TURN) == ("end-turn",)
    assert _element(state.picture(0), "end-turn").text is None
    assert "End turn" in state.picture(0) and "end-turn" not in state.picture(1)


def test_discarding_for_the_hand_limit_moves_a_card_to_the_discard_pile(arrange) -> None:
    state = arrange(players=2, hands=[["2C", "3C", "4C", "5C", "6C"], ["3H"]], top=["7C"])
    state.apply(DRAW)
    assert state.targets(DISCARDS["7C"]) == ("card-7c", "discard-pile")
    svg = state.picture(0)
    assert _element(svg, "discard-pile").get("data-pile") == "discard"  # empty, still drawn
    assert "end-turn" not in element_ids(svg)


def test_hidden_cards_are_named_by_their_place_never_their_face(arrange) -> None:
    state = arrange(players=3, hands=[["7H", "AS"], ["3C", "RJ"], []],
                    territories=[["KD"], [], ["QS"]])
    svg = state.picture(2)
    ids = element_ids(svg)
    assert "hand-1-card-1" in ids and "hand-2-card-2" in ids
    assert not [i for i in ids if i.startswith("card-")]
    for back in ("hand-1-card-1", "hand-2-card-2"):
        assert _element(svg, back).get("data-card") is None


def test_money_put_down_toward_a_bribe_is_face_down_for_the_table(arrange) -> None:
    state = arrange(players=2, hands=[["BJ", "2H"], ["10C", "10D", "9S"]],
                    territories=[["KD"], ["QS"]], options={"bribe": 20})
    state.apply(PlayJoker("BJ", "QS"))
    assert state.to_act == 1 and state.targets(PayCard("10C")) == ("card-10c",)
    state.apply(PayCard("10C"))
    payer, table = state.picture(1), state.picture(0)
    assert "card-10c" in element_ids(payer) and "decline" in element_ids(payer)
    assert "offered-1" in element_ids(table)
    assert "10C" not in table and "10♣" not in table
