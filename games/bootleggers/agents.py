"""The heuristic Bootleggers agent: scores each legal action with simple bootlegger sense.

It bids high when a valuable offer is on the table, builds influence where it can control,
matches trucks to production, ships to the dock that should pay best, and plays Thug cards
where they help it or hurt the leader. It sees only a determinized copy of the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.bootleggers import actions as A
from games.bootleggers import selling
from games.bootleggers.board import MAJORITY, MINORITY, standing
from games.bootleggers.cards import CARDS, MUSCLE_COST, SPEAKEASIES, key_of
from games.bootleggers.muscle import TRUCK_BY_NAME
from games.bootleggers.shipping import offer_key
from games.bootleggers.state import BootleggersState
from tabletop.rng import Rng


def _production(s: BootleggersState, seat: int) -> float:
    dice = s.family[seat] + sum(d for r, d in enumerate(s.remote_dice) if s.remote_owner[r] == seat)
    return 3.5 * dice


def _capacity(s: BootleggersState, seat: int) -> int:
    return sum(t.capacity for t in s.trucks if t.operator == seat)


def _offer_value(s: BootleggersState, seat: int, slot: int) -> float:
    late = s.round_no > s.last_round - 3
    if slot < 0:
        size = TRUCK_BY_NAME[s.truck_offer.partition("#")[0]]
        if s.cash(seat) < size.price:
            return -1
        short = _production(s, seat) - _capacity(s, seat)
        return 2 + min(short, size.capacity) if short > 0 else 0.5
    d = CARDS[key_of(s.offers[slot])]
    if d.kind == "influence":
        return (1 if late else 5) * d.amount
    if d.kind == "still":
        return 0.5 if late else 4
    if d.kind == "double_still":
        return 1 if late else 7
    if d.kind == "speakeasy_improvement":
        return 2
    return 3


def _controls(s: BootleggersState, seat: int, i: int) -> tuple[bool, bool]:
    who, ctl = selling.holder(s, i)
    return who == seat, ctl and who == seat


class HeuristicAgent:
    """Greedy scoring of the legal actions (ties broken at random)."""

    kind = "heuristic"
    view = "state"

    def __init__(self) -> None:
        self._cap: dict[int, int] = {}

    def choose(self, view: BootleggersState, legal_actions: Sequence[Any], rng: Rng) -> Any:
        s = view
        seat = s.to_act
        assert seat is not None
        if len(legal_actions) == 1:
            return legal_actions[0]
        self._cap = {p: _capacity(s, p) for p in range(s.players)}
        best, best_score = [], -1e9
        for a in legal_actions:
            sc = self.score(s, seat, a)
            if sc > best_score:
                best, best_score = [a], sc
            elif sc == best_score:
                best.append(a)
        return best[rng.below(len(best))]

    # -- scoring ------------------------------------------------------------------------------
    def score(self, s: BootleggersState, seat: int, a: Any) -> float:
        t = type(a)
        if t is A.EndTurn:
            return 0.0
        if t is A.PickMuscle:
            return self.score_muscle(s, seat, a.card)
        if t is A.TakeOffer:
            return 10 + _offer_value(s, seat, a.slot)
        if t is A.PlaceDie:
            return 5 - (a.still < 0) * 4 + (a.still == 0)
        if t is A.ChooseRemote:
            return 1.0 if a.remote == (s.family[seat] >= 3) else 0.0
        if t is A.PlaceImprovement:
            if a.speakeasy < 0:
                return 1.0
            return 3.0 if _controls(s, seat, a.speakeasy)[1] else -0.5
        if t is A.PlaceInfluence:
            return self.score_influence(s, seat, a.speakeasy)
        if t is A.PlayThug:
            return self.score_thug(s, seat, a)
        if t is A.React:
            return 1.0 if a.cancel == self.hurts_me(s, seat) else 0.0
        if t is A.PayVigorish:
            return 1.0 if a.pay else 0.0
        if t is A.TakeHome:
            return -1.0
        if t in (A.OfferCrates, A.OfferTruck):
            return self.score_offer(s, seat, a)
        if t is A.AcceptDeal:
            return self.score_accept(s, seat, a)
        if t is A.RefuseDeal:
            return 0.0
        if t is A.LoadTruck:
            return 10 + a.crates
        if t is A.SendTruck:
            return self.score_send(s, seat, a)
        if t is A.AllowTruck:
            top = s.decisions.top
            controlling = top is not None and _controls(s, seat, top.get("speakeasy"))[1]
            return 1.0 if a.allow == controlling else 0.0
        return 0.0

    def score_muscle(self, s: BootleggersState, seat: int, card: int) -> float:
        hand = s.muscle_hands[seat]
        best_offer = max(
            [_offer_value(s, seat, i) for i, c in enumerate(s.offers) if c]
            + ([_offer_value(s, seat, -1)] if s.truck_offer else []), default=0)
        cost = MUSCLE_COST[card]
        if cost > s.cash(seat):
            return -cost
        rank = sorted(hand).index(card) / max(1, len(hand) - 1)
        # Valuable offers: bid high; otherwise save the strong cards and the money.
        want_high = best_offer >= 5 or s.round_no <= 2
        return (rank if want_high else 1 - rank) - 0.1 * cost

    def score_influence(self, s: BootleggersState, seat: int, i: int) -> float:
        counts = s.influence[i][:]
        muscle = [s.muscle(p) for p in range(s.players)]
        before_who, before_ctl = standing(counts, muscle)
        counts[seat] += 1
        who, ctl = standing(counts, muscle)
        d = SPEAKEASIES[i]
        value = d.dice + d.profit(s.players)
        sc = 1.0
        if who == seat and ctl:
            sc = 6 + value
            if before_who == seat and before_ctl:
                total = sum(counts)
                sc = 2 + value / 2 if 2 * counts[seat] - total <= 2 else 0.5
        elif who == seat:
            sc = 4 + value
        if sum(counts) >= d.shaded > sum(counts) - 1:
            sc += 2
        return sc

    def hurts_me(self, s: BootleggersState, seat: int) -> bool:
        a = s.pending_play
        if a is None:
            return False
        e = CARDS[a.card].effect
        if e in ("moll", "vigorish", "turf_war", "investigation"):
            return a.target == seat
        if e in ("destroy_influence", "replace_influence", "double_cross"):
            return seat in (a.arg, a.arg2)
        if e in ("steal_truck", "bust_shipment", "steal_sale", "hijack"):
            from games.bootleggers.shipping import truck_by_id
            return truck_by_id(s, a.target).operator == seat or truck_by_id(
                s, a.target).owner == seat
        if e == "steal_die":
            return s.remote_owner[a.target] == seat
        if e in ("big_payoff", "packing_heat"):
            return any(t.speakeasy == a.target and t.operator == seat for t in s.trucks)
        return False

    def score_thug(self, s: BootleggersState, seat: int, a: A.PlayThug) -> float:
        d = CARDS[a.card]
        e = d.effect
        step = s.step
        mine_at = [t for t in s.trucks if t.operator == seat and t.speakeasy >= 0]
        if e in ("windfall", "recruiting", "union_boss", "steal_die"):
            return 2.0
        if e == "investigation":
            return 1.0
        if e == "buy_influence":
            spare = s.cash(seat) - 12 - a.arg * d.price
            return 1.0 + a.arg * 0.1 if spare >= 0 else -1
        if e in ("profit_bonus", "extra_demand_die"):
            return 2.0 if step == "lined_up" and _controls(s, seat, a.target)[1] and any(
                t.speakeasy == a.target for t in mine_at) else -1
        if e == "big_payoff":
            cargo = sum(t.cargo for t in mine_at if t.speakeasy == a.target and t.dock != MAJORITY)
            return 1.0 if step == "lined_up" and cargo >= 4 and s.cash(seat) >= 10 else -1
        if e == "packing_heat":
            theirs = sum(t.cargo for t in s.trucks if t.speakeasy == a.target
                         and t.operator != seat)
            return 1.0 if step == "lined_up" and theirs >= 6 and any(
                t.speakeasy == a.target for t in mine_at) else -1
        if e in ("destroy_influence", "replace_influence", "double_cross"):
            who, _ = selling.holder(s, a.target)
            if a.arg == seat or a.arg2 == seat:
                return -1
            if e == "double_cross" and a.arg < 0:
                return 1.5 if who != seat and s.influence[a.target][seat] > 0 else -1
            return 1.5 if who >= 0 and who != seat and who in (a.arg, a.arg2) else -1
        if e in ("bust_shipment", "steal_sale", "hijack"):
            from games.bootleggers.shipping import truck_by_id
            cargo = truck_by_id(s, a.target).cargo
            return 1.0 + cargo / 10 if cargo >= 4 else -1
        if e == "steal_truck":
            from games.bootleggers.shipping import truck_by_id
            return 1.0 if truck_by_id(s, a.target).capacity < 9 else -1
        if e == "borrow_truck":
            spare = s.crates[seat] - sum(t.capacity for t in s.trucks
                                         if t.operator == seat and t.cargo == 0)
            return 2.0 if spare >= 3 else -1
        if e == "warehouse":
            spare = s.crates[seat] - sum(t.capacity for t in s.trucks
                                         if t.operator == seat and t.cargo == 0)
            return 1.0 if step == "loading" and spare >= 3 else -1
        if e in ("moll", "vigorish", "turf_war"):
            return 0.5
        if e == "muscle_bonus":
            return 0.5 if a.target == seat else -1
        if e == "move_improvement":
            return 1.0 if _controls(s, seat, a.arg)[1] and not _controls(s, seat, a.target)[1] \
                else -1
        return -1.0

    def score_offer(self, s: BootleggersState, seat: int, a: Any) -> float:
        """Sell crates we cannot carry to a Mobster with room, at a price he will take;
        never the same offer again once it was turned down this round."""
        if offer_key(seat, a) in s.refused:
            return -2.0
        if isinstance(a, A.OfferCrates) and 0 <= a.price <= a.crates <= 2 * a.price:
            spare = s.crates[seat] - self._cap[seat]
            partner_room = self._cap[a.partner] - s.crates[a.partner]
            if spare >= a.crates and partner_room >= a.crates:
                return 0.5 + 0.1 * a.price
        return -1.0

    def score_accept(self, s: BootleggersState, seat: int, a: A.AcceptDeal) -> float:
        top = s.decisions.top
        if a.card or top is None:
            return -1.0
        what, n, price = top.get("what"), top.get("n"), top.get("price")
        room = self._cap[seat] - s.crates[seat]
        if what == "crates":
            return 1.0 if room >= n and price <= n else -1.0
        if what == "rent":
            return 1.0 if -room >= 3 and price <= 2 else -1.0
        return 1.0 if -room >= 4 and price <= 3 else -1.0

    def score_send(self, s: BootleggersState, seat: int, a: A.SendTruck) -> float:
        from games.bootleggers.shipping import current_dock, truck_by_id

        truck = truck_by_id(s, a.truck)
        i = a.speakeasy
        d = SPEAKEASIES[i]
        price = selling.wholesale(s, i, seat)
        if d.unlimited or s.coppered[i]:
            return 10 + truck.cargo * price
        dock = current_dock(s, seat, i)
        dice = d.dice + s.extra_dice[i]
        demand = dice * (3.5 + s.improvements[i])
        ahead = sum(t.cargo for t in s.trucks if t.speakeasy == i and t.dock >= dock)
        sold = max(0.0, min(truck.cargo, demand - ahead))
        who, ctl = selling.holder(s, i)
        if dock < MINORITY:
            sold *= 0.8 if ctl and who != seat else 0.2
        gain = sold * price
        if who == seat and ctl:
            gain += sold * (d.profit(s.players) + s.profit_bonus[i])
        return 10 + gain
