"""Bootleggers as numbers: a fixed action space and a fixed-shape observation tensor.

**Actions.** Every action type has a few fields, each with a fixed domain, so an action is a
point in a small grid and its number is the grid's offset plus its place in it (mixed
radix). Trucks are numbered by their place in the table's list of trucks, not by their id:
at most :data:`TRUCK_SLOTS` (the 20 miniatures and the two Favor trucks) are ever in play,
while ids grow with every Favor truck lent. A Thug play's fields mean what its effect needs
(:data:`THUG_FIELDS`), so each card kind has its own small grid. The space does not depend
on the options; at 6 players it has :func:`space_size` numbers (fewer seats, the same
grid: numbers naming absent seats are simply never legal).

**Observation.** :func:`tensor` turns ``observation(seat)`` (and nothing else) into a flat
list of :func:`tensor_length` numbers for ``players`` seats; the blocks, in order:

- the round (/12), the step (one-hot over :data:`STEPS`), the seat to act (one-hot, plus
  "nobody"), the prompt's kind (one-hot over :data:`PROMPTS`, plus "none") and seat; for a
  deal or its price, what is offered (one-hot over :data:`DEAL_KINDS`, plus "none"), the
  crates or truck (/20) and the price asked (/20; -2/20 none yet, -1/20 a Thug card);
- per seat: shown Muscle (/72), Big City Boys bonus (/50), place in Muscle order, cards in
  hand, committed or not; the seat's own sealed pick (/72); 72 flags for the Muscle cards
  shown so far; 72 flags for the seat's own hand;
- its own money (/100); per seat the announced money (/100, -1 unknown) and the final money
  once over; per seat Thug cards held and Friendly Union Boss shown; its own Thug hand as a
  count per card kind (:data:`KEYS`); the pending Thug play (kind one-hot, target, args);
- the offers: per offer space a card-kind one-hot (plus "empty"); the Truck card's size
  one-hot (plus "none"); deck sizes; discards per card kind;
- the board: influence per Speakeasy and seat, improvements, per seat Back Room men, locked
  men, dice, improvement markers, Family Still dice, crates, Warehouse crates and flag,
  proposals left; per Remote Still its owner (one-hot plus "none") and dice; the Copper
  (one-hot plus "nobody"); per seat the last production total;
- per truck slot (:data:`TRUCK_SLOTS`): present, capacity, owner, renter (one-hot plus
  none), cargo, Speakeasy (one-hot plus "not sent"), dock, Favor, Move Over Pigeon;
- this round's Speakeasy effects (busted, coppered, margin bonus, extra dice, Big Payoff and
  Packing Heat seat + 1, /players), idle stills; selling (Speakeasy selling, demand, sold,
  Public Dock line, demand roll total); the game over flag.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import actions as A
from .board import REMOTE_BOARDS
from .cards import CARDS, SPEAKEASIES, TRUCKS, key_of
from .shipping import MAX_PRICE

if TYPE_CHECKING:
    from .state import BootleggersState

#: trucks on the table at once, at most: the box holds 12 Small, 5 Medium and 3 Large, and
#: the two Favor trucks, lent for a round, never stop a purchase (RULES.md)
TRUCK_SLOTS = sum(t.miniatures for t in TRUCKS.values()) + sum(
    c.count for c in CARDS.values() if c.effect == "borrow_truck")
MAX_SEATS = 6
SPEAKS = len(SPEAKEASIES)
#: card kinds (definition keys) of the Men of Action deck, in data order
KEYS = tuple(CARDS)
STEPS = ("muscle", "offers", "influence", "production", "deals", "loading", "loaded",
         "shipping", "lined_up", "selling", "over")
PROMPTS = ("die", "double", "impr", "react", "vig", "home", "deal", "allow", "price")
TRUCK_SIZES = tuple(sorted(TRUCKS))
#: what a deal hands over (a deal or price question's ``what``)
DEAL_KINDS = ("crates", "rent", "sale")


class Domain:
    """The values one field takes: ``size`` of them, numbered from 0."""

    size: int

    def encode(self, s: BootleggersState, value: Any) -> int:
        raise NotImplementedError

    def decode(self, s: BootleggersState, n: int) -> Any:
        raise NotImplementedError


class Span(Domain):
    """Whole numbers ``low`` .. ``high - 1``."""

    def __init__(self, low: int, high: int) -> None:
        self.low, self.size = low, high - low

    def encode(self, s: BootleggersState, value: Any) -> int:
        n = int(value) - self.low
        if type(value) not in (int, bool) or not 0 <= n < self.size:
            raise ValueError(f"{value!r} is outside {self.low}..{self.low + self.size - 1}")
        return n

    def decode(self, s: BootleggersState, n: int) -> Any:
        return self.low + n


class Flag(Span):
    """True or False."""

    def __init__(self) -> None:
        super().__init__(0, 2)

    def decode(self, s: BootleggersState, n: int) -> Any:
        return bool(n)


class Choice(Domain):
    """One of a fixed tuple of values."""

    def __init__(self, values: Sequence[Any]) -> None:
        self.values = tuple(values)
        self.size = len(self.values)

    def encode(self, s: BootleggersState, value: Any) -> int:
        return self.values.index(value)

    def decode(self, s: BootleggersState, n: int) -> Any:
        return self.values[n]


class TruckSlot(Domain):
    """A truck, by its place in ``s.trucks``; a place with no truck decodes to an id no
    truck has (the action is then simply not legal)."""

    size = TRUCK_SLOTS

    def encode(self, s: BootleggersState, value: Any) -> int:
        for n, t in enumerate(s.trucks):
            if t.id == value:
                return n
        raise ValueError(f"no truck has id {value!r}")

    def decode(self, s: BootleggersState, n: int) -> Any:
        return s.trucks[n].id if n < len(s.trucks) else -1 - n


NONE = Span(-1, 0)
SPEAKEASY = Span(0, SPEAKS)
SEAT = Span(0, MAX_SEATS)
SEAT_OR_NONE = Span(-1, MAX_SEATS)
STILL = Span(-1, REMOTE_BOARDS)  # -1 the Family Still, else a Remote Still
TRUCK = TruckSlot()

#: per Thug effect, the domains of PlayThug's target, arg and arg2 (thugs.targets)
_SPEAKEASY_ONLY = (SPEAKEASY, NONE, NONE)
_SEAT_ONLY = (SEAT, NONE, NONE)
_TRUCK_ONLY = (TRUCK, NONE, NONE)
_BARE = (NONE, NONE, NONE)
THUG_FIELDS: dict[str, tuple[Domain, Domain, Domain]] = {
    "profit_bonus": _SPEAKEASY_ONLY, "copper_in_house": _SPEAKEASY_ONLY,
    "extra_demand_die": _SPEAKEASY_ONLY, "packing_heat": _SPEAKEASY_ONLY,
    "big_payoff": _SPEAKEASY_ONLY, "bust_speakeasy": _SPEAKEASY_ONLY,
    "steal_die": (Span(0, REMOTE_BOARDS), Span(-1, REMOTE_BOARDS + 1), NONE),
    "steal_truck": _TRUCK_ONLY, "bust_shipment": _TRUCK_ONLY, "steal_sale": _TRUCK_ONLY,
    "investigation": _SEAT_ONLY, "muscle_bonus": _SEAT_ONLY, "moll": _SEAT_ONLY,
    "windfall": _BARE, "warehouse": _BARE, "safe_house": _BARE, "recruiting": _BARE,
    "union_boss": _BARE, "borrow_truck": _BARE,
    "buy_influence": (NONE, Span(1, 4), NONE),
    "vigorish": (SEAT, STILL, NONE), "turf_war": (SEAT, STILL, NONE),
    "destroy_influence": (SPEAKEASY, SEAT, SEAT_OR_NONE),
    "hijack": (TRUCK, TRUCK, NONE),
    "move_improvement": (SPEAKEASY, SPEAKEASY, NONE),
    "replace_influence": (SPEAKEASY, SEAT, NONE),
    "double_cross": (SPEAKEASY, SEAT_OR_NONE, NONE),
}
THUG_KEYS = tuple(k for k in KEYS if CARDS[k].kind == "thug")

#: the other action types: their fields in order, with domains
FIELDS: tuple[tuple[type, tuple[tuple[str, Domain], ...]], ...] = (
    (A.PickMuscle, (("card", Span(1, 73)),)),
    (A.TakeOffer, (("slot", Span(-1, MAX_SEATS)),)),
    (A.ChooseRemote, (("remote", Flag()),)),
    (A.PlaceDie, (("still", Span(-1, REMOTE_BOARDS + 1)),)),
    (A.PlaceImprovement, (("speakeasy", Span(-1, SPEAKS)),)),
    (A.PlaceInfluence, (("speakeasy", SPEAKEASY),)),
    (A.React, (("cancel", Flag()),)),
    (A.PayVigorish, (("pay", Flag()),)),
    (A.TakeHome, (("speakeasy", SPEAKEASY),)),
    # a deal is two steps: what (at most every crate in the box, or a truck), then the price
    # ($0G to MAX_PRICE, or -1: a Thug card)
    (A.OfferCrates, (("partner", SEAT), ("crates", Span(1, 71)))),
    (A.OfferTruck, (("partner", SEAT), ("truck", TRUCK), ("sale", Flag()))),
    (A.AskPrice, (("price", Span(-1, MAX_PRICE + 1)),)),
    (A.AcceptDeal, (("card", Choice(("", *THUG_KEYS))),)),
    (A.RefuseDeal, ()),
    (A.LoadTruck, (("truck", TRUCK), ("crates", Span(1, 10)))),
    (A.SendTruck, (("truck", TRUCK), ("speakeasy", SPEAKEASY))),
    (A.AllowTruck, (("allow", Flag()),)),
    (A.EndTurn, ()),
)
THUG_ARGS = ("target", "arg", "arg2")


def _grid(domains: Sequence[Domain]) -> int:
    size = 1
    for d in domains:
        size *= d.size
    return size


def _layout() -> tuple[dict[Any, int], list[tuple[int, Any]]]:
    """Each action type's (and each Thug kind's) first number, and the blocks in order."""
    starts: dict[Any, int] = {}
    blocks: list[tuple[int, Any]] = []
    at = 0
    for cls, fields in FIELDS:
        starts[cls] = at
        blocks.append((at, cls))
        at += _grid([d for _, d in fields])
    for key in THUG_KEYS:
        starts[key] = at
        blocks.append((at, key))
        at += _grid(THUG_FIELDS[CARDS[key].effect])
    blocks.append((at, None))
    return starts, blocks


_STARTS, _BLOCKS = _layout()
_FIELDS = dict(FIELDS)


def space_size() -> int:
    """How many numbers the action space holds (the same for every player count)."""
    return _BLOCKS[-1][0]


def _mix(s: BootleggersState, domains: Sequence[Domain], values: Sequence[Any]) -> int:
    n = 0
    for d, v in zip(domains, values, strict=True):
        n = n * d.size + d.encode(s, v)
    return n


def _unmix(s: BootleggersState, domains: Sequence[Domain], n: int) -> list[Any]:
    out = []
    for d in reversed(domains):
        n, r = divmod(n, d.size)
        out.append(d.decode(s, r))
    return out[::-1]


# bl-action-space
def action_index(s: BootleggersState, action: Any) -> int:
    """``action``'s number; ValueError for a value no Bootleggers action has."""
    if isinstance(action, A.PlayThug):
        if action.card not in THUG_KEYS:
            raise ValueError(f"{action.card!r} is no Thug card")
        domains = THUG_FIELDS[CARDS[action.card].effect]
        values = [getattr(action, f) for f in THUG_ARGS]
        return _STARTS[action.card] + _mix(s, domains, values)
    fields = _FIELDS.get(type(action))
    if fields is None:
        raise ValueError(f"{action!r} is not a Bootleggers action")
    return _STARTS[type(action)] + _mix(
        s, [d for _, d in fields], [getattr(action, name) for name, _ in fields])


