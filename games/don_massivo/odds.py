"""The chances a player weighs, from what he can see: whether a robbery gets through the
target's hand, and which kind of loot the Casino turns up.

Every chance is counted over the cards the asking seat cannot see (the other hands, what lies
face down in other displays, the draw piles): any of them is as likely as another to be where
the seat cannot look. So a chance never depends on hidden cards, only on how many there are of
each strength or kind, which every determinization of the seat's view keeps.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING

from .cards import LOOT_KIND, STRENGTH

if TYPE_CHECKING:
    from .state import DonMassivoState


def unseen_gangsters(state: DonMassivoState, seat: int) -> list[str]:
    """The Gangster cards ``seat`` cannot see: other hands, other face-down displays and the
    draw pile."""
    out = list(state.gangsters.draw_pile)
    for s in range(state.players):
        if s != seat:
            out += state.hand_g[s] + state.down_g[s]
    return out


def hand_below(pool: list[str], cards: int, need: int) -> Fraction:
    """The chance that ``cards`` Gangster cards drawn at random from ``pool`` add up to less
    than ``need`` in strength."""
    if need <= 0:
        return Fraction(0)
    if cards <= 0:
        return Fraction(1)
    n = Counter(STRENGTH[c] for c in pool)
    ways = comb(len(pool), cards)
    if ways == 0:
        return Fraction(1)
    good = 0
    for ones in range(min(cards, n[1]) + 1):
        for twos in range(min(cards - ones, n[2]) + 1):
            threes = cards - ones - twos
            if threes <= n[3] and ones + 2 * twos + 3 * threes < need:
                good += comb(n[1], ones) * comb(n[2], twos) * comb(n[3], threes)
    return Fraction(good, ways)


def robbery_chance(state: DonMassivoState, seat: int, target: int, attack: int) -> Fraction:
    """The chance, as ``seat`` sees it, that an attack of ``attack`` on ``target`` succeeds
    even if the target throws in every gangster of his hand: the attack must beat the display
    defence, and the hand must add less than what is left over."""
    margin = attack - state.defence(target)
    pool = unseen_gangsters(state, seat)
    return hand_below(pool, len(state.hand_g[target]), margin)


def unseen_loot(state: DonMassivoState, seat: int) -> list[str]:
    """The Stooge cards the next draw may turn up, as ``seat`` sees it: while the draw pile
    lasts, any card ``seat`` cannot see (the draw pile and the other hands); when it is empty,
    the discard pile, which is shuffled into a new one first."""
    if not state.stooges.draw_pile:
        return list(state.stooges.discard_pile)
    out = list(state.stooges.draw_pile)
    for s in range(state.players):
        if s != seat:
            out += [c for c in state.hand_s[s] if c not in state.offered]
    return out


def kind_chance(state: DonMassivoState, seat: int, kind: str) -> tuple[int, int]:
    """(cards of ``kind``, cards in all) among those the Casino may turn up, as ``seat`` sees
    it."""
    pool = unseen_loot(state, seat)
    return sum(1 for c in pool if LOOT_KIND[c] == kind), len(pool)
