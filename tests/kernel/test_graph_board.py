"""GraphBoard: nodes, links, capacities, pieces, merging, distances, networkx view."""

from __future__ import annotations

import pytest

from tabletop.components.graph_board import GraphBoard, OverCapacity
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
    assert board.neighbours("b") == ("a", "c", "X")
    assert board.neighbours("a") == ("b",)
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


def test_clone_independent_networkx_and_snapshot():
    board = line()
    board.add("a", 0, 1)
    copy = board.clone()
    copy.add("a", 0, 1)
    copy.add_node("e", "street")
    copy.connect("d", "e")
    assert board.count("a", 0) == 1 and not board.has("e")
    assert "e" not in board.neighbours("d")
    graph = copy.to_networkx()
    assert graph.number_of_nodes() == 6 and graph.number_of_edges() == 5
    assert graph.nodes["a"]["pieces"] == (2, 0)
    assert structure(unstructure(copy), GraphBoard) == copy


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
