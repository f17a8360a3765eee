"""Read-only views of the live networkx graphs the boards and Mobs keep (``board.graph``,
``hierarchy.graph``)."""

from __future__ import annotations

from typing import Any

import networkx as nx  # type: ignore[import-untyped]  # networkx ships no stubs


def frozen_view(g: Any) -> Any:
    """A frozen graph of ``g``'s class (``Graph`` or ``DiGraph``) sharing ``g``'s dicts: it
    shows every change to ``g`` and refuses changes of its own (networkx raises "Frozen graph
    can't be modified")."""
    cls = nx.DiGraph if g.is_directed() else nx.Graph
    view = cls.__new__(cls)
    view.graph = g.graph
    view._node = g._node
    view._adj = g._adj  # a DiGraph's successors
    if g.is_directed():
        view._pred = g._pred
        view._graph = g
    view.__networkx_cache__ = {}
    return nx.freeze(view)
