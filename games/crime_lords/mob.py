"""The Mob: Power, the layout of Crooks around the Boss, Unhappiness and quitting.

Rulebook sections: "Choosing your Boss", Figure 3 "Typical Mob", "The Boss", "Unhappy Crooks",
"Moving a Crook", "Power increases for hits".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from tabletop.components.hierarchy import Hierarchy
from tabletop.engine import seat_label

from .cards import (
    CARDS,
    CROOK_CARDS,
    DISCARD,
    MOBS,
    RACKET_CARDS,
    UNCONTROLLED,
    Effect,
    has_token_space,
)
from .names import he, his, name, plural, verb

if TYPE_CHECKING:
    from .state import CrimeLordsState


#: each card's printed Power (0 for cards without one)
_PRINTED = [getattr(c, "power", 0) for c in CARDS]


def base_power(s: CrimeLordsState, card: int) -> int:
    """Printed Power plus + markers (at most 6; the Boss bonus not counted)."""
    p: int = _PRINTED[card] + s.pbonus[card]
    return p if p < 6 else 6  # noqa: FURB136  # a call to min() costs more, 57k times a game


# cl-boss-bonus
def power(s: CrimeLordsState, card: int) -> int:
    """Power as it counts for control, pay and attacks: the Boss token adds its bonus."""
    p: int = _PRINTED[card] + s.pbonus[card]
    if p > 6:  # noqa: PLR1730  # cheaper than a call to min()
        p = 6
    owner = s.loc[card]
    if owner >= 0 and s.mobs[owner].root == card:  # only a Crook can be a root
        p += MOBS[s.mob_of[owner]].boss_bonus
    return p


def crooks_of(s: CrimeLordsState, seat: int) -> list[int]:
    """The seat's Crooks, sorted."""
    return s.mobs[seat].nodes()


def is_boss(s: CrimeLordsState, card: int) -> bool:
    """Whether ``card`` is a Mob Boss."""
    owner = s.loc[card]
    return owner >= 0 and s.mobs[owner].root == card


def is_lieutenant(s: CrimeLordsState, card: int) -> bool:
    """Directly under a Boss."""
    owner = s.loc[card]
    if owner < 0:
        return False
    m = s.mobs[owner]
    return m.parent.get(card, -1) == m.root and card != m.root


# cl-touching-rule
def placements_for(
    s: CrimeLordsState, seat: int, crook: int, under: int = -1
) -> list[tuple[int, tuple[int, int]]]:
    """Where ``crook`` may be laid in ``seat``'s Mob: under a stronger Crook, on an open side
    (the touching rule), and below ``under`` when given."""
    m = s.mobs[seat]
    return m.placements(lambda c: power(s, c), power_as_member(s, crook), under)


def power_as_member(s: CrimeLordsState, crook: int) -> int:
    """A Crook's Power when he is not (or no longer) the Boss."""
    return base_power(s, crook)


# cl-unhappy-markers cl-third-marker
def add_unhappy(s: CrimeLordsState, crook: int, why: str, n: int = 1,
                unpaid: bool = False) -> bool:
    """Give a controlled Crook ``n`` Unhappy markers because of ``why`` (said in the event;
    "" when the caller tells the table itself); on the third he quits at once (unpaid: to
    the uncontrolled area, otherwise discarded). Returns True if he quit."""
    owner = s.loc[crook]
    if owner < 0:
        return False
    s.unhappy[crook] += n
    if s.unhappy[crook] >= 3:
        cause = f" ({why})" if why else ""
        s.log.add("crook quits", f"{name(crook)} {verb(crook, 'quits', 'quit')} "
                  f"{seat_label(owner)}'s Mob on {his(crook)} third Unhappy marker{cause}"
                  + (" and goes uncontrolled" if unpaid else " and leaves town"))
        remove_crook(s, crook, UNCONTROLLED if unpaid else DISCARD)
        return True
    if why:
        s.log.add("unhappy", f"{name(crook)} ({seat_label(owner)}) gets "
                  f"{plural(n, 'Unhappy marker')}, {why}: {s.unhappy[crook]} now")
    return False


# cl-unhappy-removal
def calm(s: CrimeLordsState, crook: int, why: str, n: int = 1) -> None:
    """Take up to ``n`` Unhappy markers off a Crook because of ``why`` (told when a marker
    comes off; "" when the caller tells the table itself)."""
    off = min(n, s.unhappy[crook])
    if off <= 0:
        return
    s.unhappy[crook] -= off
    owner = s.loc[crook]
    if why:
        at = f" ({seat_label(owner)})" if owner >= 0 else ""
        s.log.add("cheered", f"{name(crook)}{at} loses {plural(off, 'Unhappy marker')}, "
                  f"{why}: {s.unhappy[crook]} now")


