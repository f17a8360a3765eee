"""The fixed action space and the observation as numbers, for learning agents.

Every action a table can ever offer is numbered once (:func:`listed`), so the numbers never
change with play (ch-action-space). The observation is a flat list of fixed length per
player count (:func:`encode`), built from ``observation(seat)`` alone, so it holds nothing
the seat may not see (ch-tensor).

The observation's layout, for P players (all values between 0 and 1):

- 54 cards x (4 + P): per card in deck order (``cards.DECK``), whether it is in the seat's
  own hand, in the discard pile, set aside (a played joker), shown on the table (the drawn
  territory waiting to be paid for, or the card the last move showed), and held face up as
  a territory by seat 0 .. P-1;
- P seats x 5: henchmen / 5, hand size / 16, whether the seat is the viewer, the seat to act,
  the seat whose turn it is;
- 11 more: draw pile / 54, reshuffles left / 3, round / 150, bribe / 100, the phase (action,
  pay for a territory, pay for a henchman, after the action; over is all four 0), whether a
  bribe is asked, cards put toward the payment due / 16 and their dollars / 100 (0 when the
  seat may not see them).

Its length is ``54 * (4 + P) + 5 * P + 11``: 345 for two players, 522 for five.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from tabletop.action_space import ActionSpace

from .actions import (
    ATTACKS,
    DECLINE,
    DISCARDS,
    DRAW,
    END_TURN,
    HIRE,
    HIT_MEN,
    JOKER_PLAYS,
    PAY_CARDS,
)
from .cards import DECK, VALUE
from .rules import ACTION, AFTER, LAST_CALL_ROUND, PAY_HIRE, PAY_TERRITORY

_INDEX = {card: n for n, card in enumerate(DECK)}
_PHASES = (ACTION, PAY_TERRITORY, PAY_HIRE, AFTER)
#: the most cards a hand can hold in a turn (five, a draw, a bribe's five, and a spare)
_BIG_HAND = 16


@cache
def listed(players: int) -> ActionSpace:
    """Every action a game of ``players`` can offer, numbered: the three actions, declining
    and ending the turn, a battle per territory, a joker per territory, a hit man per seat,
    a discard per hand card and a payment step per money card (123 at five players)."""
    # ch-action-space
    return ActionSpace([HIRE, DRAW, DECLINE, END_TURN, *ATTACKS.values(), *JOKER_PLAYS.values(),
                        *HIT_MEN[:players], *DISCARDS.values(), *PAY_CARDS.values()])


def length(players: int) -> int:
    """How many numbers :func:`encode` returns for ``players`` seats."""
    return len(DECK) * (4 + players) + 5 * players + 11


def encode(obs: dict[str, Any]) -> list[float]:
    """``obs`` (an observation of the game) as numbers (layout in the module doc)."""
    # ch-tensor
    players = obs["players"]
    width = 4 + players
    out = [0.0] * length(players)

    def mark(card: str, slot: int) -> None:
        out[_INDEX[card] * width + slot] = 1.0

    for card in obs.get("hand", ()):
        mark(card, 0)
    for card in obs["discards"]:
        mark(card, 1)
    for card in obs["set_aside"]:
        mark(card, 2)
    for card in (obs["pending"], obs["shown"]):
        if card:
            mark(card, 3)
    for seat, held in enumerate(obs["territories"]):
        for card in held:
            mark(card, 4 + seat)
    at = len(DECK) * width
    for seat in range(players):
        out[at:at + 5] = [obs["henchmen"][seat] / 5, min(1.0, obs["hand_sizes"][seat] / _BIG_HAND),
                          float(obs.get("seat") == seat), float(obs["to_act"] == seat),
                          float(obs["current"] == seat)]
        at += 5
    offered = obs["offered"]
    out[at:] = [
        obs["draw_pile"] / len(DECK), obs["reshuffles_left"] / 3,
        min(1.0, obs["round"] / LAST_CALL_ROUND), obs["bribe"] / 100,
        *(float(obs["phase"] == phase) for phase in _PHASES),
        float(obs["prompt"] is not None), min(1.0, obs["offered_count"] / _BIG_HAND),
        min(1.0, sum(VALUE[c] for c in offered) / 100),
    ]
    return out
