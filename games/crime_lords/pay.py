"""Paying the gang (Sequence of Play, step 2) and the income that pays it (step 1): who is
paid first, what each Crook wants, the player's choices when the money does not reach, and
the markers for short pay.

Rulebook sections: "Sequence of Play" (income, "Pay off the gang"), "Unhappy Crooks".
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from typing import TYPE_CHECKING

from . import mob
from .cards import RACKET_CARDS, effects_of
from .names import name, plural, who

if TYPE_CHECKING:
    from .state import CrimeLordsState


def income(s: CrimeLordsState, seat: int) -> int:
    """Printed income of the seat's Rackets plus every income effect that applies."""
    return sum(g for _, g in income_parts(s, seat))


# cl-income
def income_parts(s: CrimeLordsState, seat: int) -> list[tuple[int, int]]:
    """(Racket, what it pays this turn) for each of the seat's Rackets, in the order held:
    its printed income plus every income effect that applies to it."""
    out = []
    effects = mob.mob_effects(s, seat, "income")
    for r in s.rackets[seat]:
        effects.extend(effects_of(r, "income"))
    for r in s.rackets[seat]:
        d = RACKET_CARDS[r]
        gain = d.income
        for e in effects:
            if (not e.district or e.district == d.district) and (
                not e.rtype or e.rtype == d.rtype
            ):
                gain += e.amount
        out.append((r, gain))
    return out


def pay_order(s: CrimeLordsState, seat: int) -> list[int]:
    """The Boss first, then down the Mob level by level ([decided] the order of the rest)."""
    m = s.mobs[seat]
    return m.subtree(m.root) if m.cell else []


def pay_of(s: CrimeLordsState, crook: int) -> int:
    """What a Crook wants each turn: his Power (Boss bonus included); nothing for Gimpy."""
    if effects_of(crook, "no_pay"):
        return 0
    return mob.power(s, crook)


# cl-pay
def start_pay(s: CrimeLordsState, seat: int) -> bool:
    """Step 2, "Pay off the gang": the Boss is paid first and in full ("Until the Boss gets
    his full pay, no other Crook gets anything"). If the money left covers everybody else,
    they are paid; if it covers nobody, nobody is; otherwise the player says who gets what,
    one Crook at a time: True when he is to be asked."""
    order = [c for c in pay_order(s, seat) if pay_of(s, c) > 0]
    s.pay_due = {c: pay_of(s, c) for c in order}
    s.pay_got = []
    if order and order[0] == s.mobs[seat].root:
        boss = order[0]
        pay(s, seat, boss, min(s.pay_due[boss], s.money[seat]))
        if s.pay_due[boss] > 0:
            s.money[seat] = 0  # the Boss takes everything there is, the others nothing
    rest = [c for c in order if s.pay_due[c] > 0]
    if sum(s.pay_due[c] for c in rest) <= s.money[seat]:
        for c in rest:
            pay(s, seat, c, s.pay_due[c])
        return False
    return pay_question(s, seat)


def pay_question(s: CrimeLordsState, seat: int) -> bool:
    """Whether the player has a real choice left: two or more Crooks still owed, and answers
    that end differently (see :func:`pay_options`)."""
    return _owed(s.pay_due.values()) > 1 and len(pay_options(s, seat)) > 1


def _owed(amounts: Iterable[int]) -> int:
    """How many Crooks are still owed something, of the amounts they are owed."""
    return sum(1 for due in amounts if due > 0)


Dues = tuple[tuple[int, int], ...]  # (Crook, G still owed), in pay order
Ending = tuple[Dues, frozenset[int]]  # what each is still owed, and who had something


@functools.lru_cache(maxsize=4096)
def _endings(due: Dues, got: frozenset[int], have: int) -> frozenset[Ending]:
    """Every way the payment can end from here, as the ``pay`` step and
    :func:`finish_pay` play it out."""
    options = _options(due, got, have)
    if _asks(due, options):
        return frozenset().union(*(_endings(*_after(due, got, have, c, a)) for c, a in options))
    while len(options) == 1:  # as finish_pay: the only way left to pay someone
        due, got, have = _after(due, got, have, *options[0])
        options = _options(due, got, have)
    for c, d in due:  # as finish_pay: what is left goes to those still owed, in pay order
        if d > 0 and have > 0:
            due, got, have = _after(due, got, have, c, min(have, d))
    return frozenset({(due, got)})


def _asks(due: Dues, options: list[tuple[int, int]]) -> bool:
    """Whether the player still chooses: two or more Crooks owed and two or more answers."""
    return len(options) > 1 and _owed(d for _, d in due) > 1


def _after(due: Dues, got: frozenset[int], have: int, crook: int,
           amount: int) -> tuple[Dues, frozenset[int], int]:
    return (tuple((c, d - amount if c == crook else d) for c, d in due), got | {crook},
            have - amount)


