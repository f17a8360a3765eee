"""How well a seat stands, from 0 (lost) to 1 (won): ``State.evaluate`` for search agents.

A seat's strength is its progress to the victory rule in force (the Racket score against
the target, or Crooks and Rackets against all foes) plus a little for the Mob that will take
the next Rackets: its Crooks' Power and, for the seat itself only, its treasury (rivals'
treasuries are hidden, "Money"). The evaluation is the seat's share of the strength of all
Mobs still in the game, so it rises with the seat's own standing and falls as a rival's
rises. Everything read here is public or the seat's own.
"""

from __future__ import annotations

from games.crime_lords import mob, victory
from games.crime_lords.state import CrimeLordsState

#: what a point of Power in a Mob is worth next to a whole Racket score point
POWER_WEIGHT = 0.08
#: what a G of the seat's own treasury is worth next to a Racket score point
MONEY_WEIGHT = 0.01
#: every living Mob's floor, so a Mob with nothing yet still has a share
FLOOR = 1.0


def progress(s: CrimeLordsState, seat: int) -> float:
    """The seat's progress to victory, in Racket score points (or their equivalent)."""
    if s.options.victory == "more_than_all":
        return 0.5 * (len(s.mobs[seat]) + len(s.rackets[seat]))
    return float(victory.score(s, seat))


def strength(s: CrimeLordsState, seat: int, viewer: int) -> float:
    """The seat's strength as ``viewer`` can judge it (0 for a Mob out of the game)."""
    if not s.alive[seat]:
        return 0.0
    power = sum(mob.power(s, c) for c in s.mobs[seat].cell)
    own = MONEY_WEIGHT * max(0, s.money[seat]) if seat == viewer else 0.0
    return FLOOR + progress(s, seat) + POWER_WEIGHT * power + own


def evaluate(s: CrimeLordsState, seat: int) -> float:
    """1 for a winner (a shared victory splits it), 0 for a loser at the end; before it,
    the seat's share of all living Mobs' strength."""
    if s.is_over:
        return 1.0 / len(s.winners) if seat in s.winners else 0.0
    if s.phase in ("auction", "boss", "layout"):
        return 1.0 / s.players
    mine = strength(s, seat, seat)
    total = mine + sum(strength(s, p, seat) for p in range(s.players) if p != seat)
    return mine / total if total > 0 else 0.0
