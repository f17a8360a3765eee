"""GraphBoard: a live networkx graph (kinds, capacities, links), pieces on its nodes, merging,
distances, copy-on-write clones, the snapshot form and graph_problems."""

from __future__ import annotations

import random

import networkx as nx
import pytest

from tabletop.components.graph_board import GraphBoard, GraphBoardData, OverCapacity
from tabletop.errors import CorruptRecord
from tabletop.serialization import structure, unstructure


def line() -> GraphBoard:
    board = GraphBoard(2, {"street": 3, "block": 3})
    for name in "abcd":
        board.add_node(name, "street")
    board.add_node("X", "block")
    board.connect("a", "b")
    board.connect("b", "c")
    board.connect("c", "d")
    board.connect("X", "b")
    return board


def test_links_are_symmetric_and_idempotent():
    board = line()
    board.connect("a", "b")
    assert list(board.neighbours("b")) == ["a", "c", "X"]
    assert list(board.neighbours("a")) == ["b"]
    with pytest.raises(ValueError):
        board.connect("a", "a")
    with pytest.raises(KeyError):
        board.connect("a", "zz")


def test_capacity_is_per_kind_and_unknown_kinds_are_refused():
    board = GraphBoard(1, {"street": 3, "block": 1})
    board.add_node("s", "street")
    board.add_node("b", "block")
    assert board.capacity("s") == 3 and board.room("b") == 1
    with pytest.raises(KeyError):
        board.add_node("z", "river")


def test_capacity_is_enforced_unless_forced():
    board = line()
    board.add("a", 0, 2)
    board.add("a", 1, 1)
    assert board.total("a") == 3 and board.room("a") == 0
    with pytest.raises(OverCapacity):
        board.add("a", 0)
    board.add("a", 0, 2, force=True)
    assert board.total("a") == 5 and board.room("a") == 0
    assert board.occupants("a") == [0, 1]


def test_move_checks_capacity_before_touching_anything():
    board = line()
    board.add("a", 0, 3)
    board.add("b", 1, 2)
    with pytest.raises(OverCapacity):
        board.move("a", "b", 0, 2)
    assert board.count("a", 0) == 3 and board.count("b", 1) == 2
    board.move("a", "b", 0, 1)
    assert board.count("a", 0) == 2 and board.count("b", 0) == 1


def test_remove_refuses_missing_pieces_and_clears_empty_nodes():
    board = line()
    board.add("c", 1, 1)
    with pytest.raises(ValueError):
        board.remove("c", 1, 2)
    board.remove("c", 1, 1)
    assert "c" not in board.pieces
    assert board.held_by(1) == []


def test_held_by_and_pieces_of():
    board = line()
    board.add("a", 0, 1)
    board.add("X", 0, 2)
    board.add("d", 1, 3)
    assert board.held_by(0) == [("X", 2), ("a", 1)]  # sorted by node id
    assert board.pieces_of(0) == 3 and board.pieces_of(1) == 3


def test_merge_moves_links_and_pieces():
    board = line()
    board.add_node("Y", "block")
    board.connect("Y", "d")
    board.add("Y", 1, 1)
    board.merge("X", "Y")
    assert not board.has("Y")
    assert set(board.neighbours("X")) == {"b", "d"}
    assert "Y" not in board.neighbours("d")
    assert board.count("X", 1) == 1


def test_distances_can_be_limited_to_a_kind():
    board = line()
    board.add_node("Z", "block")
    board.connect("Z", "X")  # only reachable through a block
    assert board.distances("a") == {"a": 0, "b": 1, "c": 2, "X": 2, "d": 3, "Z": 3}
    assert "Z" not in board.distances("a", through="street")


def test_clone_independent_both_ways_and_snapshot():
    board = line()
    board.add("a", 0, 1)
    copy = board.clone()
    copy.add("a", 0, 1)
    copy.add_node("e", "street")
    copy.connect("d", "e")
    assert board.count("a", 0) == 1 and not board.has("e")
    assert "e" not in board.neighbours("d")
    assert copy.graph.number_of_nodes() == 6 and copy.graph.number_of_edges() == 5
    board.connect("a", "d")
    assert "a" not in copy.neighbours("d") and board.graph.number_of_edges() == 5
    assert structure(unstructure(copy), GraphBoard) == copy