def remove_crook(s: CrimeLordsState, crook: int, where: int) -> None:
    """Take a Crook out of his Mob to the uncontrolled area or the discard pile. His
    subordinates are fitted back at once (so the Mob stays whole while more markers fall) and
    their owner may re-place them at the next settle ("Unhappy Crooks": "reassign his
    subordinates ... wherever you like"). If he was the Boss, the strongest survivor stands in
    as Boss and the player is asked for the new Boss at the next settle."""
    owner = s.loc[crook]
    m = s.mobs[owner]
    was_boss = m.root == crook
    # rank changes count from the Lieutenants before the whole event: if this quit comes
    # while earlier losses of the same event wait to be re-placed, their list stands
    pending = bool(s.orphans[owner]) or s.newboss_seat == owner
    before = s.orphan_lts[owner][:] if pending else lieutenants(s, owner)
    if was_boss:
        members = [c for c in m.nodes() if c != crook]
        s.mobs[owner] = Hierarchy()
        to_zone(s, crook, where)
        if members:
            ask = len(members) > 1 and s.newboss_seat in (-1, owner)
            # a stand-in keeps his markers until the player has chosen
            rebuild(s, owner, members, calm_boss=not ask)
            until = f" until {seat_label(owner)} picks a new Boss" if ask else ""
            s.log.add("new boss", f"{name(s.mobs[owner].root)} {verb(s.mobs[owner].root, 'stands', 'stand')}"
                      f" in as Boss of {seat_label(owner)}'s Mob{until}")
            if ask:
                # "The Boss": the player picks the new Boss. A quit can come in the middle
                # of paying, so the strongest survivor stands in until the player is asked
                # (at the next settle); his choice then lays the Mob out again.
                if s.newboss_seat != owner:
                    s.orphan_lts[owner] = [c for c in before if c in members]
                s.newboss_seat = owner
                s.newboss_pool = members
                s.orphans[owner] = []  # the whole Mob is laid out again anyway
            else:
                # no question (a lone survivor, or another Mob is choosing its Boss): the
                # stand-in stays Boss; the player may still re-place the rest, and the rank
                # changes count from the Lieutenants before the quit
                note_orphans(s, owner, lieutenants(s, owner),
                             [c for c in before if c in members])
        else:
            s.note_elimination(owner)
        return
    subs = m.children(crook)
    shapes = {sub: m.detach(sub) for sub in subs}
    m.detach(crook)
    to_zone(s, crook, where)
    fit_orphans(s, owner, shapes, before)


def boss_hit(s: CrimeLordsState, seat: int) -> None:
    """The Boss of ``seat`` is Hit and discarded: every Crook of the Mob gets a marker and
    those on their third leave town ("The Boss"); the player then picks any survivor as the
    new Boss and lays the Mob out again (asked at the next settle)."""
    m = s.mobs[seat]
    before = lieutenants(s, seat)
    members = [c for c in m.nodes() if c != m.root]
    s.mobs[seat] = Hierarchy()
    to_zone(s, m.root, DISCARD)
    survivors, fled = [], []
    for c in members:
        s.unhappy[c] += 1
        if s.unhappy[c] >= 3:
            to_zone(s, c, DISCARD)
            fled.append(name(c))
        else:
            survivors.append(c)
    if members:
        gone = (f"; on a third marker {', '.join(fled)} {'leave' if len(fled) > 1 else 'leaves'}"
                " town" if fled else "")
        each = ("its one Crook gets" if len(members) == 1
                else f"each of its {plural(len(members), 'Crook')} gets")
        s.log.add("unhappy", f"The Boss of {seat_label(seat)}'s Mob is dead: {each} an "
                  f"Unhappy marker{gone}")
    if survivors:
        s.newboss_seat = seat
        s.newboss_pool = survivors
        s.orphans[seat] = []
        s.orphan_lts[seat] = [c for c in before if c in survivors]
    else:
        s.note_elimination(seat)


# cl-mob-tree
def lieutenants(s: CrimeLordsState, seat: int) -> list[int]:
    """The seat's Lieutenants now."""
    m = s.mobs[seat]
    return m.children(m.root) if m.cell else []


def fit_orphans(
    s: CrimeLordsState, seat: int, shapes: dict[int, dict[int, tuple[int, tuple[int, int]]]],
    before: list[int],
) -> None:
    """Fit detached subordinates (each with his own people) back into ``seat``'s Mob,
    strongest first, and remember them: the owner re-places them as he likes at the next
    settle. ``before`` is the list of Lieutenants before the loss, for the rank changes."""
    for sub in sorted(shapes, key=lambda c: (-base_power(s, c), c)):
        reattach(s, seat, sub, shapes[sub])
    note_orphans(s, seat, [sub for sub in shapes if sub in s.mobs[seat].cell], before)


