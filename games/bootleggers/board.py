"""The pieces on the table that carry state (trucks) and the influence standings.

Controlling, Majority, Minority and No influence are computed here from the marker counts,
the shown Muscle and a Big Payoff, exactly as the rulebook's section "Controlling, Majority,
and Minority Influence" defines them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import attrs

from .cards import SPEAKEASIES

if TYPE_CHECKING:
    from .state import BootleggersState

#: Docks, best first: Majority (three stars), Minority (two), Public (one).
MAJORITY, MINORITY, PUBLIC = 3, 2, 1
DOCK_NAMES = {MAJORITY: "Majority", MINORITY: "Minority", PUBLIC: "Public", 0: "-"}
#: Dice squares of every still: one production die and three improvement squares.
STILL_SQUARES = 4
REMOTE_BOARDS = 6
INFLUENCE_PER_COLOUR = 20
IMPROVEMENT_MARKERS = 12
CRATES = 70


@attrs.define(slots=True)
class Truck:
    """A truck miniature in play.

    ``owner`` owns it; ``renter`` drives it this round (``-1``: nobody rents it); ``favor``
    marks a truck lent from the supply by a Favor card for this round only. Once sent,
    ``speakeasy`` and ``dock`` say where it waits and ``seq`` its place in line; ``pigeon``
    is the Mobster a Move Over, Pigeon sends the wholesale money to.
    """

    id: int
    capacity: int
    owner: int
    renter: int = -1
    cargo: int = 0
    speakeasy: int = -1
    dock: int = 0
    seq: int = 0
    favor: bool = False
    pigeon: int = -1

    def clone(self) -> Truck:
        """An independent copy."""
        return Truck(self.id, self.capacity, self.owner, self.renter, self.cargo,
                     self.speakeasy, self.dock, self.seq, self.favor, self.pigeon)

    @property
    def operator(self) -> int:
        """Who loads, ships and sells with this truck this round."""
        return self.renter if self.renter >= 0 else self.owner


def truck_by_id(s: BootleggersState, truck_id: int) -> Truck:
    """The truck in play with this id."""
    for t in s.trucks:
        if t.id == truck_id:
            return t
    raise KeyError(truck_id)


# bl-controlling, bl-tie-all-minority, bl-no-influence
def standing(counts: Sequence[int], muscle: Sequence[tuple[int, int]] | Sequence[int],
             payoff: int = -1) -> tuple[int, bool]:
    """The seat holding Majority or Controlling influence (``-1``: none) and whether it is
    Controlling.

    Controlling: at least as many markers as all others together; two Mobsters can both
    qualify only when they alone are present with equal markers, and then the higher Muscle
    controls. Majority: strictly more markers than any other, fewer than all others
    together; a tie for the most leaves everybody with Minority influence ("it is possible
    for all Mobsters in a Speakeasy to have Minority Influence"). A Big Payoff (``payoff``)
    makes its player Controlling whatever the markers say.
    """
    if payoff >= 0:
        return payoff, True
    total = 0
    best = 0
    tops: list[int] = []
    for seat, n in enumerate(counts):
        total += n
        if n > best:
            best, tops = n, [seat]
        elif n == best and n > 0:
            tops.append(seat)
    if not tops:
        return -1, False
    if 2 * best >= total:
        return max(tops, key=lambda p: muscle[p]), True
    if len(tops) > 1:
        return -1, False
    return tops[0], False


def dock_for(seat: int, counts: Sequence[int], holder: int) -> int:
    """The dock ``seat``'s trucks pull up to, given the current holder."""
    if seat == holder:
        return MAJORITY
    return MINORITY if counts[seat] > 0 else PUBLIC


# -- the Speakeasies this round, as the influence and the Thug cards leave them ------------
# bl-open, bl-copper-stays-open
def is_open(s: BootleggersState, i: int) -> bool:
    """O'Malley's always; another Speakeasy once its shaded circles are covered."""
    if i >= s.speakeasy_count:
        return False
    if i == 0 or s.coppered[i]:
        # Copper in the House makes a Speakeasy "the same as O'Malley's" for the round:
        # always open, whatever happens to its men.
        return True
    return sum(s.influence[i]) >= SPEAKEASIES[i].shaded


def holder(s: BootleggersState, i: int) -> tuple[int, bool]:
    """(seat with Majority or Controlling influence or -1, whether Controlling)."""
    if i == 0 or s.coppered[i]:
        return -1, False  # no influence counts at O'Malley's or under Copper in the House
    return standing(s.influence[i], [s.muscle_rank(p) for p in range(s.players)], s.payoff[i])


# bl-wholesale
def wholesale(s: BootleggersState, i: int, seller: int) -> int:
    """What the Speakeasy pays ``seller`` per crate this round."""
    if s.coppered[i]:
        return 1
    if s.packing[i] >= 0 and s.packing[i] != seller:
        return 1
    return SPEAKEASIES[i].wholesale(s.players)


def current_dock(s: BootleggersState, seat: int, speakeasy: int) -> int:
    """The dock ``seat`` is entitled to at ``speakeasy`` now."""
    holder_seat, _ = holder(s, speakeasy)
    return dock_for(seat, s.influence[speakeasy], holder_seat)
