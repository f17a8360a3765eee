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

:class:`Hierarchy` keeps the tree in dicts of its own (each card's cell, superior and
subordinates), which the rules read, and hands it to callers (designers, researchers) as a
frozen ``networkx.DiGraph``, :attr:`Hierarchy.graph`: an edge goes from each superior to each
of his subordinates, every node carries its layout position as the attribute ``cell``, and
``graph.graph["root"]`` names the root. networkx's algorithms read it, and only the
hierarchy's own methods change it; it is made when first asked for (see
:mod:`tabletop.components.live_graph`). Clones share the tree and copy it on their first
change (copy-on-write), so a clone costs about what a dict copy does; a snapshot stores the
plain ``root``/``parent``/``cell`` form (:class:`HierarchyData`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType

import attrs
import networkx as nx  # type: ignore[import-untyped]  # networkx ships no stubs

from tabletop.components.live_graph import LiveGraph

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


class _Tree(LiveGraph):
    """A hierarchy's cards and control links, shared by clones until one of them changes
    them, and the networkx DiGraph made of them on first ask."""

    __slots__ = ("cell", "down", "root", "up")

    def __init__(self, root: int, cell: dict[int, Cell], up: dict[int, int],
                 down: dict[int, dict[int, None]]) -> None:
        super().__init__()
        self.root = root  # the root the graph names (the hierarchy's ``root`` says the same)
        self.cell = cell  # card -> its grid cell, in the order the cards were placed
        self.up = up  # card -> its superior, every card but the root (in the same order)
        self.down = down  # card -> its subordinates (keys) in the order they were attached

    def copy(self) -> _Tree:
        """An independent copy (its graph not made yet)."""
        return _Tree(self.root, dict(self.cell), dict(self.up),
                     {card: dict(subs) for card, subs in self.down.items()})

    def make_graph(self) -> nx.DiGraph:
        g = nx.DiGraph(root=self.root)
        g.add_nodes_from((card, {"cell": cell}) for card, cell in self.cell.items())
        g.add_edges_from((sup, sub) for sup, subs in self.down.items() for sub in subs)
        return g


class Hierarchy:
    """A tree of integer card ids with grid positions; ``root`` is -1 while empty.

    ``parent`` (every non-root card -> its superior) and ``cell`` (every card -> its grid
    cell) are read-only live mappings of the tree, for quick lookups; :attr:`graph` is the
    tree as a ``networkx.DiGraph`` (superior -> subordinate, node attribute ``cell``).
    """

    __slots__ = ("_below", "_shared", "_sorted", "_t", "cell", "parent", "root")

    def __init__(self, root: int = -1, parent: Mapping[int, int] | None = None,
                 cell: Mapping[int, Cell] | None = None) -> None:
        # tuple(): a snapshot's cells come as lists; a cell of the wrong length stays wrong
        # for graph_problems to report
        cells: dict[int, Cell] = {
            n: tuple(c) for n, c in (cell or {}).items()}  # type: ignore[misc]
        parent = parent or {}
        down: dict[int, dict[int, None]] = {n: {} for n in cells}
        for n, p in parent.items():
            if n not in cells or p not in cells:
                raise ValueError(f"card {n} or its superior {p} has no cell")
            down[p][n] = None
        self._use(_Tree(root, cells, {n: parent[n] for n in cells if n in parent}, down),
                  shared=False)
        self.root = root

    def _use(self, tree: _Tree, shared: bool) -> None:
        self._t = tree
        self._shared = shared
        self.parent: Mapping[int, int] = MappingProxyType(tree.up)
        self.cell: Mapping[int, Cell] = MappingProxyType(tree.cell)
        self._sorted: tuple[int, ...] | None = None
        self._below: dict[int, frozenset[int]] = {}

    def _write(self) -> _Tree:
        """The tree, ready to be changed: copied first if a clone shares it."""
        if self._shared:
            self._use(self._t.copy(), shared=False)
        else:
            self._sorted = None
            self._below = {}
        return self._t

    def clone(self) -> Hierarchy:
        """An independent copy (it shares the tree until one of the two changes)."""
        new = Hierarchy.__new__(Hierarchy)
        new.root = self.root
        new._t = self._t
        new._shared = self._shared = True
        new.parent = self.parent
        new.cell = self.cell
        new._sorted = self._sorted
        new._below = self._below
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
        return self._t.frozen()

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
        return node in self._t.cell

    def __len__(self) -> int:
        return len(self._t.cell)

    def nodes(self) -> list[int]:
        """Every card, sorted (a stable order whatever order the cards came in); the sort is
        kept until the tree changes."""
        if self._sorted is None:
            self._sorted = tuple(sorted(self._t.cell))
        return list(self._sorted)

    def children(self, node: int) -> list[int]:
        """The direct subordinates of ``node``, sorted."""
        subs = self._t.down.get(node)
        return sorted(subs) if subs else []

    def superior(self, node: int) -> int:
        """The direct superior of ``node`` (-1 for the root)."""
        return self._t.up.get(node, -1)

    def subtree(self, node: int) -> list[int]:
        """``node`` and everything below it, breadth first (children sorted)."""
        down = self._t.down
        out = [node]
        i = 0
        while i < len(out):
            out.extend(sorted(down[out[i]]))
            i += 1
        return out

    def below(self, node: int) -> frozenset[int]:
        """Every card anywhere under ``node`` in its chain of command (what ``nx.descendants``
        says of :attr:`graph`; everybody but the root, for the root). Kept until the tree
        changes."""
        got = self._below.get(node)
        if got is None:
            down = self._t.down
            seen = {node}
            todo = [node] if node in down else []
            while todo:
                for sub in down[todo.pop()]:
                    if sub not in seen:
                        seen.add(sub)
                        todo.append(sub)
            seen.discard(node)
            got = self._below[node] = frozenset(seen)
        return got

    def is_below(self, node: int, ancestor: int) -> bool:
        """Whether ``node`` is (directly or not) under ``ancestor``."""
        return node in self.below(ancestor)

    def depth(self, node: int) -> int:
        """0 for the root, 1 for its direct subordinates, and so on."""
        if node not in self._t.cell:
            raise KeyError(node)
        up = self._t.up
        d = 0
        while node in up:
            d += 1
            node = up[node]
        return d

    def occupied(self) -> dict[Cell, int]:
        """Cell -> card for every placed card."""
        return {c: n for n, c in self._t.cell.items()}

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
        if self._t.cell:
            raise ValueError("the hierarchy already has a root")
        t = self._write()
        t.cell[node] = cell
        t.down[node] = {}
        t.root = self.root = node
        g = t.changing()
        if g is not None:
            g.add_node(node, cell=cell)
            g.graph["root"] = node

    def attach(self, node: int, superior: int, cell: Cell) -> None:
        """Add ``node`` under ``superior`` on ``cell``; ValueError if the layout forbids it."""
        if node in self._t.cell:
            raise ValueError(f"card {node} is already placed")
        if not self.is_open(superior, cell):
            raise ValueError(f"cell {cell} is not open for a subordinate of card {superior}")
        t = self._write()
        t.cell[node] = cell
        t.up[node] = superior
        t.down[node] = {}
        t.down[superior][node] = None
        g = t.changing()
        if g is not None:
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
        t = self._write()
        for n in removed:
            del t.cell[n], t.down[n]
            sup = t.up.pop(n, None)
            if sup in t.down:  # the superior of ``node``: the others went first
                del t.down[sup][n]
        if node == self.root:
            t.root = self.root = -1
        g = t.changing()
        if g is not None:
            g.remove_nodes_from(removed)
            g.graph["root"] = t.root
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
        """Everything wrong with the tree, the layout and the networkx graph (empty:
        consistent): the control links must form a tree (an arborescence) rooted at ``root``,
        every card must sit on a cell of its own next to its superior, no card may touch one
        it has no control link with (the touching rule), and the graph, once made, must show
        the same cards, cells and links."""
        t = self._t
        if not t.cell:
            if t.up or any(t.down.values()) or self.root != -1:
                return [f"an empty tree with links or a root ({self.root})"]
            return []
        out = []
        if t.root != self.root:
            out.append(f"the graph names root {t.root}, the hierarchy {self.root}")
        if self.root not in t.cell or self.root in t.up:
            out.append(f"root {self.root} is not a placed card without superior")
        if not self._is_tree():
            out.append("the control links do not form one tree (a card with two superiors, a "
                       "cycle or a card cut off)")
        if self._sorted is not None and list(self._sorted) != sorted(t.cell):
            out.append("the sorted list of cards is out of date")
        occ: dict[Cell, int] = {}
        for n in sorted(t.cell):
            c = t.cell[n]
            if not (isinstance(c, tuple) and len(c) == 2 and all(type(v) is int for v in c)):
                out.append(f"card {n} has no grid cell")
                return out
            if c in occ:
                out.append(f"cards {occ[c]} and {n} overlap on {c}")
            occ[c] = n
        for n in sorted(t.cell):
            mine = set(t.down.get(n, ()))
            if n in t.up:
                mine.add(t.up[n])
            for nb in neighbours(t.cell[n]):
                other = occ.get(nb)
                if other is not None and other not in mine:
                    out.append(f"cards {n} and {other} touch without a control link")
            p = t.up.get(n)
            if p in t.cell:
                pc, c = t.cell[p], t.cell[n]
                if abs(pc[0] - c[0]) + abs(pc[1] - c[1]) != 1:
                    out.append(f"card {n} is not next to its superior {p}")
        g = t.made_graph()
        if g is not None and (g.graph.get("root") != t.root or dict(g.nodes(data="cell")) != t.cell
                              or set(g.edges) != {(p, n) for n, p in t.up.items()}):
            out.append("the networkx graph differs from the hierarchy's cards and links")
        return out

    def _is_tree(self) -> bool:
        """Whether the control links are an arborescence rooted at ``root``: every other card
        has one superior (listing it among his subordinates) and is reached from the root
        exactly once (what ``nx.is_arborescence`` says of :attr:`graph`, in a few
        microseconds instead of about seventy)."""
        t = self._t
        if self.root not in t.cell or self.root in t.up:
            return False
        if (t.up.keys() | t.down.keys()) != t.cell.keys() or sum(
                len(subs) for subs in t.down.values()) != len(t.up):
            return False
        if any(t.up.get(sub) != sup for sup, subs in t.down.items() for sub in subs):
            return False
        seen = {self.root}
        todo = [self.root]
        while todo:
            for sub in t.down[todo.pop()]:
                if sub in seen:
                    return False
                seen.add(sub)
                todo.append(sub)
        return len(seen) == len(t.cell)

    def problems(self, strength: Callable[[int], int] | None = None) -> list[str]:
        """:meth:`graph_problems`, and (given ``strength``) every superior stronger than
        each of his subordinates."""
        out = self.graph_problems()
        if strength is not None:
            out.extend(f"card {n} is not weaker than its superior {p}"
                       for p, n in sorted((p, n) for n, p in self._t.up.items())
                       if strength(p) <= strength(n))
        return out

    def to_digraph(self) -> nx.DiGraph:
        """An independent, changeable copy of :attr:`graph` (superior -> subordinate,
        attribute ``cell``, ``graph["root"]``): for analysis that edits the tree."""
        return self._t.make_graph()

    @classmethod
    def from_digraph(cls, g: nx.DiGraph) -> Hierarchy:
        """The hierarchy a DiGraph shaped like :attr:`graph` describes."""
        roots = [n for n in g.nodes if g.in_degree(n) == 0]
        root = g.graph.get("root", roots[0] if roots else -1)
        parent = {int(v): int(u) for u, v in g.edges}
        cell = {int(n): (int(d["cell"][0]), int(d["cell"][1])) for n, d in g.nodes(data=True)}
        return cls(int(root), parent, cell)
