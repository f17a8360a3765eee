"""Unit tests for the card hierarchy helper and its touching rule."""

from __future__ import annotations

import json

import networkx as nx
import pytest

from tabletop.components.hierarchy import Hierarchy, neighbours, side_name
from tabletop.errors import CorruptRecord
from tabletop.serialization import structure, unstructure

POWER = {0: 9, 1: 5, 2: 5, 3: 4, 4: 2, 5: 1, 6: 6}


def strength(c: int) -> int:
    return POWER[c]


def figure3() -> Hierarchy:
    """Root 0 with Lieutenants east (1) and west (2), like Bro Bronson and Captain Shepherd
    around Mom Parker in the rulebook's Figure 3."""
    h = Hierarchy()
    h.set_root(0)
    h.attach(1, 0, (1, 0))
    h.attach(2, 0, (-1, 0))
    return h


def test_open_cells_around_a_lone_root() -> None:
    h = Hierarchy()
    h.set_root(0)
    assert h.open_cells(0) == [(0, 1), (1, 0), (0, -1), (-1, 0)]


def test_up_to_four_lieutenants_and_no_fifth() -> None:
    h = Hierarchy()
    h.set_root(0)
    for i, cell in enumerate(neighbours((0, 0)), start=1):
        h.attach(i, 0, cell)
    assert h.open_cells(0) == []
    assert h.children(0) == [1, 2, 3, 4]


def test_north_lieutenant_closes_the_north_sides_of_east_and_west() -> None:
    """Figure 3: a Crook north of the Boss closes the spaces north of both side Lieutenants."""
    h = figure3()
    assert (1, 1) in h.open_cells(1) and (-1, 1) in h.open_cells(2)
    h.attach(3, 0, (0, 1))
    assert (1, 1) not in h.open_cells(1)
    assert (-1, 1) not in h.open_cells(2)
    assert (1, -1) in h.open_cells(1)  # the south sides stay open
    with pytest.raises(ValueError):
        h.attach(4, 1, (1, 1))


def test_placements_respect_strength_and_under() -> None:
    h = figure3()
    h.attach(3, 1, (2, 0))
    spots = h.placements(strength, 4)   # Power 4 needs a superior of 5 or more
    assert all(strength(sup) > 4 for sup, _ in spots)
    assert {sup for sup, _ in spots} == {0, 1, 2}
    under1 = h.placements(strength, 1, under=1)
    assert {sup for sup, _ in under1} == {1, 3}


def test_detach_and_graft_keep_the_shape() -> None:
    h = figure3()
    h.attach(3, 1, (2, 0))
    h.attach(4, 3, (3, 0))
    shape = h.detach(1)
    assert 1 not in h and 3 not in h and 4 not in h
    other = Hierarchy()
    other.set_root(6)
    dropped = other.graft(1, shape, 6, (0, -1), strength)
    assert dropped == []
    assert other.cell[3] == (1, -1) and other.cell[4] == (2, -1)
    assert other.problems(strength) == []


def test_graft_moves_or_drops_what_does_not_fit() -> None:
    h = figure3()
    h.attach(3, 1, (2, 0))
    shape = h.detach(1)
    target = Hierarchy()
    target.set_root(6)
    target.attach(5, 6, (1, 0))
    # 1 goes north of 6; 3's old offset (east of 1) would touch 5's column? (1,1) is next
    # to (1,0): closed, so 3 moves to another open side of 1
    dropped = target.graft(1, shape, 6, (0, 1), strength)
    assert dropped == []
    assert target.parent[3] == 1 and target.cell[3] != (1, 1)
    assert target.problems(strength) == []


def test_graft_can_set_aside_what_does_not_keep_its_place() -> None:
    """With a ``displaced`` list, a card that cannot keep its offset is set aside with its
    own subtree (re-based on it) for the caller to place; nothing is moved or dropped."""
    h = figure3()
    h.attach(3, 1, (2, 0))
    h.attach(4, 3, (3, 0))
    shape = h.detach(1)
    target = Hierarchy()
    target.set_root(6)
    target.attach(5, 6, (1, 0))
    displaced: list = []
    # 1 goes north of 6 at (0, 1); 3's offset cell (1, 1) touches 5: set aside with 4
    dropped = target.graft(1, shape, 6, (0, 1), strength, displaced)
    assert dropped == [] and 3 not in target and 4 not in target
    assert displaced == [(3, {3: (1, (0, 0)), 4: (3, (1, 0))})]
    assert target.problems(strength) == []
    # the caller places it under the same superior, its subordinate keeping his offset
    assert target.graft(3, displaced[0][1], 1, (0, 2), strength) == []
    assert target.cell[3] == (0, 2) and target.cell[4] == (1, 2) and target.parent[4] == 3
    assert target.problems(strength) == []


