"""Components as data (cards.py): counts from the rulebook, and bad records refused."""

from __future__ import annotations

import attrs
import pytest
from tabletop_games.bootleggers.cards import (
    ALL_CARD_IDS,
    CARDS,
    SPEAKEASIES,
    TRUCKS,
    CardDef,
    SpeakeasyDef,
    checked,
    validate_cards,
)

from tabletop.data import read_data_file, structure_records
from tabletop.errors import CorruptRecord


def count(kind: str, amount: int | None = None) -> int:
    return sum(c.count for c in CARDS.values()
               if c.kind == kind and (amount is None or c.amount == amount))


def test_men_of_action_deck_matches_the_rulebook():
    # RULES.md: bl-men-of-action, bl-thug-copies
    """80 cards: 20 single and 2 double Influence, 9 single and 6 double Still Improvement,
    8 Speakeasy Improvement, 35 Thugs (33 listed + 2 [designed] copies)."""
    assert len(ALL_CARD_IDS) == len(set(ALL_CARD_IDS)) == 80
    assert count("influence", 1) == 20 and count("influence", 2) == 2
    assert count("still") == 9 and count("double_still") == 6
    assert count("speakeasy_improvement") == 8
    assert count("thug") == 35
    assert sum(c.count - c.designed_copies for c in CARDS.values() if c.kind == "thug") == 33
    for key in ("bust_a_shipment", "hit", "recruiting"):
        assert CARDS[key].count - CARDS[key].designed_copies == 2


def test_trucks_and_speakeasies():
    # RULES.md: bl-speakeasies, bl-trucks
    """12 small, 5 medium, 3 large miniatures; 6/5/3 Truck cards; six Speakeasies with the
    circles, squares, dice and prices of the component listing."""
    assert {c: (t.miniatures, t.cards, t.price, t.graft) for c, t in TRUCKS.items()} == {
        4: (12, 6, 1, 1), 6: (5, 5, 1, 1), 9: (3, 3, 3, 2)}
    table = [(s.circles, s.shaded, s.squares, s.dice, s.price, s.margin) for s in SPEAKEASIES]
    assert table == [(0, 0, 0, 0, 1, 0), (5, 3, 1, 1, 2, 1), (9, 4, 2, 2, 2, 1),
                     (11, 4, 3, 3, 2, 1), (15, 8, 4, 4, 2, 1), (17, 11, 5, 5, 3, 2)]


def _records():
    return read_data_file("tabletop_games.bootleggers", "men_of_action.toml")["cards"]


def test_bad_card_kind_is_refused_naming_card_and_field():
    # RULES.md: bl-card-data
    recs = _records()
    recs[0] = dict(recs[0], kind="booze")
    cards = structure_records(recs, CardDef, "men_of_action.toml")
    with pytest.raises(CorruptRecord, match=r"card influence: kind: 'booze'"):
        validate_cards(cards)


def test_bad_window_is_refused():
    recs = [dict(r) for r in _records()]
    thug = next(i for i, r in enumerate(recs) if r["kind"] == "thug")
    recs[thug]["windows"] = ["dinner"]
    cards = structure_records(recs, CardDef, "men_of_action.toml")
    with pytest.raises(CorruptRecord, match=r"card muscling_in: windows: unknown window"):
        validate_cards(cards)


def test_unknown_field_is_refused():
    recs = _records()
    recs[0] = dict(recs[0], colour="red")
    with pytest.raises(CorruptRecord, match="card influence: extra fields"):
        structure_records(recs, CardDef, "men_of_action.toml")


def test_whole_deck_checks():
    cards = list(CARDS.values())
    with pytest.raises(CorruptRecord, match="not 80"):
        validate_cards(cards[:-1])
    politics = attrs.evolve(CARDS["city_politics"], price=0)
    with pytest.raises(CorruptRecord, match="city_politics.*price"):
        validate_cards([politics if c.id == "city_politics" else c for c in cards])


def test_speakeasy_with_more_shaded_than_circles_is_refused():
    rec = dict(read_data_file("tabletop_games.bootleggers", "speakeasies.toml")["speakeasies"][1])
    rec["shaded"] = 9
    recs = structure_records([rec], SpeakeasyDef, "speakeasies.toml")
    with pytest.raises(CorruptRecord, match="card texas_lils: shaded: must be between 0 and 5"):
        checked(recs, "speakeasies.toml")
