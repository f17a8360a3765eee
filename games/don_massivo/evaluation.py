"""How well a seat stands, from 0 (lost) to 1 (won): ``State.evaluate`` for search agents.

Each seat gets a standing in points (a logit): what it holds, each thing weighed by how
much it is worth to winning. A weight is a pair (at the start, per unit of the leader's
progress): it is ``start + progress * leader``, where ``leader`` is the richest seat's
money over $100,000 (0 to 1), so what counts shifts as the race nears its end. The
evaluation is the seat's share of ``exp(standing)`` over the seats: in a duel, the chance
that the seat wins as a logistic model gives it.

The weights were fitted (logistic regression on the difference of the two seats' features,
BFGS on the mean log-loss) to the winner of 800 two-player heuristic self-play games (seeds
0-799, each seat with its seeded personality), about 46,000 positions (a quarter of all
decisions, the token placing left out); 200 more games (seeds 800-999) held out:
docs/benchmarks.md, "Don Massivo's evaluation for the search". Money counts the same in the
pile and in the display (a rival sees one sum of both and the face-down notes); money face
up in the display counts more while a token stands at the Bank, where it earns interest.

Everything read here is public, so the value is the same in every world a seat's
determinization draws and the seats' values sum to 1: the money each player holds off and
on his display, the face-up gangsters of a display (a face-down Gangster card at the deck's
mean strength), the number of Gangster and Stooge cards in each hand (rulebook: Hints), the
tokens, and whose turn and decision it is. Knowing the kinds of its own cards would make the
prediction only slightly better (a log-loss of 0.596 instead of 0.599 on the held-out games).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .actions import BANK, PRISON, VILLA
from .cards import GANGSTERS, STRENGTH
from .rules import WIN_AMOUNT

if TYPE_CHECKING:
    from .state import DonMassivoState

Weight = tuple[float, float]
"""(points at the start, more points per unit of the leader's progress to $100,000)."""

#: per $1,000 the seat possesses (pile and display, face down included)
MONEY: Weight = (0.032, 0.041)
#: per $1,000 face up in the display, more, while the seat has a token at the Bank
BANKED: Weight = (0.051, -0.047)
#: per point of gangster strength in the display (its defence against a robbery)
DEFENCE: Weight = (0.176, -0.211)
#: per Gangster card in hand
GANGSTER_CARD: Weight = (0.134, 0.119)
#: per Stooge card (loot) in hand
STOOGE_CARD: Weight = (0.026, 0.139)
#: a token in the Prison
IN_PRISON: Weight = (-0.105, -0.082)
#: the seat is the current player
CURRENT: Weight = (0.036, -0.059)
#: a token at the Bank (interest for every Bank token at once)
AT_BANK: Weight = (-0.006, 0.490)
#: a token at Don Massivo's Villa
AT_VILLA: Weight = (-0.213, 0.182)
#: the seat takes the decision now
TO_ACT: Weight = (0.019, 0.212)

MEAN_STRENGTH = sum(STRENGTH[c] for c in GANGSTERS) / len(GANGSTERS)
"""The mean strength of a Gangster card: a face-down one counts at it (its kind is hidden)."""


def leader_progress(s: DonMassivoState) -> float:
    """The richest seat's money as a share of $100,000 (at most 1)."""
    return min(1.0, max(s.total(p) for p in range(s.players)) / WIN_AMOUNT)


def at(weight: Weight, leader: float) -> float:
    """A weight's points per unit when the leader has come ``leader`` of the way."""
    return weight[0] + weight[1] * leader


def standing(s: DonMassivoState, seat: int, leader: float) -> float:
    """The seat's standing in points (see the module doc); ``leader``: ``leader_progress``."""
    tokens = s.tokens[seat]
    at_bank = BANK in tokens
    points = (at(MONEY, leader) * s.total(seat)
              + at(DEFENCE, leader) * (s.defence(seat) + MEAN_STRENGTH * len(s.down_g[seat]))
              + at(GANGSTER_CARD, leader) * len(s.hand_g[seat])
              + at(STOOGE_CARD, leader) * len(s.hand_s[seat]))
    if at_bank:
        points += at(AT_BANK, leader) + at(BANKED, leader) * s.shown(seat)
    if PRISON in tokens:
        points += at(IN_PRISON, leader)
    if VILLA in tokens:
        points += at(AT_VILLA, leader)
    if s.current == seat:
        points += at(CURRENT, leader)
    if s.to_act == seat:
        points += at(TO_ACT, leader)
    return points


def chances(s: DonMassivoState) -> list[float]:
    """Each seat's share of ``exp(standing)``: its chance of winning before the end."""
    leader = leader_progress(s)
    points = [standing(s, p, leader) for p in range(s.players)]
    top = max(points)
    weights = [math.exp(v - top) for v in points]
    total = sum(weights)
    return [w / total for w in weights]


def evaluate(s: DonMassivoState, seat: int) -> float:
    """1 for a winner (a shared victory splits it), 0 for a loser at the end; before it,
    the seat's chance by ``chances``."""
    if s.is_over:
        return 1.0 / len(s.winners) if seat in s.winners else 0.0
    return chances(s)[seat]
