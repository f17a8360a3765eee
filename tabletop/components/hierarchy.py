"""Card hierarchies: a tree of cards (superior -> subordinate) laid out on a square grid.

Games such as Crime Lords (and Illuminati before it) build a "power structure": one root card
(the Boss), every other card controlled by exactly one superior and laid next to it. This
module keeps such a tree together with the position of every card in the layout and enforces
one layout rule:

*The touching rule.* Cards sit on grid cells ``(x, y)`` (``y`` grows to the north). A new card
may go on an empty cell orthogonally next to its superior, and only if no *other* card is
orthogonally next to that cell. So every card touches exactly its superior and its own
subordinates; placing a card closes the cells beside it for everybody else.

Around a root at ``(0, 0)`` with cards east ``(1, 0)`` and west ``(-1, 0)``, adding a card north
``(0, 1)`` closes ``(1, 1)`` (north of the east card) and ``(-1, 1)`` (north of the west card)::

      X  N  X
      W  R  E
      .     .

A strength rule ("every superior stronger than each subordinate") is checked through a
``strength`` function the game passes in, because what counts as strength is the game's business.

:class:`Hierarchy` is backed by a live ``networkx.DiGraph``: an edge goes from each superior to
each of his subordinates, every node carries its layout position as the attribute ``cell``, and
``graph.graph["root"]`` names the root. :attr:`Hierarchy.graph` hands it to callers (designers,
researchers, rules) frozen: networkx's algorithms read it, and only the hierarchy's own methods
change it. Clones share the graph and copy it on their first change (copy-on-write), so a
clone costs about what a dict copy does; a snapshot stores the plain ``root``/``parent``/``cell``
form (:class:`HierarchyData`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

import attrs
import networkx as nx  # type: ignore[import-untyped]  # networkx ships no stubs

from tabletop.components.live_graph import frozen_view

Cell = tuple[int, int]
SIDES: tuple[Cell, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))  # north, east, south, west
SIDE_NAMES = ("north", "east", "south", "west")


def neighbours(cell: Cell) -> list[Cell]:
    """The four orthogonal neighbours of ``cell``, in the order north, east, south, west."""
    x, y = cell
    return [(x + dx, y + dy) for dx, dy in SIDES]


def side_name(frm: Cell, to: Cell) -> str:
    """Which side of ``frm`` the neighbouring cell ``to`` is on ("north", ...)."""
    return SIDE_NAMES[SIDES.index((to[0] - frm[0], to[1] - frm[1]))]


@attrs.define(slots=True)
class HierarchyData:
    """The plain form a snapshot stores: the root, each card's superior, each card's cell."""

    root: int = -1
    parent: dict[int, int] = attrs.Factory(dict)
    cell: dict[int, tuple[int, int]] = attrs.Factory(dict)


class _Superiors(Mapping[int, int]):
    """Card -> its direct superior, for every card but the root: a read-only live view of
    the graph's predecessors."""

    __slots__ = ("_pred",)

    def __init__(self, pred: dict[int, dict[int, Any]]) -> None:
        self._pred = pred

    def __getitem__(self, node: int) -> int:
        for sup in self._pred[node]:
            return sup
        raise KeyError(node)

    def get(self, node: int, default: Any = None) -> Any:  # faster than Mapping's
        preds = self._pred.get(node)
        if preds:
            for sup in preds:
                return sup
        return default

    def __contains__(self, node: object) -> bool:
        return bool(self._pred.get(node))  # type: ignore[call-overload]

    def __iter__(self) -> Iterator[int]:
        return (n for n, preds in self._pred.items() if preds)

    def __len__(self) -> int:
        return sum(1 for preds in self._pred.values() if preds)


class _Cells(Mapping[int, Cell]):
    """Card -> its grid cell, for every placed card: a read-only live view of the graph's
    ``cell`` node attributes."""

    __slots__ = ("_node",)

    def __init__(self, node: dict[int, dict[str, Any]]) -> None:
        self._node = node

    def __getitem__(self, node: int) -> Cell:
        cell: Cell = self._node[node]["cell"]
        return cell

    def get(self, node: int, default: Any = None) -> Any:  # faster than Mapping's
        data = self._node.get(node)
        return default if data is None else data["cell"]

    def __contains__(self, node: object) -> bool:
        return node in self._node

    def __iter__(self) -> Iterator[int]:
        return iter(self._node)

    def __len__(self) -> int:
        return len(self._node)


