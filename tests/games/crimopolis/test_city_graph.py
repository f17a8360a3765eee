"""The city as a live networkx graph: what the rules read from it, clones that share it, and
snapshots that store the placed tiles instead of the links."""

from __future__ import annotations

import json

import networkx as nx
import pytest
from tabletop_games.crimopolis import GAME
from tabletop_games.crimopolis.city import BLOCK, STREET
from tabletop_games.crimopolis.scenario import build, tile_of

from tabletop.agents import random_choice
from tabletop.errors import CorruptRecord
from tabletop.rng import Rng
from tabletop.serialization import load_snapshot, snapshot, snapshot_json


def late_game(seed: int = 4, steps: int = 400):
    s = GAME.new_state(2, seed)
    rng = Rng.from_seed(seed, "test")
    for _ in range(steps):
        if s.is_over:
            break
        s.apply(random_choice(s.legal_actions(), rng))
    return s


# rules: cp-adjacency, cp-large-block
def test_the_graph_holds_the_blocks_and_streets_with_their_kinds():
    """UNDERSTANDING TILES: a large block of two 3-street tiles is one node with 6 street
    sections around it; streets touching the same intersection are linked."""
    s = build([("HQ0", 0, 0, 0), (tile_of("HOUSE"), 1, 0, 3), (tile_of("LAKE"), 0, 1, 0),
               (tile_of("LAKE", skip=1), 0, 2, 2)])
    g = s.graphs()["city"].graph
    assert g.nodes["b0,1"] == {"kind": BLOCK, "capacity": 3}
    assert "b0,2" not in g  # folded into the large block
    assert sorted(k for _, k in g.nodes(data="kind")) == sorted(
        [BLOCK] * 3 + [STREET] * (4 + 3 + 3 + 3))
    assert sum(1 for n in g["b0,1"] if g.nodes[n]["kind"] == STREET) == 6
    blocks = [n for n, k in g.nodes(data="kind") if k == BLOCK]
    assert not any(g.has_edge(a, b) for a in blocks for b in blocks)  # blocks never adjacent
    # the HQ's east street and the HOUSE's west street face each other across one road
    assert nx.shortest_path_length(g, "b0,0", "b1,0") == 3


def test_clones_share_the_city_until_a_tile_is_placed():
    s = late_game(steps=120)
    copy = s.clone()
    assert copy.city.grid is s.city.grid and copy.city.board.graph is s.city.board.graph
    mine = s.city.board.held_by(0)
    assert mine
    node, _ = mine[0]
    copy.city.board.remove(node, 0)  # gangsters are never shared
    assert s.city.board.held_by(0) == mine
    x, y = next(iter(s.city.open_streets.values()))
    tile = next(t for t in s.revealed if copy.city.rotations(t, x, y))
    copy.city.place(tile, x, y, copy.city.rotations(tile, x, y)[0])
    assert s.city.grid.at(x, y) is None and f"b{x},{y}" not in s.city.board.graph
    assert copy.city.grid.at(x, y) is not None


def test_a_snapshot_stores_the_tiles_and_gangsters_not_the_links():
    s = late_game()
    data = snapshot(GAME, s)
    assert data["game_version"] == 2
    assert set(data["state"]["city"]) == {"players", "grid", "pieces"}
    back = load_snapshot(GAME, json.loads(snapshot_json(GAME, s)))
    assert back == s
    for node in s.city.board.nodes():  # the same neighbours in the same order: same moves
        assert list(back.city.board.neighbours(node)) == list(s.city.board.neighbours(node))
    assert back.legal_actions() == s.legal_actions()
    assert (back.city.cell_block, back.city.open_streets, back.city.hq, back.city.safe) == (
        s.city.cell_block, s.city.open_streets, s.city.hq, s.city.safe)


def test_an_older_snapshot_form_is_refused_in_one_clear_line():
    data = snapshot(GAME, late_game(steps=50))
    del data["game_version"]
    with pytest.raises(CorruptRecord, match="form 1; this Tabletop reads form 2 only"):
        load_snapshot(GAME, data)


@pytest.mark.parametrize(("tamper", "words"), [
    (lambda city: city["pieces"].update({"s99,99N": [1, 0]}), "not on the board"),
    (lambda city: next(iter(city["grid"]["cells"].values())).update(tile="T999"),
     "no tile 'T999'"),
    (lambda city: next(iter(city["grid"]["cells"].values())).update(
        sides=["street", "street", "street", "block edge"]), "wrong sides"),
])
def test_a_tampered_city_is_refused(tamper, words):
    data = snapshot(GAME, late_game(steps=60))
    tamper(data["state"]["city"])
    with pytest.raises(CorruptRecord, match=words):
        load_snapshot(GAME, data)


def test_the_worked_example_in_the_guide_prints_what_it_says(capsys):
    """docs/game-modules.md, "A board as a networkx graph": the code runs and prints the
    lines shown under it."""
    from pathlib import Path

    guide = (Path(__file__).parents[3] / "docs" / "game-modules.md").read_text()
    section = guide[guide.index("### A board as a networkx graph"):]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    shown = section.split("prints\n\n```\n", 1)[1].split("```", 1)[0]
    exec(compile(code, "game-modules.md", "exec"), {})  # noqa: S102 - our own guide's example
    assert capsys.readouterr().out == shown
