"""A board that is a graph: named nodes of a kind, links between them, pieces on nodes.

Every node has a kind and a ``capacity`` (how many pieces it holds, fixed per kind), every
link joins two nodes; :attr:`GraphBoard.graph` hands the board to callers (designers,
researchers) as a frozen ``networkx.Graph`` with the node attributes ``kind`` and
``capacity``: any networkx algorithm reads it (``nx.shortest_path(board.graph, a, b)``,
``nx.connected_components``), and only the board's own methods change it. The rules read the
board's own dicts (:meth:`GraphBoard.neighbours`, :meth:`GraphBoard.room`, ...), which the
networkx graph is made from when first asked for (see :mod:`tabletop.components.live_graph`).
Pieces belong to owners (seat numbers) and are counted per node in a small side structure,
:attr:`GraphBoard.pieces` (only nodes holding pieces); :meth:`GraphBoard.add` enforces the
capacity (a rule that allows more passes ``force=True``).

The board grows while a game is played (tiles placed, areas discovered) but far more rarely
than pieces move, so clones share the nodes and links and copy them on their first change
(copy-on-write): a clone costs a copy of the pieces. A snapshot stores the plain form
(:class:`GraphBoardData`: kinds, links in their order, pieces); a game that can rebuild the
board from its own data (Crimopolis from its placed tiles) stores only that instead.
"""

from __future__ import annotations

import bisect
import graphlib
from collections import deque
from collections.abc import KeysView, Mapping
from typing import ClassVar

import attrs
import networkx as nx  # type: ignore[import-untyped]  # networkx ships no stubs

from tabletop.components.live_graph import LiveGraph


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


def _edge_order(links: Mapping[str, Mapping[str, None]]) -> list[tuple[str, str]]:
    """The links in an order that, made one by one, gives every node its neighbours in the
    board's order (networkx puts a new link at the end of both nodes' neighbours): the order
    they were made in, which a board changed only through its methods always has. If no
    order does (a board made from a hand-written ``links`` mapping can list them so), the
    links node by node."""
    after: graphlib.TopologicalSorter[tuple[str, str]] = graphlib.TopologicalSorter()
    for node, row in links.items():
        before: tuple[tuple[str, str], ...] = ()
        for other in row:
            link = (node, other) if node < other else (other, node)
            after.add(link, *before)
            before = (link,)
    try:
        return list(after.static_order())
    except graphlib.CycleError:
        return [(node, other) for node, row in links.items() for other in row]


class _Structure(LiveGraph):
    """The board's nodes and links, shared by clones until one of them changes them, and
    the networkx graph made of them on first ask."""

    __slots__ = ("capacity", "kinds", "links")

    def __init__(self, kinds: dict[str, str], capacity: dict[str, int],
                 links: dict[str, dict[str, None]]) -> None:
        super().__init__()
        self.kinds = kinds  # node -> kind, in the order the nodes were made
        self.capacity = capacity  # node -> how many pieces it holds
        self.links = links  # node -> its neighbours (keys) in the order the links were made

    def copy(self) -> _Structure:
        """An independent copy (its graph not made yet)."""
        return _Structure(dict(self.kinds), dict(self.capacity),
                          {node: dict(row) for node, row in self.links.items()})

    def make_graph(self) -> nx.Graph:
        g = nx.Graph()
        g.add_nodes_from((node, {"kind": kind, "capacity": self.capacity[node]})
                         for node, kind in self.kinds.items())
        g.add_edges_from(_edge_order(self.links))
        return g


