"""How a position stands for a search (``State.evaluate``): a seat's chance of winning from
every gang's expected prestige at the end, and what that rests on: the ways to a job's block,
how far a gang's gangsters are from them, what cards in hand are worth.

Shared by the heuristic bot (:mod:`.agents`, which walks towards the blocks its jobs name)
and :func:`evaluate` (which a search calls on determinized worlds). Everything here reads
only what is public or the seat's own: a rival's jobs and fortunes enter as the average card
of their decks, never as the cards a determinization dealt it.
"""

from __future__ import annotations

import functools
import math
from collections import deque
from typing import TYPE_CHECKING

from . import scoring
from .cards import JobDef, fortunes, jobs
from .rules import HOURS_PER_TURN

if TYPE_CHECKING:
    from .state import CrimopolisState

#: prestige an hour of a turn is worth (about 25 prestige over 10 turns of 7 hours, less
#: what the jobs' odds already count of the hours they take)
HOUR = 0.2
#: prestige a gangster on the board is worth over one in the supply (RECRUIT: 2 hours)
GANGSTER = 0.6
#: hours over which a job's chance of being done falls by e (about two turns)
REACH = 12.0
#: the best chance of a job in hand: a newsflash, a rival or the end may still spoil it, and
#: a job done must be worth more than the same job ready to do
READY = 0.6
#: hours of exploring assumed before a job whose block is not in the city yet
EXPLORE = 6.0
#: the chance a rival does a job it holds, for the average job (its hand is hidden)
RIVAL_JOB_ODDS = 0.2
#: prestige a gang scores in a turn, about: how fast the game runs to its target
PER_TURN = 2.5
FAR = 99
#: prestige of lead a gang needs for about 73% with a turn to go (a logistic's scale)
SPREAD = 2.5


def job_blocks(s: CrimopolisState, me: int, job: JobDef) -> list[str]:
    """The blocks where ``me`` could do ``job``: they show its location and colour, are no
    home, and hold none of ``me``'s gangsters (JOBS IN THE SAME CITY BLOCK: it must leave one
    before it can do a job there)."""
    board = s.city.board
    return [b for b in sorted(s.city.block_tiles)
            if b not in s.city.home_owner and not board.count(b, me) and s.job_matches(job, b)]


def job_goals(s: CrimopolisState, me: int, job: JobDef) -> list[str]:
    """Street sections next to the blocks where ``me`` could do ``job``."""
    board = s.city.board
    return [n for b in job_blocks(s, me, job) for n in board.neighbours(b) if n[0] == "s"]


def distances(s: CrimopolisState, me: int, sources: list[str]) -> dict[str, int]:
    """Steps from the ``sources`` (street sections) to every node ``me`` can walk from;
    street sections held by rivals are walked around."""
    board = s.city.board
    pieces = board.pieces
    dist = {n: 0 for n in sources}
    queue = deque(sources)
    while queue:
        node = queue.popleft()
        d = dist[node] + 1
        for other in board.neighbours(node):
            if other not in dist:
                row = pieces.get(other)
                if other[0] == "s" and row and not row[me]:
                    continue  # a rival stands there
                dist[other] = d
                if other[0] == "s":
                    queue.append(other)
    return dist