def _options(due: Dues, got: frozenset[int], have: int) -> list[tuple[int, int]]:
    """Full pay for a Crook the money reaches, 1 G for one who has had nothing yet."""
    out = []
    for c, d in due:
        if d <= 0:
            continue
        if d <= have:
            out.append((c, d))
        if d > 1 and c not in got and have >= 1:
            out.append((c, 1))
    return out


def pay(s: CrimeLordsState, seat: int, crook: int, amount: int) -> None:
    """Pay ``crook`` ``amount`` G of what he is still owed this turn."""
    if amount <= 0:
        return
    s.money[seat] -= amount
    s.pay_due[crook] -= amount
    if crook not in s.pay_got:
        s.pay_got.append(crook)

#: The most Crooks still owed for which answers are compared by every way the payment can
#: end: those ways grow exponentially with the Crooks owed (ten Crooks owed 25 G with 21 G
#: in hand took over three minutes to compare), so with more owed, answers are compared as
#: :func:`_likeness` says.
EXACT_OWED = 6


def _likeness(due: Dues, got: frozenset[int], have: int) -> object:
    """What the answer that led here is compared by when many Crooks are owed: the one way
    the payment ends when no question is left, else the dues as they stand. Answers alike by
    it end alike (the same set of endings); answers that end alike by other ways are both
    offered."""
    if _asks(due, _options(due, got, have)):
        return due, got, have
    return _endings(due, got, have)  # no question left: one ending, found without a search


def pay_options(s: CrimeLordsState, seat: int) -> list[tuple[int, int]]:
    """(Crook, amount) choices while short of money: his full wage if it can be paid, or
    1 G to a Crook who has had nothing yet (short pay costs one marker, no pay two). Of
    answers that end alike, only the first is offered: with 2 G for two Crooks owed 3 and
    4 G, paying either 1 G first ends the same (both get 1 G), and a second answer would only
    tell the table, through its words, an order that changes nothing. With more than
    :data:`EXACT_OWED` Crooks owed, answers are compared by :func:`_likeness`, which finds
    the example's likeness too without searching every order."""
    due, got, have = tuple(s.pay_due.items()), frozenset(s.pay_got), s.money[seat]
    exact = _owed(s.pay_due.values()) <= EXACT_OWED
    seen: set[object] = set()
    out = []
    for crook, amount in _options(due, got, have):
        after = _after(due, got, have, crook, amount)
        ends = _endings(*after) if exact else _likeness(*after)
        if ends not in seen:
            seen.add(ends)
            out.append((crook, amount))
    return out


def finish_pay(s: CrimeLordsState, seat: int) -> None:
    """Whatever money is left goes to those still owed (short pay); then the markers: one
    for short pay, two for none, in pay order (a third marker makes a Crook quit at once,
    "he goes uncontrolled")."""
    while len(options := pay_options(s, seat)) == 1:
        pay(s, seat, *options[0])  # the only way left to pay someone
    short = [c for c, due in s.pay_due.items() if due > 0]
    if short:
        for c in short:
            pay(s, seat, c, min(s.money[seat], s.pay_due[c]))
    tell_wages(s, seat, short)
    for c in short:
        if s.loc[c] == seat and c in s.mobs[seat].cell:
            got = c in s.pay_got
            mob.add_unhappy(s, c, "short pay" if got else "no pay", 1 if got else 2,
                            unpaid=True)
    s.pay_due, s.pay_got = {}, []


def tell_wages(s: CrimeLordsState, seat: int, short: list[int]) -> None:
    """The wages as the table sees them paid, Crook by Crook (public: the notes go back to
    the bank in front of everybody), and the treasury they leave (private: treasuries are
    hidden, "Money")."""
    parts = []
    total = 0
    for c in pay_order(s, seat):
        want = pay_of(s, c)
        if want <= 0:
            parts.append(f"{name(c)} wants nothing")
            continue
        got = want - s.pay_due.get(c, 0)
        total += got
        boss = " as Boss" if c == s.mobs[seat].root else ""
        if c not in short:
            parts.append(f"{name(c)} {got} G{boss}")
        elif got:
            parts.append(f"{name(c)} {got} of {want} G{boss} (short pay: 1 Unhappy marker)")
        else:
            parts.append(f"{name(c)} nothing of {want} G{boss} (no pay: 2 Unhappy markers)")
    if not parts:
        return
    head = f"{who(s, seat)} pays {total} G of wages"
    if short:
        head += f", short for {plural(len(short), 'Crook')} (the treasury ran dry)"
    s.log.add("wages", f"{head}: {'; '.join(parts)}")
    s.log.add("treasury", f"Your treasury: {s.money[seat] + total} G - {total} G wages = "
              f"{s.money[seat]} G", to=seat)