def note_orphans(s: CrimeLordsState, seat: int, units: list[int], before: list[int]) -> None:
    """Mark placed Crooks (with their subordinates) that ``seat`` may re-place at the next
    settle; the first mark of a batch remembers the Lieutenants before it."""
    if not units or s.newboss_seat == seat:
        return
    if not s.orphans[seat]:
        s.orphan_lts[seat] = before[:]
    s.orphans[seat].extend(u for u in units if u not in s.orphans[seat])


def to_zone(s: CrimeLordsState, crook: int, where: int) -> None:
    """Send a card out of play-control: markers go, and a discarded Crook loses his Power
    markers too (an uncontrolled one keeps them)."""
    s.loc[crook] = where
    s.unhappy[crook] = 0
    s.tokens[crook] = False
    if where == DISCARD:
        s.pbonus[crook] = 0
        s.discard.append(crook)
    else:
        s.uncontrolled.append(crook)


def carried_rank(crook: int, shape: dict[int, tuple[int, tuple[int, int]]]
                 ) -> Callable[[int], int]:
    """The strength ``Hierarchy.graft`` compares inside a unit that moves together: a
    subordinate carried with ``crook`` keeps his superior whatever their Powers ("his
    subordinates ... are also moved"; a Crook whose Power rose to his superior's has "no ill
    effect", one who rose above is Unhappy, not dropped), so each card ranks by its depth
    in the unit. Whether ``crook`` himself fits under his new superior is checked before."""
    depth = {crook: 0}
    pending = {c: v for c, v in shape.items() if c != crook}
    while pending:
        for c, (sup, _) in list(pending.items()):
            if sup in depth:
                depth[c] = depth[sup] + 1
                del pending[c]
            elif sup not in pending:
                depth[c] = 1  # a card whose superior is not in the unit: never compared
                del pending[c]
    return lambda c: -depth.get(c, 0)


def reattach(
    s: CrimeLordsState, seat: int, crook: int, shape: dict[int, tuple[int, tuple[int, int]]],
    under: int = -1,
) -> None:
    """Fit a detached Crook (with his subordinates, ``shape``) back into ``seat``'s Mob at the
    best free place: under the highest-ranking stronger Crook that has an open side. Cards
    that cannot fit go uncontrolled with their own subordinates."""
    spots = placements_for(s, seat, crook, under)
    if not spots:
        let_loose(s, seat, list(shape), "fits nowhere in the Mob now")
        return
    m = s.mobs[seat]
    sup, cell = min(spots, key=lambda sc: (m.depth(sc[0]), -power(s, sc[0]), sc[0]))
    for c in shape:
        s.loc[c] = seat
    dropped = m.graft(crook, shape, sup, cell, carried_rank(crook, shape))
    let_loose(s, seat, dropped, "fits nowhere in the Mob now")


def let_loose(s: CrimeLordsState, seat: int, crooks: list[int], why: str) -> None:
    """Crooks of ``seat`` that no longer fit go to the uncontrolled area, and the table is
    told: "Kid Cobb (Player 2) fits nowhere in the Mob now and goes uncontrolled"."""
    if not crooks:
        return
    for c in crooks:
        release(s, c)
    names = ", ".join(name(c) for c in crooks)
    goes = "go" if len(crooks) > 1 else verb(crooks[0], "goes", "go")
    s.log.add("crook uncontrolled", f"{names} ({seat_label(seat)}) {why} and {goes} "
              "uncontrolled")


def release(s: CrimeLordsState, crook: int) -> None:
    """A Crook no longer in any layout goes to the uncontrolled area, markers off."""
    s.loc[crook] = UNCONTROLLED
    s.unhappy[crook] = 0
    s.tokens[crook] = False
    s.uncontrolled.append(crook)


def rebuild(
    s: CrimeLordsState, seat: int, members: list[int], boss: int = -1, calm_boss: bool = True,
) -> None:
    """Lay a Mob out again from scratch around ``boss`` (default: the strongest Crook, fewest
    markers breaking ties); the others go in strongest first, each as high in the Mob as
    fits. The new Boss loses all his Unhappy markers (he becomes Boss)."""
    if boss < 0:
        boss = min(members, key=lambda c: (-base_power(s, c), s.unhappy[c], c))
    m = Hierarchy()
    s.mobs[seat] = m
    m.set_root(boss)
    s.loc[boss] = seat
    if calm_boss:
        s.unhappy[boss] = 0
    for c in sorted(members, key=lambda c: (-base_power(s, c), c)):
        if c == boss:
            continue
        s.loc[c] = seat
        spots = placements_for(s, seat, c)
        if not spots:
            let_loose(s, seat, [c], f"fits nowhere under the new Boss {name(boss)}")
            continue
        sup, cell = min(spots, key=lambda sc: (m.depth(sc[0]), -power(s, sc[0]), sc[0]))
        m.attach(c, sup, cell)


