"""The actions of Chicago DIY, as frozen attrs values.

A turn is one of the three actions of the rulebook (:class:`Hire`, :class:`Draw`,
:class:`Attack`), with the cards a player holds played around it (:class:`HitMan`,
:class:`PlayJoker`), the payments and bribes they lead to, and the hand-limit discards that
close the turn. A payment is made one money card at a time (:class:`PayCard`): the payment
is done when the cards put forward cover the price. Every action is built once here:
legal-action lists hand out these shared values, and :func:`tabletop_games.chicago_diy.space.listed`
numbers them all.
"""

from __future__ import annotations

import attrs

from .cards import DECK, KIND


@attrs.frozen
class Hire:
    """Roll a die to hire a henchman (4-6 free, 1-3 costs $5)."""


@attrs.frozen
class Draw:
    """Flip the top card of the deck and deal with it."""


@attrs.frozen
class Attack:
    """Battle the owner of ``territory`` for it (or take it, if its owner has no henchman)."""

    territory: str


@attrs.frozen
class HitMan:
    """Play a hit man (an ace) from hand to eliminate one henchman of seat ``target``."""

    target: int


@attrs.frozen
class PlayJoker:
    """Play joker ``card`` (``"RJ"`` police raid, ``"BJ"`` mob attack) on ``territory``."""

    card: str
    territory: str


@attrs.frozen
class PayCard:
    """Put money ``card`` toward the pending price (a territory, a henchman's $5, a bribe);
    the payment is made when the cards put forward cover the price."""

    card: str


@attrs.frozen
class Decline:
    """Refuse to pay: the henchman is not hired, or the bribe is not offered."""


@attrs.frozen
class Discard:
    """Discard ``card`` from hand (the 5-card limit at the end of the turn)."""

    card: str


@attrs.frozen
class EndTurn:
    """Finish the turn; play passes to the next player clockwise."""


HIRE = Hire()
DRAW = Draw()
DECLINE = Decline()
END_TURN = EndTurn()

ACTION_TYPES = (Hire, Draw, Attack, HitMan, PlayJoker, PayCard, Decline, Discard, EndTurn)

HIT_MEN = tuple(HitMan(s) for s in range(8))
ATTACKS = {t: Attack(t) for t in DECK if KIND[t] == "territory"}
DISCARDS = {c: Discard(c) for c in DECK if KIND[c] != "territory"}
JOKER_PLAYS = {
    (j, t): PlayJoker(j, t) for j in DECK if KIND[j] == "joker" for t in ATTACKS
}
PAY_CARDS = {c: PayCard(c) for c in DECK if KIND[c] == "money"}
