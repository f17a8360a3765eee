"""The fixed action space, the observation tensor, perturb and the bounds (numbering.py)."""

from __future__ import annotations

import pytest
from tabletop_games.bootleggers import GAME
from tabletop_games.bootleggers.actions import END_TURN, LoadTruck, OfferTruck, PickMuscle, PlayThug
from tabletop_games.bootleggers.space import TRUCK_SLOTS, space_size, tensor_length

from tabletop.rng import Rng


def test_every_action_of_random_games_numbers_and_back_within_a_fixed_space():
    # RULES.md: bl-action-space
    size = GAME.action_space(4, None)
    for seed in (1, 2):
        s = GAME.new_state(4, seed)
        rng = Rng.from_seed(seed, "walk")
        while not s.is_over:
            legal = s.legal_actions()
            numbers = [s.action_index(a) for a in legal]
            assert len(set(numbers)) == len(numbers)
            assert all(0 <= n < size for n in numbers)
            assert [s.action_from_index(n) for n in numbers] == list(legal)
            s.apply(legal[rng.below(len(legal))])
    assert size == space_size() == GAME.action_space(2, None)


def test_trucks_are_numbered_by_their_place_not_their_id(make_table):
    """Favor trucks get new ids all game; the space names a truck by its place (at most
    the 20 miniatures are in play), so it never grows."""
    s = make_table(2)
    s.trucks[0].id = 999
    a = LoadTruck(999, 3)
    n = s.action_index(a)
    assert n == s.action_index(LoadTruck(s.trucks[0].id, 3)) and s.action_from_index(n) == a
    assert TRUCK_SLOTS == 22
    # a place with no truck decodes to an action that is simply not legal
    far = s.action_index(OfferTruck(1, 999, True)) + 2 * (TRUCK_SLOTS - 1)
    assert s.action_from_index(far).truck < 0


def test_bad_numbers_and_foreign_actions_are_refused():
    s = GAME.new_state(2, 1)
    with pytest.raises(ValueError):
        s.action_from_index(space_size())
    with pytest.raises(ValueError):
        s.action_index(PlayThug("no_such_card"))
    with pytest.raises(ValueError):
        s.action_index(PickMuscle(0))
    assert s.action_from_index(s.action_index(END_TURN)) == END_TURN


def test_tensor_has_the_declared_shape_and_hides_what_the_seat_cannot_see():
    # RULES.md: bl-determinize
    s = GAME.new_state(3, 4)
    assert GAME.observation_shape(3, None) == (tensor_length(3),)
    mine = s.observation_tensor(0)
    assert len(mine) == tensor_length(3) == len(s.observation_tensor(None))
    assert s.determinize(0, Rng.from_seed(9)).observation_tensor(0) == mine
    s.muscle_hands[1], s.muscle_hands[2] = s.muscle_hands[2], s.muscle_hands[1]
    assert s.observation_tensor(0) == mine  # another's hand is not in it
    s.muscle_hands[0] = s.muscle_hands[0][1:]
    assert s.observation_tensor(0) != mine  # one's own hand is


def test_perturb_swaps_two_hidden_deck_cards_and_nothing_else():
    s = GAME.new_state(2, 5)
    other = s.perturb(0, Rng.from_seed(3))
    assert other is not None
    assert other.deck.draw_pile != s.deck.draw_pile
    assert sorted(other.deck.draw_pile) == sorted(s.deck.draw_pile)
    assert other.observation(0) == s.observation(0)


def test_bounds_hold_the_rules_limits():
    # RULES.md: bl-step-cap, bl-result-bounds
    """RULES.md, End of the game: the cap and the money bound follow from the rules."""
    assert GAME.step_cap(4, GAME.make_options({"short_game": True})) == 8 * 4 * 400
    assert GAME.step_cap(4, None) == 12 * 4 * 400
    assert GAME.result_bounds(4, None) == (0.0, 820.0)
