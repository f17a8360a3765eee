"""Dice rolled from the state's own :class:`~tabletop.rng.Rng`."""

from __future__ import annotations

import attrs

from tabletop.rng import Rng


@attrs.frozen
class Dice:
    """``count`` dice of ``faces`` sides each, numbered 1..faces."""

    count: int = attrs.field(default=1, validator=attrs.validators.ge(0))
    faces: int = attrs.field(default=6, validator=attrs.validators.ge(1))

    def roll(self, rng: Rng) -> tuple[int, ...]:
        """One roll: a value per die, in rolling order."""
        return tuple(1 + rng.below(self.faces) for _ in range(self.count))

    def roll_sum(self, rng: Rng) -> int:
        """The total of one roll (2d6 for the Crime Lords success roll)."""
        return sum(self.roll(rng))

    def roll_highest(self, rng: Rng) -> int:
        """The highest single die of one roll (0 for no dice), as Chicago DIY battles use."""
        return max(self.roll(rng), default=0)


def d6(rng: Rng) -> int:
    """One six-sided die."""
    return 1 + rng.below(6)
