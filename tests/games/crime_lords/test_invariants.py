"""invariants() catches each kind of tampering with a saved position, and never raises."""

from __future__ import annotations

import pytest
from tabletop_games.crime_lords import GAME
from tabletop_games.crime_lords.scenario import blank, boss, card, racket, special, sub
from tabletop_games.crime_lords.state import DECK


def _sound():
    s = blank(3, ("old_family", "carnival_boys", "downtowners"))
    boss(s, 0, "mom_parker")
    sub(s, 0, "kid_cobb", "mom_parker", (1, 0))
    boss(s, 1, "judge_cohen")
    boss(s, 2, "big_sal")
    racket(s, 1, "north_numbers")
    special(s, 2, "payday_1")
    assert s.invariants() == []
    return s


def test_a_fresh_game_and_a_scenario_are_sound() -> None:
    assert GAME.new_state(4, 2).invariants() == []
    _sound()


def test_a_card_held_in_two_places() -> None:
    s = _sound()
    s.rackets[2].append(card("north_numbers"))
    assert any("North Side Numbers is in two places" in p for p in s.invariants())


def test_a_special_in_a_hand_and_the_deck() -> None:
    s = _sound()
    s.draw_pile.append(card("payday_1"))
    assert any("Payday is in two places: deck, hand2" in p for p in s.invariants())


def test_a_card_whose_place_and_loc_disagree() -> None:
    s = _sound()
    s.loc[card("north_numbers")] = DECK
    assert any("North Side Numbers is in rackets1 but loc says -1" in p for p in s.invariants())


@pytest.mark.parametrize(("field", "words"), [
    ("money", "Player 2 has negative money (-3 G)"),
    ("bid_money", "Player 2 has negative bidding money (-3 G)"),
])
def test_negative_money(field: str, words: str) -> None:
    s = _sound()
    getattr(s, field)[1] = -3
    assert words in s.invariants()


def test_negative_markers() -> None:
    s = _sound()
    s.unhappy[card("kid_cobb")] = -1
    assert "Kid Cobb has a negative number of markers" in s.invariants()
    s = _sound()
    s.pbonus[card("kid_cobb")] = -2
    assert "Kid Cobb has a negative number of markers" in s.invariants()


def test_a_high_bid_beyond_the_bidders_money() -> None:
    s = GAME.new_state(2, 3)
    s.auc_high, s.auc_leader = 30, 0
    assert any("the high bid (30 G) is more than Player 1's bidding money" in p
               for p in s.invariants())


def test_an_unknown_phase() -> None:
    s = _sound()
    s.phase = "siesta"
    assert "unknown phase 'siesta'" in s.invariants()


@pytest.mark.parametrize("seat", [-1, 3, 7])
def test_a_seat_to_act_out_of_range(seat: int) -> None:
    s = _sound()
    s.actor = seat
    assert f"the seat to act ({seat}) is not one of the 3 seats" in s.invariants()


def test_a_turn_for_a_seat_that_does_not_exist() -> None:
    s = _sound()
    s.current = 5
    assert "the seat whose turn it is (5) is not one of the 3 seats" in s.invariants()


@pytest.mark.parametrize("field", ["money", "alive", "rackets", "mob_of", "bid_money"])
def test_per_seat_lists_of_the_wrong_length(field: str) -> None:
    s = _sound()
    value = getattr(s, field)
    value.append(value[0])
    problems = s.invariants()
    assert f"{field} has 4 entries for 3 players" in problems


def test_per_card_lists_of_the_wrong_length() -> None:
    s = _sound()
    s.tokens.pop()
    assert any(p.startswith("tokens has ") and "entries for" in p for p in s.invariants())


def test_two_players_with_one_mob_card() -> None:
    s = _sound()
    s.mob_of[2] = s.mob_of[0]
    assert "two players hold the same Mob card" in s.invariants()


def test_a_crook_kept_on_three_markers() -> None:
    s = _sound()
    s.unhappy[card("kid_cobb")] = 3
    assert "Player 1 keeps a Crook with three Unhappy markers" in s.invariants()


def test_a_state_too_broken_to_examine_is_reported_not_raised() -> None:
    s = _sound()
    s.uncontrolled.append(10_000)        # no such card
    problems = s.invariants()
    assert len(problems) == 1 and problems[0].startswith("the position cannot be examined")