def test_the_graph_is_a_live_networkx_graph_with_kinds_and_capacities():
    board = line()
    g = board.graph
    assert isinstance(g, nx.Graph)
    assert g.nodes["X"] == {"kind": "block", "capacity": 3}
    assert nx.shortest_path(g, "a", "d") == ["a", "b", "c", "d"]
    board.add_node("e", "street")
    board.connect("d", "e")  # the same graph shows the change
    assert nx.shortest_path_length(g, "a", "e") == 4
    blocks = [n for n, kind in g.nodes(data="kind") if kind == "block"]
    assert blocks == ["X"]


def test_callers_cannot_change_the_graph():
    board = line()
    with pytest.raises(nx.NetworkXError, match="Frozen"):
        board.graph.add_edge("a", "d")
    with pytest.raises(nx.NetworkXError, match="Frozen"):
        board.graph.remove_node("a")
    assert not board.graph.has_edge("a", "d") and board.has("a")


def test_clones_share_the_graph_until_one_changes_it():
    board = line()
    copy = board.clone()
    assert copy.graph is board.graph  # shared
    copy.add("a", 1)  # pieces are not the graph
    assert copy.graph is board.graph
    copy.connect("a", "d")
    assert copy.graph is not board.graph
    assert not board.graph.has_edge("a", "d") and copy.graph.has_edge("a", "d")
    # the copy kept every neighbour list in its order
    for node in board.nodes():
        assert list(copy.neighbours(node))[: len(board.neighbours(node))] == list(
            board.neighbours(node))
    again = board.clone()
    board.add_node("f", "block")  # the original writes: the clone keeps the old graph
    assert not again.has("f") and board.has("f")


def test_merge_keeps_neighbour_order_and_moves_the_links_to_the_end():
    board = line()
    board.add_node("Y", "block")
    board.connect("Y", "a")
    board.connect("Y", "c")
    board.merge("X", "Y")
    assert list(board.neighbours("X")) == ["b", "a", "c"]
    assert list(board.neighbours("c")) == ["b", "d", "X"]
    assert list(board.neighbours("a")) == ["b", "X"]


def test_snapshot_keeps_neighbour_order_and_the_pieces():
    board = line()
    board.add_node("Y", "block")
    board.connect("Y", "a")
    board.merge("X", "Y")
    board.add("X", 1, 2)
    data = unstructure(board)
    assert data["links"]["a"] == ["b", "X"] and data["pieces"] == {"X": [0, 2]}
    back = structure(data, GraphBoard)
    assert back == board
    for node in board.nodes():
        assert list(back.neighbours(node)) == list(board.neighbours(node))


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d["pieces"].update({"zz": [1, 0]}), "zz, which is not on the board"),
    (lambda d: d["pieces"].update({"a": [1]}), "for 1 owners"),
    (lambda d: d["kinds"].update({"a": "river"}), "no capacity is set for nodes of kind"),
    (lambda d: d["links"].update({"a": ["nowhere"]}), "cannot link"),
    (lambda d: d["links"].update({"a": ["b", "d"]}), "a is linked to d but d not to a"),
])
def test_a_snapshot_whose_parts_disagree_is_refused(change, words):
    data = unstructure(line())
    change(data)
    with pytest.raises(CorruptRecord, match=words):
        structure(data, GraphBoard)


def test_graph_problems_finds_pieces_off_the_graph():
    board = line()
    board.add("a", 0, 2)
    assert board.graph_problems() == []
    board.pieces["ghost"] = [1, 0]  # tampering with the side structure
    assert any("ghost" in p for p in board.graph_problems())
    board = line()
    board.pieces["a"] = [0, 0]
    assert board.graph_problems() == ["a is listed as holding pieces but holds none"]


def test_the_plain_form_is_the_snapshot_form():
    board = line()
    data = board.snapshot_data()
    assert isinstance(data, GraphBoardData)
    assert GraphBoard.from_snapshot_data(data) == board


