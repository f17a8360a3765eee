"""Each Mob as a live networkx DiGraph: the chain of command read with networkx, the graphs
the state reports, and the graphs agreeing with the layout after every move."""

from __future__ import annotations

import networkx as nx
from tabletop_games.crime_lords import GAME, attacks
from tabletop_games.crime_lords.cards import N_CARDS, is_crook
from tabletop_games.crime_lords.scenario import blank, boss, free, sub
from tabletop_games.crime_lords.state import Attack

from tabletop.agents.base import random_choice
from tabletop.rng import Rng


def a_mob():
    """Big Sal (Boss) with Velvet Vera east (Rosa Delgado under her, Kid Cobb under Rosa)
    and Iron Mike west (Gimpy under him), all in a row; everyone holds a token."""
    s = blank(2, ("carnival_boys", "westside_outfit"))
    sal = boss(s, 0, "big_sal")
    vera = sub(s, 0, "velvet_vera", "big_sal", (1, 0))
    rosa = sub(s, 0, "rosa_delgado", "velvet_vera", (2, 0))
    kid = sub(s, 0, "kid_cobb", "rosa_delgado", (3, 0))
    mike = sub(s, 0, "iron_mike", "big_sal", (-1, 0))
    gimpy = sub(s, 0, "gimpy", "iron_mike", (-2, 0))
    boss(s, 1, "judge_cohen")
    return s, sal, vera, rosa, kid, mike, gimpy


# rules: cl-mob-tree
def test_the_mob_is_a_digraph_rooted_at_the_boss() -> None:
    """"Each Crook card traces a path of control back to the Boss. Each Crook (except the
    Boss, of course) has only one direct superior": the graph is a tree rooted at the Boss,
    every Crook's path from the Boss is his chain of command, and the cells are the layout."""
    s, sal, vera, rosa, kid, _mike, _gimpy = a_mob()
    graphs = s.graphs()
    assert list(graphs) == ["Player 1 mob", "Player 2 mob"]
    g = graphs["Player 1 mob"].graph
    assert nx.is_arborescence(g) and g.graph["root"] == sal == s.mobs[0].root
    assert nx.shortest_path(g, sal, kid) == [sal, vera, rosa, kid]
    assert g.nodes[rosa]["cell"] == (2, 0)
    assert max(nx.shortest_path_length(g, sal).values()) == 3  # the Mob is three deep
    assert all(h.graph_problems() == [] for h in graphs.values())


# rules: cl-assistance
def test_helpers_are_the_crooks_anywhere_below_the_attacker() -> None:
    """"Assisting Recruitment": "Any Crook who is 'below' the attacking Crook may be used
    ... If the Boss was the attacker, any Crook can help": the Crooks with a token among
    ``nx.descendants`` of the leader."""
    s, sal, vera, rosa, kid, mike, gimpy = a_mob()
    target = free(s, "the_runner")
    g = s.mobs[0].graph
    s.attack = Attack("hit", 0, vera, target)
    assert set(attacks.eligible_cards(s, 0)) == nx.descendants(g, vera) == {rosa, kid}
    s.tokens[kid] = False
    assert attacks.eligible_cards(s, 0) == [rosa]
    s.attack = Attack("hit", 0, sal, target)
    assert set(attacks.eligible_cards(s, 0)) == {vera, rosa, mike, gimpy}
    s.attack = Attack("hit", 0, gimpy, target)
    assert attacks.eligible_cards(s, 0) == []  # nobody below him


def test_every_graph_agrees_with_the_layout_after_every_move() -> None:
    """Random games at 2 and 4 players: after every move each Mob's graph is a tree rooted
    at its Boss, every Crook of the Mob is a node on his cell, and no two touch without a
    control link."""
    checked = 0
    for players, seed in ((2, 3), (4, 5)):
        s = GAME.new_state(players, seed)
        rng = Rng.from_seed(seed, "graphs")
        for _ in range(1500):
            if s.is_over:
                break
            s.apply(random_choice(s.legal_actions(), rng))
            for p, (key, h) in enumerate(s.graphs().items()):
                assert key == f"Player {p + 1} mob"
                assert h.graph_problems() == [], (key, h.graph_problems())
                assert set(h.graph) <= {c for c in range(N_CARDS) if s.loc[c] == p and is_crook(c)}
                assert h.graph.graph["root"] == h.root
            checked += 1
    assert checked > 1000
