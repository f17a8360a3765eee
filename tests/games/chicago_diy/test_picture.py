"""The picture of the table: well-formed SVG drawing the pieces of the position, with every
hidden card face down for the seats that may not see it."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from tabletop_games.chicago_diy import GAME
from tabletop_games.chicago_diy.actions import DRAW, END_TURN

from tabletop.rng import Rng


def _root(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def _by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def _cards(root: ET.Element, face_up: bool) -> list[ET.Element]:
    return [e for e in _by_class(root, "card")
            if ("face-down" in e.get("class", "")) != face_up]


def _known(arrange):
    """Player 1 to play: 2 cards in hand and 2 territories; Player 2 holds a card; Player 3
    a Queen and no henchman; one card on the discard pile."""
    return arrange(players=3, hands=[["7H", "AS"], ["3C"], []],
                   territories=[["KD", "JC"], [], ["QS"]], henchmen=[2, 1, 0],
                   discards=["5S"])


def test_every_seat_gets_a_well_formed_picture_of_sensible_size() -> None:
    state = GAME.new_state(4, 3)
    for seat in [0, 1, 2, 3, None]:
        root = _root(state.picture(seat))
        assert root.tag.endswith("svg")
        assert 700 <= float(root.get("width")) <= 900
        assert 600 <= float(root.get("height")) <= 1600


def test_a_known_position_draws_its_pieces(arrange) -> None:
    root = _root(_known(arrange).picture(0))
    henchmen = [e for e in _by_class(root, "token") if e.get("data-kind") == "henchman"]
    assert len(henchmen) == 3  # 2 of Player 1, 1 of Player 2, none of Player 3
    faces = {e.get("data-card") for e in _cards(root, face_up=True)}
    # the three territories, Player 1's own hand, the top of the discard pile
    assert faces == {"KD", "JC", "QS", "7H", "AS", "5S"}
    backs = _cards(root, face_up=False)
    assert len(backs) == 2  # Player 2's card and the draw pile
    assert len(_by_class(root, "seat")) == 3 and len(_by_class(root, "to-act")) == 1
    assert _by_class(root, "to-act")[0].get("data-seat") == "1"
    text = ET.tostring(root, encoding="unicode")
    assert "Gold Coast" in text and "15 points" in text  # K♦ with its district and worth
    assert "Draw pile: " in text and "Reshuffles left: 1" in text


def test_territories_are_grouped_by_owner_in_the_owners_colour(arrange) -> None:
    root = _root(_known(arrange).picture(None))
    colours = {}
    for e in _cards(root, face_up=True):
        if e.get("data-card") in ("KD", "JC", "QS"):
            band = [r for r in e.iter() if r.tag.endswith("rect")][1]
            colours[e.get("data-card")] = band.get("fill")
    assert colours["KD"] == colours["JC"] != colours["QS"]


def test_a_seat_never_sees_another_hand(arrange) -> None:
    state = _known(arrange)
    for seat in (1, 2, None):
        svg = state.picture(seat)
        for secret in ("7♥", "A♠", 'data-card="7H"', 'data-card="AS"'):
            assert secret not in svg, (seat, secret)
    assert "3♣" in state.picture(1) and "3♣" not in state.picture(0)
    root = _root(state.picture(2))
    for back in _cards(root, face_up=False):
        assert not [e for e in back.iter() if e.text and e.text.strip()]
        assert back.get("data-card") is None


def test_a_picture_does_not_change_when_the_hidden_cards_are_dealt_afresh(arrange) -> None:
    state = _known(arrange)
    for seat in (0, 1, 2):
        copy = state.determinize(seat, Rng(seat + 11))
        assert copy.hands != state.hands or seat == 2
        assert copy.picture(seat) == state.picture(seat)


def test_the_drawn_card_shows_in_its_drawers_picture_only(arrange) -> None:
    state = arrange(hands=[["3C"], ["4D"]], top=["9S"])
    state.apply(DRAW)
    assert 'data-card="9S"' in state.picture(0)
    assert 'data-card="9S"' not in state.picture(1)
    state.apply(END_TURN)
    assert 'data-card="9S"' not in state.picture(None)


def test_at_the_end_every_hand_is_shown_with_the_final_score(arrange, play_out) -> None:
    state = arrange(hands=[["9C"], ["2D"]], territories=[["KD"], []])
    play_out(state)
    svg = state.picture(None)
    assert 'data-card="9C"' in svg and 'data-card="2D"' in svg and "final score" in svg
