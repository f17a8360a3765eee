"""The wage question of a large gang short of money ("Sequence of Play" 2, [cl-pay]): answers
are compared without searching every order of payment, and only answers that end alike are
merged."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tabletop_games.crime_lords import GAME, flow
from tabletop_games.crime_lords.state import CrimeLordsState


def paying(due: dict[int, int], got: list[int], have: int) -> CrimeLordsState:
    """A two-player table where Player 2 is paying his gang: ``due`` G still owed by Crook,
    ``got`` the Crooks paid something already, ``have`` G in hand."""
    s = GAME.new_state(2, 1)
    s.pay_due, s.pay_got, s.money[1] = dict(due), list(got), have
    return s


def endings_of(s: CrimeLordsState, crook: int, amount: int) -> frozenset[Any]:
    """Every way the payment can end after the answer (crook, amount): the full search."""
    due, got, have = tuple(s.pay_due.items()), frozenset(s.pay_got), s.money[1]
    return flow._endings(*flow._after(due, got, have, crook, amount))


# rules: cl-pay
def test_ten_crooks_owed_are_asked_without_searching_every_order(monkeypatch: Any) -> None:
    """Found in a search's rollout: ten Crooks owed 25 G with 21 G in hand. Comparing every
    order took over three minutes; the answers now come from a few dozen looks at the
    options (the old search makes millions and fails here at once)."""
    looks = 0
    options = flow._options

    def counted(*args: Any) -> list[tuple[int, int]]:
        nonlocal looks
        looks += 1
        assert looks < 10_000, "the wage question searches every order of payment"
        return options(*args)

    monkeypatch.setattr(flow, "_options", counted)
    flow._endings.cache_clear()
    due = {3: 5, 14: 3, 16: 3, 13: 4, 24: 2, 29: 2, 33: 1, 20: 3, 30: 1, 35: 1}
    answers = flow.pay_options(paying(due, [], 21), 1)
    # every Crook may be paid in full or get 1 G: nothing is alike while 21 G can go anywhere
    assert len(answers) == 17 and (3, 5) in answers and (3, 1) in answers
    assert looks < 100


# rules: cl-pay
def test_seven_crooks_owed_two_answers_alike_are_one() -> None:
    """The rulebook-sized example inside a large gang: five Crooks already short-paid are
    owed more than the 2 G left, so only Rosa (owed 3) and Kid (owed 4) can get anything;
    1 G to either first ends the same (both get 1 G), so there is one answer and no
    question."""
    due = {1: 5, 2: 5, 3: 6, 4: 7, 5: 5, 10: 3, 11: 4}
    s = paying(due, [1, 2, 3, 4, 5], 2)
    assert flow.pay_options(s, 1) == [(10, 1)]
    assert not flow.pay_question(s, 1)


# rules: cl-pay
@settings(max_examples=60, deadline=None)
@given(dues=st.lists(st.integers(1, 4), min_size=flow.EXACT_OWED + 1,
                     max_size=flow.EXACT_OWED + 1),
       touched=st.sets(st.integers(0, flow.EXACT_OWED)), spare=st.integers(1, 30))
def test_a_large_gangs_answers_merge_only_answers_that_end_alike(
        dues: list[int], touched: set[int], spare: int) -> None:
    """Seven Crooks owed (one more than the full search takes): every answer the full search
    would offer is offered, and an answer left out ends exactly as an offered one does."""
    have = min(spare, sum(dues) - 1)
    s = paying({10 + i: d for i, d in enumerate(dues)}, [10 + i for i in touched], have)
    offered = flow.pay_options(s, 1)
    raw = flow._options(tuple(s.pay_due.items()), frozenset(s.pay_got), have)
    first: dict[frozenset[Any], tuple[int, int]] = {}
    for answer in raw:
        first.setdefault(endings_of(s, *answer), answer)
    assert set(first.values()) <= set(offered) <= set(raw)
    kept = {endings_of(s, *answer) for answer in offered}
    assert all(endings_of(s, *answer) in kept for answer in raw)


# rules: cl-pay
@pytest.mark.parametrize("owed", [2, flow.EXACT_OWED])
def test_a_small_gang_is_compared_by_every_ending(owed: int) -> None:
    """Up to six Crooks owed, answers are merged exactly when they end alike: 1 G left and
    Crooks owed 2 G each, any one of them may have it, and each ends differently."""
    s = paying({10 + i: 2 for i in range(owed)}, [], 1)
    assert flow.pay_options(s, 1) == [(10 + i, 1) for i in range(owed)]