def test_subshape_rebases_offsets_on_its_root() -> None:
    shape = {1: (0, (0, 0)), 3: (1, (1, 0)), 4: (3, (2, 0)), 5: (1, (0, 1))}
    assert Hierarchy.subshape(shape, 3) == {3: (1, (0, 0)), 4: (3, (1, 0))}


def _link(h: Hierarchy, sup: int, sub: int) -> None:
    """Break the hierarchy on purpose: ``sub`` also hangs under ``sup`` (callers cannot)."""
    h._t.down[sup][sub] = None
    h._t.up[sub] = sup


def _set_cell(h: Hierarchy, card: int, cell: object) -> None:
    """Break the hierarchy on purpose: move ``card`` without the layout rule."""
    h._t.cell[card] = cell  # type: ignore[assignment]


def test_problems_find_touching_overlap_and_weak_superior() -> None:
    h = figure3()
    assert h.problems(strength) == [] and h.graph_problems() == []
    _set_cell(h, 2, (1, 0))
    assert any("overlap" in p for p in h.problems())
    h = figure3()
    h.attach(3, 1, (1, -1))
    _set_cell(h, 3, (1, -2))
    assert any("not next to" in p for p in h.graph_problems())
    h = Hierarchy()
    h.set_root(4)
    h.attach(1, 4, (1, 0))
    assert h.graph_problems() == []
    assert any("not weaker" in p for p in h.problems(strength))


def test_graph_problems_find_a_broken_tree() -> None:
    """The DiGraph must stay a tree rooted at the root: a second superior, a cycle, a root
    with a superior or a stale root are reported."""
    h = figure3()
    h.attach(3, 1, (1, 1))
    _link(h, 2, 3)  # a card with two superiors
    assert any("one tree" in p for p in h.graph_problems())
    h = figure3()
    _link(h, 1, 0)  # the root under one of his own
    assert any("root 0" in p for p in h.graph_problems())
    h = figure3()
    h.root = 1
    assert any("names root 0" in p for p in h.graph_problems())
    h = figure3()
    _link(h, 1, 2)  # two cards touching... across the root: 2 gets two superiors
    assert h.graph_problems()
    h = figure3()
    _set_cell(h, 1, None)
    assert any("no grid cell" in p for p in h.graph_problems())


def test_graph_is_live_frozen_and_networkx_reads_it() -> None:
    """``graph`` is the tree itself: networkx algorithms answer the rule questions, changes
    made through the hierarchy show in it, and a caller cannot change it."""
    h = figure3()
    h.attach(3, 1, (2, 0))
    h.attach(4, 3, (3, 0))
    g = h.graph
    assert set(g.edges) == {(0, 1), (0, 2), (1, 3), (3, 4)}
    assert g.nodes[4]["cell"] == (3, 0) and g.graph["root"] == 0
    assert nx.is_arborescence(g)
    assert nx.descendants(g, 1) == {3, 4} == h.below(1)
    assert h.below(0) == {1, 2, 3, 4}  # under the Boss: everybody else
    assert nx.shortest_path_length(g, 0, 4) == h.depth(4) == 3
    with pytest.raises(nx.NetworkXError):
        g.add_edge(2, 4)
    h.attach(5, 2, (-2, 0))
    assert (2, 5) in h.graph.edges and h.below(2) == {5}
    h.detach(3)
    assert 3 not in h.graph and 4 not in h.graph and h.below(1) == frozenset()
    assert h.graph_problems() == []


def test_clones_share_the_graph_until_one_changes() -> None:
    h = figure3()
    c = h.clone()
    assert c.graph is h.graph  # shared: a clone copies nothing
    c.attach(3, 0, (0, 1))
    assert 3 not in h.graph and 3 in c.graph and c.graph is not h.graph
    h.attach(4, 1, (1, 1))
    assert 4 not in c and 4 in h and 3 not in h
    assert h.graph_problems() == [] and c.graph_problems() == []
    d = c.clone()
    d.detach(3)
    assert 3 in c and 3 not in d