def test_listings_do_not_depend_on_insertion_order():
    """A board rebuilt from a sorted-key snapshot must list nodes and pieces identically."""
    a, b = GraphBoard(1, {"street": 3}), GraphBoard(1, {"street": 3})
    for name in ("q", "c", "m"):
        a.add_node(name, "street")
    for name in ("m", "q", "c"):
        b.add_node(name, "street")
    for board in (a, b):
        board.add("q", 0)
        board.add("c", 0)
    b.pieces = dict(reversed(list(b.pieces.items())))
    assert a.nodes() == b.nodes() == ["c", "m", "q"]
    assert a.held_by(0) == b.held_by(0) == [("c", 1), ("q", 1)]


def test_held_nodes_stay_sorted_through_changes_and_clones():
    """The sorted list of occupied nodes is kept up to date as nodes gain their first piece
    and lose their last, and a clone sharing it is never changed by the other board."""
    board = GraphBoard(2, {"n": 3}, kinds={name: "n" for name in "qbxadm"})
    rng = random.Random(5)
    boards = [board]
    for step in range(400):
        b = rng.choice(boards)
        node = rng.choice("qbxadm")
        owner = rng.randrange(2)
        if b.count(node, owner) and rng.random() < 0.5:
            b.remove(node, owner)
        elif b.room(node):
            b.add(node, owner)
        if step % 50 == 0:
            boards.append(b.clone())
        for each in boards:
            for seat in range(2):
                expected = [(n, row[seat]) for n, row in sorted(each.pieces.items()) if row[seat]]
                assert each.held_by(seat) == expected
            assert each.graph_problems() == []


def scrambled() -> GraphBoard:
    """A board whose neighbour lists no node-by-node walk reproduces: links made in an
    order unrelated to the nodes', then a merge moving links to the ends of the lists."""
    board = GraphBoard(2, {"n": 3}, kinds={name: "n" for name in "abcdefg"})
    for a, b in [("f", "c"), ("c", "a"), ("g", "b"), ("a", "f"), ("b", "c"), ("e", "a"),
                 ("d", "g"), ("g", "a"), ("d", "c")]:
        board.connect(a, b)
    board.merge("g", "e")
    return board


def rows(g: nx.Graph) -> dict[str, list[str]]:
    return {node: list(g.adj[node]) for node in g}


def test_the_graph_made_late_lists_neighbours_in_the_boards_order():
    """The graph is made on first ask from the board's own lists, and shows every node's
    neighbours in the order the links were made, as the board does."""
    board = scrambled()
    assert rows(board.graph) == {node: list(board.neighbours(node)) for node in board.nodes()}
    copy = board.clone()
    copy.connect("b", "f")  # a clone's first change: it makes its own graph when asked
    assert rows(copy.graph) == {node: list(copy.neighbours(node)) for node in copy.nodes()}
    assert not board.graph.has_edge("b", "f")


def test_a_made_graph_follows_every_change_in_step():
    """Once made, the graph is changed with the board (nodes, links, merges, kinds), keeps
    the neighbour order, and graph_problems checks that the two agree."""
    board = line()
    g = board.graph
    board.add_node("e", "block")
    board.connect("e", "a")
    board.connect("d", "e")
    board.merge("X", "e")
    board.add_node("a", "block")  # a new kind for an existing node
    assert rows(g) == {node: list(board.neighbours(node)) for node in board.nodes()}
    assert g.nodes["a"] == {"kind": "block", "capacity": 3} and "e" not in g
    assert board.graph is g and board.graph_problems() == []
    board._s.made_graph().add_edge("a", "c")  # behind the board's back
    assert "the networkx graph differs" in board.graph_problems()[-1]


def test_a_board_from_unrealisable_link_lists_still_makes_its_graph():
    """Link lists no order of making the links gives (a hand-written snapshot can say so):
    the graph holds the same links, the board keeps the lists as written."""
    links = {"a": ("b", "c"), "b": ("c", "a"), "c": ("a", "b")}
    board = GraphBoard(1, {"n": 3}, kinds=dict.fromkeys("abc", "n"), links=links)
    assert {n: tuple(board.neighbours(n)) for n in "abc"} == links
    assert sorted(map(sorted, board.graph.edges)) == [["a", "b"], ["a", "c"], ["b", "c"]]
