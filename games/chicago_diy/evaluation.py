"""How well a seat stands, as one seat can tell it: the score each seat is heading for and the
chance of winning that follows. Used by ``ChicagoState.evaluate`` (what search agents score
the positions they stop at with) and by the heuristic bot.

Only what the judging seat may see is read: its own hand exactly, the others' hands by their
size alone (a hidden card is worth :data:`HIDDEN_CARD` on average), territories and henchmen
(public), and how much of the deck is left.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .cards import DECK, KIND, POINTS, VALUE

if TYPE_CHECKING:
    from .state import ChicagoState

#: what a card in a hand is worth on average, in points at the end: the deck's non-territory
#: cards hold $216 in 42 cards ($5.14 a card), and an ace or a joker kept for play is worth a
#: little more than its nothing at the end
HIDDEN_CARD = 5.5
#: what a hit man or a joker in one's own hand is worth (it takes points from a rival)
SPECIAL = {"hitman": 4.0, "joker": 8.0}
#: a henchman is worth more than his 2 points while the game goes on: he defends and attacks
HENCHMAN_IN_PLAY = 6.0
_NON_TERRITORY = sum(1 for c in DECK if KIND[c] != "territory")


def hand_worth(state: ChicagoState, judge: int, seat: int) -> float:
    """``seat``'s hand in points as ``judge`` can tell: exact money (plus the use of hit men
    and jokers) for its own hand, :data:`HIDDEN_CARD` a card for another's."""
    hand = state.hands[seat]
    if seat != judge and not state.is_over:
        return HIDDEN_CARD * len(hand)
    return float(sum(VALUE[c] or SPECIAL.get(KIND[c], 0.0) for c in hand))


def estimate(state: ChicagoState, judge: int, seat: int) -> float:
    """The score ``seat`` is heading for, as ``judge`` sees it. Territories left without a
    henchman to defend them are counted at half: anyone may walk in and take one."""
    lands: float = sum(POINTS[t] for t in state.territories[seat])
    men = state.henchmen[seat]
    if not men:
        lands *= 0.5
    return lands + (2 + HENCHMAN_IN_PLAY * remaining(state)) * men + hand_worth(
        state, judge, seat)


def remaining(state: ChicagoState) -> float:
    """Roughly how much of the game is still to play, from 1 (the start) to 0 (the end): the
    draw pile and the reshuffles left against a full deck."""
    pile = len(state.deck.draw_pile) + state.reshuffles_left * _NON_TERRITORY * 0.5
    full = _NON_TERRITORY * (1 + 0.5 * state.options.reshuffles)
    return max(0.0, min(1.0, pile / full))


def win_chances(state: ChicagoState, judge: int) -> list[float]:
    """Each seat's chance of winning as ``judge`` sees the table: a softmax of the estimated
    scores, sharper as the deck runs down (a lead late in the game is safer). Sums to 1."""
    if state.is_over:
        winners = state.result().winners
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(state.players)]
    spread = 5.0 + 15.0 * remaining(state)  # points that make a lead count
    marks = [estimate(state, judge, s) / spread for s in range(state.players)]
    top = max(marks)
    weights = [math.exp(m - top) for m in marks]
    total = sum(weights)
    return [w / total for w in weights]
