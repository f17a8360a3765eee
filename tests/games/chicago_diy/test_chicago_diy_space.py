"""A fixed action space (payments one money card at a time) and the observation as numbers."""

from __future__ import annotations

import pytest
from tabletop_games.chicago_diy import GAME
from tabletop_games.chicago_diy.actions import DECLINE, DRAW, PayCard, PlayJoker
from tabletop_games.chicago_diy.space import length

from tabletop.errors import IllegalAction


# rule: ch-action-space
def test_the_action_space_is_fixed_and_numbers_every_action_both_ways() -> None:
    assert [GAME.action_space(n, None) for n in (2, 5)] == [120, 123]
    state = GAME.new_state(3, 1)
    for n in range(GAME.action_space(3, None)):
        assert state.action_index(state.action_from_index(n)) == n
    assert state.legal_indices() == [state.action_index(a) for a in state.legal_actions()]


# rule: ch-payment, ch-payment-steps
def test_no_card_to_spare_is_kept_one_step_at_a_time(arrange, pay, payment_sets) -> None:
    """[decided] Paying: no change, and no card that is not needed: with $2 and $10 a Jack
    ($10) is paid with the $10 alone, so the $2 is never offered."""
    s = arrange(hands=[["2C", "10C"], []], top=["JS"])
    s.apply(DRAW)
    assert s.legal_actions() == (PayCard("10C"),)
    with pytest.raises(IllegalAction):
        s.apply(PayCard("2C"))
    assert payment_sets(s) == {(10,)}


# rule: ch-payment-steps, ch-bribe-face-down
def test_a_bribe_paid_step_by_step_stays_face_down_and_can_still_be_refused(arrange,
                                                                           pay) -> None:
    """Jokers: the bribe is handed over face down; a victim who stops paying keeps the
    money put forward and loses the territory (option bribe=30)."""
    s = arrange(hands=[["RJ"], ["10C", "10D", "10H", "4S"]], territories=[[], ["QS"]],
                options={"bribe": 30})
    s.apply(PlayJoker("RJ", "QS"))
    pay(s, "10C")
    assert s.observation(1)["offered"] == ["10C"]
    assert s.observation(0)["offered"] == [] and s.observation(0)["offered_count"] == 1
    assert s.observation_tensor(0) == s.determinize(0, s.rng.fork("t")).observation_tensor(0)
    assert "10♦" not in s.describe_public(PayCard("10D"))
    s.apply(DECLINE)
    assert s.hands[1] == ["10C", "10D", "10H", "4S"] and s.territories[1] == []
    assert s.offered == []


# rule: ch-tensor
@pytest.mark.parametrize("players", [2, 5])
def test_the_tensor_has_its_documented_length(players: int) -> None:
    state = GAME.new_state(players, 4)
    assert GAME.observation_shape(players, None) == (length(players),)
    assert len(state.observation_tensor(0)) == 54 * (4 + players) + 5 * players + 11
    assert all(0.0 <= x <= 1.0 for x in state.observation_tensor(None))
