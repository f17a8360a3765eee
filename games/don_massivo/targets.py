"""Playing from the board: the element ids of the picture (``picture.py`` draws them) and the
elements each action acts on (``State.targets``), so that a player can click the table.

An action names first what it acts on (a token, a card, a location, a fence), then, when it
moves something, where it goes: a token to a location, a card from the hand into the display,
onto a discard pile, to the fence it is sold to or into a robbery. Decisions that stand on one
element share it and the page offers a small menu there: paying or robbing a player (his token
where the meeting is), stealing or recruiting (the West Side), every sum of one money
question (the display's notes, a gangster added face down, a kind of loot at the Casino).
"Done" in its many forms (no more locations, close the sale, stand down, end the turn) is a
marker drawn in the row of the seat to act.

Ids say only what the viewer may see: his own cards, the displays' face-up cards and the cards
in a robbery by their card ids; the others' hands and face-down cards by their places.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.pictures.targets import element_id

from .actions import (
    WEST,
    DiscardCard,
    Done,
    FaceDown,
    GiveLoot,
    Guard,
    LayGangster,
    LeanOnFence,
    Move,
    Pay,
    PayCash,
    PlaceToken,
    Recruit,
    Rob,
    SellCard,
    SellTo,
    SendSpecialist,
    SetDisplayMoney,
    ShowGangster,
    Stake,
    Steal,
    Strike,
    TakeBackGangster,
    TakeBackMoney,
    Use,
)
from .cards import GANGSTERS

if TYPE_CHECKING:
    from .state import DonMassivoState

DONE_ID = "done"
"""The "Done" marker in the row of the seat to act."""
ROBBERY_ID = "robbery"
"""The robbery under way: the gangsters laid and thrown in."""
STAY_OUT_ID = "casino-stay-out"
"""Staying out of the Casino game."""


def location_id(location: str) -> str:
    """A location box of the board: ``location-west``."""
    return element_id("location", location)


def token_id(seat: int, token: int) -> str:
    """Token ``token`` (0 or 1) of ``seat``: ``token-2-1`` is Player 2's first token."""
    return element_id("token", seat + 1, token + 1)


def fence_id(pile: int) -> str:
    """Fence pile ``pile`` (0-2) with its face-up top card: ``fence-1``."""
    return element_id("fence", pile + 1)


def deck_id(deck: str, discards: bool) -> str:
    """A draw pile or a discard pile: ``gangster-pile``, ``stooge-discards``."""
    return element_id(deck, "discards" if discards else "pile")


def card_id(card: str) -> str:
    """A card its viewer sees face up, by its card id: ``card-g-mon-01``."""
    return element_id("card", card)


def hidden_id(seat: int, place: str, index: int) -> str:
    """A card ``seat``'s viewer may not see, by its place: ``hand-2-card-3`` (the third card
    of Player 2's hand), ``display-2-card-1`` (his first gangster face down)."""
    return element_id(place, seat + 1, "card", index + 1)


def seat_id(seat: int) -> str:
    """A player's band (name and whose turn): ``seat-2``."""
    return element_id("seat", seat + 1)


def counter_id(seat: int, name: str) -> str:
    """One of a player's counters: ``counter-2-money-pile``."""
    return element_id("counter", seat + 1, name)


def pile_id(seat: int) -> str:
    """The money a player holds off his display (his pile)."""
    return counter_id(seat, "money")


def hand_id(seat: int) -> str:
    """A player's hand: ``hand-2``."""
    return element_id("hand", seat + 1)


def display_id(seat: int) -> str:
    """A player's display: ``display-2``."""
    return element_id("display", seat + 1)


def display_money_id(seat: int) -> str:
    """The notes face up in a player's display: ``display-2-money``."""
    return element_id("display", seat + 1, "money")


def down_notes_id(seat: int) -> str:
    """The notes added face down to a player's display: ``display-2-notes-down``."""
    return element_id("display", seat + 1, "notes", "down")


def casino_id(kind: str) -> str:
    """Staking on a kind of loot at the Casino: ``casino-jewellery``."""
    return element_id("casino", kind)


def targets(state: DonMassivoState, action: Any) -> tuple[str, ...]:
    """The picture's elements ``action`` acts on (see the module's docstring)."""
    seat = state.to_act
    if seat is None:
        return ()
    if isinstance(action, PlaceToken):
        return (location_id(action.location),)
    if isinstance(action, Move):
        return token_id(seat, action.token), location_id(action.location)
    if isinstance(action, (TakeBackMoney, SetDisplayMoney)):
        return (display_money_id(seat),)
    if isinstance(action, TakeBackGangster):
        return card_id(action.card), hand_id(seat)
    if isinstance(action, (Pay, Rob)):
        return (_meeting(state, action.target),)
    if isinstance(action, PayCash):
        return pile_id(seat), seat_id(state.target)
    if isinstance(action, GiveLoot):
        return card_id(action.card), seat_id(state.target)
    if isinstance(action, (LayGangster, Guard)):
        return card_id(action.card), ROBBERY_ID
    if isinstance(action, Strike):
        return (ROBBERY_ID,)
    if isinstance(action, (Recruit, Steal)):
        return (location_id(WEST),)
    if isinstance(action, Use):
        return (location_id(action.location),)
    if isinstance(action, (LeanOnFence, SellTo)):
        return (fence_id(action.pile),)
    if isinstance(action, SendSpecialist):
        return card_id(action.card), location_id(WEST)
    if isinstance(action, SellCard):
        return card_id(action.card), fence_id(state.sell_pile)
    if isinstance(action, Done):
        return (DONE_ID,)
    if isinstance(action, Stake):
        return (casino_id(action.kind) if action.amount else STAY_OUT_ID,)
    if isinstance(action, FaceDown):
        if action.card:
            return card_id(action.card), display_id(seat)
        return (display_money_id(seat),)
    if isinstance(action, ShowGangster):
        return card_id(action.card), display_id(seat)
    if isinstance(action, DiscardCard):
        deck = "gangster" if action.card in GANGSTERS else "stooge"
        return card_id(action.card), deck_id(deck, discards=True)
    return ()


def _meeting(state: DonMassivoState, other: int) -> str:
    """Where the current player meets ``other``: his token at the location of the token just
    moved, else (a 2-player payment without a meeting) his band."""
    here = state.tokens[state.current][state.moved]
    for t, location in enumerate(state.tokens[other]):
        if location == here:
            return token_id(other, t)
    return seat_id(other)


DONE_WORDS = {
    "locations": "Done: end phase 3", "sell": "Close the sale", "defend": "Stand down",
    "refresh_take": "Done taking back", "refresh_add": "End the turn",
}
"""What the "Done" marker says at each step that has one."""
