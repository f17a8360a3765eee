"""Decisions (a prompt stack) and SealedChoice (simultaneous choices committed in turn)."""

from __future__ import annotations

import pytest

from tabletop.components import Decisions, SealedChoice


def test_the_top_prompt_is_answered_first() -> None:
    stack = Decisions()
    stack.push(0, "attack", target=3)
    stack.push(2, "bribe", amount=50)
    assert stack.top is not None and stack.top.seat == 2 and stack.top.get("amount") == 50
    assert stack.pop().kind == "bribe"
    assert stack.top is not None and stack.top.get("target") == 3
    assert stack.top.get("missing", "default") == "default"


def test_sealed_choice_hides_commitments_until_the_reveal() -> None:
    bids = SealedChoice([2, 0, 1])
    assert bids.waiting_for == 2
    bids.commit(2, 30)
    assert bids.view(0) == {"committed": [2], "waiting_for": 0}
    assert bids.view(2)["own"] == 30
    with pytest.raises(ValueError):
        bids.commit(1, 5)  # not seat 1's turn to commit
    with pytest.raises(ValueError):
        bids.value_of(2)
    with pytest.raises(ValueError):
        bids.reveal()
    bids.commit(0, 10)
    bids.commit(1, 20)
    assert bids.complete and bids.reveal() == {2: 30, 0: 10, 1: 20}
    assert bids.view(None)["values"] == {"2": 30, "0": 10, "1": 20}


def test_clones_are_independent() -> None:
    stack, choice = Decisions(), SealedChoice([0, 1])
    stack_copy, choice_copy = stack.clone(), choice.clone()
    stack.push(1, "x")
    choice.commit(0, 1)
    assert not stack_copy and not choice_copy.has_committed(0)