class GraphBoard:
    """Nodes (by id) of a kind, undirected links, and pieces per owner; ``capacities`` gives
    how many pieces a node of each kind holds (fixed when the board is made, so clones
    share it).

    :attr:`graph` is the board as a ``networkx.Graph``, read-only for callers. :attr:`pieces`
    maps each node holding pieces to one count per owner; rules change it through
    :meth:`add`, :meth:`remove` and :meth:`move`.
    """

    snapshot_form: ClassVar[type] = GraphBoardData

    __slots__ = ("_held", "_pieces", "_s", "_shared", "capacities", "owners")

    def __init__(self, owners: int, capacities: dict[str, int],
                 kinds: Mapping[str, str] | None = None,
                 links: Mapping[str, tuple[str, ...]] | None = None,
                 pieces: dict[str, list[int]] | None = None) -> None:
        self.owners = owners
        self.capacities = capacities
        self._s = _Structure({}, {}, {})
        self._shared = False
        self._pieces = pieces if pieces is not None else {}
        self._held: list[str] | None = None  # the nodes holding pieces, sorted (None: not yet)
        for node, kind in (kinds or {}).items():
            self.add_node(node, kind)
        if links:
            self._link_all(links)

    def _link_all(self, links: Mapping[str, tuple[str, ...]]) -> None:
        """Make the links as listed, keeping each node's neighbours in the listed order."""
        s = self._write()
        for node, others in links.items():
            if node not in s.kinds:
                raise ValueError(f"cannot link unknown node {node!r}")
            row = s.links[node]
            for other in others:
                if other == node or other not in s.kinds:
                    raise ValueError(f"cannot link {node!r} to {other!r}")
                row[other] = None
        for node, row in s.links.items():
            for other in row:
                if node not in s.links[other]:
                    raise ValueError(f"{node} is linked to {other} but {other} not to {node}")
        g = s.changing()
        if g is not None:
            g.add_edges_from(_edge_order(s.links))

    # -- the graph -----------------------------------------------------------------------
    @property
    def graph(self) -> nx.Graph:
        """The board as a frozen ``networkx.Graph`` (node attributes ``kind`` and
        ``capacity``; edges are the links; each node's neighbours in the order the links were
        made). Read it with any networkx algorithm; change the board only through its
        methods. It follows later changes, but take it again after one: the graph a clone
        shared is replaced on its first change."""
        return self._s.frozen()

    def _write(self) -> _Structure:
        """The nodes and links, ready to be changed: copied first if a clone shares them."""
        if self._shared:
            self._s = self._s.copy()
            self._shared = False
        return self._s

    def clone(self) -> GraphBoard:
        """An independent copy: it shares the nodes and links until one of the two changes
        them."""
        new = GraphBoard.__new__(GraphBoard)
        new.owners = self.owners
        new.capacities = self.capacities
        new._s = self._s
        new._shared = self._shared = True
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
        links = sum(len(row) for row in self._s.links.values()) // 2
        return (f"GraphBoard(owners={self.owners}, nodes={len(self._s.kinds)}, "
                f"links={links}, pieces={self._pieces})")

    def snapshot_data(self) -> GraphBoardData:
        """The plain form a snapshot stores."""
        s = self._s
        links = {n: tuple(row) for n, row in s.links.items()}
        pieces = {n: row[:] for n, row in self._pieces.items()}
        return GraphBoardData(self.owners, dict(self.capacities), dict(s.kinds), links, pieces)

    @classmethod
    def from_snapshot_data(cls, data: GraphBoardData) -> GraphBoard:
        """The board a snapshot stored; ValueError if its parts disagree."""
        board = cls(data.owners, data.capacities, data.kinds, data.links, data.pieces)
        problems = board.graph_problems()
        if problems:
            raise ValueError(problems[0])
        return board

    def graph_problems(self) -> list[str]:
        """What is wrong between the nodes, the links, the pieces and the networkx graph
        (empty when they agree): every node of a declared kind with that kind's capacity,
        links both ways and none from a node to itself, every piece on an existing node, one
        count per owner, none negative; the graph, once made, the same nodes and links."""
        out = []
        s = self._s
        for node, kind in s.kinds.items():
            if kind not in self.capacities:
                out.append(f"node {node} is of undeclared kind {kind!r}")
            elif s.capacity.get(node) != self.capacities[kind]:
                out.append(f"node {node} holds {s.capacity.get(node)!r}, not the "
                           f"{self.capacities[kind]} of a {kind}")
            linked = s.links.get(node, {})
            if node in linked:
                out.append(f"node {node} is linked to itself")
            out.extend(f"{node} is linked to {other} but {other} not to {node}"
                       for other in linked if node not in s.links.get(other, ()))
        if s.links.keys() != s.kinds.keys() or s.capacity.keys() != s.kinds.keys():
            out.append("the nodes, their links and their capacities list different nodes")
        for node, row in self._pieces.items():
            if node not in s.kinds:
                out.append(f"pieces lie on {node}, which is not on the board")
            if len(row) != self.owners:
                out.append(f"{node} counts pieces for {len(row)} owners, not {self.owners}")
            elif any(type(n) is not int or n < 0 for n in row):
                out.append(f"{node} holds a negative or odd count of pieces: {row}")
            elif not any(row):
                out.append(f"{node} is listed as holding pieces but holds none")
        if self._held is not None and self._held != sorted(self._pieces):
            out.append("the sorted list of occupied nodes is stale")
        g = s.made_graph()
        if g is not None and (
                dict(g.nodes(data="kind")) != s.kinds
                or dict(g.nodes(data="capacity")) != s.capacity
                or any(list(g.adj.get(node, ())) != list(row) for node, row in s.links.items())):
            out.append("the networkx graph differs from the board's nodes and links")
        return out

    # -- structure ----------------------------------------------------------------------
    def add_node(self, node: str, kind: str) -> None:
        """A new node (adding one that exists only updates its kind)."""
        capacity = self.capacities.get(kind)
        if capacity is None:
            raise KeyError(f"no capacity is set for nodes of kind {kind!r}")
        s = self._write()
        if node not in s.kinds:
            s.links[node] = {}
        s.kinds[node] = kind
        s.capacity[node] = capacity
        g = s.changing()
        if g is not None:
            g.add_node(node, kind=kind, capacity=capacity)

    def capacity(self, node: str) -> int:
        """How many pieces ``node`` holds."""
        return self._s.capacity[node]

    def kind(self, node: str) -> str:
        """The kind of ``node``."""
        return self._s.kinds[node]

    def has(self, node: str) -> bool:
        """Whether the node exists."""
        return node in self._s.kinds

    def connect(self, a: str, b: str) -> None:
        """Link two existing nodes (idempotent)."""
        if a == b:
            raise ValueError(f"cannot link {a} to itself")
        s = self._s
        if a not in s.kinds or b not in s.kinds:
            raise KeyError(f"cannot link unknown nodes {a!r}, {b!r}")
        if b not in s.links[a]:
            s = self._write()
            s.links[a][b] = s.links[b][a] = None
            g = s.changing()
            if g is not None:
                g.add_edge(a, b)

    def merge(self, keep: str, gone: str) -> None:
        """Fold node ``gone`` into ``keep``: its links and pieces move over, it disappears.
        (``keep`` gains the links ``gone`` had, each at the end of both neighbour lists.)"""
        s = self._write()
        g = s.changing()
        links = s.links
        for other in list(links[gone]):
            del links[other][gone]
            if g is not None:
                g.remove_edge(other, gone)
            if other != keep and other not in links[keep]:
                links[keep][other] = links[other][keep] = None
                if g is not None:
                    g.add_edge(keep, other)
        del links[gone], s.kinds[gone], s.capacity[gone]
        if g is not None:
            g.remove_node(gone)
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
        return self._s.links[node].keys()

    def nodes(self, kind: str | None = None) -> list[str]:
        """All nodes (of a kind), sorted by id."""
        if kind is None:
            return sorted(self._s.kinds)
        return sorted(n for n, k in self._s.kinds.items() if k == kind)

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
        left = self._s.capacity[node] - (sum(row) if row else 0)
        return max(0, left)

    def add(self, node: str, owner: int, n: int = 1, force: bool = False) -> None:
        """Put ``n`` pieces of ``owner`` on ``node``; OverCapacity past the capacity unless
        ``force`` (a rule that allows over-filling)."""
        if n < 0:
            raise ValueError("cannot add a negative number of pieces")
        row = self._pieces.get(node)
        if not force and (sum(row) if row else 0) + n > self._s.capacity[node]:
            raise OverCapacity(f"{node} holds {self.capacity(node)}, cannot take {n} more")
        if row is None:
            if node not in self._s.kinds:
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
        kinds = self._s.kinds
        links = self._s.links
        while queue:
            node = queue.popleft()
            if through is not None and node != start and kinds[node] != through:
                continue
            d = dist[node] + 1
            for other in links[node]:
                if other not in dist:
                    dist[other] = d
                    queue.append(other)
        return dist
