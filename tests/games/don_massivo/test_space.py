"""The fixed action space, the observation tensor, perturb and the step cap (issue 18 §2)."""

from __future__ import annotations

import pytest
from tabletop_games.don_massivo import GAME
from tabletop_games.don_massivo.space import _STEPS, SPACE, observation_length
from tabletop_games.don_massivo.state import STEPS

from tabletop.rng import Rng


def _walk(players: int, seed: int, steps: int):
    """States of a random game, one per decision, up to ``steps``."""
    st = GAME.new_state(players, seed, None)
    rng = Rng.from_seed(seed, "walk")
    for _ in range(steps):
        if st.is_over:
            return
        yield st
        st.apply(rng.choice(list(st.legal_actions())))


def test_every_legal_action_has_a_number_that_maps_back():
    """Issue 18 §2: the space never grows; every legal action is in it. Issue 26 §2: every
    sum of money up to $99,000 is one action of its own (typed as an amount)."""
    size = GAME.action_space(3, None)
    assert size == len(SPACE) == 4302
    for st in _walk(3, 4, 600):
        for action in st.legal_actions():
            n = st.action_index(action)
            assert 0 <= n < size and st.action_from_index(n) == action


def test_the_tensor_has_its_documented_shape_and_every_step_a_place():
    """The module docstring's layout: OBS_GLOBAL numbers then one row per seat."""
    assert set(_STEPS) == set(STEPS)
    for players in (2, 5):
        (length,) = GAME.observation_shape(players, None)
        assert length == observation_length(players)
        for st in _walk(players, 1, 200):
            assert len(st.observation_tensor(0)) == length
            assert len(st.observation_tensor(None)) == length


def test_the_tensor_holds_nothing_the_seat_cannot_see():
    """Derived from observation(seat): the same under the seat's own determinization."""
    for st in _walk(3, 2, 300):
        for seat in (0, 1, 2):
            det = st.determinize(seat, Rng.from_seed(9))
            assert det.observation_tensor(seat) == st.observation_tensor(seat)


def test_perturb_changes_a_hidden_card_only():
    """A card of another hand swapped with the draw pile: the seat sees the same table."""
    changed = 0
    for st in _walk(3, 3, 150):
        copy = st.perturb(0, Rng.from_seed(5))
        if copy is None:
            continue
        assert copy.observation(0) == st.observation(0)
        assert copy.render(0) == st.render(0)
        changed += copy.hand_g != st.hand_g or copy.hand_s != st.hand_s or \
            copy.down_g != st.down_g
    assert changed > 100


def test_step_cap_follows_the_curfew_option():
    """The cap is the setup plus the curfew's turns at the per-turn bound."""
    assert GAME.step_cap(3, {"max_turns": 20}) < GAME.step_cap(3, {"max_turns": 100})
    assert GAME.step_cap(3, None) == GAME.step_cap(3, {"max_turns": 100})


@pytest.mark.parametrize("players", [2, 4])
def test_scores_lie_within_the_result_bounds(players):
    """Result bounds: money in thousands, never below 0 nor above the declared top."""
    low, high = GAME.result_bounds(players, None)
    st = GAME.new_state(players, 11, None)
    rng = Rng.from_seed(11, "walk")
    while not st.is_over:
        st.apply(rng.choice(list(st.legal_actions())))
    assert all(low <= s <= high for s in st.result().scores)