def test_digraph_round_trip_and_json_round_trip() -> None:
    h = figure3()
    h.attach(3, 1, (1, -1))
    g = h.to_digraph()
    assert isinstance(g, nx.DiGraph)
    assert set(g.edges) == {(0, 1), (0, 2), (1, 3)}
    assert g.nodes[3]["cell"] == (1, -1)
    g.add_edge(3, 99)  # a copy: changing it leaves the hierarchy alone
    assert 99 not in h
    g.remove_node(99)
    assert Hierarchy.from_digraph(g) == h
    data = json.loads(json.dumps(unstructure(h), sort_keys=True))
    assert data == {"root": 0, "parent": {"1": 0, "2": 0, "3": 1},
                    "cell": {"0": [0, 0], "1": [1, 0], "2": [-1, 0], "3": [1, -1]}}
    back = structure(data, Hierarchy)
    assert back == h and back.graph_problems() == []


def test_a_snapshot_that_is_not_a_tree_is_refused() -> None:
    data = {"root": 0, "parent": {"1": 2, "2": 1}, "cell": {"0": [0, 0], "1": [1, 0],
                                                         "2": [2, 0]}}
    with pytest.raises(CorruptRecord, match="one tree"):
        structure(data, Hierarchy)


def test_clone_is_independent() -> None:
    h = figure3()
    c = h.clone()
    c.attach(3, 0, (0, 1))
    assert 3 not in h and h != c


def test_subtree_depth_and_sides() -> None:
    h = figure3()
    h.attach(3, 1, (2, 0))
    assert h.subtree(0) == [0, 1, 2, 3]
    assert h.depth(3) == 2 and h.is_below(3, 0) and not h.is_below(2, 1)
    assert side_name((0, 0), (1, 0)) == "east"


def test_the_tree_check_agrees_with_networkx() -> None:
    """The quick tree test says what ``nx.is_arborescence`` says, on sound and broken trees."""
    h = figure3()
    h.attach(3, 1, (2, 0))
    h.attach(4, 3, (3, 0))
    assert h._is_tree() and nx.is_arborescence(h.graph)
    for u, v in [(2, 3), (4, 0), (4, 1), (2, 2)]:
        bad = Hierarchy.from_digraph(h.to_digraph())
        _link(bad, u, v)
        assert not bad._is_tree() and not nx.is_arborescence(bad.graph)
    cut = Hierarchy.from_digraph(h.to_digraph())
    del cut._t.down[1][3], cut._t.up[3]
    assert not cut._is_tree() and not nx.is_arborescence(cut.graph)


def test_a_made_graph_follows_every_change_in_step() -> None:
    """Once made, the DiGraph is changed with the tree (attach, detach, graft, a new root)
    and graph_problems checks that the two agree."""
    h = Hierarchy()
    g = h.graph
    h.set_root(0)
    h.attach(1, 0, (1, 0))
    h.attach(3, 1, (2, 0))
    h.attach(4, 3, (3, 0))
    h.attach(2, 0, (-1, 0))
    shape = h.detach(3)
    assert h.graft(3, shape, 2, (-1, 1), strength) == [] and h.graph is g
    assert set(g.edges) == {(0, 1), (0, 2), (2, 3), (3, 4)} and g.graph["root"] == 0
    assert dict(g.nodes(data="cell")) == dict(h.cell) and h.graph_problems() == []
    h.detach(0)
    assert len(g) == 0 and g.graph["root"] == -1 and h.graph_problems() == []
    h.set_root(6, (2, 2))
    assert dict(g.nodes(data="cell")) == {6: (2, 2)} and g.graph["root"] == 6
    h._t.made_graph().add_edge(6, 7)  # behind the hierarchy's back
    assert any("networkx graph differs" in p for p in h.graph_problems())


def test_the_graph_lists_subordinates_in_the_order_they_were_attached() -> None:
    h = figure3()
    h.attach(3, 0, (0, -1))
    h.attach(4, 0, (0, 1))
    assert list(h.graph.successors(0)) == [1, 2, 3, 4] == list(h.to_digraph().successors(0))
    assert list(Hierarchy.from_data(h.data()).graph.successors(0)) == [1, 2, 3, 4]
