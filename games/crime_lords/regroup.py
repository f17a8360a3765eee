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

from games.crime_lords import mob
from games.crime_lords.cards import CARDS
from games.crime_lords.state import CrimeLordsState
from tabletop.components.hierarchy import Hierarchy

Shape = dict[int, tuple[int, tuple[int, int]]]


def pending_seat(s: CrimeLordsState) -> int:
    """A living seat with Crooks marked for re-placing (-1: none)."""
    for p in range(s.players):
        if s.orphans[p]:
            if s.alive[p] and s.mobs[p].cell:
                return p
            s.orphans[p], s.orphan_lts[p] = [], []
    return -1


def start_orphans(s: CrimeLordsState, seat: int) -> None:
    """Take the marked units out of the Mob (deepest first, so a unit the automatic fit put
    under another one is placed on its own) and queue them for the owner."""
    m = s.mobs[seat]
    units = [u for u in s.orphans[seat] if u in m.cell and u != m.root]
    before = s.orphan_lts[seat]
    s.orphans[seat], s.orphan_lts[seat] = [], []
    shapes = {u: m.detach(u) for u in sorted(units, key=lambda u: (-m.depth(u), u))}
    begin(s, seat, shapes, before)


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


def begin(s: CrimeLordsState, seat: int, shapes: dict[int, Shape], before: list[int]) -> None:
    """Queue detached units (strongest first) for ``seat`` and ask for the first place."""
    s.regroup_seat = seat
    s.regroup = sorted(shapes, key=lambda c: (-mob.base_power(s, c), c))
    s.regroup_shapes = shapes
    s.regroup_before = before
    s.log.add(f"P{seat + 1} reassigns " + ", ".join(CARDS[c].name for c in s.regroup))
    advance(s)


def advance(s: CrimeLordsState) -> None:
    """Ask where the next queued unit goes; place forced ones; when the queue is empty, apply
    the rank changes and hand back to :func:`flow.settle`."""
    from games.crime_lords import flow

    seat = s.regroup_seat
    while s.regroup:
        unit = s.regroup[0]
        spots = mob.placements_for(s, seat, unit)
        if len(spots) > 1:
            s.phase = "regroup"
            s.actor = seat
            return
        if spots:
            sup, cell = spots[0]
            put(s, sup, cell)
        else:
            s.regroup.pop(0)
            for c in s.regroup_shapes.pop(unit):
                mob.release(s, c)  # "Any who you can't legally reassign must become
                # uncontrolled!"
    before = s.regroup_before
    s.regroup_seat, s.regroup_before, s.regroup_shapes = -1, [], {}
    s.phase = "actions"
    flow.rank_changes(s, seat, before)
    flow.settle(s)


def put(s: CrimeLordsState, superior: int, cell: tuple[int, int]) -> None:
    """Place the first queued unit under ``superior`` on ``cell``; his people keep their
    places relative to him where they can (as in "Moving a Crook")."""
    seat = s.regroup_seat
    unit = s.regroup.pop(0)
    shape = s.regroup_shapes.pop(unit)
    dropped = s.mobs[seat].graft(unit, shape, superior, cell, lambda c: mob.power(s, c))
    for c in dropped:
        mob.release(s, c)


def place(s: CrimeLordsState, superior: int, cell: tuple[int, int]) -> None:
    """The player's answer: the first queued unit goes here; then the next question."""
    put(s, superior, cell)
    advance(s)


def waiting(s: CrimeLordsState) -> list[int]:
    """Every Crook waiting in the queue (units with their people)."""
    return [c for shape in s.regroup_shapes.values() for c in shape]
