"""Zones: contents shown only to those the visibility allows; the count is always public."""

from __future__ import annotations

from tabletop.components import Visibility, Zone


def test_a_hand_is_seen_by_its_owner_only() -> None:
    hand = Zone(1, Visibility.OWNER, ["AS", "7H"])
    assert hand.view(1) == {"count": 2, "cards": ["AS", "7H"]}
    assert hand.view(0) == {"count": 2}
    assert hand.view(None) == {"count": 2}


def test_public_and_hidden_zones() -> None:
    assert Zone(0, Visibility.PUBLIC, ["KH"]).view(None)["cards"] == ["KH"]
    pile = Zone(None, Visibility.HIDDEN, ["x"])
    assert pile.view(0) == {"count": 1} and "x" in pile and len(pile) == 1


def test_clone_is_independent() -> None:
    zone = Zone(0, Visibility.OWNER, ["a"])
    copy = zone.clone()
    zone.cards.append("b")
    assert copy.cards == ["a"]
