"""Bootleggers' actions: frozen attrs values, the constant ones built once.

Codes used by several actions:

- a *still* is ``0`` for the acting Mobster's Family Still, ``1 + r`` for Remote Still ``r``
  and ``-1`` for the Back Room (where a die waits for later);
- a *speakeasy* is its index on the board (0 = O'Malley's), ``-1`` for the Back Room;
- a *truck* is its id in ``state.trucks``.
"""

from __future__ import annotations

import attrs


@attrs.frozen
class PickMuscle:
    """Lay Muscle card ``card`` face down (revealed once everyone has chosen)."""

    card: int


@attrs.frozen
class TakeOffer:
    """Take the card in offer space ``slot`` (``-1``: the Truck card)."""

    slot: int


@attrs.frozen
class ChooseRemote:
    """Redeem a Double Still Improvement as a new Remote Still (``True``) or two dice."""

    remote: bool


@attrs.frozen
class PlaceDie:
    """Put a Still Improvement die on still ``still`` (see the module codes)."""

    still: int


@attrs.frozen
class PlaceImprovement:
    """Put a Speakeasy Improvement marker on ``speakeasy`` (``-1``: keep it in the Back Room)."""

    speakeasy: int


@attrs.frozen
class PlaceInfluence:
    """Put one influence marker from the Back Room on ``speakeasy``."""

    speakeasy: int


@attrs.frozen
class PlayThug:
    """Play a Thug card of kind ``card`` from hand.

    ``target`` and ``arg``/``arg2`` mean what the card's effect needs (a speakeasy, a seat, a
    truck, a still); ``-1`` when unused. See thugs.py for each effect.
    """

    card: str
    target: int = -1
    arg: int = -1
    arg2: int = -1


@attrs.frozen
class React:
    """Answer a Thug card just played: cancel it with G-Men: Investigation, or let it stand."""

    cancel: bool


@attrs.frozen
class PayVigorish:
    """Pay A Little Vigorish (``True``) or let the still stand idle this round."""

    pay: bool


@attrs.frozen
class TakeHome:
    """Safe-house: bring one of your markers home from ``speakeasy``."""

    speakeasy: int


@attrs.frozen
class OfferCrates:
    """Offer ``crates`` of your crates to ``partner``; the price is named next
    (:class:`AskPrice`)."""

    partner: int
    crates: int


@attrs.frozen
class OfferTruck:
    """Offer your idle truck ``truck`` to ``partner``: rent it for this round or sell it; the
    price is named next (:class:`AskPrice`)."""

    partner: int
    truck: int
    sale: bool


@attrs.frozen
class AskPrice:
    """Name the price of the offer just made: ``price`` $G, or ``-1`` for one Thug card of
    the buyer's choice."""

    price: int


@attrs.frozen
class AcceptDeal:
    """Accept the deal on the table, paying in money (``card == ""``) or with a Thug card."""

    card: str = ""


@attrs.frozen
class RefuseDeal:
    """Turn the deal down."""


@attrs.frozen
class LoadTruck:
    """Load ``crates`` crates from the Back Room onto empty truck ``truck``."""

    truck: int
    crates: int


@attrs.frozen
class SendTruck:
    """Drive loaded truck ``truck`` to ``speakeasy``; the dock follows your influence there."""

    truck: int
    speakeasy: int


@attrs.frozen
class AllowTruck:
    """As Majority/Controlling holder, let the next truck at the Public Dock sell (or not)."""

    allow: bool


@attrs.frozen
class EndTurn:
    """Finish your part of the current step."""


END_TURN = EndTurn()
REFUSE = RefuseDeal()
ACCEPT_MONEY = AcceptDeal("")
REACT = (React(False), React(True))
PAY_VIG = (PayVigorish(False), PayVigorish(True))
ALLOW = (AllowTruck(False), AllowTruck(True))
CHOOSE_REMOTE = (ChooseRemote(False), ChooseRemote(True))
PICKS = tuple(PickMuscle(c) for c in range(73))
PLACE_DIE = {s: PlaceDie(s) for s in range(-1, 8)}
PLACE_IMPR = {s: PlaceImprovement(s) for s in range(-1, 6)}
PLACE_INF = tuple(PlaceInfluence(s) for s in range(6))
TAKE_OFFER = {s: TakeOffer(s) for s in range(-1, 6)}
TAKE_HOME = tuple(TakeHome(s) for s in range(6))

ACTION_TYPES = (
    PickMuscle, TakeOffer, ChooseRemote, PlaceDie, PlaceImprovement, PlaceInfluence, PlayThug,
    React, PayVigorish, TakeHome, OfferCrates, OfferTruck, AskPrice, AcceptDeal, RefuseDeal,
    LoadTruck, SendTruck, AllowTruck, EndTurn,
)
