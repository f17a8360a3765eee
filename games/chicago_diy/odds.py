"""The chances of Chicago DIY's dice, for the bots and for the words a player reads.

Two things are rolled for success: the hire (one die, 4 or more hires a henchman for free)
and the battle (one die per henchman on each side, the highest single die wins, the defender
wins ties). Both chances are exact fractions of the faces of six-sided dice.
"""

from __future__ import annotations

from functools import lru_cache

#: the lowest roll of the hire die that hires a henchman for free (rulebook: 4, 5 or 6)
FREE_HIRE_ROLL = 4


@lru_cache(maxsize=64)
def win_chance(attackers: int, defenders: int) -> float:
    """Chance that the highest of ``attackers`` dice beats the highest of ``defenders``
    (the defender wins ties); 1 against nobody, 0 with no die to roll."""
    if defenders == 0:
        return 1.0
    return sum(
        ((m / 6) ** attackers - ((m - 1) / 6) ** attackers) * ((m - 1) / 6) ** defenders
        for m in range(1, 7)
    )


def free_hire_chance() -> float:
    """Chance that the hire die shows 4, 5 or 6: a henchman for free."""
    return (7 - FREE_HIRE_ROLL) / 6
