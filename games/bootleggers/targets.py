"""Playing Bootleggers from the board: the ids of the picture's elements (picture.py draws
them) and the elements each action acts on (``State.targets``).

The ids, stable all game:

- ``speakeasy-N`` a Speakeasy (N from 1, O'Malley's first), ``dock-N-majority`` its docks;
- ``truck-N`` a truck (its number, as the text says "Small Truck #N"): in its driver's panel
  while it waits, at its dock once sent;
- ``offer-truck``, ``offer-N`` the Truck card and the Men of Action offer spaces, ``deck``;
- ``seat-N`` a Mobster's row, ``back-room-N`` his Back Room, ``done`` the viewer's "Done"
  marker;
- ``still-N-family`` a Family Still, ``remote-still-N`` a Remote Still (its board number);
- the viewer's own cards by name: ``muscle-27``, ``thug-moll`` (a second Moll
  ``thug-moll-2``); another's face-down cards by their place only (``hand-2-thug-1``).

What an action targets: the thing it plays or moves first, then where it goes. A truck is sent
by its truck then the Speakeasy; a Thug card by the card then the Speakeasy, truck, still or
row it hits (several plays on one target share it: the page offers a menu there); an offer of
crates by the partner's row (a truck: the truck then the row), the price by the same row, the
answer to a deal by the seller's row; "is done" by the Done marker.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.pictures.targets import element_id

from .actions import (
    AcceptDeal,
    AllowTruck,
    AskPrice,
    ChooseRemote,
    EndTurn,
    LoadTruck,
    OfferCrates,
    OfferTruck,
    PayVigorish,
    PickMuscle,
    PlaceDie,
    PlaceImprovement,
    PlaceInfluence,
    PlayThug,
    React,
    RefuseDeal,
    SendTruck,
    TakeHome,
    TakeOffer,
)
from .board import DOCK_NAMES
from .cards import CARDS

if TYPE_CHECKING:
    from .state import BootleggersState

DONE = "done"
DECK = "deck"


def speakeasy(i: int) -> str:
    """Speakeasy ``i`` (0 = O'Malley's)."""
    return element_id("speakeasy", i + 1)


def dock(i: int, dock_code: int) -> str:
    """One of the three docks of Speakeasy ``i``."""
    return element_id("dock", i + 1, DOCK_NAMES[dock_code])


def truck(truck_id: int) -> str:
    """A truck, by the number players read ("Small Truck #3" is ``truck-3``)."""
    return element_id("truck", truck_id + 1)


def offer(slot: int) -> str:
    """Offer space ``slot`` (``-1``: the Truck card)."""
    return element_id("offer", "truck" if slot < 0 else slot + 1)


def seat_row(seat: int) -> str:
    """A Mobster's row (his name band)."""
    return element_id("seat", seat + 1)


def back_room(seat: int) -> str:
    """A Mobster's Back Room."""
    return element_id("back-room", seat + 1)


def family_still(seat: int) -> str:
    """A Mobster's Family Still."""
    return element_id("still", seat + 1, "family")


def remote_still(board: int) -> str:
    """Remote Still board ``board`` (from 0; its id counts from 1, as the text does)."""
    return element_id("remote-still", board + 1)


def muscle_card(number: int) -> str:
    """One of the viewer's own Muscle cards, by its number."""
    return element_id("muscle", number)


def thug_card(key: str, copy: int = 1) -> str:
    """One of the viewer's own Thug cards, by its kind (``copy``: the second of a kind ...)."""
    return element_id("thug", key) if copy == 1 else element_id("thug", key, copy)


def hidden_card(seat: int, hand: str, k: int) -> str:
    """Another Mobster's face-down card ``k`` of his ``hand`` ("thug" or "muscle"): named by
    its place, never by its face."""
    return element_id("hand", seat + 1, hand, k + 1)


def still_of(seat: int, code: int) -> str:
    """The still a die goes to: ``code`` 0 the Family Still, ``1 + r`` Remote Still r, ``-1``
    the Back Room (actions.py)."""
    if code < 0:
        return back_room(seat)
    return family_still(seat) if code == 0 else remote_still(code - 1)


# -- what each action acts on ----------------------------------------------------------------
def targets(s: BootleggersState, action: Any) -> tuple[str, ...]:
    """The elements ``action`` of the seat to act acts on (see the module docstring)."""
    seat = s.to_act
    if seat is None:
        return ()
    top = s.decisions.top
    if isinstance(action, PickMuscle):
        return (muscle_card(action.card),)
    if isinstance(action, TakeOffer):
        return (offer(action.slot),)
    if isinstance(action, PlaceInfluence | TakeHome):
        return (speakeasy(action.speakeasy),)
    if isinstance(action, PlaceImprovement):
        where = back_room(seat) if action.speakeasy < 0 else speakeasy(action.speakeasy)
        return (where,)
    if isinstance(action, PlaceDie):
        return (still_of(seat, action.still),)
    if isinstance(action, ChooseRemote):
        return (family_still(seat),)  # two dice or a new Remote Still: a menu there
    if isinstance(action, PlayThug):
        return _thug(s, action)
    if isinstance(action, React):
        if action.cancel:
            return (thug_card(_investigation()),)
        return (DONE,)
    if isinstance(action, PayVigorish):
        code = top.get("still") if top is not None else -1
        victim = top.seat if top is not None else seat
        return (family_still(victim) if code < 100 else remote_still(code - 100),)
    if isinstance(action, OfferCrates):
        return (seat_row(action.partner),)
    if isinstance(action, OfferTruck):
        return (truck(action.truck), seat_row(action.partner))
    if isinstance(action, AskPrice):
        partner = top.get("partner") if top is not None else seat
        return (seat_row(partner),)
    if isinstance(action, AcceptDeal | RefuseDeal):
        seller = top.get("seller") if top is not None else seat
        return (seat_row(seller),)
    if isinstance(action, LoadTruck):
        return (truck(action.truck),)
    if isinstance(action, SendTruck):
        return (truck(action.truck), speakeasy(action.speakeasy))
    if isinstance(action, AllowTruck):
        return (truck(top.get("truck")),) if top is not None else ()
    if isinstance(action, EndTurn):
        return (DONE,)
    return ()


def _investigation() -> str:
    return next(k for k, d in CARDS.items() if d.effect == "investigation")


def _thug(s: BootleggersState, a: PlayThug) -> tuple[str, ...]:
    """A Thug card, then what it hits (its ``target``/``arg`` codes as in thugs.py)."""
    card = thug_card(a.card)
    e = CARDS[a.card].effect
    if e in ("profit_bonus", "copper_in_house", "extra_demand_die", "packing_heat",
             "big_payoff", "bust_speakeasy", "destroy_influence", "move_improvement",
             "replace_influence", "double_cross"):
        return (card, speakeasy(a.target))
    if e in ("steal_truck", "bust_shipment", "steal_sale", "hijack"):
        return (card, truck(a.target))
    if e == "steal_die":
        return (card, remote_still(a.target))
    if e in ("vigorish", "turf_war"):
        return (card, family_still(a.target) if a.arg < 0 else remote_still(a.arg))
    if e in ("investigation", "muscle_bonus", "moll"):
        return (card, seat_row(a.target))
    return (card,)  # played on nothing: Windfall, Warehouse, Recruiting, a Favor ...
