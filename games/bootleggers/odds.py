"""The chances a player reads beside an option that the dice decide: the demand a truck
meets at a Speakeasy, a Moll's or Recruiting's roll, the Copper's 5.

Each says the sum that makes its target in the order of the rulebook's own arithmetic (the
demand is the dice plus one per improvement on each die, and it is met dock by dock: the
crates ahead first, then yours) and the chance in percent; when the dice cannot change the
outcome, it says why in words instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine import seat_label
from tabletop.odds import dice_at_least, percent

from .board import PUBLIC, holder
from .cards import SPEAKEASIES

if TYPE_CHECKING:
    from .board import Truck
    from .state import BootleggersState


def _counted(n: int, one: str, many: str) -> str:
    """``1 crate``, ``3 crates``: a count and its noun (this module speaks below
    :mod:`tabletop_games.bootleggers.words`, which quotes it)."""
    return f"{n} {one if n == 1 else many}"


def at_least(dice: int, target: int) -> float:
    """The chance that ``dice`` dice show ``target`` or more."""
    return float(dice_at_least(target, dice))


def demand_dice(s: BootleggersState, i: int) -> tuple[int, int]:
    """Speakeasy ``i``'s demand dice this round (Thirsty included) and what its
    improvements add to the roll (one per marker on each die)."""
    dice = SPEAKEASIES[i].dice + s.extra_dice[i]
    return dice, dice * s.improvements[i]


def crates_ahead(s: BootleggersState, i: int, dock: int) -> int:
    """Crates that sell before a truck arriving now at ``dock`` of ``i``: those at higher
    docks and those already at the same dock."""
    return sum(t.cargo for t in s.trucks if t.speakeasy == i and t.dock >= dock)


# bl-send-odds
def sending(s: BootleggersState, seat: int, truck: Truck, i: int, dock: int) -> str:
    """What the dice decide for ``truck`` sent to the ``dock`` of Speakeasy ``i``, as the
    docks stand now (empty where no dice are rolled: O'Malley's buys every crate)."""
    d = SPEAKEASIES[i]
    if d.unlimited or s.coppered[i]:
        return "it buys every crate"
    who, _ = holder(s, i)
    permit = ""
    if dock == PUBLIC:
        if who < 0:
            return ("nothing sells there: nobody holds Majority, so nobody may let the Public "
                    "Dock sell")
        if who != seat:
            permit = f", if {seat_label(who)} lets the Public Dock sell"
    dice, bonus = demand_dice(s, i)
    ahead = crates_ahead(s, i, dock)
    n = truck.cargo
    show = "its demand die shows" if dice == 1 else f"its {dice} demand dice show"
    every = "the crate sells" if n == 1 else f"all {n} sell"
    target = ahead + n - bonus
    some = ahead + 1 - bonus
    if target <= dice:
        return f"{every} whatever the dice show{permit}"
    if some > 6 * dice:
        return (f"none can sell: the {_counted(ahead, 'crate', 'crates')} ahead take the most demand, "
                f"{6 * dice}" + (f" + {bonus} for improvements" if bonus else "")
                + f" on {_counted(dice, 'die', 'dice')}")
    if some <= dice:
        some_text = "some sell whatever the dice show"
    else:
        some_text = f"some sell if {show} {some} or more ({percent(at_least(dice, some))})"
    if target > 6 * dice:
        return (f"not all {n} can sell, at most {6 * dice + bonus - ahead} on the highest "
                f"roll; {some_text}{permit}")
    terms = (f"{ahead} ahead + your {n}" if ahead else f"your {n}") + (
        f" - {bonus} for improvements" if bonus else "")
    text = f"{every} if {show} {target} or more ({percent(at_least(dice, target))})"
    if ahead or bonus:
        text += f": {terms}"
    if n > 1 and some > dice:
        text += f"; some sell on {some} or more ({percent(at_least(dice, some))})"
    return text + permit


def copper_shuts(dice: int) -> str:
    """The chance the Copper shuts a Family Still of ``dice`` dice: a 5 on any of them."""
    return percent(1 - (5 / 6) ** dice)


def recruits(s: BootleggersState, seat: int) -> str:
    """Recruiting's die for ``seat``: how many of the new men he gets, roll by roll."""
    got: dict[int, list[int]] = {}
    for roll in range(1, 7):
        takers = [seat]
        while len(takers) < roll:
            takers += s.order
        got.setdefault(takers[:roll].count(seat), []).append(roll)
    parts = []
    for count, rolls in sorted(got.items()):
        faces = str(rolls[0]) if len(rolls) == 1 else f"{rolls[0]}-{rolls[-1]}"
        parts.append(f"{_counted(count, 'man', 'men')} on {faces} ({percent(len(rolls) / 6)})")
    return "he gets " + ", ".join(parts)
