"""Dice: n dice of any faces, their sum and their highest die."""

from __future__ import annotations

import pytest

from tabletop.components import Dice, d6
from tabletop.rng import Rng


def test_roll_gives_one_value_per_die_within_the_faces() -> None:
    rng = Rng.from_seed(2)
    for _ in range(200):
        roll = Dice(3, 8).roll(rng)
        assert len(roll) == 3 and all(1 <= v <= 8 for v in roll)


def test_sum_and_highest_match_the_roll() -> None:
    dice = Dice(4, 6)
    assert dice.roll_sum(Rng.from_seed(9)) == sum(dice.roll(Rng.from_seed(9)))
    assert dice.roll_highest(Rng.from_seed(9)) == max(dice.roll(Rng.from_seed(9)))


def test_two_d6_covers_2_to_12_and_no_dice_is_zero() -> None:
    rng = Rng.from_seed(5)
    assert {Dice(2).roll_sum(rng) for _ in range(2000)} == set(range(2, 13))
    assert Dice(0).roll_highest(rng) == 0
    assert {d6(rng) for _ in range(300)} == set(range(1, 7))


def test_bad_dice_are_refused() -> None:
    with pytest.raises(ValueError):
        Dice(-1)
    with pytest.raises(ValueError):
        Dice(1, 0)
