"""The picture of the table (picture.py): well-formed SVG, the pieces a position holds, and
nothing a seat may not see."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from tabletop_games.bootleggers import GAME
from tabletop_games.bootleggers.board import MAJORITY, PUBLIC
from tabletop_games.bootleggers.muscle import new_truck

from tabletop.rng import Rng

A, B, C = range(3)
MOTHERS = 2


def by_class(svg: str, name: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


@pytest.fixture
def position(make_table, give):
    """Three Mobsters; Mother's open with 2-1-1 men and two trucks at its docks; Player 2
    holds a Moll and a Remote Still, Player 3 has the Copper."""
    s = make_table(3, muscle=[30, 20, 10])
    s.influence[MOTHERS] = [2, 1, 1]
    s.remote_owner[0], s.remote_dice[0] = B, 2
    s.copper = C
    give(s, B, "moll")
    for seat, dock, cargo in ((A, MAJORITY, 4), (C, PUBLIC, 3)):
        t = new_truck(s, seat, 6)
        t.cargo, t.speakeasy, t.dock = cargo, MOTHERS, dock
    return s


def test_every_view_is_well_formed_svg_of_a_sensible_size():
    s = GAME.new_state(6, 1)
    rng = Rng(3)
    for _ in range(150):
        acts = s.legal_actions()
        s.apply(acts[rng.below(len(acts))])
    for seat in (*range(6), None):
        root = ET.fromstring(s.picture(seat))
        # drawn as wide as the browser table shows it, so its text reads at 11 px or more
        assert root.tag.endswith("svg") and float(root.get("width")) == 820


def test_a_known_position_draws_its_pieces(position):
    svg = position.picture(A)
    assert len(by_class(svg, "speakeasy")) == position.speakeasy_count == 5
    assert len(by_class(svg, "closed")) == 3  # Texas Lil's, Barleycorn's, the Real McCoy
    men = by_class(svg, "man")
    assert [m.get("data-seat") for m in men] == ["1", "1", "2", "3"]
    trucks = by_class(svg, "truck")  # 3 starting trucks + 2 at the docks, each drawn once
    assert len(trucks) == 3 + 2
    assert len({t.get("id") for t in trucks}) == 5
    assert {(t.get("data-seat"), t.get("data-cargo")) for t in trucks} >= {("1", "4"),
                                                                            ("3", "3")}
    stills = by_class(svg, "still")
    assert len(stills) == 4 and sorted(x.get("data-dice") for x in stills) == ["1", "1", "1",
                                                                               "2"]
    assert len(by_class(svg, "copper")) == 1
    assert len(by_class(svg, "seat")) == 3 and len(by_class(svg, "to-act")) == 1


def money_shown(svg: str) -> list[str]:
    """The value of each money counter, seat by seat."""
    return [list(c.itertext())[1] for c in by_class(svg, "counter")
            if c.get("data-name") == "money"]


def test_a_seat_sees_its_own_thug_cards_and_money_and_never_another_s(position):
    s = position
    assert "Moll" in s.picture(B)
    for viewer in (A, C, None):
        other = s.picture(viewer)
        assert "Moll" not in other
        assert len(by_class(other, "face-down")) > 0
    assert money_shown(s.picture(A)) == [f"${s.cash(A)}G", "?", "?"]
    assert money_shown(s.picture(None)) == ["?", "?", "?"]
    s.announced, s.announced_round = [7, 9, 11], 4
    assert money_shown(s.picture(A)) == [f"${s.cash(A)}G", "$9G (r4)", "$11G (r4)"]


def test_muscle_hands_are_face_down_except_ones_own(position):
    s = position
    svg = s.picture(A)
    shown = [c for c in by_class(svg, "card") if c.get("data-kind") == "muscle"]
    assert len(shown) == len(s.muscle_hands[A])
    assert len(by_class(svg, "face-down")) >= len(s.muscle_hands[B]) + len(s.muscle_hands[C])
    assert not [c for c in by_class(s.picture(None), "card") if c.get("data-kind") == "muscle"]
