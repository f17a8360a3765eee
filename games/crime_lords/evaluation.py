"""How well a seat stands, from 0 (lost) to 1 (won): ``State.evaluate`` for search agents.

Each living Mob gets a standing in points (a logit): what it holds weighed by how much each
thing is worth to winning. The evaluation is the seat's share of ``exp(standing)`` over the
living Mobs: in a duel, the chance that the seat wins as a logistic model would give it.

The weights were fitted (logistic regression on the difference of the two seats) to the
winner of 620 two-player heuristic self-play games, 8,408 positions at the start of a turn
(docs/benchmarks.md, "Crime Lords' evaluation for the search"): a Racket score point, a
Crook (one more Action Token a turn), Power, money, the income left after wages, a Special
card and an Unhappy marker (a step towards a Crook walking out). The same weights hold in
the opening auction and the laying out of the Mobs (the cards a seat has bought count as
they will in play, so a rollout that crosses into play does not jump), where the bidding
money left is worth what it can still buy: a G of it is worth ``BID_MONEY`` points while
three or more cards remain to be auctioned (fitted to the prices cards fetched: a Racket of
income 3 about 7 G), less over the last cards, nothing once the auction is over ("any left over at the end of
bidding is lost"). The card up for auction counts as bought by the high bidder at his bid
until someone raises. So a card bought cheaply scores above the same card bought dear, and
a card worth its price above keeping the money.

Everything read here is public or the seat's own: cards in play and their markers,
Racket incomes, the number of Specials in each hand, the bidding, and the treasuries
(hidden as a pile of notes, but every G that moves is told to the table, so ``determinize``
keeps them).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from . import mob, victory
from .auction import TREASURY, crook_cap, racket_cap
from .cards import CROOK_CARDS, MOBS, RACKET_CARDS, is_crook, is_racket
from .pay import income, pay_of

if TYPE_CHECKING:
    from .state import CrimeLordsState

#: points per Racket score point (or its equivalent under "more than all foes")
SCORE_WEIGHT = 0.30
#: points per Crook in the Mob: one more Action Token a turn
CROOK_WEIGHT = 0.32
#: points per point of Power in the Mob (its wages are counted in ``NET_WEIGHT``)
POWER_WEIGHT = 0.16
#: points per G of treasury
MONEY_WEIGHT = 0.035
#: points per G a turn that the Rackets bring beyond the wages
NET_WEIGHT = 0.13
#: points per Special card in hand
SPECIAL_WEIGHT = 0.33
#: points per Unhappy marker on the Mob's Crooks
UNHAPPY_WEIGHT = -0.27
#: points per G of bidding money while three or more cards remain to be auctioned: a G
#: buys what it bought in the fit (about 7 G a Racket of income 3, 3 G a Special)
BID_MONEY = 0.10
#: the phases before play: the bidding money still counts and no treasury is dealt yet
SETUP = ("auction", "boss", "layout")


def progress(s: CrimeLordsState, seat: int) -> float:
    """The seat's progress to victory, in Racket score points (or their equivalent)."""
    if s.options.victory == "more_than_all":
        return 0.5 * (len(crooks_of(s, seat)) + len(s.rackets[seat]))
    return float(victory.score(s, seat))


def crooks_of(s: CrimeLordsState, seat: int) -> list[int]:
    """The seat's Crooks: its Mob in play, those bought in the auction and not yet laid out
    before it."""
    if s.phase not in SETUP:
        return list(s.mobs[seat].cell)
    return [c for c, at in enumerate(s.loc) if at == seat and is_crook(c)]


def standing(s: CrimeLordsState, seat: int) -> float:
    """The seat's standing in points (see the module doc)."""
    crooks = crooks_of(s, seat)
    power = sum(mob.power(s, c) for c in crooks)
    wages = sum(pay_of(s, c) for c in crooks)
    money = float(s.money[seat])
    points = SPECIAL_WEIGHT * len(s.specials[seat])
    if s.phase in SETUP:
        if crooks and s.mobs[seat].root is None:
            bonus = MOBS[s.mob_of[seat]].boss_bonus  # the Boss to be chosen gets it
            power += bonus
            wages += bonus
        money = float(TREASURY)
        points += bid_money_worth(s, seat)
    net = income(s, seat) - wages
    points += (SCORE_WEIGHT * progress(s, seat) + CROOK_WEIGHT * len(crooks)
               + POWER_WEIGHT * power + MONEY_WEIGHT * money + NET_WEIGHT * net
               + UNHAPPY_WEIGHT * sum(s.unhappy[c] for c in crooks))
    if s.phase == "auction" and s.auc_leader == seat and s.auc_card >= 0:
        points += card_points(s.auc_card)  # its price is out of the bidding money
    return points


def card_points(card: int) -> float:
    """What owning ``card`` adds to a standing, as far as it can be told on its own (a
    Racket's score point and income, a Crook's token, Power and wages, a Special)."""
    if is_crook(card):
        return CROOK_WEIGHT + (POWER_WEIGHT - NET_WEIGHT) * CROOK_CARDS[card].power
    if is_racket(card):
        return SCORE_WEIGHT + NET_WEIGHT * RACKET_CARDS[card].income
    return SPECIAL_WEIGHT


def bid_weight(s: CrimeLordsState) -> float:
    """What a G of bidding money is worth now: ``BID_MONEY`` while three or more Crooks and
    Rackets remain to be auctioned (the one up included), a third of it per card below."""
    if s.phase != "auction":
        return 0.0
    left = crook_cap(s) - s.auc_crooks + racket_cap(s) - s.auc_rackets
    return BID_MONEY * min(1.0, left / 3)


def bid_money_worth(s: CrimeLordsState, seat: int) -> float:
    """The seat's bidding money, less what it has bid on the card up, at ``bid_weight``."""
    left = s.bid_money[seat] if s.bid_money else 0
    if s.phase == "auction" and s.auc_leader == seat:
        left -= max(0, s.auc_high)
    return bid_weight(s) * left


def evaluate(s: CrimeLordsState, seat: int) -> float:
    """1 for a winner (a shared victory splits it), 0 for a loser at the end; before it,
    the seat's share of ``exp(standing)`` over the living Mobs."""
    if s.is_over:
        return 1.0 / len(s.winners) if seat in s.winners else 0.0
    if not s.alive[seat]:
        return 0.0
    points = {p: standing(s, p) for p in range(s.players) if s.alive[p]}
    top = max(points.values())
    weights = {p: math.exp(v - top) for p, v in points.items()}
    return weights[seat] / sum(weights.values())
