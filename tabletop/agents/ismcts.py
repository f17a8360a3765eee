"""Information-set Monte Carlo tree search: a search bot that plays every game.

The agent knows games only through the contract (``determinize``, ``clone``,
``legal_actions``, ``apply``, ``evaluate``, ``to_act``, ``is_over``, ``describe_public``), so
it plays the five games, the tutorial and any third-party module alike, and it only ever sees
what its seat may know: it receives a determinization of the state for its seat (``view =
"state"``) and determinizes that again at every iteration, so each iteration plays out one
world consistent with what the seat knows.

The variant is single-observer ISMCTS (Cowling, Powley & Whitehouse, "Information Set Monte
Carlo Tree Search", 2012) with their treatment of partially observable moves (SO-ISMCTS +
POM): one tree, from the searching seat's point of view, whose nodes are its information
sets, reached by sequences of moves as that seat sees them.

- **Children are keyed by move, and counted by availability.** A node's children are keyed
  by the seat that moves and the action it takes; a determinization offers only some of them
  (another world, other legal moves), so each child counts how often it was available and
  UCB1 uses that count in place of the parent's visits.
- **The others' moves are keyed as the searching seat sees them.** In a game with secret
  moves (``describe_public`` overridden), another seat's move is keyed by its public
  description: every sealed bid is one child, "Player 2 seals a bid", and the concrete bid
  is drawn at random within it. The tree never tells the seat what a rival sealed.
- **Chance stays inside apply.** Dice and draws come from the determinization's own rng,
  reseeded at every iteration, so the tree does not branch on chance: a node holds the
  average over the worlds and dice that reached it (an open-loop tree).
- **Each seat maximises its own reward.** A rollout's end is scored with ``evaluate(seat)``
  for every seat, and each node keeps the reward of the seat that chose the move into it, so
  a rival's node is chosen as that rival would (max^n, for any number of players).
- **Rollouts** play :func:`~tabletop.agents.base.random_choice` (a concession only rarely)
  for at most ``depth`` decisions, then score the position with ``evaluate``. By default a
  game that implements ``evaluate`` has its leaves scored at once (depth 0: in tic-tac-toe
  that beat every longer rollout, the random moves only blur a good evaluation), and a game
  that keeps the default ``evaluate``, which knows only finished games, is played out to the
  end (a rollout cut earlier would tell the search nothing).
- **Concessions** (leaving, resigning) are never part of the tree while another move is
  legal: the agent does not give a game up.

The budget is a number of iterations (reproducible: same view, same rng, same budget, same
move) or milliseconds per decision (or both: whichever runs out first).

With a ``guide`` (an agent, normally the game's heuristic: ``ismcts:...:guide=heuristic``)
the search is the guided one of :mod:`tabletop.agents.guided`: the guide's best few moves
tried in the same worlds, every seat played by the guide after them, and the guide's own
move kept unless another is clearly better.
"""

from __future__ import annotations

import math
import time
from collections.abc import Hashable, Sequence
from typing import Any

import attrs

from tabletop.agents import guided
from tabletop.agents.base import Agent, ViewKind, is_concession, no_moves, random_choice
from tabletop.engine import State
from tabletop.rng import Rng

#: iterations per decision unless told otherwise
DEFAULT_ITERATIONS = 200
#: rollout decisions before ``evaluate`` scores the position, in a game with its own evaluate
EVALUATED_DEPTH = 0
#: the longest rollout: a game without its own evaluate is played out, up to this many moves
MAX_ROLLOUT = 100_000
#: the UCB1 exploration constant (rewards lie in [0, 1]); 0.7 as in Cowling et al.
EXPLORATION = 0.7


@attrs.frozen
class SearchStats:
    """What one decision's search did."""

    iterations: int
    seconds: float
    nodes: int


