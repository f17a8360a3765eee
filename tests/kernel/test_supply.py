"""Supply: transfers conserve units; only mint and burn change the total, and they are counted."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.components import InsufficientFunds, Supply


def test_transfer_moves_exactly_and_refuses_overdrafts_without_change() -> None:
    money = Supply("money", {"bank": 100, "seat:0": 5})
    money.transfer("bank", "seat:0", 20)
    assert money["seat:0"] == 25 and money["bank"] == 80
    with pytest.raises(InsufficientFunds):
        money.transfer("seat:0", "seat:1", 26)
    assert money.holdings == {"bank": 80, "seat:0": 25}


def test_pay_what_you_can_never_goes_into_debt() -> None:
    money = Supply("money", {"seat:0": 3})
    assert money.pay_what_you_can("seat:0", "seat:1", 5) == 3
    assert money["seat:0"] == 0 and money["seat:1"] == 3
    assert money.pay_what_you_can_to_bank("seat:1", 2) == 2 and money.burned == 2


def test_mint_and_burn_are_the_only_ways_to_change_the_total() -> None:
    money = Supply("money")
    money.mint("seat:0", 50)
    money.burn("seat:0", 10)
    assert money.total() == 40 and money.check() == []
    money.holdings["seat:0"] += 1  # a rules bug that makes money out of nothing
    assert money.check() != []


@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 30)),
                max_size=50))
def test_random_transfers_conserve_units(moves: list[tuple[int, int, int]]) -> None:
    supply = Supply("crates", {f"h{i}": 25 for i in range(4)})
    for source, target, n in moves:
        try:
            supply.transfer(f"h{source}", f"h{target}", n)
        except InsufficientFunds:
            pass
        assert supply.total() == 100 and supply.check(100) == []
    assert all(v >= 0 for v in supply.holdings.values())


def test_negative_amounts_are_refused() -> None:
    supply = Supply("money", {"a": 5})
    for call in (lambda: supply.transfer("a", "b", -1), lambda: supply.mint("a", -1),
                 lambda: supply.burn("a", -1)):
        with pytest.raises(ValueError):
            call()
