"""Phase 5, "What's the Password?": Speakeasies buy crates, smallest open one first."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.bootleggers.actions import ALLOW
from games.bootleggers.board import MAJORITY, MINORITY, PUBLIC, standing
from games.bootleggers.cards import SPEAKEASIES

if TYPE_CHECKING:
    from games.bootleggers.board import Truck
    from games.bootleggers.state import BootleggersState

UNLIMITED = 10**6


def is_open(s: BootleggersState, i: int) -> bool:
    """O'Malley's always; another Speakeasy once its shaded circles are covered."""
    if i >= s.speakeasy_count:
        return False
    if i == 0:
        return True
    return sum(s.influence[i]) >= SPEAKEASIES[i].shaded


def holder(s: BootleggersState, i: int) -> tuple[int, bool]:
    """(seat with Majority or Controlling influence or -1, whether Controlling)."""
    if i == 0 or s.coppered[i]:
        return -1, False  # no influence counts at O'Malley's or under Copper in the House
    return standing(s.influence[i], [s.muscle(p) for p in range(s.players)], s.payoff[i])


def wholesale(s: BootleggersState, i: int, seller: int) -> int:
    """What the Speakeasy pays ``seller`` per crate this round."""
    if s.coppered[i]:
        return 1
    if s.packing[i] >= 0 and s.packing[i] != seller:
        return 1
    return SPEAKEASIES[i].wholesale(s.players)


def line(s: BootleggersState, i: int) -> list[Truck]:
    """Trucks waiting at Speakeasy ``i``: Majority dock, Minority dock, Public dock, each in
    the order they arrived (which is Muscle order)."""
    trucks = [t for t in s.trucks if t.speakeasy == i]
    trucks.sort(key=lambda t: (-t.dock, t.seq))
    return trucks


def start_selling(s: BootleggersState) -> None:
    """Queue every Speakeasy with trucks waiting, smallest first."""
    s.sell_queue = [i for i in range(s.speakeasy_count)
                    if any(t.speakeasy == i for t in s.trucks)]
    s.selling_at = -1


def sell_truck(s: BootleggersState, i: int, truck: Truck) -> None:
    """The Speakeasy buys what it still wants from this truck; the rest is lost."""
    n = min(truck.cargo, s.demand)
    if n > 0:
        seller = truck.pigeon if truck.pigeon >= 0 else truck.operator
        s.money.mint(f"seat:{seller}", n * wholesale(s, i, seller))
        s.demand -= n
        s.sold += n
    truck.cargo = 0


def open_speakeasy(s: BootleggersState, i: int) -> None:
    """Roll demand at Speakeasy ``i`` and sell the Majority and Minority docks."""
    s.selling_at = i
    s.sold = 0
    s.demand_roll = []
    trucks = line(s, i)
    if s.busted[i] or not is_open(s, i):
        for t in trucks:  # closed this round: nothing is bought, the crates are lost
            t.cargo = 0
        s.demand = 0
        s.public_line = []
        return
    if SPEAKEASIES[i].unlimited or s.coppered[i]:
        s.demand = UNLIMITED
        for t in trucks:
            sell_truck(s, i, t)
        s.public_line = []
        return
    dice = SPEAKEASIES[i].dice + s.extra_dice[i]
    s.demand_roll = [1 + s.rng.below(6) for _ in range(dice)]
    # Each improvement adds one to every consumption die (Phase 5.1).
    s.demand = sum(s.demand_roll) + dice * s.improvements[i]
    for t in trucks:
        if t.dock in (MAJORITY, MINORITY):
            sell_truck(s, i, t)
    s.public_line = [t.id for t in trucks if t.dock == PUBLIC]


def run_selling(s: BootleggersState) -> bool:
    """Sell on until a Public Dock question is pending (True) or all is sold (False)."""
    from games.bootleggers.shipping import truck_by_id

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
            for tid in s.public_line:
                truck_by_id(s, tid).cargo = 0
            s.public_line = []
        finish_speakeasy(s, i)


def allow_actions() -> tuple[Any, ...]:
    """Turn the truck down, or let it sell."""
    return ALLOW


def answer_allow(s: BootleggersState, prompt: Any, allow: bool) -> None:
    """The holder's word on the first truck at the Public Dock; a refusal ends the line."""
    from games.bootleggers.shipping import truck_by_id

    i = prompt.get("speakeasy")
    if allow:
        sell_truck(s, i, truck_by_id(s, s.public_line.pop(0)))
        return
    for tid in s.public_line:
        truck_by_id(s, tid).cargo = 0
    s.public_line = []


def finish_speakeasy(s: BootleggersState, i: int) -> None:
    """Pay the profit margin on every crate sold here to the Controlling holder."""
    who, controlling = holder(s, i)
    if who >= 0 and controlling and s.sold > 0 and not s.coppered[i]:
        margin = SPEAKEASIES[i].profit(s.players) + s.profit_bonus[i]
        if margin > 0:
            s.money.mint(f"seat:{who}", margin * s.sold)
    s.selling_at = -1
