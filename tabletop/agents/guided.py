"""Guided search: the search agent with a game's own bot as its guide (``ismcts:...:guide=
heuristic``).

Plain ISMCTS (:mod:`tabletop.agents.ismcts`) models every other seat as a searcher and
learns what a move is worth from random play. Against a game's heuristic bot that is the
largest error it makes: the rival does not play at random, and a random continuation says
little about a position. With a guide (any agent kind the game registers, normally its
``heuristic``), the search asks what the guide would play and tries to do better:

- **Candidates.** At the decision, the guide's own choice comes first, then its next
  choices (the guide asked again without the moves it already picked) up to ``width`` moves,
  then ``sample`` more drawn at random from the rest: a decision with thousands of legal
  moves (Crime Lords' attacks) is searched over a few, the ones worth searching.
- **Rollouts by the guide.** Each iteration draws one world consistent with what the seat
  knows (``determinize``), plays one candidate in it and lets the guide play every seat for
  ``depth`` decisions, then scores the position with ``evaluate``. A rival's move is chosen
  by the guide from that seat's own determinization of the world (:func:`view_for`), the
  searching seat's too: the world holds what the others did in it (a card drawn, a bid
  sealed), which the seat may not see. So the guide never sees, for any seat, more than
  that seat may see. Only at the decision itself does the guide get the agent's view as it
  is, which is already the seat's determinization.
- **Common random numbers.** A round plays every candidate in the same world with the same
  rng for the rollout, so candidates are compared on the same cards and dice (paired),
  which takes most of the luck out of a comparison.
- **The guide's move unless another is clearly better.** After the last complete round the
  agent plays the candidate with the best mean only if its paired advantage over the
  guide's choice is more than ``z`` standard errors; otherwise the guide's choice. So the
  searcher is never much worse than its guide, and better where looking ahead shows more.

The budget is a number of iterations (each one candidate's rollout in one world;
reproducible: same view, rng and budget, same move) or milliseconds, as for plain ISMCTS;
only complete rounds count, so a candidate is never compared on fewer worlds than another.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Any

from tabletop.agents.base import Agent, no_moves, view_for
from tabletop.engine import State
from tabletop.rng import Rng

#: candidates from the guide's own ranking (its choice, then its next choices)
GUIDED_WIDTH = 3
#: candidates drawn at random from the other legal moves
GUIDED_SAMPLE = 2
#: decisions the guide plays after a candidate before ``evaluate`` scores the position
GUIDED_DEPTH = 10
#: standard errors by which a move must beat the guide's choice to be played instead
GUIDED_Z = 1.5


def guide_move(guide: Agent, world: State, mover: int, legal: Sequence[Any], rng: Rng,
               seen: bool = False) -> Any:
    """The guide's move for ``mover`` in ``world``. The guide sees what its agent kind
    sees from ``mover``'s seat (:func:`view_for`); ``seen``: ``world`` is already
    ``mover``'s determinization, and a guide that takes a state gets it as it is."""
    if seen and guide.view in ("state", "position"):
        return guide.choose(world, legal, rng)
    return guide.choose(view_for(guide, world, mover, rng), legal, rng)


def rank(guide: Agent, view: State, seat: int, legal: Sequence[Any], playable: Sequence[Any],
         width: int, sample: int, rng: Rng) -> list[Any]:
    """The candidates among ``playable`` (the ``legal`` moves but concessions): the guide's
    choice (asked with every legal move, as its contract says) and its next ``width - 1``
    choices (asked again without the ones picked, while it can answer so), then ``sample``
    of the rest at random."""
    rest = list(playable)
    first = guide_move(guide, view, seat, legal, rng, seen=True)
    ranked = [first] if first in rest else []  # a concession is no candidate
    if ranked:
        rest.remove(first)
    while rest and len(ranked) < width:
        # An agent's contract is to choose from all the legal moves; asked to choose from
        # some of them, a guide may fail or answer from outside the list (a game's bot that
        # plans a payment and finds its card missing): its ranking then ends there.
        try:
            pick = guide_move(guide, view, seat, rest, rng, seen=True)
        except Exception:  # noqa: BLE001 - any failure outside its contract ends the ranking
            break
        if pick not in rest:
            break
        ranked.append(pick)
        rest.remove(pick)
    if not ranked:
        ranked.append(rest.pop(0))
    if rest and sample:
        ranked.extend(rng.sample(rest, min(sample, len(rest))))
    return ranked


def rollout(world: State, guide: Agent, depth: int, rng: Rng, deadline: float) -> None:
    """The guide plays every seat in ``world`` for ``depth`` decisions (or to the end, or
    the ``deadline``)."""
    clock = time.perf_counter
    for step in range(depth):
        if world.is_over or (step & 3 == 3 and clock() > deadline):
            return
        mover = world.to_act
        assert mover is not None
        legal = world.legal_actions()
        if not legal:
            raise RuntimeError(no_moves(world))
        move = legal[0] if len(legal) == 1 else guide_move(guide, world, mover, legal, rng)
        world.apply(move)


class Tally:
    """Each candidate's rewards round by round, and its paired difference to the first
    (the guide's choice)."""

    def __init__(self, size: int) -> None:
        self.rounds = 0
        self.total = [0.0] * size
        self.diff = [0.0] * size
        self.diff_sq = [0.0] * size

    def add(self, rewards: Sequence[float]) -> None:
        """One complete round: the reward of every candidate in one world."""
        self.rounds += 1
        base = rewards[0]
        for i, reward in enumerate(rewards):
            self.total[i] += reward
            d = reward - base
            self.diff[i] += d
            self.diff_sq[i] += d * d

    def choice(self, z: float) -> int:
        """The candidate to play: the best mean if it beats the guide's choice (index 0)
        by more than ``z`` standard errors of the paired difference, else 0."""
        if self.rounds == 0:
            return 0
        best = max(range(len(self.total)), key=lambda i: (self.total[i], -i))
        if best == 0:
            return 0
        n = self.rounds
        mean = self.diff[best] / n
        if mean <= 0:
            return 0
        if n < 2:
            return best if z <= 0 else 0
        var = max(0.0, (self.diff_sq[best] - n * mean * mean) / (n - 1))
        return best if mean > z * math.sqrt(var / n) else 0


def search(view: State, seat: int, legal: Sequence[Any], playable: Sequence[Any],
           guide: Agent, *,
           iterations: float, deadline: float, depth: int, width: int, sample: int,
           z: float, rng: Rng) -> tuple[Any, int]:
    """The move to play and the iterations (rollouts) done: see the module doc."""
    candidates = rank(guide, view, seat, legal, playable, width, sample, rng)
    if len(candidates) == 1:
        return candidates[0], 0
    tally = Tally(len(candidates))
    size = len(candidates)
    rounds_allowed = max(1, int(iterations // size)) if iterations != math.inf else math.inf
    clock = time.perf_counter
    while tally.rounds < rounds_allowed and clock() < deadline:
        world = view.determinize(seat, rng)
        seed = rng.clone()
        rng.next_u64()
        rewards = []
        for move in candidates:
            trial = world.clone()
            trial.apply(move)
            rollout(trial, guide, depth, seed.clone(), deadline)
            rewards.append(trial.evaluate(seat))
            if clock() > deadline and tally.rounds > 0:
                break
        if len(rewards) < size:
            break
        tally.add(rewards)
    return candidates[tally.choice(z)], tally.rounds * size
