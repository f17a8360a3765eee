"""Reassigning Crooks: the owner re-places the subordinates of a lost Crook, and lays his
whole Mob out again around a new Boss.

Rulebook sections: "Unhappy Crooks" ("reassign his subordinates. They can go wherever you
like, as long as their new superior has more Power than they do"), "Calling In a Hit" ("The
dead Crook's owner may immediately reassign his subordinates ... if the Boss got Hit, the
whole gang can be rearranged as the player chooses"), "The Boss" and "Changing Bosses".

How it works: when a Crook is lost, his subordinates are first fitted back automatically
(``mob.fit_orphans``), so the Mob stays whole while further markers fall in the same event.
At the next settle the owner takes those units out again and places each one himself,
strongest first (a superior is always stronger, so every legal layout can be reached in that
order). A unit with a single legal place is put there without a question; one with none goes
uncontrolled with his people. After a change of Boss every Crook is placed one by one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.components.hierarchy import Hierarchy, neighbours

from . import mob
from .cards import MOBS
from .names import name, verb, who

if TYPE_CHECKING:
    from .state import CrimeLordsState

Shape = dict[int, tuple[int, tuple[int, int]]]


def pending_seat(s: CrimeLordsState) -> int:
    """A living seat with Crooks marked for re-placing (-1: none)."""
    for p in range(s.players):
        if s.orphans[p]:
            if s.alive[p] and s.mobs[p].cell:
                return p
            s.orphans[p], s.orphan_lts[p] = [], []
    return -1


# cl-orphans-asked
def start_orphans(s: CrimeLordsState, seat: int) -> None:
    """Take the marked units out of the Mob (deepest first, so a unit the automatic fit put
    under another one is placed on its own) and queue them for the owner."""
    m = s.mobs[seat]
    units = [u for u in s.orphans[seat] if u in m.cell and u != m.root]
    before = s.orphan_lts[seat]
    s.orphans[seat], s.orphan_lts[seat] = [], []
    shapes = {u: m.detach(u) for u in sorted(units, key=lambda u: (-m.depth(u), u))}
    begin(s, seat, shapes, before)


# cl-new-boss
def choose_new_boss(s: CrimeLordsState, crook: int) -> None:
    """The Mob whose Boss was Hit (or quit) names ``crook`` its new Boss; the Mob is laid
    out again around him."""
    seat, pool = s.newboss_seat, s.newboss_pool
    s.newboss_seat, s.newboss_pool = -1, []
    s.log.add("new boss", f"{who(s, seat)} makes {name(crook)} the new Boss "
              f"(Power {mob.base_power(s, crook) + MOBS[s.mob_of[seat]].boss_bonus}"
              " as Boss); the Mob is laid out again around the new Boss")
    start_new_boss(s, seat, pool, crook)


# cl-relayout
def start_new_boss(s: CrimeLordsState, seat: int, pool: list[int], boss: int) -> None:
    """The player has picked ``boss`` among ``pool``: he takes the centre and every other
    Crook is placed anew, one by one ("reorganizes the Mob as he likes")."""
    before = [c for c in s.orphan_lts[seat] if c != boss]
    s.orphans[seat], s.orphan_lts[seat] = [], []
    m = Hierarchy()
    s.mobs[seat] = m
    m.set_root(boss)
    s.loc[boss] = seat
    s.unhappy[boss] = 0  # markers go when he becomes Boss
    shapes: dict[int, Shape] = {c: {c: (-1, (0, 0))} for c in pool if c != boss}
    for c in shapes:
        s.loc[c] = seat
    begin(s, seat, shapes, before)


def begin(
    s: CrimeLordsState, seat: int, shapes: dict[int, Shape], before: list[int],
    keep_superior: dict[int, int] | None = None, new: list[int] | None = None,
) -> None:
    """Queue detached units for ``seat`` and ask for the first place. Units named in
    ``keep_superior`` must go under that superior (new cards that overlapped, which "are
    still controlled by the same Crook"); ``new`` lists the cards of a Crook just given to
    the seat, when old cards may make room for them."""
    s.regroup_seat = seat
    s.regroup = sorted(shapes, key=lambda c: (-mob.base_power(s, c), c))
    s.regroup_shapes = shapes
    s.regroup_before = before
    s.regroup_sup = dict(keep_superior or {})
    s.regroup_new = list(new or [])
    if s.regroup:
        s.log.add("reassignment", f"{who(s, seat)} lays out again, each under a stronger "
                  "Crook: " + ", ".join(name(c) for c in s.regroup))
    advance(s)


def spots(s: CrimeLordsState, unit: int) -> list[tuple[int, tuple[int, int]]]:
    """Where the unit may go: under any stronger Crook, or under its kept superior."""
    found = mob.placements_for(s, s.regroup_seat, unit)
    sup = s.regroup_sup.get(unit, -1)
    return [p for p in found if p[0] == sup] if sup >= 0 else found


def blockers(s: CrimeLordsState, unit: int) -> list[int]:
    """Old Crooks whose departure could open a side of the unit's kept superior (a given
    Crook's people only: "choosing one or more overlapping card, new or old, to become
    uncontrolled"). Never the Boss, the superior or his superiors, nor a Crook with new
    cards under him."""
    sup = s.regroup_sup.get(unit, -1)
    if not s.regroup_new or sup < 0:
        return []
    m = s.mobs[s.regroup_seat]
    at = m.occupied()
    out: set[int] = set()
    for side in neighbours(m.cell[sup]):
        near = [side, *(c for c in neighbours(side) if c != m.cell[sup])]
        cards = {at[c] for c in near if c in at}
        if cards and all(ok_to_drop(s, c, sup) for c in cards):
            out |= cards
    return sorted(out)


def ok_to_drop(s: CrimeLordsState, card: int, sup: int) -> bool:
    """An old Crook that may go to make room under ``sup``."""
    m = s.mobs[s.regroup_seat]
    if card in s.regroup_new or card == m.root or card == sup or m.is_below(sup, card):
        return False
    return not any(c in s.regroup_new for c in m.subtree(card))


# cl-reassign
def advance(s: CrimeLordsState) -> None:
    """Ask where the next queued unit goes; place forced ones; a unit with no place goes
    uncontrolled, unless old Crooks could make room for a given one (then the player is
    asked). When the queue is empty, apply the rank changes and hand play back to the
    flow (step ``settle``)."""
    seat = s.regroup_seat
    while s.regroup:
        unit = s.regroup[0]
        found = spots(s, unit)
        if len(found) > 1 or (not found and blockers(s, unit)):
            s.phase = "regroup"
            s.actor = seat
            return
        if found:
            sup, cell = found[0]
            put(s, sup, cell)
        else:
            let_go(s)
    before = s.regroup_before
    s.regroup_seat, s.regroup_before, s.regroup_shapes = -1, [], {}
    s.regroup_sup, s.regroup_new = {}, []
    mob.rank_changes(s, seat, before)
    s.phase = "settle"


def let_go(s: CrimeLordsState) -> None:
    """The first queued unit fits nowhere: he and his people go uncontrolled ("Any who you
    can't legally reassign must become uncontrolled!")."""
    unit = s.regroup.pop(0)
    s.regroup_sup.pop(unit, None)
    mob.let_loose(s, s.regroup_seat, list(s.regroup_shapes.pop(unit)),
                  f"{verb(unit, 'finds', 'find')} no place in the Mob")


def put(s: CrimeLordsState, superior: int, cell: tuple[int, int]) -> None:
    """Place the first queued unit under ``superior`` on ``cell``; his people keep their
    places relative to him where they can (as in "Moving a Crook")."""
    seat = s.regroup_seat
    unit = s.regroup.pop(0)
    s.regroup_sup.pop(unit, None)
    shape = s.regroup_shapes.pop(unit)
    dropped = s.mobs[seat].graft(unit, shape, superior, cell, mob.carried_rank(unit, shape))
    mob.let_loose(s, seat, dropped, "fits nowhere in the Mob")


def place(s: CrimeLordsState, superior: int, cell: tuple[int, int]) -> None:
    """The player's answer: the first queued unit goes here; then the next question."""
    put(s, superior, cell)
    advance(s)


def make_room(s: CrimeLordsState, crook: int) -> None:
    """The player lets an old Crook (with his people) go uncontrolled to make room."""
    m = s.mobs[s.regroup_seat]
    mob.let_loose(s, s.regroup_seat, list(m.detach(crook)),
                  f"{verb(crook, 'is', 'are')} let go to make room for {name(s.regroup[0])}")
    advance(s)


def give_up(s: CrimeLordsState) -> None:
    """The player lets the new Crook (with his people) go rather than an old one."""
    let_go(s)
    advance(s)


def waiting(s: CrimeLordsState) -> list[int]:
    """Every Crook waiting in the queue (units with their people)."""
    return [c for shape in s.regroup_shapes.values() for c in shape]