def action_from_index(s: BootleggersState, index: int) -> Any:
    """The action numbered ``index`` (legal or not)."""
    if type(index) is not int or not 0 <= index < space_size():
        raise ValueError(f"action number {index!r} is outside 0 to {space_size() - 1}")
    start, what = max((b for b in _BLOCKS[:-1] if b[0] <= index), key=lambda b: b[0])
    if isinstance(what, str):
        values = _unmix(s, THUG_FIELDS[CARDS[what].effect], index - start)
        return A.PlayThug(what, *values)
    fields = _FIELDS[what]
    values = _unmix(s, [d for _, d in fields], index - start)
    return what(**{name: v for (name, _), v in zip(fields, values, strict=True)})


# -- the observation tensor ------------------------------------------------------------------
def _one_hot(value: Any, options: Sequence[Any]) -> list[float]:
    return [1.0 if value == o else 0.0 for o in options]


def tensor(obs: dict[str, Any], players: int) -> list[float]:
    """``obs`` (an ``observation(seat)``) as numbers; see the module docstring."""
    P = range(players)
    out: list[float] = [obs["round"] / 12]
    out += _one_hot(obs["step"], STEPS)
    out += _one_hot(obs["to_act"], [*P, None])
    prompt = obs["prompt"]
    out += _one_hot(prompt["kind"] if prompt else None, [*PROMPTS, None])
    out += _one_hot(prompt["seat"] if prompt else None, [*P, None])
    data = prompt["data"] if prompt else {}
    out += _one_hot(data.get("what"), [*DEAL_KINDS, None])
    out += [data.get("n", -1) / 20, data.get("price", -2) / 20]
    order = obs["order"]
    committed = obs["sealed"]["committed"]
    for p in P:
        out += [obs["shown"][p] / 72, obs["bonus"][p] / 50, order.index(p) / players,
                obs["muscle_hand_sizes"][p] / 12, float(p in committed)]
    out.append(obs["sealed"].get("own", 0) / 72)
    shown = {c for h in obs["muscle_played"] for c in h}
    out += [float(c in shown) for c in range(1, 73)]
    hand = set(obs["muscle_hand"] or ())
    out += [float(c in hand) for c in range(1, 73)]
    out.append((obs["money"] or 0) / 100)
    final = obs["final_money"]
    for p in P:
        out += [obs["announced"][p] / 100, final[p] / 100 if final else 0.0,
                obs["thug_counts"][p] / 5, float(bool(obs["union_boss"][p]))]
    thugs = [key_of(c) for c in obs["thugs"] or ()]
    out += [float(thugs.count(k)) for k in KEYS]
    pending = obs["pending_play"]
    out += _one_hot(pending["card"] if pending else None, [*KEYS, None])
    out += [(pending[f] if pending else -1) / 10 for f in THUG_ARGS]
    for c in obs["offers"] + [""] * (MAX_SEATS - len(obs["offers"])):
        out += _one_hot(key_of(c) if c else None, [*KEYS, None])
    truck_offer = obs["truck_offer"]
    out += _one_hot(key_of(truck_offer) if truck_offer else None,
                    [*(TRUCKS[k].id for k in TRUCK_SIZES), None])
    out += [obs["deck_size"] / 80, obs["truck_deck_size"] / 14, len(obs["truck_discards"]) / 14]
    discards = [key_of(c) for c in obs["discards"]]
    out += [float(discards.count(k)) for k in KEYS]
    for row in obs["influence"]:
        out += [row[p] / 5 for p in P]
    out += [x / 5 for x in obs["improvements"]]
    for p in P:
        out += [obs["back_influence"][p] / 5, obs["locked"][p] / 3, obs["back_dice"][p] / 3,
                obs["back_impr"][p] / 3, obs["family"][p] / 4, obs["crates"][p] / 20,
                obs["warehouse"][p] / 20, float(obs["warehouse_on"][p]),
                obs["proposals_left"][p] / 2, sum(obs["last_rolls"][p]) / 20]
    for owner, dice in zip(obs["remote_owner"], obs["remote_dice"], strict=True):
        out += _one_hot(owner, [*P, -1]) + [dice / 4]
    out += _one_hot(obs["copper"], [*P, -1])
    trucks = obs["trucks"]
    for slot in range(TRUCK_SLOTS):
        if slot >= len(trucks):
            out += [0.0] * (4 + players + (players + 1) + (SPEAKS + 1) + 3)
            continue
        _, cap, owner, renter, cargo, speak, dock, _, favor, pigeon = trucks[slot]
        out += [1.0, cap / 9, cargo / 9, dock / 2]
        out += _one_hot(owner, list(P)) + _one_hot(renter, [*P, -1])
        out += _one_hot(speak, [*range(SPEAKS), -1])
        out += [float(favor), float(pigeon >= 0), (pigeon + 1) / players]
    eff = obs["effects"]
    for i in range(SPEAKS):
        out += [float(eff["busted"][i]), float(eff["coppered"][i]), eff["profit_bonus"][i] / 3,
                eff["extra_dice"][i] / 3, (eff["payoff"][i] + 1) / players,
                (eff["packing"][i] + 1) / players]
    out.append(len(eff["idle_stills"]) / 6)
    sell = obs["selling"]
    out += _one_hot(sell["at"], [*range(SPEAKS), -1])
    out += [sell["demand"] / 50, sell["sold"] / 50, len(sell["public_line"]) / 10,
            sum(sell["roll"]) / 30, float(obs["over"])]
    return out


def tensor_length(players: int) -> int:
    """The length of :func:`tensor` at ``players`` seats."""
    P, K = players, len(KEYS)
    return (1 + len(STEPS) + (P + 1) + (len(PROMPTS) + 1) + (P + 1) + (len(DEAL_KINDS) + 1)
            + 2 + 5 * P + 1 + 72 + 72 + 1
            + 4 * P + K + (K + 1) + 3 + MAX_SEATS * (K + 1) + (len(TRUCK_SIZES) + 1) + 3 + K
            + SPEAKS * P + SPEAKS + 10 * P + REMOTE_BOARDS * (P + 2) + (P + 1)
            + TRUCK_SLOTS * (4 + P + (P + 1) + (SPEAKS + 1) + 3) + SPEAKS * 6 + 1
            + (SPEAKS + 1) + 5)
