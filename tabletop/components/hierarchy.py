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

:class:`Hierarchy` stores plain dicts, so it snapshots to JSON and clones cheaply; the
:meth:`Hierarchy.to_digraph` / :meth:`Hierarchy.from_digraph` pair converts to and from a
``networkx.DiGraph`` (edges superior -> subordinate, node attribute ``cell``) for analysis.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import attrs
import networkx as nx  # type: ignore[import-untyped]  # networkx ships no stubs

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
class Hierarchy:
    """A tree of integer card ids with grid positions; ``root`` is -1 while empty.

    ``parent`` maps every non-root card to its superior; ``cell`` maps every card (root
    included) to its grid cell.
    """

    root: int = -1
    parent: dict[int, int] = attrs.Factory(dict)
    cell: dict[int, tuple[int, int]] = attrs.Factory(dict)

    def clone(self) -> Hierarchy:
        """An independent copy."""
        return Hierarchy(self.root, dict(self.parent), dict(self.cell))

    # -- reading ------------------------------------------------------------------------
    def __contains__(self, node: int) -> bool:
        return node in self.cell

    def __len__(self) -> int:
        return len(self.cell)

    def nodes(self) -> list[int]:
        """Every card, sorted (a stable order whatever order the dicts were filled in)."""
        return sorted(self.cell)

    def children(self, node: int) -> list[int]:
        """The direct subordinates of ``node``, sorted."""
        return sorted(n for n, p in self.parent.items() if p == node)

    def superior(self, node: int) -> int:
        """The direct superior of ``node`` (-1 for the root)."""
        return self.parent.get(node, -1)

    def subtree(self, node: int) -> list[int]:
        """``node`` and everything below it, breadth first (children sorted)."""
        out = [node]
        i = 0
        while i < len(out):
            out.extend(self.children(out[i]))
            i += 1
        return out

    def is_below(self, node: int, ancestor: int) -> bool:
        """Whether ``node`` is (directly or not) under ``ancestor``."""
        p = self.parent.get(node, -1)
        while p != -1:
            if p == ancestor:
                return True
            p = self.parent.get(p, -1)
        return False

    def depth(self, node: int) -> int:
        """0 for the root, 1 for its direct subordinates, and so on."""
        d = 0
        p = self.parent.get(node, -1)
        while p != -1:
            d += 1
            p = self.parent.get(p, -1)
        return d

    def occupied(self) -> dict[Cell, int]:
        """Cell -> card for every placed card."""
        return {c: n for n, c in self.cell.items()}

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
        out: list[tuple[int, Cell]] = []
        for sup in self.nodes():
            if sup in skip or strength(sup) <= power:
                continue
            if under != -1 and sup != under and not self.is_below(sup, under):
                continue
            out.extend((sup, c) for c in self.open_cells(sup, occ))
        return out

    # -- changing ------------------------------------------------------------------------
    def set_root(self, node: int, cell: Cell = (0, 0)) -> None:
        """Start the tree with ``node`` (it must be empty)."""
        if self.cell:
            raise ValueError("the hierarchy already has a root")
        self.root = node
        self.cell[node] = cell

    def attach(self, node: int, superior: int, cell: Cell) -> None:
        """Add ``node`` under ``superior`` on ``cell``; ValueError if the layout forbids it."""
        if node in self.cell:
            raise ValueError(f"card {node} is already placed")
        if not self.is_open(superior, cell):
            raise ValueError(f"cell {cell} is not open for a subordinate of card {superior}")
        self.parent[node] = superior
        self.cell[node] = cell

    def detach(self, node: int) -> dict[int, tuple[int, Cell]]:
        """Take ``node`` and its subtree out; returns each removed card's (superior, offset
        from ``node``'s old cell) so :meth:`graft` can put it back in shape elsewhere."""
        removed = self.subtree(node)
        base = self.cell[node]
        shape = {}
        for n in removed:
            c = self.cell.pop(n)
            shape[n] = (self.parent.pop(n, -1), (c[0] - base[0], c[1] - base[1]))
        if node == self.root:
            self.root = -1
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
    def problems(self, strength: Callable[[int], int] | None = None) -> list[str]:
        """Everything wrong with the tree and its layout (empty: consistent)."""
        out = []
        if not self.cell:
            return [] if not self.parent and self.root == -1 else ["empty tree with links"]
        if self.root not in self.cell or self.root in self.parent:
            out.append(f"root {self.root} is not a placed card without superior")
        occ: dict[Cell, int] = {}
        for n in self.nodes():
            c = self.cell[n]
            if c in occ:
                out.append(f"cards {occ[c]} and {n} overlap on {c}")
            occ[c] = n
        for n in self.nodes():
            if n == self.root:
                continue
            p = self.parent.get(n)
            if p is None or p not in self.cell:
                out.append(f"card {n} has no placed superior")
                continue
            if strength is not None and strength(p) <= strength(n):
                out.append(f"card {n} is not weaker than its superior {p}")
        for n in self.nodes():
            mine = {self.parent.get(n, -1), *self.children(n)}
            for nb in neighbours(self.cell[n]):
                other = occ.get(nb)
                if other is not None and other not in mine:
                    out.append(f"cards {n} and {other} touch without a control link")
            p = self.parent.get(n)
            if p is not None and p in self.cell:
                pc, c = self.cell[p], self.cell[n]
                if abs(pc[0] - c[0]) + abs(pc[1] - c[1]) != 1:
                    out.append(f"card {n} is not next to its superior {p}")
        seen: set[int] = set()
        for n in self.nodes():  # cycles
            path = set()
            p = n
            while p != -1 and p not in seen:
                if p in path:
                    out.append(f"cycle through card {p}")
                    break
                path.add(p)
                p = self.parent.get(p, -1)
            seen |= path
        return out

    def to_digraph(self) -> nx.DiGraph:
        """The tree as a ``networkx.DiGraph`` (superior -> subordinate, attribute ``cell``)."""
        g = nx.DiGraph()
        for n in self.nodes():
            g.add_node(n, cell=self.cell[n])
        for n, p in sorted(self.parent.items()):
            g.add_edge(p, n)
        g.graph["root"] = self.root
        return g

    @classmethod
    def from_digraph(cls, g: nx.DiGraph) -> Hierarchy:
        """The hierarchy a DiGraph made by :meth:`to_digraph` describes."""
        roots = [n for n in g.nodes if g.in_degree(n) == 0]
        root = g.graph.get("root", roots[0] if roots else -1)
        parent = {int(v): int(u) for u, v in g.edges}
        cell = {int(n): tuple(d["cell"]) for n, d in g.nodes(data=True)}
        return cls(int(root), parent, cell)
