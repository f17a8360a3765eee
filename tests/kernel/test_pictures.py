"""The SVG builder and the common pieces: well-formed XML, escaped text, countable pieces,
and face-down cards that carry no word of their face."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from tabletop.pictures import Svg, card, seat_row, table_cloth, token

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: Svg) -> ET.Element:
    return ET.fromstring(svg.text())


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [e for e in root.iter() if name in (e.get("class") or "").split()]


def test_a_picture_is_well_formed_svg_with_escaped_text() -> None:
    svg = Svg(200, 100, title='Tom & "Jerry" <3')
    table_cloth(svg)
    svg.label(10, 20, "Ma & Pa's <Diner>")
    root = parse(svg)
    assert root.tag == f"{NS}svg" and root.get("viewBox") == "0 0 200 100"
    texts = [e.text for e in root.iter(f"{NS}text")]
    assert texts == ["Ma & Pa's <Diner>"]
    assert root.find(f"{NS}title").text == 'Tom & "Jerry" <3'


def test_pieces_are_groups_named_by_class_and_counted() -> None:
    svg = Svg(600, 300)
    card(svg, 0, 0, "Fat Envelope", ["+3 G any time"], seat=1)
    card(svg, 100, 0, "Secret Plan", ["do not show this"], face_up=False)
    token(svg, 50, 200, seat=2, label="B")
    seat_row(svg, 0, 220, 500, 0, "Player 1", [("money", 12), ("cards", 3)], to_act=True)
    root = parse(svg)
    assert len(by_class(root, "card")) == 2 and len(by_class(root, "face-down")) == 1
    assert len(by_class(root, "token")) == 1 and by_class(root, "token")[0].get("data-seat") == "3"
    assert len(by_class(root, "counter")) == 2
    assert len(by_class(root, "to-act")) == 1
    hidden = by_class(root, "face-down")[0]
    assert not [e for e in hidden.iter() if e.text and e.text.strip()]
    assert "Secret Plan" not in svg.text() and "do not show" not in svg.text()


def test_groups_close_and_a_stray_end_is_refused() -> None:
    svg = Svg(10, 10)
    svg.group(class_="a")
    svg.rect(0, 0, 1, 1)
    assert svg.text().endswith("</g></svg>\n")  # an open group is closed
    svg.end()
    with pytest.raises(ValueError):
        svg.end()
