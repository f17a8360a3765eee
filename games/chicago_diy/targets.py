"""What a Chicago DIY player clicks on the board: the ids of the picture's elements
(:mod:`tabletop_games.chicago_diy.picture` draws them) and, for each action, the elements it acts on.

- the draw pile: draw a card; your henchmen: hire one;
- a rival's territory: battle for it;
- a hit man (ace) in your hand, then a rival's henchmen: eliminate one of them;
- a joker in your hand, then a rival's territory: raid it or take it;
- a money card in your hand: put it toward the price due;
- a card in your hand, then the discard pile: discard it for the hand limit;
- the "Do not pay" or "End turn" marker: decline a payment, end the turn.

Ids name only what the viewer may see: a card shows its face in an id only where the picture
shows its face (its holder's hand, the end of the game, money laid down in sight); a
face-down card is named by its place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.pictures.targets import element_id

from .actions import (
    Attack,
    Decline,
    Discard,
    Draw,
    EndTurn,
    Hire,
    HitMan,
    PayCard,
    PlayJoker,
)
from .cards import EFFECT

if TYPE_CHECKING:
    from .state import ChicagoState

DRAW_PILE = element_id("draw-pile")
DISCARD_PILE = element_id("discard-pile")
END_TURN_MARK = element_id("end-turn")
DECLINE_MARK = element_id("decline")


def seat_id(seat: int) -> str:
    """A seat's area (its name and counts), numbered as players are ("seat-1")."""
    return element_id("seat", seat + 1)


def henchmen_id(seat: int) -> str:
    """A seat's henchmen: the tray of tokens and empty places ("henchmen-2")."""
    return element_id("henchmen", seat + 1)


def territory_id(card: str) -> str:
    """A territory card, face up wherever it lies ("territory-qs")."""
    return element_id("territory", card)


def card_id(card: str) -> str:
    """A hand card shown face up: its holder's own hand, or any hand at the end ("card-7h")."""
    return element_id("card", card)


def back_id(seat: int, place: int) -> str:
    """The face-down card at ``place`` (0 first) of ``seat``'s hand ("hand-2-card-3")."""
    return element_id("hand", seat + 1, "card", place + 1)


def set_aside_id(card: str) -> str:
    """A joker set aside for the rest of the game ("set-aside-rj")."""
    return element_id("set-aside", card)


def offered_back_id(place: int) -> str:
    """Money put face down toward a bribe, by its place among the cards put down."""
    return element_id("offered", place + 1)


def hit_man_card(hand: list[str]) -> str:
    """The ace a hit man is played with: the first in the hand, as the rules discard it."""
    return next(c for c in hand if EFFECT[c] == "eliminate_henchman")


def targets(state: ChicagoState, action: Any) -> tuple[str, ...]:
    """The elements ``action`` acts on: the card or piece first, then where it goes."""
    kind = type(action)
    me = state.to_act
    if me is None:
        return ()
    if kind is Draw:
        return (DRAW_PILE,)
    if kind is Hire:
        return (henchmen_id(me),)
    if kind is Attack:
        return (territory_id(action.territory),)
    if kind is HitMan:
        return (card_id(hit_man_card(state.hands[me])), henchmen_id(action.target))
    if kind is PlayJoker:
        return (card_id(action.card), territory_id(action.territory))
    if kind is PayCard:
        return (card_id(action.card),)
    if kind is Discard:
        return (card_id(action.card), DISCARD_PILE)
    if kind is Decline:
        return (DECLINE_MARK,)
    if kind is EndTurn:
        return (END_TURN_MARK,)
    return ()
