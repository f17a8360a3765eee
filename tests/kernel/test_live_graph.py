"""The boards' and Mobs' networkx graphs: made only when asked for, frozen for callers, and
the kernel's graph components never reaching into networkx's private dicts."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx
import pytest

from tabletop.components import graph_board, hierarchy, live_graph
from tabletop.components.graph_board import GraphBoard
from tabletop.components.hierarchy import Hierarchy


@pytest.mark.parametrize("module", [graph_board, hierarchy, live_graph])
def test_no_private_networkx_attribute_is_used(module) -> None:
    """networkx's ``_adj``, ``_node``, ``_succ`` and ``_pred`` are private: they may change in
    any release. The components keep dicts of their own instead."""
    tree = ast.parse(Path(module.__file__).read_text())
    used = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    assert used.isdisjoint({"_adj", "_node", "_succ", "_pred"})


def test_the_graph_is_made_only_when_asked_for() -> None:
    """Play reads the components' own dicts: no networkx graph is made until a caller asks."""
    board = GraphBoard(1, {"n": 2}, kinds={"a": "n", "b": "n"})
    board.connect("a", "b")
    board.add("a", 0)
    board.clone().add_node("c", "n")
    h = Hierarchy()
    h.set_root(0)
    h.attach(1, 0, (0, 1))
    assert h.below(0) == {1} and h.depth(1) == 1
    assert board._s.made_graph() is None and h._t.made_graph() is None
    assert isinstance(board.graph, nx.Graph) and isinstance(h.graph, nx.DiGraph)
    assert board._s.made_graph() is not None and h._t.made_graph() is not None


def test_a_change_drops_what_networkx_cached_on_the_frozen_graph() -> None:
    board = GraphBoard(1, {"n": 2}, kinds={"a": "n", "b": "n"})
    g = board.graph
    if not hasattr(g, "__networkx_cache__"):
        pytest.skip("networkx before 3.3 caches nothing on a graph")
    assert nx.is_frozen(g)
    g.__networkx_cache__["backends"] = {"stale": object()}
    board.connect("a", "b")
    assert g.__networkx_cache__ == {} and g.has_edge("a", "b")
