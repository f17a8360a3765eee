"""A board that is a graph: named nodes of a kind, links between them, pieces on nodes.

The board lives on a ``networkx.Graph``: every node carries the attributes ``kind`` and
``capacity`` (how many pieces it holds), every edge is a link. :attr:`GraphBoard.graph`
hands that graph to callers (designers, researchers, rules) frozen: any networkx algorithm
reads it (``nx.shortest_path(board.graph, a, b)``, ``nx.connected_components``), and only
the board's own methods change it. Pieces belong to owners (seat numbers) and are counted
per node in a small side structure, :attr:`GraphBoard.pieces` (only nodes holding pieces);
:meth:`GraphBoard.add` enforces the capacity (a rule that allows more passes ``force=True``).

The board grows while a game is played (tiles placed, areas discovered) but far more rarely
than pieces move, so clones share the graph and copy it on their first change
(copy-on-write): a clone costs a copy of the pieces. A snapshot stores the plain form
(:class:`GraphBoardData`: kinds, links in their order, pieces); a game that can rebuild the
graph from its own data (Crimopolis from its placed tiles) stores only that instead.
"""

from __future__ import annotations

import bisect
from collections import deque
from collections.abc import KeysView, Mapping
from typing import Any, ClassVar

import attrs
import networkx as nx  # type: ignore[import-untyped]  # networkx ships no stubs

from tabletop.components.live_graph import frozen_view


class OverCapacity(Exception):
    """More pieces were put on a node than it holds; rules code checks first."""


@attrs.define(slots=True)
class GraphBoardData:
    """The plain form a snapshot stores: owners, the capacity of each kind, each node's kind,
    each node's links in the order they were made, and the pieces per node."""

    owners: int
    capacities: dict[str, int]
    kinds: dict[str, str] = attrs.Factory(dict)
    links: dict[str, tuple[str, ...]] = attrs.Factory(dict)
    pieces: dict[str, list[int]] = attrs.Factory(dict)


def _new_graph() -> nx.Graph:
    return nx.Graph()


def _copy(g: nx.Graph) -> nx.Graph:
    """An independent copy of a board's graph, built straight from its dicts (a fraction of
    ``Graph.copy()``, which goes through the generic constructor); neighbour order kept."""
    new = nx.Graph.__new__(nx.Graph)
    new.graph = dict(g.graph)
    new._node = {n: dict(d) for n, d in g._node.items()}
    adj: dict[str, dict[str, Any]] = {u: dict.fromkeys(nbrs) for u, nbrs in g._adj.items()}
    for u, nbrs in adj.items():
        for v, data in nbrs.items():
            if data is None:  # one data dict per edge, shared by its two ends (as networkx)
                nbrs[v] = adj[v][u] = {}  # an existing key keeps its place: order is kept
    new._adj = adj
    new.__networkx_cache__ = {}
    return new