def _copy(g: nx.DiGraph) -> nx.DiGraph:
    """An independent copy of a hierarchy's DiGraph, built straight from its dicts (about a
    tenth of ``DiGraph.copy()``, which goes through the generic graph constructor)."""
    new = nx.DiGraph.__new__(nx.DiGraph)
    new.graph = dict(g.graph)
    new._node = {n: dict(d) for n, d in g._node.items()}
    succ: dict[int, dict[int, Any]] = {n: {} for n in g._succ}
    pred: dict[int, dict[int, Any]] = {n: {} for n in g._pred}
    for u, nbrs in g._succ.items():
        for v in nbrs:
            data: dict[str, Any] = {}  # edges carry no attributes; one dict per edge
            succ[u][v] = data
            pred[v][u] = data
    new._adj = succ  # also sets _succ
    new._pred = pred
    new.__networkx_cache__ = {}
    return new


class Hierarchy:
    """A tree of integer card ids with grid positions; ``root`` is -1 while empty.

    The tree is :attr:`graph`, a ``networkx.DiGraph`` (superior -> subordinate, node
    attribute ``cell``). ``parent`` (every non-root card -> its superior) and ``cell`` (every
    card -> its grid cell) are read-only mappings over it, for quick lookups.
    """

    __slots__ = ("_below", "_g", "_shared", "_sorted", "_view", "cell", "parent", "root")

    def __init__(self, root: int = -1, parent: Mapping[int, int] | None = None,
                 cell: Mapping[int, Cell] | None = None) -> None:
        g = nx.DiGraph.__new__(nx.DiGraph)
        g.graph = {"root": root}
        g._node = {n: {"cell": tuple(c)} for n, c in (cell or {}).items()}
        g._adj = {n: {} for n in g._node}
        g._pred = {n: {} for n in g._node}
        g.__networkx_cache__ = {}
        for n, p in (parent or {}).items():
            if n not in g._node or p not in g._node:
                raise ValueError(f"card {n} or its superior {p} has no cell")
            data: dict[str, Any] = {}
            g._succ[p][n] = data
            g._pred[n][p] = data
        self._use(g, shared=False)
        self.root = root

    def _use(self, g: nx.DiGraph, shared: bool) -> None:
        self._g = g
        self._shared = shared
        self.parent = _Superiors(g._pred)
        self.cell = _Cells(g._node)
        self._sorted: tuple[int, ...] | None = None
        self._below: dict[int, frozenset[int]] = {}
        self._view: nx.DiGraph | None = None

    def _write(self) -> nx.DiGraph:
        """The graph, ready to be changed: copied first if a clone shares it."""
        if self._shared:
            self._use(_copy(self._g), shared=False)
        else:
            self._sorted = None
            self._below = {}
        return self._g

    def clone(self) -> Hierarchy:
        """An independent copy (it shares the graph until one of the two changes)."""
        new = Hierarchy.__new__(Hierarchy)
        new.root = self.root
        new._g = self._g
        new._shared = self._shared = True
        new.parent = self.parent
        new.cell = self.cell
        new._sorted = self._sorted
        new._below = self._below
        new._view = self._view
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hierarchy):
            return NotImplemented
        return (self.root == other.root and dict(self.parent) == dict(other.parent)
                and dict(self.cell) == dict(other.cell))

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"Hierarchy(root={self.root}, parent={dict(self.parent)}, cell={dict(self.cell)})"

    # -- the graph -----------------------------------------------------------------------
    @property
    def graph(self) -> nx.DiGraph:
        """The tree as a frozen ``networkx.DiGraph``: edges superior -> subordinate, node
        attribute ``cell``, ``graph["root"]`` the root. Read it with any networkx algorithm
        (``nx.descendants(h.graph, card)``, ``nx.shortest_path_length(h.graph, h.root)``);
        change it only through the hierarchy's methods. It follows every change, but take
        it again after one: a graph a clone shared is replaced on its first change."""
        if self._view is None:
            self._view = frozen_view(self._g)
        return self._view

    def data(self) -> HierarchyData:
        """The plain form a snapshot stores."""
        return HierarchyData(self.root, dict(self.parent), dict(self.cell))

    @classmethod
    def from_data(cls, data: HierarchyData) -> Hierarchy:
        """The hierarchy a snapshot stored; ValueError if it is not a tree of placed cards."""
        h = cls(data.root, data.parent, data.cell)
        wrong = h.graph_problems()
        if wrong:
            raise ValueError(wrong[0])
        return h

    # -- reading ------------------------------------------------------------------------
    def __contains__(self, node: int) -> bool:
        return node in self._g._node

    def __len__(self) -> int:
        return len(self._g._node)

    def nodes(self) -> list[int]:
        """Every card, sorted (a stable order whatever order the cards came in); the sort is
        kept until the tree changes."""
        if self._sorted is None:
            self._sorted = tuple(sorted(self._g._node))
        return list(self._sorted)

    def children(self, node: int) -> list[int]:
        """The direct subordinates of ``node``, sorted."""
        succ = self._g._succ.get(node)
        return sorted(succ) if succ else []

    def superior(self, node: int) -> int:
        """The direct superior of ``node`` (-1 for the root)."""
        return self.parent.get(node, -1)  # type: ignore[no-any-return]

    def subtree(self, node: int) -> list[int]:
        """``node`` and everything below it, breadth first (children sorted)."""
        succ = self._g._succ
        out = [node]
        i = 0
        while i < len(out):
            out.extend(sorted(succ[out[i]]))
            i += 1
        return out

    def below(self, node: int) -> frozenset[int]:
        """Every card anywhere under ``node`` in its chain of command (``nx.descendants``;
        everybody but the root, for the root). Kept until the tree changes."""
        got = self._below.get(node)
        if got is None:
            got = frozenset(nx.descendants(self._g, node)) if node in self._g._node else (
                frozenset())
            self._below[node] = got
        return got

    def is_below(self, node: int, ancestor: int) -> bool:
        """Whether ``node`` is (directly or not) under ``ancestor``."""
        return node in self.below(ancestor)

    def depth(self, node: int) -> int:
        """0 for the root, 1 for its direct subordinates, and so on."""
        pred = self._g._pred
        d = 0
        ups = pred[node]
        while ups:
            d += 1
            ups = pred[next(iter(ups))]
        return d

    def occupied(self) -> dict[Cell, int]:
        """Cell -> card for every placed card."""
        return {d["cell"]: n for n, d in self._g._node.items()}

    # -- the layout rule -----------------------------------------------------------------
    def is_open(self, superior: int, cell: Cell, occupied: dict[Cell, int] | None = None) -> bool:
        """Whether a new subordinate of ``superior`` may go on ``cell`` (the touching rule)."""
        occ = self.occupied() if occupied is None else occupied
        if cell in occ or superior not in self.cell:
            return False
        scell = self.cell[superior]
        if abs(scell[0] - cell[0]) + abs(scell[1] - cell[1]) != 1:
            return False
        return all(n == scell or n not in occ for n in neighbours(cell))

    def open_cells(self, superior: int, occupied: dict[Cell, int] | None = None) -> list[Cell]:
        """The cells where ``superior`` can take a new subordinate (north, east, south, west)."""
        if superior not in self.cell:
            return []
        occ = self.occupied() if occupied is None else occupied
        return [c for c in neighbours(self.cell[superior]) if self.is_open(superior, c, occ)]

    def placements(
        self, strength: Callable[[int], int], power: int, under: int = -1,
        exclude: Iterable[int] = (),
    ) -> list[tuple[int, Cell]]:
        """Every (superior, cell) where a card of strength ``power`` may be added: the superior
        must be stronger, and (if ``under`` is given) be ``under`` or below it."""
        occ = self.occupied()
        skip = set(exclude)
        # "somewhere underneath the Crook who recruited him": under him or his descendants
        within = None if under == -1 else self.below(under) | {under}
        out: list[tuple[int, Cell]] = []
        for sup in self.nodes():
            if sup in skip or strength(sup) <= power:
                continue
            if within is not None and sup not in within:
                continue
            out.extend((sup, c) for c in self.open_cells(sup, occ))
        return out

    # -- changing ------------------------------------------------------------------------
    def set_root(self, node: int, cell: Cell = (0, 0)) -> None:
        """Start the tree with ``node`` (it must be empty)."""
        if self._g._node:
            raise ValueError("the hierarchy already has a root")
        g = self._write()
        g.add_node(node, cell=cell)
        g.graph["root"] = self.root = node

    def attach(self, node: int, superior: int, cell: Cell) -> None:
        """Add ``node`` under ``superior`` on ``cell``; ValueError if the layout forbids it."""
        if node in self._g._node:
            raise ValueError(f"card {node} is already placed")
        if not self.is_open(superior, cell):
            raise ValueError(f"cell {cell} is not open for a subordinate of card {superior}")
        g = self._write()
        g.add_node(node, cell=cell)
        g.add_edge(superior, node)

    def detach(self, node: int) -> dict[int, tuple[int, Cell]]:
        """Take ``node`` and its subtree out; returns each removed card's (superior, offset
        from ``node``'s old cell) so :meth:`graft` can put it back in shape elsewhere."""
        removed = self.subtree(node)
        base = self.cell[node]
        shape = {}
        for n in removed:
            c = self.cell[n]
            shape[n] = (self.parent.get(n, -1), (c[0] - base[0], c[1] - base[1]))
        g = self._write()
        g.remove_nodes_from(removed)
        if node == self.root:
            g.graph["root"] = self.root = -1
        return shape

    def graft(
        self, node: int, shape: dict[int, tuple[int, Cell]], superior: int, cell: Cell,
        strength: Callable[[int], int],
        displaced: list[tuple[int, dict[int, tuple[int, Cell]]]] | None = None,
    ) -> list[int]:
        """Place ``node`` under ``superior`` on ``cell`` and its former subordinates (``shape``
        from :meth:`detach`) at the same offsets. A card whose cell is taken or closed goes on
        another open side of the same superior (north, east, south, west), or else is dropped
        with its own subtree; returns the dropped cards. With a ``displaced`` list, a card
        that cannot keep its offset is not moved or dropped but set aside with its subtree:
        ``(card, its shape)`` pairs are appended to the list, for the caller to place (it
        still belongs under the same superior) and nothing is dropped."""
        self.attach(node, superior, cell)
        base = cell
        dropped: list[int] = []
        gone: set[int] = set()  # set aside with a displaced card
        # breadth first from node: a card is placed only after its superior
        order = [node]
        i = 0
        while i < len(order):
            order.extend(sorted(n for n, (p, _) in shape.items() if p == order[i]))
            i += 1
        for n in order[1:]:
            sup, off = shape[n]
            if sup in gone:
                gone.add(n)
                continue
            if sup in dropped or sup not in self.cell:
                dropped.append(n)
                continue
            want = (base[0] + off[0], base[1] + off[1])
            if self.is_open(sup, want) and strength(sup) > strength(n):
                self.attach(n, sup, want)
                continue
            if displaced is not None:
                displaced.append((n, self.subshape(shape, n)))
                gone.add(n)
                continue
            spots = self.open_cells(sup) if strength(sup) > strength(n) else []
            if spots:
                self.attach(n, sup, spots[0])
            else:
                dropped.append(n)
        return dropped

    @staticmethod
    def subshape(
        shape: dict[int, tuple[int, Cell]], root: int
    ) -> dict[int, tuple[int, Cell]]:
        """The part of a detached ``shape`` that hangs under ``root``, with offsets re-based
        on ``root`` (its own entry keeps its superior)."""
        keep = [root]
        i = 0
        while i < len(keep):
            keep.extend(sorted(c for c, (p, _) in shape.items() if p == keep[i]))
            i += 1
        bx, by = shape[root][1]
        return {c: (shape[c][0], (shape[c][1][0] - bx, shape[c][1][1] - by)) for c in keep}

    # -- checking and converting -----------------------------------------------------------
    def graph_problems(self) -> list[str]:
        """Everything wrong with the graph and the layout (empty: consistent): the DiGraph
        must be a tree (an arborescence) rooted at ``root``, every card must sit on a cell of
        its own next to its superior, and no card may touch one it has no control link with
        (the touching rule)."""
        g = self._g
        if not g._node:
            if g.number_of_edges() or self.root != -1:
                return [f"an empty tree with links or a root ({self.root})"]
            return []
        out = []
        if g.graph.get("root") != self.root:
            out.append(f"the graph names root {g.graph.get('root')}, the hierarchy {self.root}")
        if self.root not in g._node or g._pred[self.root]:
            out.append(f"root {self.root} is not a placed card without superior")
        if not self._is_tree():
            out.append("the control links do not form one tree (a card with two superiors, a "
                       "cycle or a card cut off)")
        if self._sorted is not None and list(self._sorted) != sorted(g._node):
            out.append("the sorted list of cards is out of date")
        occ: dict[Cell, int] = {}
        for n in sorted(g._node):
            c = g._node[n].get("cell")
            if not (isinstance(c, tuple) and len(c) == 2 and all(type(v) is int for v in c)):
                out.append(f"card {n} has no grid cell")
                return out
            if c in occ:
                out.append(f"cards {occ[c]} and {n} overlap on {c}")
            occ[c] = n
        for n in sorted(g._node):
            mine = set(g._pred[n]) | set(g._succ[n])
            for nb in neighbours(self.cell[n]):
                other = occ.get(nb)
                if other is not None and other not in mine:
                    out.append(f"cards {n} and {other} touch without a control link")
            for p in g._pred[n]:
                pc, c = self.cell[p], self.cell[n]
                if abs(pc[0] - c[0]) + abs(pc[1] - c[1]) != 1:
                    out.append(f"card {n} is not next to its superior {p}")
        return out

    def _is_tree(self) -> bool:
        """Whether the graph is an arborescence rooted at ``root``: every other card has one
        superior and is reached from the root exactly once (what ``nx.is_arborescence``
        says, in a few microseconds instead of about seventy)."""
        g = self._g
        if self.root not in g._node or g._pred[self.root]:
            return False
        if any(len(ups) != 1 for n, ups in g._pred.items() if n != self.root):
            return False
        seen = {self.root}
        todo = [self.root]
        while todo:
            for sub in g._succ[todo.pop()]:
                if sub in seen:
                    return False
                seen.add(sub)
                todo.append(sub)
        return len(seen) == len(g._node)

    def problems(self, strength: Callable[[int], int] | None = None) -> list[str]:
        """:meth:`graph_problems`, and (given ``strength``) every superior stronger than
        each of his subordinates."""
        out = self.graph_problems()
        if strength is not None:
            out.extend(f"card {n} is not weaker than its superior {p}"
                       for p, n in sorted(self._g.edges) if strength(p) <= strength(n))
        return out

    def to_digraph(self) -> nx.DiGraph:
        """An independent, changeable copy of :attr:`graph` (superior -> subordinate,
        attribute ``cell``, ``graph["root"]``): for analysis that edits the tree."""
        return _copy(self._g)

    @classmethod
    def from_digraph(cls, g: nx.DiGraph) -> Hierarchy:
        """The hierarchy a DiGraph shaped like :attr:`graph` describes."""
        roots = [n for n in g.nodes if g.in_degree(n) == 0]
        root = g.graph.get("root", roots[0] if roots else -1)
        parent = {int(v): int(u) for u, v in g.edges}
        cell = {int(n): (int(d["cell"][0]), int(d["cell"][1])) for n, d in g.nodes(data=True)}
        return cls(int(root), parent, cell)
