"""Phase 4, Run the Whiskey: deals between Mobsters, loading, and lining up at the docks."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from tabletop.engine import seat_label

from . import words
from .actions import (
    ACCEPT_MONEY,
    REFUSE,
    AcceptDeal,
    AskPrice,
    LoadTruck,
    OfferCrates,
    OfferTruck,
    SendTruck,
)
from .board import DOCK_NAMES, Truck, current_dock, is_open, truck_by_id
from .cards import key_of
from .words import price_words

if TYPE_CHECKING:
    from tabletop.components import Prompt

    from .state import BootleggersState

#: The highest price a deal may ask, in $G: nobody starts a round with $100G (the game would
#: be over), and a buyer pays only with money he has (RULES.md, Deals).
MAX_PRICE = 99
#: A deal's price "one Thug card of the buyer's choice" instead of money.
THUG_PRICE = -1


# each of these actions is built once for its arguments: the same ones recur all game
_accept_deal = functools.cache(AcceptDeal)
_load_truck = functools.cache(LoadTruck)
_send_truck = functools.cache(SendTruck)


# -- deals -----------------------------------------------------------------------------------
def idle_trucks(s: BootleggersState, seat: int) -> list[Truck]:
    """Trucks ``seat`` owns and could hand over: not rented out, not lent by a Favor."""
    return [t for t in s.trucks
            if t.owner == seat and t.renter < 0 and not t.favor and t.cargo == 0]


def can_deal(s: BootleggersState, seat: int) -> bool:
    """Whether ``seat`` has any offer to make (what :func:`deal_actions` would list), without
    building the list: an offer left, and crates or an idle truck to offer."""
    return s.proposals_left[seat] > 0 and (s.crates[seat] > 0 or any(
        t.owner == seat and t.renter < 0 and not t.favor and t.cargo == 0 for t in s.trucks))


def deal_actions(s: BootleggersState, seat: int) -> list[Any]:
    """Offers ``seat`` may make, partner by partner: any number of his crates, each idle
    truck for rent or for sale (the price is named next, :func:`price_actions`)."""
    if s.proposals_left[seat] <= 0:
        return []
    have = s.crates[seat]
    trucks = [t.id for t in idle_trucks(s, seat)]
    out: list[Any] = []
    for partner in range(s.players):
        if partner == seat:
            continue
        out += _crate_offers(partner, have)
        for t in trucks:
            out += _truck_offers(partner, t)
    return out


@functools.cache
def _crate_offers(partner: int, have: int) -> tuple[OfferCrates, ...]:
    """1 to ``have`` crates offered to ``partner`` (built once: they recur all game)."""
    return tuple(OfferCrates(partner, n) for n in range(1, have + 1))


@functools.cache
def _truck_offers(partner: int, truck: int) -> tuple[OfferTruck, ...]:
    """Truck ``truck`` offered to ``partner``, for rent and for sale."""
    return (OfferTruck(partner, truck, False), OfferTruck(partner, truck, True))


#: the seller's answers to "what price?": $0G to MAX_PRICE, then a Thug card
PRICES = tuple(AskPrice(p) for p in range(MAX_PRICE + 1)) + (AskPrice(THUG_PRICE),)


def propose(s: BootleggersState, seat: int, offer: OfferCrates | OfferTruck) -> None:
    """The seller says what he offers and to whom; he names the price next."""
    s.proposals_left[seat] -= 1
    if isinstance(offer, OfferCrates):
        s.decisions.push(seat, "price", what="crates", partner=offer.partner, n=offer.crates)
    else:
        s.decisions.push(seat, "price", what="sale" if offer.sale else "rent",
                         partner=offer.partner, n=offer.truck)


# bl-deal-price
def price_actions(s: BootleggersState, ask: Prompt) -> list[Any]:
    """Every price a seller may ask: any sum up to MAX_PRICE, or a Thug card."""
    return list(PRICES)


def name_price(s: BootleggersState, prompt: Prompt, action: AskPrice) -> None:
    """The offer with its price goes to the partner, who accepts or refuses."""
    price = action.price
    s.decisions.push(prompt.get("partner"), "deal", what=prompt.get("what"), seller=prompt.seat,
                     n=prompt.get("n"), price=price)


def accept_actions(s: BootleggersState, prompt: Prompt) -> list[Any]:
    """Refuse, or accept paying the price (a Thug card of one's choice when one is asked)."""
    seat = prompt.seat
    price = prompt.get("price")
    out: list[Any] = [REFUSE]
    if price >= 0:
        if s.cash(seat) >= price:
            out.append(ACCEPT_MONEY)
    else:
        for key in sorted({key_of(c) for c in s.hands[seat]}):
            out.append(_accept_deal(key))
    return out


def deal_key(seller: int, partner: int, what: str, n: int, price: int) -> str:
    """A deal as a short key, to remember a refusal (``state.refused``)."""
    return f"{seller}:{partner}:{what}:{n}:{price}"


def offer_key(seller: int, offer: OfferCrates | OfferTruck, price: int) -> str:
    """The key of the deal an offer would put on the table at ``price``."""
    if isinstance(offer, OfferCrates):
        return deal_key(seller, offer.partner, "crates", offer.crates, price)
    return deal_key(seller, offer.partner, "sale" if offer.sale else "rent", offer.truck,
                    price)


# bl-deals, bl-deal-card-private, bl-rented-truck
def answer_deal(s: BootleggersState, prompt: Prompt, answer: Any) -> None:
    """Carry out an accepted deal; payment in money or Thug card is final."""
    buyer = prompt.seat
    seller = prompt.get("seller")
    price = prompt.get("price")
    kind = prompt.get("what")
    n = prompt.get("n")
    if not isinstance(answer, AcceptDeal):
        # the refusal itself is the move's own line ("turns down ..."): nothing changes
        s.refused.append(deal_key(seller, buyer, kind, n, price))
        return
    if answer.card:
        hand = s.hands[buyer]
        card = next(c for c in hand if key_of(c) == answer.card)
        hand.remove(card)
        s.hands[seller].append(card)
        paid = "with a Thug card"
        s.log.add("deal card", f"{seat_label(buyer)} pays you with {words.card(card)}.",
                  to=seller)
    else:
        s.money.transfer(f"seat:{buyer}", f"seat:{seller}", price)
        paid = price_words(price)
    who, other = seat_label(buyer), seat_label(seller)
    if kind == "crates":
        s.crates[seller] -= n
        s.crates[buyer] += n
        s.log.add("deal", f"Deal: {who} buys {words.crates(n)} from {other} {paid} (Back "
                  f"Rooms now {s.crates[buyer]} and {s.crates[seller]} crates).")
        return
    truck = truck_by_id(s, n)
    if kind == "rent":
        truck.renter = buyer
        s.log.add("deal", f"Deal: {who} rents {other}'s {words.truck(truck)} for this round "
                  f"{paid}.")
    else:
        truck.owner = buyer
        s.log.add("deal", f"Deal: {who} buys {other}'s {words.truck(truck)} {paid}; "
                  "it is his for good.")


# -- loading ---------------------------------------------------------------------------------
def empty_trucks(s: BootleggersState, seat: int) -> list[Truck]:
    """Empty trucks ``seat`` drives this round and has not sent anywhere."""
    return [t for t in s.trucks if t.operator == seat and t.cargo == 0 and t.speakeasy < 0]


# bl-loading
def load_actions(s: BootleggersState, seat: int) -> list[Any]:
    """Load some crates on one empty truck (a crate once loaded never moves again)."""
    have = s.crates[seat]
    if not have:
        return []
    out = []
    for t in empty_trucks(s, seat):
        for n in range(min(have, t.capacity), 0, -1):
            out.append(_load_truck(t.id, n))
    return out


def load(s: BootleggersState, seat: int, action: LoadTruck) -> None:
    """Put crates from the Back Room on a truck."""
    s.crates[seat] -= action.crates
    truck_by_id(s, action.truck).cargo = action.crates


# -- lining up -------------------------------------------------------------------------------
# bl-shipping
def send_actions(s: BootleggersState, seat: int) -> list[Any]:
    """Each loaded truck must go to an open Speakeasy."""
    trucks = [t for t in s.trucks if t.operator == seat and t.cargo > 0 and t.speakeasy < 0]
    if not trucks:
        return []
    targets = [i for i in range(s.speakeasy_count)
               if is_open(s, i) and not s.busted[i]]
    return [_send_truck(t.id, i) for t in trucks for i in targets]


def line_up(s: BootleggersState, truck: Truck, speakeasy: int) -> None:
    """Park a truck at the back of its dock at ``speakeasy``."""
    truck.speakeasy = speakeasy
    truck.dock = current_dock(s, truck.operator, speakeasy)
    truck.seq = s.next_seq
    s.next_seq += 1


def send(s: BootleggersState, seat: int, action: SendTruck) -> None:
    """Drive a truck to a Speakeasy."""
    line_up(s, truck_by_id(s, action.truck), action.speakeasy)


def redock(s: BootleggersState, speakeasy: int) -> None:
    """Big Payoff: the trucks at this Speakeasy line up again by the new influence."""
    for t in s.trucks:
        if t.speakeasy == speakeasy:
            dock = current_dock(s, t.operator, speakeasy)
            if dock != t.dock:
                s.log.add("trucks line up again", f"{words.owned_truck(t)} moves to the "
                          f"{DOCK_NAMES[dock]} Dock of {words.speakeasy(speakeasy)}.")
            t.dock = dock


# bl-unloaded-lost
def finish_shipping(s: BootleggersState) -> None:
    """End of Phase 4: crates not on a truck are lost, unless kept by a Warehouse."""
    for p in range(s.players):
        left = s.crates[p]
        if left and s.warehouse_on[p]:
            s.warehouse[p] += left
            s.log.add("warehouse", f"{seat_label(p)}'s Warehouse keeps his "
                      f"{words.crates(left)} left unloaded for next round.")
        elif left:
            s.log.add("crates lost", f"{seat_label(p)} dumps the {words.crates(left)} he did "
                      "not load (crates not on a truck are lost).")
        s.crates[p] = 0


# bl-return-trucks
def return_trucks(s: BootleggersState) -> None:
    """After Phase 5: crates go back, rented trucks to their owners, Favor trucks to the
    supply."""
    kept = []
    for t in s.trucks:
        if t.favor:
            s.log.add("trucks return", f"{seat_label(t.owner)}'s Favor ends: his "
                      f"{words.truck(t)} goes back to the supply.")
            continue
        if t.renter >= 0:
            s.log.add("trucks return", f"{seat_label(t.renter)}'s rental ends: "
                      f"{words.truck(t)} goes back to {seat_label(t.owner)}.")
        t.renter = -1
        t.cargo = 0
        t.speakeasy = -1
        t.dock = 0
        t.pigeon = -1
        kept.append(t)
    s.trucks = kept