class GraphBoard:
    """Nodes (by id) of a kind, undirected links, and pieces per owner; ``capacities`` gives
    how many pieces a node of each kind holds (fixed when the board is made, so clones
    share it).

    :attr:`graph` is the board as a ``networkx.Graph``, read-only for callers. :attr:`pieces`
    maps each node holding pieces to one count per owner; rules change it through
    :meth:`add`, :meth:`remove` and :meth:`move`.
    """

    snapshot_form: ClassVar[type] = GraphBoardData

    __slots__ = ("_g", "_held", "_pieces", "_shared", "_view", "capacities", "owners")

    def __init__(self, owners: int, capacities: dict[str, int],
                 kinds: Mapping[str, str] | None = None,
                 links: Mapping[str, tuple[str, ...]] | None = None,
                 pieces: dict[str, list[int]] | None = None) -> None:
        self.owners = owners
        self.capacities = capacities
        self._g = _new_graph()
        self._shared = False
        self._view: nx.Graph | None = None
        self._pieces = pieces if pieces is not None else {}
        self._held: list[str] | None = None  # the nodes holding pieces, sorted (None: not yet)
        for node, kind in (kinds or {}).items():
            self.add_node(node, kind)
        if links:
            self._link_all(links)

    def _link_all(self, links: Mapping[str, tuple[str, ...]]) -> None:
        """Make the links as listed, keeping each node's neighbours in the listed order."""
        g = self._g
        adj = g._adj
        for node, others in links.items():
            if node not in g._node:
                raise ValueError(f"cannot link unknown node {node!r}")
            row = adj[node]
            for other in others:
                if other == node or other not in g._node:
                    raise ValueError(f"cannot link {node!r} to {other!r}")
                row[other] = None
        for u, nbrs in adj.items():
            for v, data in nbrs.items():
                if data is None:
                    back = adj[v]
                    if u not in back:
                        raise ValueError(f"{u} is linked to {v} but {v} not to {u}")
                    nbrs[v] = back[u] = {}  # one data dict per edge, as networkx keeps it

    # -- the graph -----------------------------------------------------------------------
    @property
    def graph(self) -> nx.Graph:
        """The board as a frozen ``networkx.Graph`` (node attributes ``kind`` and
        ``capacity``; edges are the links). Read it with any networkx algorithm; change the
        board only through its methods. It follows later changes, but take it again after
        one: the graph a clone shared is replaced on its first change."""
        if self._view is None:
            self._view = frozen_view(self._g)
        return self._view

    def _write(self) -> nx.Graph:
        """The graph, ready to be changed: copied first if a clone shares it."""
        if self._shared:
            self._g = _copy(self._g)
            self._shared = False
            self._view = None
        elif self._view is not None:
            self._view.__networkx_cache__.clear()
        return self._g

    def clone(self) -> GraphBoard:
        """An independent copy: it shares the graph until one of the two changes it."""
        new = GraphBoard.__new__(GraphBoard)
        new.owners = self.owners
        new.capacities = self.capacities
        new._g = self._g
        new._shared = self._shared = True
        new._view = self._view
        new._pieces = {k: v[:] for k, v in self._pieces.items()}
        new._held = self._held
        return new

    @property
    def pieces(self) -> dict[str, list[int]]:
        """Node -> pieces per owner, for the nodes holding any (read it; rules change it
        through :meth:`add`, :meth:`remove` and :meth:`move`)."""
        return self._pieces

    @pieces.setter
    def pieces(self, value: dict[str, list[int]]) -> None:
        self._pieces = value
        self._held = None

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GraphBoard):
            return NotImplemented
        return self.snapshot_data() == other.snapshot_data()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return (f"GraphBoard(owners={self.owners}, nodes={len(self._g)}, "
                f"links={self._g.number_of_edges()}, pieces={self._pieces})")

    def snapshot_data(self) -> GraphBoardData:
        """The plain form a snapshot stores."""
        kinds = {n: d["kind"] for n, d in self._g._node.items()}
        links = {n: tuple(nbrs) for n, nbrs in self._g._adj.items()}
        pieces = {n: row[:] for n, row in self._pieces.items()}
        return GraphBoardData(self.owners, dict(self.capacities), kinds, links, pieces)

    @classmethod
    def from_snapshot_data(cls, data: GraphBoardData) -> GraphBoard:
        """The board a snapshot stored; ValueError if its parts disagree."""
        board = cls(data.owners, data.capacities, data.kinds, data.links, data.pieces)
        problems = board.graph_problems()
        if problems:
            raise ValueError(problems[0])
        return board

    def graph_problems(self) -> list[str]:
        """What is wrong between the graph and the pieces (empty when they agree): every
        node of a declared kind with that kind's capacity, no node linked to itself, every
        piece on an existing node, one count per owner, none negative."""
        out = []
        g = self._g
        for node, data in g._node.items():
            kind = data.get("kind")
            if kind not in self.capacities:
                out.append(f"node {node} is of undeclared kind {kind!r}")
            elif data.get("capacity") != self.capacities[kind]:
                out.append(f"node {node} holds {data.get('capacity')!r}, not the "
                           f"{self.capacities[kind]} of a {kind}")
            if node in g._adj[node]:
                out.append(f"node {node} is linked to itself")
        for node, row in self._pieces.items():
            if node not in g._node:
                out.append(f"pieces lie on {node}, which is not on the board")
            if len(row) != self.owners:
                out.append(f"{node} counts pieces for {len(row)} owners, not {self.owners}")
            elif any(type(n) is not int or n < 0 for n in row):
                out.append(f"{node} holds a negative or odd count of pieces: {row}")
            elif not any(row):
                out.append(f"{node} is listed as holding pieces but holds none")
        if self._held is not None and self._held != sorted(self._pieces):
            out.append("the sorted list of occupied nodes is stale")
        return out

    # -- structure ----------------------------------------------------------------------
    def add_node(self, node: str, kind: str) -> None:
        """A new node (adding one that exists only updates its kind)."""
        capacity = self.capacities.get(kind)
        if capacity is None:
            raise KeyError(f"no capacity is set for nodes of kind {kind!r}")
        g = self._write()
        data = g._node.get(node)
        if data is None:  # what Graph.add_node does, without its checks
            g._adj[node] = {}
            g._node[node] = {"kind": kind, "capacity": capacity}
        else:
            data.update(kind=kind, capacity=capacity)

    def capacity(self, node: str) -> int:
        """How many pieces ``node`` holds."""
        cap: int = self._g._node[node]["capacity"]
        return cap

    def kind(self, node: str) -> str:
        """The kind of ``node``."""
        kind: str = self._g._node[node]["kind"]
        return kind

    def has(self, node: str) -> bool:
        """Whether the node exists."""
        return node in self._g._node

    def connect(self, a: str, b: str) -> None:
        """Link two existing nodes (idempotent)."""
        if a == b:
            raise ValueError(f"cannot link {a} to itself")
        g = self._g
        if a not in g._node or b not in g._node:
            raise KeyError(f"cannot link unknown nodes {a!r}, {b!r}")
        if b not in g._adj[a]:
            adj = self._write()._adj
            adj[a][b] = adj[b][a] = {}  # what add_edge does, without its checks

    def merge(self, keep: str, gone: str) -> None:
        """Fold node ``gone`` into ``keep``: its links and pieces move over, it disappears.
        (``keep`` gains the links ``gone`` had, each at the end of both neighbour lists.)"""
        g = self._write()
        for other in list(g._adj[gone]):
            del g._adj[other][gone]
            if other != keep and other not in g._adj[keep]:
                g._adj[keep][other] = g._adj[other][keep] = {}
        del g._adj[gone]
        del g._node[gone]
        moved = self._pieces.pop(gone, None)
        if moved:
            row = self._pieces.get(keep)
            if row is None:
                row = self._pieces[keep] = [0] * self.owners
            for i, n in enumerate(moved):
                row[i] += n
            self._held = None

    def neighbours(self, node: str) -> KeysView[str]:
        """The nodes linked to ``node``, in the order the links were made (a live read-only
        view: ``x in board.neighbours(node)`` is a dict lookup)."""
        return self._g._adj[node].keys()  # type: ignore[no-any-return]

    def nodes(self, kind: str | None = None) -> list[str]:
        """All nodes (of a kind), sorted by id."""
        if kind is None:
            return sorted(self._g._node)
        return sorted(n for n, d in self._g._node.items() if d["kind"] == kind)

    # -- pieces -------------------------------------------------------------------------
    def count(self, node: str, owner: int) -> int:
        """Pieces of ``owner`` on ``node``."""
        row = self._pieces.get(node)
        return row[owner] if row else 0

    def total(self, node: str) -> int:
        """All pieces on ``node``."""
        row = self._pieces.get(node)
        return sum(row) if row else 0

    def occupants(self, node: str) -> list[int]:
        """The owners with pieces on ``node``, lowest seat first."""
        row = self._pieces.get(node)
        return [i for i, n in enumerate(row) if n] if row else []

    def room(self, node: str) -> int:
        """How many more pieces fit on ``node`` (0 if it is full or over-full)."""
        row = self._pieces.get(node)  # total and capacity inlined: the rules ask this a lot
        left: int = self._g._node[node]["capacity"] - (sum(row) if row else 0)
        return max(0, left)

    def add(self, node: str, owner: int, n: int = 1, force: bool = False) -> None:
        """Put ``n`` pieces of ``owner`` on ``node``; OverCapacity past the capacity unless
        ``force`` (a rule that allows over-filling)."""
        if n < 0:
            raise ValueError("cannot add a negative number of pieces")
        row = self._pieces.get(node)
        if not force and (sum(row) if row else 0) + n > self._g._node[node]["capacity"]:
            raise OverCapacity(f"{node} holds {self.capacity(node)}, cannot take {n} more")
        if row is None:
            if node not in self._g._node:
                raise KeyError(f"no node {node!r} on the board")
            row = self._pieces[node] = [0] * self.owners
            held = self._held
            if held is not None:  # a new list: a clone may share the old one
                at = bisect.bisect(held, node)
                self._held = [*held[:at], node, *held[at:]]
        row[owner] += n

    def remove(self, node: str, owner: int, n: int = 1) -> None:
        """Take ``n`` pieces of ``owner`` off ``node``; ValueError if there are fewer."""
        row = self._pieces.get(node)
        if n < 0 or row is None or row[owner] < n:
            raise ValueError(f"{node} has fewer than {n} pieces of owner {owner}")
        row[owner] -= n
        if not any(row):
            del self._pieces[node]
            held = self._held
            if held is not None:  # a new list: a clone may share the old one
                at = bisect.bisect_left(held, node)
                self._held = [*held[:at], *held[at + 1:]]

    def move(self, src: str, dst: str, owner: int, n: int = 1, force: bool = False) -> None:
        """Move ``n`` pieces of ``owner`` from ``src`` to ``dst`` (capacity checked first)."""
        if not force and self.total(dst) + n > self.capacity(dst):
            raise OverCapacity(f"{dst} holds {self.capacity(dst)}, cannot take {n} more")
        self.remove(src, owner, n)
        self.add(dst, owner, n, force=True)

    def held_by(self, owner: int) -> list[tuple[str, int]]:
        """``(node, count)`` for every node where ``owner`` has pieces, sorted by node id
        (the sorted nodes are kept: a node gaining its first piece or losing its last is
        put in or taken out of them)."""
        held = self._held
        if held is None:
            held = self._held = sorted(self._pieces)
        pieces = self._pieces
        return [(node, k) for node in held if (k := pieces[node][owner])]

    def pieces_of(self, owner: int) -> int:
        """All pieces of ``owner`` on the board."""
        return sum(row[owner] for row in self._pieces.values())

    # -- analysis -----------------------------------------------------------------------
    def distances(self, start: str, through: str | None = None) -> dict[str, int]:
        """Link distances from ``start`` (breadth first); with ``through``, paths pass only
        nodes of that kind (the end node may be of any kind)."""
        dist = {start: 0}
        queue = deque([start])
        node_data = self._g._node
        adj = self._g._adj
        while queue:
            node = queue.popleft()
            if through is not None and node != start and node_data[node]["kind"] != through:
                continue
            d = dist[node] + 1
            for other in adj[node]:
                if other not in dist:
                    dist[other] = d
                    queue.append(other)
        return dist