class _Node:
    """A move as the searching seat sees it, and what followed it: visits, the summed
    reward of the seat that moved (``mover``), how often it was available, its children by
    the seat that moves next and the key of its move, and the keys of the moves seen here
    (by the seat that moves)."""

    __slots__ = ("avail", "children", "keys", "mover", "total", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.children: dict[int, dict[Hashable, _Node]] = {}
        self.keys: dict[int, dict[Any, Hashable | None]] = {}


class IsmctsAgent:
    """Chooses by information-set MCTS within a budget (see the module doc)."""

    kind = "ismcts"
    view: ViewKind = "state"

    def __init__(self, iterations: int | None = DEFAULT_ITERATIONS,
                 milliseconds: float | None = None, depth: int | None = None,
                 exploration: float = EXPLORATION, guide: Agent | None = None,
                 width: int = guided.GUIDED_WIDTH, sample: int = guided.GUIDED_SAMPLE,
                 z: float = guided.GUIDED_Z) -> None:
        """``depth=None``: :data:`EVALUATED_DEPTH` in a game with its own ``evaluate``, else
        rollouts to the end (see the module doc); with a ``guide``,
        :data:`~tabletop.agents.guided.GUIDED_DEPTH` decisions played by the guide.
        ``width``, ``sample`` and ``z`` tune the guided search (:mod:`tabletop.agents.guided`)
        and mean nothing without a guide."""
        if iterations is None and milliseconds is None:
            raise ValueError("ismcts needs a budget: iterations, milliseconds or both")
        self.iterations = iterations
        self.milliseconds = milliseconds
        self.depth = depth
        self.exploration = exploration
        self.guide = guide
        self.width = width
        self.sample = sample
        self.z = z
        self.last: SearchStats | None = None  # the last decision's search, for benchmarks

    def choose(self, view: State, legal_actions: Sequence[Any], rng: Rng) -> Any:
        """The most visited of the root's moves after the search; no search when only one
        move (concessions aside) is legal."""
        playable = [a for a in legal_actions if not is_concession(a)] or list(legal_actions)
        if len(playable) == 1:
            self.last = SearchStats(0, 0.0, 0)
            return playable[0]
        seat = view.to_act
        assert seat is not None, "the game is over"
        if self.guide is not None:
            return self._guided(view, seat, legal_actions, playable, rng)
        root = _Node(seat)
        secret_moves = type(view).describe_public is not State.describe_public
        depth = self.depth
        if depth is None:
            depth = EVALUATED_DEPTH if type(view).evaluate is not State.evaluate else MAX_ROLLOUT
        start = time.perf_counter()
        deadline = start + self.milliseconds / 1000 if self.milliseconds is not None else math.inf
        limit = self.iterations if self.iterations is not None else math.inf
        done = nodes = 0
        while done < limit and time.perf_counter() < deadline:
            world = view.determinize(seat, rng)
            nodes += self._iterate(root, world, seat, secret_moves, depth, deadline, rng)
            done += 1
        self.last = SearchStats(done, time.perf_counter() - start, nodes)
        children = root.children.get(seat, {})
        scored = [(children[a].visits, children[a].total / children[a].visits, -i, a)
                  for i, a in enumerate(playable) if a in children]
        if not scored:  # a time budget too small for one iteration
            return random_choice(playable, rng)
        return max(scored, key=lambda item: item[:3])[3]

    def _guided(self, view: State, seat: int, legal: Sequence[Any], playable: Sequence[Any],
                rng: Rng) -> Any:
        """The guided search's move (:mod:`tabletop.agents.guided`)."""
        assert self.guide is not None
        start = time.perf_counter()
        deadline = start + self.milliseconds / 1000 if self.milliseconds is not None else math.inf
        move, done = guided.search(
            view, seat, legal, playable, self.guide,
            iterations=self.iterations if self.iterations is not None else math.inf,
            deadline=deadline, depth=self.depth if self.depth is not None else
            guided.GUIDED_DEPTH, width=self.width, sample=self.sample, z=self.z, rng=rng)
        self.last = SearchStats(done, time.perf_counter() - start, 0)
        return move

    def _iterate(self, root: _Node, state: State, seat: int, secret_moves: bool, depth: int,
                 deadline: float, rng: Rng) -> int:
        """One iteration on one determinization: select down the tree, expand one move, roll
        out, back the rewards up. Returns the number of nodes added (0 or 1). A rollout
        still running at the ``deadline`` is scored where it stands, so a long game cannot
        overrun a time budget by a whole rollout."""
        node = root
        path: list[_Node] = []
        added = 0
        log, sqrt, c = math.log, math.sqrt, self.exploration
        while not state.is_over:
            mover = state.to_act
            assert mover is not None
            keys: Sequence[Hashable]
            moves: Sequence[Any]
            if secret_moves and mover != seat:
                keys, moves = _seen_moves(node, state, mover)
            else:
                keys = moves = _own_moves(state)
            if not moves:
                raise RuntimeError(no_moves(state))
            children = node.children.get(mover)
            if children is None:
                children = node.children[mover] = {}
            untried = []
            best: _Node | None = None
            best_key: Hashable = None
            action: Any = None
            best_value = -math.inf
            for key, move in zip(keys, moves, strict=True):
                child = children.get(key)
                if child is None:
                    untried.append((key, move))
                    continue
                child.avail += 1
                value = (child.total / child.visits
                         + c * sqrt(log(child.avail) / child.visits))
                if value > best_value:
                    best, best_key, action, best_value = child, key, move, value
            if untried:
                best_key, action = untried[rng.below(len(untried))]
                best = children[best_key] = _Node(mover)
                added = 1
            assert best is not None
            if type(action) is _Class:  # another seat's secret move: any one of its class
                action = action.actions[rng.below(len(action.actions))]
            state.apply(action)
            path.append(best)
            node = best
            if added:
                break
        steps = 0
        clock = time.perf_counter
        while steps < depth and not state.is_over:
            if steps & 7 == 7 and clock() > deadline:
                break
            legal = state.legal_actions()
            if not legal:
                raise RuntimeError(no_moves(state))
            state.apply(random_choice(legal, rng))
            steps += 1
        rewards = [state.evaluate(s) for s in range(state.players)]
        for n in path:
            n.visits += 1
            n.total += rewards[n.mover]
        return added


class _Class:
    """Moves of another seat that the searching seat cannot tell apart (one sealed bid or
    another): one child of the tree, played as any one of them."""

    __slots__ = ("actions",)

    def __init__(self, action: Any) -> None:
        self.actions = [action]


_CONCEDES: dict[type, bool] = {}  # action type -> whether it is a concession (a cache)


def _own_moves(state: State) -> Sequence[Any]:
    """The legal moves, each its own key; concessions left out while another move is
    legal."""
    legal = state.legal_actions()
    concedes = _CONCEDES
    for action in legal:
        kind = type(action)
        flag = concedes.get(kind)
        if flag is None:
            flag = concedes[kind] = is_concession(action)
        if flag:
            return [a for a in legal if not is_concession(a)] or legal
    return legal


def _seen_moves(node: _Node, state: State, mover: int) -> tuple[list[Hashable], list[Any]]:
    """Another seat's legal moves, as the searching seat sees them: keyed by their public
    description, moves that read the same being one :class:`_Class`. Concessions are left
    out while another move is legal. The keys are remembered per node and seat (describing
    costs more than looking up)."""
    legal = state.legal_actions()
    keys = node.keys.get(mover)
    if keys is None:
        keys = node.keys[mover] = {}
    classes: dict[Hashable, _Class] = {}
    for action in legal:
        try:
            key = keys[action]
        except KeyError:
            key = keys[action] = (None if is_concession(action)
                                  else ("seen", state.describe_public(action)))
        if key is None:
            continue
        group = classes.get(key)
        if group is None:
            classes[key] = _Class(action)
        else:
            group.actions.append(action)
    if not classes:  # every legal move is a concession
        return list(legal), list(legal)
    return list(classes), [g.actions[0] if len(g.actions) == 1 else g for g in classes.values()]
