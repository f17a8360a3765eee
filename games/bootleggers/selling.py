"""Phase 5, "What's the Password?": Speakeasies buy crates, smallest open one first."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.engine import seat_label

from . import words
from .actions import ALLOW, AllowTruck
from .board import (
    DOCK_NAMES,
    MAJORITY,
    MINORITY,
    PUBLIC,
    holder,
    is_open,
    truck_by_id,
    wholesale,
)
from .cards import SPEAKEASIES

if TYPE_CHECKING:
    from tabletop.components import Prompt

    from .board import Truck
    from .state import BootleggersState

UNLIMITED = 10**6


def price_reason(s: BootleggersState, i: int, seller: int) -> str:
    """Why the Speakeasy pays ``seller`` the price it pays, in words."""
    if s.coppered[i]:
        return "Copper in the House"
    if s.packing[i] >= 0 and s.packing[i] != seller:
        return f"{seat_label(s.packing[i])}'s Packing Heat"
    if SPEAKEASIES[i].unlimited:
        return "O'Malley's price"
    return "its wholesale price"


def line(s: BootleggersState, i: int) -> list[Truck]:
    """Trucks waiting at Speakeasy ``i``: Majority dock, Minority dock, Public dock, each in
    the order they arrived (which is Muscle order)."""
    trucks = [t for t in s.trucks if t.speakeasy == i]
    trucks.sort(key=lambda t: (-t.dock, t.seq))
    return trucks


# bl-selling-order
def start_selling(s: BootleggersState) -> None:
    """Queue every Speakeasy with trucks waiting, smallest first."""
    s.sell_queue = [i for i in range(s.speakeasy_count)
                    if any(t.speakeasy == i for t in s.trucks)]
    s.selling_at = -1


def sell_truck(s: BootleggersState, i: int, truck: Truck) -> None:
    """The Speakeasy buys what it still wants from this truck; the rest is lost."""
    n = min(truck.cargo, s.demand)
    where = words.speakeasy(i)
    if n > 0:
        seller = truck.pigeon if truck.pigeon >= 0 else truck.operator
        price = wholesale(s, i, seller)
        s.money.mint(f"seat:{seller}", n * price)
        s.demand -= n
        s.sold += n
        s.takings[seller] += n * price
        dock = "" if SPEAKEASIES[i].unlimited or s.coppered[i] else \
            f" ({DOCK_NAMES[truck.dock]} Dock)"
        if seller != truck.operator:
            source = f"{words.owned_truck(truck)} (Move Over, Pigeon)"
        elif truck.owner == seller:
            source = f"his {words.truck(truck)}"
        else:
            source = f"{words.owned_truck(truck)}"
        s.log.add("sale", f"{seat_label(seller)} sells {words.crates(n)} from {source} at "
                  f"{where}{dock} at {words.money(price)} a crate "
                  f"({price_reason(s, i, seller)}): {words.money(n * price)}.")
    if truck.cargo > n:
        s.log.add("crates lost", f"{seat_label(truck.operator)}'s "
                  f"{words.crates(truck.cargo - n)} on {words.truck(truck)} "
                  f"{'goes' if truck.cargo - n == 1 else 'go'} unsold at {where} (its demand "
                  f"is met): {'it is' if truck.cargo - n == 1 else 'they are'} lost.")
    truck.cargo = 0


def lose_cargo(s: BootleggersState, trucks: list[Truck], why: str) -> None:
    """Crates on these trucks are lost, for ``why`` (said once per truck with crates)."""
    for t in trucks:
        if t.cargo:
            s.log.add("crates lost", f"{seat_label(t.operator)}'s {words.crates(t.cargo)} on "
                      f"{words.truck(t)} {'is' if t.cargo == 1 else 'are'} lost: {why}.")
        t.cargo = 0


# bl-demand, bl-docks-sell
def open_speakeasy(s: BootleggersState, i: int) -> None:
    """Roll demand at Speakeasy ``i`` and sell the Majority and Minority docks."""
    s.selling_at = i
    s.sold = 0
    s.demand_roll = []
    trucks = line(s, i)
    where = words.speakeasy(i)
    if s.busted[i] or not is_open(s, i):
        # closed this round: nothing is bought, the crates are lost
        why = "busted by the G-Men this round" if s.busted[i] else "closed"
        lose_cargo(s, trucks, f"{where} is {why} and buys nothing")
        s.demand = 0
        s.public_line = []
        return
    if SPEAKEASIES[i].unlimited or s.coppered[i]:
        why = "Copper in the House" if s.coppered[i] else "it always does"
        s.log.add("demand", f"{where} buys every crate at $1G ({why}).")
        s.demand = UNLIMITED
        for t in trucks:
            sell_truck(s, i, t)
        s.public_line = []
        return
    dice = SPEAKEASIES[i].dice + s.extra_dice[i]
    s.demand_roll = [1 + s.rng.below(6) for _ in range(dice)]
    # Each improvement adds one to every consumption die (Phase 5.1).
    s.demand = sum(s.demand_roll) + dice * s.improvements[i]
    rolled = "+".join(map(str, s.demand_roll))
    text = f"{where} rolls {words.dice(dice)} for demand: {rolled}"
    if s.extra_dice[i]:
        text += f" ({s.extra_dice[i]} more for Thirsty)"
    if s.improvements[i]:
        text += (f", +{s.improvements[i]} on each die for {s.improvements[i]} "
                 f"improvement{'s' if s.improvements[i] > 1 else ''}")
    s.log.add("demand", f"{text}: it buys up to {words.crates(s.demand)}.")
    for t in trucks:
        if t.dock in (MAJORITY, MINORITY):
            sell_truck(s, i, t)
    s.public_line = [t.id for t in trucks if t.dock == PUBLIC]


# bl-public-dock
def run_selling(s: BootleggersState) -> bool:
    """Sell on until a Public Dock question is pending (True) or all is sold (False)."""
    while True:
        if s.selling_at < 0:
            if not s.sell_queue:
                return False
            open_speakeasy(s, s.sell_queue.pop(0))
        i = s.selling_at
        if s.public_line:
            who, _ = holder(s, i)
            truck = truck_by_id(s, s.public_line[0])
            if who >= 0 and s.demand > 0:
                if truck.cargo == 0:
                    s.public_line.pop(0)
                    continue
                s.decisions.push(who, "allow", truck=truck.id, speakeasy=i)
                return True
            # No holder or no demand: the Public Dock sells nothing.
            why = ("its demand is met" if who >= 0 else
                   "nobody holds Majority there to let the Public Dock sell")
            lose_cargo(s, [truck_by_id(s, t) for t in s.public_line],
                       f"at the Public Dock of {words.speakeasy(i)}, {why}")
            s.public_line = []
        finish_speakeasy(s, i)


def allow_actions(s: BootleggersState, ask: Prompt) -> list[Any]:
    """Turn the truck down, or let it sell."""
    return list(ALLOW)


def answer_allow(s: BootleggersState, prompt: Prompt, action: AllowTruck) -> None:
    """The holder's word on the first truck at the Public Dock; a refusal ends the line."""
    allow = action.allow
    i = prompt.get("speakeasy")
    if allow:
        sell_truck(s, i, truck_by_id(s, s.public_line.pop(0)))
        return
    lose_cargo(s, [truck_by_id(s, t) for t in s.public_line],
               f"{seat_label(prompt.seat)} closed the Public Dock of {words.speakeasy(i)}")
    s.public_line = []


