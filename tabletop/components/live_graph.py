"""The networkx graphs the boards and Mobs hand to callers (``board.graph``, ``hierarchy.graph``).

A :class:`~tabletop.components.GraphBoard` and a :class:`~tabletop.components.Hierarchy` keep
their structure in plain dicts of their own: the rules read those in the games' hot loops, and
networkx keeps its own dicts private (``Graph._adj``, ``Graph._node`` and the rest are not its
public API), so the kernel never reaches into them. The networkx graph is made from the
component's dicts, through networkx's public methods, the first time a caller asks for it, and
from then on every change is made to it as well; callers get it frozen
(``Graph.copy(as_view=True)``). A game that never asks for the graph never pays for it.

Only public networkx API is used: ``Graph()``/``DiGraph()``, ``add_nodes_from``,
``add_edges_from``, ``add_node``, ``add_edge``, ``remove_edge``, ``remove_node(s_from)``,
``copy(as_view=True)`` and ``__networkx_cache__.clear()`` (networkx 3.3 and later: the
documented way to drop what was cached on a graph). Tested with networkx 3.1, 3.2.1, 3.3,
3.4.2, 3.5 and 3.6.1 (the kernel's tests of these components and the games' graph tests).
"""

from __future__ import annotations

import networkx as nx  # type: ignore[import-untyped]  # networkx ships no stubs


class LiveGraph:
    """Base of a component's structure (the dicts clones share until one of them changes
    them) that can show itself as a networkx graph: :meth:`frozen` makes the graph on first
    ask, :meth:`changing` hands it to the component's methods to change in step."""

    __slots__ = ("_graph", "_view")

    def __init__(self) -> None:
        self._graph: nx.Graph | None = None
        self._view: nx.Graph | None = None

    def make_graph(self) -> nx.Graph:
        """A new networkx graph of the structure as it is now (the subclass says how)."""
        raise NotImplementedError

    def frozen(self) -> nx.Graph:
        """The structure as a frozen networkx graph: made on first ask, then kept in step by
        the component (it shows every later change; networkx refuses changes of a caller's,
        "Frozen graph can't be modified")."""
        view = self._view
        if view is None:
            self._graph = self.make_graph()
            view = self._view = self._graph.copy(as_view=True)
        return view

    def changing(self) -> nx.Graph | None:
        """The graph to change along with the structure, or None if nobody asked for it yet
        (the change then shows when it is made). Drops what networkx cached on the frozen
        view (graphs converted for a backend), which the change makes stale."""
        cache = getattr(self._view, "__networkx_cache__", None)  # networkx 3.3 and later
        if cache:
            cache.clear()
        return self._graph

    def made_graph(self) -> nx.Graph | None:
        """The graph if it was made (for checks that it agrees with the structure), else None."""
        return self._graph
