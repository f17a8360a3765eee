"""The invariants (checks.py) catch every kind of tampering with a position, one test each,
and never raise themselves."""

from __future__ import annotations

import pytest
from tabletop_games.bootleggers import GAME


@pytest.fixture
def s():
    state = GAME.new_state(4, 3)
    assert state.invariants() == []
    return state


def problems(state) -> str:
    return " | ".join(state.invariants())


def test_a_men_of_action_card_in_two_places(s):
    s.hands[1].append(s.deck.draw_pile[0])
    assert f"Men of Action card {s.deck.draw_pile[0]} is in 2 places" in problems(s)


def test_a_lost_men_of_action_card(s):
    s.deck.draw_pile.pop()
    assert "79 distinct in play, not the 80" in problems(s)


def test_the_same_muscle_card_in_two_hands(s):
    card = s.muscle_hands[0][0]
    s.muscle_hands[2][0] = card
    assert f"Muscle card {card} is held by Player 3 and Player 1 too" in problems(s)


def test_a_face_down_muscle_card_that_is_not_in_the_hand(s):
    s.sealed.commit(0, s.muscle_hands[1][0])
    assert "Player 1's face-down Muscle" in problems(s)


def test_negative_counters(s):
    s.crates[2] = -1
    s.money.holdings["seat:1"] = -4
    s.money.minted -= 14
    found = problems(s)
    assert "Player 3 has -1 crates" in found and "a holder is negative" in found


def test_more_men_than_the_colour_has(s):
    s.back_influence[0] = 25
    assert "Player 1 uses 25 influence markers" in problems(s)


def test_an_unknown_step(s):
    s.step = "siesta"
    assert "unknown step 'siesta'" in problems(s)


def test_a_seat_to_act_that_does_not_exist(s):
    s.sealed.revealed = True
    s.step, s.queue = "influence", [7]
    assert "queue names seat 8, which does not exist" in problems(s)
    assert "seat 8 is to act and does not exist" in problems(s)


def test_lists_of_the_wrong_length_for_the_player_count(s):
    s.crates.append(0)
    s.influence[3] = [0, 0]
    found = problems(s)
    assert "crates has 5 entries for 4 seats" in found
    assert "an influence row is not 4 seats long" in found


def test_a_truck_overloaded_or_owned_by_nobody(s):
    s.trucks[0].cargo = 5
    s.trucks[1].owner = 9
    found = problems(s)
    assert "truck #1 carries 5 of 4 crates" in found
    assert "truck #2 names a seat that does not exist" in found


def test_it_never_raises_on_a_state_too_broken_to_read(s):
    s.influence = None
    found = s.invariants()
    assert len(found) == 1 and found[0].startswith("the position cannot be checked: TypeError")