def cheer_weakness(s: CrimeLordsState, seat: int, racket: int) -> None:
    """"His Mob takes over a Racket that matches one of his Weaknesses": each such Crook of
    the Mob loses one Unhappy marker."""
    rtype = RACKET_CARDS[racket].rtype
    for c in s.mobs[seat].nodes():
        if rtype in CROOK_CARDS[c].weakness:
            calm(s, c, f"{his(c)} Mob took {name(racket)}, a Racket {he(c)} "
                       f"{verb(c, 'likes', 'like')}")


def raise_power(s: CrimeLordsState, crook: int, amount: int) -> None:
    """A successful Hit makes the leader feared: + markers, Power never above 6."""
    room = 6 - CROOK_CARDS[crook].power - s.pbonus[crook]
    s.pbonus[crook] += max(0, min(amount, room))


# cl-mob-cards
def mob_effects(s: CrimeLordsState, seat: int, kind: str) -> list[Effect]:
    """Effects of ``kind`` that work Mob-wide for ``seat``: from the Mob card, and the
    scope-"mob" effects of its Crooks."""
    out = list(_MOB_CARD[s.mob_of[seat]].get(kind, ()))
    for c in s.mobs[seat].cell:
        mine = _MOB_WIDE[c].get(kind)
        if mine:
            out.extend(mine)
    return out


#: per Mob card and per Crook, the Mob-wide effects by kind, built once
_MOB_CARD = [{k: [e for e in m.effects if e.kind == k] for k in {e.kind for e in m.effects}}
             for m in MOBS]
_MOB_WIDE = [{k: [e for e in c.effects if e.kind == k and e.scope == "mob"]
              for k in {e.kind for e in c.effects if e.scope == "mob"}} for c in CARDS]


# cl-one-token
def retoken(s: CrimeLordsState, seat: int, rackets: bool) -> None:
    """Put a token on every card of ``seat`` that has an empty space (its Crooks, and its
    Rackets when ``rackets``)."""
    for c in s.mobs[seat].cell:
        s.tokens[c] = True
    if rackets:
        for r in s.rackets[seat]:
            if has_token_space(r):
                s.tokens[r] = True


# cl-rank-changes
def rank_changes(s: CrimeLordsState, seat: int, before: list[int]) -> None:
    """"Unhappy Crooks": a demoted Lieutenant gets a marker, a new Lieutenant loses one."""
    after = lieutenants(s, seat)
    boss = name(s.mobs[seat].root) if s.mobs[seat].cell else "the Boss"
    for c in after:
        if c not in before:
            s.log.add("lieutenant", f"{name(c)} {verb(c, 'becomes', 'become')} a Lieutenant of"
                      f" {seat_label(seat)}'s Mob, right under {boss}")
            calm(s, c, "promoted to Lieutenant")
    for c in before:
        if c not in after and c in s.mobs[seat].cell and s.mobs[seat].root != c:
            s.log.add("lieutenant", f"{name(c)} {verb(c, 'is', 'are')} no longer a Lieutenant "
                      f"of {seat_label(seat)}'s Mob")
            add_unhappy(s, c, "demoted from Lieutenant")


def give_racket(s: CrimeLordsState, frm: int, to: int, card: int) -> None:
    """Move a Racket between seats (or from the uncontrolled area when ``frm`` < 0)."""
    if frm >= 0:
        s.rackets[frm].remove(card)
    else:
        s.uncontrolled.remove(card)
    s.rackets[to].append(card)
    s.loc[card] = to
    s.tokens[card] = False


def gain_power(s: CrimeLordsState, crook: int, amount: int, why: str) -> None:
    """A Hit (or a double-cross) makes ``crook`` feared: + Power markers, never above 6;
    the table is told from what to what, and why."""
    before = base_power(s, crook)
    raise_power(s, crook, amount)
    after = base_power(s, crook)
    owner = s.loc[crook]
    at = f" ({seat_label(owner)})" if owner >= 0 else ""
    if after > before:
        s.log.add("power", f"{name(crook)}{at} rises from Power {before} to {after} {why} "
                  f"(+{plural(after - before, 'Power marker')})")
    else:
        s.log.add("power", f"{name(crook)}{at} {verb(crook, 'stays', 'stay')} at Power "
                  f"{after} {why}: 6 is the most")
