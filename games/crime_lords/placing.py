"""Placing a Crook in a Mob: a recruit, a moved Crook, a Crook given or traded. The new
owner is asked where he goes (step ``place``); people he displaces are placed again
(:mod:`regroup`); a Crook who fits nowhere goes uncontrolled.

Rulebook sections: "Recruiting a Crook", "Moving a Crook", "Gifts and Trades", Figure 3.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.engine import seat_label

from . import actions as A
from . import mob, regroup
from .names import name, verb

if TYPE_CHECKING:
    from .state import CrimeLordsState


def start_placing(s: CrimeLordsState, seat: int, crook: int, shape: regroup.Shape, under: int,
                  moving: bool = False, gift: bool = False,
                  before: list[int] | None = None) -> None:
    """Ask ``seat`` where ``crook`` (detached, with ``shape``) goes; if nowhere, he and his
    subordinates go uncontrolled (a failed fit: "the actions you spent are lost").
    ``before``: the seat's Lieutenants before ``crook`` was taken out (a moved Lieutenant
    is demoted, or stays one, by where he goes); by default, its Lieutenants now."""
    if before is None:
        before = mob.lieutenants(s, seat)
    s.place_before = before
    s.place_card = crook
    s.place_shape = shape
    s.place_under = under
    s.place_move = moving
    s.place_gift = gift
    for c in shape:
        s.loc[c] = seat
    if not mob.placements_for(s, seat, crook, under):
        mob.let_loose(s, seat, list(shape), "can find no place in the Mob")
        s.place_card = -1
        s.place_shape = {}
        s.place_move = s.place_gift = False
        mob.rank_changes(s, seat, before)
        s.place_before = []
        s.phase = "settle"
        return
    s.phase = "place"
    s.actor = seat


def place(s: CrimeLordsState, action: A.Place) -> None:
    """Lay the Crook being placed (a recruit, a moved Crook, one given) where the owner
    chose."""
    seat = s.actor
    shape = s.place_shape
    gift = s.place_gift
    before = s.place_before
    for c in shape:
        s.loc[c] = seat
    # subordinates that cannot keep their places are placed by the player under the same
    # superior ("he may rearrange any new cards that overlap, as long as they are still
    # controlled by the same Crook")
    displaced: list[tuple[int, regroup.Shape]] = []
    lost = s.mobs[seat].graft(action.crook, shape, action.superior, (action.x, action.y),
                              mob.carried_rank(action.crook, shape), displaced)
    mob.let_loose(s, seat, lost, "fits nowhere in the Mob")
    s.place_card = -1
    s.place_shape = {}
    s.place_move = s.place_gift = False
    s.place_before = []
    if displaced:
        regroup.begin(s, seat, dict(displaced), before,
                      keep_superior={c: sub[c][0] for c, sub in displaced},
                      new=list(shape) if gift else None)
        return
    mob.rank_changes(s, seat, before)
    s.phase = "settle"


# cl-give-crook
def hand_over_crook(s: CrimeLordsState, crook: int, to: int) -> None:
    """A Crook given or traded leaves his Mob with his people (each loses a marker: they move
    to another Mob); the receiver places him (then play goes back to where it was)."""
    giver = s.loc[crook]
    before = mob.lieutenants(s, giver)
    shape = s.mobs[giver].detach(crook)
    people = [name(c) for c in shape if c != crook]
    s.log.add("crook changes mobs", f"{name(crook)}"
              + (f" (with {', '.join(people)})" if people else "")
              + f" {'leave' if people else verb(crook, 'leaves', 'leave')} "
              f"{seat_label(giver)}'s Mob for {seat_label(to)}'s")
    mob.rank_changes(s, giver, before)
    for c in shape:
        mob.calm(s, c, "moved to another Mob")
    start_placing(s, to, crook, shape, -1, gift=True)