# bl-margin, bl-influence-after-lineup, bl-faq-influence-after-lineup
def finish_speakeasy(s: BootleggersState, i: int) -> None:
    """Pay the profit margin on every crate sold here to the Controlling holder."""
    who, controlling = holder(s, i)
    where = words.speakeasy(i)
    if who >= 0 and controlling and s.sold > 0 and not s.coppered[i]:
        base = SPEAKEASIES[i].profit(s.players)
        margin = base + s.profit_bonus[i]
        if margin > 0:
            s.money.mint(f"seat:{who}", margin * s.sold)
            s.takings[who] += margin * s.sold
            why = words.money(base) + (f" + {words.money(s.profit_bonus[i])} Word of Mouth"
                                       if s.profit_bonus[i] else "")
            how = "Big Payoff" if s.payoff[i] == who else "Controlling influence"
            each = "the 1 crate" if s.sold == 1 else f"each of the {words.crates(s.sold)}"
            s.log.add("profit", f"{seat_label(who)} holds {how} at {where}: profit margin "
                      f"{why} on {each} sold there: {words.money(margin * s.sold)}.")
    elif s.sold > 0 and not SPEAKEASIES[i].unlimited and not s.coppered[i]:
        s.log.add("profit", f"Nobody controls {where}: no profit margin is paid on its "
                  f"{words.crates(s.sold)}.")
    s.selling_at = -1


def standing_now(s: BootleggersState, i: int) -> tuple[bool, int, bool]:
    """What influence decides at Speakeasy ``i`` now: (open, holder, Controlling)."""
    who, ctl = holder(s, i)
    return is_open(s, i), who, ctl


def standing_change(s: BootleggersState, i: int, before: tuple[bool, int, bool]) -> str:
    """What changed at Speakeasy ``i`` since ``before`` (see :func:`standing_now`), in
    words: it opened or closed, another Mobster holds it; ``""`` when nothing did."""
    now = standing_now(s, i)
    parts = []
    d = SPEAKEASIES[i]
    if now[0] != before[0]:
        state = "opens" if now[0] else "closes"
        parts.append(f"{d.name} {state} ({words.men(sum(s.influence[i]))} there, "
                     f"{d.shaded} needed)")
    if now[1:] != before[1:]:
        if now[1] < 0:
            parts.append(f"nobody holds Majority at {d.name} now")
        else:
            kind = "Controlling" if now[2] else "Majority"
            parts.append(f"{seat_label(now[1])} now holds {kind} influence at {d.name}")
    return "; ".join(parts)


def say_change(s: BootleggersState, i: int, before: tuple[bool, int, bool], kind: str) -> None:
    """Narrate what changed at Speakeasy ``i`` since ``before``, if anything did."""
    change = standing_change(s, i, before)
    if change:
        s.log.add(kind, f"{change[0].upper()}{change[1:]}.")
