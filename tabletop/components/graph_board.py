"""A board that is a graph: named nodes of a kind, links between them, pieces on nodes.

Pieces belong to owners (seat numbers) and are counted per node; each kind of node has a
capacity that :meth:`GraphBoard.add` enforces (a rule that allows more passes
``force=True``). The
board grows while a game is played (tiles placed, areas discovered). Links are stored as
tuples so a clone shares them safely; :meth:`GraphBoard.to_networkx` gives the graph for
analysis.
"""

from __future__ import annotations

from collections import deque

import attrs
import networkx as nx  # type: ignore[import-untyped]  # networkx ships no stubs


class OverCapacity(Exception):
    """More pieces were put on a node than it holds; rules code checks first."""


@attrs.define(slots=True)
class GraphBoard:
    """Nodes (by id) of a kind, undirected links, and pieces per owner; ``capacities`` gives
    how many pieces a node of each kind holds (fixed when the board is made, so clones
    share it)."""

    owners: int
    capacities: dict[str, int]
    kinds: dict[str, str] = attrs.Factory(dict)
    links: dict[str, tuple[str, ...]] = attrs.Factory(dict)
    pieces: dict[str, list[int]] = attrs.Factory(dict)  # only nodes holding pieces

    def clone(self) -> GraphBoard:
        """An independent copy."""
        return GraphBoard(
            self.owners, self.capacities, dict(self.kinds), dict(self.links),
            {k: v[:] for k, v in self.pieces.items()},
        )

    # -- structure ----------------------------------------------------------------------
    def add_node(self, node: str, kind: str) -> None:
        """A new node (adding one that exists only updates its kind)."""
        if kind not in self.capacities:
            raise KeyError(f"no capacity is set for nodes of kind {kind!r}")
        self.kinds[node] = kind
        self.links.setdefault(node, ())

    def capacity(self, node: str) -> int:
        """How many pieces ``node`` holds."""
        return self.capacities[self.kinds[node]]

    def has(self, node: str) -> bool:
        """Whether the node exists."""
        return node in self.kinds

    def connect(self, a: str, b: str) -> None:
        """Link two existing nodes (idempotent)."""
        if a == b:
            raise ValueError(f"cannot link {a} to itself")
        if a not in self.kinds or b not in self.kinds:
            raise KeyError(f"cannot link unknown nodes {a!r}, {b!r}")
        if b not in self.links[a]:
            self.links[a] = (*self.links[a], b)
            self.links[b] = (*self.links[b], a)

    def merge(self, keep: str, gone: str) -> None:
        """Fold node ``gone`` into ``keep``: its links and pieces move over, it disappears."""
        for other in self.links.pop(gone, ()):
            self.links[other] = tuple(n for n in self.links[other] if n != gone)
            if other != keep:
                self.connect(keep, other)
        moved = self.pieces.pop(gone, None)
        if moved:
            row = self.pieces.setdefault(keep, [0] * self.owners)
            for i, n in enumerate(moved):
                row[i] += n
        del self.kinds[gone]

    def neighbours(self, node: str) -> tuple[str, ...]:
        """The nodes linked to ``node``, in the order the links were made."""
        return self.links[node]

    def nodes(self, kind: str | None = None) -> list[str]:
        """All nodes (of a kind), sorted by id."""
        if kind is None:
            return sorted(self.kinds)
        return sorted(n for n, k in self.kinds.items() if k == kind)

    # -- pieces -------------------------------------------------------------------------
    def count(self, node: str, owner: int) -> int:
        """Pieces of ``owner`` on ``node``."""
        row = self.pieces.get(node)
        return row[owner] if row else 0

    def total(self, node: str) -> int:
        """All pieces on ``node``."""
        row = self.pieces.get(node)
        return sum(row) if row else 0

    def occupants(self, node: str) -> list[int]:
        """The owners with pieces on ``node``, lowest seat first."""
        row = self.pieces.get(node)
        return [i for i, n in enumerate(row) if n] if row else []

    def room(self, node: str) -> int:
        """How many more pieces fit on ``node`` (0 if it is full or over-full)."""
        return max(0, self.capacities[self.kinds[node]] - self.total(node))

    def add(self, node: str, owner: int, n: int = 1, force: bool = False) -> None:
        """Put ``n`` pieces of ``owner`` on ``node``; OverCapacity past the capacity unless
        ``force`` (a rule that allows over-filling)."""
        if n < 0:
            raise ValueError("cannot add a negative number of pieces")
        if not force and self.total(node) + n > self.capacity(node):
            raise OverCapacity(f"{node} holds {self.capacity(node)}, cannot take {n} more")
        row = self.pieces.get(node)
        if row is None:
            row = self.pieces[node] = [0] * self.owners
        row[owner] += n

    def remove(self, node: str, owner: int, n: int = 1) -> None:
        """Take ``n`` pieces of ``owner`` off ``node``; ValueError if there are fewer."""
        row = self.pieces.get(node)
        if n < 0 or row is None or row[owner] < n:
            raise ValueError(f"{node} has fewer than {n} pieces of owner {owner}")
        row[owner] -= n
        if not any(row):
            del self.pieces[node]

    def move(self, src: str, dst: str, owner: int, n: int = 1, force: bool = False) -> None:
        """Move ``n`` pieces of ``owner`` from ``src`` to ``dst`` (capacity checked first)."""
        if not force and self.total(dst) + n > self.capacity(dst):
            raise OverCapacity(f"{dst} holds {self.capacity(dst)}, cannot take {n} more")
        self.remove(src, owner, n)
        self.add(dst, owner, n, force=True)

    def held_by(self, owner: int) -> list[tuple[str, int]]:
        """``(node, count)`` for every node where ``owner`` has pieces, sorted by node id."""
        return sorted((node, row[owner]) for node, row in self.pieces.items() if row[owner])

    def pieces_of(self, owner: int) -> int:
        """All pieces of ``owner`` on the board."""
        return sum(row[owner] for row in self.pieces.values())

    # -- analysis -----------------------------------------------------------------------
    def distances(self, start: str, through: str | None = None) -> dict[str, int]:
        """Link distances from ``start`` (breadth first); with ``through``, paths pass only
        nodes of that kind (the end node may be of any kind)."""
        dist = {start: 0}
        queue = deque([start])
        kinds = self.kinds
        while queue:
            node = queue.popleft()
            if through is not None and node != start and kinds[node] != through:
                continue
            d = dist[node] + 1
            for other in self.links[node]:
                if other not in dist:
                    dist[other] = d
                    queue.append(other)
        return dist

    def to_networkx(self) -> nx.Graph:
        """The board as a networkx graph; nodes carry ``kind``, ``capacity`` and ``pieces``."""
        graph = nx.Graph()
        for node, kind in sorted(self.kinds.items()):
            graph.add_node(
                node, kind=kind, capacity=self.capacities[kind],
                pieces=tuple(self.pieces.get(node, [0] * self.owners)),
            )
        for node, others in sorted(self.links.items()):
            for other in others:
                graph.add_edge(node, other)
        return graph
