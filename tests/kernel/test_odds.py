"""Chances as players read them (tabletop.odds)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tabletop.odds import dice_at_least, dice_at_most, percent


@pytest.mark.parametrize(("chance", "text"), [
    (0, "0%"), (1, "100%"), (Fraction(1, 1000), "1%"), (0.999, "99%"), (0.5, "50%"),
    (Fraction(26, 36), "72%"), (-0.5, "0%"), (1.5, "100%")])
def test_percent_never_rounds_a_possible_thing_to_certain(chance: float, text: str) -> None:
    assert percent(chance) == text


def test_two_dice_as_the_table_counts_them() -> None:
    assert dice_at_most(6) == Fraction(15, 36)
    assert dice_at_most(7) == Fraction(21, 36)
    assert dice_at_most(12) == 1 and dice_at_most(1) == 0 and dice_at_most(-4) == 0
    assert dice_at_least(11) == Fraction(3, 36) and dice_at_least(2) == 1
    assert dice_at_least(4, dice=1) == Fraction(1, 2)
    assert dice_at_most(30, dice=3) == 1
