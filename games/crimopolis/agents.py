"""The heuristic agent: recruits a crew, walks it to the blocks its jobs name, does the
jobs, explores when a job's block is not in the city yet (placing its SAFE HOUSE far from its
HEADQUARTERS), leaves a gangster behind to hold the blocks it did jobs in, ambushes and takes
over rival blocks when it pays, and occupies spare blocks for influence as the end nears.

Its :class:`~tabletop.agents.personality.Personality` sets how far it goes: aggression how
strongly held a block it takes over and whether it trades gangsters one for one in an
ambush; caution how many blocks it keeps holding and how soon it places its SAFE HOUSE.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tabletop.agents.personality import Personality, blend
from tabletop.rng import Rng

from .actions import (
    INVEST,
    AbortJob,
    Accept,
    ChooseTarget,
    Defend,
    DoJob,
    EndTurn,
    ExecuteDestiny,
    KeepJob,
    LeaveEmpty,
    Move,
    Occupy,
    PlaceHQ,
    PlaceTile,
    PlayFortune,
    Recruit,
    RedrawJobs,
    TakeOver,
)
from .cards import fortunes, jobs, newsflashes, tiles
from .evaluation import distances, job_blocks

if TYPE_CHECKING:
    from .state import CrimopolisState

_GOOD_DESTINY = ("recruit",)


def _good(card: str) -> bool:
    d = newsflashes()[card] if card[0] == "N" else fortunes()[card]
    return d.effect in _GOOD_DESTINY or (d.effect == "hours" and d.amount > 0)


class HeuristicAgent:
    """A greedy planner over the true rules, seeing only a determinized copy (the cheaper
    one for a reader of the position, ``views.position``)."""

    kind = "heuristic"
    view = "position"  # it reads no other gang's hidden cards, no pile order: views.position

    def __init__(self, personality: Personality | None = None) -> None:
        p = self.personality = personality or Personality.NEUTRAL
        #: the most defenders of a block it takes over outside a job
        self.max_defenders = round(blend(p.aggression, 1, 3))
        #: whether it ambushes even when none of its movers would be left standing
        self.trades = p.aggression >= 0.6
        #: how many blocks it keeps a gangster in once it did a job there
        self.hold = round(blend(p.caution, 1, 3))
        #: how far (in cells) from its HEADQUARTERS it places its SAFE HOUSE when exploring
        self.safe_distance = round(blend(p.caution, 4, 2))

    def choose(self, view: CrimopolisState, legal_actions: Sequence[Any], rng: Rng) -> Any:
        s = view
        me = s.active if s.to_act is None else s.to_act
        first = legal_actions[0]
        kind = type(first)
        if kind is PlaceTile or kind is PlaceHQ:
            return self._place(s, me, legal_actions)
        if kind is KeepJob:
            return max(legal_actions, key=lambda a: self._job_value(s, a.job))
        if kind is ChooseTarget:
            card = s.prompts[-1].card
            if _good(card):
                return ChooseTarget(me)
            return ChooseTarget(self._leader(s, me))
        if kind is Accept or kind is Defend:
            card = s.prompts[-1].card
            if not _good(card):
                for a in legal_actions:
                    if type(a) is Defend:
                        return a
            return legal_actions[0]
        if kind is ExecuteDestiny:
            return first
        return self._turn(s, me, legal_actions)

    # -- helpers ----------------------------------------------------------------------
    def _leader(self, s: CrimopolisState, me: int) -> int:
        rivals = [p for p in range(s.players) if p != me]
        return max(rivals, key=lambda p: (s.prestige[p], -p))

    def _job_value(self, s: CrimopolisState, job: str) -> float:
        d = jobs()[job]
        present = any(s.job_matches(d, b) for b in sorted(s.city.block_tiles))
        return d.prestige / (d.hours + d.gangsters) + (1.0 if present else 0.0)

    def _wanted(self, s: CrimopolisState, me: int) -> set[tuple[str, str]]:
        return {(jobs()[j].location, jobs()[j].colour) for j in s.hands[me]}

    def _place(self, s: CrimopolisState, me: int, acts: Sequence[Any]) -> Any:
        wanted = self._wanted(s, me)
        hq = s.city.hq[me]
        hx, hy = (int(v) for v in hq[1:].split(",")) if hq else (0, 0)

        def score(a: Any) -> float:
            if type(a) is PlaceHQ:
                return -abs(a.x) - abs(a.y)
            if type(a) is LeaveEmpty:
                return -1.0
            if a.tile == f"SH{me}":  # far from home, a second home saves walking
                return float(abs(a.x - hx) + abs(a.y - hy) - self.safe_distance) - 0.5
            if a.tile[0] != "T":
                return -5.0
            d = tiles()[a.tile]
            return 10.0 if (d.name, d.colour) in wanted else d.streets - 4.0

        return max(acts, key=score)

    def _goals(self, s: CrimopolisState, me: int) -> tuple[list[str], int]:
        """Street sections next to blocks where a job can be done, and the biggest crew."""
        board = s.city.board
        goals: list[str] = []
        need = 1
        for j in s.hands[me]:
            d = jobs()[j]
            for block in job_blocks(s, me, d):
                need = max(need, d.gangsters + board.total(block))
                goals.extend(n for n in board.neighbours(block) if n[0] == "s")
        return goals, need

    def _prey(self, s: CrimopolisState, me: int) -> list[str]:
        """Street sections next to rival blocks it would take over."""
        board = s.city.board
        out: list[str] = []
        for block in s.city.block_tiles:
            occ = board.occupants(block) if block not in s.city.home_owner else ()
            if occ and occ[0] != me and board.total(block) <= self.max_defenders - 1:
                out.extend(n for n in board.neighbours(block) if n[0] == "s")
        return out

    def _turn(self, s: CrimopolisState, me: int, acts: Sequence[Any]) -> Any:
        by_kind: dict[type, list[Any]] = {}
        for a in acts:
            by_kind.setdefault(type(a), []).append(a)
        if RedrawJobs in by_kind:
            return by_kind[RedrawJobs][0]
        job_acts = by_kind.get(DoJob, [])
        plays = by_kind.get(PlayFortune, [])
        if job_acts:
            for p in plays:  # arm what helps the job about to be done
                if fortunes()[p.card].effect in ("job_prestige", "shield"):
                    return p
            return max(job_acts, key=lambda a: (
                jobs()[a.job].prestige, -sum(k for _, k in a.takes)))
        for p in plays:
            if fortunes()[p.card].effect in ("job_hours", "job_crew"):
                trial = s.clone()
                trial.apply(p)
                if any(type(a) is DoJob for a in trial.legal_actions()):
                    return p  # this fortune makes a job possible right now
        for p in plays:
            f = fortunes()[p.card]
            if f.effect == "hours" or f.effect == "bombing":
                return p
            if f.destiny:
                good = _good(p.card)
                if (good and p.seat == me) or (not good and p.seat == self._leader(s, me)):
                    return p
            if f.effect == "recruit":
                return p
        board = s.city.board
        goals, need = self._goals(s, me)
        on_board = board.pieces_of(me)
        ending = s.final_left >= 0  # the last turns: influence counts now
        takeovers = [a for a in by_kind.get(TakeOver, [])
                     if board.total(a.block) <= self.max_defenders]
        if takeovers and (ending or not goals or on_board > need + 1):
            # the fewest gangsters lost, then the largest block
            return min(takeovers, key=lambda a: (
                sum(k for _, k in a.takes) - board.total(a.block),
                not s.city.is_large(a.block), a.block))
        occupy = sorted(by_kind.get(Occupy, []), key=lambda a: (
            not s.city.is_large(a.block), sum(k for _, k in a.takes), a.block))
        if occupy and ending:  # INFLUENCE: a large block is worth 3 at the end, a small 1
            return occupy[0]
        recruits = by_kind.get(Recruit, [])
        if recruits and on_board < need + 1 and s.hours >= 2:
            return recruits[0]
        # With no job in reach: explore, or (a bold gang) go after weakly held blocks.
        p = self.personality
        sources = goals or sorted(s.city.open_streets) + (
            self._prey(s, me) if p.aggression >= 0.5 else [])
        dist = distances(s, me, sources) if sources else {}
        hq = s.city.hq[me]
        stuck = not goals or (hq not in dist and not any(
            n in dist for n, _ in board.held_by(me)))
        if stuck and s.turn_steps <= 2 and AbortJob in by_kind and s.round > 3:
            wanted = self._wanted(s, me)
            if goals or not any(
                (tiles()[t].name, tiles()[t].colour) in wanted for t in s.revealed
            ):
                return max(by_kind[AbortJob], key=lambda a: -self._job_value(s, a.job))
        move = self._best_move(s, me, by_kind.get(Move, []), goals, dist, ending)
        if move is not None:
            return move
        if occupy and on_board > need + 1:
            return occupy[0]
        if recruits and on_board < need + 2 and s.hours >= 2:
            return recruits[0]
        # Time left over would go to the next player: turn it into a fortune instead.
        if s.hours >= 2 and INVEST in acts:
            return INVEST
        return EndTurn()

    def _best_move(
        self, s: CrimopolisState, me: int, moves: list[Move], goals: list[str],
        dist: dict[str, int], ending: bool = False,
    ) -> Move | None:
        if not moves or not dist:
            return None
        board = s.city.board
        home = s.city.home_owner
        # Blocks it holds, except those a job in hand needs (JOBS IN THE SAME CITY BLOCK: it
        # must leave one before it can do a job there in a later turn).
        hand = [jobs()[j] for j in s.hands[me]]
        held = [n for n, _ in board.held_by(me) if n[0] == "b" and n not in home
                and not any(s.job_matches(d, n) for d in hand)]
        far = 99
        best, best_score = None, 0.0
        goal_set = set(goals)
        for m in moves:
            d0 = dist.get(m.src, far)
            d1 = dist.get(m.dst, far)
            if m.dst[0] == "b":
                continue
            if m.src in goal_set and goals:
                continue  # stay put next to the target block
            if m.src[0] == "b" and m.src not in home and m.n >= board.count(m.src, me) and (
                m.src in held and (ending or held.index(m.src) < self.hold)
            ):
                continue  # INFLUENCE: leave one behind to hold the block
            rivals = [o for o in board.occupants(m.dst) if o != me]
            if rivals:
                # An ambush: worth it when some of mine survive (or, for a bold gang, as a
                # trade one for one) and bodies still count.
                killed = min(m.n, board.count(m.dst, rivals[0]))
                survivors = m.n - killed
                if not s.tombstones or not survivors and not self.trades:
                    continue
                d1 = min((dist.get(n, far) for n in board.neighbours(m.dst)), default=far) + 1
                gain = (d0 - d1) * survivors + 1.5 * killed
            else:
                gain = (d0 - d1) * m.n
            if gain <= 0:
                continue
            cost = 0 if board.count(m.dst, me) else 1
            if cost > s.hours:
                continue
            score = gain + 0.3 * (1 - cost) + 0.05 * m.n
            if score > best_score:
                best, best_score = m, score
        return best
