"""How good a position is for a Mobster: his money now plus what his stills, trucks and
Speakeasies should still earn him, compared with the best rival's.

Used by ``BootleggersState.evaluate`` (search agents score the positions they stop at with
it) and by the heuristic bot. It reads only public things and the seat's own (a determinized
copy holds nothing else), and costs a few dozen list reads: far less than a random move.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .board import standing
from .cards import SPEAKEASIES

if TYPE_CHECKING:
    from .state import BootleggersState

BEFORE_PRODUCTION = ("muscle", "offers", "influence", "production")

#: the money lead (in $G of expected worth) that counts as a 3-to-1 favourite
SCALE = 12.0


def still_dice(s: BootleggersState, seat: int) -> int:
    """Production dice on all of ``seat``'s stills (Back Room dice count too: they will be
    placed)."""
    return s.family[seat] + s.back_dice[seat] + sum(
        d for r, d in enumerate(s.remote_dice) if s.remote_owner[r] == seat)


def capacity(s: BootleggersState, seat: int) -> int:
    """Crates ``seat``'s own trucks carry (Favor and rented trucks do not last)."""
    return sum(t.capacity for t in s.trucks if t.owner == seat and not t.favor)


def worth(s: BootleggersState, seat: int) -> float:
    """Money plus the expected takings of the rounds left: each round his dice make about
    3.5 crates each, his trucks carry at most their capacity, and a crate sells for about
    $1.6G; Controlling a Speakeasy adds its margin on the crates it should buy."""
    # This round counts while its crates are still to be made; after that they are in hand.
    rounds_left = s.last_round - s.round_no + (s.step in BEFORE_PRODUCTION)
    shipped = min(3.5 * still_dice(s, seat), capacity(s, seat) + 0.0)
    per_round = 1.6 * shipped
    muscle = [s.muscle_rank(p) for p in range(s.players)]
    for i in range(1, s.speakeasy_count):
        who, ctl = standing(s.influence[i], muscle, s.payoff[i])
        if who == seat and ctl and sum(s.influence[i]) >= SPEAKEASIES[i].shaded:
            d = SPEAKEASIES[i]
            per_round += 0.5 * d.profit(s.players) * d.dice * (3.5 + s.improvements[i])
    in_hand = s.crates[seat] + sum(t.cargo for t in s.trucks if t.operator == seat)
    return (s.cash(seat) + 1.2 * in_hand + per_round * rounds_left
            + 0.5 * s.back_influence[seat] + 1.0 * len(s.hands[seat]))


def evaluate(s: BootleggersState, seat: int) -> float:
    """From 0 (lost) to 1 (won): 1 or 0 at a decided end (a shared win splits it), else a
    logistic of ``seat``'s worth against the best rival's, sharper as the end nears."""
    if s.finished:
        winners = s.result().winners
        return 1.0 / len(winners) if seat in winners else 0.0
    mine = worth(s, seat)
    best_rival = max(worth(s, p) for p in range(s.players) if p != seat)
    rounds_left = s.last_round - s.round_no + 1
    scale = SCALE * (0.5 + rounds_left / s.last_round)
    return 1.0 / (1.0 + math.exp(-(mine - best_rival) / scale))