def job_hours(s: CrimopolisState, me: int, job: JobDef) -> float:
    """About how many of ``me``'s hours ``job`` still takes: walking its crew (the nearest
    gangsters, in groups of 3; the supply recruited at the HEADQUARTERS for 2 hours each) next
    to its block, plus the job's own hours; exploring first when no block shows it."""
    board = s.city.board
    goals = job_goals(s, me, job)
    explore = 0.0
    if not goals:
        goals = sorted(s.city.open_streets)
        explore = EXPLORE
    dist = distances(s, me, goals) if goals else {}
    steps: list[int] = []
    for node, n in board.held_by(me):
        steps.extend([dist.get(node, FAR)] * n)
    hq = s.city.hq[me]
    steps.extend([dist.get(hq, FAR) + 2] * s.supply[me])  # recruit, then walk
    steps.sort()
    crew = job.gangsters
    if len(steps) < crew:
        return math.inf
    walk = steps[crew - 1] * ((crew + 2) // 3)
    return explore + walk + job.hours


def job_odds(hours_needed: float) -> float:
    """The chance a job that takes ``hours_needed`` more hours gets done."""
    return READY * math.exp(-hours_needed / REACH)


@functools.cache
def fortune_worth(card: str) -> float:
    """Prestige a fortune in hand is worth: its game-end prestige, or what playing it does
    (hours, gangsters, a job made cheaper or richer, a rival set back)."""
    f = fortunes()[card]
    if f.game_end or f.effect == "keep":
        return float(f.game_end)
    if f.effect == "hours":
        return abs(f.amount) * HOUR
    if f.effect == "recruit":
        return f.amount * GANGSTER
    if f.effect == "bombing":
        return f.amount * (GANGSTER + 0.5)
    if f.effect == "job_prestige":
        return f.amount * 0.6
    if f.effect in ("job_hours", "job_crew"):
        return 1.0
    if f.effect == "arrest":
        return f.amount * GANGSTER
    return 0.5  # shield, defence


@functools.cache
def mean_fortune() -> float:
    """The worth of a fortune nobody else may see: the average card of the deck."""
    cards = fortunes()
    return sum(fortune_worth(c) for c in cards) / len(cards)


@functools.cache
def mean_job() -> float:
    """The prestige of the average job card."""
    cards = jobs().values()
    return sum(d.prestige for d in cards) / len(cards)


def expected(s: CrimopolisState, viewer: int, seat: int, base: int) -> float:
    """``seat``'s expected final prestige as ``viewer`` sees it: ``base`` (its total if the
    game ended now, hidden fortunes left out) plus what is in play: its fortunes, its jobs and
    their odds, its gangsters on the board, the hours left in its turn."""
    value = float(base)
    if seat == viewer:
        value += sum(fortune_worth(c) for c in s.fortune_hands[seat])
        for j in s.hands[seat]:
            d = jobs()[j]
            value += d.prestige * job_odds(job_hours(s, seat, d))
    else:
        value += len(s.fortune_hands[seat]) * mean_fortune()
        value += len(s.hands[seat]) * mean_job() * RIVAL_JOB_ODDS
    # A gangster on the board is worth what it can still do: less as the game runs out.
    value += GANGSTER * min(1.0, turns_left(s) / 2) * s.city.board.pieces_of(seat)
    return value + HOUR * hours_ahead(s, seat)


def hours_ahead(s: CrimopolisState, seat: int) -> int:
    """``seat``'s hours until the active gang's next turn: what is left of its turn if it is
    active, else a fresh turn's if it plays before then. So every gang is judged over the same
    stretch of play, and time left unused (which goes to the next player) counts against."""
    if s.phase != "play":
        return 0
    if seat == s.active:
        return s.hours
    later = (seat - s.active) % s.players  # turns from now until seat's
    if s.final_left >= 0 and later >= s.final_left:
        return 0  # the game ends before its turn
    return HOURS_PER_TURN


def turns_left(s: CrimopolisState) -> float:
    """About how many turns each gang still plays: the last turns once they are called,
    else as many as the leader needs to reach the target, at most the round limit."""
    if s.final_left >= 0:
        return s.final_left / s.players
    short = max(0, s.options.end_target - max(s.prestige))
    rounds = s.options.round_limit - s.round + 1
    return min(short / PER_TURN + 1, max(rounds, 1))


def evaluate(state: CrimopolisState, seat: int) -> float:
    """``seat``'s chance of winning, from 0 to 1, as it can judge it: each gang's expected
    final prestige (:func:`expected`: points scored, the end scoring as it stands,
    jobs and their odds, fortunes, gangsters, hours) against the best rival's, through a
    logistic whose width shrinks as the game nears its end; 1 / 0 at a decided end.
    Search calls it on determinized worlds, so it reads nothing ``seat`` cannot see: a
    rival's jobs and fortunes count as average cards."""
    if state.is_over:
        winners = state.result().winners
        return 1.0 / len(winners) if seat in winners else 0.0
    rows = scoring.breakdown(state)
    worth = [expected(state, seat, s, sum(row.values()) - row["fortunes"])
             for s, row in enumerate(rows)]
    lead = worth[seat] - max(w for s, w in enumerate(worth) if s != seat)
    # What is left to happen: about PER_TURN prestige a turn, a few turns of luck apart.
    spread = SPREAD * math.sqrt(turns_left(state) + 1)
    return 1.0 / (1.0 + math.exp(-lead / spread))
