"""The heuristic agent: recruits a crew, walks it to the blocks its jobs name, does the
jobs, explores when a job's block is not in the city yet, and takes over when it pays."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from games.crimopolis.actions import (
    INVEST,
    AbortJob,
    Accept,
    ChooseTarget,
    Defend,
    DoJob,
    EndTurn,
    ExecuteDestiny,
    KeepJob,
    Move,
    Occupy,
    PlaceHQ,
    PlaceTile,
    PlayFortune,
    Recruit,
    RedrawJobs,
    TakeOver,
)
from games.crimopolis.cards import fortunes, jobs, newsflashes, tiles
from tabletop.rng import Rng

if TYPE_CHECKING:
    from games.crimopolis.state import CrimopolisState

_GOOD_DESTINY = ("recruit",)


def _good(card: str) -> bool:
    d = newsflashes()[card] if card[0] == "N" else fortunes()[card]
    return d.effect in _GOOD_DESTINY or (d.effect == "hours" and d.amount > 0)


class HeuristicAgent:
    """A greedy planner over the true rules, seeing only a determinized copy."""

    kind = "heuristic"
    view = "state"

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

        def score(a: Any) -> float:
            if type(a) is PlaceHQ:
                return -abs(a.x) - abs(a.y)
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
            for block in sorted(s.city.block_tiles):
                if block in s.city.home_owner or block in s.touched and board.count(block, me):
                    continue
                if board.count(block, me) or not s.job_matches(d, block):
                    continue
                need = max(need, d.gangsters + board.total(block))
                goals.extend(n for n in board.links[block] if n[0] == "s")
        return goals, need

    def _distances(self, s: CrimopolisState, me: int, sources: list[str]) -> dict[str, int]:
        """Street distances to the goals; streets held by rivals are walked around."""
        board = s.city.board
        pieces = board.pieces
        dist = {n: 0 for n in sources}
        queue = deque(sources)
        while queue:
            node = queue.popleft()
            d = dist[node] + 1
            for other in board.links[node]:
                if other not in dist:
                    row = pieces.get(other)
                    if other[0] == "s" and row and not row[me]:
                        continue  # a rival stands there
                    dist[other] = d
                    if other[0] == "s":
                        queue.append(other)
        return dist

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
        takeovers = [a for a in by_kind.get(TakeOver, []) if s.city.board.total(a.block) <= 2]
        if takeovers:
            return min(takeovers, key=lambda a: sum(k for _, k in a.takes))
        goals, need = self._goals(s, me)
        board = s.city.board
        on_board = board.pieces_of(me)
        recruits = by_kind.get(Recruit, [])
        if recruits and on_board < need + 1 and s.hours >= 2:
            return recruits[0]
        sources = goals or sorted(s.city.open_streets)
        dist = self._distances(s, me, sources) if sources else {}
        hq = s.city.hq[me]
        stuck = not goals or (hq not in dist and not any(
            n in dist for n, _ in board.held_by(me)))
        if stuck and s.turn_steps <= 2 and AbortJob in by_kind and s.round > 3:
            wanted = self._wanted(s, me)
            if goals or not any(
                (tiles()[t].name, tiles()[t].colour) in wanted for t in s.revealed
            ):
                return max(by_kind[AbortJob], key=lambda a: -self._job_value(s, a.job))
        move = self._best_move(s, me, by_kind.get(Move, []), goals, dist)
        if move is not None:
            return move
        occupy = by_kind.get(Occupy, [])
        if occupy and on_board > need + 1:
            return min(occupy, key=lambda a: sum(k for _, k in a.takes))
        if recruits and on_board < need + 2 and s.hours >= 2:
            return recruits[0]
        # Time left over would go to the next player: turn it into a fortune instead.
        if s.hours >= 2 and INVEST in acts:
            return INVEST
        return EndTurn()

    def _best_move(
        self, s: CrimopolisState, me: int, moves: list[Move], goals: list[str],
        dist: dict[str, int],
    ) -> Move | None:
        if not moves or not dist:
            return None
        board = s.city.board
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
            rivals = [o for o in board.occupants(m.dst) if o != me]
            if rivals:
                # An ambush: worth it only when some of mine survive and bodies still count.
                killed = min(m.n, board.count(m.dst, rivals[0]))
                survivors = m.n - killed
                if not survivors or not s.tombstones:
                    continue
                d1 = min((dist.get(n, far) for n in board.links[m.dst]), default=far) + 1
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
