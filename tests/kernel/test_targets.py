"""Element ids and the targets of actions: how a picture names what a click acts on."""

from __future__ import annotations

import pytest

from tabletop import registry
from tabletop.pictures import Svg, card, token
from tabletop.pictures.targets import ID_PATTERN, element_id, element_ids, target_problems
from tests.fixtures.broken_game import GAME as BROKEN


def test_an_id_is_lower_case_words_joined_by_dashes() -> None:
    assert element_id("card", "Two-Bit Tommy") == "card-two-bit-tommy"
    assert element_id("tile", 2, -1) == "tile-2-n1"
    assert element_id("street", 0, 0, "W") == "street-0-0-w"
    assert element_id("card", "") == "card-x"
    assert ID_PATTERN.fullmatch(element_id("seat", 3))


def test_negative_and_positive_coordinates_never_share_an_id() -> None:
    ids = {element_id("tile", x, y) for x in range(-3, 4) for y in range(-3, 4)}
    assert len(ids) == 49


@pytest.mark.parametrize("kind", ["", "1card", "!"])
def test_a_kind_that_cannot_start_an_id_is_refused(kind: str) -> None:
    with pytest.raises(ValueError, match="cannot be an element id"):
        element_id(kind, 1)


def test_capitals_and_signs_are_folded_into_the_words() -> None:
    assert element_id("Card!", "Don's Place") == "card-don-s-place"


def test_pieces_carry_their_ids_and_the_ids_are_read_back() -> None:
    svg = Svg(200, 100)
    card(svg, 0, 0, "Iron Mike", element="card-iron-mike")
    card(svg, 90, 0, face_up=False, element="hand-2-0")
    token(svg, 50, 50, seat=0, element="token-1")
    token(svg, 80, 50, seat=1)
    assert element_ids(svg.text()) == ["card-iron-mike", "hand-2-0", "token-1"]


def test_a_sound_game_has_no_target_problems() -> None:
    state = BROKEN.new_state(2, 1, BROKEN.make_options({"bug": "none"}))
    assert state.targets(state.legal_actions()[0])
    assert target_problems(state, state.to_act) == []


def test_a_target_the_picture_does_not_draw_is_named() -> None:
    state = BROKEN.new_state(2, 1, BROKEN.make_options({"bug": "target_missing"}))
    problems = target_problems(state, state.to_act)
    assert problems and "which the picture does not draw" in problems[0]


def test_an_id_drawn_twice_is_named() -> None:
    state = BROKEN.new_state(2, 1, BROKEN.make_options({"bug": "none"}))
    svg = Svg(100, 100)
    card(svg, 0, 0, "A", element="card-1")
    card(svg, 0, 0, "B", element="card-1")
    problems = target_problems(state, state.to_act, svg.text())
    assert any("more than once" in p for p in problems)


def test_the_tutorial_game_is_played_by_clicking_its_cells() -> None:
    state = registry.get("tic_tac_toe").new_state(2, 0)
    assert [state.targets(a) for a in state.legal_actions()] == [
        (f"cell-{n}",) for n in range(1, 10)]
    state.apply(state.legal_actions()[4])
    assert target_problems(state, 1) == []
    assert "cell-5" in element_ids(state.picture(1) or "")
