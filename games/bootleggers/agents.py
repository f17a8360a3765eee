"""The heuristic Bootleggers agent: scores each legal action with simple bootlegger sense.

- **Muscle**: it values each card on offer for itself, estimates from the cards not yet seen
  how many rivals a Muscle card is likely to beat, and so which offer that card should win;
  it lays a strong card when the best offer is well worth more than the leftovers (and a
  weak, cheap one when the offers are alike), keeping in mind that a strong card used now is
  missing later and that Muscle costs money.
- It builds influence where it can control, matches trucks to production, ships to the dock
  that should pay best, and plays Thug cards where they help it or hurt the leader: Copper in
  the House or a Bust where a rival's control would leave its crates unsold, Favors when it
  has crates and no room.

Its :class:`~tabletop.agents.Personality` sets how bold it is with harmful Thugs (aggression),
how much cash it keeps back and how dearly it prices a strong Muscle card (caution), and how
much it favours money now over stills and influence (greed). It sees only a determinized
copy of the state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabletop.agents.personality import Personality, blend
from tabletop.rng import Rng

from . import actions as A
from . import board, selling
from .board import MAJORITY, MINORITY, current_dock, standing, truck_by_id
from .cards import CARDS, MUSCLE_COST, SPEAKEASIES, SUBDECKS, TRUCK_BY_NAME, key_of
from .evaluation import worth
from .shipping import deal_key, offer_key
from .state import BootleggersState


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
    return THUG_VALUE.get(d.effect, 3)


#: Thugs worth more (or less) than the usual 3 when taken from the offers
THUG_VALUE = {"union_boss": 5, "windfall": 4, "recruiting": 4, "big_payoff": 4,
              "borrow_truck": 4, "buy_influence": 2, "investigation": 2, "muscle_bonus": 2}


def expected_income(s: BootleggersState, seat: int, i: int) -> float:
    """What ``seat``'s trucks lined up at Speakeasy ``i`` should earn in wholesale money as
    things stand: demand at its mean, the trucks ahead served first, a Public Dock truck
    let in only by a holder who is ``seat`` (half the time by another)."""
    d = SPEAKEASIES[i]
    if s.busted[i]:
        return 0.0
    price = board.wholesale(s, i, seat)
    if d.unlimited or s.coppered[i]:
        return float(price * sum(t.cargo for t in s.trucks if t.speakeasy == i
                                 and t.operator == seat))
    left = (d.dice + s.extra_dice[i]) * (3.5 + s.improvements[i])
    who, _ = board.holder(s, i)
    earned = 0.0
    for t in selling.line(s, i):
        share = 1.0 if t.dock >= MINORITY or who == t.operator else (0.5 if who >= 0 else 0)
        sold = min(float(t.cargo), left) * share
        left -= sold
        if t.operator == seat:
            earned += sold * price
    return earned


def _fair(crates: int) -> range:
    """Prices a bot asks for ``crates`` crates and takes: half a $G to $1G a crate."""
    return range((crates + 1) // 2, crates + 1)


def _controls(s: BootleggersState, seat: int, i: int) -> tuple[bool, bool]:
    who, ctl = board.holder(s, i)
    return who == seat, ctl and who == seat


def unseen_muscle(s: BootleggersState, seat: int) -> list[int]:
    """Muscle cards ``seat`` has not seen: neither in his hand nor shown in a round so far.
    The rivals' picks come from these (and the cards dealt to nobody, which he cannot tell
    apart)."""
    seen = set(s.muscle_hands[seat])
    for played in s.muscle_played:
        seen.update(played)
    return [c for first, last in SUBDECKS for c in range(first, last + 1) if c not in seen]


def rivals_above(unseen: list[int], card: int, rivals: int) -> float:
    """How many of ``rivals`` should lay a card above ``card``, if each draws one of
    ``unseen`` at random."""
    if not unseen:
        return 0.0
    return rivals * sum(1 for c in unseen if c > card) / len(unseen)


def value_at(values: list[float], place: float) -> float:
    """The value of the offer taken from ``values`` (best first) by the Mobster choosing in
    (fractional) ``place`` 0, 1, ...: interpolated between the neighbouring offers."""
    if not values:
        return 0.0
    k = min(int(place), len(values) - 1)
    nxt = values[min(k + 1, len(values) - 1)]
    frac = min(1.0, place - k)
    return values[k] * (1 - frac) + nxt * frac


class HeuristicAgent:
    """Scoring of the legal actions; near-ties are broken by its personality."""

    kind = "heuristic"
    view = "state"

    def __init__(self, personality: Personality | None = None) -> None:
        self.personality = personality or Personality.NEUTRAL
        p = self.personality
        self._cap: dict[int, int] = {}
        #: how much more than a harmless play a harmful Thug is worth to it
        self.boldness = blend(p.aggression, -0.6, 0.6)
        #: cash it keeps back before spending on Politics or strong Muscle
        self.reserve = blend(p.caution, 6, 18)
        #: the price (in offer value) of spending its strongest Muscle card now
        self.hoard = blend(p.caution, 1.0, 2.5)
        #: how much an $1G of Muscle cost weighs against an offer's value
        self.thrift = blend(p.greed, 0.2, 0.6)

    def choose(self, view: BootleggersState, legal_actions: Sequence[Any], rng: Rng) -> Any:
        s = view
        seat = s.to_act
        assert seat is not None
        if len(legal_actions) == 1:
            return legal_actions[0]
        self._cap = {p: _capacity(s, p) for p in range(s.players)}
        scored = [(self.score(s, seat, a), a) for a in legal_actions]
        return self.personality.pick(scored, rng)

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
            still: int = a.still
            return 5 - (still < 0) * 4 + (still == 0)
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
            return 1.0 if board.holder(s, a.speakeasy)[0] not in (seat, -1) else -1.0
        if t in (A.OfferCrates, A.OfferTruck):
            return self.score_offer(s, seat, a)
        if t is A.AskPrice:
            return self.score_price(s, seat, a.price)
        if t is A.AcceptDeal:
            return self.score_accept(s, seat, a)
        if t is A.RefuseDeal:
            return 0.0
        if t is A.LoadTruck:
            crates: int = a.crates
            return 10 + crates
        if t is A.SendTruck:
            return self.score_send(s, seat, a)
        if t is A.AllowTruck:
            top = s.decisions.top
            controlling = top is not None and _controls(s, seat, top.get("speakeasy"))[1]
            return 1.0 if a.allow == controlling else 0.0
        return 0.0

    def offer_values(self, s: BootleggersState, seat: int) -> list[float]:
        """What each card on offer is worth to ``seat``, best first."""
        values = [_offer_value(s, seat, i) for i, c in enumerate(s.offers) if c]
        if s.truck_offer:
            values.append(_offer_value(s, seat, -1))
        return sorted(values, reverse=True)

    def score_muscle(self, s: BootleggersState, seat: int, card: int) -> float:
        """The offer this card should win, less its cost and what a strong card is worth in
        a later round: a high card when the best offer stands out, a low one when it does
        not."""
        hand = sorted(s.muscle_hands[seat])
        values = self.offer_values(s, seat)
        cost = MUSCLE_COST[card]
        cash = s.cash(seat)
        if cost > cash:
            return -10.0 - cost
        place = rivals_above(unseen_muscle(s, seat), card, s.players - 1)
        gain = value_at(values, place)
        rank = hand.index(card) / max(1, len(hand) - 1)
        last = len(hand) == 1
        spare = cash - cost - self.reserve / 3
        return (gain - (0 if last else self.hoard * rank)
                - self.thrift * cost * (1.5 if spare < 0 else 1.0))

    def score_influence(self, s: BootleggersState, seat: int, i: int) -> float:
        counts = s.influence[i][:]
        muscle = [s.muscle_rank(p) for p in range(s.players)]
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
            who, _ = board.holder(s, a.target)
            if a.arg == seat or a.arg2 == seat:
                return -1
            if e == "double_cross" and a.arg < 0:
                return 1.5 if who != seat and s.influence[a.target][seat] > 0 else -1
            return (1.5 + self.boldness if who >= 0 and who != seat and who in (a.arg, a.arg2)
                    else -1)
        if e in ("bust_shipment", "steal_sale", "hijack"):
            cargo = truck_by_id(s, a.target).cargo
            return 1.0 + cargo / 10 + self.boldness if cargo >= 4 else -1
        if e == "steal_truck":
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
            return 0.5 + self.boldness + (0.3 if a.target == self.leader(s, seat) else 0.0)
        if e == "safe_house":
            # After the trucks line up, men stuck in a rival's Speakeasy come home to be
            # placed again next round where they can win something.
            stuck = sum(s.influence[i][seat] for i in range(1, s.speakeasy_count)
                        if board.holder(s, i)[0] not in (seat, -1))
            return 1.0 if step == "lined_up" and stuck >= 2 else -1
        if e == "copper_in_house":
            if step != "lined_up":
                return -1
            now = expected_income(s, seat, a.target)
            mine = sum(t.cargo for t in mine_at if t.speakeasy == a.target)
            who, ctl = board.holder(s, a.target)
            margin = SPEAKEASIES[a.target].profit(s.players) + s.profit_bonus[a.target]
            theirs = sum(t.cargo for t in s.trucks if t.speakeasy == a.target) - mine
            denied = margin * min(theirs, 6) if ctl and who not in (seat, -1) else 0
            gain = mine - now + 0.3 * denied
            return 1.0 + gain / 4 + self.boldness if gain >= 3 else -1
        if e == "bust_speakeasy":
            if step != "lined_up" or any(t.speakeasy == a.target for t in mine_at):
                return -1
            theirs = sum(t.cargo for t in s.trucks if t.speakeasy == a.target)
            return 0.5 + theirs / 8 + self.boldness if theirs >= 6 else -1
        if e == "muscle_bonus":
            return 0.5 if a.target == seat else -1
        if e == "move_improvement":
            return 1.0 if _controls(s, seat, a.arg)[1] and not _controls(s, seat, a.target)[1] \
                else -1
        return -1.0

    def leader(self, s: BootleggersState, seat: int) -> int:
        """The rival who looks richest in money and means."""
        return max((p for p in range(s.players) if p != seat), key=lambda p: worth(s, p))

    def score_offer(self, s: BootleggersState, seat: int, a: Any) -> float:
        """Sell crates we cannot carry to a Mobster with room, at a price he will take (half
        a $G to $1G a crate); never the same offer again once it was turned down this
        round."""
        if not isinstance(a, A.OfferCrates):
            return -1.0
        if not any(offer_key(seat, a, price) not in s.refused for price in _fair(a.crates)):
            return -2.0
        spare = s.crates[seat] - self._cap[seat]
        partner_room = self._cap[a.partner] - s.crates[a.partner]
        if spare >= a.crates and partner_room >= a.crates:
            return 0.5 + 0.1 * a.crates
        return -1.0

    def score_price(self, s: BootleggersState, seat: int, price: int) -> float:
        """The dearest fair price for the crates on offer not yet turned down."""
        top = s.decisions.top
        if top is None or top.get("what") != "crates":
            return -1.0
        n = top.get("n")
        if price not in _fair(n):
            return -1.0
        if deal_key(seat, top.get("partner"), "crates", n, price) in s.refused:
            return -2.0
        return 0.5 + 0.1 * price

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

        truck = truck_by_id(s, a.truck)
        i = a.speakeasy
        d = SPEAKEASIES[i]
        price = board.wholesale(s, i, seat)
        if d.unlimited or s.coppered[i]:
            return 10 + truck.cargo * price
        dock = current_dock(s, seat, i)
        dice = d.dice + s.extra_dice[i]
        demand = dice * (3.5 + s.improvements[i])
        ahead = sum(t.cargo for t in s.trucks if t.speakeasy == i and t.dock >= dock)
        sold = max(0.0, min(truck.cargo, demand - ahead))
        who, ctl = board.holder(s, i)
        if dock < MINORITY:
            sold *= 0.8 if ctl and who != seat else 0.2
        gain = sold * price
        if who == seat and ctl:
            gain += sold * (d.profit(s.players) + s.profit_bonus[i])
        return 10 + gain
