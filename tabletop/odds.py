"""Chances as players read them: the percent shown next to a chance-based option, and the dice
arithmetic behind it.

Every game that rolls or draws for success shows "needs 6 or less on two dice (72%)": the
percent comes from :func:`percent`, which never shows "0%" or "100%" for something that may
go either way, and the dice sums from :func:`dice_at_most` / :func:`dice_at_least`.
"""

from __future__ import annotations

import functools
from fractions import Fraction


def percent(chance: float | Fraction) -> str:
    """A chance as a player reads it, "42%": rounded to a whole percent, but never "0%" or
    "100%" for something that may or may not happen (1% and 99% at the ends)."""
    if chance <= 0:
        return "0%"
    if chance >= 1:
        return "100%"
    return f"{min(99, max(1, round(100 * chance)))}%"


@functools.cache
def _sums(dice: int, faces: int) -> tuple[int, ...]:
    """How many of the ``faces ** dice`` rolls give each total (index: the total)."""
    ways = [1]
    for _ in range(dice):
        nxt = [0] * (len(ways) + faces)
        for total, count in enumerate(ways):
            for face in range(1, faces + 1):
                nxt[total + face] += count
        ways = nxt
    return tuple(ways)


def dice_at_most(target: int, dice: int = 2, faces: int = 6) -> Fraction:
    """The chance that ``dice`` dice of ``faces`` faces total ``target`` or less."""
    counts = _sums(dice, faces)
    hits = sum(counts[: max(0, min(target, len(counts) - 1)) + 1])
    return Fraction(hits, faces ** dice)


def dice_at_least(target: int, dice: int = 2, faces: int = 6) -> Fraction:
    """The chance that ``dice`` dice of ``faces`` faces total ``target`` or more."""
    return 1 - dice_at_most(target - 1, dice, faces)
